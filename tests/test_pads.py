"""A pad per seat: real SDL virtual pads claim seats, each answers only at its seat's turn,
a pad pulled out frees its seat, and one pad for everyone is the hot seat as before."""

import pygame
import pytest

from driver import VirtualPad, frames, key, pad_press
from test_tribolo_scene import human_turn, open_tribolo, wait

THREE = {"blue": "human", "red": "human", "green": "human"}


@pytest.fixture
def pads():
    """plug(kind=None) -> a VirtualPad; every pad still plugged in is pulled out after."""
    made = []

    def plug(kind=None):
        pad = VirtualPad(kind)
        made.append(pad)
        return pad
    yield plug
    for pad in made:
        if pad.handle:
            pad.unplug()


def plugged(app, *pads):
    frames(app, 2)
    for pad in pads:
        assert f"pad{pad.instance_id}" in {p.controller for p in app.input.pads.values()}


def turn(sc):
    return sc.state.current


def cursor(sc):
    return tuple(sc.board_input.cursor) if sc.board_input.cursor is not None else None


def play_one(app, sc, pad):
    """The pad shows the cursor if hidden and plays where it stands (a legal square)."""
    ply = sc.table.ply
    if not sc.board_input.visible:
        pad_press(app, pad, "a")
    sc.board_input.place(sc.state.legal_moves()[0])
    pad_press(app, pad, "a")
    assert sc.table.ply == ply + 1
    human_turn(app, sc)


def moves_cursor(app, sc, pad) -> bool:
    """Whether the pad's d-pad presses move the board cursor now (tried both ways)."""
    sc.board_input.visible = True
    before = cursor(sc)
    for way in ("dpright", "dpleft", "dpdown", "dpup"):
        pad_press(app, pad, way)
        if cursor(sc) != before:
            return True
    return False


def test_three_pads_each_play_only_their_seat(make_app, pads):
    app, sc = open_tribolo(make_app, seed=3, seats=THREE)
    trio = [pads("xbox"), pads("playstation"), pads("nintendo")]
    plugged(app, *trio)
    order = []                                  # the seats in the order they play
    human_turn(app, sc)
    # the first seat's pad plays: one controller so far, nothing is claimed
    order.append(turn(sc))
    play_one(app, sc, trio[0])
    assert sc.claims == {}
    # a second pad presses at the second seat: it takes that seat, the first pad its own
    order.append(turn(sc))
    pad_press(app, trio[1], "a")
    assert sc.claims == {order[0]: f"pad{trio[0].instance_id}",
                         order[1]: f"pad{trio[1].instance_id}"}
    play_one(app, sc, trio[1])
    order.append(turn(sc))
    pad_press(app, trio[2], "a")                # the third takes the third seat
    assert sc.claims[order[2]] == f"pad{trio[2].instance_id}"
    # now each seat's turn answers its pad only
    for _ in range(6):
        seat = turn(sc)
        mine = trio[order.index(seat)]
        others = [p for p in trio if p is not mine]
        for other in others:
            ply, before = sc.table.ply, cursor(sc)
            assert not moves_cursor(app, sc, other)
            pad_press(app, other, "a")
            pad_press(app, other, "start")      # no menu either
            assert app.top is sc and sc.table.ply == ply and cursor(sc) == before
            name = seat.capitalize()
            assert sc.status.current.text.startswith(f"{name}'s turn: {name}'s pad")
        assert moves_cursor(app, sc, mine)
        play_one(app, sc, mine)


def test_a_menu_opened_at_a_claimed_turn_answers_its_pad_only(make_app, pads):
    app, sc = open_tribolo(make_app, seed=5, seats={"blue": "human", "red": "human",
                                                   "green": "computer"})
    one, two = pads(), pads()
    plugged(app, one, two)
    human_turn(app, sc)
    first = turn(sc)
    play_one(app, sc, one)
    pad_press(app, two, "a")                    # the second person claims the other seat
    assert set(sc.claims.values()) == {f"pad{one.instance_id}", f"pad{two.instance_id}"}
    human_turn(app, sc)
    mine, other = (one, two) if turn(sc) == first else (two, one)
    pad_press(app, mine, "start")
    assert app.top.name == "menu"
    pad_press(app, other, "b")                  # someone else's Back: the menu stays
    assert app.top.name == "menu"
    pad_press(app, mine, "b")
    assert app.top is sc


