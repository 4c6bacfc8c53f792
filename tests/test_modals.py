"""The modal kit: each of the eight modals of each look, opened over a stand-in game scene
and answered by keys, by the mouse and by a virtual pad through the real loop; every frame
drawn in the look's palette."""

import pygame
import pytest

from driver import VirtualPad, click, colours, frames, key, pad_press
from games.ui import controls, kits, looks
from games.ui.commands import MenuItem, choice, separator
from games.ui.lookscene import LookScene

LOOKS = [looks.DOS, looks.AMIGA, looks.RISCOS]
WAYS = ["key", "mouse", "pad"]
KEYS = {"confirm": pygame.K_RETURN, "back": pygame.K_ESCAPE, "menu": pygame.K_F10,
        "up": pygame.K_UP, "down": pygame.K_DOWN, "left": pygame.K_LEFT,
        "right": pygame.K_RIGHT}
PAD = {"confirm": "a", "back": "b", "menu": "start", "up": "dpup", "down": "dpdown",
       "left": "dpleft", "right": "dpright"}


class Stand(LookScene):
    """A game scene's stand-in: a plain screen in a look that logs what reaches it."""

    name = "stand"

    def __init__(self, app, look):
        super().__init__(app)
        self.look = look
        self.log = []

    def handle(self, action):
        self.log.append(action.kind)

    def draw(self, surface):
        surface.fill(self.look.palette[0])


class Rig:
    def __init__(self, app, look, way):
        self.app, self.look, self.way = app, look, way
        self.base = app.push(Stand(app, look))
        self.stand = app.push(Stand(app, look))
        self.kit = kits.get(look.name)
        self.pad = VirtualPad() if way == "pad" else None
        frames(app, 2)

    def open(self, scene):
        assert self.app.top is self.stand
        self.app.push(scene)
        frames(self.app, 2)
        assert self.app.top is scene
        self.in_palette()
        return scene

    def in_palette(self):
        extra = colours(self.app.last_native) - set(self.look.palette)
        assert not extra, f"colours outside the {self.look.name} palette: {sorted(extra)[:5]}"

    def do(self, *names):
        """Core actions by the rig's way (the mouse rig uses the keys for these)."""
        for name in names:
            if self.way == "pad":
                pad_press(self.app, self.pad, PAD[name])
            else:
                key(self.app, KEYS[name])

    def type(self, text):
        for c in text:
            key(self.app, getattr(pygame, f"K_{c.lower()}"), unicode=c)

    def closed(self, scene):
        assert self.app.top is self.stand and scene not in self.app.stack
        frames(self.app, 1)

    def done(self):
        if self.pad is not None:
            self.pad.unplug()
            frames(self.app, 1)


@pytest.fixture(params=[(lk, w) for lk in LOOKS for w in WAYS],
                ids=[f"{lk.name}-{w}" for lk in LOOKS for w in WAYS])
def rig(make_app, request):
    look, way = request.param
    r = Rig(make_app(), look, way)
    yield r
    r.done()


def recorder():
    got = []
    return got, (lambda name: (lambda *a: got.append((name,) + a)))


# -- confirm and ask -----------------------------------------------------------------------------

def test_confirm(rig):
    got, cb = recorder()

    def ask(default=0):
        s = rig.open(rig.kit.confirm(rig.stand, "Quit the game? It is kept for next time.",
                                     cb("yes"), cb("no"), default=default))
        assert s.name == "confirm" and s.transparent and s.game is rig.stand
        return s

    s = ask()
    if rig.way == "mouse":
        click(rig.app, s.button_rects[1].center)
        rig.closed(s)
        s = ask()
        click(rig.app, s.button_rects[0].center)
        rig.closed(s)
        s = ask()
        if rig.look.name == "riscos":           # Adjust works as Select
            click(rig.app, s.button_rects[1].center, button=3)
        else:                                   # the right button is No, anywhere
            click(rig.app, (3, rig.look.native_size[1] - 3), button=3)
        rig.closed(s)
        assert got == [("no",), ("yes",), ("no",)]
        assert "pointer_up" not in rig.stand.log, "no half of a click reaches the game"
        return
    rig.do("confirm")                           # the default: yes
    rig.closed(s)
    s = ask()
    rig.do("back")                              # back is No
    rig.closed(s)
    s = ask()
    rig.do("right", "confirm")                  # the focus moved to No
    rig.closed(s)
    s = ask(default=1)
    rig.do("left", "confirm")
    rig.closed(s)
    assert got == [("yes",), ("no",), ("no",), ("yes",)]
    if rig.way == "key":
        s = ask()
        rig.type("n")
        rig.closed(s)
        s = ask(default=1)
        rig.type("y")
        rig.closed(s)
        assert got[-2:] == [("no",), ("yes",)]


