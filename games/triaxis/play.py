"""TriAxis at the table, without a screen: what choosing a zone means, where the cursor goes,
what the spinner shows, what each change of the table is said as, and the scores' rows.

Pure (no pygame): ``tests/test_triaxis_play.py`` runs it with pygame blocked.

- ``Board`` (a ``games.ui.boardinput.BoardRules``): a placement, a harvest unit, a marker
  picked up and its destination, or a refusal that says why;
- ``HexInput``: the board input with the original's free cursor: the arrows step one
  column or row of the 16 x 10 grid, ``diagonal(d)`` one zone in hex direction ``d`` (the
  keypad's corner keys);
- ``last_spin(table)``: the outcome the spinner shows, read from the table's moves (so a
  resumed game shows the spin that gave the points in hand); ``rest_angle`` and
  ``spin_path`` turn it into the wheel's angle and the ticks of a spin;
- ``chance_sentence``/``move_sentence``/``changes``: a transition as words and as the
  zones that changed; ``prompt`` the standing line; ``result_text`` the end;
- ``default_kinds``, ``score_results``: the set-up's seat kinds and a finished game's rows
  for a score file.
"""

from __future__ import annotations

import math

from games.triaxis import rules
from games.triaxis.island import TERRAIN_NAMES, TERRAINS, offset_neighbour
from games.ui.boardinput import STEPS, BoardInput, BoardRules, Intent

COLOURS = rules.PLAYERS
WIDTH, HEIGHT = 16, 10


def plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def default_kinds(count: int) -> list:
    """The original's table: with one to four people the computer plays one more seat."""
    humans = count - 1 if count <= 5 else 6
    return ["human"] * humans + ["computer"] * (6 - humans)


def outcome_words(o: str) -> str:
    if o in TERRAIN_NAMES:
        return TERRAIN_NAMES[o]
    return o if o.isdigit() else o.upper()


# -- choosing on the board -----------------------------------------------------------------

def movable(state) -> set:
    """The zones of the markers that can move now."""
    if state.phase != "move":
        return set()
    return {m[1] for m in state.legal_moves() if isinstance(m, tuple)}


def destinations(state, selected) -> list:
    """Where the marker on ``selected`` can go."""
    if selected is None or state.phase != "move":
        return []
    return [m[2] for m in state.legal_moves() if isinstance(m, tuple) and m[1] == selected]


def why_not(state, move) -> str:
    """The rules' reason a move cannot be played, as a sentence."""
    try:
        state.play(move)
    except (rules.IllegalMove, ValueError) as exc:
        return f"Not allowed: {exc}."
    return "Not allowed: that move is not open now."


class Board(BoardRules):
    """Zones are the rules' indices (row * 16 + col); the cursor may stand on any."""

    def cells(self, state) -> list:
        return list(range(state.island.size))

    def targets(self, state, selected) -> list:
        if state.phase in ("setup", "harvest"):
            return sorted({m[1] for m in state.legal_moves() if isinstance(m, tuple)})
        return destinations(state, selected) or sorted(movable(state))

    def choose(self, state, selected, cell) -> Intent:
        if state.is_over:
            return Intent("refuse", cell=cell, text="The game is over.")
        if state.is_chance:
            return Intent("refuse", cell=cell, text="Wait for the spin.")
        me, isl = state.current, state.island
        legal = state.legal_moves()
        if state.phase in ("setup", "harvest"):
            m = state.marker(cell)
            move = ("@", cell) if state.phase == "setup" else \
                ("^", cell) if m is not None and m[0] == me else ("+", cell)
            if move in legal:
                return Intent("move", move=move, cell=cell)
            return Intent("refuse", cell=cell, text=why_not(state, move))
        m = state.marker(cell)
        if selected is not None and ("-", selected, cell) in legal:
            return Intent("move", move=("-", selected, cell), cell=cell)
        if cell == selected:
            return Intent("deselect", cell=cell)
        if m is not None and m[0] == me:
            if cell in movable(state):
                return Intent("select", cell=cell)
            why = (f"it is size {m[1]}: only {plural(state.points, 'point')} left"
                   if m[1] > state.points else "it has no free zone to go to")
            return Intent("refuse", cell=cell,
                          text=f"The marker on {isl.name(cell)} cannot move: {why}.")
        if selected is not None:
            return Intent("refuse", cell=cell, text=why_not(state, ("-", selected, cell)))
        return Intent("refuse", cell=cell, text=f"Choose one of {me.upper()}'s markers first.")


