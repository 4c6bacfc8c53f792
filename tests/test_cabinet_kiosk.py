"""Kiosk mode's games: the operator sets them, the customer plays them, and every screen
speaks the panel. Real SDL events through the real loop, on the fake clock of
tests/test_cabinet.py."""

import re
from pathlib import Path

import pygame
import pytest

import games
import shots
from driver import drawn_by, frames
from games.cabinet import halloffame
from games.cabinet.attract import AttractScene
from games.cabinet.operator import GamePage, OperatorScene, setting_rows
from games.ui import controls
from games.ui.scene import GameScene
from test_cabinet import (cabinet, enter_pin, open_from_launcher, press, shown_games,  # noqa: F401
                          won_by_a_person)

BUTTON_1 = (pygame.K_LCTRL, pygame.KMOD_LCTRL)
BUTTON_2 = (pygame.K_LALT, pygame.KMOD_LALT)
# a keyboard key or the mouse, named in a prompt
KEY_WORDS = re.compile(r"\bEnter\b|\bEsc\b|click|mouse|\bF10\b|\bTab\b", re.IGNORECASE)


def settings_bytes(app) -> bytes:
    path = Path(app.store.dir) / "settings.json"
    return path.read_bytes() if path.exists() else b""


def leaves(model, path=()):
    """Every item of a menu model that does something, with the labels leading to it."""
    for item in model:
        if item.sub:
            yield from leaves(item.sub, path + (item.label,))
        if item.action is not None:
            yield path + (item.label,), item


def open_menu(app, scene):
    app.pop_to(scene)
    press(app, pygame.K_1)                          # P1 start: the game's menu
    assert app.top.name == "menu", app.top.name
    return app.top


def panel_texts(app, scene) -> list:
    """What the screen says of the controls: the status line, the prompt, the key line,
    the screen title (Tripppin's), and the footers and hints of the modal on top."""
    out = [scene.status_text()[0], scene.named(scene.prompt()[0])]
    if hasattr(scene, "screen_title"):
        out.append(scene.screen_title())
    out += [label for label, _ in controls.key_line(app, scene.cmds, list(scene.cmds.commands))]
    top = app.top
    for attr in ("footer_text", "hint"):
        if isinstance(getattr(top, attr, None), str):
            out.append(getattr(top, attr))
    dialog = getattr(top, "dialog", None)
    if dialog is not None and getattr(dialog, "footer", ""):
        out.append(dialog.footer)
    return out


def save_shot(app, name: str) -> None:
    app.dirty = True
    app.step()
    shots.save(app.last_native, name)


# -- the customer's menu changes nothing the operator set ------------------------------------
@pytest.mark.parametrize("name", shown_games())
def test_a_kiosk_game_menu_changes_nothing_in_settings_json(cabinet, name):
    app, cab, clock = cabinet()
    app.save_settings()
    before = settings_bytes(app)
    scene = open_from_launcher(app, cab, name)
    menu = open_menu(app, scene)
    save_shot(app, f"kiosk-menu-{name}.png")
    items = list(leaves(menu.model))
    labels = {p[-1] for p, _ in items}
    assert items, "a customer's menu offers something"
    assert not any(item.is_choice for _, item in leaves(menu.model)
                   if item.sub), "no seat, level, board or match choices"
    assert not labels & {"Sound", "Save game", "Load game", "Reset totals", "Interlace",
                         "Prevent loops", "Fair start"}, labels
    for path, _ in items:
        if scene not in app.stack:                   # Quit left the game
            scene = open_from_launcher(app, cab, name)
        menu = open_menu(app, scene)
        item = dict((p, i) for p, i in leaves(menu.model))[path]
        menu.choose_item(item)
        frames(app, 2)
        while app.top is not scene and scene in app.stack and app.top.name in (
                "confirm", "ask", "message", "pages", "table"):
            press(app, *BUTTON_1)                    # yes, OK, the next page
            if app.top.name == "pages":
                press(app, *BUTTON_2)
        assert settings_bytes(app) == before, (name, path)
    # the panel's buttons 3 and 4 (the pad's X and Y) change nothing kept either
    if scene not in app.stack:
        scene = open_from_launcher(app, cab, name)
    for k in (pygame.K_SPACE, pygame.K_LSHIFT, pygame.K_q, pygame.K_w):
        app.pop_to(scene)
        press(app, k)
    assert settings_bytes(app) == before, name


