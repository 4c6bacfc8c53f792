"""Tests of games.triaxis.rules on hand-made positions, the protocol and random games."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.core.table import Table
from games.triaxis import rules
from games.triaxis.rules import IllegalMove, State, new_game
from tests.test_registry_games import check_state

# A 5 x 4 test island: column c is grass above, forest below; the rest marsh / tundra.
ROWS = [
    "m. m. g. t. t.",
    "m. m. g. t. t.",
    "m. m. f. t. t.",
    "m. m. f. t. t.",
]


def pos(marks, seats="red:40 blue:40", turn="red", phase="move 3", rnd="1", rows=ROWS):
    """A position on ROWS with markers {zone: 'SS'} (seat number and size)."""
    grid = [r.split() for r in rows]
    for name, code in marks.items():
        col, row = ord(name[0]) - 97, int(name[1:]) - 1
        grid[row][col] = grid[row][col][0] + code
    text = (f"triaxis\nseats {seats}\nturn {turn}\nphase {phase}\nround {rnd}\n"
            + "\n".join(" ".join(r) for r in grid) + "\n")
    return State.from_text(text)


def at(state, name):
    return state.marker(state.island.parse(name))


def mv(state, text):
    return state.play(state.parse_move(text))


# --------------------------------------------------------------------------- moving

def test_step_costs_size_and_turn_goes_on():
    s = pos({"c2": "11", "e4": "21"})
    s = mv(s, "c2-c3")
    assert at(s, "c3") == ("red", 1) and at(s, "c2") is None
    assert s.phase == "move" and s.points == 2 and s.current == "red"
    s = mv(mv(s, "c3-c4"), "c4-d4")
    assert s.phase == "spin" and s.turn == "blue"


def test_a_big_marker_spends_its_size():
    s = pos({"c2": "13", "a1": "11", "e4": "21"}, phase="move 4")
    s = mv(s, "c2-c3")
    assert s.points == 1 and s.current == "red"        # only the size-1 marker can go on
    assert all(m in ("resign", "end") or s.cells[m[1]] & 7 == 1 for m in s.legal_moves())
    with pytest.raises(IllegalMove, match="size 3"):
        mv(s, "c3-c4")


def test_no_fit_ends_the_turn_at_once():
    s = pos({"c2": "14", "e4": "21"}, phase="spin")
    after = s.play("3")
    assert after.phase == "spin" and after.turn == "blue"
    after = s.play("4")
    assert after.phase == "move" and after.points == 4


def test_jump_over_own_marker_is_a_plain_move():
    s = pos({"c1": "11", "c2": "12", "e4": "21"})
    assert s.parse_move("c1-c3") in s.legal_moves()
    s = mv(s, "c1-c3")
    assert at(s, "c3") == ("red", 1) and at(s, "c2") == ("red", 2) and s.points == 2


@pytest.mark.parametrize("mine,theirs", [(1, 1), (3, 2), (2, 2)])
def test_capture_equal_or_smaller_grows_the_jumper(mine, theirs):
    s = pos({"c1": f"1{mine}", "c2": f"2{theirs}", "e4": "21"}, phase="move 6")
    s = mv(s, "c1-c3")
    assert at(s, "c2") is None and at(s, "c3") == ("red", mine + 1)
    assert s.population("blue") == 1 and s.supply("blue") == 39


def test_no_jump_over_a_larger_marker():
    s = pos({"c1": "11", "c2": "22", "e4": "21"})
    assert s.parse_move("c1-c3") not in s.legal_moves()
    before = s.to_text()
    with pytest.raises(IllegalMove, match="larger"):
        mv(s, "c1-c3")
    assert s.to_text() == before


def test_no_jump_into_sea_or_onto_a_marker():
    s = pos({"c1": "11", "c2": "21", "c3": "21"})
    assert s.parse_move("c1-c3") not in s.legal_moves()
    rows = ["m. m. g. t. t.", "m. m. g. t. t.", "~ ~ ~ ~ ~", "m. m. f. t. t."]
    s = pos({"c1": "11", "c2": "21", "a4": "21"}, rows=rows)
    assert s.parse_move("c1-c3") not in s.legal_moves()
    with pytest.raises(IllegalMove, match="sea"):
        mv(s, "c1-c3")


def test_captures_are_not_forced():
    s = pos({"c1": "11", "c2": "21", "e4": "21"}, phase="move 1")
    assert len(s.legal_moves()) > 2


def test_over_population_by_capture():
    s = pos({"c1": "16", "c2": "21", "a1": "11", "e4": "21"}, phase="move 6")
    s = mv(s, "c1-c3")
    assert at(s, "c3") is None and at(s, "c2") is None and at(s, "c1") is None
    assert s.population("red") == 1 and s.phase == "spin" and s.turn == "blue"


def test_capture_of_the_last_marker_ends_the_game():
    s = pos({"c1": "11", "c2": "21"})
    s = mv(s, "c1-c3")
    assert s.is_over and s.winners() == {"red"} and s.current is None
    assert s.to_text().splitlines()[2:4] == ["turn -", "phase over red"]
    assert State.from_text(s.to_text()).winners() == {"red"}


def test_over_population_taking_both_last_markers_is_a_tie():
    s = pos({"c1": "16", "c2": "21"}, phase="move 6")
    s = mv(s, "c1-c3")
    assert s.is_over and s.winners() == {"red", "blue"}


# --------------------------------------------------------------------------- harvest

def test_harvest_units_owed_in_order_from_the_spinner():
    seats = "red:28 blue:28 green:24"
    s = pos({"c1": "13", "c2": "21", "e1": "22", "c4": "34", "a1": "31"},
            seats=seats, turn="blue", phase="spin")
    s = s.play("harvest")
    assert s.is_chance and s.phase == "harvest-colour"
    assert [o for o, _ in s.chance_outcomes()] == list("fgdhmt")
    s = s.play("g")
    assert s.owed == (("blue", 1), ("green", 0), ("red", 3))
    assert s.turn == "blue" and s.current == "blue"
    assert "phase harvest g blue:1 green:0 red:3" in s.to_text()
    s = mv(s, "+d3")
    assert at(s, "d3") == ("blue", 1) and s.current == "red"
    s = mv(mv(s, "^c1"), "+a4")
    assert at(s, "c1") == ("red", 4)
    s = mv(s, "^a4")
    assert at(s, "a4") == ("red", 2)
    assert s.phase == "spin" and s.turn == "green"


def test_harvest_counted_at_the_spin_and_growth_past_six_removes():
    s = pos({"c1": "16", "c2": "11", "e4": "21"}, seats="red:2 blue:40", phase="spin")
    s = s.play("harvest").play("g")
    assert s.owed == (("red", 7), ("blue", 0))
    assert s.supply("red") == 0
    assert all(m in ("resign", "end") or m[0] == "^" for m in s.legal_moves())
    s = mv(s, "^c1")                   # a 6 grows past six: removed
    assert at(s, "c1") is None and s.owed == (("red", 6), ("blue", 0))
    for _ in range(5):
        s = mv(s, "^c2")
    assert at(s, "c2") == ("red", 6) and s.current == "red"
    s = mv(s, "^c2")                   # the last marker goes: red is out, blue wins
    assert s.is_over and s.winners() == {"blue"}


def test_harvest_with_no_units_passes_the_turn():
    s = pos({"c1": "11", "e4": "21"}, phase="spin")
    s = s.play("harvest").play("f")
    assert s.phase == "spin" and s.turn == "blue"


def test_new_marker_needs_an_empty_zone():
    s = pos({"c1": "11", "c2": "21"}, phase="spin").play("harvest").play("g")
    with pytest.raises(IllegalMove, match="not empty"):
        mv(s, "+c2")
    with pytest.raises(IllegalMove, match="no marker of red"):
        mv(s, "^c2")


# --------------------------------------------------------------------------- famine, out

def test_famine_removes_the_colour_and_seats_go_out():
    seats = "red:28 blue:28 green:24"
    s = pos({"c1": "13", "c2": "21", "a1": "31", "e1": "22", "c3": "25"},
            seats=seats, turn="green", phase="spin")
    s = s.play("famine")
    assert s.phase == "famine-colour"
    s = s.play("m")                    # green's only marker is on marsh
    assert at(s, "a1") is None and s.seats_in() == ("red", "blue")
    assert s.turn == "red" and s.round == 2 and s.phase == "spin"
    s = s.play("famine").play("g")     # red's and blue's grass markers go; blue keeps c3, e1
    assert s.is_over and s.winners() == {"blue"}


def test_famine_of_everyone_ties_those_it_removed():
    s = pos({"c1": "13", "c2": "21"}, phase="spin").play("famine").play("g")
    assert s.is_over and s.winners() == {"red", "blue"}


def test_an_out_seat_is_skipped():
    seats = "red:28 blue:28 green:24"
    s = pos({"c1": "11", "c2": "21", "c4": "21", "e4": "31"}, seats=seats, phase="move 1")
    s = mv(s, "c1-c3")                 # blue loses c2 but keeps c4
    assert s.turn == "blue"
    s = pos({"c1": "11", "c2": "21", "e4": "31"}, seats=seats, phase="move 1")
    s = mv(s, "c1-c3")                 # blue is out: green is next
    assert s.turn == "green" and s.seats_in() == ("red", "green")


# --------------------------------------------------------------------------- resign

def test_resign_in_the_move_phase():
    seats = "red:28 blue:28 green:24"
    s = pos({"c1": "11", "c2": "21", "e4": "31"}, seats=seats)
    assert "resign" in s.legal_moves()
    s = s.play("resign")
    assert s.population("red") == 0 and s.turn == "blue" and s.phase == "spin"
    s = s.play("1")
    s = s.play("resign")
    assert s.is_over and s.winners() == {"green"}


def test_resign_in_a_harvest_drops_the_units():
    seats = "red:28 blue:28 green:24"
    s = pos({"c1": "11", "c2": "21", "a1": "31"}, seats=seats, phase="spin")
    s = s.play("harvest").play("g")
    assert s.owed == (("red", 1), ("blue", 1), ("green", 0))
    s = s.play("resign")
    assert s.owed == (("blue", 1), ("green", 0)) and s.current == "blue"
    s = mv(s, "+e4")
    assert s.phase == "spin" and s.turn == "blue"


def test_no_resign_in_setup():
    s = new_game(seed=1, seats=2)
    assert "resign" not in s.legal_moves()
    with pytest.raises(IllegalMove):
        s.play("resign")


# --------------------------------------------------------------------------- setup, rounds

def test_setup_three_seats_and_first_round():
    s = new_game(seed=3, seats=3)
    assert s.players == ("red", "blue", "green")
    assert s.allocations == {"red": 28, "blue": 28, "green": 24}
    order = []
    rng = random.Random(1)
    while s.phase == "setup":
        order.append(s.current)
        s = s.play(rng.choice(s.legal_moves()))
    assert order[:3] == ["red", "blue", "green"]
    assert order.count("red") == 14 and order.count("blue") == 14 and order.count("green") == 12
    assert order[-4:] == ["red", "blue", "red", "blue"]
    assert all(v & 7 == 1 for v in s.cells if v)
    assert s.phase == "spin" and s.turn == "red" and s.round == 1


@pytest.mark.parametrize("seats,each", [(2, 40), (4, 20), (5, 16), (6, 13)])
def test_allocations(seats, each):
    s = new_game(seed=1, seats=seats)
    assert set(s.allocations.values()) == {each}
    assert s.players == rules.PLAYERS[:seats]


def test_names_and_bad_options():
    s = new_game(seed=1, seats=2, names=("orange", "violet"))
    assert s.players == ("orange", "violet")
    assert State.from_text(s.to_text()) == s
    for bad in (dict(seats=7), dict(seats=1), dict(names=("a", "a", "b")),
                dict(names=("Red", "blue", "green")), dict(max_rounds=0)):
        with pytest.raises(ValueError):
            new_game(seed=1, **bad)


def test_round_grows_when_the_turn_comes_back():
    seats = "red:28 blue:28 green:24"
    s = pos({"c1": "11", "c4": "24", "e4": "34"}, seats=seats, phase="spin")
    s = s.play("1")                    # red steps
    s = mv(s, "c1-b1")
    assert s.turn == "blue" and s.round == 1
    s = s.play("2")                    # blue's 4 cannot move
    assert s.turn == "green" and s.round == 1
    s = s.play("3")
    assert s.turn == "red" and s.round == 2


def test_max_rounds_ends_with_the_largest_population():
    seats = "red:28 blue:28 green:24"
    s = pos({"c1": "11", "c4": "24", "e4": "34"}, seats=seats, turn="green", phase="spin",
            rnd="3/3")
    assert "round 3/3" in s.to_text() and s.max_rounds == 3
    s = s.play("1")
    assert s.is_over and s.winners() == {"blue", "green"}
    s = pos({"c1": "11", "c4": "24", "e4": "34"}, seats=seats, turn="blue", phase="spin",
            rnd="3/3")
    s = s.play("1")
    assert not s.is_over and s.turn == "green"


def test_max_rounds_games_end():
    rng = random.Random(2)
    s = new_game(seed=2, seats=2, max_rounds=2)
    while not s.is_over:
        if s.is_chance:
            s = s.play(rng.choice([o for o, _ in s.chance_outcomes()]))
        else:
            s = s.play(rng.choice([m for m in s.legal_moves() if m not in ("resign", "end")]))
    assert s.round <= 2 and s.winners()


# --------------------------------------------------------------------------- text form

def test_text_round_trip_and_pickle():
    s = pos({"c1": "13", "c2": "21"}, phase="spin").play("harvest").play("g")
    assert State.from_text(s.to_text()) == s
    import pickle
    assert pickle.loads(pickle.dumps(s)) == s


@pytest.mark.parametrize("change,line", [
    (lambda t: t.replace("triaxis", "tribolo"), 1),
    (lambda t: t.replace("seats red:40 blue:40", "seats red:40"), 2),
    (lambda t: t.replace("seats red:40", "seats Red:40"), 2),
    (lambda t: t.replace("turn red", "turn pink"), 3),
    (lambda t: t.replace("phase move 3", "phase move 7"), 4),
    (lambda t: t.replace("phase move 3", "phase dance"), 4),
    (lambda t: t.replace("round 1", "round x"), 5),
    (lambda t: t.replace("m. m. f. t. t.\n", "m. m. f. t.\n", 1), 8),
    (lambda t: t.replace("g11", "g71"), 6),
    (lambda t: t.replace("g21", "g29"), 7),
    (lambda t: t.replace("t. t.\n", "t. q.\n", 1), 6),
])
def test_text_errors_name_the_line(change, line):
    good = pos({"c1": "11", "c2": "21"}).to_text()
    with pytest.raises(ValueError, match=f"^line {line}:"):
        State.from_text(change(good))


def test_text_consistency_errors():
    with pytest.raises(ValueError, match="line 4:.*no move"):
        pos({"c1": "14", "c2": "21"}, phase="move 3")
    with pytest.raises(ValueError, match="line 4:.*over"):
        pos({"c1": "14"}, phase="spin")
    with pytest.raises(ValueError, match="line 4:.*order"):
        pos({"c1": "14", "c2": "21"}, phase="harvest g blue:1 red:4")
    with pytest.raises(ValueError, match="line 2:.*allocation"):
        pos({"c1": "14", "c2": "21", "c3": "21"}, seats="red:1 blue:1")


def test_notation():
    s = pos({"c1": "11", "c2": "21"})
    for text in ("c1-c3", "+c4", "^c1", "c4", "resign", "harvest", "3", "g"):
        assert s.move_text(s.parse_move(text)) == text
    for bad in ("", "z1", "c1-", "++c1", "c1-c99", "x"):
        with pytest.raises(ValueError):
            s.parse_move(bad)


def test_illegal_things_raise_and_change_nothing():
    s = pos({"c1": "11", "c2": "21"})
    before = s.to_text()
    for m in (s.parse_move("c2-c3"), s.parse_move("+c4"), s.parse_move("c4"), "3",
              ("-", 0), ("-", 2, 999), "nonsense"):
        with pytest.raises(IllegalMove):
            s.play(m)
    assert s.to_text() == before
    with pytest.raises(IllegalMove):
        pos({"c1": "11", "c2": "21"}, phase="spin").play("resign")


# --------------------------------------------------------------------------- random games

def _random_game(seed, seats, rng, check, max_rounds=4, plies=2000):
    s = new_game(seed=seed, seats=seats, max_rounds=max_rounds)
    states = [s]
    for _ in range(plies):
        check(s)
        if s.is_over:
            break
        if s.is_chance:
            outs = s.chance_outcomes()
            s = s.play(rng.choices([o for o, _ in outs], [p for _, p in outs])[0])
        else:
            legal = s.legal_moves()
            out = ("resign", "end")
            moves = [m for m in legal if m not in out] if rng.random() > 0.01 else legal
            s = s.play(rng.choice(moves or legal))
        states.append(s)
    return states


def _invariants(s):
    n = len(s.players)
    counts = [0] * n
    for z, v in enumerate(s.cells):
        if v:
            assert s.island.terrain[z] != "~"
            assert 1 <= v & 7 <= 6 and 1 <= v >> 3 <= n
            counts[(v >> 3) - 1] += 1
    for i, p in enumerate(s.players):
        assert counts[i] <= s.allocations[p]
    if s.max_rounds:
        assert s.round <= s.max_rounds
    if s.phase == "move":
        assert 1 <= s.points <= 6
        assert any(m not in ("resign", "end") for m in s.legal_moves())


@pytest.mark.parametrize("seats", [2, 3, 4, 5, 6])
def test_registry_checks_for_every_seat_count(seats):
    rng = random.Random(seats)
    finished = 0
    for g in range(2):
        def check(s):
            check_state(rules, s)
            _invariants(s)
        states = _random_game(100 + g, seats, rng, check)
        finished += states[-1].is_over
        # illegal zone names are refused and change nothing
        for s in states[::40]:
            if s.is_chance or s.is_over:
                continue
            legal = set(s.legal_moves())
            before = s.to_text()
            for t in candidate_texts(s)[::7]:
                try:
                    m = s.parse_move(t)
                except ValueError:
                    continue
                if m not in legal:
                    with pytest.raises(ValueError):
                        s.play(m)
            assert s.to_text() == before
    assert finished == 2


def candidate_texts(state):
    """Zone names over the largest island's columns and rows (most are not moves here)."""
    return [f"{chr(97 + c)}{r}" for c in range(26) for r in range(1, 17)]


