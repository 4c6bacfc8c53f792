"""Network play in the game scenes (games.ui.netplay, games.net.seat), over the registry:
the real game loop on SDL's dummy drivers at a real server process on 127.0.0.1
(tests/net_child.py: ``tricade serve`` with the example games registered), friends played
by real bot processes (``tricade bot``).

- Host from the title page by the keys: Play over the network, Host a table, the seats,
  Create; the waiting room closes when every seat is taken; the whole game is played on
  the board (the first moves by the board's keys), the computer's seats on the server; at
  the end the record (its seed now told) is the server's, is kept, and F5 replays it.
- Join by the code typed letter by letter; a friend (a bot) killed with -9 mid-game and
  started again takes its seat back; the server killed with -9 mid-game and started again:
  the scene says the connection is lost, comes back by itself and the game goes on to its
  end at the same position.

Every wait is for an event, a line or a state, with a generous timeout; no sleep races.
"""

from __future__ import annotations

import copy
import os
import queue
import random
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pygame
import pytest

import games
from driver import Progress, frames, key, run_until
from games.core import gamerecord, replays

ROOT = Path(__file__).resolve().parents[1]
CHILD = ROOT / "tests" / "net_child.py"
ENV = dict(os.environ, PYTHONUNBUFFERED="1", SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
GAMES = games.playable(include_hidden=True)
LONG = 180.0

pytest.importorskip("websockets")


class Child:
    """A ``tricade`` command in its own process, its output read line by line."""

    def __init__(self, args, log: Path):
        self.log = open(log, "ab")
        self.p = subprocess.Popen([sys.executable, str(CHILD), *map(str, args)],
                                  stdout=subprocess.PIPE, stderr=self.log, env=ENV,
                                  cwd=str(ROOT), text=True)
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.rstrip("\n"))
        self.lines.put(None)

    def expect(self, pattern: str, timeout: float = LONG):
        end = time.monotonic() + timeout
        seen = []
        while time.monotonic() < end:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.monotonic()))
            except queue.Empty:
                continue
            if line is None:
                raise AssertionError(f"ended before {pattern!r}: {seen}")
            seen.append(line)
            m = re.search(pattern, line)
            if m:
                return m
        raise AssertionError(f"no {pattern!r} in {timeout} s: {seen}")

    def kill9(self):
        if self.p.poll() is None:
            self.p.send_signal(signal.SIGKILL)
        self.p.wait(timeout=30)

    def stop(self):
        self.kill9()
        self.log.close()


@pytest.fixture
def net(tmp_path):
    """start(args...) -> a Child; every child is killed after the test."""
    made = []

    def start(*args, log="child"):
        c = Child(list(args), tmp_path / f"{log}.log")
        made.append(c)
        return c
    yield start
    for c in made:
        c.stop()


def serve(net, tmp_path, port=0):
    srv = net("serve", "--port", port, "--data-dir", tmp_path / "server", log="server")
    port = int(srv.expect(r"^listening on ws://127\.0\.0\.1:(\d+)$")[1])
    return srv, port


def new_app(make_app, port, name="Ann"):
    app = make_app(anim_speed=0, mute=True)
    app.settings["net"] = {"server": f"ws://127.0.0.1:{port}", "name": name}
    app.settings["pace"] = "original"       # the others' moves are not held to be read
    return app


def choose(app, label: str) -> None:
    """The list in front (a question's or a box's): the item ``label`` taken by the keys."""
    top = app.top
    if hasattr(top, "menu") and hasattr(top.menu, "items"):
        frames(app, 1)                            # (a box laid out again shows its list)
        for _ in range(len(top.menu.items) + 1):
            if top.menu.selected.label == label:
                key(app, pygame.K_RETURN)
                return
            key(app, pygame.K_DOWN)
        raise AssertionError(f"no {label!r} in {[i.label for i in top.menu.items]}")
    labels = [str(c[0]) for c in top.choices]
    assert label in labels, labels
    for _ in range(len(labels) + 1):
        if top.focus == labels.index(label):
            key(app, pygame.K_RETURN)
            return
        key(app, pygame.K_DOWN if top.vertical else pygame.K_RIGHT)
    raise AssertionError(f"could not reach {label!r}")


def play_out(app, scene, rng, until=lambda: False, by_keys: int = 2) -> None:
    """The person's moves (the first ``by_keys`` of them chosen on the board by the keys,
    the rest straight), until the game is over or ``until()``."""
    from test_learn import path_to
    keyed = 0
    moving = Progress(lambda: scene.table.ply, LONG)
    while not scene.table.state.is_over and not until():
        moving.check("the game goes on")
        t = scene.table
        if app.top is not scene:                  # a game's own box (a pass, an end)
            key(app, pygame.K_RETURN)
            continue
        if t.state.is_chance and t.pending is None and not t.auto_chance:
            key(app, pygame.K_RETURN)             # a person's own spin waits for a press
            continue
        if t.human_to_move:
            moves = [m for m in t.state.legal_moves() if m != "resign"] or t.state.legal_moves()
            move = rng.choice(moves)
            bi = scene.board_input
            if keyed < by_keys and bi is not None and move != "resign":
                ply = t.ply
                for cell in path_to(bi, t.state, move):
                    bi.visible = True
                    bi.place(cell)
                    key(app, pygame.K_RETURN)
                keyed += 1
                assert run_until(app, lambda: t.ply > ply or t.state.is_over, timeout=LONG)
            else:
                assert scene.play_move(move)
        frames(app, 1)