@pytest.mark.parametrize("name", shown_games())
def test_only_customer_commands_are_bound_in_kiosk_mode(cabinet, name):
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, name)
    for command in ("sound", "save", "load", "reset", "interlace", "prevent_loops", "fair"):
        if command in scene.cmds:
            assert not scene.cmds.enabled(command), command
            assert command not in scene.commands and command not in scene.pad_commands
    assert scene.cmds.enabled("new")


def test_undo_is_the_operators_to_allow(cabinet):
    app, cab, clock = cabinet()
    name = shown_games()[0]
    scene = open_from_launcher(app, cab, name)
    assert scene.customer_may("undo")
    app.pop_to(cab.launcher)
    cab.k["no_undo"] = [name]
    scene = open_from_launcher(app, cab, name)
    assert not scene.customer_may("undo") and "undo" not in scene.pad_commands
    assert "undo" not in [i.name for _, i in leaves(open_menu(app, scene).model)]


def test_a_new_customer_starts_a_new_triple3_match(cabinet):
    app, cab, clock = cabinet()
    app.settings["games"]["triple3"] = {"totals": {"red": 2, "blue": 1}, "match": 5}
    scene = open_from_launcher(app, cab, "triple3")
    assert scene.settings["totals"] == {"red": 0, "blue": 0}
    assert scene.settings["match"] == 5, "the operator's match length holds"


# -- the operator's page of each game -----------------------------------------------------------
def open_game_page(app, cab, name):
    press(app, pygame.K_F2)
    enter_pin(app, [0, 0, 0, 0])
    enter_pin(app, [0, 0, 0, 0])
    op = app.top
    assert isinstance(op, OperatorScene)
    op.menu.cursor = [e.name for e in games.playable()].index(name)
    press(app, *BUTTON_1)
    page = app.top
    assert isinstance(page, GamePage) and page.entry.name == name
    return page


def choose_row(app, page, label):
    labels = [i.label for i in page.menu.items]
    page.menu.cursor = labels.index(label)


@pytest.mark.parametrize("name", shown_games())
def test_the_operator_page_sets_the_level_and_the_next_game_uses_it(cabinet, name):
    app, cab, clock = cabinet()
    page = open_game_page(app, cab, name)
    cls = games.get(name).scene_factory()
    rows = setting_rows(cls, page.settings())
    level_row = next(label for label, path, _ in rows if path == ("level",))
    before = app.settings["games"][name]["level"]
    choose_row(app, page, level_row)
    field = next(f for label, path, f in rows if path == ("level",))
    levels = list(getattr(field, "values", None) or range(field.lo, field.hi + 1))
    for _ in range(len(levels) + 1):
        press(app, pygame.K_RIGHT)
    assert app.settings["games"][name]["level"] == levels[-1], "the strongest, not wrapped"
    for _ in range(len(levels) + 1):
        press(app, pygame.K_LEFT)
    assert app.settings["games"][name]["level"] == levels[0], "the weakest: clamped"
    press(app, pygame.K_RIGHT)
    level = app.settings["games"][name]["level"]
    assert level == levels[1] and level != before
    assert app.store.load("settings", {})["games"][name]["level"] == level, "kept at once"
    extra = {}
    if "board" in cls.operator_settings:
        choose_row(app, page, "Board")
        press(app, pygame.K_RIGHT)
        extra["board"] = app.settings["games"][name]["board"]
    save_shot(app, f"operator-{name}.png")
    press(app, *BUTTON_2)
    press(app, *BUTTON_2)
    assert app.top is cab.launcher
    scene = open_from_launcher(app, cab, name)
    assert scene.settings["level"] == level
    assert set(scene.table.levels.values()) <= {level}
    for key, value in extra.items():
        assert scene.table.options[key] == value


def test_the_operator_page_sets_who_plays_each_seat(cabinet):
    app, cab, clock = cabinet()
    name = "tribolo"
    page = open_game_page(app, cab, name)
    choose_row(app, page, "Red")
    press(app, pygame.K_LEFT)
    assert app.settings["games"][name]["seats"]["red"] == "human"
    choose_row(app, page, "Customers may undo")
    press(app, pygame.K_RIGHT)
    assert name in cab.k["no_undo"]
    app.pop_to(cab.launcher)
    scene = open_from_launcher(app, cab, name)
    assert scene.table.seats["red"] == "human" and not scene.customer_may("undo")


