"""TriAxis at the table without a screen (games.triaxis.play): choosing zones, the cursor,
the spinner read from the table, the sentences and the scores' rows. No pygame."""

from dataclasses import dataclass

from games.core.table import Table
from games.triaxis import play, rules, scores
from games.triaxis.island import offset_neighbour


@dataclass
class Act:
    kind: str
    pos: tuple = None
    button: int = 1
    source: str = "keyboard"


def moving_state(seed=3):
    """A state in the move phase (the setup placed by the first legal moves, spins of 4)."""
    st = rules.new_game(seed=seed, seats=2)
    while st.phase == "setup":
        st = st.play(st.legal_moves()[0])
    while st.phase != "move":
        st = st.play("4") if st.phase == "spin" else st.play(st.legal_moves()[0])
    return st


def test_a_placement_is_a_move_and_a_full_or_sea_zone_says_why():
    st = rules.new_game(seed=1, seats=3)
    board = play.Board()
    z = st.island.land[0]
    assert board.choose(st, None, z) == play.Intent("move", move=("@", z), cell=z)
    after = st.play(("@", z))
    refused = board.choose(after, None, z)
    assert refused.kind == "refuse" and "not empty" in refused.text
    sea = next(i for i in range(st.island.size) if st.island.terrain[i] == "~")
    assert "sea" in board.choose(after, None, sea).text
    assert board.targets(st, None) == sorted(m[1] for m in st.legal_moves())


def test_choosing_a_marker_then_its_destination():
    st = moving_state()
    board = play.Board()
    a, b = next((m[1], m[2]) for m in st.legal_moves() if isinstance(m, tuple))
    assert board.choose(st, None, a).kind == "select"
    assert b in board.targets(st, a) and b in play.destinations(st, a)
    assert board.choose(st, a, b) == play.Intent("move", move=("-", a, b), cell=b)
    assert board.choose(st, a, a).kind == "deselect"
    other = next(z for z in st.island.land if not st.cells[z] and z not in
                 play.destinations(st, a))
    no = board.choose(st, a, other)
    assert no.kind == "refuse" and no.text.startswith("Not allowed: ")
    theirs = next(z for z, v in enumerate(st.cells) if v and st.marker(z)[0] != st.current)
    assert "markers first" in board.choose(st, None, theirs).text


def test_a_marker_too_big_for_the_points_says_so():
    text = moving_state().to_text()
    assert "phase move 4" in text and " f11 " in text
    st = rules.State.from_text(text.replace("phase move 4", "phase move 2")
                               .replace(" f11 ", " f13 ", 1))
    big = next(z for z, size in st.markers(st.current) if size == 3)
    said = play.Board().choose(st, None, big).text
    assert said == f"The marker on {st.island.name(big)} cannot move: it is size 3: only " \
        "2 points left."


def test_a_harvest_unit_grows_an_own_marker_or_places_a_new_one():
    st = rules.new_game(seed=2, seats=2)
    while st.phase == "setup":
        st = st.play(st.legal_moves()[0])
    st = st.play("harvest")
    mine = st.markers(st.turn)[0][0]
    st = st.play(st.island.terrain[mine])
    assert st.phase == "harvest"
    board = play.Board()
    own = next(z for z, _ in st.markers(st.current))
    assert board.choose(st, None, own).move == ("^", own)
    empty = next(z for z in st.island.land if not st.cells[z])
    assert board.choose(st, None, empty).move == ("+", empty)


def test_chance_and_the_end_refuse():
    st = rules.new_game(seed=1, seats=2)
    while st.phase == "setup":
        st = st.play(st.legal_moves()[0])
    assert play.Board().choose(st, None, 0).text == "Wait for the spin."