def host_from_title(app, entry, seats: dict):
    """The game's title page, Play over the network, Host a table, the seats as asked
    ({seat: "here" | "remote" | "computer:L"}), Create: the waiting room."""
    scene = app.push(entry.scene_factory()(app))
    # the registry's short game (a round limit), the computer's seats at once
    scene.game_options = lambda: dict(entry.test_options[0])
    scene.min_think = 0.0
    frames(app, 2)
    assert app.top.name == "title"
    choose(app, "Play over the network")
    choose(app, "Host a table")
    host = app.top
    assert type(host).__name__.startswith("HostBox")
    for seat, want in seats.items():
        choose_value(app, host, seat.capitalize(), host.words(want))
    choose(app, "Create the table")
    lobby = app.top
    assert type(lobby).__name__.startswith("Lobby")
    return scene, lobby


def choose_value(app, box, label, words) -> None:
    for _ in range(len(box.menu.items) + 1):
        if box.menu.selected.label == label:
            break
        key(app, pygame.K_DOWN)
    for _ in range(20):
        if box.menu.selected.value() == words:
            return
        key(app, pygame.K_RIGHT)
    raise AssertionError(f"{label} never read {words!r}")


def lowest(entry) -> int:
    return min(getattr(entry.ai_module(), "LEVELS", (1,)))


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_host_a_table_play_it_on_the_board_and_replay_its_record(make_app, net, tmp_path,
                                                                 entry):
    srv, port = serve(net, tmp_path)
    app = new_app(make_app, port)
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    level = lowest(entry)
    want = {s: ("here" if i == 0 else f"computer:{level}") for i, s in enumerate(names)}
    scene, lobby = host_from_title(app, entry, want)
    assert run_until(app, lambda: app.top is scene, timeout=LONG), "the game started"
    assert scene.net is not None and scene.net.mine == (names[0],)
    assert scene.table.seats == {s: ("human" if i == 0 else "computer")
                                 for i, s in enumerate(names)}
    assert f"At table {scene.net.code}" in scene.status_text()[0]
    home = copy.deepcopy(dict(scene.settings))
    play_out(app, scene, random.Random(3))
    assert run_until(app, lambda: scene._over_fired, timeout=LONG)
    frames(app, 2)
    # the settings at home are the game at home's (Triple 3 counted a network game in
    # the match at home, and took its next starter from it)
    assert dict(scene.settings) == home
    t = scene.table
    data = gamerecord.from_text(t.over["record"], entry.name)
    assert data["moves"] == t.moves and data["seed"] == t.seed
    kept = replays.load_kept(app.store, entry)
    assert kept is not None and kept["moves"] == t.moves, "kept as any finished game"
    for _ in range(4):
        if app.top is scene:
            break
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F5)
    assert app.top.name == "replay", "F5 replays the network game"
    assert app.top.total == len(t.moves)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_join_by_code_a_friend_and_the_server_killed_and_back(make_app, net, tmp_path, entry):
    srv, port = serve(net, tmp_path)
    url = f"ws://127.0.0.1:{port}"
    names = entry.rules_module().new_game(seed=1, **entry.test_options[0]).players
    spec = ",".join(["remote", "remote"] + [f"computer:{lowest(entry)}"] * (len(names) - 2))
    options = [f"{k}={v}" for k, v in entry.test_options[0].items()]
    made = net("table", "new", entry.name, "--server", url, "--seats", spec,
               *sum((["--option", o] for o in options), []), log="table")
    code = made.expect(r"^([A-Z]{5})$")[1]
    friend = net("bot", "--server", url, "--table", code, "--level", lowest(entry), "--name",
                 "Bob", "--data-dir", tmp_path / "bob", log="bob")
    app = new_app(make_app, port)
    scene = app.push(entry.scene_factory()(app, title=False))
    frames(app, 2)
    scene.open_network()
    choose(app, "Join a table")
    box = app.top
    assert run_until(app, lambda: box.found is not None, timeout=LONG)
    choose(app, "Type the code")
    for letter in code:
        key(app, getattr(pygame, f"K_{letter.lower()}"), unicode=letter.lower())
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: app.top is scene, timeout=LONG), "the game started"
    t = scene.table
    assert scene.net.code == code and len(scene.net.mine) == 1
    me = scene.net.mine[0]
    other = next(s for s in names if s != me and t.seats.get(s) == "remote")
    rng = random.Random(5)
    # a few moves, then the friend is killed and started again
    play_out(app, scene, rng, until=lambda: t.ply >= 6)
    if not t.state.is_over:
        friend.kill9()
        assert run_until(app, lambda: any(s["seat"] == other and s["state"] == "away"
                                          for s in scene.net.seats), timeout=LONG)
        # a killed program closed nothing: lost, not left
        assert run_until(app, lambda: any(f"({other}) has lost the connection" in h
                                          for h in scene.status.history), timeout=LONG)
        if t.state.current == other:              # its grace counts down on the line

            def line():
                return (scene.net_prompt() or ("",))[0]
            assert run_until(app, lambda: "of grace" in line(), timeout=LONG), line()
            first = line()
            assert run_until(app, lambda: line() != first, timeout=10), first
        net("bot", "--server", url, "--table", code, "--level", lowest(entry), "--name",
            "Bob", "--data-dir", tmp_path / "bob", log="bob2")
        assert run_until(app, lambda: any(s["seat"] == other and s["state"] != "away"
                                          for s in scene.net.seats), timeout=LONG)
        play_out(app, scene, rng, until=lambda: t.ply >= 14)
    if not t.state.is_over:
        # the server killed with -9 and started again on the same port
        at = t.ply
        srv.kill9()
        assert run_until(app, lambda: scene.net.state == "reconnecting", timeout=LONG)
        frames(app, 2)
        assert "Connection lost" in scene.status_text()[0]
        srv, _ = serve(net, tmp_path, port)
        assert run_until(app, lambda: scene.net.state == "connected", timeout=LONG)
        assert t.ply >= at and t.moves[:at] == [m["move"] for m in scene.net.moves][:at]
    play_out(app, scene, rng)
    assert run_until(app, lambda: scene._over_fired, timeout=LONG)
    data = gamerecord.from_text(t.over["record"], entry.name)
    assert data["moves"] == t.moves


