"""The game's menu, keys and F5 at a network table, over the registry (games.ui.netplay,
games.ui.gamemenu): the real game loop on SDL's dummy drivers at a real ``tricade serve``
process on 127.0.0.1 (tests/net_child.py), a friend a real client.

At a table others share, nothing here replaces or "saves" the shared game: New game, Save
and Load (where a game has them) are off in the menu and their keys say why; the menu
offers Leave table X instead (asked: the seat waits); the seats in the menu are named as
the seat panel names them (a person by name, the computer), the level is the host's;
F5 says that the review opens when the game is over.
"""

from __future__ import annotations

import pygame
import pytest

from driver import frames, key, run_until
from games.core.input import Action
from test_netplay import GAMES, LONG, at_a_shared_table, lowest, net  # noqa: F401


# the commands of a game at home (Tribolo's V)save and L)oad, every game's New game)
AT_HOME = ("new", "save", "load")


def items(model):
    for item in model:
        yield item
        if item.sub and not item.is_choice:
            yield from items(item.sub)


def said(scene) -> str:
    return scene.status_text()[0]


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_new_save_and_load_are_off_at_a_network_table_and_say_why(make_app, net, tmp_path,
                                                                   entry):
    """N (every game), V and L (Tribolo) at a network table said nothing or lied: N asked
    to leave for a new game, V said "Game saved" and wrote nothing, L loaded nothing.
    Now each says why it is off and the table's game stays in hand, by its key and by the
    command a click on a key line runs; the menu greys them, with a line saying so."""
    app, scene, me, bea, names = at_a_shared_table(make_app, net, tmp_path, entry)
    table, ply = scene.table, scene.table.ply
    here = [n for n in AT_HOME if n in scene.cmds]
    assert "new" in here
    for name in here:
        assert not scene.cmds.enabled(name), name
        why = scene.off_at_table(name)
        assert why and me.code in why
        for spec in scene.cmds[name].keys:        # its keys (N in every game)
            if "+" in spec or len(spec) != 1:
                continue
            scene.status.clear()
            key(app, pygame.key.key_code(spec), unicode=spec)
            assert app.top is scene, (name, spec, app.top.name)
            assert said(scene) == why, (name, spec)
        scene.status.clear()
        assert scene.cmds.run(name) is False      # (what a click on a key line runs)
        assert said(scene) == why
    assert scene.table is table and scene.net is me and table.ply >= ply
    # nor does a game start by any other path (a game's own board choice, an end box)
    for start in (scene.new_game, scene.start_again):
        scene.status.clear()
        start()
        assert said(scene) == scene.off_at_table("new")
        assert scene.table is table and scene.net is me and not scene.timeline.moving
    # the menu (the pad's and the mouse's way to them): greyed, with a line saying so
    app._deliver(Action("menu", source="key"))
    app.step()
    menu = app.top
    assert menu.name == "menu"
    model = list(items(menu.model))
    for name in here:
        item = next(i for i in model if i.name == name)
        assert not item.is_enabled() and menu.choose_item(item) is False
    note = next(i for i in model if i.name == "table_note")
    assert not note.is_enabled() and note.label == "Greyed: the game is shared"
    assert model.index(note) == 1 + next(n for n, i in enumerate(model)
                                         if i.name == "leave_table")
    assert not any(i.name == "network" for i in model)
    assert app.top is menu and scene.table is table
    bea.close()


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_menu_names_the_seats_as_the_seat_panel_and_leaves_the_table(make_app, net,
                                                                         tmp_path, entry):
    """The menu's seats read "Human" for this player's seat and nothing for a friend's
    at a network table; now each is the name the seat panel shows (Ann, Bea) or the
    computer, and no choice there changes a seat. Leave table X (the menu) asks, then
    goes back to the game at home; the seat at the table waits."""
    from games.net.client import wait_for
    app, scene, me, bea, names = at_a_shared_table(make_app, net, tmp_path, entry)
    app._deliver(Action("menu", source="key"))
    app.step()
    menu = app.top
    model = list(items(menu.model))
    want = {s: ("Ann" if i == 0 else "Bea" if i == 1 else "Computer")
            for i, s in enumerate(names)}
    for seat, who in want.items():
        item = next(i for i in model if i.is_choice and i.label.startswith(seat.capitalize()))
        panel = scene.seat_player(seat, state=False) or "Computer"
        assert item.choice_value() == who == panel, seat
        item.cycle(1)
        assert item.choice_value() == who
    assert scene.table.seats[names[0]] == "human" and scene.table.seats[names[1]] == "remote"
    ai = entry.ai_module()
    host = getattr(ai, "level_name", lambda n: f"{n} of {len(ai.LEVELS)}")(lowest(entry))
    for item in (i for i in model if i.is_choice and i.label == "Level"):   # the house's
        assert item.choice_value() == (host if len(names) > 2 else "No computer")
    leave = next(i for i in model if i.name == "leave_table")
    assert leave.label == f"Leave table {me.code}" and leave.is_enabled()
    assert menu.choose_item(leave)
    frames(app, 1)
    box = app.top
    assert box.name == "confirm" and me.code in " ".join(box.lines)
    assert box.choices[box.focus][1] is None, "No is the default"
    yes = next(i for i, (_, cb) in enumerate(box.choices) if cb is not None)
    box.press(yes)
    frames(app, 1)
    # (the table was sat at from the title page: back to it, no game at home begun)
    assert app.top.name == "title" and scene.net is None and not scene.live, app.top.name
    left = f"You left table {me.code}: your seat waits"
    assert any(left in s for s in scene.status.history)
    wait_for(bea, lambda e: e["type"] in ("seats", "status") and any(
        s.get("seat") == names[0] and s.get("state") == "away" for s in e.get("seats") or ()),
        LONG)
    assert scene.cmds.enabled("new")              # at home again: all as before
    bea.close()


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_f5_at_a_network_table_says_the_review_opens_when_the_game_is_over(
        make_app, net, tmp_path, entry):
    """F5 was greyed and said nothing during a network game (its record, with the seed of
    its dice, comes at the end)."""
    app, scene, me, bea, names = at_a_shared_table(make_app, net, tmp_path, entry)
    scene.status.clear()
    key(app, pygame.K_F5)
    assert app.top is scene
    assert said(scene) == "The review opens when the game is over."
    bea.close()


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_the_game_at_home_stays_at_home_undo_its_own_choices_and_the_level(
        make_app, net, tmp_path, entry, monkeypatch):
    """At a network table U said "Nothing to undo" (no word of the table); Triple 3's
    Reset totals and Match, and Tripppin's Difficulty, changed the game at home while the
    shared one was in hand; the DOS key line showed N)ew, V)save and L)oad as if they
    worked. Now Undo says why it is off, a game's own choices for its game at home
    (``home_only``) are greyed and say why, no choice in the menu changes the table or
    the level at home, and the key line draws what is off dim."""
    from games.ui import dos
    app, scene, me, bea, names = at_a_shared_table(make_app, net, tmp_path, entry)
    table = scene.table
    seats, levels = dict(table.seats), dict(table.levels)
    level = scene.settings.get("level")
    for name in ("undo", "redo"):
        if name in scene.cmds:
            assert not scene.cmds.enabled(name)
            scene.status.clear()
            assert scene.cmds.run(name) is False
            assert said(scene) == scene.off_at_table(name)
            assert me.code in said(scene) and "taking back" in said(scene)
            for spec in scene.cmds[name].keys:    # U (Tribolo's said "Nothing to undo.")
                if "+" in spec or len(spec) != 1:
                    continue
                scene.status.clear()
                key(app, pygame.key.key_code(spec), unicode=spec)
                assert said(scene) == scene.off_at_table(name), (spec, said(scene))
    app._deliver(Action("menu", source="key"))
    app.step()
    menu = app.top
    model = list(items(menu.model))
    for name in scene.home_only:
        item = next(i for i in model if i.name == name)
        assert not item.is_enabled() and menu.choose_item(item) is False, name
        why = scene.off_at_table(name)
        assert why and me.code in why and "for a game here" in why, why
    for item in model:                            # every choice left: nothing changes
        if item.is_choice and item.is_enabled():
            for _ in item.sub:
                item.cycle(1)
    assert scene.table is table and table.seats == seats and table.levels == levels
    assert scene.settings.get("level") == level, "the level at home is kept"
    menu.finish()
    frames(app, 1)
    assert app.top is scene
    # the DOS key line: what is off drawn dim (dark grey), key letter and all
    if scene.look.name == "dos":
        drawn = []
        real = dos.keyed

        def spy(surface, label, pos, fg, key_fg, *a, **kw):
            drawn.append((label, fg, key_fg))
            return real(surface, label, pos, fg, key_fg, *a, **kw)
        with monkeypatch.context() as m:
            m.setattr(dos, "keyed", spy)
            app.present_whole()
        line = {label: (fg, key_fg) for label, fg, key_fg in drawn}
        off = [label for label, n in scene.cmds.key_line() if scene.off_at_table(n)]
        on = [label for label, n in scene.cmds.key_line() if not scene.off_at_table(n)]
        shown_off = [label for label in off if label in line]
        assert shown_off, (off, sorted(line))
        for label in shown_off:
            assert line[label] == (dos.DARK_GREY, dos.DARK_GREY), label
        for label in on:
            if label in line:
                assert dos.DARK_GREY not in line[label], label
    bea.close()