def test_the_cursor_steps_one_column_or_row_and_diagonally():
    centre = {z: (z % 16 * 27, z // 16 * 23) for z in range(160)}.get
    hx = play.HexInput(lambda pos: None, centre, start=5 * 16 + 8)
    st = rules.new_game(seed=1, seats=2)
    assert hx.interpret(st, Act("right")).kind == "cursor" and hx.cursor == 88   # shows
    hx.interpret(st, Act("right"))
    assert hx.cursor == 89
    hx.interpret(st, Act("up"))
    assert hx.cursor == 73
    c, r = 73 % 16, 73 // 16
    hx.diagonal(5)
    nc, nr = offset_neighbour(c, r, 5)
    assert hx.cursor == nr * 16 + nc
    hx.cursor = 0
    assert hx.interpret(st, Act("left")).kind == "none" and hx.cursor == 0
    hx.reset(st)
    assert hx.cursor == 0, "a new position keeps the cursor where it is"


def test_the_spinner_shows_the_last_spin_of_the_table():
    t = Table("triaxis", "games.triaxis.rules", seats={"red": "human", "blue": "human"},
              seed=4, options={"seats": 2})
    assert play.last_spin(t) == ("spin", "")
    while t.state.phase == "setup":
        t.play(t.state.legal_moves()[0])
    t.play("4")
    assert play.last_spin(t) == ("spin", "4")
    t.play(next(m for m in t.state.legal_moves() if m not in ("resign", "end")))
    assert play.last_spin(t) == ("spin", "4"), "a step keeps the spin that gave the points"
    assert play.rest_angle("spin", "4") == (-3 / 8) % 1.0
    end, cues = play.spin_path(0.25, "colour", "m")
    assert end - 0.25 >= 2 and abs((end + 4 / 6 + 0.5) % 1.0 - 0.5) < 1e-9
    assert cues[-1] == (1.0, "dos_place") and all(0 < f <= 1 for f, _ in cues)


def test_sentences_for_spins_and_moves():
    st = rules.new_game(seed=2, seats=2)
    while st.phase == "setup":
        st = st.play(st.legal_moves()[0])
    text, tone = play.chance_sentence(st, st.play("harvest"), "harvest")
    assert "HARVEST" in text and tone == "note"
    fam = st.play("famine")
    colour = st.island.terrain[st.markers("red")[0][0]]
    text, tone = play.chance_sentence(fam, fam.play(colour), colour)
    assert text.startswith("FAMINE on ") and "perish" in text and tone == "bad"
    assert play.move_sentence(st, st, "resign", "red")[0].startswith("RED concedes")
    gone = play.changes((9, 0, 10), (0, 9, 10))
    assert gone == [(0, 9, 0, "vanish"), (1, 0, 9, "appear")]


def test_prompt_and_result_and_scores_rows():
    st = rules.new_game(seed=1, seats=2)
    text, tone = play.prompt(st, {"red": "human", "blue": "computer"})
    assert text.startswith("RED: place a marker") and tone == "red"
    assert "random zones" in play.prompt(st, {"red": "random"})[0]
    assert "(computer) is thinking" in play.prompt(st, {"red": "computer"})[0]
    over = st.play(st.legal_moves()[0])
    assert play.default_kinds(3) == ["human", "human"] + ["computer"] * 4
    res = play.score_results(over, {"red": "human", "blue": "computer"}, {"blue": 2},
                             {"red": "ABC"})
    assert [r[0] for r in res] == ["ABC", "CP2"]
    header, rows = scores.table_rows({"players": {"ABC": {"played": 2, "won": 1,
                                                          "best": 40}}})
    assert header[0] == "Player" and rows == [["ABC", 2, 1, "50%", 40]]
    lines = scores.table_lines({"players": {"ABC": {"played": 2, "won": 1, "best": 40}}})
    for heading in ("Played", "Won", "Best population"):
        end = lines[0].index(heading) + len(heading)
        assert lines[1][end - 1] != " ", f"the value ends under {heading}"


def test_the_spin_prompt_names_the_control_in_hand():
    assert play.spin_prompt("red", ("key", "A")) == "RED: press Space to spin the spinner."
    assert play.spin_prompt("red", ("mouse", "A")) == "RED: click to spin the spinner."
    assert play.spin_prompt("blue", ("pad", "B")) == "BLUE: press B to spin the spinner."
    assert play.spin_prompt("green", ("", "A")) == \
        "GREEN: press Space, click or press A to spin the spinner."