def drive(holder, rng, sent: set) -> None:
    """The library client ``holder``'s seat: a random legal move when it is to move (once
    a ply: the move comes back before the next)."""
    errors = [e for e in holder.poll() if e.get("type") == "error" and not e.get("local")]
    assert not errors, errors
    p, ply = holder.position, holder.ply
    if holder.to_move and p is not None and ply not in sent and p.current in holder.mine:
        moves = [m for m in p.legal_moves() if m != "resign"] or p.legal_moves()
        if holder.send_move(ply, p.move_text(rng.choice(moves))):
            sent.add(ply)          # (refused here: the game moved on meanwhile; not sent)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_watch_a_full_table_from_the_join_list_and_the_friends_moves_are_said(
        make_app, net, tmp_path, entry, monkeypatch):
    """A watcher's screen: the friends' moves said, every person's seat named on the
    seat panel, and a friend who leaves marked away there, as a player sees them."""
    from games.net.client import Client
    srv, port = serve(net, tmp_path)
    url = f"ws://127.0.0.1:{port}"
    names = entry.rules_module().new_game(seed=1, **entry.test_options[0]).players
    spec = ",".join(["remote"] * len(names))
    options = [f"{k}={v}" for k, v in entry.test_options[0].items()]
    made = net("table", "new", entry.name, "--server", url, "--seats", spec,
               *sum((["--option", o] for o in options), []), log="table")
    code = made.expect(r"^([A-Z]{5})$")[1]
    # one seat held by a client of the test's own (the game waits on it), bots the rest
    holder = Client(url, name="Hal", data_dir=tmp_path / "hal")
    holder.join(code, claim=1)
    for n in range(len(names) - 1):
        net("bot", "--server", url, "--table", code, "--level", lowest(entry), "--name",
            f"B{n}", "--data-dir", tmp_path / f"b{n}", log=f"b{n}")
    app = new_app(make_app, port, name="Eve")
    scene = app.push(entry.scene_factory()(app, title=False))
    frames(app, 2)
    heard = len(scene.status.history)
    rng = random.Random(7)
    box, until = None, time.monotonic() + LONG
    while time.monotonic() < until:              # listed to watch once every seat is taken
        scene.open_network()
        choose(app, "Join a table")
        box = app.top
        assert run_until(app, lambda: box.found is not None, timeout=LONG)
        if any(watch and c == code for c, _, watch, _ in box.found):
            break
        key(app, pygame.K_ESCAPE)
        holder.poll()
    choose(app, next(w for c, w, watch, _ in box.found if watch and c == code))
    assert run_until(app, lambda: app.top is scene and scene.net is not None, timeout=LONG)
    t = scene.table
    assert scene.net.mine == () and set(t.seats.values()) == {"remote"}
    moving, sent = Progress(lambda: t.ply, LONG), set()
    while not t.state.is_over:
        moving.check(t.ply, scene.net.ply, holder.ply, holder.mine,
                                        holder.to_move, sorted(sent), t.state.current,
                                        [(s["seat"], s["state"]) for s in holder.seats])
        drive(holder, rng, sent)
        if app.top is not scene:                  # a game's own box (a pass): closed
            key(app, pygame.K_RETURN)
        frames(app, 1)
        assert not t.human_to_move, "a watcher never moves"
    assert len(scene.status.history) > heard + 1, "the friends' moves are said"
    seat = holder.mine[0]
    assert run_until(app, lambda: scene._over_fired, timeout=LONG)
    app.pop_to(scene)                             # (the end's box, shown or not yet: the
    frames(app, 1)                                # panel under it is what is read here)
    assert any("Hal" in s for s in drawn_text(app, monkeypatch)), "named on the panel"
    holder.close()
    assert run_until(app, lambda: scene.seat_state(seat) == "away", timeout=LONG)
    said = drawn_text(app, monkeypatch)
    assert any("Hal" in s and "away" in s for s in said), said


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_a_seat_handed_to_random_moves_plays_at_the_table_and_the_window_keeps_going(
        make_app, net, tmp_path, entry):
    """A seat of this player's handed to seeded random moves (TriAxis's "place the rest at
    random") is played at the table, sent as the person's moves are; and a network game is
    not paused when its window loses the focus (the others' moves keep coming)."""
    srv, port = serve(net, tmp_path)
    app = new_app(make_app, port)
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    want = {s: ("here" if i == 0 else f"computer:{lowest(entry)}") for i, s in enumerate(names)}
    scene, _ = host_from_title(app, entry, want)
    assert run_until(app, lambda: app.top is scene, timeout=LONG)
    t = scene.table
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frames(app, 2)
    assert not app.paused, "a network table goes on without the focus"
    t.set_seat(names[0], "random")
    assert t.seats[names[0]] == "random"
    moving = Progress(lambda: t.ply, LONG)
    while not t.state.is_over:
        moving.check()
        if app.top is not scene:
            key(app, pygame.K_RETURN)
        if t.seats[names[0]] != "random":         # (TriAxis hands it back after setup)
            t.set_seat(names[0], "random")
        frames(app, 1)
    mine = [m for m in scene.net.moves if m["seat"] == names[0]]
    assert mine and all(m["by"] == "person" for m in mine), "sent as this player's moves"
    scene.leave_network()
    pygame.event.post(pygame.event.Event(pygame.WINDOWFOCUSLOST))
    frames(app, 2)
    assert app.paused, "a game at home is paused as before"


