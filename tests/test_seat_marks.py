"""Seat marks ("Seat marks: on" in the settings): every colour that tells seats apart also
carries a shape, so the seats stay apart for every eye.

Each game is drawn in a fixed position with the marks on and off. The frames with marks on
are passed through the deuteranopia and protanopia simulations of Machado, Oliveira and
Fernandes (2009, severity 1.0, in linear RGB); then every pair of seats must still differ
by a shape a test can see (the seat's pixels, each colour turned into one label, cannot be
matched by renaming the colours), or by a CIEDE2000 difference of at least 20 between the
seats' own colours. With the marks off, each frame is the plain look, pixel for pixel.

The frames are kept in /tmp/shots (colours-<game>.png, -deutan.png, -protan.png).
"""
from __future__ import annotations

import math
from collections import Counter

import pygame
import pytest

import shots
from driver import colours, frames
import games
from games.ui import looks, marks

# the listed games (a player sees them, so they carry the marks); the positions each is
# drawn in are below, one branch a game: a listed game without one fails in open_game.
# The hidden test games (tests/example_*) have no branch (a registry entry cannot say where
# its seats' pieces are drawn): they are checked by what needs no position of their own,
# test_every_registered_game_keeps_its_plain_look_and_its_palette (docs/shell.md, 13)
GAMES = tuple(e.name for e in games.playable())
ALL_GAMES = tuple(e.name for e in games.playable(include_hidden=True))

# -- colour vision: Machado, Oliveira & Fernandes 2009, severity 1.0 (linear RGB) ---------------

MACHADO = {
    "deutan": ((0.367322, 0.860646, -0.227968),
               (0.280085, 0.672501, 0.047413),
               (-0.011820, 0.042940, 0.968881)),
    "protan": ((0.152286, 1.052583, -0.204868),
               (0.114503, 0.786281, 0.099216),
               (-0.003882, -0.048116, 1.051998)),
}


def to_linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def to_srgb(v: float) -> int:
    v = min(1.0, max(0.0, v))
    v = 12.92 * v if v <= 0.0031308 else 1.055 * v ** (1 / 2.4) - 0.055
    return round(v * 255)


def simulate_colour(rgb, kind: str) -> tuple:
    lin = [to_linear(c) for c in rgb[:3]]
    return tuple(to_srgb(sum(m * v for m, v in zip(row, lin))) for row in MACHADO[kind])


def simulate(surface: pygame.Surface, kind: str) -> pygame.Surface:
    """The frame as the colour vision ``kind`` sees it (every colour mapped once)."""
    out = surface.copy()
    table = {c: simulate_colour(c, kind) for c in colours(surface)}
    px = pygame.PixelArray(out)
    for c, s in table.items():
        if c != s:
            px.replace(c, s)
    del px
    return out


# -- CIEDE2000 ----------------------------------------------------------------------------------

def lab(rgb) -> tuple:
    """CIELAB (D65) of an sRGB colour."""
    r, g, b = (to_linear(c) for c in rgb[:3])
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t):
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def ciede2000(rgb1, rgb2) -> float:
    """The CIEDE2000 colour difference (kL = kC = kH = 1) of two sRGB colours."""
    return ciede2000_lab(lab(rgb1), lab(rgb2))