def test_dos_asks_the_dos_way(make_app):
    r = Rig(make_app(), looks.DOS, "key")
    got, cb = recorder()
    s = r.open(r.kit.confirm(r.stand, "Concede the game?", cb("yes"), cb("no")))
    assert s.text_at[-1][0].endswith("(Y/n)")
    r.do("right")
    assert s.suffix() == " (y/N)"
    r.do("left")
    key(r.app, pygame.K_SPACE, unicode=" ")     # Space is No, as in the original
    r.closed(s)
    assert got == [("no",)]


def test_ask(rig):
    got, cb = recorder()
    labels = ["Red", "Green", "Blue"]

    def ask(choices=labels, cancel=2, default=1):
        s = rig.open(rig.kit.ask(rig.stand, ["Which colour", "plays first?"],
                                 [(c, cb(c)) for c in choices], default=default, cancel=cancel))
        assert s.name == "ask"
        return s

    s = ask()
    assert not s.vertical
    if rig.way == "mouse":
        click(rig.app, s.button_rects[0].center)
        rig.closed(s)
        many = ["One", "Two", "Three", "Four", "Five"]
        s = ask(many, cancel=None)
        assert s.vertical and s.button_rects[3].top > s.button_rects[2].bottom
        click(rig.app, s.button_rects[3].center)
        rig.closed(s)
        assert got == [("Red",), ("Four",)]
        return
    rig.do("confirm")
    rig.closed(s)
    s = ask()
    rig.do("back")
    rig.closed(s)
    s = ask(cancel=None)
    rig.do("back")                              # no cancel: back does nothing
    assert rig.app.top is s
    rig.do("down", "confirm")
    rig.closed(s)
    assert got == [("Green",), ("Blue",), ("Blue",)]
    s = ask()
    rig.do("menu")                              # Start presses the lit answer, as confirm
    rig.closed(s)
    assert got[-1] == ("Green",)
    if rig.way == "key":
        s = ask()
        rig.type("r")
        rig.closed(s)
        assert got[-1] == ("Red",)


# -- message and table ------------------------------------------------------------------------------

def test_message(rig):
    got, cb = recorder()

    def show():
        s = rig.open(rig.kit.message(rig.stand, ["The computer resigns.", "", "Well played!"],
                                     cb("closed"), title="Game over"))
        assert s.name == "message"
        return s

    # a key bound to nothing (F5, Insert) and a pad's trigger close it too: "any key"
    presses = {"key": ["confirm", "back", "menu", "x", "f5", "insert"],
               "pad": ["confirm", "back", "menu", "trigger"], "mouse": [1, 3, 2]}[rig.way]
    for p in presses:
        s = show()
        if rig.way == "mouse":
            click(rig.app, (5, 5), button=p)
        elif p == "x":
            rig.type("x")
        elif p in ("f5", "insert"):
            key(rig.app, pygame.K_F5 if p == "f5" else pygame.K_INSERT)
        elif p == "trigger":
            rig.pad.axis(5, 32767)                  # the right trigger pulled, let go
            rig.app.step()
            rig.pad.axis(5, 0)
            rig.app.step()
        else:
            rig.do(p)
        rig.closed(s)
    assert got == [("closed",)] * len(presses)
    assert rig.stand.log == [], "the press that closes a message does nothing else"