# -- the screens speak the panel -----------------------------------------------------------------
@pytest.mark.parametrize("name", shown_games())
def test_no_prompt_in_kiosk_mode_names_a_key_or_the_mouse(cabinet, name):
    app, cab, clock = cabinet()
    names = [e.name for e in cab.launcher.entries]
    cab.launcher.menu.cursor = names.index(name)
    press(app, *BUTTON_1)
    scene = next(s for s in app.stack if isinstance(s, GameScene))
    seen = []
    # a keyboard's Enter (someone typing at the cabinet) is named as the panel too
    for k, mod in (BUTTON_1, (pygame.K_RETURN, 0), BUTTON_1, BUTTON_1):
        seen += panel_texts(app, scene)
        press(app, k, mod)
    seen += panel_texts(app, scene)
    open_menu(app, scene)
    seen += panel_texts(app, scene)
    press(app, *BUTTON_2)
    app.pop_to(scene)
    scene.ask_quit()
    seen += panel_texts(app, scene)
    seen += [getattr(app.top, "lines", [""])[0]] if app.top is not scene else []
    seen += scene.status.history
    bad = [t for t in seen if KEY_WORDS.search(t)]
    assert not bad, bad


# in a help text: the keyboard's keys and the mouse's buttons as a manual names them
HELP_WORDS = re.compile(KEY_WORDS.pattern + r"|\bkeypad\b|\b(left|right|middle) button\b"
                        r"|\bSpace\b|\barrows\b|\bPgUp\b|\bHome\b|\bF1\b",
                        re.IGNORECASE)


@pytest.mark.parametrize("name", shown_games())
def test_kiosk_help_and_messages_name_the_panel_not_keys_or_the_mouse(cabinet, name):
    """A customer has the panel only: a game's help pages tell its controls as the panel's
    buttons, and every page says which button turns it and which closes it."""
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, name)
    under = app.top                                 # the game, or its first question
    for show in ([scene.show_help] if scene.help_pages() else []) + [scene.show_history]:
        box = show()
        lines = [line for page in box.pages if not callable(page) for line in page]
        bad = [line for line in lines if HELP_WORDS.search(line)]
        assert not bad, bad
        assert not [line for line in lines if "{" in line], "every control named"
        assert box.footer.endswith("Button 1: next  Button 2: close") or \
            box.footer.endswith("Button 1: close"), box.footer
        while app.top is box:
            press(app, *BUTTON_1)                   # Button 1 turns every page, then closes
        assert app.top is under


@pytest.mark.parametrize("name", shown_games())
def test_a_kiosk_board_shows_its_cursor_from_the_start(cabinet, name):
    """The panel has nothing to point with: a game's board cursor shows from the start
    (before, Triple 3's showed only once the stick moved, TriAxis's was a faint grey)."""
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, name)
    bi = scene.board_input
    assert bi is not None, "every game here is played on a board"
    assert bi.visible and bi.cursor is not None, (bi.visible, bi.cursor)


@pytest.mark.parametrize("name", shown_games())
def test_every_title_page_says_what_the_panel_buttons_do(cabinet, name):
    """Tripppin's and Triple 3's title pages said nothing of the controls (TriAxis's only
    how to leave); now every title names the button that takes a choice and the one that
    leaves, and Button 2 does leave (a title of its own, as Tribolo's, may say more)."""
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, name, past_title=False)
    title = app.top
    assert title.name == "title", title.name
    own = getattr(scene, "title_hint", None)        # a title drawing its own line (Tribolo)
    said = " ".join(panel_texts(app, scene) + [getattr(title, "footer_text", "")]
                    + ([scene.named(own())] if own else []))
    assert not (own and title.footer_text), "one controls line, not two"
    assert "Button 1" in said and "Button 2: leave" in said, said
    press(app, *BUTTON_2)
    assert scene not in app.stack and app.top is cab.launcher


@pytest.mark.parametrize("name", shown_games())
def test_a_dos_menus_footer_says_what_button_1_does_and_fits_its_box(cabinet, name):
    """Tribolo's menu footer read "↔ change  Button 1": no verb, and nothing to change on a
    cabinet (the level and seats are the operator's). It says what Button 1 does, names
    "change" only where an item has values to change, and stays inside its box."""
    from games.ui import dos
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, name)
    menu = open_menu(app, scene)
    frames(app, 1)
    dialog = getattr(menu, "dialog", None)
    if dialog is None:
        return                                      # not the DOS look's menu
    assert dialog.footer.endswith("Button 1: take"), dialog.footer
    changes = any(item.is_choice for item in menu.model)
    assert ("change" in dialog.footer) == changes, dialog.footer
    assert len(dialog.footer) * dos.CELL_W <= dialog.rect.w - 2 * dos.CELL_W, dialog.footer


