"""The cabinet's "CONTINUE? n" countdown over a game nobody is playing."""

from __future__ import annotations

from games.ui import fonts
from games.ui.lookscene import ModalScene


class ContinueScene(ModalScene):
    """"CONTINUE? 10": a person is to move and nobody has touched anything for a while.
    Any input goes on with the game; at 0 the game is abandoned (``GameScene.abandon``).
    On a cabinet that takes coins a continue costs a credit, as a start does (the
    supervisor's ``pay_to_continue``): button 1, Start or a tap spends one; with none
    standing the box says INSERT COIN, and a coin dropped now continues at once."""

    name = "continue"

    def __init__(self, game, seconds: int = 10):
        super().__init__(game)
        self.owner = None             # anyone may say they are still there
        self.left = float(seconds)

    @property
    def shown(self) -> int:
        return max(0, int(self.left + 0.999))

    def _costs(self) -> bool:
        sup = getattr(self.app, "supervisor", None)
        return bool(getattr(self.game, "customer", False) and sup is not None
                    and getattr(sup, "continue_costs", lambda: False)())

    def handle(self, action) -> None:
        if self.app.top is not self:
            return
        if not self._costs():
            self.app.pop()
        elif action.kind in ("confirm", "menu") or (action.kind == "pointer_down"
                                                    and action.button == 1):
            self.go_on()

    def go_on(self) -> bool:
        """Go on with the game (on a cabinet that takes coins: when a credit is spent)."""
        if self.app.top is not self:
            return False
        if self._costs() and not self.app.supervisor.pay_to_continue(self.game):
            return False
        self.app.pop()
        return True

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
        if self._costs() and not getattr(self.app.supervisor, "credits", 1):
            text += "  INSERT COIN"
        w, h = surface.get_size()
        tw = font.size(text)[0]
        box = (w // 2 - tw // 2 - font.width * 2, h // 2 - font.height,
               tw + font.width * 4, font.height * 2)
        surface.fill(bg, box)
        font.draw(surface, text, (w // 2 - tw // 2, h // 2 - font.height // 2), fg)
