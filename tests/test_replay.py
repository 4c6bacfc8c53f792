"""Replays (issue 38), built from the registry: every game keeps its last finished game and
opens its replay after a played game; the replay steps by keys, mouse and pad, each ply
showing the table's position; try again plays on from a ply; the command line opens a
record (a bad one is one sentence and a non-zero status) and writes a review as JSON; a
cabinet's customer sees none of it."""

from __future__ import annotations

import copy
import json
import os
import random
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

import games
import shots
from driver import VirtualPad, click, colours, frames, key, pad_press, run_until
from games.core import gamerecord, replays, review

ROOT = Path(__file__).resolve().parents[1]
GAMES = games.playable(include_hidden=True)


def played_game(app, entry, seed=3, plies=600):
    """``entry``'s scene with a game of random moves played (to its end, if it ends within
    ``plies``), every seat a person's, any end box closed."""
    scene = app.push(entry.scene_factory()(app, seed=seed, title=False))
    t = scene.table
    for seat in t.seats:
        t.set_seat(seat, "human")
    random_plies(t, random.Random(seed), plies)
    frames(app, 3)
    for _ in range(6):                        # the game's own end box (Look / OK): Esc
        if app.top is scene:
            break
        key(app, pygame.K_ESCAPE)
    assert app.top is scene
    return scene


def random_plies(t, rng, n) -> None:
    """Up to ``n`` more plies of random moves (never a resignation) on table ``t``, dice
    and spins drawn as the table draws them; no frame runs."""
    for _ in range(n):
        st = t.state
        if st.is_over:
            return
        if st.is_chance:
            t.roll()
        else:
            moves = [m for m in st.legal_moves() if m != "resign"] or st.legal_moves()
            t.play(rng.choice(moves))


def open_by_key(app, scene):
    key(app, pygame.K_F5)
    replay = app.top
    assert replay.name == "replay" and replay.host is scene
    if replay.judging:                        # the review is stopped by Esc, the replay stays
        key(app, pygame.K_ESCAPE)
        assert not replay.judging and app.top is replay and replay.stopped
    return replay


