"""The operator's service mode, as MAME's: an input test (each panel key lit while it is
held, the start buttons' hold counted), a screen test (colour bars, a grid for the
monitor's geometry, the palette of each look) and a sound test (each of the program's
sounds on button 1)."""

from __future__ import annotations

from pathlib import Path

import pygame

from games.core.input import ARCADE_KEYS
from games.launcher.scene import DIM, FG, HI_BG, PANEL, TITLE, LauncherBase, MenuScreen, menu_look
from games.ui import fonts, looks
from games.ui.widgets import Item, MenuList

SOUNDS = Path(__file__).resolve().parents[2] / "sounds"


class ServiceScene(MenuScreen):
    name = "cabinet-service"
    title = "SERVICE"

    def __init__(self, app, cabinet):
        super().__init__(app)
        self.cabinet = cabinet
        items = [Item("Input test", on_confirm=lambda: app.push(InputTest(app, cabinet))),
                 Item("Screen test", on_confirm=lambda: app.push(ScreenTest(app))),
                 Item("Sound test", on_confirm=lambda: app.push(SoundTest(app))),
                 Item("Back", on_confirm=app.pop)]
        self.menu = MenuList(items, menu_look(24), pygame.Rect(160, 140, 320, 24 * len(items)),
                             sound=self.ui_sound)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        self.draw_menu(surface, self.menu)
        self.footer(surface, "Stick: choose  Button 1: do  Button 2: back")


# the panel as the cabinet's keyboard encoder sends it (games.core.input.ARCADE_KEYS)
PANEL_ROWS = [
    ("P1", [("up", "Up"), ("down", "Down"), ("left", "Left"), ("right", "Right"),
            ("left ctrl", "B1"), ("left alt", "B2"), ("space", "B3"), ("left shift", "B4"),
            ("1", "Start")]),
    ("P2", [("r", "Up"), ("f", "Down"), ("d", "Left"), ("g", "Right"), ("a", "B1"),
            ("s", "B2"), ("q", "B3"), ("w", "B4"), ("2", "Start")]),
    ("Coin", [("5", "Coin 1"), ("6", "Coin 2")]),
]


