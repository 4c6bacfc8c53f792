"""Starting the cabinet at boot: the systemd user unit and the XDG autostart entry, written
for one checkout and one Python (a venv's), with every path quoted the way each format
wants. ``cabinet/install.sh`` runs this; ``cabinet/tricade.service`` and
``cabinet/tricade.desktop`` in the repository are what it writes for a checkout in
~/tricade with its venv in ~/tricade/.venv (tests keep them equal).

    python -m games.cabinet.boot unit|desktop|openbox|session|session-script
        [--python PY] [--root DIR] [--display :0] [--data-dir DIR] [--user U]

The unit is wanted by default.target of the user's manager, which runs from boot when
lingering is on (``loginctl enable-linger``): graphical-session.target is never reached
under openbox or LXDE. Until the X display is up a start fails and is tried again
(Restart=always, no start limit); it restarts after a crash, a kill or a lost display,
whatever the status, except EXIT_TO_DESKTOP, the status of the operator's "Exit to the
desktop", and after a hang: the main loop feeds systemd's watchdog (Type=notify,
WatchdogSec=; games.core.notify). The autostart entry and the openbox autostart lines run
Tricade under cabinet/respawn.py, which restarts it and watches it the same way.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path

from games.cabinet import EXIT_TO_DESKTOP

WATCHDOG_SECONDS = 30                      # a main loop that feeds nothing this long hangs
TEMPLATE_HOME = "/home/cabinet"            # the repository's files use %h / $HOME for it


def _home_relative(path: str, home: str | None):
    """(rest, True) when ``path`` is under ``home`` (then written from %h / $HOME)."""
    if home and (path == home or path.startswith(home.rstrip("/") + "/")):
        return path[len(home.rstrip("/")):], True
    return path, False


def systemd_word(path: str, home: str | None = None) -> str:
    """One word of ExecStart: double-quoted, \\ and " escaped, % and $ doubled (systemd's
    specifier and variable signs), the home directory written as %h."""
    rest, under = _home_relative(path, home)
    text = rest.replace("\\", "\\\\").replace('"', '\\"').replace("%", "%%").replace("$", "$$")
    return '"' + ("%h" if under else "") + text + '"'


def systemd_path(path: str, home: str | None = None) -> str:
    """A path setting (WorkingDirectory=): % doubled, the home directory as %h."""
    rest, under = _home_relative(path, home)
    return ("%h" if under else "") + rest.replace("%", "%%")


def x_socket(display: str) -> str | None:
    """The local socket of an X display such as ":0" or ":1.0" (None for host:0)."""
    if not display.startswith(":"):
        return None
    number = display[1:].split(".", 1)[0]
    return f"/tmp/.X11-unix/X{number}" if number.isdigit() else None


SESSION_READY = "tricade-display-ready"     # in the user's runtime folder: openbox is up


def unit_text(python: str, root: str, home: str | None = None, display: str = ":0",
              data_dir: str | None = None, session: bool = False) -> str:
    """The user unit. ``data_dir``: the folder named by --data-dir (the books, the PIN),
    so that ``main.py --books`` and ``--set-pin`` are told the same folder. ``session``:
    the kiosk session's, which also waits until openbox is up (``SESSION_READY``)."""
    main = os.path.join(root, "main.py")
    data = f" --data-dir {systemd_word(data_dir, home)}" if data_dir else ""
    socket = x_socket(display)
    # a start waits for the display's socket (a session that brings X up after this unit
    # starts: the kiosk session, a desktop's login); without it a start fails, costs a
    # whole Python start-up and is tried again. In the kiosk session it waits for openbox
    # too: a window manager that comes after Tricade's window takes it over, and the
    # picture goes black for seconds. A look a second: under emulation five a second
    # (a fork each) took 31 s of CPU from X's own start
    test = f"[ -S {socket} ]" if socket else ""
    if session:
        test = (test + " && " if test else "") + f"[ -e %t/{SESSION_READY} ]"
    wait = (f"ExecStartPre=/bin/sh -c 'until {test}; do sleep 1; done'\n" if test else "")
    return f"""\
# Tricade as an arcade cabinet: a systemd user unit (written by cabinet/install.sh;
# docs/cabinet.md). Started from boot by the user's manager (loginctl enable-linger) on the
# X display {display}; a start waits for the display's socket.
[Unit]
Description=Tricade arcade cabinet
StartLimitIntervalSec=0

[Service]
# READY=1 after the first frame; WATCHDOG=1 from the main loop: a hang is killed (SIGABRT)
# and restarted
Type=notify
WatchdogSec={WATCHDOG_SECONDS}
TimeoutStartSec=90
WorkingDirectory={systemd_path(root, home)}
Environment=DISPLAY={display}
Environment=XAUTHORITY=%h/.Xauthority
Environment=PYGAME_HIDE_SUPPORT_PROMPT=1
{wait}ExecStart={systemd_word(python, home)} {systemd_word(main, home)} --kiosk{data}
# back after a crash, a kill, a lost display (status 1), a hang or any exit, except the
# operator's "Exit to the desktop"
Restart=always
RestartSec=2
RestartPreventExitStatus={EXIT_TO_DESKTOP}
# SIGTERM to Tricade alone: it closes its worker itself and ends within two seconds
KillMode=mixed
TimeoutStopSec=5

[Install]
WantedBy=default.target
"""