def positions(entry, data):
    states, _ = review.states_of(entry, data)
    return states


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_every_game_keeps_its_finished_game_and_replays_it_by_keys_mouse_and_pad(
        make_app, entry):
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry)
    t = scene.table
    if t.state.is_over:
        kept = replays.load_kept(app.store, entry)
        assert kept is not None and kept["moves"] == t.moves[:t.ply]
    replay = open_by_key(app, scene)
    states = positions(entry, replay.data)
    total = replay.total
    assert total == t.ply and replay.ply == 0

    def shows(ply):
        assert replay.ply == ply
        assert replay.view.table.state == states[ply] == replay.view.table.position(ply)

    shows(0)
    for _ in range(3):                        # keys
        key(app, pygame.K_RIGHT)
    shows(min(3, total))
    key(app, pygame.K_LEFT)
    shows(min(2, total))
    key(app, pygame.K_END)
    shows(total)
    key(app, pygame.K_HOME)
    shows(0)
    click(app, replay.button_rects[2].center)     # the mouse: ">" then ">|" then "<"
    shows(min(1, total))
    click(app, replay.button_rects[3].center)
    shows(total)
    click(app, replay.button_rects[1].center)
    shows(total - 1)
    graph = replay.graph
    click(app, (graph.centerx, graph.centery))    # a click on the graph
    shows(round((graph.centerx - graph.x - 1) / (graph.w - 3) * total))
    pad = VirtualPad()
    try:
        frames(app, 2)
        pad_press(app, pad, "leftshoulder")
        shows(0)
        pad_press(app, pad, "dpright")
        pad_press(app, pad, "dpright")
        shows(min(2, total))
        pad_press(app, pad, "dpleft")
        shows(min(1, total))
        pad_press(app, pad, "rightshoulder")
        shows(total)
        frames(app, 2)
        pad_press(app, pad, "b")                  # back to the game, as it was
        assert app.top is scene and t.ply == total
    finally:
        pad.unplug()
    assert scene.table.state == states[total], "the game beneath is untouched"


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_try_again_plays_on_from_the_ply_shown(make_app, entry, tmp_path):
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=5)
    kept = sorted((tmp_path / "data" / "replays").glob("*.json"))
    kept_bytes = [p.read_bytes() for p in kept]
    replay = open_by_key(app, scene)
    states = positions(entry, replay.data)
    k = next((p for p in range(replay.total // 2, replay.total)
              if not states[p].is_chance and not states[p].is_over), replay.total // 2)
    replay.go(k)
    key(app, pygame.K_t)
    if app.top is not scene:                  # a game in progress is asked about: Yes
        assert app.top.name == "confirm"
        click(app, app.top.button_rects[0].center)
    assert app.top is scene
    t = scene.table
    assert t.ply == k and t.state == states[k] and t.history == tuple(states[:k + 1])
    mover = states[k].current
    if mover is not None:
        assert t.seats[mover] == "human"
        assert all(kind == "computer" for s, kind in t.seats.items() if s != mover)
        move = t.state.legal_moves()[0]
        assert scene.play_move(move)
        frames(app, 2)
        assert t.ply >= k + 1 and t.position(k + 1) == states[k].play(move)
    assert [p.read_bytes() for p in kept] == kept_bytes, "the kept replay is not written over"
    assert app.store.exists(scene.save_name) or t.state.is_over, "saved as usual"


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_try_again_on_a_judged_mistake_starts_before_it_with_its_mover(make_app, entry):
    """On a move judged an inaccuracy, mistake or blunder, try again goes to the position
    before it and gives the person the seat that made it (to find a better move)."""
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=5, plies=120)
    key(app, pygame.K_F5)
    replay = app.top
    assert replay.name == "replay"
    assert run_until(app, lambda: not replay.judging, timeout=900), "the review ended"
    bad = [r["ply"] for r in replay.rows if r.get("judgement") not in (None, "good")]
    if not bad:
        pytest.skip(f"{entry.name}: no move of this game was judged a mistake")
    states = positions(entry, replay.data)
    k = bad[0]
    start = replay.row(k).get("turn_from", k) - 1    # a turn judged whole: its start
    replay.go(k)
    key(app, pygame.K_t)
    if app.top is not scene:
        click(app, app.top.button_rects[0].center)
    t = scene.table
    assert t.ply == start and t.state == states[start]
    assert t.seats[states[start].current] == "human"


def test_the_title_page_offers_the_last_game_and_its_replay_leads_back(make_app):
    entry = GAMES[0]
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry)
    assert scene.table.state.is_over
    app.pop_to(scene)
    app.pop()
    again = app.push(entry.scene_factory()(app))
    assert app.top.name == "title"
    labels = [label for label, _ in app.top.choices]
    assert "Replay the last game" in labels
    app.top.menu.cursor = labels.index("Replay the last game")
    key(app, pygame.K_RETURN)
    assert app.top.name == "replay" and app.top.host is again
    app.top.stop_judging()
    key(app, pygame.K_ESCAPE)
    assert app.top.name == "title"


def test_the_review_runs_off_the_frame_with_a_progress_bar_and_esc_stops_it(make_app):
    entry = games.get("tripppin") if "tripppin" in games.REGISTRY else GAMES[0]
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=2)
    key(app, pygame.K_F5)
    replay = app.top
    assert replay.judging
    assert run_until(app, lambda: not replay.judging)
    assert len(replay.rows) == replay.total and not replay.failed
    row = replay.rows[0]
    assert set(row) >= {"ply", "seat", "move", "before", "after", "judgement", "better"}
    replay.judge()
    assert replay.judging
    frame = app.frame
    key(app, pygame.K_ESCAPE)
    assert not replay.judging and replay.stopped and app.frame > frame
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


def test_a_corrupt_kept_game_is_moved_aside_and_said(make_app, tmp_path):
    entry = GAMES[0]
    app = make_app(anim_speed=0, mute=True)
    folder = tmp_path / "data" / "replays"
    folder.mkdir(parents=True)
    (folder / f"{entry.name}-hh.json").write_text("{ not json")
    assert replays.has_kept(app.store, entry.name)
    assert replays.load_kept(app.store, entry) is None
    frames(app, 2)
    assert not (folder / f"{entry.name}-hh.json").exists()
    assert list(folder.glob("*.bad*")), "moved aside, not lost"
    assert any("replays" in n for n in app.store.take_notices() + [t[0] for t in app._toasts])


