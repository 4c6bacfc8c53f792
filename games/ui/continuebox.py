"""The cabinet's "CONTINUE? n" countdown over a game nobody is playing."""

from __future__ import annotations

from games.ui import fonts
from games.ui.lookscene import ModalScene


class ContinueScene(ModalScene):
    """"CONTINUE? 10": a person is to move and nobody has touched anything for a while.
    Any input goes on with the game; at 0 the game is abandoned (``GameScene.abandon``)."""

    name = "continue"

    def __init__(self, game, seconds: int = 10):
        super().__init__(game)
        self.owner = None             # anyone may say they are still there
        self.left = float(seconds)

    @property
    def shown(self) -> int:
        return max(0, int(self.left + 0.999))

    def handle(self, action) -> None:
        if self.app.top is self:
            self.app.pop()

    def update(self, dt: float) -> bool:
        before = self.shown
        self.left -= dt
        if self.left <= 0:
            self.game.abandon()
            return True
        return self.shown != before

    def draw(self, surface) -> None:
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        text = f"CONTINUE? {self.shown}"
        w, h = surface.get_size()
        tw = font.size(text)[0]
        box = (w // 2 - tw // 2 - font.width * 2, h // 2 - font.height,
               tw + font.width * 4, font.height * 2)
        surface.fill(bg, box)
        font.draw(surface, text, (w // 2 - tw // 2, h // 2 - font.height // 2), fg)