def ciede2000_lab(lab1, lab2) -> float:
    (L1, a1, b1), (L2, a2, b2) = lab1, lab2
    C1, C2 = math.hypot(a1, b1), math.hypot(a2, b2)
    Cm = (C1 + C2) / 2
    G = 0.5 * (1 - math.sqrt(Cm ** 7 / (Cm ** 7 + 25 ** 7)))
    a1p, a2p = (1 + G) * a1, (1 + G) * a2
    C1p, C2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360 if C1p else 0.0
    h2p = math.degrees(math.atan2(b2, a2p)) % 360 if C2p else 0.0
    dLp, dCp = L2 - L1, C2p - C1p
    if C1p * C2p == 0:
        dhp = 0.0
    elif abs(h2p - h1p) <= 180:
        dhp = h2p - h1p
    elif h2p - h1p > 180:
        dhp = h2p - h1p - 360
    else:
        dhp = h2p - h1p + 360
    dHp = 2 * math.sqrt(C1p * C2p) * math.sin(math.radians(dhp / 2))
    Lpm, Cpm = (L1 + L2) / 2, (C1p + C2p) / 2
    if C1p * C2p == 0:
        hpm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hpm = (h1p + h2p) / 2
    elif h1p + h2p < 360:
        hpm = (h1p + h2p + 360) / 2
    else:
        hpm = (h1p + h2p - 360) / 2
    T = (1 - 0.17 * math.cos(math.radians(hpm - 30)) + 0.24 * math.cos(math.radians(2 * hpm))
         + 0.32 * math.cos(math.radians(3 * hpm + 6)) - 0.20 * math.cos(math.radians(4 * hpm - 63)))
    d_theta = 30 * math.exp(-(((hpm - 275) / 25) ** 2))
    Rc = 2 * math.sqrt(Cpm ** 7 / (Cpm ** 7 + 25 ** 7))
    Sl = 1 + 0.015 * (Lpm - 50) ** 2 / math.sqrt(20 + (Lpm - 50) ** 2)
    Sc = 1 + 0.045 * Cpm
    Sh = 1 + 0.015 * Cpm * T
    Rt = -math.sin(math.radians(2 * d_theta)) * Rc
    return math.sqrt((dLp / Sl) ** 2 + (dCp / Sc) ** 2 + (dHp / Sh) ** 2
                     + Rt * (dCp / Sc) * (dHp / Sh))


def test_ciede2000_matches_sharmas_table():
    """Pairs from Sharma, Wu and Dalal's CIEDE2000 test data, given here as Lab."""
    de = ciede2000_lab
    assert de((50, 2.6772, -79.7751), (50, 0, -82.7485)) == pytest.approx(2.0425, abs=1e-4)
    assert de((50, -1.3802, -84.2814), (50, 0, -82.7485)) == pytest.approx(1.0000, abs=1e-4)
    assert de((50, 2.5, 0), (73, 25, -18)) == pytest.approx(27.1492, abs=1e-4)
    assert de((2.0776, 0.0795, -1.135), (0.9033, -0.0636, -0.5514)) == \
        pytest.approx(0.9082, abs=1e-4)
    assert ciede2000((255, 0, 0), (255, 0, 0)) == 0


def test_the_simulations_are_machados():
    """Pure colours through the matrices (worked by hand from the published rows)."""
    assert simulate_colour((255, 255, 255), "deutan") == (255, 255, 255)
    assert simulate_colour((0, 0, 0), "protan") == (0, 0, 0)
    r, g, _ = simulate_colour((255, 0, 0), "deutan")
    assert (r, g) == (to_srgb(0.367322), to_srgb(0.280085))
    assert simulate_colour((0, 255, 0), "protan")[1] == to_srgb(0.786281)


# -- each game in a fixed position --------------------------------------------------------------

TRIBOLO_TEXT = ("tribolo\nturn blue\n" + "." * 16 + "\n" + ".BBB.RRR.GGG.#..\n" +
                ".B.B.R.R.G.G....\n" + ".BBB.RRR.GGG....\n" + "..BRG...........\n" +
                ("." * 16 + "\n") * 6)
TRIPLE3_TEXT = ("triple3\nturn red\nphase throw 1\n"
                "R.B......\n.........\n..R......\n"
                "...B.....\n....R....\n......B..\n"
                ".........\nB......R.\n.........\n")


def triaxis_text() -> str:
    """Six seats on the island of seed 5: in row 4 (mountains) a size-3 marker of each seat
    side by side, in the south-east markers of every size."""
    from games.triaxis import rules
    st = rules.new_game(seed=5, seats=6)
    lines = st.to_text().splitlines()
    rows = [ln.split() for ln in lines[5:]]
    for i in range(6):                          # row 4, columns 0-5: all mountains
        assert rows[4][i] == "m."
        rows[4][i] = f"m{i + 1}3"
    for i, (r, c) in enumerate(((6, 11), (6, 13), (7, 12), (8, 11), (8, 13), (7, 10))):
        t = rows[r][c][0]
        rows[r][c] = f"{t}{i + 1}{i + 1}"
    head = lines[:3] + ["phase move 3", "round 2"]
    return "\n".join(head + [" ".join(r) for r in rows]) + "\n"


