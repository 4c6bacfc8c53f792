"""The base of every screen drawn in a platform look (``LookScene``), and of every modal
pushed over a game (``ModalScene``): requesters, dialogs, menus, initials, countdowns."""

from __future__ import annotations

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
        """The app's notices, in this look's font and colours, over the bottom lines."""
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        w, h = surface.get_size()
        per_line = max(1, w // font.width - 2)
        wrapped = [part for line in lines for part in (wrap(line, per_line) or [""])]
        y = h - len(wrapped) * (font.height + 2) - 2 - self.toast_lift()
        surface.fill(bg, (0, y - 2, w, len(wrapped) * (font.height + 2) + 2))
        for line in wrapped:
            font.draw(surface, line, (font.width, y), fg)
            y += font.height + 2

    def toast_lift(self) -> int:
        """Pixels kept free at the bottom (a status or key line a toast must not cover)."""
        return 0

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

    @property
    def chord_back(self) -> bool:
        """A modal follows its game's mouse rule (both buttons together: back)."""
        return bool(getattr(self.game, "chord_back", False))