def labels(app) -> list:
    top = app.top
    if hasattr(top, "menu") and hasattr(top.menu, "items"):
        return [str(i.label) for i in top.menu.items]
    return [str(c[0]) for c in top.choices]


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_back_to_ones_table_from_the_title_after_the_server_and_the_client_restart(
        make_app, net, tmp_path, entry):
    """A seat waits at a table ("away") while the server is killed with -9 and this
    Tricade is closed; both started again, the title offers "Back to table X" (so do the
    network box and the join list: the token kept in the data folder names the table's
    seats), and it takes this player back to its seat at the same position."""
    srv, port = serve(net, tmp_path)
    app = new_app(make_app, port)
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    want = {s: ("here" if i == 0 else f"computer:{lowest(entry)}") for i, s in enumerate(names)}
    rng = random.Random(11)
    for _attempt in range(8):        # (the seed is the server's: a game may end at once)
        scene, _ = host_from_title(app, entry, want)
        assert run_until(app, lambda: app.top is scene, timeout=LONG)
        t, code = scene.table, scene.net.code
        end = time.monotonic() + LONG
        while not t.state.is_over and not (t.human_to_move and any(
                m["by"] == "person" for m in scene.net.moves)):
            assert time.monotonic() < end
            if app.top is not scene:
                key(app, pygame.K_RETURN)
            elif t.human_to_move:      # a move that does not end the game, where there is one
                legal = t.state.legal_moves()
                scene.play_move(rng.choice([m for m in legal if not t.state.play(m).is_over]
                                           or legal))
            frames(app, 1)
        if not t.state.is_over:
            break
        app.pop_to(scene)
        app.pop()
    assert not t.state.is_over, "a game caught in the middle"
    at, moves = t.ply, list(t.moves)
    srv.kill9()
    app.shutdown(quit_pygame=False)              # this Tricade closed: its window gone
    srv, _ = serve(net, tmp_path, port)
    app = new_app(make_app, port)                # started again: the same data folder
    scene = app.push(entry.scene_factory()(app))
    scene.game_options = lambda: dict(entry.test_options[0])
    frames(app, 2)
    assert app.top.name == "title"
    back = f"Back to table {code}"
    assert run_until(app, lambda: back in labels(app), timeout=LONG), labels(app)
    choose(app, "Play over the network")
    assert run_until(app, lambda: back in labels(app), timeout=LONG), labels(app)
    choose(app, "Join a table")
    box = app.top
    assert run_until(app, lambda: box.found is not None, timeout=LONG)
    assert [c for c, _, _, _ in box.own] == [code]
    assert not any(c == code for c, *_ in box.found), "listed once, as one's own"
    assert any(label.startswith(f"Back to {code}") for label in labels(app))
    choose(app, "Back")                          # (to the title)
    assert run_until(app, lambda: app.top.name == "title" and back in labels(app),
                     timeout=LONG)
    choose(app, back)
    assert run_until(app, lambda: app.top is scene and scene.net is not None
                     and scene.net.state == "connected", timeout=LONG)
    t = scene.table
    assert scene.net.code == code and scene.net.mine == (names[0],)
    assert t.ply >= at and t.moves[:at] == moves
    play_out(app, scene, random.Random(12), by_keys=0)
    assert run_until(app, lambda: scene._over_fired, timeout=LONG)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_a_host_who_leaves_the_waiting_room_closes_the_table_or_hands_it_on(
        make_app, net, tmp_path, entry):
    """The host's Esc in the waiting room asks; Close the table: it is gone from the
    server's list. With a friend seated (three seats or more), Hand it on: the friend is
    the table's host and this player's seat is free again."""
    from games.net.client import Client, list_tables, wait_for
    srv, port = serve(net, tmp_path)
    url = f"ws://127.0.0.1:{port}"
    app = new_app(make_app, port)
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    low = lowest(entry)
    want = {s: ("here" if i == 0 else "remote" if i == 1 else f"computer:{low}")
            for i, s in enumerate(names)}
    scene, lobby = host_from_title(app, entry, want)
    assert run_until(app, lambda: lobby.client.state == "connected", timeout=LONG)
    code = lobby.client.code
    assert code in {t["code"] for t in list_tables(url)}
    key(app, pygame.K_ESCAPE)
    assert app.top is not lobby and labels(app)[-1] == "Stay", "asked first"
    choose(app, "Stay")
    assert app.top is lobby and code in {t["code"] for t in list_tables(url)}
    key(app, pygame.K_ESCAPE)
    choose(app, "Close the table")
    assert run_until(app, lambda: app.top.name == "title", timeout=LONG)
    assert any(f"Table {code} is closed" in m for m in scene.status.history)
    assert code not in {t["code"] for t in list_tables(url)}, "delisted"
    assert scene.net is None
    if len(names) < 3:
        return
    want[names[2]] = "remote"
    choose(app, "Play over the network")
    choose(app, "Host a table")
    host = app.top
    for seat, w in want.items():
        choose_value(app, host, seat.capitalize(), host.words(w))
    choose(app, "Create the table")
    lobby = app.top
    assert run_until(app, lambda: lobby.client.state == "connected", timeout=LONG)
    code = lobby.client.code
    bob = Client(url, name="Bob", data_dir=tmp_path / "bob")
    bob.join(code, claim=1)
    wait_for(bob, lambda e: e["type"] == "welcome", LONG)
    assert run_until(app, lambda: any(s.get("name") == "Bob" for s in lobby.client.seats),
                     timeout=LONG)
    key(app, pygame.K_ESCAPE)
    choose(app, "Hand it on to Bob")
    assert run_until(app, lambda: app.top.name == "title", timeout=LONG)
    wait_for(bob, lambda e: e["type"] == "welcome" and e["host"], LONG)
    seats = next(t for t in list_tables(url) if t["code"] == code)["seats"]
    assert seats[0]["state"] == "free" and bob.is_host
    bob.close()