def test_the_launchers_scores_footer_names_the_panel(cabinet):
    app, cab, clock = cabinet()
    cab.launcher.menu.cursor = len(cab.launcher.entries)           # Scores
    press(app, *BUTTON_1)
    assert app.top.name == "scores"
    drawn = []
    footer = app.top.footer
    app.top.footer = lambda surface, text: (drawn.append(text), footer(surface, text))
    app.dirty = True
    app.step()
    assert drawn and not KEY_WORDS.search(drawn[0]), drawn


def test_notices_for_the_operator_go_to_the_log_not_the_screen(cabinet):
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, shown_games()[0])
    app.notice("The scores could not be kept (disk full).")
    frames(app, 2)
    assert not any("disk full" in t[0] for t in app._toasts)
    log = (Path(app.store.dir) / "cabinet.log").read_text()
    assert "The scores could not be kept (disk full)." in log
    assert scene in app.stack


# -- the attract loop's high-score pages ----------------------------------------------------------
def test_the_attract_loop_shows_a_high_score_page_per_game_in_its_look(cabinet):
    app, cab, clock = cabinet(anim_speed=50.0, demo_seconds=10)
    halloffame.add(app.store, shown_games()[0], "ZED", {"level": 3, "moves": 30})
    clock.run(app, cab.k["attract_after"] + 1)
    attract = app.top
    assert isinstance(attract, AttractScene)
    names = shown_games()
    shot = set()
    for _ in range(4000):
        clock.run(app, 0.25)
        page = attract.page
        if page is None or page.entry.name in shot or app.top is not attract:
            continue
        name = page.entry.name
        assert attract.look is page.entry.look, "the page is in the game's look"
        assert app.last_native.get_size() == page.entry.look.native_size
        # the blinking prompt, drawn and not: no pixel of the card changes
        lit = dark = None
        for _ in range(8):
            clock.run(app, 0.25)
            app.dirty = True
            app.step()
            if attract.page is not page:
                break
            frame = app.last_native.copy()
            if attract._blink_on():
                lit = frame
            else:
                dark = frame
        assert lit is not None and dark is not None, name
        card = page.rect
        box = attract.prompt_rect(lit.get_size(), cab.prompt_text())
        assert not card.colliderect(box), (name, card, box)
        assert card.top > attract.credit_rect(lit.get_size()).bottom
        assert (pygame.image.tobytes(lit.subsurface(card), "RGB")
                == pygame.image.tobytes(dark.subsurface(card), "RGB")), name
        assert (pygame.image.tobytes(lit.subsurface(box), "RGB")
                != pygame.image.tobytes(dark.subsurface(box), "RGB")), "PRESS START blinks"
        shots.save(lit, f"attract-{name}.png")
        shot.add(name)
        if shot >= set(names):
            break
    assert shot >= set(names), (shot, attract.pages_shown)
    first = attract.pages_shown.index(names[0])
    assert attract.pages_shown[first:first + len(names)] == names


def test_a_customer_looks_at_tribolos_boards_but_plays_the_operators(cabinet):
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, "tribolo")
    board = scene.board
    scene.cmds.run("see")
    assert app.top.name == "tribolo-card"
    assert not any("Play" in label for label, _ in app.top.key_items())
    press(app, pygame.K_RIGHT)
    press(app, *BUTTON_1)                             # closes the card, plays nothing
    assert scene.board == board and app.top is scene


# -- Tribolo's title page says what the panel does on it ------------------------------------------
def drawn_lines(app, monkeypatch) -> list:
    """Every line the DOS look's ``centred`` draws in the next frame."""
    from games.ui import dos
    return drawn_by(app, monkeypatch, dos, "centred")


