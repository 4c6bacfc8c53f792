"""Tribolo's board input and sentences (games/tribolo/play.py): pure, run without pygame."""

from dataclasses import dataclass

from games.tribolo import play, rules, scores
from games.ui.boardinput import BoardInput

# Blue to move; its only move c1 flips b1; then Red (no tiles) cannot move and Green plays.
SKIP_TEXT = "tribolo\nturn blue\nBG" + "." * 14 + "\n" + "." * 16 + "\nGB" + "." * 14 + "\n" + \
    ("." * 16 + "\n") * 8


@dataclass
class Act:
    kind: str
    pos: tuple | None = None
    button: int = 0
    source: str = "key"


def board_input():
    """Squares 10 x 10 pixels from the origin: a square is its position // 10."""
    return BoardInput(play.TriboloBoard(), lambda p: (p[0] // 10, p[1] // 10),
                      lambda sq: (sq[0] * 10 + 5, sq[1] * 10 + 5))


def test_the_cursor_goes_square_by_square_over_the_whole_board():
    st = rules.new_game(seed=4)
    bi = board_input()
    bi.reset(st, keep_cursor=False)
    assert bi.cursor == (8, 5)                     # the middle, as the original's cursor
    assert bi.interpret(st, Act("right")).kind == "cursor" and bi.cursor == (8, 5)   # shows
    for kind, want in [("right", (9, 5)), ("up", (9, 4)), ("left", (8, 4)), ("down", (8, 5))]:
        bi.interpret(st, Act(kind))
        assert bi.cursor == want                   # taken squares too: not move to move
    for _ in range(20):
        bi.interpret(st, Act("left"))
    assert bi.cursor == (0, 5)                     # and it stops at the edge


def test_choosing_a_legal_square_is_the_move_and_any_other_is_refused_with_why():
    st = rules.State.from_text(SKIP_TEXT)
    bi = board_input()
    assert bi.interpret(st, Act("pointer_down", (25, 5), 1, "mouse")).move == (2, 0)
    grey = rules.State.from_text(SKIP_TEXT.replace("BG...", "BG.#.", 1))
    said = {sq: bi.interpret(grey, Act("pointer_down", (sq[0] * 10, sq[1] * 10), 1,
                                       "mouse")) for sq in [(0, 0), (3, 0), (5, 5)]}
    assert all(i.kind == "refuse" for i in said.values())
    assert said[(0, 0)].text == "Not there: a1 is already taken by blue."
    assert said[(3, 0)].text == "Not there: d1 is a grey square."
    assert said[(5, 5)].text == "Not there: f6 does not outflank any tile."
    # not this person's turn (the scene says why): the refusal comes first
    assert bi.interpret(st, Act("pointer_down", (25, 5), 1, "mouse"),
                        "Red is thinking.").text == "Red is thinking."


def test_the_sentences():
    st = rules.State.from_text(SKIP_TEXT)
    assert play.flip_order(st, (2, 0)) == [(1, 0)]
    assert play.skipped_text(("red",)) == "Red cannot move: its turn is passed."
    assert play.skipped_text(("red", "green")) == "Red and Green cannot move: their turn is " \
        "passed."
    assert play.best_text(st, (2, 0)) == "Best: c1 turns 1 tile (not always the best place!)."
    assert play.possible_text(st) == "1 possible square for Blue."
    assert play.prompt_text(st, True).startswith("BLUE to move")
    assert play.prompt_text(st, False) == "Blue is thinking..."
    end = st.play((2, 0))
    while not end.is_over:
        end = end.play(end.legal_moves()[0])
    assert play.prompt_text(end, True).startswith(f"Game over: {play.result_text(end)}.")
    lines = play.final_lines(end, 7)
    assert lines[0] == play.result_text(end).upper() + "!"
    assert lines[-1] == "Board 7: " + rules.BOARDS[7]
    assert play.first_lines(st)[-1] == "BLUE goes first!"


def test_a_result_asks_for_initials_only_for_a_persons_new_best():
    t = scores.default_table()
    counts = {"blue": 30, "red": 20, "green": 10}
    assert scores.record_result(t, 7, {"blue"}, counts, True) == 30
    assert scores.record_result(t, 7, {"blue"}, counts, False) is None     # a computer's
    scores.set_best(t, 7, 30, "ABC")
    assert scores.record_result(t, 7, {"blue"}, counts, True) is None      # not beaten
    assert scores.record_result(t, 7, {"red"}, {**counts, "blue": 40}, True) is None
    assert scores.played(scores.card(t, 7)["blue"]) == 4