def test_table(rig):
    got, cb = recorder()
    header = ["Name", "Level", "Moves", "Date"]
    rows = [["ABC", 3, 41, "1 May"], ["XY", 10, 7, "12 June"], ["LONGNAME", "2", "1,200", ""]]
    s = rig.open(rig.kit.table(rig.stand, "Best games", header, rows, highlight=1,
                               footer="Press any key", on_close=cb("closed")))
    assert s.name == "table" and s.numeric == [False, True, True, False]
    cw = s.font.width
    for j in range(len(header)):
        head = s.heads[j]
        for row in s.cells:
            if s.numeric[j]:
                assert row[j].right == head.right, "numbers end at the heading's right edge"
            else:
                assert row[j].x == head.x, "text starts at the heading's left edge"
            assert s.columns[j].x <= row[j].x and row[j].right <= s.columns[j].right
    # and by pixels: the ink of each number ends in its heading's last character cell
    surf = rig.app.last_native
    for j in (1, 2):
        head = s.heads[j]
        for r in [s.heads[j], s.cells[0][j], s.cells[2][j]]:
            paper = surf.get_at((r.x - 2, r.y + 1))[:3]
            ink = [x for x in range(s.columns[j].x, s.columns[j].right)
                   for y in range(r.y, r.y + s.line_h) if surf.get_at((x, y))[:3] != paper]
            assert ink and head.right - cw <= max(ink) < head.right
    if rig.way == "mouse":
        click(rig.app, (5, 5))
    else:
        rig.do("confirm")
    rig.closed(s)
    assert got == [("closed",)]


# -- menus ---------------------------------------------------------------------------------------

def test_a_list_question_says_what_the_buttons_do_off_the_keyboard(rig):
    """TriAxis's colour and score-file lists said nothing of the buttons on a panel (the
    yes/no line skipped lists): off the keyboard a list's line names the stick, the taking
    button and, where there is one, the cancelling answer."""
    if rig.way != "pad":
        return
    many = [("One", None), ("Two", None), ("Three", None), ("Four", None), ("Back", None)]
    s = rig.open(rig.kit.ask(rig.stand, ["Pick one"], many, default=0, cancel=4))
    rig.do("down")
    frames(rig.app, 1)
    hint = [line for line, _ in rig.app.top.text_at][-1]
    assert s.vertical and "choose" in hint and f"{G['A']}: take" in hint \
        and f"{G['B']}: Back" in hint, hint


def test_the_stick_steps_over_greyed_items(rig):
    """Triple 3's RISC OS menu let the stick land on its greyed Undo and Redo, where
    nothing is drawn lit and Button 1 does nothing: the menu looked dead. In every look
    the keys and the stick step over greyed items."""
    if rig.way == "mouse":
        return
    ran = []
    model = [MenuItem("New game", lambda: ran.append("new")),
             MenuItem("Undo", lambda: ran.append("undo"), enabled=False),
             MenuItem("Redo", lambda: ran.append("redo"), enabled=lambda: False),
             MenuItem("Messages", lambda: ran.append("messages"))]
    s = rig.open(rig.kit.menu(rig.stand, model, title="Game"))
    rig.do("down", "confirm")                   # from New game, one step: Messages
    rig.closed(s)
    assert ran == ["messages"]