def test_export_writes_the_record_that_opens_again(make_app, tmp_path):
    entry = GAMES[0]
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, plies=12)
    replay = open_by_key(app, scene)
    key(app, pygame.K_x)
    assert run_until(app, lambda: getattr(scene, "last_export", None) is not None)
    path = scene.last_export
    assert path.parent == tmp_path / "data" / "records"
    back = gamerecord.from_text(path.read_text(), entry.name)
    assert back["moves"] == replay.data["moves"] and back["seed"] == replay.data["seed"]


def test_a_customer_sees_no_replay(make_app):
    app = make_app(anim_speed=0, mute=True, kiosk=True)
    for entry in GAMES:
        scene = app.push(entry.scene_factory()(app, seed=3, title=False))
        assert scene.customer

        def labels(model):
            return [i.label for i in model] + [s for i in model if i.sub
                                               for s in labels(i.sub)]
        assert "Replay" not in labels(scene.menu_model())
        assert not scene.cmds.enabled("replay")
        assert scene.title_replay_choices() == []
        key(app, pygame.K_F5)
        assert app.top.name != "replay"
        app.pop_to(scene)
        app.pop()


def run_main(*args, tmp_path):
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return subprocess.run([sys.executable, str(ROOT / "main.py"), *args], cwd=str(ROOT),
                          env=env, capture_output=True, text=True, timeout=600)


def a_record(entry, tmp_path, plies=8) -> Path:
    rng = random.Random(4)
    state = entry.rules_module().new_game(seed=9)
    data = {"game": entry.name, "seed": 9, "options": {}, "start": None, "moves": []}
    from games.core.table import _seed_draw
    for n in range(plies):
        if state.is_over:
            break
        move = (_seed_draw(9, n, state) if state.is_chance
                else rng.choice(state.legal_moves()))
        data["moves"].append(state.move_text(move))
        state = state.play(move)
    path = tmp_path / f"{entry.name}.txt"
    path.write_text(gamerecord.to_text(data))
    return path