SESSION_UNIT = "tricade-session.service"
SESSION_PACKAGES = ("xserver-xorg-core", "xserver-xorg-legacy", "xserver-xorg-input-libinput",
                    "xinit", "xauth", "openbox")
# X started by a service with no login session: the wrapper gives it the rights a logind
# session would (a login session's scope took X's processes out of the service, and a
# shutdown stopped X before Tricade, which then ended through Xlib, its books unwritten)
XWRAPPER = "allowed_users=anybody\nneeds_root_rights=yes\n"


def session_text(user: str, uid: int, display: str = ":0", vt: int = 1) -> str:
    """The kiosk session with no desktop: a system unit that runs X (through its root
    wrapper, ``XWRAPPER``) and openbox on tty ``vt`` as ``user``, in place of that tty's
    login prompt; restarted after any end. The user unit (``unit_text``) shows Tricade
    on it. When the session stops (the power button, a shutdown) it first stops Tricade
    and waits for it, then X: an X gone first would end Tricade with status 1, its books
    not written (the user's manager stops its units at the same time as the system stops
    this one). No login session (PAMName=): its scope would hold X, and a shutdown stops
    a scope at once, before this unit's ExecStop could stop Tricade."""
    return f"""\
# Tricade's kiosk session: X and openbox on tty{vt} as {user}, no desktop, no login prompt
# (written by cabinet/install.sh --session x; docs/cabinet.md). The user unit
# tricade.service shows Tricade on this display ({display}).
[Unit]
Description=Tricade kiosk session (X and openbox on tty{vt})
After=systemd-user-sessions.service getty@tty{vt}.service
Conflicts=getty@tty{vt}.service
StartLimitIntervalSec=0

[Service]
User={user}
TTYPath=/dev/tty{vt}
TTYReset=yes
TTYVHangup=yes
StandardInput=tty
StandardOutput=journal
StandardError=journal
UtmpIdentifier=tty{vt}
UtmpMode=user
WorkingDirectory=~
# startx: the display's cookie in ~/.Xauthority; no screen saver, no power saving, no
# pointer on the empty screen (Tricade shows its own while a mouse moves); openbox's
# autostart marks the display ready for Tricade's unit
ExecStartPre=/bin/rm -f /run/user/{uid}/{SESSION_READY}
ExecStart=/usr/bin/startx /usr/bin/openbox-session -- {display} vt{vt} -keeptty -nolisten tcp -s 0 -dpms -nocursor
# at a stop: Tricade ends first (SIGTERM: it writes its books), then X
Environment=XDG_RUNTIME_DIR=/run/user/{uid}
ExecStop=/bin/sh -c 'systemctl --user stop tricade.service; exit 0'
TimeoutStopSec=15
Restart=always
RestartSec=1

[Install]
WantedBy=graphical.target
"""


SESSION_OPENBOX_BEGIN = "# >>> tricade-session (cabinet/install.sh --session x) >>>"
SESSION_OPENBOX_END = "# <<< tricade-session <<<"


def session_openbox_text() -> str:
    """The kiosk session's lines in openbox's autostart: openbox is up, Tricade may start
    (its unit waits for this mark)."""
    return (f"{SESSION_OPENBOX_BEGIN}\n"
            f'touch "/run/user/$(id -u)/{SESSION_READY}"\n'
            f"{SESSION_OPENBOX_END}\n")


OPENBOX_RULE = ('<application class="*"><decor>no</decor><fullscreen>yes</fullscreen>'
                '</application>')


def session_script(unit_file: str, user: str, vt: int = 1) -> str:
    """What root runs for the kiosk session (install.sh runs it through sudo, or names
    it): the X packages, the unit in place of tty{vt}'s login prompt, booting to it, and
    the user's lingering (its systemd, which starts Tricade, runs from boot)."""
    packages = " ".join(SESSION_PACKAGES)
    linger = shlex.quote(f"/var/lib/systemd/linger/{user}")
    q = shlex.quote(user)
    return f"""\
#!/bin/sh
# Tricade's kiosk session, the part that needs root (cabinet/install.sh --session x).
set -e
export DEBIAN_FRONTEND=noninteractive
apt-get install -y --no-install-recommends {packages}
install -m 644 {shlex.quote(unit_file)} /etc/systemd/system/{SESSION_UNIT}
# X started by the service (no login session) runs with root rights through its wrapper
printf '{XWRAPPER}' > /etc/X11/Xwrapper.config
systemctl disable getty@tty{vt}.service 2>/dev/null || true
systemctl enable {SESSION_UNIT}
systemctl set-default graphical.target
# openbox draws no frame and makes every window full screen (else Tricade's window shows
# its title bar for a moment before it goes full screen); a user's own rc.xml is kept
home=$(getent passwd {q} | cut -d: -f6)
if [ -n "$home" ] && [ ! -e "$home/.config/openbox/rc.xml" ]; then
    install -d -o {q} -g "$(id -gn {q})" "$home/.config" "$home/.config/openbox"
    sed 's#</applications>#{OPENBOX_RULE}</applications>#' /etc/xdg/openbox/rc.xml \
        > "$home/.config/openbox/rc.xml"
    chown {q}: "$home/.config/openbox/rc.xml"
fi
loginctl enable-linger {shlex.quote(user)} 2>/dev/null || {{ mkdir -p /var/lib/systemd/linger && touch {linger}; }}
"""