def test_a_title_with_more_choices_grows_downwards(make_app):
    """The title's list sits where two choices sat, under the picture and its credits;
    more choices (Replay, Play over the network) grow it downwards, never over them."""
    app = make_app(anim_speed=0, mute=True)
    for entry in games.playable(include_hidden=True):
        scene = app.push(entry.scene_factory()(app))
        frames(app, 1)
        title = app.top
        assert title.name == "title"
        tops = {}
        for n in (2, len(title.choices)):
            title.choices = [(f"Choice {i}", None) for i in range(n)]
            title.layout()
            tops[n] = title.panel.top
        assert tops[len(title.choices)] >= tops[2] or title.panel.bottom == title.screen.bottom
        title.finish()
        app.pop_to(scene)
        app.pop()


# the longest list a title shows: a save (Resume, New game with a seed), a kept game
# (Replay), Play over the network and one line back to one's tables (several: one line)
LONGEST = ["Resume the saved game", "New game with seed 4294967295", "Replay the last game",
           "Play over the network", "Back to table ABCDE"]


@pytest.mark.parametrize("fullscreen", [False, True], ids=["window", "fullscreen"])
@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_longest_title_list_covers_none_of_the_titles_own_text(make_app, entry,
                                                                    fullscreen):
    """Every line of text a game's title page draws, and the footer, stay clear of the
    choices' window with the longest list (Tribolo's covered its board line and its
    controls line); at the native size and full screen."""
    from games.ui import fonts
    app = make_app(anim_speed=0, mute=True, fullscreen=fullscreen)
    scene = app.push(entry.scene_factory()(app))
    frames(app, 2)
    title = app.top
    assert title.name == "title" and app.display.fullscreen == fullscreen
    title.choices = [(label, None) for label in LONGEST]
    title.layout()
    frames(app, 1)
    texts = []
    real = fonts.BitmapFont.draw

    def spy(self, surface, text, *a, **kw):
        where = real(self, surface, text, *a, **kw)
        if str(text).strip():
            texts.append((str(text), pygame.Rect(where)))
        return where
    scratch = pygame.Surface(title.screen.size)
    fonts.BitmapFont.draw = spy
    try:
        title.picture(scratch)
    finally:
        fonts.BitmapFont.draw = real
    if title.footer:
        texts.append((title.footer_text, pygame.Rect(
            title.footer_at, (title.text_w(title.footer_text), title.line_h))))
    assert texts, "the title page draws its text with the project's fonts"
    window = title.panel.inflate(2, 2)
    covered = [t for t, r in texts if window.colliderect(r)]
    assert not covered, (window, covered)
    assert title.screen.contains(title.panel)
    assert [str(i.label) for i in title.menu.items] == LONGEST
    title.finish()
    app.pop_to(scene)
    app.pop()


