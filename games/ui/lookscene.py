"""The base of every screen drawn in a platform look (``LookScene``), and of every modal
pushed over a game (``ModalScene``): requesters, dialogs, menus, initials, countdowns."""

from __future__ import annotations

import pygame

from games.core.app import Scene
from games.ui import fonts, looks
from games.ui.board import wrap


class LookScene(Scene):
    """A screen in one platform look: its format, font and toast colours come from it."""

    look = looks.LAUNCHER

    @property
    def native_size(self):
        return self.look.native_size

    @property
    def pixel_aspect(self):
        return self.look.pixel_aspect

    @property
    def font_name(self):
        return self.look.font_name

    @property
    def toast_colors(self):
        return self.look.toast_colors

    def draw_toasts(self, surface, lines) -> None:
        """The app's notices, in this look's font and colours, over the bottom lines (off
        the board: ``toast_place``)."""
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        band, shown = self.toast_place(surface.get_size(), lines)
        surface.fill(bg, band)
        y = band.y + 2
        for line in shown:
            font.draw(surface, line, (band.x + font.width, y), fg)
            y += font.height + 2

    def toast_lift(self) -> int:
        """Pixels kept free at the bottom (a status or key line a toast must not cover)."""
        return 0

    def toast_keep_clear(self) -> list:
        """Native rects the app's notices never cover (a game's board cells)."""
        return []

    def toast_place(self, size, lines) -> tuple:
        """Where the app's notices are drawn on a picture of ``size``: (the band, the
        wrapped lines it shows). The band is the picture's width, its foot ``toast_lift``
        above the bottom; where that would cover a cell of the board (``toast_keep_clear``:
        a notice after a coin covered a board's bottom row), the nearest band a text row
        lower, then higher, that covers none; when no band clears the board with every
        line, the newest lines that fit one (the newest notice from its start, where it
        alone is too long); when none clears it with one line, a band beside the board."""
        font = fonts.get(self.font_name)
        w, h = size
        step = font.height + 2

        def wrapped_to(width):
            per_line = max(1, width // font.width - 2)
            return [part for line in lines for part in (wrap(line, per_line) or [""])]

        def fitting(shown, width, n):
            # n lines of ``shown``: the newest that fit, but never the tail of a notice
            # without its start (what happened is said first: a long notice at the foot
            # of a small screen showed only its log file's path)
            per_line = max(1, width // font.width - 2)
            last = len(wrap(lines[-1], per_line) or [""]) if lines else 0
            if n >= last:
                return shown[-n:]
            return shown[len(shown) - last:len(shown) - last + n]

        def band(n, a, x=0, width=w):
            # (lowered over a footer row, the band covers that row to its foot)
            foot = h - a - (2 if a >= lift else 0)
            return pygame.Rect(x, foot - n * step - 2, width, n * step + 2)

        lift = self.toast_lift()
        every = wrapped_to(w)
        keep = [pygame.Rect(r) for r in self.toast_keep_clear()]
        if not keep or not any(band(len(every), lift).colliderect(r) for r in keep):
            return band(len(every), lift), every
        lifts = [lift] + [lift - k * font.height for k in range(1, lift // font.height + 1)]
        lifts += [0] + [lift + k * font.height for k in range(1, h // font.height + 1)]
        for n in range(len(every), 0, -1):
            for a in dict.fromkeys(x for x in lifts if x >= 0):
                b = band(n, a)
                if b.top >= 0 and not any(b.colliderect(r) for r in keep):
                    return b, fitting(every, w, n)
        board = keep[0].unionall(keep[1:])
        left, right = (0, board.left - 2), (board.right + 2, w)
        x0, x1 = max((left, right), key=lambda s: s[1] - s[0])
        if x1 - x0 >= 12 * font.width:
            shown = wrapped_to(x1 - x0)
            n = max(1, min(len(shown), (h - 4 - lift) // step))
            return band(n, lift, x0, x1 - x0), fitting(shown, x1 - x0, n)
        return band(len(every), lift), every

    def bench_animations(self) -> dict:
        """The screen's own animations, for tools.bench and tests/test_frames.py: ``{label:
        start}``; ``start()`` begins one (a game: through the table or ``on_chance``, as
        play would) and returns ``(label, still_running)``, ``still_running()`` a bool.
        None by default."""
        return {}


class ModalScene(LookScene):
    """Every modal (requester, dialog, menu, initials) is a scene pushed over its game:
    drawn over it (transparent), in its look, handing input to one widget. Opened at the
    turn of a seat a controller has claimed, it answers that controller only (``owner``;
    None: anyone, as the title pages and the boxes between games)."""

    transparent = True

    def __init__(self, game):
        super().__init__(game.app)
        self.game = game
        self.look = game.look
        turn_owner = getattr(game, "turn_owner", None)
        self.owner = turn_owner() if turn_owner is not None else None

    @property
    def native_size(self):
        """The picture of the scene it is opened over (a replay's: the game's and its
        panel's), so that it is drawn over that scene and not alone."""
        size = getattr(self.game, "native_size", None)
        return tuple(size) if size else self.look.native_size

    def named(self, text: str) -> str:
        """``text`` with its ``{confirm}``-style placeholders named for the controls in
        hand: the owner's, else the controller used last (games.ui.controls)."""
        from games.ui import controls
        return controls.fill(self.app, text, self.owner,
                             getattr(self.game, "mouse_buttons", None) or None)

    def hand(self) -> tuple:
        """What the placeholders are named for: (controller, kind of device)."""
        from games.ui import controls
        c = controls.controller_of(self.app, self.owner)
        return c, controls.kind(self.app, c)

    def accepts(self, action) -> bool:
        noticed = getattr(self.game, "noticed", None)
        if noticed is not None and action.kind == "confirm":
            noticed(action.controller)
        owner = self.owner
        if (owner is None or (action.controller or "keyboard") == owner
                or not self.game.connected(owner)):
            return True
        if action.kind not in ("pointer_move",) and not action.repeat:
            self.game.tell_turn()
        return False

    def toast_lift(self) -> int:
        return self.game.toast_lift()

    def toast_keep_clear(self) -> list:
        """The board under a box keeps its cells clear of notices too (not under a
        screen of its own, which hides the board)."""
        keep = getattr(self.game, "toast_keep_clear", None)
        return keep() if self.transparent and keep is not None else []

    @property
    def chord_back(self) -> bool:
        """A modal follows its game's mouse rule (both buttons together: back)."""
        return bool(getattr(self.game, "chord_back", False))
