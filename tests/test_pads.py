"""A pad per seat: real SDL virtual pads claim seats, each answers only at its seat's turn,
a pad pulled out frees its seat, and one pad for everyone is the hot seat as before."""

import pygame
import pytest

import shots
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


# -- prompts name the control in hand ---------------------------------------------------------

from games.ui import controls, fonts  # noqa: E402

FACE_A = {"xbox": controls.GLYPHS["A"], "playstation": controls.GLYPHS["cross"],
          "nintendo": controls.GLYPHS["B"], None: controls.GLYPHS["A"]}


def read_row(picture, font, y, colour) -> str:
    """The text drawn in ``colour`` on the text row at ``y``, read back from the pixels by
    matching the font's glyph bitmaps (a pixel is ink when it is ``colour``): from the first
    glyph found, cell by cell; a blank cell is a space, a cell no glyph matches a "?"."""
    w, h = font.width, font.height
    colour = tuple(colour)[:3]
    raw = pygame.image.tobytes(picture, "RGB")
    width = picture.get_width()

    def ink(x, yy):
        i = 3 * (yy * width + x)
        return tuple(raw[i:i + 3]) == colour
    bitmaps = {}
    for ch in font.chars:
        bitmaps.setdefault(tuple(font.glyph(ch)), ch)

    def cell(x):
        return tuple("".join("#" if ink(x + i, y + j) else "." for i in range(w))
                     for j in range(h))
    blank = tuple("." * w for _ in range(h))
    x = 0
    while x + w <= width and (cell(x) == blank or cell(x) not in bitmaps):
        x += 1
    out = []
    while x + w <= width:
        got = cell(x)
        out.append(" " if got == blank else bitmaps.get(got, "?"))
        x += w
    return "".join(out).strip()


def read_cap(picture, font, x, y, colour) -> str:
    """What a player reads on a key cap (a wide button) drawn at ``x`` on the row at ``y``:
    the cap's cut-out (the paper inside its inked rows, corners aside) matched against every
    glyph of the font, as ink, wherever it sits in the cap; "" when nothing matches."""
    w, h = font.width, font.height
    colour = tuple(colour)[:3]
    rows = [y + j for j in range(h)
            if any(tuple(picture.get_at((x + i, y + j)))[:3] == colour for i in range(2 * w))]
    if not rows:
        return ""
    top, bottom = rows[0], rows[-1]
    corners = {(0, top), (2 * w - 2, top), (0, bottom), (2 * w - 2, bottom)}
    cut = {(i, yy) for yy in range(top, bottom + 1) for i in range(2 * w - 1)
           if (i, yy) not in corners and tuple(picture.get_at((x + i, yy)))[:3] != colour}
    for ch in font.chars:
        shape = {(i, j) for j, r in enumerate(font.glyph(ch)) for i, c in enumerate(r)
                 if c == "#"}
        if not shape or len(shape) != len(cut):
            continue
        for dx in range(-w, 2 * w):
            for dy in range(-h, h):
                if {(i + dx, y + j + dy) for i, j in shape} == cut:
                    return ch
    return ""


def shape(font, ch) -> set:
    """A glyph's ink, wherever it sits in its cell (moved to the top left)."""
    ink = {(i, j) for j, r in enumerate(font.glyph(ch)) for i, c in enumerate(r) if c == "#"}
    x0, y0 = min(i for i, _ in ink), min(j for _, j in ink)
    return {(i - x0, j - y0) for i, j in ink}


def native_from_window(app):
    """The native picture as the window shows it: each native pixel read at the centre of
    its window pixels (the scaled picture at 1920x1080, pixel by pixel)."""
    d = app.display
    w, h = d.native_size
    out = pygame.Surface((w, h))
    window = d.window
    for y in range(h):
        for x in range(w):
            out.set_at((x, y), window.get_at(d.to_window((x, y))))
    return out


# what a player reads on the pad's confirm button, per pad family
FACE_A = {"xbox": "A", "playstation": "\u00d7", "nintendo": "B"}
FACE_NAME = {"xbox": "A", "playstation": "cross", "nintendo": "B"}


def shot(app, name):
    shots.save(app.last_native, f"pads-{name}.png")