def test_the_server_and_the_name_are_settings_typed_or_picked_letter_by_letter(make_app):
    from games.core.store import load_settings
    from games.launcher.scene import LauncherScene, SettingsScene
    app = make_app(anim_speed=0, mute=True)
    settings = SettingsScene(app)
    # the main list ends above the line its selected item's hint is written on
    assert settings.menu.rect.bottom <= 392
    def pick(label):                             # (as tests/test_coordinates.py does)
        menu = app.top.menu
        menu.cursor = [i.label for i in menu.items].index(label)
        key(app, pygame.K_RETURN)
    app.push(LauncherScene(app))
    settings = app.push(SettingsScene(app))
    pick("Network play")
    assert app.top.name == "net-settings"
    pick("Network server")
    text = app.top
    assert text.name == "text" and text.text == "127.0.0.1:8765"
    for _ in range(len(text.text)):
        key(app, pygame.K_BACKSPACE)
    keys = {".": "K_PERIOD", ":": "K_COLON", "/": "K_SLASH"}
    for ch in "ftp://x":
        key(app, getattr(pygame, keys.get(ch, f"K_{ch}")), unicode=ch)
    key(app, pygame.K_RETURN)
    assert app.top is text and "HOST:PORT" in text.error, "a bad address is refused"
    for _ in range(len(text.text)):
        key(app, pygame.K_BACKSPACE)
    for ch in "10.0.0.5:9000":
        key(app, getattr(pygame, keys.get(ch, f"K_{ch}")), unicode=ch)
    key(app, pygame.K_RETURN)
    assert app.settings["net"]["server"] == "ws://10.0.0.5:9000"
    pick("Your name")
    key(app, pygame.K_RIGHT)                    # a pad: right adds a letter, up turns it
    key(app, pygame.K_UP)
    key(app, pygame.K_UP)
    key(app, pygame.K_RETURN)
    assert app.settings["net"]["name"] == "c"
    app.store.flush() if hasattr(app.store, "flush") else None
    kept = load_settings(app.store)
    assert kept["net"] == {"server": "ws://10.0.0.5:9000", "name": "c"}


def drawn_text(app, monkeypatch) -> list:
    """Every string the whole picture draws now (through the project's bitmap fonts)."""
    from games.ui import fonts
    said: list = []
    real = fonts.BitmapFont.draw

    def spy(self, surface, text, *a, **kw):
        said.append(str(text))
        return real(self, surface, text, *a, **kw)
    with monkeypatch.context() as m:
        m.setattr(fonts.BitmapFont, "draw", spy)
        app.present_whole()
    return said


def at_a_shared_table(make_app, net, tmp_path, entry):
    """This player (Ann) at a table with a friend (Bea) and the computer's seats, in play;
    -> (app, scene, Ann's client, Bea's client, the seats)."""
    from games.net.client import Client, wait_for
    srv, port = serve(net, tmp_path)
    app = new_app(make_app, port, name="Ann")
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    scene = app.push(entry.scene_factory()(app))
    scene.game_options = lambda: dict(entry.test_options[0])
    frames(app, 2)
    app.top.finish()                              # (the title: no game at home chosen)
    frames(app, 1)
    me = scene.client()
    me.host(entry.name, ["remote", "remote"] + [f"computer:{lowest(entry)}"] * (len(names) - 2),
            dict(entry.test_options[0]), claim=[names[0]], grace=600.0)
    scene.sit_at(me)
    assert run_until(app, lambda: me.code is not None, timeout=LONG)
    bea = Client(f"ws://127.0.0.1:{port}", name="Bea", data_dir=tmp_path / "bea")
    bea.join(me.code, claim=1)
    wait_for(bea, lambda e: e["type"] == "welcome", LONG)
    assert run_until(app, lambda: app.top is scene and scene.net is me
                     and scene.seat_player(names[1], state=False) == "Bea", timeout=LONG), (
        app.top.name, scene.net, [scene.seat_player(s) for s in names], me.seats)
    return app, scene, me, bea, names


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_seat_panel_names_every_person_and_marks_a_friend_away(make_app, net, tmp_path,
                                                                     entry, monkeypatch):
    """In a network game the game's own seat panel names this player's seat with the
    Settings' name (it read "Human"), a friend's seat with theirs, and says when the
    friend's seat is away (the status line said so; the panel did not)."""
    app, scene, me, bea, names = at_a_shared_table(make_app, net, tmp_path, entry)
    said = " | ".join(drawn_text(app, monkeypatch))
    assert "Ann" in said and "Human" not in said, said
    assert "Bea" in said, said
    bea.close()
    assert run_until(app, lambda: scene.seat_state(names[1]) == "away", timeout=LONG)
    said = drawn_text(app, monkeypatch)
    assert any("Bea" in s and "away" in s for s in said), said
    assert not scene.table.state.is_over
    # Bea's program closed its connection: she left, she did not lose it
    assert run_until(app, lambda: "Bea (" in " | ".join(scene.status.history), timeout=LONG)
    heard = " | ".join(scene.status.history)
    assert f"Bea ({names[1]}) left the table: their seat waits for them." in heard, heard
    assert "lost the connection" not in heard, heard


