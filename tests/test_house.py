"""The shared house: a demo game writes nothing, the app's speed factor runs whole games
with their animations fast, the timeline, transitions and chance points of the table."""

import hashlib
import os
import random
import time

import pytest

import games
from driver import frames
from games.core.table import Table
from games.ui.anim import Timeline, ease_out


def snapshot(root):
    """Every file under root with its bytes' digest (a byte-for-byte picture of a dir)."""
    out = {}
    for dirpath, _dirs, files in os.walk(root):
        for f in files:
            p = os.path.join(dirpath, f)
            with open(p, "rb") as fh:
                out[os.path.relpath(p, root)] = hashlib.sha256(fh.read()).hexdigest()
    return out


def game_names():
    """Every game, hidden or not: a scene that cannot be imported fails here, not skipped."""
    return [e.name for e in games.playable(include_hidden=True)]


@pytest.mark.parametrize("name", game_names())
def test_a_demo_game_writes_nothing_and_finishes_fast(make_app, tmp_path, name):
    app = make_app(anim_speed=50.0)
    frames(app, 1)
    before = snapshot(tmp_path / "data")
    scene = app.push(games.get(name).scene_factory()(app, seed=3, demo=True))
    scene.table.min_think = 0.0
    assert set(scene.table.seats.values()) == {"computer"}
    # the quickest level: the test is of animations and files, not of thinking (searches
    # are budgeted in work, so a busy machine makes level 3 slower, never shorter); the
    # deadline only guards against a game that never ends
    scene.table.set_level(1)
    end = time.monotonic() + 300
    while not scene.table.state.is_over and time.monotonic() < end:
        app.step()
        time.sleep(0.001)
    assert scene.table.state.is_over, "a computer-only game with its animations ends"
    for _ in range(10):
        app.step()
    app.pop()
    assert snapshot(tmp_path / "data") == before, "a demo writes no save, score or setting"


def test_the_timeline_runs_at_the_app_speed_and_finishes():
    played = []
    speed = [1.0]
    tl = Timeline(lambda: speed[0], played.append)
    done = []
    tl.add("slide", 1.0, ease_out, cues=[(0.0, "start"), (0.5, "mid"), (1.0, "end")],
           on_done=lambda: done.append(1))
    assert tl.busy and played == ["start"]
    tl.update(0.25)
    assert 0.25 < tl.progress("slide") < 1.0 and played == ["start"]
    speed[0] = 4.0
    tl.update(0.1)                     # 0.4 s of timeline time: past the middle
    assert played == ["start", "mid"]
    tl.update(1.0)
    assert not tl.busy and done == [1] and played[-1] == "end"
    speed[0] = 0
    tl.add("instant", 5.0, on_done=lambda: done.append(2))
    assert not tl.busy and done == [1, 2], "speed 0 ends every track at once"
    speed[0] = 1.0
    tl.add("a", 3.0, cues=[(0.5, "x"), (1.0, "y")])
    tl.finish()
    assert not tl.busy and played[-1] == "y", "finish sounds the last cue only"


def test_a_track_that_moves_damages_where_it_drew_and_where_it_draws():
    """A track whose ``area`` is a function of it: each frame's damage is where it drew
    the frame before and where it draws now (a die hopping, then lying still)."""
    tl = Timeline(1.0)
    tl.add("hop", 1.0, delay=0.1, area=lambda t: (0, 0, 10, 10) if t.raw < 0.5 else ())
    tl.update(0.05)
    assert tl.damage() == [], "not started: nothing drawn"
    assert not tl.moving
    tl.update(0.1)
    assert tl.damage() == [(0, 0, 10, 10)] and tl.moving
    tl.update(0.3)
    assert tl.damage() == [(0, 0, 10, 10), (0, 0, 10, 10)]
    tl.update(0.2)                     # past the middle: it draws nowhere new
    assert tl.damage() == [(0, 0, 10, 10)], "where it drew last is repainted once"
    tl.update(0.2)
    assert tl.damage() == [] and not tl.moving, "still: the loop may sleep until its end"
    assert tl.busy and abs(tl.next_event() - 0.25) < 1e-9
    tl.update(1.0)
    assert not tl.busy
    # just added, not yet asked: it moves (the loop must not sleep through its start)
    tl.add("hop", 1.0, area=lambda t: (5, 5, 2, 2) if t.raw < 0.5 else ())
    assert tl.moving
    tl.update(0.1)
    assert tl.damage() == [(5, 5, 2, 2)]
    tl.cancel("hop")                   # dropped while it shows: repainted next frame
    assert tl.update(0.1) and tl.damage() == [(5, 5, 2, 2)]
    assert not tl.update(0.1) and tl.damage() == []
    # one that rests somewhere else at its end (a die hopping above its place): dropped
    # mid-hop, both where it drew and its place are repainted
    tl.add("hop", 1.0, area=lambda t: (0, 20, 4, 4) if t.raw < 0.5 else (0, 24, 4, 4))
    tl.update(0.1)
    tl.cancel("hop")
    tl.update(0.1)
    assert tl.damage() == [(0, 20, 4, 4), (0, 24, 4, 4)]


