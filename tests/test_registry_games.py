"""The generic test every registered game must pass, in the spirit of OpenSpiel's random
simulation test: many seeded random games through the rules protocol of RULES.md."""

import random
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, Phase, assume, given, settings
from hypothesis import strategies as st

import games
from games.core.table import Table

ENTRIES = games.playable(include_hidden=True)   # every game, listed or still to come
# each game under every option set it declares (Tribolo's boards, TriAxis's seat counts)
CASES = [(e, opts) for e in ENTRIES for opts in e.test_options]
CASE_IDS = [e.name + "".join(f"-{k}={v}" for k, v in o.items()) for e, o in CASES]
GAMES_PER_ENTRY = 12
MAX_PLIES = 600


def random_game(rules, seed, rng, check, options=None):
    """Play a random game from new_game(seed), calling check(state) at every step."""
    state = rules.new_game(seed=seed, **(options or {}))
    states = [state]
    moves = []
    for _ in range(MAX_PLIES):
        check(state)
        if state.is_over:
            break
        if state.is_chance:
            outcomes = state.chance_outcomes()
            outcome = rng.choices([o for o, _ in outcomes], [p for _, p in outcomes])[0]
            moves.append(state.move_text(outcome))
            state = state.play(outcome)
        else:
            move = rng.choice(state.legal_moves())
            moves.append(state.move_text(move))
            state = state.play(move)
        states.append(state)
    return states, moves


def check_state(rules, state):
    # text form round-trips exactly
    assert rules.State.from_text(state.to_text()) == state
    assert hash(rules.State.from_text(state.to_text())) == hash(state)
    if state.is_over:
        assert state.current is None
        assert state.legal_moves() == []
        assert state.winners(), "a finished game has winners"
        assert set(state.winners()) <= set(state.players)
        return
    assert not state.winners()
    if state.is_chance:
        assert state.current is None
        assert state.legal_moves() == []
        outcomes = state.chance_outcomes()
        assert outcomes
        for o, _p in outcomes:           # outcomes round-trip through their notation
            assert state.parse_move(state.move_text(o)) == o
        assert abs(sum(p for _, p in outcomes) - 1.0) < 1e-9
        assert all(p > 0 for _, p in outcomes)
        return
    assert state.current in state.players
    moves = state.legal_moves()
    assert moves, "a seat to move has a move (or the rules skip it)"
    assert len(set(moves)) == len(moves), "legal moves are unique"
    texts = [state.move_text(m) for m in moves]
    assert len(set(texts)) == len(texts)
    for m, t in zip(moves, texts):
        assert state.parse_move(t) == m, "notation round-trips"