def test_seats_waiting_at_several_tables_are_one_line_on_the_title(make_app, net, tmp_path):
    """Seats of this player's wait at two tables: the title says "Back to your 2 tables"
    in one line (its list stays short enough to leave the title's text clear), which
    opens the network box with a "Back to table X" for each."""
    from games.net.client import wait_for
    srv, port = serve(net, tmp_path)
    app = new_app(make_app, port, name="Ann")
    entry = GAMES[0]
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    scene = app.push(entry.scene_factory()(app, title=False))
    frames(app, 1)
    codes = []
    for _ in range(2):
        c = scene.client()
        c.host(entry.name, ["remote"] * len(names), dict(entry.test_options[0]),
               claim=[names[0]])
        wait_for(c, lambda e: e["type"] == "welcome", LONG)
        codes.append(c.code)
        c.close()
    scene.open_title()
    line = "Back to your 2 tables"
    assert run_until(app, lambda: line in labels(app), timeout=LONG), labels(app)
    assert not any(s.startswith("Back to table") for s in labels(app))
    choose(app, line)
    box = app.top
    assert type(box).__name__.startswith("NetworkBox")
    assert run_until(app, lambda: all(f"Back to table {c}" in labels(app) for c in codes),
                     timeout=LONG), labels(app)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_an_away_friends_grace_on_the_status_line_follows_the_clock(make_app, net, tmp_path,
                                                                     entry, monkeypatch):
    """A friend whose turn it is loses the connection: the status line counts their grace
    down ("Bea (red) is away: 1:55 of grace"), and the picture follows the clock while
    nothing else changes (it read 1:55 still 15 s and 29 s later: the line was computed
    from the time but not drawn again)."""
    from games.net.client import Client, wait_for
    from games.ui import fonts
    srv, port = serve(net, tmp_path)
    url = f"ws://127.0.0.1:{port}"
    app = new_app(make_app, port, name="Ann")
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    scene = app.push(entry.scene_factory()(app))
    scene.game_options = lambda: dict(entry.test_options[0])
    frames(app, 2)
    app.top.finish()                              # (the title: no game at home chosen)
    frames(app, 1)
    me = scene.client()
    me.host(entry.name, ["remote", "remote"] + [f"computer:{lowest(entry)}"] * (len(names) - 2),
            dict(entry.test_options[0]), claim=[names[0]], grace=600.0)
    scene.sit_at(me)
    assert run_until(app, lambda: me.code is not None, timeout=LONG)
    bea = Client(url, name="Bea", data_dir=tmp_path / "bea")
    bea.join(me.code, claim=1)
    wait_for(bea, lambda e: e["type"] == "welcome", LONG)
    assert run_until(app, lambda: app.top is scene and scene.net is me, timeout=LONG)
    t = scene.table
    play_out(app, scene, random.Random(5), until=lambda: t.state.current == names[1],
             by_keys=0)
    assert t.state.current == names[1], "Bea's turn (she never moves)"
    bea.close()
    assert run_until(app, lambda: scene.seat_state(names[1]) == "away", timeout=LONG)
    frames(app, 1)                                # (its news said: the message, for a while)
    assert run_until(app, lambda: "is away:" in scene.status_text()[0], timeout=LONG), \
        scene.status_text()
    frames(app, 2)
    said: list = []
    real = fonts.BitmapFont.draw

    def spy(self, surface, text, *a, **kw):
        said.append(str(text))
        return real(self, surface, text, *a, **kw)
    monkeypatch.setattr(fonts.BitmapFont, "draw", spy)
    shown = scene.status_text()[0]
    m = re.search(r"(\d+):(\d\d) of grace", shown)
    assert m, shown
    left = int(m[1]) * 60 + int(m[2])
    scene._away_at[names[1]] -= 15               # fifteen seconds gone since she left
    want = f"{(left - 15) // 60}:{(left - 15) % 60:02d} of grace"
    assert want in scene.status_text()[0] and shown != scene.status_text()[0]
    frames(app, 3)
    assert any(want in s for s in said), (shown, said)
    assert scene.wake_in() is not None and scene.wake_in() <= 1.0, \
        "the loop wakes for the next second"


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_replay_of_a_network_game_names_each_seat_as_it_was_played(
        make_app, net, tmp_path, entry, monkeypatch):
    """A network game with this player (Ann), a friend (Bea, a bot) and the computer,
    played out and replayed (F5): the replay names Ann's seat and Bea's by their names, a
    friend's seat as a friend's and the computer's as the computer's (it read "Human" for
    both people: Tribolo "BLUE Human / RED Human", TriAxis "RED H / BLUE H")."""
    srv, port = serve(net, tmp_path)
    url = f"ws://127.0.0.1:{port}"
    app = new_app(make_app, port, name="Ann")
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    level = lowest(entry)
    want = {s: ("here" if i == 0 else "remote" if i == 1 else f"computer:{level}")
            for i, s in enumerate(names)}
    scene, lobby = host_from_title(app, entry, want)
    net("bot", "--server", url, "--table", scene_code(app, lobby), "--level", level,
        "--name", "Bea", "--data-dir", tmp_path / "bea", log="bea")
    assert run_until(app, lambda: app.top is scene, timeout=LONG), "the game started"
    play_out(app, scene, random.Random(4), by_keys=0)
    assert run_until(app, lambda: scene._over_fired, timeout=LONG)
    for _ in range(4):
        if app.top is scene:
            break
        key(app, pygame.K_ESCAPE)
    key(app, pygame.K_F5)
    replay = app.top
    assert replay.name == "replay"
    view = replay.view
    for ply in (0, replay.total):
        replay.go(ply)
        assert view.seat_player(names[0]) == "Ann"
        assert view.seat_player(names[1]) == "Bea"
        assert view.seat_kind(names[0]) == "human" and view.seat_kind(names[1]) == "remote"
        for s in names[2:]:
            assert view.seat_player(s) is None and view.seat_kind(s) == "computer"
    said = " | ".join(drawn_text(app, monkeypatch))
    assert "Human" not in said, said