def test_same_seed_same_game_and_saves_replay():
    a = _random_game(5, 4, random.Random(5), lambda s: None)
    b = _random_game(5, 4, random.Random(5), lambda s: None)
    assert a == b
    table = Table("triaxis", "games.triaxis.rules", "games.triaxis.ai", worker=None, seed=9,
                  options={"seats": 4, "max_rounds": 3})
    rng = random.Random(9)
    for _ in range(150):
        s = table.state
        if s.is_over:
            break
        if s.is_chance:
            table.roll()
        else:
            table.play(rng.choice([m for m in s.legal_moves() if m not in ("resign", "end")]))
    other = Table("triaxis", "games.triaxis.rules", "games.triaxis.ai", worker=None, seed=1)
    other.load_data(table.save_data())
    assert other.state == table.state


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10 ** 6), seats=st.integers(2, 6), choices=st.randoms())
def test_hypothesis_random_games_keep_invariants(seed, seats, choices):
    states = _random_game(seed, seats, choices, _invariants, max_rounds=2, plies=400)
    last = states[-1]
    assert State.from_text(last.to_text()) == last
    if last.is_over:
        assert last.winners() <= set(last.players) and last.winners()


def test_a_mover_with_nowhere_to_place_is_refused():
    # setup on a full island: no game reaches it (islands have room for every placement)
    with pytest.raises(ValueError, match="line 4: red .*no legal placement"):
        State.from_text("triaxis\nseats red:4 blue:4\nturn red\nphase setup\nround 1\n"
                        "f11 f21\n")
    # the same island with room is fine
    s = State.from_text("triaxis\nseats red:4 blue:4\nturn red\nphase setup\nround 1\n"
                        "f11 f21 g.\n")
    assert s.legal_moves() == [("@", 2)]