def test_tribolos_title_names_what_each_panel_control_does_there(cabinet, monkeypatch):
    """Each "controls: what" of the title's line, pressed on the title, does that: the
    operator found "1P Start: the menu." while 1P Start started the game."""
    app, cab, clock = cabinet()
    keys = {"Button 1": BUTTON_1, "Button 2": BUTTON_2, "1P Start": (pygame.K_1, 0)}

    def started(scene):
        return app.top is not scene and app.top.name != "title" and scene.live and \
            scene in app.stack and app.top.name != "menu"
    done = {"play": started,
            "leave.": lambda scene: app.top is cab.launcher and scene not in app.stack,
            "the menu.": lambda scene: app.top.name == "menu"}
    scene = open_from_launcher(app, cab, "tribolo", past_title=False)
    assert app.top.name == "title"
    line = next(t for t in drawn_lines(app, monkeypatch) if ": play" in t)
    claims = [part.split(": ") for part in line.split("  ")]
    named = [(who, what) for whos, what in claims for who in whos.split(" or ")]
    for who, what in named:
        app.pop_to(cab.launcher)
        scene = open_from_launcher(app, cab, "tribolo", past_title=False)
        assert app.top.name == "title"
        press(app, *keys[who])
        assert done[what](scene), (who, what, [s.name for s in app.stack])
    assert {who for who, _ in named} == set(keys), "every panel control it has is named"
    assert line == "Button 1 or 1P Start: play  Button 2: leave.", line


# -- the DOS games' questions name the panel's buttons, not keyboard letters ---------------------
def drawn_text(app, monkeypatch) -> list:
    """Every string the DOS look's ``text`` draws in the next frame."""
    from games.ui import dos
    return drawn_by(app, monkeypatch, dos, "text")


LETTER_KEYS = re.compile(r"\([A-Za-z](/[A-Za-z])+\)|^[A-Z]\) ")


def test_a_dos_question_on_the_cabinet_names_the_panels_buttons(cabinet, monkeypatch):
    """TriAxis's "Accept this Biosphere? (Y/n)" and Tribolo's end box ("N) New game" ...)
    named letters the panel has not: the panel's buttons are named, and do what is said."""
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, "triaxis")
    question = app.top
    assert question.name == "confirm" and "Accept this Biosphere?" in question.lines
    drawn = drawn_text(app, monkeypatch)
    assert not [s for s in drawn if LETTER_KEYS.search(s)], drawn
    assert "Button 1: Yes  Button 2: No" in drawn, drawn
    press(app, pygame.K_RIGHT)                       # the stick: No focused
    drawn = drawn_text(app, monkeypatch)
    assert "Button 2: No  stick, then Button 1: Yes" in drawn, drawn
    press(app, pygame.K_LEFT)
    press(app, *BUTTON_2)                            # No: another Biosphere, asked again
    assert app.top is not question and app.top.name == "confirm" and question.answer == 1
    question = app.top
    press(app, *BUTTON_1)                            # Yes: accepted
    assert question.answer == 0 and app.top is not question
    assert "Accept this Biosphere?" not in getattr(app.top, "lines", [])

    app.pop_to(cab.launcher)
    scene = open_from_launcher(app, cab, "tribolo")
    scene.final_box()
    box = app.top
    assert box.name == "ask" and box.labels[0].startswith("N) ")
    drawn = drawn_text(app, monkeypatch)
    assert not [s for s in drawn if LETTER_KEYS.search(s)], drawn
    for label in ("New game", "See boards", "Scores", "Look at the board", "Quit"):
        assert any(s.startswith(label) for s in drawn), (label, drawn)


@pytest.mark.parametrize("name", shown_games())
def test_a_yes_no_box_with_no_lit_names_each_button_once(cabinet, monkeypatch, name):
    """"Start a new game?" over a game in progress, No lit: the line read "Button 1 or
    Button 2: No", as if both buttons meant No and nothing meant Yes (the DOS look), or
    said nothing of the buttons at all (Tripppin's Amiga and Triple 3's RISC OS boxes),
    and then "Button 1: take" (take what?). Each answer is named once, with the way to
    it, and the buttons do what is said."""
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, name)
    app.pop_to(scene)
    t = scene.table
    while t.ply < 2 or not scene.in_progress:
        if t.state.is_chance:
            t.roll()
        else:
            t.play(t.state.legal_moves()[0])
    number = t.game_number
    scene.ask_new_game()
    box = app.top
    assert box.name == "confirm" and box.focus == box.cancel, "No is lit"
    shown = box.text_at and [line for line, _ in box.text_at]     # the lines it draws
    hint = next(s for s in shown if s.startswith("Button"))
    assert "Button 1 or Button 2" not in hint and "take" not in hint, hint
    assert hint == "Button 2: No  stick, then Button 1: Yes", hint
    press(app, *BUTTON_2)                            # Button 2: No
    assert app.top is scene and t.game_number == number
    scene.ask_new_game()
    press(app, *BUTTON_1)                            # Button 1: takes the lit one (No)
    assert app.top is scene and t.game_number == number
    scene.ask_new_game()
    press(app, pygame.K_LEFT)                        # the stick lights Yes
    frames(app, 1)
    assert next(line for line, _ in app.top.text_at
                if line.startswith("Button")) == "Button 1: Yes  Button 2: No"
    press(app, *BUTTON_1)
    assert t.game_number == number + 1, "Yes: a new game"