def test_replay_on_the_command_line_opens_a_good_record_and_refuses_a_bad_one(tmp_path):
    entry = games.get(next(e.name for e in games.playable()))
    good = a_record(entry, tmp_path)
    shot = tmp_path / "replay.png"
    done = run_main(entry.name, "--replay", str(good), "--frames", "4", "--screenshot",
                    str(shot), "--data-dir", str(tmp_path / "d"), tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    assert shot.exists()
    bad = tmp_path / "bad.txt"
    bad.write_text(f"tricade {entry.name} seed 9\nzz99\n")
    for path in (bad, tmp_path / "missing.txt"):
        done = run_main(entry.name, "--replay", str(path), "--data-dir",
                        str(tmp_path / "d"), tmp_path=tmp_path)
        assert done.returncode != 0
        assert "Traceback" not in done.stderr and len(done.stderr.strip().splitlines()) == 1
        assert str(path) in done.stderr


def test_review_on_the_command_line_writes_json(tmp_path):
    entry = games.get("tripppin") if "tripppin" in games.REGISTRY else GAMES[0]
    record = a_record(entry, tmp_path, plies=6)
    out = tmp_path / "review.json"
    done = run_main(entry.name, "--review", str(record), "--json", str(out),
                    tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    moves = json.loads(out.read_text())["moves"]
    assert [m["ply"] for m in moves] == list(range(1, len(moves) + 1)) and moves
    for m in moves:
        assert set(m) >= {"ply", "seat", "move", "before", "after", "judgement", "better"}
    # the record names its game: GAME may be left out; a file that is not there is one
    # sentence and status 2
    again = tmp_path / "again.json"
    done = run_main("--review", str(record), "--json", str(again), tmp_path=tmp_path)
    assert done.returncode == 0, done.stderr
    assert json.loads(again.read_text())["moves"] == moves
    done = run_main("--review", str(tmp_path / "none.txt"), "--json", str(again),
                    tmp_path=tmp_path)
    assert done.returncode == 2 and "none.txt: No such file" in done.stderr
    assert "Traceback" not in done.stderr


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_every_game_declares_its_boards_cells_as_its_board_input_finds_them(make_app, entry):
    """``board_cells`` (the board's geometry the house reads): every cell the board input
    lets the cursor stand on is declared, a click on a declared cell's centre finds a cell
    of the board, and every cell lies on the game's screen."""
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, plies=6)
    cells = scene.board_cells()
    assert cells and all(isinstance(name, str) and name for name in cells)
    screen = pygame.Rect((0, 0), scene.native_size)
    bi = scene.board_input
    found = set()
    for name, rect in cells.items():
        assert screen.contains(rect), (name, rect)
        cell = bi.at(rect.center)
        assert cell is not None, (name, rect)
        found.add(cell)
    assert set(bi.rules.cells(scene.table.state)) <= found


WINDOWS = ((1280, 960), (1920, 1080), (640, 480), "native", "full screen")


def same_pixels(a, b) -> bool:
    return pygame.image.tobytes(a, "RGB") == pygame.image.tobytes(b, "RGB")


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_panel_and_its_notices_never_hide_a_cell_of_the_board(make_app, entry, tmp_path):
    """Issue 50: no square, hole or hex of any game is under the replay's panel at any
    window size or full screen, the panel at the bottom or the top (Up/Down); every cell
    shows the pixels the game draws there; and the Export's notice covers neither a cell
    nor a button (the panel laid over the board hid its bottom rows, or its top ones)."""
    for window in WINDOWS:
        size = entry.native_size if window == "native" else (
            None if window == "full screen" else window)
        app = make_app(anim_speed=0, mute=True, window_size=size,
                       fullscreen=window == "full screen",
                       data_dir=str(tmp_path / str(window).replace(" ", "-")))
        scene = played_game(app, entry, plies=30)
        replay = open_by_key(app, scene)
        key(app, pygame.K_RIGHT)
        key(app, pygame.K_RIGHT)
        for way in (pygame.K_UP, pygame.K_DOWN):
            key(app, way)
            frames(app, 2)
            cells = replay.board_cells()
            assert cells, "the game declares its board's cells (board_cells)"
            screen, panel, band = replay.screen, replay.rect, replay.band
            assert app.last_native.get_size() == screen.size
            board = replay.board_rect
            alone = pygame.Surface(board.size)
            replay.view.draw(alone)           # the game's own picture of the ply shown
            for name, cell in cells.items():
                case = (window, way, name, cell, panel)
                assert screen.contains(cell), case
                assert not cell.colliderect(panel) and not cell.colliderect(band), case
                assert same_pixels(app.last_native.subsurface(cell),
                                   alone.subsurface(cell.move(-board.x, -board.y))), case
            shown = app.display.dest           # the whole picture is in the window
            assert app.display.window.get_rect().contains(shown), (window, shown)
        before = app.last_native.copy()
        key(app, pygame.K_x)                   # Export: "The record is in ..."
        assert run_until(app, lambda: getattr(replay.host, "last_export", None))
        frames(app, 2)
        after = app.last_native
        assert not same_pixels(before, after), "the notice is shown"
        for r in list(cells.values()) + replay.button_rects:
            assert same_pixels(before.subsurface(r), after.subsurface(r)), (window, r)
        if window == "native":                 # for a person to look at (tests/shots.py)
            shots.save(after, f"replay-{entry.name}-export-notice.png")
        app.shutdown(quit_pygame=False)


def broken_files(entry, folder: Path) -> dict:
    """{what is wrong: a file} of records and saves that do not replay, for ``entry``."""
    import inspect
    name = entry.name
    texts = {
        "empty": "",
        "not a record": "garbage stuff\n",
        "no such game": "tricade nosuch seed 3\n",
        "no seed": f"tricade {name} seed\n",
        "an option the game has not": f"tricade {name} seed 3 nope=1\n",
        "a bad move": f"tricade {name} seed 3\nzz99\n",
        "a save naming no game": '{"game": null, "seed": 3, "moves": []}',
        "an empty save": "{}",
        "an envelope of nothing": '{"format": "tricade", "data": null}',
        "half a save": '{"game": ',
        "a save with no seed": json.dumps({"game": name, "seed": None, "options": {},
                                           "moves": []}),
        "a save with a move of nothing": json.dumps({"game": name, "seed": 3, "options": {},
                                                     "moves": [None]}),
        "a save with an option it has not": json.dumps({"game": name, "seed": 3, "options":
                                                        {"nope": None}, "moves": []}),
    }
    params = inspect.signature(entry.rules_module().new_game).parameters
    for key, p in params.items():            # an option the game always has a value for
        if key != "seed" and p.default not in (None, p.empty):
            texts[f"the option {key} as nothing"] = json.dumps(
                {"game": name, "seed": 3, "options": {key: None}, "moves": []})
    out = {}
    for n, (what, text) in enumerate(texts.items()):
        path = folder / f"broken{n}.{'json' if text.startswith('{') else 'txt'}"
        path.write_text(text)
        out[what] = path
    out["missing"] = folder / "missing.txt"
    return out


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_a_record_that_does_not_replay_is_one_sentence_with_or_without_the_game(
        tmp_path, entry, capsys):
    """--replay and --review with a broken record, an empty file or a missing one, GAME
    given or not: one sentence naming the file and what is wrong, status 2; never the usage
    text, "needs the GAME" or a Python value (issue 50: an empty file without GAME said the
    usage and "needs the GAME"; a save naming no game said "the save is of None")."""
    from games import cli
    out = tmp_path / "out.json"
    for what, path in broken_files(entry, tmp_path).items():
        for game in ([entry.name], []):
            for flag in (["--replay", str(path)], ["--review", str(path), "--json", str(out)]):
                try:
                    status = cli.main(game + flag + ["--data-dir", str(tmp_path / "d")],
                                      prog="tricade")
                except SystemExit as stop:
                    status = stop.code
                said = capsys.readouterr().err
                case = (what, game, flag[0], said)
                assert status == 2, case
                assert len(said.strip().splitlines()) == 1 and path.name in said, case
                for wrong in ("usage", "needs the GAME", "None", "Traceback", "Error:"):
                    assert wrong not in said, case
                assert not out.exists(), case


def test_a_review_that_gives_nothing_is_said_in_words(make_app, monkeypatch):
    """No Python value in a sentence to a person: a judge that ends with no judgement and
    no error read "The moves could not be judged (None)."."""
    monkeypatch.setattr(replays, "review_stream", lambda entry, data, report: None)
    app = make_app(anim_speed=0, mute=True, worker_mode="thread")
    scene = played_game(app, GAMES[0], plies=8)
    key(app, pygame.K_F5)
    replay = app.top
    assert replay.name == "replay" and run_until(app, lambda: not replay.judging)
    key(app, pygame.K_RIGHT)
    said = replay.info_lines()[1]
    assert said.startswith("The moves could not be judged (") and "None" not in said, said
    assert scene in app.stack


def test_a_broken_record_without_the_game_is_refused_by_the_real_command(tmp_path):
    path = tmp_path / "empty.txt"
    path.write_text("")
    done = run_main("--replay", str(path), tmp_path=tmp_path)
    assert done.returncode == 2
    assert done.stderr.strip() == f"python main.py: --replay {path}: the record is empty"


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_every_ply_of_a_game_is_drawn_in_its_palette_and_opens_nothing(make_app, entry):
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=7, plies=300)
    replay = open_by_key(app, scene)
    depth = len(app.stack)
    palette = {tuple(c[:3]) for c in replay.look.palette}
    for ply in range(replay.total + 1):
        key(app, pygame.K_RIGHT) if ply else key(app, pygame.K_HOME)
        assert replay.ply == ply and len(app.stack) == depth and app.top is replay
        if ply % 25 == 0 or ply == replay.total:
            app.present_whole()
            assert colours(app.last_native) <= palette
    assert replay.view.table.ply == replay.total


