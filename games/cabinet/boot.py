"""Starting the cabinet at boot: the systemd user unit and the XDG autostart entry, written
for one checkout and one Python (a venv's), with every path quoted the way each format
wants. ``cabinet/install.sh`` runs this; ``cabinet/tricade.service`` and
``cabinet/tricade.desktop`` in the repository are what it writes for a checkout in
~/tricade with its venv in ~/tricade/.venv (tests keep them equal).

    python -m games.cabinet.boot unit|desktop [--python PY] [--root DIR] [--display :0]

The unit is wanted by default.target of the user's manager, which runs from boot when
lingering is on (``loginctl enable-linger``): graphical-session.target is never reached
under openbox or LXDE. Until the X display is up a start fails and is tried again
(Restart=always, no start limit); it restarts after a crash or a kill, whatever the
status, except EXIT_TO_DESKTOP, the status of the operator's "Exit to the desktop".
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

from games.cabinet import EXIT_TO_DESKTOP

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
Type=simple
WorkingDirectory={systemd_path(root, home)}
Environment=DISPLAY={display}
Environment=XAUTHORITY=%h/.Xauthority
Environment=PYGAME_HIDE_SUPPORT_PROMPT=1
ExecStart={systemd_word(python, home)} {systemd_word(main, home)} --kiosk
# back after a crash, a kill or any exit, except the operator's "Exit to the desktop"
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


def desktop_text(python: str | None, root: str | None) -> str:
    """The autostart entry. With ``python`` and ``root``: those paths; without: the
    repository's entry, for a checkout in $HOME/tricade with its venv."""
    if python and root:
        argv = [python, os.path.join(root, "main.py"), "--kiosk"]
        path_line = f"Path={root}\n"
    else:
        argv = ["sh", "-c", 'cd "$HOME/tricade" && exec .venv/bin/python main.py --kiosk']
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


def template_unit() -> str:
    """The repository's cabinet/tricade.service."""
    return unit_text(f"{TEMPLATE_HOME}/tricade/.venv/bin/python", f"{TEMPLATE_HOME}/tricade",
                     home=TEMPLATE_HOME)


def template_desktop() -> str:
    """The repository's cabinet/tricade.desktop."""
    return desktop_text(None, None)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(prog="python -m games.cabinet.boot")
    p.add_argument("what", choices=("unit", "desktop", "template-unit", "template-desktop"))
    p.add_argument("--python", default=sys.executable)
    p.add_argument("--root", default=str(Path(__file__).resolve().parents[2]))
    p.add_argument("--home", default=os.path.expanduser("~"))
    p.add_argument("--display", default=":0")
    a = p.parse_args(argv)
    python = os.path.abspath(a.python)          # a venv's python is a link: kept as it is
    root = os.path.realpath(a.root)
    text = {"unit": lambda: unit_text(python, root, a.home, a.display),
            "desktop": lambda: desktop_text(python, root),
            "template-unit": template_unit,
            "template-desktop": template_desktop}[a.what]()
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