def test_menu(rig):
    ran = []
    level = [1]
    model = [MenuItem("New game", lambda: ran.append("new"), shortcut="N"),
             separator(),
             MenuItem("Sound", lambda: ran.append("sound"), checked=lambda: True),
             choice("Level", [(1, "Easy"), (2, "Hard")], lambda: level[0],
                    lambda v: level.__setitem__(0, v))]

    def show():
        s = rig.open(rig.kit.menu(rig.stand, model, title="Game"))
        assert s.name == "menu" and s.transparent
        return s

    s = show()
    if rig.way == "mouse":
        click(rig.app, s.find("New game").center)
        rig.closed(s)
        s = show()
        click(rig.app, (rig.look.native_size[0] - 3, rig.look.native_size[1] - 3))
        rig.closed(s)                           # a click beside it closes it
        assert ran == ["new"] and s.chosen == []
        return
    rig.do("confirm")                           # the first item is lit when opened by keys
    rig.closed(s)
    assert ran == ["new"]
    s = show()
    rig.do("back")
    rig.closed(s)
    s = show()
    rig.do("down", "confirm")                   # over the separator to Sound
    assert ran == ["new", "sound"]
    if rig.look.name == "dos":                  # DOS toggles an On/Off line in place
        assert rig.app.top is s
        rig.do("back")
    rig.closed(s)


def test_old_menus_still_work(make_app):
    """The menus the games use today are the kit's menus."""
    from games.ui import dos, riscos
    for look, cls in ((looks.DOS, dos.MenuScene), (looks.RISCOS, riscos.MenuScene)):
        r = Rig(make_app(), look, "key")
        ran = []
        r.stand.menu_model = lambda: [MenuItem("Hint", lambda: ran.append(1))]
        s = r.open(cls(r.stand) if look is looks.DOS else cls(r.stand, r.stand.menu_model(),
                                                              "Game", (100, 100)))
        click(r.app, s.find("Hint").center)
        r.closed(s)
        assert ran == [1]


# -- pages and the title -------------------------------------------------------------------------

G = controls.GLYPHS
PAGE_HINT = {"key": "Enter: next  Esc: close", "pad": f"{G['A']}: next  {G['B']}: close",
             "mouse": f"{G['mouse_left']}: next  {G['mouse_right']}: close"}


def test_pages(rig):
    got, cb = recorder()
    look = rig.look

    def picture(surface, rect):
        surface.fill(look.palette[2], rect.inflate(-8, -8))

    pages = [["How to play", "", "Place a piece."], ["Scoring", "One point each."], picture]
    s = rig.open(rig.kit.pages(rig.stand, pages, title="Help", on_close=cb("closed")))
    assert s.name == "pages" and s.page_text == "Page 1 of 3"
    if rig.way == "mouse":
        click(rig.app, s.rect.center)
        frames(rig.app, 1)
        assert s.footer.endswith(PAGE_HINT["mouse"]), s.footer
        click(rig.app, s.rect.center)
        assert s.index == 2
        rig.in_palette()
        click(rig.app, s.rect.center, button=3)      # the right button closes
        rig.closed(s)
        s = rig.open(rig.kit.pages(rig.stand, pages[:1], on_close=cb("closed")))
        click(rig.app, s.rect.center)                # past the last page closes
        rig.closed(s)
        assert got == [("closed",)] * 2
        return
    rig.do("right")
    frames(rig.app, 1)                                # the footer names what is in hand
    assert s.index == 1 and s.footer == "Page 2 of 3   " + PAGE_HINT[rig.way]
    rig.do("left")
    assert s.index == 0
    rig.do("down", "confirm")
    assert s.index == 2
    frames(rig.app, 1)                                # past the last page: it closes
    assert s.footer == "Page 3 of 3   " + PAGE_HINT[rig.way].split(":")[0] + ": close"
    rig.in_palette()
    rig.do("up")
    assert s.index == 1
    rig.do("back")
    rig.closed(s)
    s = rig.open(rig.kit.pages(rig.stand, pages, on_close=cb("closed")))
    rig.do("confirm", "confirm", "confirm")
    rig.closed(s)
    assert got == [("closed",)] * 2


