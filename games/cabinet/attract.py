"""The attract loop: the cabinet plays itself while nobody is there.

A title card, then each shown game in turn plays a real computer-against-computer demo on
its own screen (``SceneClass(app, seed=..., demo=True)``: it writes nothing) for
``demo_seconds`` or to its end, with a blinking "PRESS START" (or "INSERT COIN") and the
credit line ("CREDITS 0" when the prompt says INSERT COIN) in the look's ``free_strip``
(screen furniture the game never draws in); after
each demo that game's high scores, a page in the game's own look (its look's score table:
the cabinet's champions, else the game's own score lines), placed clear of the blinking
prompt; the title card again every other game. Any input ends it at once, and that input
does nothing else. Sound is off unless the operator turned attract sound on.
"""

from __future__ import annotations

import random

import pygame

import games
from games.ui import fonts, looks
from games.ui.lookscene import LookScene

CARD_SECONDS = 8.0      # the title card
SCORE_SECONDS = 6.0     # a game's high-score page
LINGER_SECONDS = 4.0    # a finished demo stays on its last picture
BLINK = 0.5             # the prompt is shown half a second, hidden half a second
DEMO_THINK = 1.2        # a demo's computer takes at least this long a move: time to watch it

BG = (12, 16, 40)
FG = (200, 204, 220)
DIM = (96, 104, 140)
TITLE = (255, 184, 64)
ACCENT = (120, 200, 255)


