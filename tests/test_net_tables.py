"""Network play without a network (games/net's pure parts, over the registry): the server's
table draws every chance outcome and makes every computer move exactly as the local table
does (same seed, same game), so its record replays like any other; seats are claimed only
with their token; the protocol's checks refuse anything a client may send with one
ProtocolError; and games/net keeps to its layer."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import games
from games.core import gamerecord, review
from games.core.table import Table
from games.net import protocol
from games.net.protocol import ProtocolError
from games.net.tables import NetTable, choose

ROOT = Path(__file__).resolve().parents[1]
GAMES = [e.name for e in games.playable(include_hidden=True)]


def low(entry) -> int:
    return list(getattr(entry.ai_module(), "LEVELS", (1,)))[0]


def server_game(entry, options, spec, seed):
    table = NetTable.create("ABCDE", entry, options, spec, seed=seed)
    table.adopt(table.opening)
    while table.over is None:
        seat = table.to_move()
        move = choose(entry.ai, table.state, table.ai_level(seat), table.ai_seed(),
                      table.ai_history(), dict(entry.ai_options))
        table.adopt(table.plan_computer(move))
    return table


@pytest.mark.parametrize("name", GAMES)
def test_the_server_plays_as_the_local_table_and_its_record_replays(name):
    entry = games.get(name)
    for seed, options in enumerate(entry.test_options[:2] * 2, 11):
        players = entry.rules_module().new_game(seed=1, **options).players
        spec = [{"kind": "computer", "level": low(entry)}] * len(players)
        net = server_game(entry, options, spec, seed)
        local = Table(name, entry.rules, entry.ai, seats={p: "computer" for p in players},
                      levels=low(entry), seed=net.seed, options=options,
                      ai_options=entry.ai_options)
        for _ in range(20000):
            if local.state.is_over:
                break
            local.update()
        assert [m["move"] for m in net.moves] == local.moves
        assert net.state == local.state and net.over["winners"] == sorted(
            local.state.winners())
        data = gamerecord.from_text(net.record_text(), name)
        states, _ = review.states_of(entry, data)
        assert states[-1] == net.state
        assert net.record_data()["by"] == "".join(local.by)


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_is_claimed_only_with_its_token_and_moves_only_its_own(name):
    entry = games.get(name)
    options = dict(entry.test_options[0])
    players = list(entry.rules_module().new_game(seed=1, **options).players)
    table = NetTable.create("ABCDE", entry, options, None, seed=5)
    table.adopt(table.opening)
    ann, bob = protocol.token_hash(protocol.new_token()), protocol.token_hash(
        protocol.new_token())
    with pytest.raises(ProtocolError) as no:
        table.claim(ann, "Ann", [players[0], "nobody"])
    assert no.value.about == "seat"
    for seat in table.claim(ann, "Ann", 1):
        seat.owner, seat.name = ann, "Ann"
    assert table.claim(ann, "Ann", 1) == [table.seats[0]]        # its own again, no more
    with pytest.raises(ProtocolError) as taken:
        table.claim(bob, "Bob", [players[0]])
    assert taken.value.about == "token"
    for seat in table.claim(bob, "Bob", len(players) - 1):
        seat.owner = bob
    with pytest.raises(ProtocolError) as full:
        table.claim(protocol.token_hash(protocol.new_token()), "Cy", 1)
    assert full.value.about == "seats"
    mover = table.to_move()
    other = bob if mover.owner == ann else ann
    legal = table.state.move_text(table.state.legal_moves()[0])
    with pytest.raises(ProtocolError) as turn:
        table.plan_move(table.ply, legal, other)
    assert turn.value.about == "turn"
    with pytest.raises(ProtocolError) as stale:
        table.plan_move(table.ply + 1, legal, mover.owner)
    assert stale.value.about == "turn"
    plan = table.plan_move(table.ply, legal, mover.owner)
    assert table.ply == len(table.moves) and plan.plies[0]["move"] == legal


def test_table_codes_tokens_and_hashes():
    assert not set("OI01") & set(protocol.CODE_ALPHABET)
    codes = {protocol.new_code() for _ in range(200)}
    assert len(codes) > 190 and all(protocol.normal_code(c) == c for c in codes)
    assert protocol.normal_code(" kqwxe ") == "KQWXE"
    assert protocol.normal_code("KQW0E") is None and protocol.normal_code(5) is None
    token = protocol.new_token()
    assert protocol.is_token(token) and len(token) == 32 and int(token, 16) < 2 ** 128
    assert protocol.token_hash(token) != token and len(protocol.token_hash(token)) == 64
    state = games.get("tribolo").rules_module().new_game(seed=3)
    import hashlib
    assert protocol.position_hash(state) == hashlib.sha256(
        state.to_text().encode()).hexdigest()
    spec = protocol.parse_seats_spec("remote,remote,computer:3")
    assert spec[2] == {"kind": "computer", "level": 3}
    for bad in ("", "remote,", "human", "computer:x", "remote:2"):
        with pytest.raises(ProtocolError):
            protocol.parse_seats_spec(bad)
    assert protocol.parse_option("board=3") == ("board", 3)
    assert protocol.parse_option("fair=false") == ("fair", False)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False)
                    | st.text(max_size=30),
                    lambda inner: st.lists(inner, max_size=4)
                    | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)
FIELDS = st.sampled_from(["code", "token", "seats", "watch", "ply", "move", "game", "options",
                          "grace", "think", "on_away", "level", "request", "name", "version",
                          "outcome"])


@settings(max_examples=400)
@given(kind=st.sampled_from(list(protocol.CLIENT_TYPES) + ["x", 3, None]),
       fields=st.dictionaries(FIELDS, JSON, max_size=6))
def test_any_message_is_checked_or_refused_in_one_sentence(kind, fields):
    raw = json.dumps(dict(fields, type=kind))
    try:
        message = protocol.check(protocol.decode(raw))
    except ProtocolError as exc:
        assert exc.about in protocol.FAULTS
        assert str(exc).endswith(".") and "\n" not in str(exc)
        return
    assert message["type"] == kind


@settings(max_examples=200)
@given(st.text(max_size=200) | st.binary(max_size=50))
def test_any_frame_is_decoded_or_refused(raw):
    try:
        protocol.decode(raw)
    except ProtocolError as exc:
        assert exc.about in ("json", "message", "size")


def _imports(path: Path) -> set:
    out = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            out.add(node.module if not node.level else "games.net." + node.module)
    return out


def test_games_net_keeps_to_its_layer_and_names_no_game():
    import re
    for path in (ROOT / "games" / "net").glob("*.py"):
        for mod in _imports(path):
            assert not mod.startswith(("pygame", "games.ui", "games.launcher",
                                       "games.cabinet", "tools", "tests")), (path, mod)
            assert not any(mod.startswith(f"games.{g}") for g in GAMES), (path, mod)
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                node.value = ""
        code = ast.unparse(tree)
        for g in GAMES:
            assert not re.search(rf"\b{g}\b", code), (path, g)
    for path in (ROOT / "games").rglob("*.py"):            # websockets: only in games/net
        if path.parent.name != "net":
            assert not any(m.startswith("websockets") for m in _imports(path)), path


def test_tricade_runs_without_websockets_and_says_what_network_play_needs(tmp_path):
    code = (
        "import sys; sys.modules['websockets'] = None\n"
        "import importlib.util; real = importlib.util.find_spec\n"
        "importlib.util.find_spec = lambda n, *a: None if n.startswith('websockets') "
        "else real(n, *a)\n"
        "from games import cli\n"
        "from games.net.client import Client\n"
        "c = Client('ws://127.0.0.1:9', token='0' * 32); c.join('ABCDE')\n"
        "print(c.state, c.why)\n"
        "sys.exit(cli.main(['tables']))\n")
    r = subprocess.run([sys.executable, "-c", code], cwd=str(ROOT), capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 1, r.stderr
    assert r.stdout.startswith("closed network play needs the websockets package")
    assert r.stderr.count("\n") == 1 and "websockets" in r.stderr


@pytest.mark.parametrize("seed", [3, 4])
@pytest.mark.parametrize("name", GAMES)
def test_a_resumed_table_goes_on_as_the_one_that_was_kept(name, seed):
    """A restart reads a table's start, last position and moves (not its whole game): it
    then plays on exactly as the table that was kept, the computer's history included."""
    from games.net.tables import Seat
    entry = games.get(name)
    options = dict(entry.test_options[0])
    players = entry.rules_module().new_game(seed=1, **options).players
    spec = [{"kind": "computer", "level": low(entry)}] * len(players)
    kept = NetTable.create("ABCDE", entry, options, spec, seed=seed)
    kept.adopt(kept.opening)
    for _ in range(9):
        if kept.over is None:
            seat = kept.to_move()
            kept.adopt(kept.plan_computer(choose(
                entry.ai, kept.state, kept.ai_level(seat), kept.ai_seed(), kept.ai_history(),
                dict(entry.ai_options))))
    seats = [Seat(s.index, s.seat, s.kind, s.level) for s in kept.seats]
    back = NetTable("ABCDE", entry, kept.seed, options, seats, start_text=kept.start_text,
                    position_text=kept.state.to_text(), moves=[dict(m) for m in kept.moves])
    assert back.state == kept.state and back.ply == kept.ply
    assert tuple(back.history) == tuple(kept.history)
    assert back.chance_texts == kept.chance_texts
    for table in (kept, back):
        while table.over is None:
            seat = table.to_move()
            table.adopt(table.plan_computer(choose(
                entry.ai, table.state, table.ai_level(seat), table.ai_seed(),
                table.ai_history(), dict(entry.ai_options))))
    assert back.moves == kept.moves and back.record_text() == kept.record_text()
    ended = NetTable("ABCDE", entry, kept.seed, options, seats, start_text=kept.start_text,
                     position_text=kept.state.to_text(), moves=[dict(m) for m in kept.moves])
    assert ended.over == kept.over and ended.to_move() is None
    broken = NetTable("ABCDE", entry, kept.seed, options, seats,
                      start_text=kept.start_text, position_text=kept.start_text,
                      moves=[dict(m) for m in kept.moves])
    with pytest.raises(ValueError):
        broken.history


@settings(max_examples=200, deadline=None)
@given(back=st.floats(0.0, 3600.0), seed=st.integers(0, 2 ** 32))
def test_a_lost_connection_is_tried_again_at_once_while_a_restart_lasts_then_less_often(
        back, seed):
    """The client's tries after a loss (games.net.client.retry_delay, jittered by ``seed``):
    a server back within the quick seconds (a restart) is found within the first delay of
    its coming back; later, the tries thin out up to the longest delay, never more."""
    import random

    from games.net.client import BACKOFF, QUICK, retry_delay
    low, high = BACKOFF
    rng = random.Random(seed)
    t, tries = 0.0, []
    while t < back + high:
        t += retry_delay(t, rng)
        tries.append(t)
    found = next(x for x in tries if x >= back)
    if back < QUICK:
        assert found - back <= low
    assert found - back <= high
    starts = [0.0] + tries[:-1]
    gaps = [b - a for a, b in zip(starts, tries)]
    assert all(low / 2 <= g <= high for g in gaps)
    late = [g for g, a in zip(gaps, starts) if a >= QUICK + 2 * high]
    assert all(g >= high / 2 for g in late), "a long loss is not hammered"