class HexInput(BoardInput):
    """The original's free cursor over the grid: an arrow moves one column or row (the
    first press shows the cursor); ``diagonal`` moves one zone in a hex direction."""

    def __init__(self, at, centre, start: int = 5 * WIDTH + 8):
        super().__init__(Board(), at, centre)
        self.cursor = self.home = start

    def reset(self, state=None, keep_cursor: bool = True) -> None:
        """A new position: nothing picked up; the cursor stays where it is (it roams the
        whole grid), or goes home with ``keep_cursor`` False (a new question in learn)."""
        self.selected = None
        self.dragging = False
        if not keep_cursor:
            self.cursor = self.home

    def _move_to(self, col: int, row: int) -> Intent:
        if not self.visible or self.cursor is None:
            self.visible = True
            return Intent("cursor", cell=self.cursor)
        if not (0 <= col < WIDTH and 0 <= row < HEIGHT):
            return Intent("none")
        self.cursor = row * WIDTH + col
        return Intent("cursor", cell=self.cursor)

    def interpret(self, state, action, refuse=None) -> Intent:
        if action.kind == "pointer_move" and self.at(action.pos) is not None:
            self.cursor = self.at(action.pos)       # the cursor follows the pointer
        if action.kind in STEPS and self.cursor is not None:
            dc, dr = STEPS[action.kind]
            r, c = divmod(self.cursor, WIDTH)
            return self._move_to(c + dc, r + dr)
        return super().interpret(state, action, refuse)

    def diagonal(self, d: int) -> Intent:
        r, c = divmod(self.cursor, WIDTH)
        return self._move_to(*offset_neighbour(c, r, d))


# -- the spinner -----------------------------------------------------------------------------

def wheel_kind(outcome) -> str:
    return "colour" if outcome in TERRAINS else "spin"


def segments(kind: str) -> list:
    return list(TERRAINS) if kind == "colour" else list(rules.SPIN)


def last_spin(table) -> tuple:
    """(wheel kind, outcome) of the last spin of the game in hand; ("spin", "") before the
    first. Read from the table's moves, so a loaded game shows what it was spun."""
    for ply in range(table.ply - 1, -1, -1):
        if table.position(ply).is_chance:
            o = table.move_at(ply)
            return wheel_kind(o), o
    return "spin", ""


def rest_angle(kind: str, outcome: str) -> float:
    """The wheel's angle (in turns) with ``outcome``'s segment under the pointer."""
    outs = segments(kind)
    if outcome not in outs:
        return 0.0
    return (-outs.index(outcome) / len(outs)) % 1.0


def spin_path(start: float, kind: str, outcome: str) -> tuple:
    """(end angle, [(fraction of the spin, "dos_click"), ...]): at least two whole turns,
    stopping with ``outcome`` under the pointer, a tick at every segment line passed (the
    spin eases out cubically, so the fraction of time is 1 - (1 - p) ** (1/3))."""
    outs = segments(kind)
    n = len(outs)
    i = outs.index(outcome)
    end = start + 2 + ((-i / n - start) % 1.0)
    cues = []
    k = math.floor((start + 0.5 / n) * n) + 1
    while (b := k / n - 0.5 / n) < end:
        p = (b - start) / (end - start)
        if p > 0:
            cues.append((1.0 - (1.0 - p) ** (1 / 3), "dos_click"))
        k += 1
    cues.append((1.0, "dos_place"))
    return end, cues


# -- a transition in words -----------------------------------------------------------------

def changes(old, new, skip=()) -> list:
    """[(zone, before, after, "vanish" | "appear" | "grow")] between two sets of cells."""
    out = []
    for z, (v, w) in enumerate(zip(old, new)):
        if z in skip or v == w:
            continue
        out.append((z, v, w, "vanish" if v and not w else "appear" if w and not v else "grow"))
    return out


def chance_sentence(before, after, o: str) -> tuple:
    """(text, tone) for a spin: tone a seat name, or good/bad/note/dim/info."""
    who = before.turn.upper()
    if before.phase == "spin":
        if not o.isdigit():
            return f"{who} spins {o.upper()}! A second spin for the colour...", "note"
        if after.phase == "move":
            return f"{who} spins {o}: {plural(int(o), 'move point')}.", before.turn
        return f"{who} spins {o}: no move fits, the turn passes.", "dim"
    name = TERRAIN_NAMES[o]
    if before.phase == "famine-colour":
        gone = sum(1 for c in changes(before.cells, after.cells) if c[3] == "vanish")
        return f"FAMINE on {name}: {plural(gone, 'marker')} perish.", "bad"
    owed = ", ".join(f"{s} {u}" for s, u in after.owed) if after.phase == "harvest" \
        else "nobody"
    return f"HARVEST on {name}: units for {owed}.", "good"


