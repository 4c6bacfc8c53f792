"""Triple 3's play around the rules, without a screen: choosing a hole, the words said,
the matches, the help pages and the Scores lines (games/triple3/play.py is pure)."""


from games.core.records import Result, record_won_lost
from games.core.store import Store
from games.triple3 import play
from games.triple3.rules import new_game
from test_triple3_rules import pos



def test_the_board_marks_the_holes_the_dice_allow():
    board = play.Board()
    s = pos(red=("4.5",)).play((2, 3))                     # a five
    holes = board.targets(s, None)
    assert holes == [(b, h) for _k, b, h in s.legal_moves()]
    assert board.cells(s) == holes
    assert (4, 5) not in holes and (5, 3) in holes
    assert board.start(s, None) in holes
    intent = board.choose(s, None, (5, 3))
    assert intent.kind == "move" and intent.move == ("place", 5, 3)
    # a taken hole is still a move: the table says why it is refused
    assert board.choose(s, None, (4, 5)).move == ("place", 4, 5)


def test_a_two_removes_and_no_dice_refuses():
    board = play.Board()
    s = pos(red=("4.5",), turn="blue").play((1, 1))
    assert board.targets(s, None) == [(4, 5)]
    assert board.choose(s, None, (4, 5)).move == ("remove", 4, 5)
    thrown = new_game()
    refused = board.choose(thrown, None, (7, 7))
    assert refused.kind == "refuse" and refused.text == "Wait for the dice."
    assert len(board.cells(thrown)) == 81
    assert board.start(thrown, None) == (7, 7)             # the middle of the board


def test_words():
    assert play.sentence("4.5 is taken") == "4.5 is taken."
    assert play.sentence("the game is over.") == "The game is over."
    before = pos(red=("4.5",), turn="blue")
    assert play.throw_words(before, (1, 1)) == \
        "Blue threw 1 and 1, a two: take one of Red's pegs, then throw again."
    after = before.play((1, 1)).play(("remove", 4, 5))
    assert play.move_words(before, after, "blue", ("remove", 4, 5)) == \
        "Blue took Red's peg from hole 5 of box 4; Blue throws again."
    s = new_game()
    assert play.prompt_words(s, False, False) == "Red to throw."
    assert play.prompt_words(s, True, False) == "Red throws the dice..."


def test_a_match_counts_games_and_alternates_the_starter():
    settings = {"totals": {"red": 1, "blue": 0}, "match": 3, "first": "red"}
    won = pos(red=("5.3", "5.4"), won_red=(3, 4)).play((2, 3)).play(("place", 5, 5))
    assert won.is_over
    lines = play.game_won(settings, won, "red")
    assert lines == ["Red wins the game with three boxes in a line.",
                     "Red wins the match 2-0!"]
    assert settings["totals"] == {"red": 2, "blue": 0} and settings["first"] == "blue"
    assert play.match_winner(settings["totals"], 3) == "red"
    assert play.match_winner(settings["totals"], 5) is None
    assert play.match_note({"red": 1, "blue": 1}, 3) == ""


def test_score_lines_read_the_kept_file(tmp_path):
    store = Store(tmp_path)
    assert play.score_lines(store) == ["No games against the computer yet."]
    # a record written by the old scene (same file, same shape) still reads
    store.save("scores/triple3", {"3": {"won": 2, "lost": 5}}, 1)
    result = Result("triple3", frozenset({"red"}), {"red": "human", "blue": "computer"}, 1, 30)
    record_won_lost(store, result)
    lines = play.score_lines(store)
    assert lines[0].split() == ["Level", "Won", "Lost"]
    assert lines[1].split() == ["1", "(easy)", "1", "0"]
    assert lines[2].split() == ["3", "(strongest)", "2", "5"]


def test_help_pages_are_the_originals_help():
    pages = play.help_pages()
    assert pages[0][0] == "RULES OF TRIPLE 3"
    assert all(len(p) <= 16 and all(len(line) <= 60 for line in p) for p in pages)
    text = " ".join(" ".join(p) for p in pages)
    assert "three times" in text and "five boxes" in text


def test_the_end_line_on_a_panel_names_no_click():
    from games.triple3 import rules
    s = rules.State.from_text("triple3\nturn -\nphase over\n" + "RRRRRRRRR\n" * 9)
    assert play.prompt_words(s, False, True).startswith("Click in the window")
    words = play.prompt_words(s, False, True, panel=True)
    assert "lick" not in words and "{confirm}" in words, words
