"""The sprite sheets (sprites/make_sprites.py, sprites/*.png, sprites/index.json) and
games.ui.sprites."""
import ast
import json
import math
import os
import shutil
import subprocess
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

import pygame  # noqa: E402
import pytest  # noqa: E402

from games.ui import amiga, dos, looks, riscos, riscos_palette, sprites  # noqa: E402

SPRITES = ROOT / "sprites"
SCRIPT = SPRITES / "make_sprites.py"
GAME_SHEETS = ("tripppin", "tribolo", "triple3", "triaxis")
LOOK_SHEETS = ("workbench", "riscos", "dos")
SHEETS = GAME_SHEETS + LOOK_SHEETS
# the Workbench 1.3 pointer has its own three sprite pens (colours 17-19)
AMIGA_POINTER = {(238, 68, 68), (0, 0, 0), (238, 238, 204)}
PALETTES = {"tripppin": set(amiga.PENS), "workbench": set(amiga.PENS),
            "tribolo": set(looks.EGA), "triaxis": set(looks.EGA), "dos": set(looks.EGA),
            "triple3": set(riscos_palette.WIMP), "riscos": set(riscos_palette.WIMP)}


def run_script(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=120, env=env)


# Tricade's own icon (desktop/tricade.desktop), drawn by the same script, checked with them
ICONS = [f"icons/{s}x{s}/tricade.png" for s in (32, 64, 128)]


def copy_out(tmp_path):
    for name in [f"{s}.png" for s in SHEETS] + ["index.json"] + ICONS:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(SPRITES / name, tmp_path / name)
    return tmp_path


def index():
    return json.loads((SPRITES / "index.json").read_text(encoding="utf-8"))


def test_committed_sheets_pass_check():
    out = run_script("--check")
    assert out.returncode == 0, out.stderr


def test_a_fresh_build_is_byte_identical(tmp_path):
    assert run_script("--dir", str(tmp_path)).returncode == 0
    for name in [f"{s}.png" for s in SHEETS] + ["index.json"] + ICONS:
        assert (tmp_path / name).read_bytes() == (SPRITES / name).read_bytes(), name