def test_the_review_of_a_hundred_move_game_holds_no_frame(make_app):
    """The review of a long game runs in its own process: the loop keeps drawing frames
    and taking keys while it works, and Esc ends it (the process with it)."""
    app = make_app(anim_speed=0, mute=True)
    for entry in GAMES:               # a game judged by rollouts (a solved one is instant)
        if review._judge_module(entry) is not None:
            continue
        scene = played_game(app, entry, seed=11, plies=150)
        if scene.table.ply >= 100:
            break
        app.pop_to(scene)
        app.pop()
    else:
        pytest.skip("no registered game played 100 moves")
    key(app, pygame.K_F5)
    replay = app.top
    assert replay.judging and replay.total >= 100
    start = app.frame
    for n in range(30):
        key(app, pygame.K_RIGHT)
        assert replay.ply == n + 1
    assert app.frame - start >= 30 and replay.judging
    worker = replay.worker
    key(app, pygame.K_ESCAPE)
    assert not replay.judging and replay.stopped and not worker.busy
    key(app, pygame.K_ESCAPE)
    assert app.top is scene


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_replays_menu_opens_by_the_pad_and_its_window_closes_by_the_mouse(make_app, entry):
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=4, plies=20)
    replay = open_by_key(app, scene)
    pad = VirtualPad()
    try:
        frames(app, 2)
        pad_press(app, pad, "start")
        assert app.top.name == "menu"
    finally:
        pad.unplug()
    click(app, app.top.find("Last move").center)
    frames(app, 2)
    assert app.top is replay and replay.ply == replay.total
    gadget = [p for p in ((x, y) for y in range(replay.rect.y, replay.rect.y + 24)
                          for x in range(replay.rect.x, replay.rect.x + 40))
              if replay.closes(p)]
    assert gadget or replay.look.name == "dos"
    if gadget:                                # a window with a close gadget (not DOS's box)
        click(app, gadget[len(gadget) // 2])
        assert app.top is scene


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_esc_during_the_review_keeps_the_moves_judged_so_far(make_app, entry):
    """The review streams each row as it is final: Esc half way keeps them, and they are
    the rows the whole review gives (the graph and the words of those moves stay)."""
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=5, plies=120)
    key(app, pygame.K_F5)
    replay = app.top
    assert replay.judging
    assert run_until(app, lambda: len(replay.rows) >= 2 or not replay.judging, timeout=900)
    if replay.judging:                           # (a quick game's review may be done)
        key(app, pygame.K_ESCAPE)
    assert not replay.judging and app.top is replay
    got = replay.rows
    whole = review.review(entry, replay.data)["moves"]
    assert 2 <= len(got) <= len(whole) and got == whole[:len(got)]
    if replay.stopped and len(got) < replay.total:
        replay.go(len(got) + 1)                  # a move not judged says so
        assert "Not judged" in replay.info_lines()[1]
    replay.go(1)
    assert replay.info_lines()[1] and "Not judged" not in replay.info_lines()[1]


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_a_game_tried_again_keeps_its_seats_when_resumed(make_app, entry):
    """Try again gives the person the seat to move; the settings may say the computer
    plays it. Closed and resumed from the title page, the game keeps its own seats."""
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=5, plies=120)
    settings = scene.initial_seats()
    replay = open_by_key(app, scene)
    states = positions(entry, replay.data)
    # a decision whose mover the settings give the computer (else any decision)
    plies = [p for p in range(1, replay.total) if states[p].current is not None
             and not states[p].is_over]
    k = next((p for p in plies if settings.get(states[p].current) == "computer"), plies[0])
    replay.go(k)
    key(app, pygame.K_t)
    if app.top is not scene:
        click(app, app.top.button_rects[0].center)
    assert app.top is scene
    seats = dict(scene.table.seats)
    assert seats[states[k].current] == "human"
    app.pop()                                    # closed: the game is kept
    assert app.store.exists(scene.save_name)
    app.running = True
    again = app.push(entry.scene_factory()(app))
    frames(app, 2)
    if app.top.name == "title":
        assert app.top.choices[0][0] == "Resume the saved game"
        key(app, pygame.K_RETURN)
    app.pop_to(again)
    assert again.resumed and again.table.ply == k
    assert dict(again.table.seats) == seats


