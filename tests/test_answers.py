"""The answer table (docs/answers.md) over the registry: what Back, Confirm, the quit key, New
game and the window's close do in each state, the same in every game (the example game in
tests/example_game too), through real key, pad and mouse events in the real loop on SDL's
dummy drivers; the boxes' guard against a stray key; saves that are never replaced unasked,
refused when no game can go on from them, and a kill -9 that loses at most the last move
(real child processes: tests/play_child.py)."""

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pygame
import pytest

import games
from driver import VirtualPad, click, frames, key, pad_press, run_until
from games.core.input import Action
from games.core.store import Store
from games.core.table import Table

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
           PYGAME_HIDE_SUPPORT_PROMPT="1")
GAMES = [e.name for e in games.playable(include_hidden=True)]
GUARD = 0.4


class Clock:
    """The app's clock, moved by hand (the guard counts the frames' time on it)."""

    def __init__(self):
        self.t = 1000.0

    def __call__(self):
        return self.t


def scene_of(app, name, **kw):
    return app.push(games.get(name).scene_factory()(app, **kw))


def computer_plays(app, scene, plies):
    """Every seat by the computer until ``plies`` more moves are on the board (boxes over
    the game are closed: they are not what is tested here)."""
    t = scene.table
    t.min_think = 0.0
    for seat in t.seats:
        t.set_seat(seat, "computer")
    goal = t.ply + plies
    assert run_until(app, lambda: (app.pop_to(scene) or True) and (t.ply >= goal
                                                                   or t.state.is_over))
    assert not t.state.is_over


def resumed_game(make_app, name, **kw):
    """A game where only the computer has moved, kept and resumed from the title page with
    a real Enter: the state the newcomer found (issue 35)."""
    clock = kw.pop("clock", None) or Clock()
    app = make_app(anim_speed=0, clock=clock, **kw)
    first = scene_of(app, name, seed=11, title=False)
    app.pop_to(first)
    computer_plays(app, first, 2)
    app.pop()                                    # closed: the game is kept
    assert app.store.exists(first.save_name)
    app.running = True
    scene = scene_of(app, name)
    frames(app, 2)
    assert app.top.name == "title"
    assert app.top.choices[0][0] == "Resume the saved game"
    key(app, pygame.K_RETURN)
    app.pop_to(scene)                            # a box the game opens on resuming
    assert scene.resumed and scene.table.ply >= 2
    for seat in scene.table.seats:               # nobody moves on by themselves now
        scene.table.set_seat(seat, "human")
    frames(app, 2)
    return app, scene, clock


def quit_key(app, scene):
    """The game's quit command: its own key (Q...) as a real key, else the command."""
    keys = [k for k in scene.cmds.commands["quit"].keys if "+" not in k]
    if keys:
        key(app, pygame.key.key_code(keys[0]), unicode=keys[0] if len(keys[0]) == 1 else "")
    else:
        app._deliver(Action("command", name="quit", source="key"))
        app.step()


def no_is_focused(box):
    return box.name in ("confirm", "ask") and box.choices[box.focus][1] is None


# -- a game in progress: quitting always asks, default No, the save kept ------------------

@pytest.mark.parametrize("name", GAMES)
def test_quit_asks_in_a_resumed_game_only_the_computer_moved(make_app, name):
    app, scene, _ = resumed_game(make_app, name)
    ply = scene.table.ply
    quit_key(app, scene)
    box = app.top
    assert box.name == "confirm" and "Quit" in " ".join(box.lines) and no_is_focused(box)
    key(app, pygame.K_RETURN)                    # the default: keep playing
    assert app.top is scene and scene.table.ply == ply
    quit_key(app, scene)
    click(app, app.top.button_rects[1].center)    # the mouse on No
    assert app.top is scene
    quit_key(app, scene)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                    # Yes: the game leaves, kept for next time
    assert scene not in app.stack and not app.running   # started alone: the program ends
    assert app.store.exists(scene.save_name)


@pytest.mark.parametrize("way", ["key", "pad"])
@pytest.mark.parametrize("name", GAMES)
def test_back_in_a_game_in_progress_never_leaves_nor_loses(make_app, name, way):
    app, scene, _ = resumed_game(make_app, name)
    ply, number = scene.table.ply, scene.table.game_number
    pad = VirtualPad() if way == "pad" else None
    try:
        if pad:
            frames(app, 2)
            pad_press(app, pad, "b")
        else:
            key(app, pygame.K_ESCAPE)
        box = app.top
        assert box is not scene and scene in app.stack        # asked, or the menu
        if box.name == "menu":
            key(app, pygame.K_ESCAPE)
        else:
            assert no_is_focused(box), (box.name, box.choices, box.focus)
            if pad:
                pad_press(app, pad, "a")
            else:
                key(app, pygame.K_RETURN)
        assert app.top is scene and scene.table.ply == ply
        assert scene.table.game_number == number and app.running
    finally:
        if pad:
            pad.unplug()


