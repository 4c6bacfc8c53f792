#!/bin/sh
# Make this checkout a cabinet that starts at boot: the one command after the clone
# (docs/cabinet.md). Run it as the cabinet's user (not root): at the desktop, over SSH or
# through su; it asks sudo for the steps that need root.
#
#   cabinet/install.sh [--autostart | --session x] [--python PY] [--display :0] [--no-enable]
#
#  1. the Debian packages a venv needs (python3, python3-venv), when they are missing;
#  2. the venv .venv with Tricade's runtime requirements only (requirements-runtime.txt:
#     pygame-ce; not the tests'); or $VIRTUAL_ENV, or --python PY;
#  3. the operator's PIN, asked at the terminal when none is set (skipped without one);
#  4. default: the systemd user unit ~/.config/systemd/user/tricade.service, enabled (its
#     link in default.target.wants, made without a session bus) and lingering on, so the
#     user's systemd starts it at boot and restarts it after any end but the operator's
#     exit (status 64), a lost display and a hang (its watchdog);
#     --autostart: the desktop session starts it instead (openbox's own autostart and the
#     XDG entry LXDE reads), under cabinet/respawn.py, which restarts it the same way.
#     Each route removes the other's files. --no-enable: write the unit only.
#  5. --session x: no desktop at all: X and openbox on tty1 as this user, a system unit
#     in place of tty1's login prompt (tricade-session.service; root, through sudo).
# The unit names the data folder (--data-dir), where the books and the PIN are.
# Exit status: 0 done; 3 one step needs root and sudo could not do it: the exact command
# is the last line printed; 1 a step failed (the sentence says which); 2 a wrong option,
# or run as root.
set -eu

here=$(cd "$(dirname "$0")/.." && pwd -P)          # the checkout's real path
mode=unit
python=
display=:0
enable=yes
session=
while [ $# -gt 0 ]; do
    case "$1" in
        --autostart) mode=desktop ;;
        --python) [ $# -ge 2 ] || { echo "install.sh: --python needs a path" >&2; exit 2; }
                  python=$2; shift ;;
        --display) [ $# -ge 2 ] || { echo "install.sh: --display needs a value" >&2; exit 2; }
                   display=$2; shift ;;
        --no-enable) enable=no ;;
        --session) [ $# -ge 2 ] || { echo "install.sh: --session needs a kind: x" >&2; exit 2; }
                   case "$2" in x) session=$2 ;;
                       *) echo "install.sh: --session $2: the one kind is x (X and openbox)" >&2
                          exit 2 ;;
                   esac; shift ;;
        -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
        *) echo "install.sh: unknown option $1 (try --help)" >&2; exit 2 ;;
    esac
    shift
done

user=$(id -un)
say() { echo "install.sh: $*" >&2; }
# the last word: the one command, needing root, that is left for the person to run
need_root() {
    say "$1"
    if command -v sudo >/dev/null 2>&1; then
        echo "Next, run: sudo $2" >&2
    else
        echo "Next, run (root's password): su -c '$2'" >&2
    fi
    exit 3
}
# a command as root: ourselves, sudo without a password, or sudo asking at this terminal
as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"; return; fi
    command -v sudo >/dev/null 2>&1 || return 125
    if sudo -n true 2>/dev/null; then sudo -n "$@"; return; fi
    [ -t 0 ] || return 125
    sudo "$@"
}

if [ "$mode" = desktop ] && [ -n "$session" ]; then
    say "--autostart and --session are two ways to start Tricade: choose one."
    exit 2
fi
if [ "$(id -u)" = 0 ]; then
    say "run this as the cabinet's user, not as root (nor with sudo): it asks sudo itself for what needs root."
    exit 2
fi