@pytest.mark.parametrize("entry", games.playable(include_hidden=True), ids=lambda e: e.name)
def test_a_new_game_over_an_end_not_yet_shown_keeps_its_result(make_app, entry):
    """A new game asked for in the second the last move is still shown (the end not yet
    announced) keeps the finished game's result and replay first, in every game."""
    app = make_app(anim_speed=0, mute=True)
    scene = app.push(entry.scene_factory()(app, seed=4, title=False))
    t = scene.table
    for seat in t.seats:
        t.set_seat(seat, "human")
    random_plies(t, random.Random(4), 3000)
    if not t.state.is_over:
        pytest.skip(f"{entry.name}: no end within 3000 plies")
    assert not scene._over_fired                 # no frame has shown the end yet
    ended = t.game_number
    scene.new_game()
    assert scene._recorded == ended, "the finished game's result is kept"
    assert any(app.store.exists(n) for n in replays.kept_names(app.store, entry.name))


def test_the_dos_buttons_lit_letters_work_and_a_moves_line_is_the_reviews_words(make_app):
    """The DOS look lights each button's first letter: E exports and B leaves as X and Esc
    do; a move's line is the review's words for it, the numbers its JSON holds."""
    entry = next((e for e in GAMES if e.platform == "dos"), GAMES[0])
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=5, plies=120)
    replay = open_by_key(app, scene)
    replay.go(replay.total // 2)
    key(app, pygame.K_e)
    assert run_until(app, lambda: replay.exporting is None and app.store is not None)
    assert list((Path(scene.store.dir) / replays.RECORDS).glob("*.txt")), "exported"
    row = dict(ply=1, seat=replay.seats[0], move="x", before=0.514, after=0.489,
               loss=0.025, judgement="inaccuracy", better="y", luck=None,
               chances={s: 0.489 for s in replay.seats}, forced=False, game={})
    replay.rows = [row]
    replay.go(1)
    assert replay.info_lines()[1] == review.row_words(row) == \
        "Inaccuracy: 51.4% -> 48.9%; better y (+2.5 points)"
    key(app, pygame.K_b)
    assert app.top is scene


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_each_move_is_labelled_by_who_made_it(make_app, entry):
    """A seat handed to the computer half way: the replay names the moves the person made
    as the person's and the computer's as the computer's (the save keeps who made each)."""
    app = make_app(anim_speed=0, mute=True)
    scene = app.push(entry.scene_factory()(app, seed=6, title=False))
    t = scene.table
    for seat in t.seats:
        t.set_seat(seat, "human")
    rng = random.Random(6)
    random_plies(t, rng, 12)
    half = t.ply
    for seat in t.seats:
        t.set_seat(seat, "computer")            # the seats change hands (no one thinks:
    t.update = lambda: False                   # the moves below are played by hand)
    random_plies(t, rng, 12)
    by = t.save_data()["by"]
    assert len(by) == t.ply and set(by[:half]) <= {"h", "-"}
    assert set(by[half:]) <= {"c", "-"} and "c" in by[half:]
    key(app, pygame.K_F5)
    replay = app.top
    replay.stop_judging()
    for k in range(1, t.ply + 1):
        replay.go(k)
        said = replay.info_lines()[0]
        assert ("(computer)" in said) == (by[k - 1] == "c"), (k, said)
        mover = replay.state_at(k - 1).current        # the board's seats as played then
        if mover is not None:
            assert replay.view.table.seats[mover] == ("computer" if by[k - 1] == "c"
                                                      else "human"), k
    again = Table_of(entry, t.save_data())
    assert again.by == list(by), "kept through a save"


def Table_of(entry, data):
    from games.core.table import Table
    t = Table(entry.name, entry.rules, entry.ai, seed=data["seed"])
    t.load_data(data)
    return t


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_a_long_save_names_its_game_on_the_command_line(tmp_path, entry):
    """--review/--replay FILE without GAME: a save in the store's envelope names its game
    however far into the file the name comes (here after 100 KB of other fields)."""
    from games import cli
    data = {"seed": 9, "options": {}, "start": None, "moves": [], "notes": "x" * 100_000,
            "game": entry.name}
    path = tmp_path / "long.json"
    path.write_text(json.dumps({"format": "tricade", "kind": "save", "version": 1,
                                "data": data}))
    args = cli.parse_args(["--review", str(path), "--json", str(tmp_path / "out.json")])
    assert args.game == entry.name
    assert review.read_game(entry, str(path))["game"] == entry.name


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_each_seats_figures_are_on_screen_and_a_long_judgement_fits_the_panel(make_app, entry):
    """When the review is whole the panel says so, and F (the menu's "Each seat's figures")
    shows the review's own lines of each seat (counts, accuracy, luck); a move's words
    longer than the panel are broken into its two lines, never cut at its edge."""
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=5, plies=40)
    key(app, pygame.K_F5)
    replay = app.top
    assert run_until(app, lambda: not replay.judging, timeout=900), "the review ended"
    assert replay.result is not None
    toasts = [t[0] for t in app._toasts]
    assert any("each seat's figures" in line for line in toasts), toasts
    key(app, pygame.K_f)
    box = app.top
    assert box is not replay, "the figures open"
    shown = " ".join(box.lines)
    for line in review.summary_lines(replay.result):
        for word in line.split(", ")[:2]:
            assert word.split(" ")[-1] in shown
    # and what the figures mean: luck (and looking further) only where there was chance
    chance = any(r["luck"] is not None for r in replay.result["moves"])
    assert "Accuracy: 100 when" in shown
    assert ("Luck: the points of winning chance" in shown) == chance
    steps = any(any((r["second_look"] or {}).values()) for r in replay.result["moves"])
    assert ('"Looking further" is the judge changing its mind' in shown) == steps
    assert "the mover's own winning chance" in shown
    app.pop_to(replay)
    # a long line of the review: every word in the panel, each line inside it
    long = ("Blunder: Neither side can force a win -> Blue can force a win in 6 moves; "
            "better b5 (+50.0 points)")
    lines = replay.fit(long, replay.inner.w)
    assert " ".join(lines) == long and len(lines) <= 2
    assert all(replay.text_w(line) <= replay.inner.w for line in lines)
    frames(app, 2)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_a_replay_at_its_first_move_shows_no_result_of_the_game(make_app, entry, tmp_path):
    """The replay at move k shows the position and the scores at move k, the result only
    at the end (issue 50: Triple 3's replay showed the match's totals, this game's win
    already counted in them, and "Red wins the match" at move 0): the board at move 0 is
    drawn as the same record's is where no game was ever finished, and differs at the end
    only by what the record itself says."""
    from games.core.app import App, Options
    from games.ui.replay import replay_scene
    app = make_app(anim_speed=0, mute=True)
    scene = played_game(app, entry, seed=6)
    if not scene.table.state.is_over:
        pytest.skip(f"{entry.name}: the random game did not end")
    data = scene.table.save_data()
    key(app, pygame.K_ESCAPE)

    def picture(a, host, ply):
        replay = a.push(replay_scene(host, data, judge=False))
        replay.go(ply)
        frames(a, 2)
        surface = pygame.Surface(replay.view.native_size)
        replay.view.draw(surface)
        a.pop()
        return pygame.image.tobytes(surface, "RGB")

    played_at = [picture(app, scene, 0), picture(app, scene, len(data["moves"]))]
    fresh = make_app(anim_speed=0, mute=True, data_dir=str(tmp_path / "fresh"))
    host = fresh.push(entry.scene_factory()(fresh, seed=6, title=False))
    assert played_at[0] == picture(fresh, host, 0), \
        "move 0 is drawn as where no game was finished"
    assert played_at[1] == picture(fresh, host, len(data["moves"])), "and so is the end"