@pytest.mark.parametrize("name", GAMES)
def test_the_windows_close_asks_while_a_game_is_in_progress(make_app, name):
    app, scene, _ = resumed_game(make_app, name)
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert app.running and no_is_focused(app.top) and "Quit" in " ".join(app.top.lines)
    key(app, pygame.K_RETURN)
    assert app.running and app.top is scene
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    pygame.event.post(pygame.event.Event(pygame.QUIT))   # asked again: it insists
    app.step()
    assert not app.running
    app.shutdown(quit_pygame=False)
    assert app.store.exists(scene.save_name)


@pytest.mark.parametrize("name", GAMES)
def test_new_game_is_asked_in_a_game_in_progress(make_app, name):
    app, scene, _ = resumed_game(make_app, name)
    number = scene.table.game_number
    app._deliver(Action("command", name="new", source="key"))
    app.step()
    assert no_is_focused(app.top)
    key(app, pygame.K_RETURN)
    assert scene.table.game_number == number and scene.table.ply > 0


@pytest.mark.parametrize("name", GAMES)
def test_n_and_q_ask_the_same_in_every_game(make_app, name):
    """docs/answers.md: N is New game and Q is Quit in every game, each asked (default No)
    in a game in progress, in the words the table quotes (issue 50: N did nothing in
    Tripppin, Q nothing in Triple 3 or Tripppin)."""
    app, scene, _ = resumed_game(make_app, name)
    ply, number = scene.table.ply, scene.table.game_number
    doc = (ROOT / "docs" / "answers.md").read_text()
    for code, letter, words in ((pygame.K_n, "n", "Start a new game? This one will be lost."),
                                (pygame.K_q, "q", f"Quit {scene.entry.title}? The game is "
                                                  "kept for next time.")):
        key(app, code, unicode=letter)
        box = app.top
        assert box.name == "confirm" and " ".join(box.lines) == words, (letter, box.name)
        assert no_is_focused(box)
        key(app, pygame.K_RETURN)                 # No: nothing lost
        assert app.top is scene and scene.table.ply == ply
        assert scene.table.game_number == number
        quoted = words.replace(scene.entry.title, "<Title>")
        assert f'"{quoted}"' in doc, f"docs/answers.md quotes {quoted!r}"


# -- the title page: Esc goes back one level, never from a stray key -----------------------

@pytest.mark.parametrize("name", GAMES)
def test_esc_on_the_title_is_guarded_then_leaves(make_app, name):
    clock = Clock()
    app = make_app(anim_speed=0, clock=clock, modal_guard=GUARD)
    scene = scene_of(app, name)
    app.step()
    assert app.top.name == "title"
    key(app, pygame.K_ESCAPE)                      # within the guard: nothing
    assert app.top.name == "title" and scene in app.stack
    for _ in range(3):
        clock.t += 0.2
        app.step()
    key(app, pygame.K_ESCAPE)
    assert scene not in app.stack and not app.running      # started by name: the end


@pytest.mark.parametrize("name", GAMES)
def test_a_seed_never_replaces_a_save_unasked(make_app, name):
    app, scene, _ = resumed_game(make_app, name)
    app.pop()
    saved = app.store.path(scene.save_name).read_bytes()
    app.running = True
    fresh = scene_of(app, name, seed=5)
    frames(app, 2)
    labels = [label for label, _ in app.top.choices]
    assert labels[:2] == ["Resume the saved game", "New game with seed 5"]
    key(app, pygame.K_DOWN)
    key(app, pygame.K_RETURN)                      # New game with seed 5: asked, default No
    assert no_is_focused(app.top) or app.top.name == "confirm"
    assert app.top.focus == 1
    key(app, pygame.K_RETURN)
    assert app.top.name == "title"                 # back to the title, the save untouched
    frames(app, 3)
    assert app.store.path(fresh.save_name).read_bytes() == saved


# -- end boxes and questions: a stray key answers nothing -----------------------------------

