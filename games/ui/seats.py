"""A controller per seat, for the GameScene base: when two or more people sit at one game,
each person's seat can be claimed by a controller (the keyboard and mouse are one, each pad
another, a cabinet's P1 and P2 sticks two more); a claimed seat's turn answers only its
controller. One controller for everyone (the hot seat) claims nothing. A pad pulled out
frees its seat; the next controller to press takes it.

A mixin: it reads the scene's ``table``, ``app``, ``demo``, ``live``, ``kiosk``, ``claims``
and ``_pressed``, and says things with ``say``.
"""

from __future__ import annotations

from games.ui import controls


def seat_name(seat: str) -> str:
    return seat.replace("_", " ").capitalize()


class SeatClaims:
    def people(self) -> list:
        """The seats people play, in seat order."""
        return [s for s, kind in self.table.seats.items() if kind == "human"]

    def seating(self) -> bool:
        """True when the turn is a person's in a game of two or more people (claims count)."""
        t = self.table
        return (not self.demo and self.live and not t.state.is_over and t.human_to_move
                and t.state.current in t.seats and len(self.people()) >= 2)

    def turn_owner(self) -> str | None:
        """The controller the turn answers to (None: any)."""
        if not self.seating():
            return None
        owner = self.claims.get(self.table.state.current)
        return owner if owner is not None and self.connected(owner) else None

    def connected(self, controller: str) -> bool:
        """A pad is there while plugged in; the keyboard and the sticks always are."""
        if not controller.startswith("pad"):
            return True
        return self.app.input.pad_type(controller) is not None

    def in_hand(self) -> str:
        """The controller the prompts name: the turn's owner, else the one used last."""
        return self.turn_owner() or getattr(self.app.input, "last_controller", "keyboard")

    def free_unplugged(self) -> None:
        """A pad pulled out gives its seat back (nothing pauses): the next to press takes it."""
        for seat, c in list(self.claims.items()):
            if not self.connected(c):
                del self.claims[seat]
                self._pressed.pop(c, None)
                self.say(f"{seat_name(seat)}'s pad is gone: the next to press "
                         f"{controls.name(self.app, 'confirm', None)} plays "
                         f"{seat_name(seat)}.")

    def claim(self, seat: str, controller: str) -> None:
        self.claims[seat] = controller
        self.say(f"{seat_name(seat)} plays with {controls.describe(self.app, controller)}.")

    def seat_of(self, controller: str) -> str | None:
        """The seat a cabinet stick stands for (P1: the first person's, P2: the second's)."""
        if not self.kiosk or controller not in ("p1", "p2"):
            return None
        people = self.people()
        i = 0 if controller == "p1" else 1
        return people[i] if i < len(people) else None

    def note_press(self, controller: str) -> None:
        """A confirm at a person's turn: a second controller starts the claiming, and a
        controller without a seat takes the turn's seat if nobody has it."""
        seat = self.table.state.current
        people = self.people()
        for s in [s for s in self.claims if s not in people]:
            del self.claims[s]                  # a seat the computer plays now
        self._pressed[controller] = self.seat_of(controller) or seat
        if not self.claiming and len(self._pressed) >= 2:
            self.claiming = True
            for other, their in self._pressed.items():   # the first takes its seat
                if (other != controller and their != self._pressed[controller]
                        and their not in self.claims and other not in self.claims.values()):
                    self.claim(their, other)
        if not self.claiming:
            return
        mine = self._pressed[controller]
        if (mine not in self.claims and controller not in self.claims.values()
                and mine in people):
            self.claim(mine, controller)

    def noticed(self, controller: str) -> None:
        """A confirm on the game's title or boxes: a cabinet's stick is someone at its seat
        (P1 starting the game, then P2 pressing at a turn, seats both)."""
        seat = self.seat_of(controller)
        if seat is not None and not self.demo:
            self._pressed.setdefault(controller, seat)

    def tell_turn(self) -> None:
        """Someone pressed out of turn: whose turn it is, and with what."""
        owner = self.turn_owner()
        if owner is None:
            return
        seat = seat_name(self.table.state.current)
        self.say(f"{seat}'s turn: {controls.whose(self.app, owner, seat)}")

    def accepts(self, action) -> bool:
        """Before any handling: claims and the turn's controller (games.core.app)."""
        self.free_unplugged()
        if not self.seating():
            return True
        c = action.controller or "keyboard"
        if action.kind == "confirm" or (action.kind == "pointer_down" and action.button == 1):
            self.note_press(c)
        owner = self.turn_owner()
        if owner is None or owner == c:
            return True
        if action.kind != "pointer_move" and not action.repeat:
            self.tell_turn()
        return False