def test_learn_with_no_marked_move_says_why_each_time_it_is_asked(make_app):
    """Learn from your mistakes is never greyed: with no marked move, L and the menu's
    item say why every time (a person asking twice is answered twice)."""
    app = make_app(anim_speed=0, mute=True)
    played_game(app, games.get("tripppin"), seed=5, plies=12)
    key(app, pygame.K_F5)
    replay = app.top
    assert run_until(app, lambda: not replay.judging, timeout=900)
    for row in replay.rows:
        if row and row.get("judgement") not in (None, "good"):
            row["judgement"] = "good"
    item = next(i for i in replay.menu_model() if i.label == "Learn from your mistakes")
    assert item.enabled()
    said = "The review marked no move: there is nothing to learn from here."
    for ask in (lambda: key(app, pygame.K_l), item.action, lambda: key(app, pygame.K_l)):
        app._toasts.clear()
        ask()
        frames(app, 1)
        assert app.top is replay and any(said in t[0] for t in app._toasts), app._toasts


@pytest.mark.parametrize("entry", games.playable(include_hidden=True), ids=lambda e: e.name)
def test_a_network_game_is_kept_beside_the_game_at_home_never_over_it(make_app, entry):
    """A friend's seat at a network table ("remote") was kept as the computer's, so a
    network game replaced the last game against the computer (a stranger's Triple 3:
    replays/triple3-hc named the two friends, the game at home was gone). Each is kept."""
    app = make_app(anim_speed=0, mute=True)
    scene = app.push(entry.scene_factory()(app, seed=4, title=False))
    t = scene.table
    home = copy.deepcopy(t.save_data())
    seats = list(t.seats)
    home["seats"] = {s: ("human" if i == 0 else "computer") for i, s in enumerate(seats)}
    table = copy.deepcopy(home)
    table["seats"] = {s: ("human" if i == 0 else "remote") for i, s in enumerate(seats)}
    assert replays.keep(app.store, home) and replays.keep(app.store, table)
    names = replays.kept_names(app.store, entry.name)
    assert len(names) == 2, names
    kept = [replays.load_kept(app.store, entry, n)["seats"] for n in names]
    assert sorted(sorted(k.items()) for k in kept) == sorted(
        sorted(k.items()) for k in (home["seats"], table["seats"]))