def open_game(make_app, game: str, on: bool, **settings):
    """A game's scene (no title page, every seat a person) in its fixed position."""
    app = make_app(anim_speed=0)
    app.settings["seat_marks"] = on
    gs = app.game_settings(game)
    if game == "tripppin":
        from games.tripppin.scene import TripppinScene
        gs.update(settings, seats={"blue": "human", "orange": "human"})
        scene = app.push(TripppinScene(app, seed=11, title=False))
    elif game == "tribolo":
        from games.tribolo.scene import TriboloScene
        gs.update(settings, seats={"blue": "human", "red": "human", "green": "human"})
        scene = app.push(TriboloScene(app, seed=1, title=False))
        scene.table.new_game(seed=1, start_text=TRIBOLO_TEXT)
    elif game == "triple3":
        from games.triple3.scene import Triple3Scene
        gs.update(settings, seats={"red": "human", "blue": "human"},
                  totals={"red": 1, "blue": 0})
        scene = app.push(Triple3Scene(app, seed=3, title=False))
        scene.table.new_game(seed=1, start_text=TRIPLE3_TEXT)
    elif game == "triaxis":
        from games.triaxis.scene import TriAxisScene
        gs.update(settings, count=6, kinds=["human"] * 6)
        scene = app.push(TriAxisScene(app, seed=5))
        while app.top is not scene:                # past the title page
            app.pop()
        scene.table.new_game(seed=5, start_text=triaxis_text())
    else:
        raise AssertionError(f"{game} is listed: give it a position with every seat's "
                             f"colours here (open_game, seat_colours, regions)")
    frames(app, 2)
    return app, scene


def shot(scene) -> pygame.Surface:
    """The scene drawn at the start of its clocks (flashing things shown)."""
    scene.timeline.clock = 0.0
    surface = pygame.Surface(scene.native_size)
    scene.draw(surface)
    return surface


def seat_colours(game: str) -> dict:
    """{seat: its colour} as the game declares it."""
    if game == "tripppin":
        from games.tripppin.look import PIECE_PEN
        return dict(PIECE_PEN)
    if game == "tribolo":
        from games.tribolo.look import SEAT_FACE
        return dict(SEAT_FACE)
    if game == "triple3":
        from games.triple3.look import PEG_COLOUR
        return dict(PEG_COLOUR)
    from games.triaxis.look import SEAT_COLOUR
    return dict(SEAT_COLOUR)


def regions(game: str, scene, on: bool) -> dict:
    """{what: ({seat: rect}, mask)}: where each seat's coloured things are in the frame, each
    kind of thing at the same place in its rect on the same ground; ``mask`` (or None: the
    whole rect) the points of the rect to compare."""
    if game == "tripppin":
        lay, st = scene.layout, scene.table.state
        # the tiles under the pieces (not the window's blue round them: the blue piece's pen)
        return {"pawn": ({p: lay.tile(st.position(p)) for p in ("blue", "orange")}, None),
                "X": ({p: lay.tile(st.target(p)) for p in ("blue", "orange")}, None)}
    if game == "tribolo":
        g = scene.grid
        return {"tile": ({"blue": g.rect(1, 1), "red": g.rect(5, 1), "green": g.rect(9, 1)},
                         None)}
    if game == "triple3":
        lay = scene.layout
        return {"peg": ({"red": lay.hole_rect(3, 3), "blue": lay.hole_rect(3, 5)}, None),
                "total": ({s: lay.blocks[s] for s in ("red", "blue")}, None)}
    from games.triaxis import art, look, rules
    # the markers' own pixels (every seat's sprite as drawn), not the zones round them
    sprite = [art.sheet().get(f"marker_{seat}_3" + ("_marked" if on else ""))
              for seat in rules.PLAYERS]
    w, h = sprite[0].get_size()
    mask = [(x, y) for y in range(h) for x in range(w)
            if any(img.get_at((x, y)).a for img in sprite)]
    margin = art.MARK_MARGIN if on else 0
    rx, ry = look.marker_radius(3)
    markers, legend = {}, {}
    for i, seat in enumerate(rules.PLAYERS):
        cx, cy = scene.zone_centre(4 * 16 + i)
        markers[seat] = pygame.Rect(cx - rx - 1 - margin, cy - ry - 1 - margin, w, h)
        legend[seat] = pygame.Rect(451, 38 + i * 15 + 2, 9, 9)
    return {"marker": (markers, mask), "legend": (legend, None)}