def play_to_the_end(app, scene, rng):
    """A person (seat one) and the computer play to the end; the person's moves are made by
    the test (random legal ones), boxes between moves are closed."""
    t = scene.table
    t.min_think = 0.0
    seats = list(t.seats)
    for seat in seats:
        t.set_seat(seat, "computer")
    t.set_seat(seats[0], "human")
    end = time.monotonic() + 240
    waiting = 0
    while not t.state.is_over:
        assert time.monotonic() < end, "the game did not end"
        if app.top is not scene:
            app.pop_to(scene)
        if t.human_to_move and not scene.holding():
            scene.play_move(rng.choice(t.state.legal_moves()))
        waiting = waiting + 1 if t.state.is_chance and t.pending is None else 0
        if waiting > 3:                       # a throw that waits for the person's key
            key(app, pygame.K_SPACE, unicode=" ")
        app.step()


@pytest.mark.parametrize("name", GAMES)
def test_a_stray_enter_after_the_end_changes_nothing(make_app, name):
    clock = Clock()
    app = make_app(anim_speed=0, clock=clock, modal_guard=GUARD)
    if name == "triaxis":
        app.game_settings("triaxis").update({"count": 2, "rounds": 1, "level": 1})
    scene = scene_of(app, name, seed=3, title=False)
    app.pop_to(scene)
    play_to_the_end(app, scene, random.Random(3))
    t = scene.table
    for _ in range(3):                        # the end shown (no time passes)
        app.step()
    before = (app.top, len(app.stack), t.game_number, t.ply)
    assert t.state.is_over
    for k in (pygame.K_RETURN, pygame.K_SPACE):
        key(app, k)                           # within the guard of any box shown
        if app.top is not before[0]:          # no end box: the board's answer is a question
            assert before[0] is scene and no_is_focused(app.top), k
            app.pop_to(scene)
        assert (app.top, len(app.stack), t.game_number, t.ply) == before, k
    if app.top is not scene:                  # an end box: it focuses what loses nothing
        for _ in range(3):
            clock.t += 0.2
            app.step()
        key(app, pygame.K_RETURN)
    key(app, pygame.K_RETURN)                 # on the board after the end: asked first
    for _ in range(3):
        clock.t += 0.2
        app.step()
    key(app, pygame.K_RETURN)                 # the question's default
    assert t.game_number == before[2] and t.state.is_over, "the result was wiped"


# -- saves: refused when no game can go on from them ---------------------------------------

STUCK = """triaxis
seats red:40 blue:40
turn red
phase setup
round 1
"""


def full_island_triaxis_save():
    """A hand-edited TriAxis save: an island of three zones, so after three placements the
    computer's seat has nowhere to place (issue 35: IndexError in Table.update; then the
    save was refused). Since issue 49 a seat that cannot place passes, and with the island
    full the placement is over: the game goes on at red's spin."""
    from games.triaxis import rules
    rows = rules.new_game(seed=1, seats=2).to_text().split("\n")[5:]
    kept, out = 0, []
    for row in rows:
        toks = []
        for tok in row.split():
            toks.append(tok if tok != "~" and kept < 3 else "~")
            kept += tok != "~" and kept < 3
        out.append(" ".join(toks))
    start = STUCK + "\n".join(out)
    s = rules.State.from_text(start)
    moves = []
    for _ in range(3):
        m = s.legal_moves()[0]
        moves.append(s.move_text(m))
        s = s.play(m)
    assert s.phase == "spin" and s.turn == "red" and not s.is_over
    return {"game": "triaxis", "seed": 1, "options": {"seats": 2}, "start": start,
            "moves": moves, "seats": {"red": "human", "blue": "computer"},
            "levels": {"red": 1, "blue": 1}, "lowest": None}


def test_an_edited_triaxis_save_that_fills_its_island_resumes_and_plays_on(tmp_path):
    data = tmp_path / "data"
    Store(data).save("saves/triaxis", full_island_triaxis_save(), 1)
    out = subprocess.run([sys.executable, str(ROOT / "tests" / "play_child.py"), "main",
                          "30:return", "triaxis", "--data-dir", str(data), "--frames", "90",
                          "--mute"], cwd=str(ROOT), env=ENV, capture_output=True, text=True,
                         timeout=120)
    assert out.returncode == 0, out.stderr
    assert "saves triaxis" not in out.stderr and "Traceback" not in out.stderr, out.stderr
    assert not list((data / "saves").glob("triaxis.json.bad*"))