def test_triple3s_end_line_names_the_panels_button_not_a_click(cabinet):
    """After a game of Triple 3 the standing line read "Click in the window, press Button 1
    or choose New game...": the panel has nothing to click with. It names the button, and
    the button does what it says."""
    import random
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, "triple3")
    app.pop_to(scene)
    t, rng = scene.table, random.Random(3)
    for seat in t.seats:
        t.set_seat(seat, "computer")
    while not t.state.is_over:
        if t.state.is_chance:
            t.roll()
        else:
            t.play(rng.choice(t.state.legal_moves()))
    for seat in t.seats:
        t.set_seat(seat, "human")
    clock.run(app, 10)                            # the end is shown
    while app.top is not scene:                   # a match's boxes (who won the game)
        press(app, *BUTTON_1)
    clock.run(app, 10)                            # its messages gone
    line = scene.status_text()[0]
    assert scene.table.state.is_over and scene.status.current is None, line
    assert not KEY_WORDS.search(line), line
    assert "Button 1" in line, line
    press(app, *BUTTON_1)
    assert app.top is not scene and app.top.name == "confirm", "Button 1: the next game"


def test_triaxis_compare_scores_left_unanswered_keeps_the_result(cabinet):
    """A customer who beat the computer walks away at "Compare scores?": the cabinet's
    timeout closed the question and the game's result never reached a score file. Closed
    unanswered, the question (and the file's after it) takes its default: the result is
    in the score file the cabinet would have offered, under the initials the box showed."""
    from games.triaxis import scores
    app, cab, clock = cabinet(continue_after=30)
    scene = won_by_a_person(app, cab, "triaxis")
    for _ in range(20):
        frames(app, 1)
        if "Compare scores?" in getattr(app.top, "lines", []):
            break
    question = app.top
    assert "Compare scores?" in question.lines, getattr(app.top, "name", None)
    n = scene.settings["file"]
    assert scores.load(app.store, n) == scores.empty()
    clock.run(app, 31)
    assert app.top is cab.launcher and cab.timeouts == 1 and scene not in app.stack
    assert app.store.flush()
    players = scores.load(app.store, n)["players"]
    winner = sorted(scene.state.winners())[0]
    shown = scene.settings["initials"].get(winner, "AAA")
    assert players.get(shown) == {"played": 1, "won": 1,
                                  "best": scene.state.population(winner)}, players


def test_triaxis_asks_the_panel_for_a_score_file_without_number_keys(cabinet):
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, "triaxis")
    app.pop_to(scene)
    scene.choose_file((scene.state, dict(scene.table.seats), dict(scene.table.levels)))
    assert app.top.name == "ask"
    assert app.top.lines == ["Compare scores: choose a score file."], app.top.lines


# every button of both players' panels and the stick: P1's buttons 1-4, P2's, both starts
PANEL = {"P1 button 1": pygame.K_LCTRL, "P1 button 2": pygame.K_LALT,
         "P1 button 3": pygame.K_SPACE, "P1 button 4": pygame.K_LSHIFT,
         "P2 button 1": pygame.K_a, "P2 button 2": pygame.K_s, "P2 button 3": pygame.K_q,
         "P2 button 4": pygame.K_w, "1P start": pygame.K_1, "2P start": pygame.K_2,
         "P1 stick": pygame.K_UP, "P2 stick": pygame.K_f}


def test_triaxis_score_table_says_press_any_button_and_every_panel_button_leaves_it(cabinet):
    """A customer who beat the computer compares scores with button 1 all the way to the
    score file's table, "Press any button": each button of the panel (buttons 3 and 4 did
    nothing) and the stick close it, and that press does nothing else on the finished
    game (no new game asked, no credit spent)."""
    app, cab, clock = cabinet()
    scene = won_by_a_person(app, cab, "triaxis")
    t = scene.table
    for _ in range(8):                       # Compare scores? Yes, file 0, initials AAA
        frames(app, 1)
        if app.top.name == "table":
            break
        press(app, *BUTTON_1)
    table = app.top
    assert table.name == "table" and table.footer == "Press any button", table.name
    number = t.game_number
    for name, k in PANEL.items():
        if app.top is scene:                 # the same table again, as the game shows it
            scene.score_table(table.title, table.header, table.rows,
                              highlight=table.highlight, footer=table.footer)
        assert app.top.name == "table"
        press(app, k)
        frames(app, 1)
        assert app.top is scene, f"{name} left the score table open"
        assert t.game_number == number