def pixels(surface, rect, mask=None) -> list:
    sub = surface.subsurface(rect)
    if mask is not None:
        return [tuple(sub.get_at(p))[:3] for p in mask]
    raw = pygame.image.tobytes(sub, "RGB")
    return [raw[i:i + 3] for i in range(0, len(raw), 3)]


def shape_difference(surface, a: pygame.Rect, b: pygame.Rect, mask=None) -> int:
    """How many pixels of ``a`` and ``b`` (the points of ``mask`` only, if given) cannot be
    matched by renaming colours one for one (each colour a label: 0 when the two are one
    shape in other colours)."""
    pa, pb = pixels(surface, a, mask), pixels(surface, b, mask)
    pairs = Counter(zip(pa, pb))
    used_a, used_b, matched = set(), set(), 0
    for (ca, cb), n in pairs.most_common():
        if ca not in used_a and cb not in used_b:
            used_a.add(ca)
            used_b.add(cb)
            matched += n
    return len(pa) - matched


MIN_SHAPE = 12          # pixels: a shape, not a stray pixel


def pairs(seats):
    seats = list(seats)
    return [(a, b) for i, a in enumerate(seats) for b in seats[i + 1:]]


@pytest.mark.parametrize("game", GAMES)
def test_every_pair_of_seats_differs_for_every_eye(make_app, game):
    """With the marks on, through both simulations, every pair of seats differs by a shape
    (and so by a shape or a CIEDE2000 of 20 or more); with them off the same measure finds
    no shape: the marks are what it sees."""
    app, scene = open_game(make_app, game, True)
    on = shot(scene)
    where = regions(game, scene, True)
    seat_rgb = seat_colours(game)
    shots.save(on, f"colours-{game}.png")
    _app, plain_scene = open_game(make_app, game, False)
    off = shot(plain_scene)
    plain_where = regions(game, plain_scene, False)
    report = []
    for kind in MACHADO:
        seen = simulate(on, kind)
        shots.save(seen, f"colours-{game}-{kind}.png")
        plain = simulate(off, kind)
        for what, (rects, mask) in where.items():
            plain_rects, plain_mask = plain_where[what]
            for a, b in pairs(rects):
                shape = shape_difference(seen, rects[a], rects[b], mask)
                de = ciede2000(simulate_colour(seat_rgb[a], kind),
                               simulate_colour(seat_rgb[b], kind))
                report.append(f"{kind} {what} {a}/{b}: shape {shape} px, dE00 {de:.1f}")
                assert shape >= MIN_SHAPE or de >= 20, report[-1]
                assert shape >= MIN_SHAPE, report[-1]
                assert shape_difference(plain, plain_rects[a], plain_rects[b],
                                        plain_mask) == 0, \
                    f"marks off, {kind} {what} {a}/{b}: a shape where there is none"
    print("\n".join(report))


# -- off: the originals' look ---------------------------------------------------------------------

def fetched_sprites(monkeypatch) -> list:
    """Every sprite name asked of any sheet from now on."""
    from games.ui import sprites
    names = []
    real = sprites.Sheet.get

    def get(self, sprite):
        names.append(sprite)
        return real(self, sprite)
    monkeypatch.setattr(sprites.Sheet, "get", get)
    return names


def title(scene) -> pygame.Surface:
    surface = pygame.Surface(scene.native_size)
    scene.title_page(surface)
    return surface