def test_the_join_list_lights_the_table_found(make_app, net, tmp_path):
    """The join list lit "Type the code" when the server had a table waiting; now the
    first table with a free seat is lit (nothing pressed since the list opened), so
    Enter takes its seat."""
    from test_netplay import choose, serve
    entry = GAMES[0]
    srv, port = serve(net, tmp_path)
    names = entry.rules_module().new_game(seed=1, **entry.test_options[0]).players
    spec = ",".join(["remote"] * 2 + [f"computer:{lowest(entry)}"] * (len(names) - 2))
    made = net("table", "new", entry.name, "--server", f"ws://127.0.0.1:{port}", "--seats",
               spec, log="table")
    code = made.expect(r"^([A-Z]{5})$")[1]
    from test_netplay import new_app
    app = new_app(make_app, port)
    scene = app.push(entry.scene_factory()(app, title=False))
    frames(app, 2)
    scene.open_network()
    choose(app, "Join a table")
    box = app.top
    assert run_until(app, lambda: box.found, timeout=LONG)
    frames(app, 1)
    assert str(box.menu.selected.label).startswith(code), box.menu.selected.label
    key(app, pygame.K_RETURN)
    assert run_until(app, lambda: getattr(getattr(app.top, "client", None), "code", None)
                     == code, timeout=LONG), "its waiting room, a seat taken"
    assert run_until(app, lambda: len(app.top.client.mine) == 1, timeout=LONG)


