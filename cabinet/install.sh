#!/bin/sh
# Start Tricade as a cabinet at boot, for this checkout and its venv (docs/cabinet.md).
#
#   cabinet/install.sh [--autostart] [--python PY] [--display :0] [--no-enable]
#
# Default: a systemd user unit (~/.config/systemd/user/tricade.service) wanted by the
# user manager's default.target, enabled, with lingering on so it starts at boot; it
# restarts Tricade after a crash or a kill, not after the operator's "Exit to the desktop".
# --autostart: an XDG autostart entry (~/.config/autostart/tricade.desktop) instead, for a
# desktop session that logs in by itself (LXDE, openbox; no restart after a crash).
# The Python is the checkout's .venv (or $VIRTUAL_ENV, or --python); it must have pygame-ce.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd -P)          # the checkout's real path
mode=unit
python=
display=:0
enable=yes
while [ $# -gt 0 ]; do
    case "$1" in
        --autostart) mode=desktop ;;
        --python) python=$2; shift ;;
        --display) display=$2; shift ;;
        --no-enable) enable=no ;;
        -h|--help) sed -n '2,13p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

if [ -z "$python" ]; then
    if [ -x "$here/.venv/bin/python" ]; then
        python=$here/.venv/bin/python
    elif [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then
        python=$VIRTUAL_ENV/bin/python
    else
        echo "install.sh: no venv found. Make one first:" >&2
        echo "  python3 -m venv $here/.venv && $here/.venv/bin/pip install -r $here/requirements.txt" >&2
        echo "or name the Python with --python." >&2
        exit 1
    fi
fi
case "$python" in /*) ;; *) python=$(pwd -P)/$python ;; esac
if ! "$python" -c 'import pygame' >/dev/null 2>&1; then
    echo "install.sh: $python cannot import pygame (pip install pygame-ce in that venv)." >&2
    exit 1
fi

cd "$here"
config=${XDG_CONFIG_HOME:-$HOME/.config}
if [ "$mode" = desktop ]; then
    mkdir -p "$config/autostart"
    PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -m games.cabinet.boot desktop \
        --python "$python" --root "$here" > "$config/autostart/tricade.desktop"
    echo "Wrote $config/autostart/tricade.desktop: Tricade starts with the desktop session."
    if [ -f "$config/systemd/user/tricade.service" ]; then
        echo "Note: a tricade.service is installed too; use one of the two" \
             "(systemctl --user disable --now tricade.service)." >&2
    fi
    exit 0
fi

mkdir -p "$config/systemd/user"
PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -m games.cabinet.boot unit --python "$python" \
    --root "$here" --home "$HOME" --display "$display" > "$config/systemd/user/tricade.service"
echo "Wrote $config/systemd/user/tricade.service (Python: $python, checkout: $here)."
if command -v systemd-analyze >/dev/null 2>&1; then
    systemd-analyze --user verify "$config/systemd/user/tricade.service" || true
fi
if [ "$enable" = yes ]; then
    systemctl --user daemon-reload
    systemctl --user enable tricade.service
    if command -v loginctl >/dev/null 2>&1; then
        loginctl enable-linger "$(id -un)" || \
            echo "install.sh: could not turn lingering on; run: sudo loginctl enable-linger $(id -un)" >&2
    fi
    echo "Enabled: Tricade starts at boot on display $display (now: systemctl --user start tricade)."
fi
if [ -f "$config/autostart/tricade.desktop" ]; then
    echo "Note: an autostart entry is installed too; use one of the two" \
         "(rm $config/autostart/tricade.desktop)." >&2
fi