def test_table_transitions_and_seeded_chance_points():
    t = Table("triple3", "games.triple3.rules", "games.triple3.ai", worker=None, seed=5)
    t.take_transitions()
    assert t.state.is_chance
    assert t.update() and t.pending is not None and t.state.is_chance, "drawn, pending"
    t.hold = True
    assert not t.update() and t.state.is_chance, "held while the scene animates it"
    drawn = t.pending
    t.hold = False
    t.update()
    tr = t.take_transitions()
    assert [x.kind for x in tr] == ["chance"] and tr[0].text == tr[0].before.move_text(drawn)
    rng = random.Random(1)
    while t.state.is_chance or t.state.current == "blue":
        t.update() if t.state.is_chance else t.play(rng.choice(t.state.legal_moves()))
    t.play(t.state.legal_moves()[0])
    after = t.state
    assert t.undo() and t.take_transitions()[-1].kind == "undo"
    assert t.redo() and t.state == after
    # undo back to the throw and forward again: the same dice, never a re-roll
    t.index = 0
    t.pending = None
    assert t.draw_chance() == drawn
    t.new_game(seed=9)
    assert t.take_transitions()[-1].kind == "new"


def test_a_save_knows_its_board(tmp_path):
    from games.core.store import Store
    store = Store(tmp_path)
    t = Table("tribolo", "games.tribolo.rules", "games.tribolo.ai", worker=None, seed=21)
    t.play(t.state.legal_moves()[0])
    data = t.save_data()
    data["seed"] = 22                      # the seed changed by hand
    with pytest.raises(ValueError, match="board"):
        t.replay(data)
    data["seed"] = 21
    data["levels"] = {"blue": 99}          # a level the computer does not know is ignored
    t.save(store, "saves/x")
    other = Table("tribolo", "games.tribolo.rules", "games.tribolo.ai", worker=None, seed=1)
    assert other.load(store, "saves/x") and other.state == t.state
    data["moves"] = ["a1"] * 30000
    with pytest.raises(ValueError, match="moves"):
        other.replay(data)


def test_a_save_with_one_edited_dice_throw_is_refused(tmp_path):
    """Every chance outcome of a save must be the one the seed draws at that ply: a throw
    changed to another possible outcome (here the same dice swapped, which replays
    legally) is refused, and the file is moved aside with a sentence."""
    import json
    from games.core.store import Store
    told = []
    store = Store(tmp_path, log=told.append)
    t = Table("triple3", "games.triple3.rules", "games.triple3.ai", worker=None, seed=5)
    rng = random.Random(2)
    throws = 0
    while throws < 6 and not t.state.is_over:
        if t.state.is_chance:
            t.roll()
            throws += 1
        else:
            t.play(rng.choice(t.state.legal_moves()))
    t.save(store, "saves/t3")
    fresh = Table("triple3", "games.triple3.rules", "games.triple3.ai", worker=None, seed=1)
    assert fresh.load(store, "saves/t3") and fresh.state == t.state
    data = t.save_data()
    k = next(i for i, m in enumerate(data["moves"]) if "+" in m and m[0] != m[2])
    a, b = data["moves"][k].split("+")
    data["moves"][k] = f"{b}+{a}"         # another possible outcome with the same effect
    with pytest.raises(ValueError, match=f"move {k + 1} .*seed draws"):
        t.replay(data)
    path = store.path("saves/t3")
    doc = json.loads(path.read_text())
    doc["data"]["moves"][k] = data["moves"][k]
    path.write_text(json.dumps(doc))
    assert not fresh.load(store, "saves/t3")
    assert len(told) == 1 and "seed draws" in told[0]
    assert not path.exists() and list(tmp_path.glob("saves/t3.json.bad*"))