def same(a: pygame.Surface, b: pygame.Surface) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("game,settings", [(g, {}) for g in GAMES]
                         + [("tripppin", {"interlace": True})])
def test_with_the_marks_off_every_game_is_its_plain_self(make_app, monkeypatch, game,
                                                         settings):
    """Off is the default, draws exactly what settings without the switch draw (the look
    before seat marks: checked against main's frames when the marks came) and asks no
    sheet for a marked sprite; on changes the picture."""
    app, scene = open_game(make_app, game, False, **settings)
    assert app.settings["seat_marks"] is False and not marks.marks_on(app)
    asked = fetched_sprites(monkeypatch)
    off, off_title = shot(scene), title(scene)
    assert not [n for n in asked if "marked" in n or n.startswith("mark_")]
    del app.settings["seat_marks"]                 # settings from before the switch
    assert not marks.marks_on(app)
    assert same(shot(scene), off) and same(title(scene), off_title)
    app.settings["seat_marks"] = True
    assert marks.marks_on(app)
    assert not same(shot(scene), off)
    if game != "triaxis":                          # TriAxis's welcome has no markers
        assert not same(title(scene), off_title)
    assert colours(shot(scene)) <= set(scene.look.palette)   # no new colour


def open_any(make_app, game: str, on: bool):
    """Any registered game from its registry entry alone (no title page, every seat a
    person) a few plies in: the legal move in the middle of the list each time."""
    app = make_app(anim_speed=0)
    app.settings[marks.SETTING] = on
    scene = app.push(games.get(game).scene_factory()(app, seed=3, title=False))
    while app.top is not scene:                    # a box a new game opens (a set-up)
        app.pop()
    for seat in list(scene.table.seats):
        scene.set_seat(seat, "human")
    for _ in range(6):
        moves = scene.table.state.legal_moves()    # none at a chance point: the table draws
        if moves:
            scene.table.play(moves[len(moves) // 2])
        frames(app, 2)
    return app, scene


@pytest.mark.parametrize("game", ALL_GAMES)
def test_every_registered_game_keeps_its_plain_look_and_its_palette(make_app, monkeypatch,
                                                                     game):
    """Every game, the hidden test games too: with the marks off it asks no sheet for a
    marked sprite and draws what settings without the switch draw; with them on it draws in
    its look's palette still. (Whether the marks tell the seats apart needs a position
    per game: the listed games' test above.)"""
    app, scene = open_any(make_app, game, False)
    asked = fetched_sprites(monkeypatch)
    off, off_title = shot(scene), title(scene)
    assert not [n for n in asked if "marked" in n or n.startswith("mark_")], game
    del app.settings[marks.SETTING]                # settings from before the switch
    assert same(shot(scene), off) and same(title(scene), off_title)
    app.settings[marks.SETTING] = True
    palette = set(scene.look.palette)
    assert colours(shot(scene)) <= palette and colours(title(scene)) <= palette


def test_seat_marks_are_a_setting_off_by_default_switched_on_the_settings_screen(make_app):
    from driver import key
    from games.core import store
    from games.launcher.scene import LauncherScene, SettingsScene
    assert store.DEFAULT_SETTINGS[marks.SETTING] is False
    assert store.clean_settings({marks.SETTING: "yes"})[marks.SETTING] is False
    app = make_app()
    app.push(LauncherScene(app))
    settings = app.push(SettingsScene(app))
    frames(app, 1)
    menu = settings.menu
    menu.cursor = next(i for i, it in enumerate(menu.items) if it.label == "Seat marks")
    assert menu.items[menu.cursor].value() == "off"
    key(app, pygame.K_RIGHT)
    assert menu.items[menu.cursor].value() == "on" and marks.marks_on(app)
    data_dir = app.store.dir
    app.shutdown(quit_pygame=False)
    again = make_app(data_dir=str(data_dir))
    assert marks.marks_on(again)                   # kept in the settings file


def test_every_seat_colour_has_one_shape_of_its_own():
    """The same colour wears the same shape in every game; no two colours in one game
    share one."""
    from games.tribolo.look import SEAT_FACE
    from games.triaxis.look import SEAT_COLOUR
    from games.triple3.look import PEG_COLOUR
    from games.tripppin.look import PIECE_PEN
    for seats in (SEAT_FACE, SEAT_COLOUR, PEG_COLOUR, PIECE_PEN):
        shapes = [marks.shape(s) for s in seats]
        assert len(set(shapes)) == len(shapes), seats


def test_the_marked_sprites_are_there_for_every_frame_drawn():
    """Every sprite a game asks for with the marks on exists and has its plain sprite's
    size (TriAxis's markers: 2 pixels more each way, for the mark at the top left)."""
    from games.tribolo.look import FLIP_FRAMES, flip_sprite, tile_sprite
    from games.triaxis import art, look, rules
    from games.triple3.look import peg_sprite
    from games.ui import sprites
    tb = sprites.sheet("tribolo")
    for old, new in (("B", "R"), ("R", "G"), ("G", "B")):
        for i in range(0, 41):
            name = flip_sprite(old, new, i / 40, True)
            assert tb.get(name).get_size() == (32, 23), name
    assert flip_sprite("B", "R", 0.5, True) == f"flip_red_{FLIP_FRAMES}"   # a line: unmarked
    assert tile_sprite("#", True) == "tile_wall" and tile_sprite(".", True) == "empty"
    t3 = sprites.sheet("triple3")
    for seat in ("red", "blue"):
        assert t3.get(peg_sprite(seat, True)).get_size() == t3.get(f"peg_{seat}").get_size()
        assert t3.get(f"mark_{seat}").get_size() == (6, 6)
    tp = sprites.sheet("tripppin")
    for what in ("pawn", "x"):
        for seat in ("blue", "orange"):
            assert tp.get(f"{what}_{seat}_marked").get_size() == (50, 25)
    tx = art.sheet()
    for seat in rules.PLAYERS:
        for size in look.MARKER_SIZES:
            w, h = tx.get(f"marker_{seat}_{size}").get_size()
            assert tx.get(f"marker_{seat}_{size}_marked").get_size() == (w + 2, h + 2)
        assert tx.get(f"mark_{marks.shape(seat)}").get_size() == (7, 7)


def test_a_marked_triaxis_marker_shrinks_round_its_centre_in_the_egas_colours():
    from games.triaxis import art
    surf = pygame.Surface((120, 120), pygame.SRCALPHA)
    for scale in (0.05, 0.3, 0.7, 0.99, 1.0):
        surf.fill((0, 0, 0, 0))
        art.draw_marker(surf, (60, 60), "magenta", 6, scale, marked=True)
        assert colours(surf) <= set(looks.EGA)
        box = surf.get_bounding_rect()
        assert box.w and abs(box.centerx - 60) <= 3 and abs(box.centery - 60) <= 3, scale
    surf.fill((0, 0, 0, 0))
    art.draw_marker(surf, (60, 60), "magenta", 6, 0.0, marked=True)
    assert surf.get_bounding_rect().w == 0


def test_tribolos_small_boards_carry_the_marks_and_flips_stay_marked(make_app):
    from games.tribolo import look as tscene
    plain, marked = pygame.Surface((32, 23)), pygame.Surface((32, 23))
    for letter in "BRG":
        tscene.draw_tile(plain, plain.get_rect(), letter)
        tscene.draw_tile(marked, marked.get_rect(), letter, marked=True)
        assert not same(plain, marked), letter
        small_plain, small_marked = pygame.Surface((18, 13)), pygame.Surface((18, 13))
        tscene.draw_tile(small_plain, small_plain.get_rect(), letter)
        tscene.draw_tile(small_marked, small_marked.get_rect(), letter, marked=True)
        assert not same(small_plain, small_marked), letter      # See boards' size
    wall, wall_marked = pygame.Surface((32, 23)), pygame.Surface((32, 23))
    tscene.draw_tile(wall, wall.get_rect(), "#")
    tscene.draw_tile(wall_marked, wall_marked.get_rect(), "#", marked=True)
    assert same(wall, wall_marked)                               # walls are no seat's
