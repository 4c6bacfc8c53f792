"""The cabinet's "CONTINUE? n" countdown over a game nobody is playing."""

from __future__ import annotations

from games.ui import fonts
from games.ui.lookscene import ModalScene

HURRY_SECONDS = 1.0       # a press with no credit takes this off the count


class ContinueScene(ModalScene):
    """"CONTINUE? 10": a person is to move and nobody has touched anything for a while.
    Any input goes on with the game; at 0 the game is abandoned (``GameScene.abandon``).
    On a cabinet that takes coins a continue costs a credit, as a start does (the
    supervisor's ``pay_to_continue``): button 1, Start or a tap spends one; with none
    standing the box says INSERT COIN, and a coin dropped now continues at once. The box
    says what a press does; with no credit a press only speeds the count, as an arcade's
    does (a second a press), never to its end: only the count ends a game, at least a
    second after the last press."""

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

    def _no_credit(self) -> bool:
        return self._costs() and not getattr(self.app.supervisor, "credits", 1)

    def handle(self, action) -> None:
        if self.app.top is not self:
            return
        if not self._costs():
            self.app.pop()
        elif action.kind in ("confirm", "menu") or (action.kind == "pointer_down"
                                                    and action.button == 1):
            if self._no_credit():
                self.hurry()
            else:
                self.go_on()

    def hurry(self) -> None:
        """A press with no credit: the count a second shorter, never below its last
        second (a press never ends the game; the count does)."""
        self.left = max(self.left - HURRY_SECONDS, min(self.left, 1.0))
        self.app.play("ui_back")
        self.app.dirty = True

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

    def lines(self) -> list:
        """What the box says: the count, and what a press does now."""
        count = f"CONTINUE? {self.shown}"
        if not self._costs():
            return [count, "Any button: continue"]
        press = self.named("{confirm} or {menu}")
        if self._no_credit():
            return [f"{count}  INSERT COIN", f"{press}: count faster"]
        return [count, f"{press}: continue (1 credit)"]

    def draw(self, surface) -> None:
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        lines = self.lines()
        w, h = surface.get_size()
        tw = max(font.size(line)[0] for line in lines)
        step = font.height + font.height // 2
        bh = step * len(lines) + font.height // 2
        top = h // 2 - bh // 2
        surface.fill(bg, (w // 2 - tw // 2 - font.width * 2, top, tw + font.width * 4, bh))
        y = top + font.height // 2
        for line in lines:
            font.draw(surface, line, (w // 2 - font.size(line)[0] // 2, y), fg)
            y += step