def test_the_scores_screen_of_a_new_cabinet_says_no_games_yet_alike_for_every_game(cabinet):
    """Before anyone has played, each game's heading is followed by one sentence of the
    same shape ("No games ... yet."), none naming its game again under its own heading
    (TriAxis said "No TriAxis games in a score file yet.")."""
    app, cab, clock = cabinet()
    cab.launcher.menu.cursor = len(cab.launcher.entries)           # Scores
    press(app, *BUTTON_1)
    assert app.top.name == "scores"
    lines = [line for line, _ in app.top.lines]
    titles = [e.title for e in games.games()]
    for title in titles:
        empty = lines[lines.index(title) + 1]
        assert re.fullmatch(r"No games( [a-z ]+)? yet\.", empty), (title, empty)
        assert title.lower() not in empty.lower(), (title, empty)
    assert lines[lines.index("TriAxis") + 1] == "No games in the score files yet."


def test_the_log_page_wraps_a_long_line_and_cuts_nothing(cabinet):
    """The log page cut every line at 76 characters: the end of a long line (what the
    cabinet gave back, a file's path) was lost to the operator."""
    from games.cabinet import log as cablog
    from games.cabinet.operator import LOG_WIDTH, LogScene
    app, cab, clock = cabinet()
    words = [f"word{i:03d}" for i in range(40)]
    with open(app.store.dir / cablog.LOG_NAME, "a", encoding="utf-8") as f:
        f.write("2026-11-28 09:30:00 " + " ".join(words) + " the-end\n")
    page = app.push(LogScene(app, cab))
    frames(app, 1)
    assert all(len(line) <= LOG_WIDTH for line in page.lines), page.lines
    shown = " ".join(page.lines).split()
    assert all(w in shown for w in words) and shown[-1] == "the-end", shown


def test_the_operators_any_button_pages_leave_on_every_panel_button(cabinet):
    """The log ("any button: back") and the box of a cabinet with no PIN yet ("Any button:
    back") answered only buttons 1 and 2 and 1P Start; now every button of either player's
    panel leaves them (the stick still scrolls the log)."""
    from games.cabinet.operator import LogScene, PinScene
    app, cab, clock = cabinet()
    buttons = {name: k for name, k in PANEL.items() if "stick" not in name}
    for make in (lambda: LogScene(app, cab), lambda: PinScene(app, cab)):
        for name, k in buttons.items():
            page = app.push(make())
            frames(app, 1)
            assert app.top is page and getattr(page, "mode", "unset") == "unset"
            press(app, k)
            frames(app, 1)
            assert app.top is not page, f"{name} left {page.name} open"
    log = app.push(LogScene(app, cab))
    press(app, pygame.K_UP)
    frames(app, 1)
    assert app.top is log, "the stick scrolls the log, it does not leave it"


# -- the attract loop's demos: nobody plays them, so they name no control -----------------------
PANEL_WORDS = re.compile(r"\bButton \d|\b[12]P Start\b|\bstick\b|\bMenus?:", re.IGNORECASE)


@pytest.mark.parametrize("entry", games.playable(include_hidden=True), ids=lambda e: e.name)
def test_an_attract_demo_names_no_control_as_if_a_customer_played(cabinet, entry,
                                                                  monkeypatch):
    """Issue 48: the demos showed each game's customer key line ("Button 4)Place the rest
    at random  1P Start)menu"), Tripppin its "stick and Button 1" hint and "Menus: 1P
    Start": as if a customer were playing. A demo shows the game and the attract loop's
    own prompt; no line of it names a key, a button or the stick (the key line's bar
    stays, empty)."""
    from test_cabinet_credits import drawn_text
    app, cab, clock = cabinet(anim_speed=20.0)
    attract = app.push(AttractScene(app, cab, seed=5))
    attract.start_demo(entry)
    app.reformat()
    assert attract.child is not None and attract.child.game == entry.name
    said = []
    for _ in range(8):
        clock.run(app, 2.0)
        assert attract.child is not None and attract.child.game == entry.name
        said += drawn_text(app, monkeypatch)
    assert "FREE PLAY" in said, "the attract loop's own line is drawn"
    shots.save(app.last_native, f"attract-demo-{entry.name}.png")
    named = [s for s in said if PANEL_WORDS.search(s) or KEY_WORDS.search(s)
             or s.startswith(")")]
    assert not named, named


