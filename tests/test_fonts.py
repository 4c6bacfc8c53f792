"""Tests for the bitmap fonts (fonts/*.txt) and their renderer (games/ui/fonts.py)."""
import os
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

from games.ui import fonts  # noqa: E402
from games.ui.fonts import BitmapFont  # noqa: E402

NAMES = ["acorn8x8", "ega8x14", "topaz8x8"]
SIZES = {"acorn8x8": (8, 8), "ega8x14": (8, 14), "topaz8x8": (8, 8)}

ASCII = [chr(c) for c in range(0x20, 0x7F)]
BOX = "─│┌┐└┘├┤┬┴┼═║╔╗╚╝╠╣╦╩╬"
ARROWS = "←↑→↓↖↗↘↙"
BLOCKS = "█▀▄▌▐░▒▓■"
OTHER = "✓©·•▲▼◀▶×"
REQUIRED = ASCII + list(BOX + ARROWS + BLOCKS + OTHER)

# Which cell edges each box-drawing glyph must reach: Up, Down, Left, Right.
BOX_EDGES = {
    "─": "LR", "│": "UD", "┌": "DR", "┐": "DL", "└": "UR", "┘": "UL",
    "├": "UDR", "┤": "UDL", "┬": "LRD", "┴": "LRU", "┼": "UDLR",
    "═": "LR", "║": "UD", "╔": "DR", "╗": "DL", "╚": "UR", "╝": "UL",
    "╠": "UDR", "╣": "UDL", "╦": "LRD", "╩": "LRU", "╬": "UDLR",
}
DOUBLE = set("═║╔╗╚╝╠╣╦╩╬")


@pytest.fixture(scope="module", params=NAMES)
def font(request):
    return fonts.get(request.param)


def ink_set(font, ch):
    return {(x, y) for y, row in enumerate(font.glyph(ch)) for x, c in enumerate(row) if c == "#"}


def edge_profile(rows, edge):
    """Positions along an edge where the glyph has ink."""
    if edge == "U":
        return {i for i, c in enumerate(rows[0]) if c == "#"}
    if edge == "D":
        return {i for i, c in enumerate(rows[-1]) if c == "#"}
    if edge == "L":
        return {i for i, r in enumerate(rows) if r[0] == "#"}
    return {i for i, r in enumerate(rows) if r[-1] == "#"}


def pixels(surface):
    w, h = surface.get_size()
    return [tuple(surface.get_at((x, y)))[:3] for y in range(h) for x in range(w)]


# --------------------------------------------------------------------- fonts

def test_every_font_parses(font):
    assert font.name in NAMES
    assert (font.width, font.height) == SIZES[font.name]
    assert 0 < font.baseline <= font.height
    assert fonts.get(font.name) is font          # cached


def test_load_from_file_equals_get():
    for name in NAMES:
        loaded = BitmapFont.load(ROOT / "fonts" / f"{name}.txt")
        assert loaded.name == name
        assert {c: loaded.glyph(c) for c in loaded.chars} == \
            {c: fonts.get(name).glyph(c) for c in fonts.get(name).chars}


def test_unknown_font_name():
    with pytest.raises(ValueError):
        fonts.get("comic-sans")


def test_has_every_required_character(font):
    missing = [f"U+{ord(c):04X}" for c in REQUIRED if not font.has(c)]
    assert not missing, f"{font.name} lacks {missing}"


def test_every_glyph_is_cell_sized(font):
    for ch in font.chars:
        rows = font.glyph(ch)
        assert len(rows) == font.height, ch
        assert all(len(r) == font.width and set(r) <= {"#", "."} for r in rows), ch


def test_space_is_blank_and_full_block_is_solid(font):
    assert ink_set(font, " ") == set()
    assert len(ink_set(font, "█")) == font.width * font.height


def test_printable_ascii_glyphs_are_distinct(font):
    seen = {}
    for ch in ASCII:
        rows = font.glyph(ch)
        assert rows not in seen, f"{font.name}: {ch!r} looks exactly like {seen[rows]!r}"
        seen[rows] = ch
    # and every visible character actually has ink
    assert all(ink_set(font, ch) for ch in ASCII if ch != " ")


