"""A frame presents only what changed, and the window looks exactly as if the whole
picture had been drawn and presented: every scene is run through a scripted sequence (its
title, its own animations, blinks, the computer playing itself, the launcher's menus) and
after every frame the window is compared, pixel for pixel, with the whole picture drawn and
presented over it. Several window shapes: whole and uneven scale factors, scanlines.

Also: an idle scene draws and presents nothing, and the loop sleeps while nothing is due."""

import time

import hypothesis
import hypothesis.strategies as st
import pygame
import pytest

import games
from games.launcher.scene import LauncherScene


class Clock:
    """The loop's clock, a sixtieth of a second a frame."""

    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def first_difference(app, a: bytes, b: bytes) -> tuple:
    """The first window pixel where two copies of the window's memory differ, and the
    native pixel it shows."""
    i = next(k for k in range(len(a)) if a[k] != b[k])
    w = app.display.window
    y, x = divmod(i, w.get_pitch())
    x //= w.get_bytesize()
    return (x, y), app.display.to_native((x, y))


class Checked:
    """Steps the app and, after each frame, compares its window with the whole picture."""

    def __init__(self, app, clock):
        self.app, self.clock = app, clock
        self.partial_frames = 0
        self.frames = 0

    def step(self, n: int = 1) -> None:
        app = self.app
        for _ in range(n):
            self.clock.t += 1 / 60
            whole = app.display.presented_whole
            app.step()
            if app.display.presented_whole == whole:
                self.partial_frames += 1
            self.frames += 1
            window = app.display.window
            shown = window.get_buffer().raw          # its pixels as they are (no conversion)
            app.present_whole()
            full = window.get_buffer().raw
            if full != shown:
                raise AssertionError(
                    f"frame {self.frames} of {type(app.top).__name__} ({app.top.name}) "
                    f"differs from the whole picture at {first_difference(app, shown, full)}")

    def key(self, name: str, n: int = 3) -> None:
        key = pygame.key.key_code(name)
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="",
                                                 scancode=0))
        self.step(n)


def animations(scene) -> dict:
    """The scene's own animations (LookScene.bench_animations: {} unless declared)."""
    return dict(scene.bench_animations())


WINDOWS = [dict(window_size=(1366, 768), scale="aspect"),             # uneven factors
           dict(window_size=(1280, 1024), scale="integer"),            # whole factors
           dict(window_size=(1000, 777), scale="stretch", scanlines=True)]


@pytest.mark.parametrize("how", WINDOWS, ids=["aspect", "integer", "scanlines"])
@pytest.mark.parametrize("name", ["launcher"] + [e.name for e in games.games(include_hidden=True)])
def test_a_frame_of_changes_shows_what_the_whole_picture_shows(make_app, name, how):
    clock = Clock()
    app = make_app(clock=clock, anim_speed=1.0, mute=True, **how)
    run = Checked(app, clock)
    if name == "launcher":
        app.push(LauncherScene(app))
        run.step(3)
        for k in ("down", "down", "up", "return", "down", "escape", "down"):
            run.key(k)
        return
    scene = app.push(games.get(name).scene_factory()(app, seed=7))
    run.step(3)
    for k in getattr(scene, "bench_start_keys", ("return",)):
        run.key(k, 5)
    for label, start in animations(scene).items():
        _, running = start()
        app.dirty = True              # started from outside the game's own flow
        for _ in range(90):
            run.step()
            if not running():
                break
    run.step(40)                                  # blinks, messages running out
    if getattr(scene, "table", None) is None:     # a screen that is not a game
        for k in ("up", "a", "down", "space", "left"):
            run.key(k)
        return
    for seat in list(scene.table.seats):
        scene.table.set_seat(seat, "computer")
    app.dirty = True                  # (as the menu that would change them does)
    for _ in range(240):                          # moves, their animations, the end
        run.step()
        if app.top is not scene:
            break
    assert run.partial_frames > 0, "every frame was presented whole"


@pytest.mark.parametrize("name", [e.name for e in games.games(include_hidden=True)])
def test_a_key_that_moves_the_cursor_presents_only_the_rows_it_changed(make_app, name):
    """A key is answered by a whole redraw of the picture, but only the rows that differ
    are presented (a whole scaled window at 1920x1080 was half of a Pi-class frame), and
    the window is still exactly the whole picture (Checked)."""
    clock = Clock()
    app = make_app(clock=clock, anim_speed=0.0, mute=True, window_size=(1920, 1080),
                   scale="aspect")
    run = Checked(app, clock)
    scene = app.push(games.get(name).scene_factory()(app, seed=7))
    run.step(3)
    for k in getattr(scene, "bench_start_keys", ("return",)):
        run.key(k, 5)
    run.step(40)
    t = getattr(scene, "table", None)
    if t is not None:
        # the computer's moves come first, from the worker, and are waited for (a hang
        # guard, never a timing): a move that lands between the keys is a frame of its own
        hang = time.monotonic() + 600
        while (t.thinking or not t.human_to_move) and not t.state.is_over:
            assert time.monotonic() < hang, "the computer never moved"
            run.step()
            time.sleep(0.002)
        run.step(40)                  # its animation, and its message run out
    for k in ("right", "down", "left", "up"):
        partial = run.partial_frames
        run.key(k, 1)
        assert run.partial_frames == partial + 1, f"{k}: the whole window presented"