class InputTest(LauncherBase):
    """Each panel key, lit while held (read from the cabinet's own view of what is held,
    before any game sees it), the last key pressed by name, and the start buttons' hold.
    Button 2 twice in a row leaves (a single press is only lit)."""

    name = "cabinet-input-test"
    title = "INPUT TEST"

    def __init__(self, app, cabinet):
        super().__init__(app)
        self.cabinet = cabinet
        self.backs = 0
        self.last = ""

    def handle(self, action) -> None:
        if action.kind == "back":
            self.backs += 1
            if self.backs >= 2:
                self.app.pop()
                return
        else:
            self.backs = 0
        self.last = f"{action.kind} ({action.source})"

    def update(self, dt: float) -> bool:
        return True                       # the lights follow the keys each frame

    def lit(self) -> set:
        """The names held now (keys, and pad buttons as "pad <button>")."""
        out = set()
        for k in self.cabinet.held:
            out.add(f"pad {k[2]}" if isinstance(k, tuple) else k)
        return out

    def hold_text(self) -> str:
        k = self.cabinet.k
        since = [self.cabinet.held.get(n) for n in k["exit_hold"]]
        if not all(s is not None for s in since):
            return f"Hold {' + '.join(k['exit_hold'])} for {k['exit_hold_seconds']} s: " \
                   f"the PIN box (not now)"
        held = self.app.now() - max(since)
        return f"HOLD {held:.1f} of {k['exit_hold_seconds']} s"

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        ega = fonts.get("ega8x14")
        lit = self.lit()
        y = 110
        for label, keys in PANEL_ROWS:
            ega.draw(surface, label, (40, y + 4), DIM)
            x = 100
            for key, text in keys:
                on = key in lit
                w = max(44, ega.size(text)[0] + 10)
                r = pygame.Rect(x, y, w, 22)
                surface.fill(HI_BG if on else PANEL, r)
                ega.draw(surface, text, (r.x + (w - ega.size(text)[0]) // 2, r.y + 4),
                         (12, 16, 40) if on else FG)
                x += w + 6
            y += 34
        others = sorted(n for n in lit if n not in ARCADE_KEYS and n not in ("5", "6"))
        ega.draw(surface, "Other: " + (", ".join(others) or "-"), (40, y + 6), FG)
        ega.draw(surface, self.hold_text(), (40, y + 30), TITLE)
        ega.draw(surface, "Last action: " + (self.last or "-"), (40, y + 54), FG)
        self.footer(surface, "Button 2 twice: back")


class ScreenTest(LauncherBase):
    """Page 1: colour bars and a grey ramp; page 2: a grid with circles for the monitor's
    geometry and convergence; page 3: the palette of every look. Button 1: the next page;
    button 2: back."""

    name = "cabinet-screen-test"
    title = "SCREEN TEST"
    PAGES = ("bars", "grid", "palettes")
    BARS = ((255, 255, 255), (255, 255, 0), (0, 255, 255), (0, 255, 0), (255, 0, 255),
            (255, 0, 0), (0, 0, 255), (0, 0, 0))

    def __init__(self, app, page: int = 0):
        super().__init__(app)
        self.page = page

    def handle(self, action) -> None:
        if action.kind == "back":
            self.app.pop()
        elif action.kind in ("confirm", "right", "down") or (
                action.kind == "pointer_down" and action.button == 1):
            self.page = (self.page + 1) % len(self.PAGES)
            self.app.dirty = True
        elif action.kind in ("left", "up"):
            self.page = (self.page - 1) % len(self.PAGES)
            self.app.dirty = True

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        getattr(self, "draw_" + self.PAGES[self.page])(surface, w, h)
        ega = fonts.get("ega8x14")
        text = f"{self.page + 1}/{len(self.PAGES)}  Button 1: next  Button 2: back"
        surface.fill((0, 0, 0), (0, h - 18, ega.size(text)[0] + 8, 18))
        ega.draw(surface, text, (4, h - 16), (255, 255, 255))

    def draw_bars(self, surface, w, h) -> None:
        bw = w / len(self.BARS)
        for i, c in enumerate(self.BARS):
            surface.fill(c, (round(i * bw), 0, round((i + 1) * bw) - round(i * bw), h * 2 // 3))
        steps = 16
        for i in range(steps):
            v = round(255 * i / (steps - 1))
            surface.fill((v, v, v), (round(i * w / steps), h * 2 // 3,
                                     round((i + 1) * w / steps) - round(i * w / steps), h // 3))

    def draw_grid(self, surface, w, h) -> None:
        surface.fill((0, 0, 0))
        white = (255, 255, 255)
        for x in range(0, w, 32):
            pygame.draw.line(surface, white, (x, 0), (x, h - 1))
        for y in range(0, h, 32):
            pygame.draw.line(surface, white, (0, y), (w - 1, y))
        pygame.draw.rect(surface, (255, 0, 0), (0, 0, w, h), 1)
        pygame.draw.circle(surface, white, (w // 2, h // 2), min(w, h) // 2 - 4, 1)
        for cx, cy in ((w // 6, h // 6), (w * 5 // 6, h // 6), (w // 6, h * 5 // 6),
                       (w * 5 // 6, h * 5 // 6)):
            pygame.draw.circle(surface, white, (cx, cy), min(w, h) // 8, 1)
        pygame.draw.line(surface, (0, 255, 0), (w // 2, 0), (w // 2, h - 1))
        pygame.draw.line(surface, (0, 255, 0), (0, h // 2), (w - 1, h // 2))

    def draw_palettes(self, surface, w, h) -> None:
        surface.fill((0, 0, 0))
        ega = fonts.get("ega8x14")
        y = 16
        for name, look in sorted(looks.LOOKS.items()):
            ega.draw(surface, f"{name} ({len(look.palette)})", (12, y + 8), (255, 255, 255))
            n = len(look.palette)
            sw = min(28, (w - 140) // max(1, n))
            for i, c in enumerate(look.palette):
                r = pygame.Rect(130 + i * sw, y, sw - 2, 30)
                surface.fill(c, r)
                pygame.draw.rect(surface, (128, 128, 128), r, 1)
            y += 46


class SoundTest(MenuScreen):
    """Every sound of the program; button 1 plays the one chosen (at the volume set)."""

    name = "cabinet-sound-test"
    title = "SOUND TEST"

    def __init__(self, app):
        super().__init__(app)
        try:
            names = sorted(p.stem for p in SOUNDS.glob("*.wav"))
        except OSError:
            names = []
        self.played = []                  # what was asked for (tests read it)
        items = [Item(n, on_confirm=lambda n=n: self.play(n)) for n in names]
        items.append(Item("Back", on_confirm=app.pop))
        self.menu = MenuList(items, menu_look(14), pygame.Rect(160, 100, 320, 14 * len(items)),
                             sound=None)

    def play(self, name: str) -> None:
        self.played.append(name)
        self.app.play(name)

    def draw(self, surface) -> None:
        self.draw_frame(surface)
        self.draw_menu(surface, self.menu)
        sound = "on" if self.app.settings["sound"] else "OFF (the operator menu turns it on)"
        fonts.get("ega8x14").draw(surface, f"Sound {sound}, volume {self.app.settings['volume']}",
                                  (160, 430), DIM)
        self.footer(surface, "Stick: choose  Button 1: play  Button 2: back")