def test_a_seat_with_nowhere_to_place_passes_and_setup_ends():
    """Issue 49: four seats, blue places on the last empty zone while green and yellow
    still have placements to make. Green had no legal move, the game went on, and the
    table raised IndexError; now a seat that cannot place passes, and with the island
    full no seat can, so setup ends."""
    head = "triaxis\nseats red:2 blue:4 green:4 yellow:4\nturn blue\nphase setup\nround 1\n"
    s = State.from_text(head + "f11 f21 f. f31 f41 ~\n")
    assert s.legal_moves() == [("@", 2)]
    after = mv(s, "c1")
    assert after.phase == "spin" and after.turn == "red" and not after.is_over
    assert after.round == 1 and after.seats_in() == ("red", "blue", "green", "yellow")
    assert State.from_text(after.to_text()) == after
    check_state(rules, after)
    # a seat with no marker when setup ends is out; the first seat still in spins
    s = State.from_text(head.replace("red:2", "red:1") + "f. f21 f31 f41 ~\n")
    after = mv(s, "a1")
    assert after.phase == "spin" and after.turn == "blue"
    assert after.seats_in() == ("blue", "green", "yellow")
    check_state(rules, after)
    # with one seat on the island when setup ends, that seat has won
    s = State.from_text(head.replace("red:2", "red:1") + "~ f. ~\n")
    after = mv(s, "b1")
    assert after.is_over and after.winners() == {"blue"}
    check_state(rules, after)


def test_the_island_is_at_most_16_by_10():
    head = "triaxis\nseats red:4 blue:4\nturn red\nphase setup\nround 1\n"
    ok = State.from_text(head + " ".join(["f."] * 16) + "\n")
    assert ok.island.width == 16
    with pytest.raises(ValueError, match="line 6: a row has 1 to 16 zones, found 17"):
        State.from_text(head + " ".join(["f."] * 17) + "\n")
    with pytest.raises(ValueError, match="at most 10 rows"):
        State.from_text(head + "f.\n" * 11)
    assert State.from_text(head + "f.\n" * 10).island.height == 10
