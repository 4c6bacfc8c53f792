"""The sprite sheets (sprites/make_sprites.py, sprites/*.png, sprites/index.json) and
games.ui.sprites."""
import json
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

from games.ui import amiga, dos, riscos_palette, sprites  # noqa: E402

SPRITES = ROOT / "sprites"
SCRIPT = SPRITES / "make_sprites.py"
SHEETS = ("tripppin", "tribolo", "triple3")
# the Workbench 1.3 pointer has its own three sprite pens (colours 17-19)
AMIGA_POINTER = {(238, 68, 68), (0, 0, 0), (238, 238, 204)}
PALETTES = {"tripppin": set(amiga.PENS), "tribolo": set(dos.PALETTE),
            "triple3": set(riscos_palette.WIMP)}


def run_script(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True,
                          text=True, timeout=120, env=env)


def copy_out(tmp_path):
    for name in [f"{s}.png" for s in SHEETS] + ["index.json"]:
        shutil.copy(SPRITES / name, tmp_path / name)
    return tmp_path


def index():
    return json.loads((SPRITES / "index.json").read_text(encoding="utf-8"))


def test_committed_sheets_pass_check():
    out = run_script("--check")
    assert out.returncode == 0, out.stderr


def test_a_fresh_build_is_byte_identical(tmp_path):
    assert run_script("--dir", str(tmp_path)).returncode == 0
    for name in [f"{s}.png" for s in SHEETS] + ["index.json"]:
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
               "tile_circle", "gadget_close", "gadget_depth_back", "gadget_depth_front",
               "gadget_sizing", "check", "pointer"] + [f"arrow_{d}" for d in range(8)]):
        assert t.get(n).get_size() == tuple(t.rect(n).size)
    assert t.get("tile_blank").get_size() == (48, 23)          # Layout.tile at 256 lines
    assert t.get("pawn_blue").get_size() == (50, 25)           # Layout.cell
    assert t.get("gadget_close").get_size() == (amiga.CLOSE_W, amiga.BAR_H)
    assert t.get("gadget_depth_front").get_size() == (amiga.DEPTH_W, amiga.BAR_H)
    b = sprites.sheet("tribolo")
    for n in ("tile_blue", "tile_red", "tile_green", "tile_wall", "empty"):
        assert b.get(n).get_size() == (32, 23)
    r = sprites.sheet("triple3")
    assert [r.get(f"die_{n}").get_size() for n in range(1, 7)] == [(24, 24)] * 6
    assert len([n for n in r.names() if n.startswith("tumble_")]) == 6
    assert r.get("icon").get_size() == (34, 34)


def test_tribolo_tiles_match_todays_drawing():
    """The tile sprites are exactly what games/tribolo/scene.py draw_tile draws now."""
    from games.tribolo import scene
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