def test_the_ega_small_l_is_not_read_as_one():
    """Tribolo names a square by a small letter and a number ("l4"): the EGA font's small
    l and 1 both stood on a base wider than the stem, both ways, and a stranger read
    "Blue plays l4" as "14". The l now ends in a foot turned right: no ink of its last
    row lies left of its stem, where 1's base reaches out both ways."""
    font = fonts.get("ega8x14")

    def bottom_and_stem(ch):
        ink = ink_set(font, ch)
        last = max(y for _, y in ink)
        cols = [x for x, y in ink if y == last]
        rows = {}
        for x, y in ink:
            rows.setdefault(x, set()).add(y)
        stem = min(x for x, ys in rows.items() if len(ys) == max(map(len, rows.values())))
        return min(cols), stem
    left_l, stem_l = bottom_and_stem("l")
    left_1, stem_1 = bottom_and_stem("1")
    assert left_l >= stem_l, "the l's foot turns right"
    assert left_1 < stem_1, "the 1 stands on a base"


def test_box_drawing_reaches_the_right_edges(font):
    for ch, edges in BOX_EDGES.items():
        rows = font.glyph(ch)
        for edge in "UDLR":
            touches = bool(edge_profile(rows, edge))
            assert touches == (edge in edges), f"{font.name} {ch}: edge {edge}"


def test_box_drawing_joins_seamlessly(font):
    """Every arm meets the edge at the same rows/columns as the plain line, so
    any two glyphs placed side by side (or stacked) join without a gap."""
    w = font.width
    h_single = font.glyph("─")
    v_single = font.glyph("│")
    # the example from the brief: ink in column 0 and column width-1 on one row
    assert any(r[0] == "#" and r[w - 1] == "#" for r in h_single)
    assert v_single[0] != "." * w and v_single[-1] != "." * w
    assert edge_profile(v_single, "U") == edge_profile(v_single, "D")
    for ch, edges in BOX_EDGES.items():
        hline = font.glyph("═" if ch in DOUBLE else "─")
        vline = font.glyph("║" if ch in DOUBLE else "│")
        rows = font.glyph(ch)
        for edge in edges:
            ref = hline if edge in "LR" else vline
            assert edge_profile(rows, edge) == edge_profile(ref, edge), \
                f"{font.name} {ch}: edge {edge} does not line up"
    # left and right edges of horizontal lines match each other (tiling)
    for line in ("─", "═"):
        rows = font.glyph(line)
        assert edge_profile(rows, "L") == edge_profile(rows, "R")
    for line in ("│", "║"):
        rows = font.glyph(line)
        assert edge_profile(rows, "U") == edge_profile(rows, "D")


