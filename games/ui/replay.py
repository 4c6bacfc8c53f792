"""The replay of a game, in the game's own look: its board drawn by its own scene at any
ply, stepped forwards and backwards, with the computer's judgement of every move and an
evaluation graph in a window of the look (a Workbench window, a DOS box, a RISC OS window).

The board is a second scene of the game's own class (a demo: it keeps nothing, its store
writes nothing), drawn whole at its own native size; the panel is a band of its own above
or below it (the replay's picture is the game's, the panel's height taller), so no square,
hole or hex is ever under the panel, and the app's notices (the Export's "The record is
in ...") are written inside the panel, over its graph, never over the board or the buttons.
Its table is loaded with the record and positioned at the ply shown; every
seat is a person's there, and no chance is drawn, so nothing moves on its own and no move
is accepted. The review runs in a worker process of its own (``games.core.replays``'s
streaming job): frames keep flowing, the progress bar fills, Esc stops it.

Keys: Left/Right a move, Home/End the first and last, Up/Down the panel at the top or the
bottom, T try again from here, X export the record, J judge the moves again, L learn from
your mistakes (games.ui.learn), F10 the menu,
Esc back. The pad: the d-pad, the shoulders (first, last), X try again, Y export, Start the
menu, B back. The mouse: the buttons under the graph, a click (or a drag) on the graph.
"""

from __future__ import annotations

import pygame

from games.core.table import Transition
from games.ui import replaydraw
from games.ui.modals import Modal
from games.ui.reviewrun import JUDGED, ReviewRun, kinds_at

BUTTONS = (("|<", "first"), ("<", "prev"), (">", "next"), (">|", "last"),
           ("Try again", "try"), ("Export", "export"), ("Back", "leave"))
# (the DOS buttons light their first letters: E exports and B goes back there too)
COMMANDS = {"first": ["home"], "last": ["end"], "try": ["t"], "export": ["x", "e"],
            "judge": ["j"], "learn": ["l"], "figures": ["f"], "leave": ["b"]}
PAD_COMMANDS = {"first": ["leftshoulder"], "last": ["rightshoulder"], "try": ["x"],
                "export": ["y"]}


KEYS_HINT = "{move}: left/right a move, up/down this panel; {menu}: the menu"
MOUSE_HINT = "Click the graph for a move; arrows: left/right a move, up/down this panel"


def played_by(data: dict) -> dict:
    """{seat: (name, kind)} of a network game's record: each person's seat with the name
    it was played under and whether it was this machine's ("human") or a friend's
    ("remote"); {} for a game at home (or a record whose names are not text)."""
    names, seats = data.get("names"), data.get("seats")
    if not isinstance(names, dict) or not isinstance(seats, dict):
        return {}
    return {seat: (name[:16], seats.get(seat))
            for seat, name in names.items()
            if isinstance(seat, str) and isinstance(name, str) and name.strip()
            and seats.get(seat) in ("human", "remote")}