@pytest.mark.parametrize("size", [None, (1920, 1080)], ids=["native", "1920x1080"])
@pytest.mark.parametrize("kind", ["xbox", "playstation", "nintendo"])
def test_the_prompt_names_the_pads_button_so_it_reads_as_its_letter(make_app, pads, kind,
                                                                    size):
    """Issue 50: "choose a square (d-pad and 0)": a letter in a ring one cell wide read as
    a 0 in the DOS look. The prompt, read back from the pixels (the font's glyph bitmaps),
    names the button by a key cap whose cut-out is the font's own letter (or PlayStation's
    shape) at full size: at the native size and at 1920x1080 (the window's pixels)."""
    from games.tribolo import scene as tscene
    app, sc = open_tribolo(make_app, seed=3, **({"window_size": size} if size else {}))
    pad = pads(kind)
    plugged(app, pad)
    human_turn(app, sc)
    pad_press(app, pad, "dpright")               # the pad is in hand now
    sc.status.clear()
    # the pad's "plugged in" notice takes the status line's place for its seconds (issue
    # 48: a notice never covers the board, and Tribolo's board leaves no line above the
    # status line): taken down, the prompt under it is read
    app.withdraw("")
    app.dirty = True                             # (the computer's last move was said)
    frames(app, 2)
    text, colour = sc.status_text()
    cap = controls.GLYPHS[FACE_NAME[kind]]
    assert text.endswith(f"(d-pad and {cap}).")
    font = fonts.get("ega8x14")
    picture = app.last_native if size is None else native_from_window(app)
    read = read_row(picture, font, tscene.STATUS_Y, colour)
    assert read == text, (read, text)
    assert "0" not in read
    at = (640 - font.size(text)[0]) // 2 + font.size(text[:text.index(cap)])[0]
    got = read_cap(picture, font, at, tscene.STATUS_Y, colour)
    assert got and shape(font, got) == shape(font, FACE_A[kind]), got
    if size is None:
        shot(app, f"prompt-{kind}")
    # the keyboard again: its key, and no button
    key(app, pygame.K_RIGHT)
    frames(app, 1)
    assert sc.status_text()[0].endswith("(arrows and Enter).")
    assert cap not in read_row(app.last_native, font, tscene.STATUS_Y, colour)


@pytest.mark.parametrize("look", ["amiga", "dos", "riscos", "launcher"])
def test_every_looks_font_draws_each_pad_button_as_its_letter(look):
    """In every look's font, each face button a prompt names reads, from the drawn pixels,
    as its letter or shape, and no two buttons read alike."""
    from games.ui import looks
    font = fonts.get(looks.get(look).font_name)
    want = {"A": "A", "B": "B", "X": "X", "Y": "Y", "cross": "\u00d7", "circle": "o",
            "square": "\u25a0", "triangle": "\u25b2"}
    for name, letter in want.items():
        text = f"choose a square (d-pad and {controls.GLYPHS[name]})."
        picture = pygame.Surface((font.size(text)[0] + 16, font.height + 4))
        font.draw(picture, text, (8, 2), (255, 255, 255))
        assert read_row(picture, font, 2, (255, 255, 255)) == text
        at = 8 + font.size(text[:text.index(controls.GLYPHS[name])])[0]
        got = read_cap(picture, font, at, 2, (255, 255, 255))    # (x and a cross may be
        assert got and shape(font, got) == shape(font, letter), (look, name)  # one shape)


def test_the_key_line_names_the_pads_buttons(make_app, pads):
    app, sc = open_tribolo(make_app, seed=3)
    pad = pads("playstation")
    plugged(app, pad)
    human_turn(app, sc)
    pad_press(app, pad, "dpright")
    labels = [label for label, _ in controls.key_line(app, sc.cmds, ("best", "possible",
                                                                     "undo", "menu", "save"),
                                                      sc.in_hand())]
    G = controls.GLYPHS
    assert labels == [f"{G['square']})Best square", f"{G['triangle']})Possible squares",
                      "Share)Undo", "Options)menu"]
    key(app, pygame.K_RIGHT)
    labels = [label for label, _ in controls.key_line(app, sc.cmds, ("best", "save"),
                                                      sc.in_hand())]
    assert labels == ["B)est", "V)save"]


def test_names_on_every_device(make_app, pads):
    app, sc = open_tribolo(make_app, seed=3)
    G = controls.GLYPHS
    key(app, pygame.K_RIGHT)
    assert controls.fill(app, "{confirm} {back} {menu} {undo}") == "Enter Esc F10 U"
    from driver import click
    click(app, (5, 5))
    assert controls.fill(app, "{confirm} {back} {pick}") == (
        f"{G['mouse_left']} {G['mouse_right']} click {G['mouse_left']}")
    n = pads("nintendo")
    plugged(app, n)
    pad_press(app, n, "dpup")
    assert controls.fill(app, "{confirm} {back} {menu} {best}") == (
        f"{G['B']} {G['A']} + {G['Y']}")
    assert controls.describe(app, f"pad{n.instance_id}").startswith("Nintendo pad ")


def test_cabinet_sticks_are_named_as_buttons(make_app):
    app, sc = open_tribolo(make_app, seed=3, kiosk=True, start=False)
    key(app, pygame.K_a)                         # P2's button 1 on the title
    assert controls.fill(app, "{confirm} {menu}") == "Button 1 2P Start"