@pytest.mark.parametrize("name", GAMES)
def test_the_title_offers_to_resume_only_a_save_that_can_be_resumed(make_app, name):
    """Issue 49: a save the store reads but that does not replay was offered ("Resume the
    saved game") and refused only once chosen. The title checks it as it opens: the
    refusal is said at once, the save moved aside, and the title offers Start; a good save
    is offered, and resuming it takes the game the check read."""
    app = make_app(anim_speed=0)
    e = games.get(name)
    t = Table(e.name, e.rules, e.ai, seed=4)
    while t.ply < 3 and not t.state.is_over:
        t.play(t.draw_chance() if t.state.is_chance else t.state.legal_moves()[0])
    scene = scene_of(app, name)
    save_name = scene.save_name
    app.pop()
    app.running = True
    t.save(app.store, save_name)
    good = t.state
    scene = scene_of(app, name)
    frames(app, 2)
    assert app.top.name == "title" and app.top.choices[0][0] == "Resume the saved game"
    key(app, pygame.K_RETURN)
    app.pop_to(scene)
    assert scene.resumed and scene.table.state == good
    app.pop()
    data = t.save_data()
    data["moves"][-1] = "zz99"                     # read by the store, refused by the rules
    app.store.save(save_name, data, 1)
    app.running = True
    told = []
    app.notice = told.append
    scene = scene_of(app, name)
    frames(app, 2)
    assert app.top.name == "title"
    labels = [label for label, _ in app.top.choices]
    assert labels[0] == "Start" and "Resume the saved game" not in labels
    assert len(told) == 1 and name in told[0] and "moved aside" in told[0], told
    assert not app.store.exists(save_name)
    assert app.store.path(save_name).with_suffix(".json.bad").exists()


@pytest.mark.parametrize("name", GAMES)
def test_any_exception_while_replaying_a_save_is_a_refusal(tmp_path, name, monkeypatch):
    e = games.get(name)
    store = Store(tmp_path)
    t = Table(e.name, e.rules, e.ai, seed=4)
    while t.ply < 3 and not t.state.is_over:
        t.play(t.draw_chance() if t.state.is_chance else t.state.legal_moves()[0])
    t.save(store, "saves/x")
    state_cls = type(t.state)
    fresh = Table(e.name, e.rules, e.ai, seed=9)

    def broken(self, move):
        raise IndexError("an edited position tripped a rule")
    monkeypatch.setattr(state_cls, "play", broken)
    assert fresh.load(store, "saves/x") is False
    assert store.take_notices() and (tmp_path / "saves" / "x.json.bad").exists()


# -- real processes: the command line's seed, kill -9 --------------------------------------

def run_child(*args, timeout=120):
    return subprocess.run([sys.executable, str(ROOT / "tests" / "play_child.py"), *args],
                          cwd=str(ROOT), env=ENV, capture_output=True, text=True,
                          timeout=timeout)


@pytest.mark.parametrize("name", [n for n in GAMES if n != "pebbles"])
def test_main_with_a_seed_keeps_the_save_until_the_player_says(tmp_path, name):
    e = games.get(name)
    rng = random.Random(1)
    for attempt in range(5):             # a game that ended before the kill keeps no save:
        data = tmp_path / f"data{attempt}"   # try again, as kill_tries does
        kill = kill_once(data, name, 4, rng)
        if not kill["over"]:
            break
    assert not kill["over"], "five fast games all ended before the kill"
    save = data / (kill["save"] + ".json")
    saved = save.read_bytes()
    # the title: Enter on "Resume" would keep it; Down, Enter: "New game with seed 5" asked,
    # Enter: No (the default); the window's close: nothing in progress, the program ends
    out = run_child("main", "40:down,41:return,80:return,120:close", name, "--seed", "5",
                    "--data-dir", str(data), "--frames", "200", "--mute")
    assert out.returncode == 0, out.stderr
    assert save.read_bytes() == saved, e.name
    # and Yes to the question: then (and only then) the seed's game is played and kept
    out = run_child("main", "40:down,41:return,80:left,81:return,140:close", name, "--seed",
                    "5", "--data-dir", str(data), "--frames", "200", "--mute")
    assert out.returncode == 0, out.stderr
    assert not save.exists() or save.read_bytes() != saved


