"""``tricade bot``: one remote seat played by the computer over the network.

The bot is an ordinary client (games.net.client): it takes the first free remote seat of a
table (or, started again with the same name and data folder, its own seat back: the token
is kept there), plays it with the game's computer player at a level, comes back by itself
when the connection is lost, and ends when the game does.
"""

from __future__ import annotations

import random
import sys
import time

from .client import Client, play_text

POLL = 0.005          # seconds between polls while nothing happens


def result_line(over: dict) -> str:
    result = over.get("result") or {}
    winners = result.get("winners") or []
    if result.get("reason") == "abandoned":
        return f"over: table {over.get('code')} was abandoned; nobody won"
    if not winners:
        return "over: nobody won"
    if len(winners) == 1:
        return f"over: {winners[0]} won"
    return f"over: a tie between {', '.join(winners[:-1])} and {winners[-1]}"


class Bot:
    def __init__(self, server: str, code: str, level: int | None = None, name: str = "bot",
                 data_dir=None, out=None, token: str | None = None):
        self.client = Client(server, name=name, data_dir=data_dir, token=token)
        self.code = code
        self.level = level
        self.name = name
        self.out = out or (lambda line: print(line, flush=True))
        self.entry = None
        self.ai = None
        self.states: list = []
        self.announced = None
        self.sent = None            # the ply a move was sent for
        self.fallback = False       # the computer's last move was refused as illegal

    def run(self) -> int:
        """Play until the game is over (0) or the table cannot be played (2: an impossible
        request, said in one sentence)."""
        refused = self.check_level()
        if refused:
            self.out(refused)
            return 2
        self.client.join(self.code, claim=1)
        try:
            while True:
                for event in self.client.poll():
                    status = self.handle(event)
                    if status is not None:
                        return status
                if not (self.client.to_move and self.sent != self.client.ply
                        and self.move()):
                    time.sleep(POLL)
        finally:
            self.client.close()

    def handle(self, event: dict):
        kind = event["type"]
        if kind == "status" and event["state"] == "closed":
            self.out(f"bot {self.name}: {event['why']}")
            return 2
        if kind == "status" and event["state"] == "reconnecting":
            self.out(f"bot {self.name}: reconnecting ({event['why']})")
        elif kind == "welcome":
            return self.welcome(event)
        elif kind == "error":
            # a refused move is tried again: as chosen (the table had moved on), or, if the
            # server found it illegal, a legal move of the seeded generator's choosing
            if event.get("about") in ("turn", "illegal", "chance", "flood", "server"):
                self.out(f"bot {self.name}: the server said: {event.get('error')}")
            self.fallback = event.get("about") == "illegal"
            self.sent = None
        elif kind == "over":
            self.out(result_line(event))
            return 0
        return None

    def check_level(self) -> str | None:
        """Why the level cannot be played at the table, before a seat is taken (None: it
        can, or the server cannot say now: the welcome is checked too)."""
        import games
        from .client import NetError, list_tables
        if self.level is None:
            return None
        try:
            game = next((t["game"] for t in list_tables(self.client.server, timeout=10)
                         if t["code"] == self.code), None)
        except NetError:
            return None
        entry = games.REGISTRY.get(game) if game else None
        if entry is None or not entry.is_game:
            return None
        return self.level_refusal(entry.ai_module(), entry.name)

    def level_refusal(self, ai, game: str) -> str | None:
        levels = tuple(getattr(ai, "ALL_LEVELS", getattr(ai, "LEVELS", ())))
        if levels and self.level not in levels:
            return (f"bot {self.name}: {game}'s computer has levels "
                    f"{', '.join(map(str, levels))}, not {self.level}.")
        return None

    def welcome(self, event: dict):
        import games
        if self.entry is None:
            self.entry = games.get(event["game"])
            self.ai = self.entry.ai_module()
            levels = tuple(getattr(self.ai, "ALL_LEVELS", getattr(self.ai, "LEVELS", ())))
            if self.level is None:
                self.level = getattr(self.ai, "DEFAULT_LEVEL", levels[0] if levels else 1)
            refused = self.level_refusal(self.ai, self.entry.name)
            if refused:
                self.out(refused)
                return 2
        rules = self.entry.rules_module()
        state = rules.State.from_text(event["start"])
        self.states = [state]
        for m in event.get("moves") or []:
            state = play_text(state, m["move"])
            self.states.append(state)
        self.sent = None
        mine = tuple(event.get("you") or ())
        if mine != self.announced:
            self.announced = mine
            self.out(f"bot {self.name} plays {', '.join(mine) or 'no seat'} at table "
                     f"{event['code']} ({event['game']}, level {self.level})")
        if event.get("over"):
            self.out(result_line(event["over"]))
            return 0
        return None

    def move(self) -> bool:
        """Send the computer's move for this bot's seat to move; False if it is not."""
        moves = self.client.moves                    # the states follow the moves
        for m in moves[len(self.states) - 1:]:
            self.states.append(play_text(self.states[-1], m["move"]))
        state, ply = self.states[-1], len(moves)
        if state.is_over or state.is_chance or state.current not in self.client.mine:
            return False
        keep = getattr(self.ai, "HISTORY", None)
        history = tuple(self.states) if not isinstance(keep, int) else \
            (tuple(self.states[len(self.states) - keep:]) if keep else ())
        rng = random.Random(f"{self.code}/{ply}/bot/{self.level}")
        try:
            if self.fallback:
                raise ValueError("its move was refused")
            move = self.ai.choose_move(state, self.level, rng, history=history,
                                       **self.entry.ai_options)
        except Exception as exc:           # a broken search still plays: a legal move
            move = rng.choice(state.legal_moves())
            self.out(f"bot {self.name}: the computer failed ({exc}); playing "
                     f"{state.move_text(move)}")
        self.fallback = False
        self.sent = ply
        self.client.send_move(ply, state.move_text(move))
        return True


def run(server: str, code: str, level=None, name: str = "bot", data_dir=None) -> int:
    try:
        return Bot(server, code, level, name, data_dir).run()
    except ValueError as exc:
        print(f"bot: {exc}", file=sys.stderr)
        return 2
