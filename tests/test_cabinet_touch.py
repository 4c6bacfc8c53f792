"""A museum kiosk's touch screen works by touch alone (issue 34): SDL's finger events are
the pointer the mouse feeds (a tap a click, a drag a drag), and SDL's mouse events made
from the same touch are dropped, so nothing arrives twice. Real SDL events through the
real loop on the dummy drivers; the games come from the registry."""

import pygame
import pytest

from driver import frames
from games.ui.scene import GameScene
from test_cabinet import cabinet, shown_games  # noqa: F401


def finger(app, kind, native, fid=1, emulated=True):
    """A finger event at a native pixel; with ``emulated``, the mouse event SDL makes from
    it too (``touch`` set), as a real touch screen sends both."""
    wx, wy = app.display.to_window(native)
    w, h = pygame.display.get_window_size()
    pygame.event.post(pygame.event.Event(kind, touch_id=1, finger_id=fid, x=wx / w, y=wy / h,
                                         dx=0.0, dy=0.0, pressure=1.0))
    if emulated:
        mouse = {pygame.FINGERDOWN: pygame.MOUSEBUTTONDOWN, pygame.FINGERUP: pygame.MOUSEBUTTONUP,
                 pygame.FINGERMOTION: pygame.MOUSEMOTION}[kind]
        extra = dict(button=1) if mouse != pygame.MOUSEMOTION else dict(rel=(1, 1),
                                                                        buttons=(1, 0, 0))
        pygame.event.post(pygame.event.Event(mouse, pos=(wx, wy), touch=True, **extra))


def tap(app, native):
    finger(app, pygame.FINGERDOWN, native)
    finger(app, pygame.FINGERUP, native)
    app.step()


def test_a_tap_is_one_click_and_a_drag_a_drag(cabinet):
    app, cab, clock = cabinet()
    app.action_log.clear()
    finger(app, pygame.FINGERDOWN, (100, 100))
    finger(app, pygame.FINGERMOTION, (150, 120))
    finger(app, pygame.FINGERDOWN, (300, 300), fid=2)         # a second finger: ignored
    finger(app, pygame.FINGERMOTION, (200, 140))
    finger(app, pygame.FINGERUP, (200, 140))
    app.step()
    kinds = [(a.kind, a.pos, tuple(sorted(a.buttons))) for a in app.action_log
             if a.kind.startswith("pointer")]
    downs = [k for k in kinds if k[0] == "pointer_down"]
    ups = [k for k in kinds if k[0] == "pointer_up"]
    assert len(downs) == 1 and len(ups) == 1, kinds
    moves = [k for k in kinds if k[0] == "pointer_move" and k[2] == (1,)]
    assert len(moves) >= 3, "the drag moves with button 1 held"
    x, y = ups[0][1]
    assert abs(x - 200) <= 2 and abs(y - 140) <= 2, "in native pixels"


@pytest.mark.parametrize("name", shown_games())
def test_every_game_starts_and_opens_its_menu_by_touch_alone(cabinet, name):
    app, cab, clock = cabinet()
    launcher = cab.launcher
    i = [e.name for e in launcher.entries].index(name)
    tap(app, launcher.menu.item_rect(i).center)
    frames(app, 2)
    scene = next((s for s in app.stack if isinstance(s, GameScene)), None)
    assert scene is not None and scene.game == name, "a tap on the launcher opens the game"
    top = app.top
    if getattr(top, "name", "") == "title":
        tap(app, top.menu.item_rect(0).center)
        frames(app, 2)
        assert app.top is not top, "a tap on the title page's choice takes it"
    assert not any(a.kind == "pointer_down" and a.source != "mouse" for a in app.action_log)
