"""The upper floor's pure parts, tested without pygame: the status line, the board input,
the records, and the table's queries (the move on each transition, explain, redo to a
person's turn, random seats, the level a result is recorded at)."""

from __future__ import annotations

import builtins
import importlib
import sys
from dataclasses import dataclass

import pytest
from hypothesis import given, settings, strategies as st

from games.core import records
from games.core.table import Table
from games.ui.boardinput import BoardInput, BoardRules, Intent, step_towards
from games.ui.status import StatusLine


# -- no pygame below the screen ---------------------------------------------------------------
@pytest.mark.parametrize("module", ["games.ui.status", "games.ui.boardinput",
                                    "games.core.records", "games.core.table"])
def test_pure_parts_import_without_pygame(module, monkeypatch):
    real = builtins.__import__

    def guard(name, *a, **k):
        if name == "pygame" or name.startswith("pygame."):
            raise ImportError("pygame imported")
        return real(name, *a, **k)
    for name in [m for m in sys.modules if m == module]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setattr(builtins, "__import__", guard)
    importlib.import_module(module)


# -- the status line ----------------------------------------------------------------------------
def test_a_message_stays_its_time_then_the_prompt_is_back():
    s = StatusLine()
    s.say("Red removes 4.9", seconds=2.0)
    assert s.current.text == "Red removes 4.9"
    assert not s.update(1.5) and s.current is not None
    assert s.update(0.6) and s.current is None
    assert s.history == ["Red removes 4.9"]


def test_sticky_messages_stay_and_history_keeps_the_newest_up_to_its_bound():
    s = StatusLine(keep=50)
    s.say("Game over", sticky=True)
    s.update(10_000)
    assert s.current.text == "Game over"
    for n in range(60):
        s.say(f"m{n}")
    assert len(s.history) == 50 and s.history[-1] == "m59" and s.history[0] == "m10"
    assert StatusLine()._history.maxlen >= 4000      # the house's: every move of a game


def test_the_same_message_twice_in_a_row_is_kept_once():
    s = StatusLine()
    s.say("Green cannot move")
    s.say("Green cannot move")
    assert s.history == ["Green cannot move"]


# -- the board input ------------------------------------------------------------------------------
@dataclass
class A:
    """An action as the input layer makes them (games.core.input.Action's fields)."""
    kind: str
    pos: tuple | None = None
    button: int = 0
    buttons: tuple = ()
    source: str = "key"


class Grid(BoardRules):
    """A 4x4 board: odd cells take a piece picked up from an even one; 15 is forbidden."""

    def cells(self, state):
        return list(range(16))

    def targets(self, state, selected):
        if selected is None:
            return [c for c in range(16) if c % 2 == 0]
        return [c for c in range(16) if c % 2 == 1]

    def choose(self, state, selected, cell):
        if cell == 15:
            return Intent("refuse", cell=cell, text="Not that corner.")
        if selected is None:
            return Intent("select", cell=cell) if cell % 2 == 0 else Intent(
                "refuse", cell=cell, text="Pick up a piece first.")
        if cell == selected:
            return Intent("deselect")
        return Intent("move", move=(selected, cell)) if cell % 2 else Intent("select", cell=cell)


def board():
    centre = lambda c: (c % 4 * 10 + 5, c // 4 * 10 + 5)   # noqa: E731
    at = lambda p: None if p is None or not (0 <= p[0] < 40 and 0 <= p[1] < 40) else (  # noqa
        p[1] // 10 * 4 + p[0] // 10)
    return BoardInput(Grid(), at, centre)


def test_keys_show_the_cursor_first_then_step_among_targets_and_choose():
    b = board()
    assert b.interpret(None, A("right")).kind == "cursor" and b.visible
    assert b.cursor == 0
    assert b.interpret(None, A("right")).cell == 2       # the next even cell that way
    assert b.interpret(None, A("confirm")).kind == "select" and b.selected == 2
    b.interpret(None, A("right"))                         # now among odd cells
    assert b.cursor == 3
    intent = b.interpret(None, A("confirm"))
    assert intent == Intent("move", move=(2, 3)) and b.selected is None


def test_back_puts_down_what_was_picked_up():
    b = board()
    b.interpret(None, A("pointer_down", (25, 5), 1, source="mouse"))
    assert b.selected == 2
    assert b.interpret(None, A("back")).kind == "deselect" and b.selected is None
    assert b.interpret(None, A("back")).kind == "none"


def test_drag_and_drop_moves_and_a_click_then_a_click_moves_too():
    b = board()
    assert b.interpret(None, A("pointer_down", (5, 5), 1, source="mouse")).kind == "select"
    assert b.interpret(None, A("pointer_up", (15, 5), 1, source="mouse")).move == (0, 1)
    b = board()
    b.interpret(None, A("pointer_down", (5, 5), 1, source="mouse"))
    assert b.interpret(None, A("pointer_up", (5, 5), 1, source="mouse")).kind == "none"
    assert b.selected == 0                       # a click picks up; the next click puts down
    assert b.interpret(None, A("pointer_down", (15, 15), 1, source="mouse")).move == (0, 5)


def test_refusals_carry_a_sentence_and_the_mouse_hides_the_cursor():
    b = board()
    b.interpret(None, A("down"))
    assert b.visible
    intent = b.interpret(None, A("pointer_down", (35, 35), 1, source="mouse"))
    assert intent.kind == "refuse" and intent.text == "Not that corner."
    assert not b.visible
    assert b.interpret(None, A("pointer_down", (15, 5), 1, source="mouse")).text == \
        "Pick up a piece first."
    # not this person's turn: the cursor still moves, a choice is refused with the reason
    b.interpret(None, A("left"))
    assert b.interpret(None, A("confirm"), refuse="Red is thinking.").text == "Red is thinking."


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(["up", "down", "left", "right"]), min_size=1, max_size=40))
def test_the_cursor_goes_the_way_pressed_or_stays(presses):
    b = board()
    b.interpret(None, A("up"))                    # shown
    for kind in presses:
        before = b.cursor
        b.interpret(None, A(kind))
        bx, by = before % 4, before // 4
        ax, ay = b.cursor % 4, b.cursor // 4
        dx, dy = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}[kind]
        along = (ax - bx) * dx + (ay - by) * dy
        assert b.cursor == before or along > 0
        assert b.cursor in Grid().targets(None, None)