def test_an_idle_scene_draws_nothing_and_the_loop_sleeps(make_app):
    clock = Clock()
    app = make_app(clock=clock, anim_speed=1.0)
    app.push(LauncherScene(app))
    for _ in range(3):
        clock.t += 1 / 60
        app.step()
    shown = app.display.presented
    for _ in range(30):
        clock.t += 1 / 60
        app.step()
    assert app.display.presented == shown, "nothing changed, nothing is presented"
    assert app.next_change() is None, "nothing is due: the loop sleeps until input"


# a soak: up to 3000 frames of the attract loop, each against a whole redraw (about two
# minutes on a busy machine); the games' own frames are checked in the default run
@pytest.mark.slow
def test_the_attract_loop_shows_what_the_whole_picture_shows(make_app):
    """The cabinet's attract loop: cards, every demo's frames, the blinking prompt."""
    from games.cabinet import install
    from games.cabinet.attract import AttractScene
    clock = Clock()
    app = make_app(clock=clock, anim_speed=4.0, kiosk=True, window_size=(1366, 768))
    app.settings["kiosk"]["demo_seconds"] = 10
    install(app)
    run = Checked(app, clock)
    run.step(2)
    clock.t += app.settings["kiosk"]["attract_after"] + 1
    run.step(2)
    assert isinstance(app.top, AttractScene)
    attract = app.top
    while len(attract.games_shown) < 2 and run.frames < 3000:
        run.step()
    assert attract.games_shown and run.partial_frames > 0


@pytest.mark.parametrize("name", [e.name for e in games.playable(include_hidden=True)])
def test_a_blink_is_drawn_once_a_phase_and_then_put_back(make_app, name):
    """A blink alone (Tripppin's X's, Triple 3's cursor hole: a game whose scene names a
    ``next_change`` once its cursor shows) is drawn for each of its two pictures once;
    later toggles put those pictures back (no drawing, no scaling), and the window is still
    what the whole picture shows, frame after frame. A game with no blink has nothing to
    check."""
    clock = Clock()
    app = make_app(clock=clock, anim_speed=1.0, mute=True, window_size=(1366, 768))
    run = Checked(app, clock)
    scene = app.push(games.get(name).scene_factory()(app, seed=7))
    run.step(3)
    for k in getattr(scene, "bench_start_keys", ("return",)):
        run.key(k, 5)
    run.key("right", 120)                         # a cursor shown; the dice settle
    if scene.next_change() is None:
        pytest.skip(f"{name} shows no blink")
    draws = []
    real_draw = scene.draw

    def counted(surface):
        draws.append(app.frame)
        real_draw(surface)
    scene.draw = counted
    toggles = stepped_draws = 0
    for _ in range(300):                          # five seconds: ten toggles or more
        before, shown = len(draws), app.display.presented
        clock.t += 1 / 60
        app.step()
        stepped_draws += len(draws) - before
        toggles += app.display.presented - shown
        picture = app.display.window.get_buffer().raw
        app.present_whole()
        assert app.display.window.get_buffer().raw == picture, \
            f"frame {app.frame} differs from the whole"
    assert toggles >= 8, "the blink toggled"
    assert stepped_draws <= 3, f"{stepped_draws} draws for {toggles} toggles"


def test_triple3s_dice_at_4k_get_a_cheaper_cover_once_they_keep_coming_back():
    """The dice's columns at 3840x2160 (640 native to 2700): a quick cover of 7 spans over
    128 native pixels; once the change keeps coming back, 3 spans (each exact: above)."""
    from games.core.display import Axis
    axis = Axis(640, 2700)
    quick = axis.spans(413, 525)
    for _ in range(100):
        axis.budget = Axis.CHECKS
        best = axis.spans(413, 525)
    assert len(quick) == 7 and len(best) == 3
    assert axis.cost(best) < axis.cost(quick)


def scaled_row(src: int, dst: int) -> list:
    """Which native pixel each window pixel of a row shows, as pygame scales a whole row."""
    row = pygame.Surface((src, 1), 0, 32)
    for i in range(src):
        row.set_at((i, 0), (i & 255, i >> 8, 0))
    out = pygame.transform.scale(row, (dst, 1))
    return [out.get_at((j, 0))[0] + (out.get_at((j, 0))[1] << 8) for j in range(dst)]


@hypothesis.settings(max_examples=60, deadline=None)
@hypothesis.example(src=640, factor=2700 / 640, a=413, n=112, asks=1)   # Triple 3's dice at 4K
@hypothesis.example(src=512, factor=2160 / 512, a=47, n=58, asks=1)
@hypothesis.example(src=20, factor=384.0, a=3, n=9, asks=1)         # 256+ window pixels each
@hypothesis.given(src=st.sampled_from([256, 350, 480, 512, 640]),
                  factor=st.floats(1.0, 7.0), a=st.integers(0, 10_000), n=st.integers(1, 240),
                  asks=st.integers(1, 4))