def test_title(rig):
    got, cb = recorder()
    look = rig.look

    def picture(surface):
        surface.fill(look.palette[3])

    def show(**kw):
        s = rig.open(rig.kit.title(rig.stand, picture, [("Resume the saved game", cb("resume")),
                                                        ("New game", cb("new"))],
                                   footer="A game of three", **kw))
        assert s.name == "title" and not s.transparent and s.focus == kw.get("default", 0)
        return s

    s = show()
    if rig.way == "mouse":
        click(rig.app, s.menu.item_rect(1).center)
        rig.closed(s)
        assert got == [("new",)]
        return
    rig.do("confirm")                          # Enter / pad A: the default
    rig.closed(s)
    s = show(default=1)
    rig.do("up", "menu")                       # Start (the menu action) presses too
    rig.closed(s)
    s = show(on_back=cb("back"))
    rig.do("back")
    rig.closed(s)
    assert got == [("resume",), ("resume",), ("back",)]
    s = show()
    rig.do("back")                             # no on_back: the title and the game go
    assert rig.app.top is rig.base and rig.stand not in rig.app.stack


# -- initials ------------------------------------------------------------------------------------

def test_initials(rig):
    got, cb = recorder()

    def show(default="AAA"):
        s = rig.open(rig.kit.initials(rig.stand, ["You beat the computer!", "Your initials:"],
                                      default, on_done=cb("done")))
        assert s.name == "initials"
        return s

    s = show()
    if rig.way == "mouse":
        e = s.entry
        click(rig.app, e.up_rect(0).center)          # A -> B
        click(rig.app, e.down_rect(2).center)        # A -> Z
        click(rig.app, e.slot_rect(1).center)
        assert e.cursor == 1 and s.initials == "BAZ"
        rig.in_palette()
        click(rig.app, e.ok_rect.center)
        rig.closed(s)
        assert got == [("done", "BAZ")]
        return
    rig.do("up")                                     # A -> B
    rig.do("confirm")                                # the next letter
    rig.do("down", "down")                           # A -> Y
    rig.do("confirm")
    assert s.entry.cursor == 2
    rig.do("back")                                   # the previous letter
    assert s.entry.cursor == 1 and rig.app.top is s
    rig.do("right", "up")                            # to the third: A -> B
    assert s.entry.cursor == 2 and s.initials == "BYB"
    rig.do("left", "left", "left")
    assert s.entry.cursor == 0
    rig.do("confirm", "confirm")
    assert rig.app.top is s
    rig.do("confirm")                                # after the third: done
    rig.closed(s)
    assert got == [("done", "BYB")]
    s = show("XYZ")
    rig.do("back")                                   # back on the first letter: done
    rig.closed(s)
    assert got[-1] == ("done", "XYZ")
    if rig.way == "key":
        s = show()
        rig.type("jmk")
        assert s.initials == "JMK" and rig.app.top is s
        rig.do("confirm")
        rig.closed(s)
        assert got[-1] == ("done", "JMK")
    s = show("QQQ")
    rig.app.pop()                                    # closed another way: what is there
    assert got[-1] == ("done", "QQQ")
    n = len(got)
    s.close()
    frames(rig.app, 1)
    assert len(got) == n and rig.app.top is rig.stand, "on_done exactly once"


def test_the_kit_knows_its_looks():
    assert kits.get("dos") is kits.get("dos")
    for name in ("dos", "amiga", "riscos"):
        kit = kits.get(name)
        for f in ("confirm", "ask", "message", "menu", "pages", "title", "initials", "table"):
            assert callable(getattr(kit, f))
    with pytest.raises(KeyError):
        kits.get("launcher")


# -- windows of their look; text-mode shadows ------------------------------------------------

@pytest.mark.parametrize("look", [looks.AMIGA, looks.RISCOS], ids=["amiga", "riscos"])
def test_pages_are_a_window_of_the_look_with_its_close_gadget(make_app, look):
    """Messages and help on the Workbench and RISC OS are windows, not requesters: the
    look's window furniture round them (the close gadget or icon at the top left, depth
    gadgets or the toggle-size icon at the right), and a click on close closes them."""
    from games.ui import amiga, riscos
    r = Rig(make_app(), look, "mouse")
    got, cb = recorder()
    s = r.open(r.kit.pages(r.stand, [["one"], ["two"]], title="Messages",
                           on_close=cb("closed")))
    if look is looks.AMIGA:
        win = amiga.Window(s.rect, "Messages")
        close = win.close_rect
        want = amiga.sprite("gadget_close")
    else:
        win = riscos.Window(s.rect, "Messages")
        close = win.tool_rect("close")
        want = riscos.sprite("tool_close")
    drawn = r.app.last_native.subsurface(close).copy()
    for x in range(want.get_width()):
        for y in range(want.get_height()):
            if want.get_at((x, y)).a:
                assert drawn.get_at((x, y))[:3] == want.get_at((x, y))[:3]
    click(r.app, close.center)
    r.closed(s)
    assert got == [("closed",)]
    r.done()


