"""Board coordinates (issue 50: Tribolo says "Green plays m3" on a board with no letters on
its edges): the "Board coordinates" setting, off by default, labels every game's board from
the geometry it declares (``board_cells``), built from the registry; the labels are read
back from the pixels; off, the picture is the original's, pixel for pixel."""

from __future__ import annotations

import re

import pygame
import pytest

import games
import shots
from driver import frames, key
from games.ui import coordinates
from games.ui.watch import luminance
from test_replay import played_game

GAMES = games.playable(include_hidden=True)


def drawn_as(picture, font, text, at, light, dark) -> bool:
    """``text`` is drawn at ``at``: its ink in ``light``, each pixel round the ink (not ink)
    in ``dark`` (the outline that makes a label read on any tile)."""
    w, h = font.size(text)
    ink = set()
    for n, ch in enumerate(text):
        for j, row in enumerate(font.glyph(ch)):
            ink |= {(at[0] + n * font.width + i, at[1] + j) for i, c in enumerate(row)
                    if c == "#"}
    ring = {(x + dx, y + dy) for x, y in ink for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - ink
    return (all(tuple(picture.get_at(p))[:3] == light for p in ink)
            and all(tuple(picture.get_at(p))[:3] == dark for p in ring))


def read_label(picture, font, where, at, light, dark) -> str:
    """What a label drawn with its top left at ``at`` says, read from the pixels: the
    column letter (a-z) or the row number (1-99) drawn there, the longest that is (a 1 is
    drawn where a 10 is); "" when none is."""
    candidates = ([chr(c) for c in range(ord("a"), ord("z") + 1)] if where == "column"
                  else [str(n) for n in range(1, 100)])
    found = [t for t in candidates if drawn_as(picture, font, t, at, light, dark)]
    return max(found, key=len) if found else ""


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_boards_coordinates_name_its_cells_as_the_moves_do(make_app, entry):
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, plies=12)
    app.dirty = True
    frames(app, 2)
    plain = app.last_native.copy()
    assert not coordinates.coordinates_on(app), "off by default: the originals' look"
    app.choose_setting(coordinates.SETTING, True)
    app.dirty = True
    frames(app, 2)
    shown = app.last_native.copy()
    cells = scene.board_cells()
    grid = all(re.fullmatch(r"[a-z]+[0-9]+", name) for name in cells)
    found = coordinates.labels(cells)
    if not grid:                               # a board that names its own cells (Triple 3)
        assert not found and pygame.image.tobytes(shown, "RGB") == \
            pygame.image.tobytes(plain, "RGB")
    else:
        font = coordinates.font_for(scene.look)
        light = max(scene.look.palette, key=luminance)[:3]
        dark = min(scene.look.palette, key=luminance)[:3]
        columns = {re.match(r"[a-z]+", n).group() for n in cells}
        rows = {re.search(r"[0-9]+", n).group() for n in cells}
        assert {t for t, w, _ in found if w == "column"} == columns
        assert {t for t, w, _ in found if w == "row"} == rows
        changed = pygame.Rect(0, 0, 0, 0)
        for text, where, cell in found:
            at = coordinates.place(font, text, where, cell)
            assert read_label(shown, font, where, at, light, dark) == text, (text, where)
            inside = pygame.Rect(at, font.size(text)).inflate(2, 2)
            assert cell.contains(inside), (text, cell, inside)
            # in a cell of its own column or row: the lowest of the column, the leftmost
            # of the row
            named = [n for n, r in cells.items() if r == cell]
            same = (re.match(r"[a-z]+", n).group() == text if where == "column"
                    else re.search(r"[0-9]+", n).group() == text for n in named)
            assert any(same), (text, named)
            changed = inside if not changed.w else changed.union(inside)
        assert changed.w, "the labels are drawn"
        shots.save(shown, f"coordinates-{entry.name}.png")
    app.choose_setting(coordinates.SETTING, False)
    app.dirty = True
    frames(app, 2)
    assert pygame.image.tobytes(app.last_native, "RGB") == pygame.image.tobytes(plain, "RGB")


def test_the_settings_screen_turns_the_coordinates_on_and_keeps_them(make_app, tmp_path):
    from games.launcher.scene import LauncherScene, SettingsScene
    app = make_app(anim_speed=0, mute=True)
    app.push(LauncherScene(app))
    settings = app.push(SettingsScene(app))
    labels = [i.label for i in settings.menu.items]
    settings.menu.cursor = labels.index("Board coordinates")
    key(app, pygame.K_RIGHT)
    assert coordinates.coordinates_on(app)
    again = make_app(anim_speed=0, mute=True, data_dir=str(tmp_path / "other"))
    assert not coordinates.coordinates_on(again)
    app.shutdown(quit_pygame=False)
    kept = make_app(anim_speed=0, mute=True)             # the same data folder
    assert coordinates.coordinates_on(kept)