@pytest.mark.parametrize("name", shown_games())
def test_a_customers_quit_leaves_the_game_for_the_launcher_as_the_doc_says(cabinet, name):
    """Issue 48 (an operator's find): docs/cabinet.md said "There is no Quit item" and,
    for a game's menu, "quit". The customer's menu has Quit: it leaves the game (asked
    first while one is in progress) for the launcher, and the program runs on; the
    launcher has none. The doc says that one thing."""
    app, cab, clock = cabinet()
    scene = open_from_launcher(app, cab, name)
    quits = [item for path, item in leaves(scene.menu_model()) if item.name == "quit"]
    assert len(quits) == 1 and "Quit" in str(quits[0].label)
    quits[0].action()
    frames(app, 2)
    while scene in app.stack and app.top is not scene:     # "Leave the game?": Yes
        top = app.top
        yes = [cb for label, cb in getattr(top, "choices", ()) if label.lower().startswith(
            ("yes", "quit", "leave"))]
        assert yes, f"{top!r} offers no way to say yes"
        yes[0]()
        frames(app, 2)
    assert scene not in app.stack and app.running and app.top is cab.launcher
    assert "Quit" not in [str(i.label) for i in cab.launcher.menu.items]
    doc = (Path(__file__).resolve().parents[1] / "docs" / "cabinet.md").read_text()
    doc = " ".join(doc.split())
    assert "There is no Quit item" not in doc
    assert "Quit leaves the game for the launcher" in doc
    app.shutdown(quit_pygame=False)


def drawn_rects(monkeypatch, app) -> list:
    """(text, native rect) of every line the fonts draw in the next whole frame."""
    from games.ui.fonts import BitmapFont
    drawn, real = [], BitmapFont.draw

    def draw(self, surface, text, pos, *a, **kw):
        out = real(self, surface, text, pos, *a, **kw)
        if text and text.strip():
            drawn.append((text, pygame.Rect(pos, self.size(text))))
        return out
    monkeypatch.setattr(BitmapFont, "draw", draw)
    app.dirty = True
    app.step()
    monkeypatch.setattr(BitmapFont, "draw", real)
    return drawn


@pytest.mark.parametrize("window", ["native", (1920, 1080)], ids=str)
@pytest.mark.parametrize("entry", games.playable(include_hidden=True), ids=lambda e: e.name)
def test_the_attract_prompt_and_credit_line_cover_nothing_of_a_demo(make_app, entry,
                                                                   window, monkeypatch):
    """Issue 48 (an operator's find): the blinking PRESS START sat over Tripppin's and
    Tribolo's boards, TriAxis's legend and Triple 3's message line, and the credit line
    over Tribolo's score box, TriAxis's panel and the Amiga's depth gadgets. Over every
    game's demo, frame after frame, at the game's own size and full HD: the prompt's and
    the credit line's boxes cover no line of the demo's text and no cell of its board."""
    from test_cabinet import Clock
    from games.cabinet import install
    clock = Clock()
    app = make_app(kiosk=True, clock=clock, anim_speed=20.0,
                   window_size=None if window == "native" else window)
    cab = install(app)
    frames(app, 2)
    attract = app.push(AttractScene(app, cab, seed=5))
    attract.start_demo(entry)
    app.reformat()
    for i in range(10):
        clock.run(app, 1.5)
        if attract.child is None:
            break
        attract.clock = 0.0                              # the prompt lit
        drawn = drawn_rects(monkeypatch, app)
        size = app.last_native.get_size()
        prompt, credit = attract.prompt_rect(size, cab.prompt_text()), \
            attract.credit_box(size)
        assert any(t == cab.credit_text() and credit.contains(r) for t, r in drawn)
        own = [(t, r) for t, r in drawn if t not in (cab.credit_text(), cab.prompt_text())]
        own += [(name, pygame.Rect(r)) for name, r in attract.child.board_cells().items()]
        assert not prompt.colliderect(credit)
        for box, what in ((prompt, "PRESS START"), (credit, "the credit line")):
            assert pygame.Rect((0, 0), size).contains(box), (what, box)
            hit = [(t, r) for t, r in own if box.colliderect(r)]
            assert not hit, (entry.name, i, what, box, hit)
    shots.save(app.last_native, f"attract-prompt-{entry.name}-{window!s}.png".replace(
        " ", "").replace(",", "x"))
    app.shutdown(quit_pygame=False)