# -- 1 and 2: the Python and its venv ----------------------------------------------------------
if [ -z "$python" ]; then
    if [ -x "$here/.venv/bin/python" ]; then
        python=$here/.venv/bin/python
    elif [ -n "${VIRTUAL_ENV:-}" ] && [ -x "$VIRTUAL_ENV/bin/python" ]; then
        python=$VIRTUAL_ENV/bin/python
    else
        if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import ensurepip, venv' \
                >/dev/null 2>&1; then
            packages="python3 python3-venv"
            command -v apt-get >/dev/null 2>&1 || {
                say "Python 3.10 or newer with its venv module is needed; install it, then run this again."
                exit 1
            }
            say "Python's venv module is missing: apt-get install $packages (as root)."
            status=0
            as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y $packages || status=$?
            if [ "$status" != 0 ]; then
                [ "$status" = 125 ] || say "apt-get install failed (status $status)."
                need_root "the venv needs the packages $packages, which need root to install; then run cabinet/install.sh again." \
                          "apt-get install -y $packages"
            fi
        fi
        say "making the venv $here/.venv"
        python3 -m venv "$here/.venv" || { say "python3 -m venv failed."; exit 1; }
        python=$here/.venv/bin/python
    fi
fi
case "$python" in /*) ;; *) python=$(pwd -P)/$python ;; esac
if ! "$python" -c 'import pygame' >/dev/null 2>&1; then
    say "installing Tricade's runtime requirements (pygame-ce) into $("$python" -c 'import sys; print(sys.prefix)')"
    "$python" -m pip install --disable-pip-version-check -q -r "$here/requirements-runtime.txt" || {
        say "pip could not install pygame-ce (no network, or no wheel for this machine: see docs/cabinet.md)."
        exit 1
    }
    "$python" -c 'import pygame' >/dev/null 2>&1 || { say "$python still cannot import pygame."; exit 1; }
fi

cd "$here"
config=${XDG_CONFIG_HOME:-$HOME/.config}
units=$config/systemd/user
wants=$units/default.target.wants
entry=$config/autostart/tricade.desktop
obox=$config/openbox/autostart
# the user's systemd, when this shell can reach it (not through su or sudo: no session bus)
manager() { systemctl --user show-environment >/dev/null 2>&1; }

# -- 3: the operator's PIN ---------------------------------------------------------------------
if PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -c 'import sys
from games.core.store import default_data_dir
from games.cabinet.operator import pin_is_set
sys.exit(0 if pin_is_set(default_data_dir()) else 1)' 2>/dev/null; then
    say "the operator PIN is set (change it: $python $here/main.py --set-pin)."
elif [ -t 0 ]; then
    if [ -f "$units/tricade.service" ] && manager; then
        systemctl --user stop tricade.service 2>/dev/null || true   # it holds the data folder
    fi
    echo "The operator's PIN opens the cabinet's menu (F2, or both start buttons held)." >&2
    tries=0
    until "$python" "$here/main.py" --set-pin; do
        tries=$((tries + 1))
        [ $tries -lt 3 ] || { say "no PIN set; set one later: $python $here/main.py --set-pin"; break; }
    done
else
    say "no operator PIN is set and there is no terminal to ask; set one later with:"
    echo "  $python $here/main.py --set-pin" >&2
fi

# -- 4: the autostart route --------------------------------------------------------------------
if [ "$mode" = desktop ]; then
    mkdir -p "$config/autostart" "$config/openbox"
    PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -m games.cabinet.boot desktop \
        --python "$python" --root "$here" > "$entry.tmp" && mv "$entry.tmp" "$entry"
    # openbox's own autostart (a shell script: no python3-xdg needed); our block replaced
    block=$(PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -m games.cabinet.boot openbox \
        --python "$python" --root "$here")
    { [ -f "$obox" ] && sed '/^# >>> tricade /,/^# <<< tricade <<<$/d' "$obox"; \
      printf '%s\n' "$block"; } > "$obox.tmp"
    chmod 755 "$obox.tmp" && mv "$obox.tmp" "$obox"
    echo "Wrote $entry (LXDE, XDG autostart) and the Tricade lines of $obox (openbox)."
    if [ -e "$wants/tricade.service" ] || [ -L "$wants/tricade.service" ]; then
        rm -f "$wants/tricade.service"
        manager && { systemctl --user stop tricade.service 2>/dev/null || true; \
                     systemctl --user daemon-reload || true; }
        say "disabled tricade.service: the desktop's autostart starts Tricade now."
    fi
    echo "Tricade starts with the next desktop session (log in again, or reboot)," \
         "and starts again after any end but the operator's exit."
    exit 0
fi

# -- 4: the unit route -------------------------------------------------------------------------
data=$(PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -c 'from games.core.store import default_data_dir
print(default_data_dir())') || { say "$python cannot name the data folder."; exit 1; }
mkdir -p "$units"
PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -m games.cabinet.boot unit --python "$python" \
    --root "$here" --home "$HOME" --display "$display" --data-dir "$data" \
    ${session:+--session} > "$units/tricade.service.tmp"
mv "$units/tricade.service.tmp" "$units/tricade.service"
echo "Wrote $units/tricade.service (Python: $python, checkout: $here, data: $data)."
if [ -n "${XDG_RUNTIME_DIR:-}" ] && command -v systemd-analyze >/dev/null 2>&1; then
    systemd-analyze --user verify "$units/tricade.service" || true
fi
if [ -f "$entry" ] || { [ -f "$obox" ] && grep -q '^# >>> tricade ' "$obox"; }; then
    rm -f "$entry"
    if [ -f "$obox" ]; then
        sed '/^# >>> tricade /,/^# <<< tricade <<<$/d' "$obox" > "$obox.tmp" && \
            chmod 755 "$obox.tmp" && mv "$obox.tmp" "$obox"
    fi
    say "removed the desktop autostart lines: the unit starts Tricade now."
fi
[ "$enable" = yes ] || exit 0

# enabled: the link `systemctl --user enable` makes, made here (no session bus needed)
mkdir -p "$wants"
ln -sfn "$units/tricade.service" "$wants/tricade.service"
if manager; then
    systemctl --user daemon-reload || true
    systemctl --user enable tricade.service >/dev/null 2>&1 || true
    now="now: systemctl --user restart tricade"
else
    now="this shell cannot reach the user's systemd (su or sudo), so it starts at the next boot"
fi
echo "Enabled: $wants/tricade.service."

# lingering: the user's systemd runs from boot, with no login
linger=/var/lib/systemd/linger/$user
if [ ! -e "$linger" ]; then
    loginctl enable-linger "$user" >/dev/null 2>&1 || true          # polkit may allow it
fi
if [ ! -e "$linger" ] && [ -z "$session" ]; then
    as_root sh -c "loginctl enable-linger '$user' 2>/dev/null || { mkdir -p /var/lib/systemd/linger && touch '$linger'; }" \
        || true
    if [ ! -e "$linger" ]; then
        need_root "the unit is enabled; one step is left, which needs root: lingering, so $user's systemd starts Tricade at boot." \
                  "loginctl enable-linger $user"
    fi
fi
[ -e "$linger" ] && echo "Lingering is on: Tricade starts at boot on display $display ($now)."
[ -n "$session" ] || exit 0

# -- 5: the kiosk session: X and openbox on tty1, no desktop ----------------------------------
kiosk=$config/tricade
mkdir -p "$kiosk"
PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -m games.cabinet.boot session --user "$user" --uid "$(id -u)" \
    --display "$display" > "$kiosk/tricade-session.service"
PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -m games.cabinet.boot session-script \
    --unit-file "$kiosk/tricade-session.service" --user "$user" > "$kiosk/kiosk-session.sh"
# openbox's autostart says when it is up: Tricade's unit waits for that (the rest of the
# file is kept; our block replaced)
mkdir -p "$config/openbox"
block=$(PYGAME_HIDE_SUPPORT_PROMPT=1 "$python" -m games.cabinet.boot session-openbox)
{ [ -f "$obox" ] && sed '/^# >>> tricade-session /,/^# <<< tricade-session <<<$/d' "$obox"; \
  printf '%s\n' "$block"; } > "$obox.tmp"
chmod 755 "$obox.tmp" && mv "$obox.tmp" "$obox"
status=0
as_root sh "$kiosk/kiosk-session.sh" || status=$?
if [ "$status" != 0 ]; then
    [ "$status" = 125 ] || say "the kiosk session's root part failed (status $status)."
    need_root "the kiosk session (X and openbox on tty1 in place of its login prompt, lingering) needs root." \
              "sh $kiosk/kiosk-session.sh"
fi
echo "The kiosk session is on: at boot X and openbox start on tty1 as $user, with no login" \
     "prompt and no desktop, and Tricade on them."
