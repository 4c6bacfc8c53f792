"""The cabinet's high scores for the games whose registry entry leaves a win's initials to
the cabinet (``records="cabinet"``); a game that asks for initials itself keeps its own.

The choice, kept simple: a person who beats the computer enters three initials by arcade
rules: the stick up/down changes the letter, button 1 (or Start) goes to the next letter
and after the third is done, button 2 goes back a letter (on the first: done with what is
there); left/right move too. Closed any other way (the cabinet's timeout closes it), it
enters what is there: the win is kept exactly once. The table of each game
(``scores/cabinet-<game>``) keeps the ten best wins: the stronger computer first, then the
shorter game (fewer moves).
"""

from __future__ import annotations

from games.core import schema
from games.ui import fonts
from games.ui.lookscene import ModalScene
from games.ui.widgets import InitialsEntry, MenuLook

KEEP = 10
_ROW = schema.Table({"initials": schema.Str(3, "[A-Z]{3}", "AAA", min_len=3),
                     "level": schema.Int(0, 99, 0), "moves": schema.Int(0, 10 ** 6, 0)})
TABLE = schema.Table({"wins": schema.ListOf(_ROW, max_len=KEEP, default=[])})


def store_name(game: str) -> str:
    return f"scores/cabinet-{game}"


def entry_of(result) -> dict | None:
    """{"level", "moves"} when a person beat the computer (a games.core.records.Result)."""
    if not result.against_computer or not result.person_won or result.level is None:
        return None
    return {"level": int(result.level), "moves": int(result.moves)}


def load(store, game: str) -> dict:
    return store.load(store_name(game), {"wins": []}, 1, TABLE.clean)


def add(store, game: str, initials: str, entry: dict) -> int | None:
    """Keep a win; its place (0 first) or None when it is not among the best ten."""
    table = load(store, game)
    row = {"initials": initials.upper()[:3], "level": entry["level"], "moves": entry["moves"]}
    wins = table["wins"] + [row]
    wins.sort(key=lambda r: (-r["level"], r["moves"]))
    place = next((i for i, r in enumerate(wins) if r is row), None)
    table["wins"] = wins[:KEEP]
    store.save(store_name(game), table, 1)
    return place if place is not None and place < KEEP else None


def qualifies(store, game: str, entry: dict) -> bool:
    wins = load(store, game)["wins"]
    if len(wins) < KEEP:
        return True
    worst = wins[-1]
    return (-entry["level"], entry["moves"]) < (-worst["level"], worst["moves"])


def lines(store, game: str) -> list:
    wins = load(store, game)["wins"]
    if not wins:
        return []
    return ["Cabinet champions"] + [
        f"{i + 1:>2}. {r['initials']}  level {r['level']}  in {r['moves']} moves"
        for i, r in enumerate(wins)]


def prompt_lines(entry: dict) -> list:
    return ["YOU BEAT THE COMPUTER!", f"Level {entry['level']}, {entry['moves']} moves.",
            "Your initials:"]


class Win:
    """One win waiting for its initials: added to the table once, whichever way the box
    closes (done, or closed by the cabinet's timeout with what is there)."""

    def __init__(self, store, game: str, entry: dict):
        self.store, self.game, self.entry = store, game, entry
        self.kept = None                 # True: in the table, False: not among the best

    def done(self, initials: str) -> None:
        if self.kept is None:
            self.kept = add(self.store, self.game, initials, self.entry) is not None


def ask_initials(scene, entry: dict):
    """The look's initials box (the modal kit's: arcade rules) over the finished game,
    pushed; a look without a kit gets the cabinet's own InitialsScene. Returns the box
    (its ``win`` is the Win it enters)."""
    from games.ui import kits
    try:
        kit = kits.get(scene.look.name)
    except KeyError:
        return scene.app.push(InitialsScene(scene, entry))
    win = Win(scene.store, scene.game, entry)
    box = kit.initials(scene, prompt_lines(entry), "AAA", on_done=win.done)
    box.win = win
    return scene.app.push(box)


class InitialsScene(ModalScene):
    """Over the finished game: "YOU BEAT THE COMPUTER" and three initials (for a look
    without a modal kit; the rules are the kit's)."""

    name = "cabinet-initials"

    def __init__(self, game, entry: dict):
        super().__init__(game)
        self.entry = entry
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        look = MenuLook(font=font, fg=fg, bg=bg, hi_fg=bg, hi_bg=fg, dim=(128, 128, 128))
        w, h = self.native_size
        self.box = (w // 2 - font.width * 16, h // 2 - font.height * 4, font.width * 32,
                    font.height * 8)
        pos = (w // 2 - font.width * 8, h // 2)
        self.widget = InitialsEntry(look, pos, "AAA", on_done=self.done)
        self.win = Win(game.store, game.game, entry)

    def done(self, initials: str) -> None:
        self.win.done(initials)
        if self.app.top is self:
            self.app.pop()

    @property
    def initials(self) -> str:
        return self.widget.text

    def handle(self, action) -> None:
        w = self.widget
        k = action.kind
        if w.done:
            return
        if k in ("confirm", "menu"):
            if w.cursor < 2:
                w.cursor += 1
                w._tick("move")
            else:
                w.accept()
        elif k == "back":
            if w.cursor > 0:
                w.cursor -= 1
                w._tick("move")
            else:
                w.accept()
        elif k in ("text", "command") and getattr(action, "char", "") and w.cursor == 2 \
                and w.type(action.char):
            w.accept()                     # the third typed letter: done
        else:
            w.handle(action)

    def close(self) -> None:
        """Closed before it was done (the timeout): what is there is entered."""
        if self.win.kept is None:
            self.widget.done = True
            self.done(self.widget.text)

    def draw(self, surface) -> None:
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        surface.fill(bg, self.box)
        x, y = self.box[0] + font.width, self.box[1] + font.height // 2
        font.draw(surface, "YOU BEAT THE COMPUTER!", (x, y), fg)
        font.draw(surface, f"Level {self.entry['level']}, {self.entry['moves']} moves.",
                  (x, y + font.height + 2), fg)
        font.draw(surface, "Your initials:", (x, y + 2 * (font.height + 2)), fg)
        self.widget.draw(surface)