def test_a_pad_pulled_out_frees_its_seat_and_the_next_to_press_takes_it(make_app, pads):
    app, sc = open_tribolo(make_app, seed=3, seats=THREE)
    trio = [pads(), pads(), pads()]
    plugged(app, *trio)
    human_turn(app, sc)
    order = [turn(sc)]
    play_one(app, sc, trio[0])
    order.append(turn(sc))
    pad_press(app, trio[1], "a")
    play_one(app, sc, trio[1])
    order.append(turn(sc))
    pad_press(app, trio[2], "a")
    assert len(sc.claims) == 3
    # the second seat's pad is pulled out mid-game: its seat is free, nothing pauses
    gone = trio[1]
    gone.unplug()
    frames(app, 2)
    assert order[1] not in sc.claims and len(sc.claims) == 2
    assert any("pad is gone" in s for s in sc.status.history)
    play_one(app, sc, trio[2])
    while turn(sc) != order[1]:
        play_one(app, sc, trio[order.index(turn(sc))])
    new = pads("xbox")                          # a pad plugged in now takes the free seat
    plugged(app, new)
    pad_press(app, new, "a")
    assert sc.claims[order[1]] == f"pad{new.instance_id}"
    play_one(app, sc, new)


def test_one_pad_for_everyone_is_the_hot_seat_to_the_end(make_app, pads):
    app, sc = open_tribolo(make_app, seed=11, seats=THREE)
    pad = pads()
    plugged(app, pad)
    human_turn(app, sc)
    while not sc.state.is_over:
        if app.top is not sc:                   # a box over the board: A closes it
            pad_press(app, pad, "a")
            continue
        play_one(app, sc, pad)
    assert sc.claims == {} and not sc.claiming
    wait(app, lambda: app.top.name == "ask")    # the final box, as in any game


def test_the_keyboard_and_a_pad_are_two_controllers(make_app, pads):
    app, sc = open_tribolo(make_app, seed=3, seats={"blue": "human", "red": "human",
                                                   "green": "computer"})
    pad = pads()
    plugged(app, pad)
    human_turn(app, sc)
    first = turn(sc)
    key(app, pygame.K_RETURN)                    # the keyboard shows the cursor ...
    sc.board_input.place(sc.state.legal_moves()[0])
    key(app, pygame.K_RETURN)                    # ... and plays
    human_turn(app, sc)
    pad_press(app, pad, "a")
    assert sc.claims == {first: "keyboard", turn(sc): f"pad{pad.instance_id}"}


def test_cabinet_sticks_claim_the_first_and_second_seats(make_app):
    app, sc = open_tribolo(make_app, seed=3, seats={"blue": "human", "red": "human",
                                                   "green": "computer"},
                           kiosk=True, start=False)
    key(app, pygame.K_LCTRL)                     # P1's button 1: the title's Start
    key(app, pygame.K_LCTRL)                     # past "... goes first"
    assert app.top is sc
    human_turn(app, sc)
    key(app, pygame.K_a)                         # P2's button 1
    assert sc.claims == {"blue": "p1", "red": "p2"}
    human_turn(app, sc)
    mine, other = ((pygame.K_LCTRL, pygame.K_RIGHT), (pygame.K_a, pygame.K_g))
    if turn(sc) == "red":
        mine, other = other, mine
    sc.board_input.visible = True
    before = cursor(sc)
    key(app, other[1])                           # the other stick: nothing
    assert cursor(sc) == before
    assert "turn: the P" in sc.status.current.text