class Replay(ReviewRun, Modal):
    """The replay scene (behaviour); ``replay_scene`` puts the look's skin in front."""

    name = "replay"
    transparent = False
    guarded = ()               # opened on purpose
    commands = COMMANDS
    pad_commands = PAD_COMMANDS

    def __init__(self, host, data: dict, on_leave=None, judge: bool = True):
        app = host.app
        view = type(host)(app, seed=data.get("seed") or 0, demo=True, title=False)
        view.table.load_data(data)            # ValueError: the caller checked it already
        view.replaying = True
        view.played_by = played_by(data)      # a network game's players, by their names
        # nothing moves on its own in a replay: no computer thinks, no chance is drawn; the
        # seats show who played them (a kind the table does not know: a person)
        view.table.update = lambda: False
        view.table.auto_chance = False
        self.kinds_at = kinds_at(view.table, data)     # who held each seat at each ply
        # the game's prompt speaks to the person to move ("drag your piece..."): nobody
        # moves here, so its status line says nothing (the panel says the move shown)
        prompt = view.prompt
        view.prompt = lambda: ("", prompt()[1])
        super().__init__(host)                # a modal over its game (the one on the stack)
        self.look = view.look
        self.owner = None
        self.host, self.view, self.data = host, view, dict(data)
        self.entry = host.entry
        self.on_leave = on_leave
        self.total = len(view.table.moves)
        self.seats = list(view.table.state.players)
        self.rows: list = []                   # the review so far, a row a ply
        self.progress = (0, self.total)
        self.stopped = False                   # the review was stopped (Esc)
        self.failed = ""
        self.top = False                       # the panel above the board (Up/Down)
        self.panel_h = 0                       # the panel's band, under or over the board
        self.clock = 0.0
        self._down_on = None
        self.exporting = None                  # (thread, its answer) while one is written
        self.ply = -1
        self.layout()
        self.go(0)
        if judge and not host.customer:
            self.judge()

    # -- the table -----------------------------------------------------------------------------
    @property
    def table(self):
        return self.view.table

    def go(self, ply: int) -> None:
        """Show the position after ``ply`` moves (0: the start)."""
        ply = max(0, min(self.total, int(ply)))
        if ply == self.ply:
            return
        self.ply = ply
        v = self.view
        for seat, kind in self.kinds_at[ply].items():  # the seats as they were played
            if v.table.seats.get(seat) != kind:
                v.table.set_seat(seat, kind)
        v.table._jump(ply, "redo")
        v._over_fired = True                  # no end is announced in a replay
        v.update(0.0)
        v.timeline.finish(sounds=False)
        v.status.clear()
        self.app.dirty = True

    def state_at(self, ply: int):
        return self.table.position(ply)

    def row(self, ply: int):
        """The review's row of the move that made ply ``ply`` (None: not judged yet)."""
        return self.rows[ply - 1] if 1 <= ply <= len(self.rows) else None

    # -- the review ----------------------------------------------------------------------------
    def may_judge(self) -> bool:
        return self.total > 0 and not self.host.customer

    # -- the panel -----------------------------------------------------------------------------
    @property
    def native_size(self) -> tuple:
        """The game's picture and the panel's band: the board is never under the panel."""
        w, h = self.view.native_size
        return (w, h + self.panel_h)

    @property
    def board_rect(self) -> pygame.Rect:
        """Where the game's whole picture is in the replay's (under or over the panel)."""
        w, h = self.view.native_size
        return pygame.Rect(0, self.panel_h if self.top else 0, w, h)

    @property
    def band(self) -> pygame.Rect:
        """The panel's band, the whole width: the rest of the replay's picture."""
        w, h = self.view.native_size
        return pygame.Rect(0, 0 if self.top else h, w, self.panel_h)

    def layout(self) -> None:
        lh = self.line_h
        vw, vh = self.view.native_size
        graph_h = max(3 * lh, vh // 8)
        bh = max(self.button_size(label)[1] for label, _ in BUTTONS)
        h = INFO_LINES * lh + graph_h + bh + self.gap // 2
        if not self.panel_h:                 # the band's height: the frame, its shadow
            self.panel_h = self.place(vw - 24, h, self.title)[0].h + SHADOW
        w = vw - 24
        while w > 64:
            rect, _ = self.place(w, h, self.title)
            if rect.left >= 0 and rect.right + SHADOW <= vw:
                break
            w -= 8
        band = self.band
        rect, _ = self.place(w, h, self.title)
        y = band.y + 1 + rect.h // 2
        self.rect, self.inner = self.place(w, h, self.title, (vw // 2, y))
        i = self.inner
        self.info_at = (i.x, i.y)
        self.graph = pygame.Rect(i.x, i.y + INFO_LINES * lh, i.w, graph_h)
        sizes = [self.button_size(label) for label, _ in BUTTONS]
        area = pygame.Rect(i.x, i.bottom - bh, i.w, bh)
        self.button_rects = self.button_row(area, sizes)

    def board_to_replay(self, rect) -> pygame.Rect:
        """A rectangle of the game's picture (its ``move_marks``, its cells) where it is in
        the replay's."""
        return pygame.Rect(rect).move(self.board_rect.topleft)

    def board_cells(self) -> dict:
        """The game's board cells ({name: rect}, the game's ``board_cells``) where they are
        in the replay's picture."""
        return {name: self.board_to_replay(r) for name, r in self.view.board_cells().items()}

    def toast_area(self) -> pygame.Rect:
        """Where the app's notices are written: inside the panel, over its two lines and
        its graph (never the board, never the buttons)."""
        top = self.info_at[1]
        return pygame.Rect(self.inner.x, top, self.inner.w, self.button_rects[0].top - top)

    def draw_toasts(self, surface, lines) -> None:
        from games.ui import fonts
        from games.ui.board import wrap
        font = fonts.get(self.font_name)
        fg, bg = self.toast_colors
        area = self.toast_area()
        step = font.height + 2
        wrapped = [part for line in lines
                   for part in (wrap(line, max(1, area.w // font.width - 2)) or [""])]
        wrapped = wrapped[-max(1, area.h // step):]          # the newest that fit
        height = len(wrapped) * step + 2
        y = area.bottom - height
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip))
        surface.fill(bg, (area.x, y, area.w, height))
        for line in wrapped:
            font.draw(surface, line, (area.x + font.width, y + 2), fg)
            y += step
        surface.set_clip(clip)

    @property
    def title(self) -> str:
        return f"Replay: {self.entry.title}"

    def info_lines(self) -> tuple:
        """The two lines over the graph: the move shown, and the judgement of it."""
        k, st = self.ply, None
        if k == 0:
            first = "The start"
        else:
            st = self.state_at(k - 1)
            text = self.table.moves[k - 1]
            who = (st.current or "").capitalize() if not st.is_chance else "Chance"
            by = self.table.by
            if k - 1 < len(by) and by[k - 1] == "c":     # who made it, not who sits there now
                who += " (computer)"
            first = f"{who}: {text}"
        head = f"Move {k} of {self.total}  {first}"
        if self.host.customer:
            return head, ""
        row = self.row(k)
        if self.failed:
            return head, self.failed
        if self.judging and row is None:     # (the moves judged so far are shown)
            done, total = self.progress
            from games.ui import controls
            stop = "Esc" if controls.kind(self.app) == "mouse" else "{back}"
            return head, self.named(f"Judging the moves: {done} of {total} ({stop} stops)")
        if k == 0:                    # the keys the buttons do not show
            if self.stopped and not self.rows:
                return head, self.named("Judging stopped: the menu ({menu}) judges again.")
            return head, self.keys_hint()
        if row is None:
            return head, self.named("Not judged: the menu ({menu}) judges the moves.") \
                if self.stopped else ""
        from games.core import review           # the review's own words: the numbers
        return head, review.row_words(row)       # its JSON holds, as its text says them

    def fit(self, text: str, width: int) -> list:
        """``text`` broken at spaces into lines no wider than ``width`` pixels."""
        lines: list = []
        for word in (text or "").split(" "):
            if lines and self.text_w(lines[-1] + " " + word) <= width:
                lines[-1] += " " + word
            else:
                lines.append(word)
        return lines

    def keys_hint(self) -> str:
        """What the buttons do not show (the panel's place, the graph), for the device in
        hand."""
        from games.ui import controls
        if controls.kind(self.app) == "mouse":
            return MOUSE_HINT
        return self.named(KEYS_HINT)

    def better_marks(self) -> list:
        """The squares of the better move than the one that made the ply shown, as the
        game marks a computer's move there (its ``move_marks``)."""
        row = self.row(self.ply)
        if not row or not row.get("better"):
            return []
        before = self.state_at(row.get("better_at", self.ply) - 1)
        try:
            move = before.parse_move(row["better"])
            after = before.play(move)
            tr = Transition(before, after, row["better"], "move", before.current, move)
            return [self.board_to_replay(r) for r in self.view.move_marks(tr)]
        except Exception:            # a game's marks that do not fit: no ants, no crash
            return []

    # -- input ---------------------------------------------------------------------------------
    def run(self, name: str) -> None:
        if name in ("first", "last", "prev", "next"):
            self.go({"first": 0, "last": self.total, "prev": self.ply - 1,
                     "next": self.ply + 1}[name])
        elif name == "try":
            self.try_again()
        elif name == "export":
            self.export()
        elif name == "judge":
            self.judge()
        elif name == "learn":
            self.learn()
        elif name == "figures":
            self.show_figures()
        elif name == "leave":
            self.leave()

    def handle(self, action) -> None:
        k = action.kind
        if k == "left":
            self.go(self.ply - 1)
        elif k == "right":
            self.go(self.ply + 1)
        elif k in ("up", "down"):
            self.place_panel(k == "up")
        elif k == "command":
            self.run(action.name)
        elif k == "back":
            if not self.stop_judging():
                self.leave()
        elif k == "menu":
            self.open_menu()
        elif k == "pointer_down" and action.button == 1 and action.pos is not None:
            if self.closes(action.pos):          # the window's close gadget
                self._down_on = "close"
            elif self.graph.collidepoint(action.pos):
                self._down_on = "graph"
                self.go(replaydraw.ply_at(self.graph.inflate(-2, -2), action.pos[0], self.total))
            else:
                self._down_on = self.button_at(action.pos)
        elif k == "pointer_move" and self._down_on == "graph" and 1 in action.buttons:
            if action.pos is not None:
                self.go(replaydraw.ply_at(self.graph.inflate(-2, -2), action.pos[0], self.total))
        elif k == "pointer_up" and action.button == 1:
            down, self._down_on = self._down_on, None
            if down == "close" and self.closes(action.pos):
                self.leave()
            elif down not in (None, "graph", "close") and down == self.button_at(action.pos):
                self.run(BUTTONS[down][1])
        elif (k == "pointer_down" and action.button == 3 and self.right_is_back
              and self.look.name != "amiga"):       # the Workbench's right button: menus
            if not self.stop_judging():
                self.leave()
        elif k == "pointer_down" and action.button in (2, 3):
            self.open_menu(action.pos)

    def place_panel(self, top: bool) -> None:
        """The panel at the top or the bottom of the screen, where it stays (Up/Down)."""
        if top != self.top:
            self.top = top
            self.layout()
            self.app.dirty = True

    def closes(self, pos) -> bool:
        """``pos`` is on the window's close gadget (a look with one)."""
        return False

    def button_at(self, pos):
        if pos is None:
            return None
        for i, r in enumerate(self.button_rects):
            if r.collidepoint(pos):
                return i
        return None

    def menu_model(self) -> list:
        from games.ui.commands import MenuItem
        c = self.run
        amiga = self.look.name == "amiga"      # its shortcuts are Amiga+key: none shown

        def key(k):
            return "" if amiga else k
        return [MenuItem("Try again from here", lambda: c("try"), shortcut=key("T")),
                MenuItem("Export the record", lambda: c("export"), shortcut=key("X")),
                MenuItem("Judge the moves", lambda: c("judge"), shortcut=key("J"),
                         enabled=lambda: not self.judging and self.total > 0),
                # (never greyed: chosen before the review is whole or with no marked
                # move, it says why)
                MenuItem("Learn from your mistakes", lambda: c("learn"), shortcut=key("L"),
                         enabled=lambda: not self.host.customer),
                MenuItem("First move", lambda: c("first")),
                MenuItem("Last move", lambda: c("last")),
                MenuItem("Each seat's figures", lambda: c("figures"), shortcut=key("F"),
                         enabled=lambda: self.result is not None),
                MenuItem("Panel to the other end (Up/Down)",
                         lambda: self.place_panel(not self.top)),
                MenuItem("Leave the replay", lambda: c("leave"))]

    def open_menu(self, pos=None):
        from games.ui import kits
        return self.app.push(kits.get(self.look.name).menu(self, self.menu_model(), pos=pos))

    # -- what the host does --------------------------------------------------------------------
    def leave(self) -> None:
        self.finish(self.on_leave)

    def try_again(self) -> None:
        """Play on from the move shown; on a move judged an inaccuracy, a mistake or a
        blunder, from just before it, with its mover as the person ("find a better move",
        as lichess's learn-from-your-mistakes asks)."""
        row, ply = self.row(self.ply), self.ply
        if row is not None and row.get("judgement") not in (None, "good"):
            ply = row.get("turn_from", ply) - 1      # a turn judged whole: from its start
        self.host.try_again_from(self, self.data, ply)

    def reviewed(self) -> None:
        self.app.toast(self.named(JUDGED))

    def show_figures(self):
        """Each seat's figures of the whole review (its decisions, inaccuracies, mistakes
        and blunders, accuracy, and luck in a game of chance): the review's own lines."""
        if self.result is None:
            self.app.toast("Each seat's figures come when the review is done." if
                            self.judging else "Judge the moves first (the menu's Judge "
                            "the moves).")
            return None
        from games.core import review
        from games.ui import kits
        return self.app.push(kits.get(self.look.name).message(
            self, review.summary_lines(self.result) + [""] + review.figure_notes(self.result),
            title="Each seat's figures"))

    def can_learn(self) -> bool:
        """The review is whole and marked a move (learn from your mistakes)."""
        from games.core import replays
        return (not self.judging and not self.host.customer and self.total > 0
                and len(self.rows) == self.total and bool(replays.marked_seats(self.rows)))

    def learn(self, seat: str | None = None):
        """Learn from your mistakes: the marked moves of one seat, each to be found again
        (games.ui.learn). The seat: a person's with marked moves; several: asked."""
        from games.core import replays
        from games.ui import kits
        from games.ui.learn import learn_scene
        if self.judging or len(self.rows) < self.total or self.host.customer:
            self.app.toast("The moves are still being judged: learn from them when the "
                            "review is done." if self.judging else
                            "Judge the moves first (the menu's Judge the moves).")
            return None
        counts = replays.marked_seats(self.rows)
        if seat is not None:
            return self.app.push(learn_scene(self, seat))
        people = [s for s in counts if any(k.get(s) == "human" for k in self.kinds_at)]
        choices = people or list(counts)
        if not choices:
            self.app.toast("The review marked no move: there is nothing to learn from here.")
            return None
        if len(choices) == 1:
            return self.app.push(learn_scene(self, choices[0]))
        options = [(f"{s.capitalize()} ({counts[s]})", (lambda s=s: self.learn(s)))
                   for s in choices]
        return self.app.push(kits.get(self.look.name).ask(
            self, "Learn from whose moves?", options + [("Cancel", None)], default=0,
            cancel=len(options)))

    def export(self) -> None:
        """The record written to the data folder's records/ on a thread of its own (the
        disk never holds a frame); said where when it is written."""
        if self.exporting is not None:
            return
        import threading
        from games.core import files, replays
        path = replays.record_path(self.host.store.dir, self.data)
        box: dict = {}

        def write():
            try:
                box["path"] = replays.write_record(path, self.data)
            except (OSError, ValueError) as exc:
                box["error"] = getattr(exc, "strerror", None) or (
                    f"it {exc}" if isinstance(exc, files.NotAFile) else str(exc))
                box["where"] = str(path)
        self.exporting = (threading.Thread(target=write, daemon=True, name="export"), box)
        self.exporting[0].start()

    def exported(self) -> bool:
        """An export finished: said (where, or why not). True if one did."""
        if self.exporting is None or self.exporting[0].is_alive():
            return False
        _, box = self.exporting
        self.exporting = None
        if "path" in box:
            self.host.last_export = box["path"]
            self.app.notice(f"The record is in {box['path']}")
        else:
            self.app.notice(f"The record could not be written to {box.get('where')} "
                            f"({box.get('error')}).")
        return True

    def close(self) -> None:
        self.close_review()
        self.view.table.close()
        super().close()

    # -- the frame -----------------------------------------------------------------------------
    def update(self, dt: float) -> bool:
        self.age += dt
        changed = self.poll() or self.exported()
        before = int(self.clock / replaydraw.ANTS_PERIOD * replaydraw.ANTS_DASH)
        self.clock += dt
        if self.row(self.ply) and self.row(self.ply).get("better"):
            changed = changed or before != int(self.clock / replaydraw.ANTS_PERIOD
                                               * replaydraw.ANTS_DASH)
        return changed

    def wake_in(self):
        if self.judging or self.exporting is not None:
            return 0.05
        row = self.row(self.ply)
        if row and row.get("better"):
            return replaydraw.ANTS_PERIOD / replaydraw.ANTS_DASH
        return None

    def marks(self) -> list:
        """[(ply, seat)] of the moves judged a mistake or a blunder (the graph's dots)."""
        return [(n, r.get("seat")) for n, r in enumerate(self.rows, 1)
                if r.get("judgement") in ("mistake", "blunder")]

    def draw(self, surface) -> None:
        board = self.board_rect
        picture = surface.subsurface(board)
        clip = surface.get_clip().clip(board)
        if clip.w and clip.h:
            picture.set_clip(clip.move(-board.x, -board.y))
            self.view.draw(picture)
        pal = self.look.palette
        surface.fill(pal[0], self.band)
        if self.look.key_line:      # the game's own key line (its keys do nothing here)
            lift = self.view.toast_lift()
            surface.fill(pal[0], (board.x, board.bottom - lift, board.w, lift))
        for r in self.better_marks():
            replaydraw.draw_ants(surface, r, self.clock, pal[self.ant_colours[0]],
                                 pal[self.ant_colours[1]])
        self.draw_frame(surface, self.rect, self.title)
        a, b = self.info_lines()
        self.write(surface, a, self.info_at)
        x, y = self.info_at
        for n, line in enumerate(self.fit(b, self.inner.w)[:INFO_LINES - 1], 1):
            self.write(surface, line, (x, y + n * self.line_h), "key")
        ground, axis, marker = (pal[i] for i in self.graph_colours)
        series = replaydraw.chance_series(self.rows, self.seats, self.total)
        colours = replaydraw.seat_colours(pal, self.seats, (ground, marker))
        replaydraw.draw_graph(surface, self.graph, series, colours, self.total, self.ply,
                              ground, axis, marker, self.marks())
        if self.judging:            # the progress bar along the graph's foot, the moves
            done, total = self.progress          # judged so far drawn above it
            h = max(6, self.line_h // 2)
            bar = pygame.Rect(self.graph.x, self.graph.bottom - h, self.graph.w, h)
            replaydraw.draw_progress(surface, bar, done, total, marker, ground, axis)
        for i, ((label, _), r) in enumerate(zip(BUTTONS, self.button_rects)):
            self.draw_button(surface, r, label, False, i == self._down_on)

    # the look's colours by palette index: the graph's (ground, axis, marker), the ants'
    graph_colours = (0, 1, 2)
    ant_colours = (0, 1)


SHADOW = 8          # pixels under and beside the panel's frame for its look's shadow
INFO_LINES = 3      # the move shown, and its judgement in up to two lines

# palette indices per look: ground, axis, marker of the graph; the ants' two colours
_CLASSES: dict = {}


def _window(look_name: str, rect, title: str):
    """The look's window round the panel, with a close gadget (a Workbench window, a RISC
    OS window); None: a DOS box (the skin's own frame)."""
    import importlib
    if look_name == "amiga":
        return importlib.import_module("games.ui.amiga").Window(rect, title, closable=True,
                                                                depth=False)
    if look_name == "riscos":
        return importlib.import_module("games.ui.riscos").Window(rect, title)
    return None


def _draw_frame(self, surface, rect, title: str) -> None:
    window = _window(self.look.name, rect, title)
    if window is None:
        type(self).__mro__[1].draw_frame(self, surface, rect, title)
    else:
        window.draw(surface)


def _closes(self, pos) -> bool:
    window = _window(self.look.name, self.rect, self.title)
    if window is None or pos is None:
        return False
    hit = window.gadget_at(pos) if hasattr(window, "gadget_at") else window.tool_at(pos)
    return hit == "close"


def replay_class(look_name: str):
    """The replay scene in a look: the look's ``Skin`` in front of ``Replay``."""
    cls = _CLASSES.get(look_name)
    if cls is None:
        import importlib
        skin = importlib.import_module(f"games.ui.{look_name}").Skin
        graph, ants = replaydraw.look_colours(look_name)
        cls = _CLASSES[look_name] = type(f"Replay_{look_name}", (skin, Replay), {
            "__module__": __name__, "__doc__": Replay.__doc__, "graph_colours": graph,
            "ant_colours": ants, "draw_frame": _draw_frame, "closes": _closes})
    return cls


def replay_scene(host, data: dict, on_leave=None, judge: bool = True):
    """A replay of ``data`` (a save's or a record's dictionary) over ``host``'s look."""
    return replay_class(host.look.name)(host, data, on_leave=on_leave, judge=judge)