def test_dos_shadows_dim_whole_cells_and_cut_nothing(make_app):
    """The shadow right of and below a box: what lies under it shows dark grey on black,
    as in text mode (a tile under it is dimmed whole, not cut in half by black)."""
    from games.ui import dos
    r = Rig(make_app(), looks.DOS, "keys")
    r.stand.draw = lambda surface: (surface.fill(dos.WHITE),
                                    [surface.fill(dos.RED, (x, y, 20, 10))
                                     for x in range(0, 640, 24) for y in range(0, 350, 12)])
    r.app.dirty = True
    s = r.open(r.kit.confirm(r.stand, "Start a new game?", None))
    box = s.rect
    right = r.app.last_native.subsurface((box.right, box.y + dos.CELL_H // 2, dos.CELL_W,
                                          box.h))
    below = r.app.last_native.subsurface((box.x + dos.CELL_W, box.bottom, box.w,
                                          dos.CELL_H // 2))
    for part in (right, below):
        assert colours(part) == {dos.DARK_GREY}, colours(part)
    r.done()


def test_dos_asks_a_pad_by_its_buttons_not_by_letters(make_app):
    """The original's "(Y/n)" names keyboard letters: with a pad in hand the question says
    what its buttons answer (confirm: the focused answer, back: the cancelling one), and
    says "(Y/n)" again once the keyboard is picked up."""
    from games.ui import controls
    r = Rig(make_app(), looks.DOS, "pad")
    try:
        got, cb = recorder()
        s = r.open(r.kit.confirm(r.stand, "Concede the game?", cb("yes"), cb("no")))
        r.do("left")                            # the pad in hand; Yes stays focused
        a, b = controls.name(r.app, "confirm"), controls.name(r.app, "back")
        lines = [t for t, _ in s.text_at]
        assert lines == ["Concede the game?", f"{a}: Yes  {b}: No"], lines
        r.do("right")                           # No focused: confirm takes it
        assert s.text_at[-1][0] == f"{b}: No  d-pad, then {a}: Yes"
        r.do("confirm")
        r.closed(s)
        assert got == [("no",)]
        s = r.open(r.kit.confirm(r.stand, "Concede the game?", cb("yes"), cb("no")))
        key(r.app, pygame.K_LEFT)               # the keyboard again: the DOS way
        assert [t for t, _ in s.text_at] == ["Concede the game? (Y/n)"]
    finally:
        r.done()


@pytest.mark.parametrize("look", LOOKS, ids=[lk.name for lk in LOOKS])
def test_a_question_that_keeps_a_result_takes_its_default_when_closed_unanswered(make_app,
                                                                                  look):
    """Popped with no answer (a cabinet's timeout closing every box, the program ending):
    a question marked ``keeps`` takes its default answer, once, whatever is lit; any
    other question answers nothing."""
    r = Rig(make_app(), look, "key")
    got, cb = recorder()
    s = r.open(r.kit.confirm(r.stand, "Compare scores?", cb("yes"), cb("no")))
    s.keeps = True
    r.do("right")                               # No lit, nobody presses anything
    r.app.pop_to(r.stand)
    s.close()                                   # closed again: nothing more
    plain = r.open(r.kit.confirm(r.stand, "Quit?", cb("quit"), cb("stay")))
    r.app.pop_to(r.stand)
    assert got == [("yes",)] and s.answer == 0 and plain.answer is None
