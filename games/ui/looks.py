"""The platform looks, declared once: native size, pixel shape, font, palette, toast colours.

Pure data (no pygame), so the registry can read a game's screen format from its look
instead of keeping a copy. ``amiga.py``, ``dos.py`` and ``riscos.py`` draw in these looks;
every scene of a game (the game itself and its dialogs) takes its format from here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Look:
    name: str
    native_size: tuple          # the original screen, in pixels
    pixel_aspect: float         # how tall one native pixel is shown, relative to its width
    font_name: str              # the system font of the machine (games.ui.fonts)
    palette: tuple              # every colour a screen of this look may use
    toast_fg: tuple
    toast_bg: tuple
    footer: tuple = ()          # a game's default footer: (text, ground) colours
    key_line: bool = False      # the footer has the machine's key line (DOS) under the status
    # a strip of the machine's own screen furniture that a game's picture never draws in:
    # (left, top, right, bottom) on the native screen; the attract loop's PRESS START and
    # credit line go there over a demo, so they cover none of the game's own text or board
    # (the Amiga's screen bar between its title and its depth gadgets, the DOS key line's
    # bar, which a demo leaves empty, RISC OS's icon bar between its icons); () for none
    free_strip: tuple = ()

    @property
    def toast_colors(self) -> tuple:
        return (self.toast_fg, self.toast_bg)


# Workbench 1.3's four pens: blue (background), white, black, orange
AMIGA_PENS = ((0, 85, 170), (255, 255, 255), (0, 0, 34), (255, 136, 0))
# the 16 colours of the standard EGA palette, in attribute order
EGA = ((0x00, 0x00, 0x00), (0x00, 0x00, 0xAA), (0x00, 0xAA, 0x00), (0x00, 0xAA, 0xAA),
       (0xAA, 0x00, 0x00), (0xAA, 0x00, 0xAA), (0xAA, 0x55, 0x00), (0xAA, 0xAA, 0xAA),
       (0x55, 0x55, 0x55), (0x55, 0x55, 0xFF), (0x55, 0xFF, 0x55), (0x55, 0xFF, 0xFF),
       (0xFF, 0x55, 0x55), (0xFF, 0x55, 0xFF), (0xFF, 0xFF, 0x55), (0xFF, 0xFF, 0xFF))
# the RISC OS 3 Wimp palette: white, six greys, black, dark blue, yellow, green, red, cream,
# army green, orange, light blue
WIMP = ((0xFF, 0xFF, 0xFF), (0xDD, 0xDD, 0xDD), (0xBB, 0xBB, 0xBB), (0x99, 0x99, 0x99),
        (0x77, 0x77, 0x77), (0x55, 0x55, 0x55), (0x33, 0x33, 0x33), (0x00, 0x00, 0x00),
        (0x00, 0x44, 0x99), (0xEE, 0xEE, 0x00), (0x00, 0xCC, 0x00), (0xDD, 0x00, 0x00),
        (0xEE, 0xEE, 0xBB), (0x55, 0x88, 0x00), (0xFF, 0xBB, 0x00), (0x00, 0xBB, 0xFF))

AMIGA = Look("amiga", (640, 256), 2.0, "topaz8x8", AMIGA_PENS, AMIGA_PENS[0], AMIGA_PENS[1],
             footer=(AMIGA_PENS[1], AMIGA_PENS[0]), free_strip=(200, 0, 590, 10))
AMIGA_INTERLACED = Look("amiga", (640, 512), 1.0, "topaz8x8", AMIGA_PENS, AMIGA_PENS[0],
                        AMIGA_PENS[1], footer=(AMIGA_PENS[1], AMIGA_PENS[0]),
                        free_strip=(200, 0, 590, 10))
DOS = Look("dos", (640, 350), 480 / 350, "ega8x14", EGA, EGA[15], EGA[1],
           footer=(EGA[15], EGA[0]), key_line=True, free_strip=(0, 336, 640, 350))
RISCOS = Look("riscos", (640, 512), 1.0, "acorn8x8", WIMP, WIMP[7], WIMP[12],
              footer=(WIMP[7], WIMP[1]), free_strip=(120, 464, 520, 512))
# the launcher is none of the four machines: a small fixed palette of its own
LAUNCHER_COLOURS = ((12, 16, 40), (24, 32, 72), (200, 204, 220), (96, 104, 140),
                    (255, 184, 64), (120, 200, 255))
LAUNCHER = Look("launcher", (640, 480), 1.0, "ega8x14", LAUNCHER_COLOURS,
                LAUNCHER_COLOURS[2], LAUNCHER_COLOURS[1])
# the input test screen: a 320x200 mode shown at 4:3
TEST = Look("test", (320, 200), 1.2, "acorn8x8", EGA, EGA[15], EGA[0])

LOOKS = {look.name: look for look in (AMIGA, DOS, RISCOS, LAUNCHER, TEST)}


def get(name: str) -> Look:
    try:
        return LOOKS[name]
    except KeyError:
        raise KeyError(f"no look called {name!r} (known: {', '.join(LOOKS)})") from None