def test_step_towards_prefers_straight_lines():
    pos = {"a": (0, 0), "b": (10, 1), "c": (3, 9), "d": (-5, 0)}
    assert step_towards(pos, "a", "right", pos.get) == "b"
    assert step_towards(pos, "a", "down", pos.get) == "c"
    assert step_towards(pos, "a", "up", pos.get) is None


# -- the table ----------------------------------------------------------------------------------
def tripppin_table(**kw):
    return Table("tripppin", "games.tripppin.rules", "games.tripppin.ai",
                 seats={"orange": "human", "blue": "computer"}, levels=1, seed=7,
                 options={"first": "orange"}, **kw)


def computer(t):
    """Let the computer seat move (a table without a worker answers on the next update)."""
    for _ in range(3):
        if not t.computer_to_move:
            return
        t.update()
    assert not t.computer_to_move


def test_each_move_transition_carries_the_move_and_last_move_is_it():
    t = tripppin_table()
    t.take_transitions()
    move = t.state.legal_moves()[0]
    t.play(move)
    (tr,) = t.take_transitions()
    assert tr.kind == "move" and tr.move == move and t.last_move == move
    assert t.ply == 1 and t.position(0) is tr.before and t.person_has_moved


def test_explain_says_why_a_move_is_refused():
    t = tripppin_table()
    legal = set(t.state.legal_moves())
    illegal = next(sq for sq in range(64) if sq not in legal)
    assert t.explain(legal.pop()) is None
    assert isinstance(t.explain(illegal), str) and t.explain(illegal)


def test_redo_turn_brings_back_the_computers_replies_with_the_persons_move():
    t = tripppin_table()
    for _ in range(2):
        t.play(t.state.legal_moves()[0])          # orange (a person)
        computer(t)                               # blue, the computer, answers
    assert t.ply == 4
    assert t.take_back()
    assert t.ply == 2 and t.state.current == "orange"
    assert t.redo_turn()
    assert t.ply == 4 and t.state.current == "orange"


def test_a_random_seat_plays_a_seeded_legal_move_at_once():
    moves = []
    for _ in range(2):
        t = Table("tribolo", "games.tribolo.rules", "games.tribolo.ai",
                  seats={"blue": "random", "red": "random", "green": "random"}, seed=3,
                  options={"board": 1})
        for _ in range(5):
            assert t.update()
        moves.append(list(t.moves))
    assert moves[0] == moves[1] and len(moves[0]) == 5


def test_the_result_is_recorded_at_the_lowest_level_the_computer_played():
    t = tripppin_table()
    t.play(t.state.legal_moves()[0])
    computer(t)                                   # blue moved at level 1
    t.set_level(5)                                # raised before the person's last move
    assert t.result_level() == 1
    t2 = Table.__new__(Table)
    t2.__dict__.update(t.__dict__)
    data = t.save_data()
    t3 = tripppin_table()
    t3.load_data(data)
    assert t3.result_level() == 1                 # kept in the save


# -- records --------------------------------------------------------------------------------------
class MemStore:
    def __init__(self):
        self.files = {}

    def load(self, name, default, version=1, validate=None):
        data = self.files.get(name, default)
        return validate(data) if validate else data

    def save(self, name, data, version=1):
        import copy
        self.files[name] = copy.deepcopy(data)
        return True


def test_won_and_lost_per_level_and_lines_under_their_headings():
    store = MemStore()
    seats = {"red": "human", "blue": "computer"}
    records.record_won_lost(store, records.Result("g", frozenset({"red"}), seats, 2, 30))
    records.record_won_lost(store, records.Result("g", frozenset({"blue"}), seats, 2, 30))
    records.record_won_lost(store, records.Result("g", frozenset({"blue"}), seats, 10, 3))
    # people only, or computers only: nothing to keep
    assert not records.record_won_lost(store, records.Result(
        "g", frozenset({"red"}), {"red": "human", "blue": "human"}, 2, 9))
    header, rows = records.won_lost_rows(store, "g")
    assert rows == [["2", 1, 1], ["10", 0, 1]]
    lines = records.lines(header, rows)
    for line in lines[1:]:       # every number ends where its heading ends
        assert line.rstrip().endswith(line.rstrip()[-1])
        for h in header[1:]:
            end = lines[0].index(h) + len(h)
            assert line[end - 1].isdigit() and (len(line) == end or line[end] == " ")