@pytest.mark.parametrize("entry", GAMES, ids=lambda e: e.name)
def test_a_friends_turn_is_said_with_the_friends_name_under_a_message(
        make_app, net, tmp_path, entry, monkeypatch):
    """Triple 3's status box shows the standing line under a message, and there it read
    "Blue (the computer) is thinking..." while Bea, a friend, was to move. Every game
    names the friend at a network table, with or without a message over the line."""
    import random
    from driver import Progress
    from test_netplay import drawn_text
    app, scene, me, bea, names = at_a_shared_table(make_app, net, tmp_path, entry)
    t, rng = scene.table, random.Random(2)
    moving = Progress(lambda: t.ply, LONG)
    while not (t.state.current == names[1] and not t.state.is_chance):
        moving.check(t.state.current)
        if t.state.is_over:
            pytest.skip("the game ended before the friend's turn")
        if app.top is not scene:
            key(app, pygame.K_RETURN)
        elif t.state.is_chance and t.pending is None and not t.auto_chance:
            key(app, pygame.K_RETURN)
        elif t.human_to_move:
            assert scene.play_move(rng.choice([m for m in t.state.legal_moves()
                                               if m != "resign"] or t.state.legal_moves()))
        frames(app, 1)
    for message in (None, "A message over the line."):
        if message:
            scene.say(message)
        frames(app, 1)
        shown = " | ".join(drawn_text(app, monkeypatch))
        assert "(the computer)" not in shown and "Bea" in shown, shown
    bea.close()


@pytest.mark.parametrize("begun", [False, True], ids=["from-the-title", "from-a-game"])
def test_leaving_a_table_goes_back_where_the_player_came_from(make_app, net, tmp_path, begun):
    """A table chosen on the title page, left by the menu, left the player in a game at
    home nobody had started (its computers moving). Now it goes back to the title page;
    a table chosen from a game in play goes back to that game, as it was."""
    from test_netplay import choose, host_from_title, new_app, serve
    entry = GAMES[0]
    srv, port = serve(net, tmp_path)
    app = new_app(make_app, port)
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    want = {s: ("here" if i == 0 else f"computer:{lowest(entry)}") for i, s in enumerate(names)}
    if begun:
        scene = app.push(entry.scene_factory()(app))
        frames(app, 2)
        choose(app, "Start")
        assert app.top is scene and scene.live
        home = scene.table
        scene.open_network()
        choose(app, "Host a table")
        from test_netplay import choose_value
        host = app.top
        for seat, w in want.items():
            choose_value(app, host, seat.capitalize(), host.words(w))
        choose(app, "Create the table")
    else:
        scene, _ = host_from_title(app, entry, want)
        home = None
    assert run_until(app, lambda: app.top is scene and scene.net is not None, timeout=LONG)
    code = scene.net.code
    scene.ask_leave_table()
    frames(app, 1)
    box = app.top
    yes = next(i for i, (_, cb) in enumerate(box.choices) if cb is not None)
    box.press(yes)
    frames(app, 2)
    assert scene.net is None
    if begun:
        assert app.top is scene and scene.live and scene.table is home
    else:
        assert app.top.name == "title" and not scene.live
        assert run_until(app, lambda: any(f"Back to table {code}" in str(c[0])
                                          for c in app.top.choices), timeout=LONG)