def move_sentence(before, after, move, seat: str):
    """(text, tone) worth saying about a move, or None."""
    who = seat.upper()
    if move == "resign":
        return f"{who} concedes: its markers leave the island.", "bad"
    if move == "end":
        return f"{who} ends its turn.", None
    if not isinstance(move, tuple):
        return None
    if move[0] == "-":
        a, b = move[1], move[2]
        if not after.cells[b]:
            return f"{who}'s marker grew past six: over-population!", "bad"
        if (after.cells[b] & 7) > (before.cells[a] & 7):
            jumped = before.island.name(rules.jumped_zone(before.island, a, b))
            return f"{who} captures on {jumped}.", seat
    elif move[0] == "^" and not after.cells[move[1]]:
        return f"{who}'s marker grew past six: over-population!", "bad"
    return None


def move_words(before, after, move, seat: str) -> tuple:
    """(text, tone) of any move, for the status line and Messages: "RED moves c4-c6 and
    captures on c5.", "BLUE places a marker on f3."."""
    said = move_sentence(before, after, move, seat)
    who, name = seat.upper(), before.island.name
    if not isinstance(move, tuple):            # "resign", "end": words, no zone
        return said
    kind, z = move[0], move[-1]
    if kind == "@":
        return f"{who} places a marker on {name(z)}.", seat
    if kind == "+":
        return f"{who} adds a marker on {name(z)}.", seat
    if kind == "^":
        text = f"{who} grows its marker on {name(z)}"
        return (f"{text}: over-population!", "bad") if said else (
            f"{text} to {after.cells[z] & 7}.", seat)
    text = f"{who} moves {name(move[1])}-{name(z)}"
    if said and said[1] == "bad":
        return f"{text}: over-population!", "bad"
    if said:
        return f"{text} and captures on {said[0].rsplit(' ', 1)[-1]}", seat
    return text + ".", seat


def result_text(state) -> str:
    winners = [s.upper() for s in state.players if s in state.winners()]
    if not winners:
        return ""
    how = f" (population {state.population(winners[0].lower())})" if state.max_rounds else ""
    if len(winners) == 1:
        return f"{winners[0]} wins{how}"
    return "a tie between " + ", ".join(winners)


def prompt(state, seats: dict, selected=None, keys: bool = True) -> tuple:
    """(text, tone) of the standing line; ``{confirm}``-style placeholders name the
    controls in hand (``keys``: a keyboard is in hand, its letters can be named)."""
    if state.is_over:
        end = "N)ew game  Q)uit" if keys else "{menu}: new game or quit"
        return f"Game over: {result_text(state)}.  {end}", "note"
    seat = state.current or state.turn
    who = seat.upper()
    if state.is_chance:
        return f"{who} spins the spinner...", seat
    kind = seats.get(seat)
    if kind == "random":
        return f"{who}'s markers go to random zones...", seat
    if kind != "human":
        return f"{who} (computer) is thinking...", seat
    if state.phase == "setup":
        left = state.allocations[seat] // 2 - state.on_island(seat)
        return (f"{who}: place a marker on an empty zone ({left} to place).  "
                "{random}: at random", seat)
    if state.phase == "harvest":
        return f"{who}: an empty zone for a new marker, or your marker to grow it", seat
    if selected is not None:
        return (f"{who}: move the marker on {state.island.name(selected)} to a marked zone "
                "({confirm})", seat)
    return (f"{who}: {plural(state.points, 'point')}: choose a marker to move ({{confirm}})",
            seat)


def spin_prompt(seat: str, control: tuple) -> str:
    """What a person presses to set their spinner going, named for the control in hand:
    ``control`` is (the last input's source "key" | "mouse" | "pad" | "", the pad's confirm
    button)."""
    source, button = control
    how = {"key": "press Space", "mouse": "click",
           "pad": f"press {button}"}.get(source, f"press Space, click or press {button}")
    return f"{seat.upper()}: {how} to spin the spinner."


def score_results(state, seats: dict, levels: dict, initials: dict) -> list:
    """[(initials, won, population)] of a finished game for a score file: a person by the
    initials given, a computer seat as CP1-CP3 by its level."""
    return [(initials.get(s) or f"CP{levels.get(s, 3)}", s in state.winners(),
             state.population(s)) for s in state.players]


def people(state, seats: dict) -> list:
    return [s for s in state.players if seats.get(s) == "human"]


def persons_gone(state, seats: dict) -> bool:
    """Every person's seat has conceded or been knocked out after the placement (the
    computers' seats play on)."""
    who = people(state, seats)
    return bool(who) and state.phase != "setup" and not set(who) & set(state.seats_in())


def esc_command(t, holding: bool) -> str:
    """The command Esc runs now, by its key-line name: a marker picked up is put down; in a
    person's move phase the turn ends (rule 10); at a person's other turns the game is
    conceded; else the quit question."""
    if holding:
        return "put_down"
    legal = t.state.legal_moves() if t.human_to_move else []
    if "end" in legal:
        return "end_turn"
    if "resign" in legal:
        return "concede"
    return "esc_quit"
