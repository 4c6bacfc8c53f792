"""Starting the cabinet at boot: the systemd user unit and the XDG autostart entry, written
for one checkout and one Python (a venv's), with every path quoted the way each format
wants. ``cabinet/install.sh`` runs this; ``cabinet/tricade.service`` and
``cabinet/tricade.desktop`` in the repository are what it writes for a checkout in
~/tricade with its venv in ~/tricade/.venv (tests keep them equal).

    python -m games.cabinet.boot unit|desktop|openbox [--python PY] [--root DIR] [--display :0]

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


def unit_text(python: str, root: str, home: str | None = None, display: str = ":0") -> str:
    main = os.path.join(root, "main.py")
    return f"""\
# Tricade as an arcade cabinet: a systemd user unit (written by cabinet/install.sh;
# docs/cabinet.md). Started from boot by the user's manager (loginctl enable-linger) on the
# X display {display}; until the display is up a start fails and is tried again.
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
ExecStart={systemd_word(python, home)} {systemd_word(main, home)} --kiosk
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
                     home=TEMPLATE_HOME)


def template_desktop() -> str:
    """The repository's cabinet/tricade.desktop."""
    return desktop_text(None, None)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.cabinet.boot")
    p.add_argument("what", choices=("unit", "desktop", "openbox", "template-unit",
                                    "template-desktop"))
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--root", default=str(Path(__file__).resolve().parents[2]))
    p.add_argument("--home", default=os.path.expanduser("~"))
    p.add_argument("--display", default=":0")
    a = p.parse_args(argv)
    python = os.path.abspath(a.python)          # a venv's python is a link: kept as it is
    root = os.path.realpath(a.root)
    text = {"unit": lambda: unit_text(python, root, a.home, a.display),
            "desktop": lambda: desktop_text(python, root),
            "openbox": lambda: openbox_text(python, root),
            "template-unit": template_unit,
            "template-desktop": template_desktop}[a.what]()
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