@pytest.mark.parametrize("entry,options", CASES, ids=CASE_IDS)
def test_random_games_keep_the_protocol(entry, options):
    rules = entry.rules_module()
    rng = random.Random(7)
    finished = 0
    n = max(3, GAMES_PER_ENTRY // len(entry.test_options))
    for g in range(n):
        states, moves = random_game(rules, 1000 + g, rng, lambda s: check_state(rules, s),
                                    options)
        finished += states[-1].is_over
    assert finished >= n // 2, "random games reach an end"


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_same_seed_same_game(entry):
    rules = entry.rules_module()
    for seed in (1, 2, 99):
        a, b = rules.new_game(seed=seed), rules.new_game(seed=seed)
        assert a == b and a.to_text() == b.to_text()
        sa, ma = random_game(rules, seed, random.Random(seed), lambda s: None)
        sb, mb = random_game(rules, seed, random.Random(seed), lambda s: None)
        assert ma == mb and sa[-1] == sb[-1]
    # a game whose seed changes nothing (no random set-up) says so: RANDOM_SETUP = False
    if getattr(rules, "RANDOM_SETUP", True):
        assert len({rules.new_game(seed=s).to_text() for s in range(8)}) > 1, "seeds differ"


@pytest.mark.parametrize("entry,options", CASES, ids=CASE_IDS)
def test_illegal_moves_raise_and_change_nothing(entry, options):
    """Moves legal somewhere in a random game, and the rules module's own examples
    (``example_illegal_moves(state)``, optional: docs/shell.md), are refused wherever they
    are not legal, with a ValueError, and change nothing. No notation is assumed: every
    candidate is a move some state of the game listed, or one the rules offer."""
    rules = entry.rules_module()
    rng = random.Random(3)
    states, _ = random_game(rules, 5, rng, lambda s: None, options)
    seen = sorted({s.move_text(m) for s in states for m in s.legal_moves()})
    for state in states[::5]:
        if state.is_chance or state.is_over:
            continue
        before = state.to_text()
        legal = set(state.legal_moves())
        offered = own_examples(rules, state)
        assert not legal & set(offered), "the rules' examples of illegal moves are illegal"
        tried = 0
        for m in candidates(state, seen) + offered:
            if m in legal:
                continue
            with pytest.raises(ValueError):
                state.play(m)
            tried += 1
        assert tried > 0, ("no illegal move to try here: the moves of the game are all legal "
                           "now, so the rules module offers example_illegal_moves(state)")
        assert state.to_text() == before
    over = states[-1]
    if over.is_over:
        for m in (candidates(over, seen) + own_examples(rules, over))[:10]:
            with pytest.raises(ValueError):
                over.play(m)


def own_examples(rules, state) -> list:
    """The rules module's examples of moves ``state`` refuses (RULES.md's protocol, optional)."""
    offer = getattr(rules, "example_illegal_moves", None)
    return list(offer(state)) if offer is not None else []


def candidates(state, texts) -> list:
    """The moves ``state`` parses from ``texts`` (those it cannot parse are left out)."""
    out = []
    for t in texts:
        try:
            out.append(state.parse_move(t))
        except ValueError:
            continue
    return out


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_malformed_text_is_a_clear_error(entry):
    rules = entry.rules_module()
    good = rules.new_game(seed=4).to_text()
    lines = good.splitlines()
    short_row = list(lines)
    short_row[-2] = short_row[-2][:-1]          # one row a character short
    bad_texts = ["", "nonsense", good.replace(entry.name, "othergame", 1),
                 good.rstrip("\n") + "\n!!!! ????", "\n".join(short_row)]
    for text in bad_texts:
        with pytest.raises(ValueError) as info:
            rules.State.from_text(text)
        message = str(info.value)
        assert message, "the message says what is wrong"
        if text.strip():
            assert "line" in message.lower(), f"the message names the line: {message!r}"
    with pytest.raises(ValueError):
        rules.new_game(seed=4).parse_move("not a move")


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_a_save_replays_to_the_same_state(entry):
    for seed in (11, 12, 13):
        table = Table(entry.name, entry.rules, entry.ai, worker=None, seed=seed)
        rng = random.Random(seed)
        for _ in range(40):
            s = table.state
            if s.is_over:
                break
            if s.is_chance:
                table.roll()
            else:
                table.play(rng.choice(s.legal_moves()))
        data = table.save_data()
        other = Table(entry.name, entry.rules, entry.ai, worker=None, seed=1)
        other.load_data(data)
        assert other.state == table.state
        assert other.moves == table.moves
        # a tampered move list is refused, naming the move
        if data["moves"]:
            data["moves"][-1] = "zz99"
            with pytest.raises(ValueError, match="move"):
                other.replay(data)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_choose_move_returns_a_legal_move(entry):
    rules, ai = entry.rules_module(), entry.ai_module()
    levels = list(ai.LEVELS)
    assert ai.DEFAULT_LEVEL in levels
    rng = random.Random(5)
    checked = 0
    for g in range(4):
        states, _ = random_game(rules, 300 + g, rng, lambda s: None)
        for i, state in enumerate(states[:: max(1, len(states) // 5)]):
            if state.is_over or state.is_chance:
                continue
            history = tuple(states[: states.index(state) + 1])
            for level in (levels[0], ai.DEFAULT_LEVEL):
                move = ai.choose_move(state, level, random.Random(i), history=history,
                                      **entry.ai_options)
                assert move in state.legal_moves()
                checked += 1
    assert checked > 0


def test_rules_and_ai_import_no_pygame():
    """Every registered rules and ai module, each game's other pure modules (its board rules,
    words, scores, manual) and the house's pure parts import with pygame blocked."""
    import importlib.util
    mods = [m for e in ENTRIES for m in (e.rules, e.ai)] + [
        "games", "games.core.table", "games.core.store", "games.core.worker", "tools.arena",
        "games.core.gamerecord", "games.core.review",
        "games.core.records", "games.core.protocol", "games.ui.boardinput", "games.ui.status"]
    for e in ENTRIES:
        package = e.rules.rsplit(".", 1)[0]
        for part in ("play", "scores", "manual", "tiles", "judge"):
            if importlib.util.find_spec(f"{package}.{part}") is not None:
                mods.append(f"{package}.{part}")
    code = (
        "import builtins, sys\n"
        "real = builtins.__import__\n"
        "def guard(name, *a, **k):\n"
        "    if name == 'pygame' or name.startswith('pygame.'):\n"
        "        raise ImportError('pygame imported by ' + name)\n"
        "    return real(name, *a, **k)\n"
        "builtins.__import__ = guard\n"
        f"import importlib\nfor m in {mods!r}: importlib.import_module(m)\n"
        "print('ok')\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         cwd=str(__import__("pathlib").Path(__file__).resolve().parents[1]))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


# -- no legal move leaves a seat stuck ------------------------------------------------------
# RULES.md's protocol: a seat that is ``current`` has a legal move. Every rules module keeps
# it by the way it hands the turn on (Tribolo skips a seat with no move, Triple 3 throws
# again, Tripppin ends the game, TriAxis's setup passes a seat with nowhere to place), so
# no legal move or chance outcome may lead where the seat to move has nothing to play
# while the game goes on: a table, a computer player or a screen would have no way on.

def _stuck_after(state) -> list:
    """The moves and outcomes of ``state`` that lead to a stuck position, as text."""
    if state.is_over:
        return []
    if state.is_chance:
        steps = [o for o, _ in state.chance_outcomes()]
    else:
        steps = state.legal_moves()
    bad = []
    for m in steps:
        after = state.play(m)
        if after.is_over:
            continue
        if after.is_chance:
            if not after.chance_outcomes():
                bad.append(state.move_text(m) + " (a chance point with no outcomes)")
            continue
        if after.current is None or not after.legal_moves():
            bad.append(state.move_text(m) + f" (then {after.current} has no legal move)")
    return bad


def _walk_checking(state, rng, plies):
    """A random game from ``state``; every position on the way is checked whole."""
    for _ in range(plies):
        bad = _stuck_after(state)
        assert not bad, (f"from\n{state.to_text()}these leave the next seat stuck: "
                         f"{', '.join(bad[:5])}")
        if state.is_over:
            return
        if state.is_chance:
            outcomes = state.chance_outcomes()
            state = state.play(rng.choices([o for o, _ in outcomes],
                                           [p for _, p in outcomes])[0])
        else:
            state = state.play(rng.choice(state.legal_moves()))


def _mutated(text: str, data) -> str:
    """``text`` edited as a person editing a save might: a few characters changed, every
    copy of one token turned into another (a terrain into sea, an empty square into a
    piece), lines dropped (a smaller board) or doubled. No game's notation is assumed: what is put in is
    drawn from what the text already holds."""
    lines = text.rstrip("\n").split("\n")
    alphabet = sorted(set(text) - {"\n"})
    tokens = sorted({t for line in lines[1:] for t in line.split()} | set(alphabet) - {" "})
    for _ in range(data.draw(st.integers(1, 6), label="edits")):
        kind = data.draw(st.sampled_from(["char", "all", "drop", "double"]), label="kind")
        i = data.draw(st.integers(1, len(lines) - 1), label="line") if len(lines) > 1 else 0
        if kind == "char" and lines[i]:
            at = data.draw(st.integers(0, len(lines[i]) - 1), label="at")
            ch = data.draw(st.sampled_from(alphabet), label="char")
            lines[i] = lines[i][:at] + ch + lines[i][at + 1:]
        elif kind == "all":
            a = data.draw(st.sampled_from(tokens), label="from")
            b = data.draw(st.sampled_from(tokens), label="to")
            for k in range(1, len(lines)):
                lines[k] = " ".join(b if t == a else t for t in lines[k].split(" "))
        elif kind == "drop" and len(lines) > 2:
            del lines[i:i + data.draw(st.integers(1, len(lines) - 2), label="count")]
        elif kind == "double":
            lines.insert(i, lines[i])
    return "\n".join(lines) + "\n"


# no shrinking: the failure's message shows the position and the move already, and
# shrinking an edited text replayed on takes minutes
_STUCK_SETTINGS = settings(max_examples=40, deadline=None,
                           phases=[Phase.explicit, Phase.reuse, Phase.generate],
                           suppress_health_check=[HealthCheck.too_slow,
                                                  HealthCheck.filter_too_much])


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
@_STUCK_SETTINGS
@given(data=st.data())
def test_no_legal_move_leaves_the_next_seat_stuck_in_random_games(entry, data):
    rules = entry.rules_module()
    options = data.draw(st.sampled_from(list(entry.test_options)), label="options")
    seed = data.draw(st.integers(0, 10 ** 6), label="seed")
    rng = random.Random(data.draw(st.integers(0, 2 ** 32), label="play"))
    _walk_checking(rules.new_game(seed=seed, **options), rng, 200)


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
@_STUCK_SETTINGS
@given(data=st.data())
def test_no_legal_move_leaves_the_next_seat_stuck_in_edited_positions(entry, data):
    """The same over positions no game reaches: texts from random games, edited, that
    ``from_text`` takes (a save edited by hand passes the load check and is played on)."""
    rules = entry.rules_module()
    options = data.draw(st.sampled_from(list(entry.test_options)), label="options")
    rng = random.Random(data.draw(st.integers(0, 2 ** 32), label="play"))
    states, _ = random_game(rules, data.draw(st.integers(0, 10 ** 6), label="seed"), rng,
                            lambda s: None, options)
    # the first position (the set-up, where a game has one) and one drawn from the game
    starts = (states[0], data.draw(st.sampled_from(states), label="position"))
    texts = [_mutated(start.to_text(), data) for start in starts for _ in range(4)]
    taken = 0
    for text in texts:
        try:
            state = rules.State.from_text(text)
        except ValueError:
            continue
        taken += 1
        _walk_checking(state, rng, 40)
    assume(taken)


# values that are no move of any game: the wrong type, the wrong shape, out of range
NON_MOVES = [None, 3.5, float("nan"), -1, 10 ** 9, "", "zz99", "not a move", b"a1",
             object(), [], {}, set(), [0, 0], (), (None,), (None, None), ("x", "y"),
             (-1, -1), (10 ** 9, 10 ** 9), (1.5, 2.5), ((0, 0), 0), (0, 0, 0, 0, 0),
             ("@",), ("@", "a"), ("@", -5), ("@", 10 ** 6), ("-", 1), ("-", -1, 10 ** 6),
             ("+", None), ("^", 2.5), ("place", 99, 99), ("remove", "x", None), (7, None)]


@pytest.mark.parametrize("entry", ENTRIES, ids=[e.name for e in ENTRIES])
def test_move_text_of_a_value_that_is_no_move_is_a_value_error(entry):
    """RULES.md: notation both ways, and ValueError for what is not a move (issue 49:
    Tribolo raised TypeError, TriAxis KeyError). The example games keep it too."""
    rules = entry.rules_module()
    states, _ = random_game(rules, 21, random.Random(21), lambda s: None)
    for state in (states[0], states[len(states) // 2], states[-1]):
        for value in NON_MOVES:
            try:
                text = state.move_text(value)
            except ValueError:
                continue
            except Exception as exc:        # noqa: BLE001 - the kind is what is tested
                pytest.fail(f"{entry.name}: move_text({value!r}) raised "
                            f"{type(exc).__name__}: {exc}")
            pytest.fail(f"{entry.name}: move_text({value!r}) gave {text!r}, not ValueError")
