"""The generic test every registered game must pass, in the spirit of OpenSpiel's random
simulation test: many seeded random games through the rules protocol of RULES.md."""

import random
import subprocess
import sys

import pytest

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