def test_a_triaxis_save_with_a_stuck_mover_is_refused(tmp_path):
    """A save edited to start where the seat to place has no empty zone used to be taken,
    and the computer then crashed on every resume; from_text now refuses it."""
    from games.core.store import Store
    told = []
    store = Store(tmp_path, log=told.append)
    t = Table("triaxis", "games.triaxis.rules", "games.triaxis.ai", worker=None, seed=3,
              options={"seats": 2})
    data = t.save_data()
    data["start"] = "triaxis\nseats red:4 blue:4\nturn red\nphase setup\nround 1\nf11 f21\n"
    data["first"] = None
    store.save("saves/tx", data, 1)
    other = Table("triaxis", "games.triaxis.rules", "games.triaxis.ai", worker=None, seed=3,
                  options={"seats": 2}, seats={"red": "computer", "blue": "computer"})
    assert not other.load(store, "saves/tx")
    assert len(told) == 1
    other.update()                          # the game in hand goes on
    assert other.state.phase == "setup"


def test_a_save_with_an_option_of_the_wrong_kind_is_refused():
    t = Table("tripppin", "games.tripppin.rules", "games.tripppin.ai", worker=None, seed=4,
              options={"first": "orange", "fair": True})
    data = t.save_data()
    data["options"] = {"first": "orange", "fair": "yes"}
    with pytest.raises(ValueError, match="fair"):
        t.replay(data)


def test_the_board_cursor_goes_the_way_pressed():
    from hypothesis import given, strategies as st
    from games.ui.board import step_towards

    def centre(p):
        return p

    @given(st.lists(st.tuples(st.integers(0, 7), st.integers(0, 7)), min_size=1, max_size=9,
                    unique=True), st.sampled_from(["up", "down", "left", "right"]))
    def check(targets, kind):
        start = targets[0]
        nxt = step_towards(targets, start, kind, centre)
        dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[kind]
        if nxt is None:      # nothing that way: it stays
            assert all((t[0] - start[0]) * dx + (t[1] - start[1]) * dy <= 0 for t in targets)
        else:
            assert (nxt[0] - start[0]) * dx + (nxt[1] - start[1]) * dy > 0
    check()


def test_the_table_knows_the_last_move():
    t = Table("tribolo", "games.tribolo.rules", "games.tribolo.ai", worker=None, seed=8)
    assert t.last_move is None
    move = t.state.legal_moves()[0]
    t.play(move)
    assert t.last_move == move
    t.undo()
    assert t.last_move is None


@pytest.mark.parametrize("name", ["triaxis", "tribolo"])
def test_a_long_history_keeps_positions_not_their_caches(name):
    """A table's past positions drop their remembered legal moves (a 4,000-ply TriAxis
    game held 11 MB of them), and still answer as before when undone to."""
    entry = games.get(name)
    first = entry.rules_module().new_game(seed=4)
    t = Table(name, entry.rules, entry.ai, worker=None, seed=4,
              seats={p: "computer" for p in first.players},
              levels={p: 1 for p in first.players}, notify=lambda s: None)
    for _ in range(2000):
        if t.state.is_over or t.ply >= 60:
            break
        t.update()
        t.take_transitions()
    cache = type(t.state)._caches[0]
    past = [t.position(i) for i in range(t.ply)]
    assert past and all(getattr(s, cache) is None for s in past)
    legal = [list(s.legal_moves()) for s in past]
    assert all(legal[i] == list(type(s).from_text(s.to_text()).legal_moves())
               for i, s in enumerate(past))
    if name == "triaxis":
        assert isinstance(t.state.cells, bytes)


def test_the_memory_soak_plays_and_reports_rss(tmp_path):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[1]
    log = tmp_path / "rss.log"
    out = subprocess.run([sys.executable, "-m", "tools.soakai", "--minutes", "0.001",
                          "--interval", "0.001", "--log", str(log)], cwd=str(root),
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    lines = log.read_text().splitlines()
    assert lines[0].startswith("memory soak:")
    assert "RSS" in lines[1] and lines[-1].endswith("(end)")
    assert "games     1 (triple3 1" in lines[-1]