def test_check_names_the_sprite_when_one_pixel_of_a_sheet_changes(tmp_path):
    d = copy_out(tmp_path)
    x, y, w, h = index()["tripppin"]["arrow_3"]
    img = pygame.image.load(str(d / "tripppin.png"))
    img.set_at((x + w // 2, y + h // 2), (255, 136, 0, 255))
    pygame.image.save(img, str(d / "tripppin.png"))
    out = run_script("--check", "--dir", str(d))
    assert out.returncode == 1
    assert "tripppin.png" in out.stderr and "arrow_3" in out.stderr


def test_a_copy_of_the_sheets_and_icons_passes_check_and_an_edited_icon_fails(tmp_path):
    d = copy_out(tmp_path)
    assert run_script("--check", "--dir", str(d)).returncode == 0
    icon = d / "icons" / "64x64" / "tricade.png"
    img = pygame.image.load(str(icon))
    img.set_at((32, 20), (1, 2, 3, 255))
    pygame.image.save(img, str(icon))
    out = run_script("--check", "--dir", str(d))
    assert out.returncode == 1
    assert "icons/64x64/tricade.png" in out.stderr and "(32, 20)" in out.stderr


def test_check_fails_when_the_index_is_edited(tmp_path):
    d = copy_out(tmp_path)
    data = json.loads((d / "index.json").read_text(encoding="utf-8"))
    data["tribolo"]["tile_red"][0] += 1
    (d / "index.json").write_text(json.dumps(data), encoding="utf-8")
    out = run_script("--check", "--dir", str(d))
    assert out.returncode == 1
    assert "tribolo" in out.stderr and "tile_red" in out.stderr


def test_check_fails_when_a_sheet_is_missing(tmp_path):
    d = copy_out(tmp_path)
    (d / "triple3.png").unlink()
    out = run_script("--check", "--dir", str(d))
    assert out.returncode == 1 and "triple3.png" in out.stderr


@pytest.mark.parametrize("name", SHEETS)
def test_every_sprite_is_in_its_platforms_palette_and_not_empty(name):
    sheet = sprites.sheet(name)
    assert set(sheet.names()) == set(index()[name])
    for sprite in sheet.names():
        surf = sheet.get(sprite)
        w, h = surf.get_size()
        assert w > 0 and h > 0, sprite
        allowed = PALETTES[name] | (AMIGA_POINTER if sprite == "pointer" else set())
        seen = set()
        for y in range(h):
            for x in range(w):
                c = surf.get_at((x, y))
                assert c.a in (0, 255), (sprite, x, y)
                if c.a:
                    seen.add((c.r, c.g, c.b))
        assert seen, f"{name}/{sprite} has no visible pixel"
        assert seen <= allowed, f"{name}/{sprite} uses {seen - allowed}"


def test_sprites_the_scenes_need_are_there():
    t = sprites.sheet("tripppin")
    for n in (["pawn_blue", "pawn_orange", "x_blue", "x_orange", "tile_blank", "tile_start",
               "tile_circle"] + [f"arrow_{d}" for d in range(8)]):
        assert t.get(n).get_size() == tuple(t.rect(n).size)
    assert t.get("tile_blank").get_size() == (48, 23)          # Layout.tile at 256 lines
    assert t.get("pawn_blue").get_size() == (50, 25)           # Layout.cell
    b = sprites.sheet("tribolo")
    for n in ("tile_blue", "tile_red", "tile_green", "tile_wall", "empty"):
        assert b.get(n).get_size() == (32, 23)
    r = sprites.sheet("triple3")
    assert [r.get(f"die_{n}").get_size() for n in range(1, 7)] == [(24, 24)] * 6
    assert len([n for n in r.names() if n.startswith("tumble_")]) == 6
    assert r.get("icon").get_size() == (34, 34)


# -- the looks' own sheets -----------------------------------------------------------------

LOOK_SPRITES = {
    "workbench": ["gadget_close", "gadget_depth_back", "gadget_depth_front", "gadget_sizing",
                  "check", "pointer"],
    "riscos": [f"tool_{n}" for n in ("back", "close", "toggle", "adjust", "up", "right",
                                     "down", "left")],
    "dos": ["wheel_pointer"],
}


def test_each_look_has_its_own_sheet_and_reads_it():
    for look, names in LOOK_SPRITES.items():
        assert sorted(index()[look]) == sorted(names), look
    read = {"workbench": amiga.sprite, "riscos": riscos.sprite, "dos": dos.sprite}
    for look, names in LOOK_SPRITES.items():
        for n in names:
            assert read[look](n) is sprites.sheet(look).get(n), (look, n)
    w = sprites.sheet("workbench")
    assert w.get("gadget_close").get_size() == (amiga.CLOSE_W, amiga.BAR_H)
    assert w.get("gadget_depth_front").get_size() == (amiga.DEPTH_W, amiga.BAR_H)
    assert sprites.sheet("riscos").get("tool_back").get_size() == (riscos.TOOL, riscos.TOOL)


def test_no_game_sheet_holds_a_looks_sprites():
    data = index()
    for game in GAME_SHEETS:
        for look, names in LOOK_SPRITES.items():
            assert not set(names) & set(data[game]), (game, look)


def test_the_looks_draw_their_chrome_from_their_own_sheets():
    surf = pygame.Surface((640, 512))
    amiga.draw_close_gadget(surf, (0, 0, amiga.CLOSE_W, amiga.BAR_H))
    want = pygame.Surface(surf.get_size())
    want.blit(sprites.sheet("workbench").get("gadget_close"), (0, 0))
    assert pygame.image.tobytes(surf, "RGB") == pygame.image.tobytes(want, "RGB")
    surf.fill((0, 0, 0))
    riscos.Window(pygame.Rect(10, 10, 200, 100), "T").draw(surf)
    assert surf.get_at((11, 11))[:3] == sprites.sheet("riscos").get("tool_back").get_at((1, 1))[:3]


def test_the_dos_wheel_pointer_is_the_triangle_it_was():
    """dos.draw_wheel's pointer comes from the DOS sheet, pixel for pixel the polygon it
    drew before."""
    got = pygame.Surface((40, 40))
    got.blit(dos.sprite("wheel_pointer"), (20 - 6, 20 - 9))
    want = pygame.Surface((40, 40))
    pygame.draw.polygon(want, dos.YELLOW, [(14, 11), (26, 11), (20, 23)])
    assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB")
    wheel = pygame.Surface((200, 160))
    dos.draw_wheel(wheel, (100, 90), 54, [("1", dos.BLUE, dos.WHITE)] * 8, 0.0, 0.73)
    assert wheel.get_at((100, 90 - round(54 * 0.73) - 8))[:3] == dos.YELLOW


def string_constants(path):
    return [n.value for n in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
            if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_no_ui_module_names_a_games_sheet():
    """games/ui reads only the looks' sheets: no string in its code is a game's sheet name,
    and every sprites.sheet(...) there names a look's sheet."""
    for path in sorted((ROOT / "games" / "ui").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        named = [c for c in string_constants(path) if c.lower() in GAME_SHEETS]
        assert not named, f"{path.name} names {named}"
        for node in ast.walk(tree):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "sheet" and node.args):
                arg = node.args[0]
                assert isinstance(arg, ast.Constant) and arg.value in LOOK_SHEETS, \
                    f"{path.name}, line {node.lineno}: sprites.sheet of {ast.dump(arg)}"


# -- TriAxis ------------------------------------------------------------------------------------

def test_triaxis_sheet_has_every_terrain_marker_and_mark():
    from games.triaxis import look, rules
    from games.triaxis.island import SEA, TERRAIN_NAMES, TERRAINS
    x = sprites.sheet("triaxis")
    names = set(x.names())
    for t in TERRAINS:
        assert x.get(f"hex_{TERRAIN_NAMES[t]}").get_size() == (37, 23), t
    assert look.TERRAIN_SPRITE[SEA] == "sea" and "hex_sea" in names and "hex_outline" in names
    for seat in rules.PLAYERS:
        for size in range(1, 7):
            rx, ry = look.marker_radius(size)
            assert x.get(f"marker_{seat}_{size}").get_size() == (2 * rx + 2, 2 * ry + 2)
    for rx in range(10, 19):
        assert f"ring_yellow_{rx}" in names
    assert {"ring_white_15", "ring_light_grey_15", "movable", "target"} <= names


def rgb(surf):
    return pygame.image.tobytes(surf, "RGB")


def test_triaxis_markers_and_marks_are_what_the_scene_drew():
    """art.py's markers, rings and marks are, pixel for pixel, what games/triaxis/scene.py
    drew with pygame.draw and the font (its draw_marker, ring and target code, copied)."""
    from games.triaxis import art, look
    sq = look.SQUASH
    c = (40, 40)
    for seat, colour in look.SEAT_COLOUR.items():
        for size in range(1, 7):
            want = pygame.Surface((80, 80))
            rx = 8 + size // 2
            ry = round(rx * sq * 1.15)
            cx, cy = c
            pygame.draw.ellipse(want, dos.WHITE, (cx - rx - 1, cy - ry - 1, 2 * rx + 2, 2 * ry + 2))
            pygame.draw.ellipse(want, dos.BLACK, (cx - rx, cy - ry, 2 * rx, 2 * ry))
            pygame.draw.ellipse(want, colour, (cx - rx + 1, cy - ry + 1, 2 * rx - 2, 2 * ry - 2))
            dos.text(want, str(size), (cx - 3, cy - 7), dos.BLACK)
            got = pygame.Surface((80, 80))
            art.draw_marker(got, c, seat, size)
            assert rgb(got) == rgb(want), (seat, size)
    for colour, name, rx in [(dos.YELLOW, "yellow", r) for r in range(10, 19)] + [
            (dos.WHITE, "white", 15), (dos.LIGHT_GREY, "light_grey", 15)]:
        want = pygame.Surface((80, 80))
        ry = round(rx * sq * 1.15)
        pygame.draw.ellipse(want, colour, (c[0] - rx, c[1] - ry, 2 * rx, 2 * ry), 1)
        got = pygame.Surface((80, 80))
        art.draw_ring(got, c, name, rx)
        assert rgb(got) == rgb(want), (name, rx)
    # the dotted ring's dots 5.5 pixels above and below the centre fell either way with
    # the float sums of the scene's code; the sprite is the ring drawn round (13, 11)
    want = pygame.Surface((80, 80))
    for a in range(0, 360, 30):
        want.fill(dos.WHITE, (round(13 + 13 * math.cos(math.radians(a))),
                              round(11 + 11 * math.sin(math.radians(a))), 2, 1))
    got = pygame.Surface((80, 80))
    art.draw_mark(got, (13, 11), "movable")
    assert rgb(got) == rgb(want)
    want = pygame.Surface((80, 80))
    pygame.draw.ellipse(want, dos.WHITE, (c[0] - 5, c[1] - 4, 10, 8))
    pygame.draw.ellipse(want, dos.BLACK, (c[0] - 3, c[1] - 2, 6, 4))
    got = pygame.Surface((80, 80))
    art.draw_mark(got, c, "target")
    assert rgb(got) == rgb(want)


def test_triaxis_zones_cover_the_scenes_hexes_in_their_colours():
    """Each zone sprite covers exactly the hex the scene filled (HexGrid.corners), in the
    terrain's colour and pattern colour only; the outline is the scene's polygon edge."""
    from games.triaxis import art, look
    from games.ui.board import HexGrid
    g = HexGrid((0, 0), look.HEX, 4, 4, squash=look.SQUASH)
    centre = g.centre(1, 1)
    mask = pygame.Surface((120, 120))
    pygame.draw.polygon(mask, dos.WHITE, g.corners(1, 1))
    for t, (base, fg, _pattern) in look.TERRAIN_LOOK.items():
        got = pygame.Surface((120, 120), pygame.SRCALPHA)
        art.draw_terrain(got, centre, t)
        seen = set()
        for y in range(120):
            for x in range(120):
                inside = mask.get_at((x, y))[:3] == dos.WHITE
                px = got.get_at((x, y))
                assert (px.a == 255) == inside, (t, x, y)
                if inside:
                    seen.add(tuple(px)[:3])
        assert seen == {base, fg}, t
    edge = pygame.Surface((120, 120))
    pygame.draw.polygon(edge, dos.WHITE, g.corners(1, 1), 1)
    got = pygame.Surface((120, 120), pygame.SRCALPHA)
    art.draw_outline(got, centre)
    for y in range(120):
        for x in range(120):
            assert (got.get_at((x, y)).a == 255) == (edge.get_at((x, y))[:3] == dos.WHITE)


def test_triaxis_draws_an_island_a_shrinking_marker_and_the_spinner():
    from games.triaxis import art, look, rules
    from games.ui.board import HexGrid
    st = rules.new_game(seed=3)
    g = HexGrid((8, 20), look.HEX, 16, 10, squash=look.SQUASH)
    surf = pygame.Surface((640, 350))
    art.draw_island(surf, st.island, g.centre)
    zone = 5 * 16 + 8
    base = look.TERRAIN_LOOK[st.island.terrain[zone]][0]
    assert surf.get_at(g.centre(8, 5))[:3] in (base, look.TERRAIN_LOOK[st.island.terrain[zone]][1])
    for scale in (0.05, 0.3, 0.7, 0.99):
        art.draw_marker(surf, (300, 300), "cyan", 6, scale)
    art.draw_marker(surf, (300, 300), "cyan", 6, 0.0)
    art.draw_spinner(surf, (548, 196), 54, "spin", 0.25)
    art.draw_spinner(surf, (548, 196), 54, "colour", 0.5)
    colours = {tuple(surf.get_at((x, y)))[:3] for y in range(0, 350, 2) for x in range(0, 640, 2)}
    assert colours <= set(looks.EGA)
    assert surf.get_at((548, 196 - round(54 * look.SQUASH) - 8))[:3] == look.YELLOW


def test_tribolo_tiles_match_todays_drawing():
    """The tile sprites are exactly what games/tribolo/scene.py draw_tile draws now."""
    from games.tribolo import look as scene
    b = sprites.sheet("tribolo")
    cases = [("B", 1.0, "tile_blue"), ("#", 1.0, "tile_wall"), (".", 1.0, "empty"),
             ("R", 1 - 2 / 6, "flip_red_2"), ("G", 0.0, "flip_green_6")]
    for letter, squash, name in cases:
        want = pygame.Surface((32, 23))
        scene.draw_tile(want, want.get_rect(), letter, squash)
        got = pygame.Surface((32, 23))
        got.blit(b.get(name), (0, 0))
        assert pygame.image.tobytes(got, "RGB") == pygame.image.tobytes(want, "RGB"), name


def test_a_missing_sprite_is_named():
    with pytest.raises(KeyError, match="no_such_sprite"):
        sprites.sheet("tripppin").get("no_such_sprite")
    with pytest.raises(KeyError, match="nope"):
        sprites.sheet("nope")


def test_make_sprites_reports_a_bad_art_line(tmp_path):
    sys.path.insert(0, str(SPRITES))
    try:
        import make_sprites
    finally:
        sys.path.remove(str(SPRITES))
    art = tmp_path / "bad.txt"
    art.write_text("sheet x\npen . transparent\npen K 0 0 0\n\nsprite a\n.K\nKZ\n",
                   encoding="utf-8")
    with pytest.raises(ValueError, match=r"bad.txt, line 5: sprite a: .*'Z'"):
        make_sprites.read_art(art)
