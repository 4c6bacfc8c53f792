"""Messages (the status history, games/ui/status.py and gamemenu.show_history) in every
registered game: it holds every computer move of a whole game, pages all of it, fits the
screen in every look, and is rebuilt when a game is resumed (issue 35)."""

import pygame
import pytest

import games
from driver import frames, key, run_until
from games.ui import kits

GAMES = [e.name for e in games.playable(include_hidden=True)]


def scene_of(app, name, **kw):
    return app.push(games.get(name).scene_factory()(app, **kw))


def computer_lines(scene) -> list:
    """The words of every computer move of the line in hand (games.ui.watch)."""
    out = []
    for tr in scene.moves_played():
        if scene.by_computer(tr):
            words = scene.move_words(tr)
            if words:
                out.append(scene.named(words[0] if isinstance(words, tuple) else words))
    return out


def open_messages(app, scene):
    """The Messages command by its own key (a real key event), else the command."""
    app.pop_to(scene)
    keys = [k for k in scene.cmds.commands["history"].keys if "+" not in k]
    if keys:
        key(app, pygame.key.key_code(keys[0]), unicode=keys[0] if len(keys[0]) == 1 else "")
    if app.top.name != "pages":
        scene.cmds.run("history")
        app.step()
    box = app.top
    assert box.name == "pages" and box.title == "Messages"
    return box


def paged_lines(app, box) -> list:
    """Every line on every page, turned through with real Right presses."""
    lines = []
    for _ in range(len(box.pages)):
        lines += list(box.pages[box.index])
        if box.index + 1 < len(box.pages):
            key(app, pygame.K_RIGHT)
    return lines


@pytest.mark.parametrize("name", GAMES)
def test_messages_hold_every_computer_move_of_a_whole_game(make_app, name):
    app = make_app(anim_speed=0)
    frames(app, 1)
    scene = scene_of(app, name, seed=3, demo=True)
    t = scene.table
    t.min_think = 0.0
    t.set_level(min(scene.entry.ai_module().LEVELS))
    assert run_until(app, lambda: (app.pop_to(scene) or True) and t.state.is_over,
                     timeout=60), f"{name}: the game did not end"
    frames(app, 2)
    wanted = computer_lines(scene)
    assert wanted
    box = open_messages(app, scene)
    lines = " ".join(paged_lines(app, box))
    missing = [w for w in wanted if " ".join(w.split()) not in lines]
    assert not missing, f"{name}: {len(missing)} of {len(wanted)} moves not in Messages"


def test_the_history_keeps_thousands_of_lines():
    from games.ui.status import HISTORY, StatusLine
    assert HISTORY >= 4000
    s = StatusLine()
    for i in range(HISTORY + 5):
        s.say(f"line {i}")
    assert len(s.history) == HISTORY and s.history[0] == "line 5"


@pytest.mark.parametrize("look", kits.LOOKS)
def test_a_long_line_is_wrapped_inside_the_screen(make_app, look):
    app = make_app(anim_speed=0)
    frames(app, 1)
    name = next(e.name for e in games.playable(include_hidden=True) if e.platform == look)
    scene = scene_of(app, name, seed=3, title=False)
    frames(app, 1)
    long = " ".join(["word%03d" % i for i in range(25)]) + "."   # 200 characters
    assert len(long) == 200
    box = scene.pages([[long, "short"], ["x" * 200]], title="Messages")
    frames(app, 1)
    w, h = box.screen.w, box.screen.h
    assert box.rect.left >= 0 and box.rect.right <= w and box.rect.bottom <= h
    for page in box.pages:
        for line in page:
            assert box.text_w(line) <= box.page_rect.w
    text = " ".join(" ".join(p) for p in box.pages)
    assert all(f"word{i:03d}" in text for i in range(25))


@pytest.mark.parametrize("name", GAMES)
def test_a_resumed_game_keeps_its_computer_moves_in_messages(make_app, name):
    app = make_app(anim_speed=0)
    first = scene_of(app, name, seed=11, title=False)
    t = first.table
    t.min_think = 0.0
    for seat in t.seats:
        t.set_seat(seat, "computer")
    assert run_until(app, lambda: (app.pop_to(first) or True)
                     and (len(computer_lines(first)) >= 3 or t.state.is_over))
    for seat in t.seats:                         # kept with the computer's seats
        t.set_seat(seat, "computer")
    said = computer_lines(first)
    assert said and not t.state.is_over
    app.pop()                                    # closed: the game is kept
    assert app.store.exists(first.save_name)
    app.running = True
    scene = scene_of(app, name)
    frames(app, 2)
    assert app.top.name == "title"
    key(app, pygame.K_RETURN)                    # Resume the saved game
    app.pop_to(scene)
    assert scene.resumed
    for seat in scene.table.seats:               # nobody moves on by themselves now
        scene.table.set_seat(seat, "human")
    frames(app, 2)
    lines = " ".join(paged_lines(app, open_messages(app, scene)))
    assert "Nothing has been said yet." not in lines
    for words in said:
        assert " ".join(words.split()) in lines, f"{name}: {words!r} not in Messages"
