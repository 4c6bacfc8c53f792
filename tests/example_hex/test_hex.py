"""Hex's own tests: the rules on hand-made positions, the board input without pygame, and a
whole game each by the mouse, the keys and a pad (the registry-wide tests do the rest)."""

import subprocess
import sys

import pytest

from tests.example_hex.rules import IllegalMove, State, new_game

CLIMB = [(2, r) for r in range(7)]          # red's straight chain down column c
WALL = [(0, r) for r in range(6)]           # blue's stones down column a


def play_all(state, moves):
    for m in moves:
        state = state.play(m)
    return state


def test_a_chain_from_top_to_bottom_wins_for_red():
    moves = [m for pair in zip(CLIMB, WALL) for m in pair] + CLIMB[-1:]
    end = play_all(new_game(), moves)
    assert end.is_over and end.winners() == {"red"} and end.legal_moves() == []
    assert State.from_text(end.to_text()) == end
    with pytest.raises(IllegalMove):
        end.play((6, 6))


def test_a_taken_cell_and_a_false_text_are_refused():
    s = new_game().play((3, 3))
    with pytest.raises(IllegalMove, match="d4 is taken"):
        s.play((3, 3))
    bad = s.to_text().replace("turn blue", "turn red")
    with pytest.raises(ValueError, match="line 2"):
        State.from_text(bad)


def test_the_board_input_needs_no_pygame():
    code = ("import sys; sys.modules['pygame'] = None\n"
            "from tests.example_hex.play import HexRules\n"
            "from tests.example_hex.rules import new_game\n"
            "s = new_game().play((0, 0)); r = HexRules()\n"
            "assert r.choose(s, None, (0, 0)).kind == 'refuse'\n"
            "assert r.choose(s, None, (1, 0)).move == (1, 0)\n")
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("how", ["mouse", "keys", "pad"])
def test_two_people_play_a_whole_game(make_app, how):
    import pygame
    from tests import driver
    from tests.example_hex.scene import HexScene, centre
    app = make_app(anim_speed=0)
    app.push(HexScene(app, seed=3))
    driver.key(app, pygame.K_RETURN)                       # past the title
    scene = app.top
    scene.set_seat("blue", "human")
    pad = driver.VirtualPad() if how == "pad" else None
    for _ in range(300):
        state, cursor = scene.table.state, scene.board_input.cursor
        if state.is_over:
            break
        if how == "mouse":
            driver.click(app, centre(state.legal_moves()[0]))
        elif cursor is not None and cursor in state.legal_moves():
            driver.pad_press(app, pad, "a") if pad else driver.key(app, pygame.K_RETURN)
        else:
            driver.pad_press(app, pad, "dpright") if pad else driver.key(app, pygame.K_RIGHT)
        driver.frames(app, 2)
    assert scene.table.state.is_over and scene.result_recorded