class AttractScene(LookScene):
    name = "attract"
    reports_damage = True      # a demo's frames redraw what they change; the prompt blinks

    def __init__(self, app, cabinet, seed: int | None = None):
        super().__init__(app)
        self.cabinet = cabinet
        self.rng = random.Random(seed)
        self.child = None           # the demo game scene, or None on a card
        self.card = "title"         # "title", "scores" or "demo"
        self.t = 0.0
        self.clock = 0.0            # for the blink
        self.position = -1          # where in the playlist
        self.games_shown: list[str] = []    # every demo started, in order (tests read it)
        self.left = False
        self._over_for = 0.0
        self.page = None            # on a high-score page: the game's ScorePage
        self.pages_shown: list[str] = []    # every high-score page shown (tests read it)

    # -- the look follows the demo --------------------------------------------------------
    @property
    def look(self):
        if self.child is not None:
            return self.child.look
        return self.page.look if self.page is not None else looks.LAUNCHER

    @property
    def commands(self):
        return {}

    @property
    def pad_commands(self):
        return {}

    # -- life -----------------------------------------------------------------------------
    def enter(self) -> None:
        k = self.app.settings["kiosk"]
        audio = self.app.audio
        audio.set_enabled(bool(k["attract_sound"]) and self.app.settings["sound"]
                          and not self.app.muted)
        audio.set_volume(k["attract_volume"] / 10)
        self.cabinet.log.debug("attract loop starts")
        self.next()

    def playlist(self) -> list:
        """title, game 1, its scores, game 2, its scores, title, game 3, its scores ..."""
        out = []
        for i, entry in enumerate(self.cabinet.shown_games()):
            out += (["title"] if i % 2 == 0 else []) + [entry, ("scores", entry)]
        return out or ["title"]

    def next(self) -> None:
        self._end_child()
        items = self.playlist()
        self.position = (self.position + 1) % len(items)
        item = items[self.position]
        self.t = 0.0
        self._over_for = 0.0
        self.page = None
        if isinstance(item, tuple):
            self.show_scores(item[1])
        elif isinstance(item, str):
            self.card = item
        else:
            self.start_demo(item)
        self.app.reformat()
        self.app.dirty = True

    def start_demo(self, entry) -> None:
        app = self.app
        try:
            scene = entry.scene_factory()(app, seed=self.rng.randrange(2 ** 31), demo=True)
            # a pace and a level for watching: the computer takes its time over a move (as
            # the app's speed allows, on the app's clock) and searches little, so a demo
            # costs the cabinet little
            ai = entry.ai_module()
            scene.table.set_level(min(getattr(ai, "LEVELS", (1,))))
            scene.table.min_think = max(scene.min_think, DEMO_THINK) / max(1.0, app.anim_speed)
            scene.table.clock = app.now
            scene.enter()
        except Exception:
            self.cabinet.log.exception("the demo of %s could not start", entry.name)
            self.card = "title"
            return
        self.child = scene
        self.card = "demo"
        self.games_shown.append(entry.name)
        self.cabinet.demos_played += 1

    def show_scores(self, entry) -> None:
        """The high-score page of ``entry``, in its look."""
        try:
            self.page = ScorePage(self, entry)
        except Exception:
            self.cabinet.log.exception("the scores of %s could not be shown", entry.name)
            self.card = "title"
            return
        self.card = "scores"
        self.pages_shown.append(entry.name)

    def _end_child(self) -> None:
        child, self.child = self.child, None
        if child is not None:
            child.close()
            release_memory()

    def leave(self) -> None:
        """Back to the launcher (any input)."""
        if self.left:
            return
        self.left = True
        self.app.input.release_all()
        if self in self.app.stack:
            self.app.pop_to(self)
            self.app.pop()

    def close(self) -> None:
        self._end_child()
        app = self.app
        s = app.settings
        app.audio.set_enabled(s["sound"] and not app.muted)
        app.audio.set_volume(s["volume"] / 10)

    def handle(self, action) -> None:
        self.leave()         # any key, button or pointer move: the person sees the launcher

    def update(self, dt: float):
        before = self._blink_on()
        self.t += dt
        self.clock += dt
        changed = []
        if self.child is not None:
            changed = self.child.update(dt)
            if self.app.top is not self and self in self.app.stack:
                self.app.pop_to(self)        # a demo opens no dialogs over the loop
            over = self.child.table.state.is_over
            if over:
                self._over_for += dt
            if self.t >= self.app.settings["kiosk"]["demo_seconds"] or (
                    over and self._over_for >= LINGER_SECONDS):
                self.next()
                return True
        elif self.t >= (SCORE_SECONDS if self.page is not None else CARD_SECONDS):
            self.next()
            return True
        if changed is True or (changed and not isinstance(changed, (list, tuple))):
            return True
        damage = list(changed or ())
        if before != self._blink_on():
            damage.append(self.prompt_area())
        return damage

    def animating(self) -> bool:
        return self.child is not None and self.child.animating()

    def wake_in(self) -> float | None:
        """The prompt's next blink, the card's end, or the demo's own next change."""
        soonest = [BLINK - self.clock % BLINK + 0.001]
        if self.child is not None:
            child = self.child.wake_in()
            if child is not None:
                soonest.append(child)
        else:
            soonest.append(max(0.0, CARD_SECONDS - self.t))
        return min(soonest)

    def prompt_area(self) -> pygame.Rect:
        """Where the blinking PRESS START is drawn (draw_prompt)."""
        w, h = self.native_size
        if self.strip() is not None:
            return self.prompt_rect((w, h)).union(self.credit_box((w, h)))
        font = fonts.get(self.font_name)
        scale = 2 if w >= 400 else 1
        ih = font.height * scale
        y = h - ih - h // 6
        return pygame.Rect(0, y - 3, w, ih + 6)

    def strip(self) -> pygame.Rect | None:
        """Over a demo, the strip of the look's screen that the game never draws in (its
        ``free_strip``); None elsewhere (a card, a score page: the prompt at its usual
        place, clear of the page's table)."""
        look = self.look
        if self.child is None or not look.free_strip:
            return None
        x0, y0, x1, y1 = look.free_strip
        return pygame.Rect(x0, y0, x1 - x0, y1 - y0)

    def layout(self, size, text: str | None, font) -> tuple:
        """(the prompt's box, its scale, the credit line's box) within the free strip: the
        prompt centred in it, at twice the font's size where the strip holds that and
        the credit line under it, else at the font's size with the credit line at the
        strip's right end."""
        strip = self.strip()
        credit = self.credit_line()
        cw, ch = font.size(credit)[0] + font.width * 2, font.height + 2
        tw, th = font.size(text) if text else max(font.size("PRESS START"),
                                                   font.size("INSERT COIN"))
        if strip.height >= 2 * th + 4 + ch:
            box = pygame.Rect(0, strip.y, 2 * tw + font.width * 2, 2 * th + 4)
            box.centerx = strip.centerx
            cbox = pygame.Rect(0, box.bottom, cw, ch)
            cbox.centerx = strip.centerx
            return box, 2, cbox
        cbox = pygame.Rect(strip.right - cw, strip.y, cw, min(ch, strip.height))
        box = pygame.Rect(0, strip.y, tw + font.width * 2, min(th + 2, strip.height))
        box.centerx = (strip.x + cbox.x) // 2
        return box, 1, cbox

    def credit_line(self) -> str:
        """The credit line under the blinking prompt: the cabinet's own (FREE PLAY, CREDITS
        n, 1/2 COINS), except that with nothing standing, where the cabinet's line says
        INSERT COIN, it says "CREDITS 0": the prompt beside it blinks INSERT COIN, said
        once."""
        credit = self.cabinet.credit_text()
        return "CREDITS 0" if credit == self.cabinet.prompt_text() else credit

    def credit_box(self, size) -> pygame.Rect:
        """Where the credit line is drawn now."""
        font = fonts.get(self.font_name)
        if self.strip() is not None:
            return self.layout(size, None, font)[2]
        cw = font.size(self.credit_line())[0]
        return pygame.Rect(size[0] - cw - font.width * 2, 0, cw + font.width * 2,
                           font.height + 2)

    def _blink_on(self) -> bool:
        return int(self.clock / BLINK) % 2 == 0

    # -- drawing --------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if self.child is not None:
            self.child.draw(surface)
        elif self.page is not None:
            self.page.draw(surface)
        else:
            self.draw_card(surface, "TRICADE")
            ega = fonts.get("ega8x14")
            lines = [games.subtitle(), ""]
            lines += [f"{e.title}  -  {e.machine} {e.year}" for e in self.cabinet.shown_games()]
            for i, line in enumerate(lines):
                ega.draw(surface, line, ((640 - ega.size(line)[0]) // 2, 120 + i * 20),
                         ACCENT if i > 1 else DIM)
        self.draw_prompt(surface)

    def draw_card(self, surface, title: str) -> None:
        surface.fill(BG)
        big = fonts.get("topaz8x8").render(title, TITLE)
        big = pygame.transform.scale(big, (big.get_width() * 4, big.get_height() * 4))
        surface.blit(big, ((640 - big.get_width()) // 2, 28))
        pygame.draw.line(surface, DIM, (40, 92), (600, 92), 2)

    def draw_prompt(self, surface) -> None:
        """The blinking PRESS START (or INSERT COIN), and the credit line, over the picture
        (over a demo, in the look's free strip: ``layout``)."""
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        w, h = surface.get_size()
        credit = self.credit_line()
        cbox = self.credit_box((w, h))
        surface.fill(bg, cbox)
        font.draw(surface, credit, (cbox.x + font.width,
                                    cbox.y + max(0, cbox.height - font.height) // 2), fg)
        if not self._blink_on():
            return
        text = self.cabinet.prompt_text()
        img = font.render(text, fg)
        if self.strip() is not None:
            box, scale, _ = self.layout((w, h), text, font)
        else:
            scale = 2 if w >= 400 else 1
            box = self.prompt_rect((w, h), text)
        img = pygame.transform.scale(img, (img.get_width() * scale, img.get_height() * scale))
        surface.fill(bg, box)
        surface.blit(img, (box.x + font.width, box.y + max(0, box.h - img.get_height()) // 2))

    def prompt_rect(self, size, text: str | None = None, font_name: str | None = None):
        """Where the blinking prompt's box goes on a screen of ``size`` (by default the box
        of the longer of PRESS START and INSERT COIN), in the look's font; over a demo, in
        the look's free strip."""
        font = fonts.get(font_name or self.font_name)
        if font_name is None and self.strip() is not None:
            return self.layout(size, text, font)[0]
        w, h = size
        scale = 2 if w >= 400 else 1
        tw, th = font.size(text) if text else max(font.size("PRESS START"),
                                                   font.size("INSERT COIN"))
        tw, th = tw * scale, th * scale
        x, y = (w - tw) // 2, h - th - h // 6
        return pygame.Rect(x - font.width, y - 2, tw + font.width * 2, th + 4)

    def credit_rect(self, size, font_name: str | None = None) -> pygame.Rect:
        font = fonts.get(font_name or self.font_name)
        return pygame.Rect(0, 0, size[0], font.height + 2)


class Board:
    """What a look's score table stands over in the attract loop: no game, its look."""

    def __init__(self, app, entry):
        self.app = app
        self.entry = entry
        self.look = entry.look

    def toast_lift(self) -> int:
        return 0


# the desk each look's table stands on: its screen's background pen
DESK = {"riscos": 3}


class ScorePage:
    """One game's high scores in its own look: the look's score table (games.ui.kits) of
    the cabinet's champions (initials, level, moves), else of the game's own score lines,
    placed between the credit line and the blinking prompt (rows left off to fit)."""

    def __init__(self, attract, entry):
        from games.cabinet import halloffame
        from games.ui import kits
        self.entry = entry
        self.look = entry.look
        app = attract.app
        title = f"{entry.title.upper()} HIGH SCORES"
        wins = halloffame.load(app.store, entry.name)["wins"]
        if wins:
            ai = entry.ai_module()
            level = getattr(ai, "level_name", str)
            header = ["", "Name", "Level", "Moves"]
            rows = [[f"{i + 1}.", r["initials"], level(r["level"]), r["moves"]]
                    for i, r in enumerate(wins)]
        else:
            try:
                lines = [line for line in entry.score_lines(app.store)]
            except Exception:
                lines = []
            header = [""]
            rows = [[line] for line in lines] or [["No scores yet: be the first!"]]
        size = self.look.native_size
        top = attract.credit_rect(size, self.look.font_name).bottom + 2
        bottom = attract.prompt_rect(size, font_name=self.look.font_name).top - 2
        kit = kits.get(self.look.name)
        board = Board(app, entry)
        n = len(rows)
        while True:
            table = kit.table(board, title, header, rows[:n])
            table.centre = (size[0] // 2, (top + bottom) // 2)
            table.layout()
            if (table.rect.top >= top and table.rect.bottom <= bottom) or n <= 1:
                break
            n -= 1
        self.table = table
        self.rect = table.rect              # the card (tests check the prompt is clear of it)

    def draw(self, surface) -> None:
        surface.fill(self.look.palette[DESK.get(self.look.name, 0)])
        self.table.draw(surface)


def release_memory() -> None:
    """Between demos: collect the finished game and hand freed heap back to the system, so
    a day of demos does not leave the process larger (glibc keeps freed blocks otherwise)."""
    import gc
    gc.collect()
    try:
        import ctypes
        ctypes.CDLL("libc.so.6").malloc_trim(0)
    except (OSError, AttributeError):      # not glibc: nothing to hand back
        pass