def test_an_axis_covers_a_change_with_spans_that_scale_as_the_whole(src, factor, a, n, asks):
    """Every span of a change's cover, scaled by pygame on its own, shows exactly the
    native pixels the whole row shows there; the spans cover the change, end to start;
    a change asked for again and again (an animation's) gets a cover no dearer than its
    first (searched for a little at a time)."""
    from games.core.display import Axis
    dst = max(src, round(src * factor))
    whole = scaled_row(src, dst)
    axis = Axis(src, dst)
    n0 = a % src
    n1 = min(src, n0 + n)
    first = axis.spans(n0, n1)
    spans = first
    for _ in range(asks * 400):           # a frame's search budget each time
        axis.budget = Axis.CHECKS
        spans = axis.spans(n0, n1)
    if n1 - n0 <= Axis.LONGEST:
        assert axis._spans[(n0, n1)][2] is None, "the search ended"
    assert axis.cost(spans) <= axis.cost(first)
    for cover in (first, spans):
        assert cover[0][0] <= n0 and cover[-1][1] >= n1
        for (_, q, _, b), (p, _, c, _) in zip(cover, cover[1:]):
            assert p == q and c == b, "spans join end to start"
        for x0, x1, w0, w1 in cover:
            piece = pygame.Surface((x1 - x0, 1), 0, 32)
            for i in range(x0, x1):
                piece.set_at((i - x0, 0), (i & 255, i >> 8, 0))
            alone = pygame.transform.scale(piece, (w1 - w0, 1))
            shown = [alone.get_at((j, 0))[0] + (alone.get_at((j, 0))[1] << 8)
                     for j in range(w1 - w0)]
            assert shown == whole[w0:w1], f"span {x0}..{x1} scaled alone differs"


@hypothesis.given(
    x=st.integers(-20, 660), y=st.integers(-20, 370), w=st.integers(0, 700),
    h=st.integers(0, 400), colour=st.tuples(*[st.integers(0, 255)] * 3),
    clip=st.one_of(st.none(), st.tuples(st.integers(0, 640), st.integers(0, 350),
                                        st.integers(0, 640), st.integers(0, 350))),
    kind=st.sampled_from(["canvas", "alpha", "palette", "whole"]))
@hypothesis.settings(max_examples=150, deadline=None)
def test_solid_fill_gives_the_pixels_of_sdl_fill(x, y, w, h, colour, clip, kind):
    """games.ui.solid.fill (a copy from a kept surface of the colour: SDL's own fill of a
    narrow rectangle is slow) paints exactly what Surface.fill paints, clip included."""
    from games.ui import solid
    if kind == "alpha":
        make = lambda: pygame.Surface((640, 350), pygame.SRCALPHA)           # noqa: E731
    elif kind == "palette":
        make = lambda: pygame.Surface((640, 350), 0, 8)                      # noqa: E731
    else:
        make = lambda: pygame.Surface((640, 350))                           # noqa: E731
    a, b = make(), make()
    for s in (a, b):
        s.fill((9, 200, 31))
        s.fill((250, 3, 77), (100, 50, 300, 100))
        if clip is not None:
            s.set_clip(clip)
    rect = None if kind == "whole" else (x, y, w, h)
    a.fill(colour, rect)
    solid.fill(b, colour, rect)
    a.set_clip(None)
    b.set_clip(None)
    assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA")


def test_triaxis_slides_and_rings_show_what_the_whole_picture_shows(make_app):
    """TriAxis's moves (a marker sliding, markers growing, vanishing and appearing in
    rings) redraw only the zones they touch, not the island: each such frame presents a
    part, and still shows what the whole picture shows."""
    import random

    from games.triaxis import rules
    clock = Clock()
    app = make_app(clock=clock, anim_speed=1.0, mute=True, window_size=(1366, 768))
    run = Checked(app, clock)
    scene = app.push(games.get("triaxis").scene_factory()(app, seed=7))
    run.step(3)
    for k in scene.bench_start_keys:
        run.key(k, 5)
    state, rng = rules.new_game(seed=3), random.Random(3)
    while state.phase == "setup":               # markers placed at random: the moves begin
        state = state.play(rng.choice([o for o, _ in state.chance_outcomes()]
                                      if state.is_chance else state.legal_moves()))
    table = scene.table
    for seat in list(table.seats):
        table.set_seat(seat, "computer")
    table.min_think = 0.0
    table.new_game(start_text=state.to_text())
    app.dirty = True
    partial = {"slide": 0, "fx": 0}             # frames of each presented in part
    for _ in range(3000):
        tracks = [n for n in partial if scene.timeline.running(n)]
        before = run.partial_frames
        run.step()
        for n in tracks:
            partial[n] += run.partial_frames - before
        if min(partial.values()) >= 40 or table.state.is_over:
            break
    assert partial["slide"] >= 30 and partial["fx"] >= 30, partial