def test_two_pads_claiming_seats_in_pictures(make_app, pads):
    app, sc = open_tribolo(make_app, seed=3, seats={"blue": "human", "red": "human",
                                                   "green": "computer"})
    one, two = pads("xbox"), pads("playstation")
    plugged(app, one, two)
    human_turn(app, sc)
    play_one(app, sc, one)
    pad_press(app, two, "a")
    frames(app, 1)
    shot(app, "claimed")
    human_turn(app, sc)
    seat = turn(sc)
    mine, other = (one, two) if sc.claims[seat] == f"pad{one.instance_id}" else (two, one)
    pad_press(app, other, "a")                   # out of turn
    frames(app, 1)
    text = sc.status_text()[0]
    assert text.startswith(f"{seat.capitalize()}'s turn: {seat.capitalize()}'s pad (")
    shot(app, "out-of-turn")
    sc.status.clear()
    app.dirty = True                             # (the computer's last move was said)
    pad_press(app, mine, "dpright")
    frames(app, 1)
    face = FACE_NAME["xbox" if mine is one else "playstation"]
    assert controls.GLYPHS[face] in sc.status_text()[0]
    shot(app, "turn-prompt")


@pytest.mark.parametrize("name", ["tripppin", "tribolo", "triple3", "triaxis"])
def test_no_placeholder_is_left_in_a_prompt_even_under_a_box(make_app, name):
    """The standing line names real keys, also while a box of the game is over it (its
    own commands' keys come from the game, not from the box on top)."""
    import games
    app = make_app(anim_speed=0)
    scene = app.push(games.get(name).scene_factory()(app, seed=11))
    frames(app, 2)
    key(app, pygame.K_RETURN)                     # past the title: a box, or the board
    frames(app, 2)
    for _ in range(2):
        text, _colour = scene.status_text()
        assert "{" not in text and "{" not in scene.named(scene.prompt()[0]), text
        scene.open_menu()                         # and with the game's menu over it
        frames(app, 2)


def test_a_command_named_under_a_box_is_the_games_key(make_app):
    from games.triaxis.scene import TriAxisScene
    from games.ui import controls
    app = make_app(anim_speed=0)
    scene = app.push(TriAxisScene(app, seed=11))
    frames(app, 2)
    key(app, pygame.K_RETURN)                     # the set-up box over the island
    frames(app, 2)
    assert app.top is not scene
    assert controls.name(app, "random") == "R"    # the game's own key, not the word


# -- the bindings screen names buttons as the prompts do; a pad plugged in is said --------

def bindings_screen(make_app, swap: bool):
    from games.launcher.scene import BindingsScene, LauncherScene
    app = make_app()
    app.settings["swap_confirm"] = swap
    app.apply_settings()
    app.push(LauncherScene(app))
    scene = app.push(BindingsScene(app, "pad"))
    frames(app, 2)
    return app, scene


def values(scene) -> dict:
    return {i.label: i.value() for i in scene.menu.items if i.value is not None}


@pytest.mark.parametrize("swap", [False, True])
def test_the_gamepad_bindings_screen_names_buttons_as_the_prompts_do(make_app, pads, swap):
    """Confirm is the button that confirms now (B's glyph once B confirms), in the glyphs
    of the prompts, never SDL's names ("a", "leftshoulder"); a button bound there does what
    the screen says, after the swap too."""
    G = controls.GLYPHS
    app, scene = bindings_screen(make_app, swap)
    shown = values(scene)
    assert shown["Confirm"] == (G["B"] if swap else G["A"])
    assert shown["Back"] == (G["A"] if swap else G["B"])
    assert shown["Menu"] == G["start"]
    pad = pads()
    plugged(app, pad)
    scene.menu.cursor = [i.label for i in scene.menu.items].index("Menu")
    pad_press(app, pad, "b" if swap else "a")            # the confirm button, as shown
    assert scene.waiting == "menu"
    pad_press(app, pad, "leftshoulder")
    assert values(scene)["Menu"].startswith(G["L"]) and "shoulder" not in values(scene)["Menu"]
    scene.menu.cursor = [i.label for i in scene.menu.items].index("Confirm")
    pad_press(app, pad, "b" if swap else "a")
    pad_press(app, pad, "rightshoulder")                  # R confirms from now on
    assert values(scene)["Confirm"].startswith(G["R"]), values(scene)
    seen = []
    scene.handle = seen.append
    pad_press(app, pad, "rightshoulder")
    assert [a.kind for a in seen] == ["confirm"]
    app.present_whole()
    shot(app, f"bindings-swap-{swap}")


def test_a_pad_plugged_in_is_said_on_screen(make_app, pads):
    from games.launcher.scene import LauncherScene
    app = make_app()
    app.push(LauncherScene(app))
    frames(app, 2)
    pad = pads("xbox")
    plugged(app, pad)
    said = [t[0] for t in app._toasts]
    assert any(s.startswith("Xbox pad") and "plugged in" in s for s in said), said
    pad.unplug()
    frames(app, 2)
    assert any("pulled out" in t[0] for t in app._toasts)


def test_a_pad_plugged_in_mid_game_shows_the_board_cursor(make_app, pads):
    """A board's cursor hides for the mouse; a pad plugged in during the game shows it at
    once, with nothing pressed (Tripppin alone did this; it is the base's rule now)."""
    app, sc = open_tribolo(make_app)
    human_turn(app, sc)
    assert not app.input.pads and not sc.board_input.visible
    plugged(app, pads())
    assert sc.board_input.visible and sc.board_input.cursor is not None