def kill_once(data: Path, name: str, most: int, rng) -> dict:
    """Start fast computer play in a child, kill -9 it after 2..``most`` moves shown; the
    last move shown and the move the save resumes at."""
    child = subprocess.Popen([sys.executable, str(ROOT / "tests" / "play_child.py"), "kill",
                              str(data), name], cwd=str(ROOT), env=ENV,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    target = rng.randint(2, most)       # the first move of a game has no save before it
    shown, save, first, seen, over = None, None, None, [], False
    try:
        for line in child.stdout:
            seen.append(line.strip())
            word, _, value = line.strip().partition(" ")
            if word == "save":
                save = value
            elif word == "ply":
                first = int(value) if first is None else first
                shown = int(value)
                if shown - first >= target:
                    break
            elif word == "over":
                over = True
                break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait(timeout=30)
        rest = child.stdout.read()       # what the reader had buffered too (not communicate:
        child.stdout.close()             # with a timeout it reads the pipe, past the buffer)
    for line in rest.splitlines():                  # printed before the kill landed
        seen.append(line.strip())
        over = over or line.startswith("over")
        if line.startswith("ply "):
            shown = int(line.split()[1])
    e = games.get(name)
    t = Table(e.name, e.rules, e.ai)
    loaded = t.load(Store(data), save)
    return {"save": save, "shown": shown, "resumed": t.ply if loaded else None, "over": over,
            "lines": seen, "files": sorted(p.name for p in (data / "saves").glob("*"))}


def kill_tries(tmp_path, name, tries):
    rng = random.Random(name)
    out = []
    for i in range(tries * 2):
        if len(out) == tries:
            break
        data = tmp_path / f"d{i}"
        got = kill_once(data, name, 12 if name != "pebbles" else 4, rng)
        if got["over"]:                 # the game ended first (its save is gone): not a try
            continue
        out.append((got["shown"], got["resumed"]))
        if got["resumed"] is None or abs(got["shown"] - got["resumed"]) > 1:
            print("try", i, got)
    return out


def check_kills(results, tries):
    assert len(results) == tries, results
    # at the last move shown or the one before (a move played in the frame the kill landed
    # in, before its ply was printed, is shown too: +1)
    bad = [(s, r) for s, r in results if r is None or not s - 1 <= r <= s + 1]
    assert not bad, results


@pytest.mark.parametrize("name", GAMES)
def test_kill_9_in_fast_play_loses_at_most_the_last_move(tmp_path, name):
    check_kills(kill_tries(tmp_path, name, 6), 6)           # (50 a game: -m slow, below)


@pytest.mark.slow
@pytest.mark.skipif(not os.environ.get("TRICADE_SLOW"), reason="slow: TRICADE_SLOW=1 runs it")
@pytest.mark.parametrize("name", GAMES)
def test_kill_9_fifty_times(tmp_path, name):
    results = kill_tries(tmp_path, name, 50)
    lag = [s - r for s, r in results if r is not None]
    print(f"\n{name}: 50 kills, lag (shown - resumed) counts:",
          {d: lag.count(d) for d in sorted(set(lag))})
    check_kills(results, 50)


# -- TriAxis's own Esc on top (triaxis.dat, rule 10) ----------------------------------------

def test_triaxis_esc_ends_the_turn_or_concedes_default_no(make_app):
    app = make_app(anim_speed=0)
    app.game_settings("triaxis").update({"count": 2, "kinds": ["human", "computer"] * 3,
                                         "level": 1})
    scene = scene_of(app, "triaxis", seed=5, title=False)
    app.pop_to(scene)
    t, rng = scene.table, random.Random(5)
    t.min_think = 0.0
    t.set_seat("red", "human")
    t.set_seat("blue", "computer")

    def red_moves():
        if app.top is not scene:
            app.pop_to(scene)
        if t.human_to_move and t.state.phase == "move" and not scene.holding():
            return True
        if t.human_to_move and not scene.holding():
            scene.play_move(rng.choice([m for m in t.state.legal_moves() if m != "resign"]))
        elif t.state.is_chance and t.pending is None and t.state.turn == "red":
            key(app, pygame.K_SPACE, unicode=" ")          # red sets the spinner going
        return False
    assert run_until(app, red_moves)
    ply, points = t.ply, t.state.points
    key(app, pygame.K_ESCAPE)
    box = app.top
    assert box.name == "ask" and "end your turn" in " ".join(box.lines)
    assert [label for label, _ in box.choices] == ["End the turn", "Concede", "No, play on"]
    assert no_is_focused(box)
    key(app, pygame.K_RETURN)                             # the default: play on
    assert app.top is scene and t.ply == ply and t.state.points == points
    key(app, pygame.K_ESCAPE)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_LEFT)
    key(app, pygame.K_RETURN)                             # End the turn
    assert t.move_at(ply) == "end" and t.position(ply + 1).turn != "red"
    assert not t.state.is_over
