"""Cabinet (kiosk) mode: Tricade on an arcade cabinet, in a bar or a museum.

``install(app)`` (main.py calls it when ``app.kiosk``) puts the launcher at the bottom of
the stack and a ``Cabinet`` in ``app.supervisor``: credits and coins, the attract loop after
a quiet spell, the continue countdown of abandoned games, hold-combinations (the operator's
PIN box; the only way out is the operator menu's), the hidden pointer, and the error trap that logs a scene's exception
and brings the launcher back. See docs/cabinet.md.
"""

from __future__ import annotations

# the exit status of the operator's "Exit to the desktop": the one status after which the
# service (cabinet/tricade.service: RestartPreventExitStatus) does not start Tricade again
EXIT_TO_DESKTOP = 64


def install(app):
    """Make ``app`` a cabinet: its launcher, its supervisor. Returns the Cabinet."""
    from games.cabinet.cabinet import Cabinet
    return Cabinet(app)