def test_block_elements_fill_exactly(font):
    w, h = font.width, font.height
    full = {(x, y) for x in range(w) for y in range(h)}
    assert ink_set(font, "▀") == {(x, y) for x, y in full if y < h // 2}
    assert ink_set(font, "▄") == full - ink_set(font, "▀")
    assert ink_set(font, "▌") == {(x, y) for x, y in full if x < w // 2}
    assert ink_set(font, "▐") == full - ink_set(font, "▌")
    light, medium, dark = (len(ink_set(font, c)) for c in "░▒▓")
    assert 0 < light < medium < dark < len(full)
    square = ink_set(font, "■")
    assert 0 < len(square) < len(full)


def test_atlas_is_white_on_transparent(font):
    atlas = font.atlas
    w, h = atlas.get_size()
    assert w >= font.width * len(font.chars) and h == font.height
    colours = {tuple(atlas.get_at((x, y))) for y in range(h) for x in range(w)}
    assert (255, 255, 255, 255) in colours
    assert all(c == (255, 255, 255, 255) or c[3] == 0 for c in colours)


# ----------------------------------------------------------------- rendering

SAMPLE = "Hi! ╔═╗│█▓░ ←✓©"


def test_render_uses_only_ink_and_colorkey(font):
    colour = (200, 30, 60)
    surf = font.render(SAMPLE, colour)
    key = surf.get_colorkey()
    assert key is not None
    found = set(pixels(surf))
    assert found <= {colour, tuple(key)[:3]}
    assert colour in found


def test_render_uses_only_ink_and_background(font):
    colour, bg = (255, 255, 85), (0, 0, 170)
    surf = font.render(SAMPLE, colour, background=bg)
    assert set(pixels(surf)) == {colour, bg}


@pytest.mark.parametrize("colour", [(255, 0, 255), (0, 255, 1), (0, 0, 0)])
def test_render_with_colours_that_could_clash_with_the_key(font, colour):
    target = pygame.Surface((200, 20))
    target.fill((10, 20, 30))
    font.draw(target, "A█", (0, 0), colour)
    found = set(pixels(target))
    assert found == {colour, (10, 20, 30)}


def test_blitting_render_result_copies_only_ink(font):
    colour = (85, 255, 85)
    target = pygame.Surface((font.width * 6, font.height))
    target.fill((1, 2, 3))
    target.blit(font.render("Ab █ ", colour), (0, 0))
    found = pixels(target)
    assert set(found) == {colour, (1, 2, 3)}
    ink = sum(1 for p in found if p == colour)
    expected = sum(len(ink_set(font, c)) for c in "Ab █ ")
    assert ink == expected


def test_draw_pixels_match_the_glyphs(font):
    target = pygame.Surface((font.width * 3 + 10, font.height + 10))
    target.fill((0, 0, 0))
    rect = font.draw(target, "Qg", (5, 7), (255, 255, 255))
    assert rect == pygame.Rect(5, 7, font.width * 2, font.height)
    for i, ch in enumerate("Qg"):
        for y, row in enumerate(font.glyph(ch)):
            for x, c in enumerate(row):
                got = tuple(target.get_at((5 + i * font.width + x, 7 + y)))[:3]
                assert got == ((255, 255, 255) if c == "#" else (0, 0, 0))


def test_draw_with_background_fills_the_text_rect(font):
    target = pygame.Surface((100, 40))
    target.fill((9, 9, 9))
    rect = font.draw(target, "  ", (3, 4), (255, 255, 255), background=(170, 0, 0))
    assert rect.size == font.size("  ")
    inside = {tuple(target.get_at((x, y)))[:3] for x in range(rect.left, rect.right)
              for y in range(rect.top, rect.bottom)}
    assert inside == {(170, 0, 0)}
    assert tuple(target.get_at((rect.right, rect.top)))[:3] == (9, 9, 9)


def test_bold_is_two_strikes_one_pixel_apart(font):
    plain = ink_set(font, "I")
    target = pygame.Surface((font.width * 2, font.height))
    target.fill((0, 0, 0))
    rect = font.draw_bold(target, "I", (0, 0), (255, 255, 255))
    assert rect.width == font.width + 1
    got = {(x, y) for x in range(target.get_width()) for y in range(font.height)
           if tuple(target.get_at((x, y)))[:3] == (255, 255, 255)}
    assert got == plain | {(x + 1, y) for x, y in plain}
    assert font.render("I", (255, 255, 255), bold=True).get_width() == font.width + 1


@pytest.mark.parametrize("text", ["", "A", "Hello, world", "╔══╗", "x" * 57])
def test_size_and_render_agree(font, text):
    assert font.size(text) == (len(text) * font.width, font.height)
    assert font.render(text, (255, 255, 255)).get_size() == font.size(text)
    assert font.render(text, (255, 255, 255), (0, 0, 0)).get_size() == font.size(text)


def test_unknown_characters_draw_a_visible_replacement(font):
    text = "\u4e00\x00\n\t\U0001F600"
    assert not any(font.has(c) for c in text)
    surf = font.render(text, (255, 255, 255), background=(0, 0, 0))
    assert surf.get_size() == font.size(text)
    for i in range(len(text)):
        cell = surf.subsurface((i * font.width, 0, font.width, font.height))
        assert (255, 255, 255) in set(pixels(cell))
    target = pygame.Surface((10, 10))
    font.draw(target, text, (0, 0), (255, 255, 255))          # no exception


def test_render_is_cached_and_colour_specs_are_equivalent(font):
    a = font.render("cache me", (255, 85, 85))
    assert font.render("cache me", (255, 85, 85)) is a
    assert font.render("cache me", pygame.Color(255, 85, 85)) is a
    assert font.render("cache me", (255, 85, 85), (0, 0, 0)) is not a


def test_fonts_work_before_set_mode_and_init():
    # In a fresh interpreter: no pygame.init(), no display.set_mode().
    code = (
        "import os, sys; os.environ['SDL_VIDEODRIVER'] = 'dummy'; sys.path.insert(0, sys.argv[1])\n"
        "import pygame\n"
        "from games.ui import fonts\n"
        "for name in ('acorn8x8', 'ega8x14', 'topaz8x8'):\n"
        "    f = fonts.get(name)\n"
        "    s = f.render('ok \u2554', 'white')\n"
        "    t = pygame.Surface((40, 20)); f.draw(t, 'ok', (0, 0), (255, 0, 0), bold=True)\n"
        "assert pygame.display.get_surface() is None\n"
        "print('fine')\n"
    )
    out = subprocess.run([sys.executable, "-c", code, str(ROOT)], capture_output=True,
                         text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert "fine" in out.stdout


# ------------------------------------------------------------- bad font files

GOOD_HEADER = "# test font\nname t\nsize 3 2\nbaseline 2\n\n"
GLYPH_A = "glyph U+0041 A\n#.#\n.#.\n"


def load_text(tmp_path, text, name="bad.txt"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return BitmapFont.load(path)


def test_small_good_file_loads(tmp_path):
    f = load_text(tmp_path, GOOD_HEADER + GLYPH_A + "\nglyph U+0023 #\n###\n#.#\n", "good.txt")
    assert (f.name, f.width, f.height, f.baseline) == ("t", 3, 2, 2)
    assert f.glyph("A") == ("#.#", ".#.")
    assert f.glyph("#") == ("###", "#.#")        # a row starting with '#' is a row
    assert f.render("A#?", (255, 255, 255)).get_size() == (9, 2)


def assert_bad(tmp_path, text, line, *words):
    with pytest.raises(ValueError) as info:
        load_text(tmp_path, text)
    message = str(info.value)
    assert "bad.txt" in message, message
    assert f"line {line}:" in message, message
    for word in words:
        assert word in message, message


def test_wrong_row_length(tmp_path):
    assert_bad(tmp_path, GOOD_HEADER + "glyph U+0041 A\n#.#\n.#..\n", 8, "4 characters", "expected 3")


def test_short_glyph_followed_by_next_glyph(tmp_path):
    text = GOOD_HEADER + "glyph U+0041 A\n#.#\n\nglyph U+0042 B\n##.\n##.\n"
    assert_bad(tmp_path, text, 8, "U+0041", "row 2")


def test_glyph_cut_off_at_end_of_file(tmp_path):
    assert_bad(tmp_path, GOOD_HEADER + "glyph U+0041 A\n#.#\n", 8, "ends after 1 rows")


def test_bad_pixel_character(tmp_path):
    assert_bad(tmp_path, GOOD_HEADER + "glyph U+0041 A\n#.#\n.X.\n", 8, "'X'")


def test_missing_size_line(tmp_path):
    assert_bad(tmp_path, "name t\nbaseline 2\n\n" + GLYPH_A, 4, "size")


def test_missing_size_line_without_glyphs(tmp_path):
    assert_bad(tmp_path, "name t\n", 1, "size")


def test_duplicate_glyph(tmp_path):
    text = GOOD_HEADER + GLYPH_A + "\n" + GLYPH_A
    assert_bad(tmp_path, text, 10, "duplicate", "U+0041", "line 6")


@pytest.mark.parametrize("cp", ["U+00ZZ", "U+41", "U+D800", "U+110000", "0041", "U+1234567"])
def test_bad_codepoint(tmp_path, cp):
    assert_bad(tmp_path, GOOD_HEADER + f"glyph {cp} ?\n#.#\n.#.\n", 6)


def test_bad_size_and_stray_lines(tmp_path):
    assert_bad(tmp_path, "size 8\n" + GLYPH_A, 1, "size")
    assert_bad(tmp_path, GOOD_HEADER + "hello\n", 6, "unexpected")
    assert_bad(tmp_path, GOOD_HEADER + "size 3 2\n", 6, "second 'size'")
    assert_bad(tmp_path, GOOD_HEADER + GLYPH_A + "baseline 1\n", 9, "after the first glyph")


# ------------------------------------------------ one source: fonts/make_fonts.py --check

MAKE_FONTS = ROOT / "fonts" / "make_fonts.py"


def run_make_fonts(*args):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    return subprocess.run([sys.executable, str(MAKE_FONTS), *args], capture_output=True,
                          text=True, timeout=120, env=env)


def font_copy(tmp_path):
    for name in NAMES:
        (tmp_path / f"{name}.txt").write_bytes((ROOT / "fonts" / f"{name}.txt").read_bytes())
    return tmp_path


def edit_glyph(path, cp, row, new_row):
    """Replace row ``row`` of glyph U+cp in a font file."""
    lines = path.read_text(encoding="utf-8").splitlines()
    at = next(i for i, ln in enumerate(lines) if ln.startswith(f"glyph U+{cp:04X} "))
    assert lines[at + 1 + row] != new_row
    lines[at + 1 + row] = new_row
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def test_make_fonts_holds_no_glyphs():
    """The .txt files are the only source: the script has no rows of glyph art."""
    text = MAKE_FONTS.read_text(encoding="utf-8")
    art = [ln for ln in text.splitlines() if len(ln) == 8 and set(ln) <= {"#", "."}]
    assert not art, art[:3]


def test_committed_fonts_pass_check():
    out = run_make_fonts("--check")
    assert out.returncode == 0, out.stderr


def test_check_fails_on_a_hand_edited_derived_glyph(tmp_path):
    d = font_copy(tmp_path)
    edit_glyph(d / "ega8x14.txt", 0x2500, 0, "#.......")      # a dot on the box line ─
    out = run_make_fonts("--check", "--dir", str(d))
    assert out.returncode == 1
    assert "ega8x14.txt" in out.stderr and "U+2500" in out.stderr and "derived" in out.stderr


def test_check_fails_when_a_source_is_edited_and_its_mirror_is_stale(tmp_path):
    d = font_copy(tmp_path)
    edit_glyph(d / "topaz8x8.txt", 0x2191, 7, "#......#")     # the up arrow, not rebuilt
    out = run_make_fonts("--check", "--dir", str(d))
    assert out.returncode == 1
    assert "topaz8x8.txt" in out.stderr and "U+2191" in out.stderr   # "... of U+2191 ↑"
    # making the fonts derives the mirrors afresh, and then the copy passes
    assert run_make_fonts("--dir", str(d)).returncode == 0
    assert run_make_fonts("--check", "--dir", str(d)).returncode == 0
    down = BitmapFont.load(d / "topaz8x8.txt").glyph("\u2193")
    assert down[0] == "#......#"                                     # ↓ is ↑ upside down


def test_a_hand_drawn_glyph_is_edited_in_its_txt_only(tmp_path):
    d = font_copy(tmp_path)
    edit_glyph(d / "acorn8x8.txt", 0x51, 7, "########")             # a bar under Q
    before = (d / "acorn8x8.txt").read_text(encoding="utf-8")        # (no glyph is cut from
    assert run_make_fonts("--check", "--dir", str(d)).returncode == 0   # it, as a pad's A is
    assert run_make_fonts("--dir", str(d)).returncode == 0              # from the A)
    assert (d / "acorn8x8.txt").read_text(encoding="utf-8") == before   # the edit is kept
    assert BitmapFont.load(d / "acorn8x8.txt").glyph("Q")[7] == "########"


def test_check_fails_on_a_stray_header_edit(tmp_path):
    d = font_copy(tmp_path)
    path = d / "acorn8x8.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("baseline 7", "baseline 6"),
                    encoding="utf-8")
    out = run_make_fonts("--check", "--dir", str(d))
    assert out.returncode == 1 and "acorn8x8.txt, line" in out.stderr


def test_check_compares_the_atlas_the_game_builds(monkeypatch):
    """--check also reads back the atlas games/ui/fonts.py builds; a wrong pixel there
    (here: the renderer made to drop one) is named."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("make_fonts_under_test", MAKE_FONTS)
    mf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mf)
    assert mf.atlas_problem("topaz8x8", ROOT / "fonts" / "topaz8x8.txt") is None
    real = BitmapFont._build_atlas

    def broken(self):
        real(self)
        self.atlas.set_at((3, 0), (0, 0, 0, 0))                # glyph 0 is the space: blank
        self.atlas.set_at((8 + 2, 1), (0, 0, 0, 0))            # glyph 1 is '!': ink at (2, 1)
    monkeypatch.setattr(BitmapFont, "_build_atlas", broken)
    problem = mf.atlas_problem("topaz8x8", ROOT / "fonts" / "topaz8x8.txt")
    assert problem is not None and "U+0021" in problem


# -- the controls' glyphs are readable at the native size (games/ui/controls.py) -----------

def drawn(font, ch) -> list:
    """The pixels ``ch`` is drawn with, as the game draws it (ink True), row by row."""
    img = font.render(ch, (255, 255, 255), (0, 0, 0))
    return [[img.get_at((x, y))[:3] == (255, 255, 255) for x in range(img.get_width())]
            for y in range(font.height)]


def apart(a, b) -> int:
    return sum(x != y for ra, rb in zip(a, b) for x, y in zip(ra, rb))


@pytest.mark.parametrize("look", ["amiga", "dos", "riscos", "launcher"])
def test_the_pad_and_mouse_glyphs_read_as_themselves_in_each_looks_font(look):
    """A, B, X and Y are four different buttons and none of them is a 0 (each is at least
    three tenths of the cell away from the font's 0, drawn beside a 0 as wide as itself);
    the mouse's buttons are no 8; the shoulders, Start and Back are glyphs of their own,
    different from each other. (That each face button reads as its letter, read back from
    the pixels: tests/test_pads.py.)"""
    from games.ui import looks
    from games.ui.controls import GLYPHS as G
    font = fonts.get(looks.get(look).font_name)
    far = 0.3 * font.width * font.height
    eight = drawn(font, "8")
    faces = {k: drawn(font, G[k]) for k in ("A", "B", "X", "Y")}
    for k, g in faces.items():
        wide = len(G[k])
        assert apart(g, drawn(font, "0" * wide)) >= far, f"{font.name}: pad {k} reads as a 0"
        assert apart(g, drawn(font, k + " " * (wide - 1))) >= far / 2, \
            f"{font.name}: pad {k} is just a letter"
    keys = list(faces)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            assert apart(faces[a], faces[b]) >= 4, f"{font.name}: pad {a} and {b} look alike"
    for k in ("mouse_left", "mouse_right", "mouse_middle"):
        assert apart(drawn(font, G[k]), eight) >= far, f"{font.name}: {k} reads as an 8"
    own = [drawn(font, G[k]) for k in ("L", "R", "start", "back", "mouse_left",
                                        "mouse_right", "mouse_middle")] + list(faces.values())
    for i, a in enumerate(own):
        for b in own[i + 1:]:
            assert apart(a, b) >= 4, f"{font.name}: two control glyphs look alike"