def scene_code(app, lobby) -> str:
    assert run_until(app, lambda: lobby.client.code is not None, timeout=LONG)
    return lobby.client.code


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_seat_panel_names_a_free_friends_seat_whole_and_ones_own_placed_at_random(
        make_app, net, tmp_path, entry, monkeypatch):
    """Before the friend joins, the seat panel behind the waiting room names the friend's
    seat whole (TriAxis read "A frienF": the name cut and run into the seat's mark);
    a seat of this player's handed to random placement keeps the player's name (TriAxis
    read "RED R")."""
    srv, port = serve(net, tmp_path)
    url = f"ws://127.0.0.1:{port}"
    app = new_app(make_app, port, name="Ann")
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    level = lowest(entry)
    want = {s: ("here" if i == 0 else "remote" if i == 1 else f"computer:{level}")
            for i, s in enumerate(names)}
    scene, lobby = host_from_title(app, entry, want)
    code = scene_code(app, lobby)
    frames(app, 2)
    said = drawn_text(app, monkeypatch)
    assert not any(re.search(r"[Ff]rien(?!d)", s) for s in said), said
    net("bot", "--server", url, "--table", code, "--level", level, "--name", "Bea",
        "--data-dir", tmp_path / "bea", log="bea")
    assert run_until(app, lambda: app.top is scene, timeout=LONG), "the game started"
    t = scene.table
    drawn = any("Ann" in s for s in drawn_text(app, monkeypatch))
    t.set_seat(names[0], "random")
    assert t.seats[names[0]] == "random"
    assert scene.seat_player(names[0]) == "Ann"
    said = drawn_text(app, monkeypatch)
    assert not drawn or any("Ann" in s for s in said), said


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_join_box_says_whole_that_the_server_cannot_be_reached(make_app, entry,
                                                                   monkeypatch):
    """The Settings name a server nobody answers at: the Join box says so in every look,
    the whole sentence wrapped inside the box (Triple 3's cut it at "(nothing an";
    Tribolo's said nothing of it)."""
    import socket
    with socket.socket() as s:                    # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        dead = s.getsockname()[1]
    app = new_app(make_app, dead)
    scene = app.push(entry.scene_factory()(app, title=False))
    frames(app, 2)
    scene.open_network()
    choose(app, "Join a table")
    box = app.top
    assert run_until(app, lambda: box.found is not None, timeout=LONG)
    frames(app, 2)
    assert box.failed, "no answer"
    said = " ".join(s.strip() for s in drawn_text(app, monkeypatch))
    assert "No answer" in said, said
    assert box.failed in " ".join(said.split()) or box.failed in said, (box.failed, said)
    for text, (x, _y) in box.text_at:             # every line inside the box
        assert x + box.list_look().font.size(text)[0] <= box.rect.right, text


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_waiting_room_says_who_can_reach_a_server_on_this_machine(make_app, net,
                                                                      tmp_path, entry):
    """The host's waiting room, the server on this machine: listening on 127.0.0.1 only
    (tricade serve's default), it says only this machine can reach it and how to serve
    for friends (it said "friends elsewhere need its network address", which would not
    have reached it); listening on every address, it names the address friends on the
    local network join at."""
    from games.ui.netlocal import lan_address
    srv, port = serve(net, tmp_path)
    app = new_app(make_app, port)
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    want = {s: ("here" if i == 0 else "remote") for i, s in enumerate(names)}
    scene, lobby = host_from_title(app, entry, want)
    only = "only this machine can reach"

    def said():
        return " ".join(" ".join(text for text, _ in lobby.text_at).split())
    assert run_until(app, lambda: only in said(), timeout=LONG), said()
    assert "tricade serve --host 0.0.0.0" in said() and "network address" not in said()
    for text, (x, _y) in lobby.text_at:            # every line inside the box
        assert x + lobby.list_look().font.size(text)[0] <= lobby.rect.right, text
    address = lan_address()
    if address == "127.0.0.1":
        return                                     # (no network here: nothing else to say)
    srv.kill9()
    app.shutdown(quit_pygame=False)
    wide = net("serve", "--host", "0.0.0.0", "--port", port, "--data-dir",
               tmp_path / "wide", log="wide")
    wide.expect(r"^listening on ")
    app = new_app(make_app, port)
    scene, lobby = host_from_title(app, entry, want)
    assert run_until(app, lambda: f"join at {address}:{port}" in said(), timeout=LONG), said()
    assert only not in said()