_DESKTOP_RESERVED = set(' \t\n"\'\\><~|&;$*?#()`')


def desktop_word(arg: str) -> str:
    """One argument of a desktop entry's Exec= (the Desktop Entry spec's quoting: reserved
    characters inside double quotes, ", `, $ and \\ escaped with \\, % doubled; then the
    string escape of the value doubles every \\)."""
    arg = arg.replace("%", "%%")
    if any(c in _DESKTOP_RESERVED for c in arg):
        inner = "".join("\\" + c if c in '"`$\\' else c for c in arg)
        arg = '"' + inner + '"'
    return arg.replace("\\", "\\\\")


def _respawn_argv(python: str, root: str) -> list:
    """Tricade under its keeper (cabinet/respawn.py: restarts unless status 64, watchdog)."""
    return [python, os.path.join(root, "cabinet", "respawn.py"), "--",
            python, os.path.join(root, "main.py"), "--kiosk"]


def desktop_text(python: str | None, root: str | None) -> str:
    """The XDG autostart entry (LXDE's lxsession reads it; openbox only with python3-xdg,
    hence also ``openbox_text``). With ``python`` and ``root``: those paths; without: the
    repository's entry, for a checkout in $HOME/tricade with its venv."""
    if python and root:
        argv = _respawn_argv(python, root)
        path_line = f"Path={root}\n"
    else:
        argv = ["sh", "-c", 'cd "$HOME/tricade" && exec .venv/bin/python cabinet/respawn.py'
                            ' -- .venv/bin/python main.py --kiosk']
        path_line = ""
    return f"""\
[Desktop Entry]
Type=Application
Name=Tricade cabinet
Comment=Tricade in cabinet (kiosk) mode, started with the desktop session
Exec={" ".join(desktop_word(a) for a in argv)}
{path_line}Terminal=false
X-GNOME-Autostart-enabled=true
"""


OPENBOX_BEGIN = "# >>> tricade (cabinet/install.sh --autostart) >>>"
OPENBOX_END = "# <<< tricade <<<"


def openbox_text(python: str, root: str) -> str:
    """The lines for openbox's own autostart (~/.config/openbox/autostart, a shell script
    openbox-session runs without python3-xdg): Tricade under its keeper, in the
    background. install.sh replaces the block between the two marks, keeping the rest."""
    cmd = " ".join(shlex.quote(a) for a in _respawn_argv(python, root))
    return (f"{OPENBOX_BEGIN}\n"
            "# the cabinet, started again after any end but the operator's exit (status 64)\n"
            f"(cd {shlex.quote(root)} && exec {cmd}) &\n"
            f"{OPENBOX_END}\n")


def template_unit() -> str:
    """The repository's cabinet/tricade.service."""
    return unit_text(f"{TEMPLATE_HOME}/tricade/.venv/bin/python", f"{TEMPLATE_HOME}/tricade",
                     home=TEMPLATE_HOME, data_dir=f"{TEMPLATE_HOME}/.local/share/tricade")


def template_desktop() -> str:
    """The repository's cabinet/tricade.desktop."""
    return desktop_text(None, None)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.cabinet.boot")
    p.add_argument("what", choices=("unit", "desktop", "openbox", "session",
                                    "session-script", "session-openbox", "template-unit",
                                    "template-desktop"))
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--root", default=str(Path(__file__).resolve().parents[2]))
    p.add_argument("--home", default=os.path.expanduser("~"))
    p.add_argument("--display", default=":0")
    p.add_argument("--data-dir", default=None)
    p.add_argument("--session", action="store_true", help="the kiosk session's unit")
    p.add_argument("--user", default=None)
    p.add_argument("--uid", type=int, default=os.getuid())
    p.add_argument("--unit-file", default=None)
    a = p.parse_args(argv)
    python = os.path.abspath(a.python)          # a venv's python is a link: kept as it is
    root = os.path.realpath(a.root)
    user = a.user or os.environ.get("USER") or "cabinet"
    text = {"unit": lambda: unit_text(python, root, a.home, a.display, a.data_dir,
                                      a.session),
            "session-openbox": session_openbox_text,
            "session": lambda: session_text(user, a.uid, a.display),
            "session-script": lambda: session_script(a.unit_file or SESSION_UNIT, user),
            "desktop": lambda: desktop_text(python, root),
            "openbox": lambda: openbox_text(python, root),
            "template-unit": template_unit,
            "template-desktop": template_desktop}[a.what]()
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
