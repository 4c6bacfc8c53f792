"""What every game scene offers for replays (a mixin of ``GameScene``; a game declares
nothing): the last finished game of each game and seat layout kept (``keep_finished``),
the Replay command (F5, and an item in every game's menu, wherever the game's own menu
puts Quit), a "Replay the last game" choice on the title page, and what a replay asks of
its game: try again from a ply (a new game from that position against the computer,
saved as usual).

A cabinet's customer sees none of it (the cabinet plays, it does not review), but may learn
from a finished game: the menu's "Learn from your mistakes" judges the game just played
and asks for a better move at each of the customer's marked moves (games.ui.learn), with
the panel; it is not a game, and spends no credit.
"""

from __future__ import annotations

import dataclasses

from games.ui.commands import has_item, insert_before

REPLAY_KEYS = ("f5",)


class ReplayHost:
    # -- keeping -------------------------------------------------------------------------------
    def keep_finished(self) -> None:
        """The game just ended: kept as the last of its game and seat layout (never a demo,
        a cabinet's game or a game tried again from a replay)."""
        t = self.table
        if (self.demo or self.kiosk or self.abandoned or not t.moves
                or getattr(self, "_tried", None) == t.game_number or t.own_seats):
            return
        from games.core import replays
        try:
            replays.keep(self.store, t.save_data())
        except (OSError, ValueError) as exc:
            self.app.notice(f"The finished game could not be kept ({exc}).")

    def replay_source(self):
        """What the Replay command opens: the game in hand when it has moves, else the
        last finished game kept (None: nothing to replay)."""
        t = self.table
        if t.ply > 0 and self.live:
            data = t.save_data()
            return data
        from games.core import replays
        return replays.load_kept(self.store, self.entry)

    def replay_possible(self) -> bool:
        if self.customer or self.demo:
            return False
        if getattr(self, "net", None) is not None and not self.table.state.is_over:
            return False             # the table's seed (its dice) is the server's until the end
        if self.table.ply > 0 and self.live:
            return True
        from games.core import replays
        return replays.has_kept(self.store, self.game)

    # -- the command and the menus ---------------------------------------------------------
    def learn_possible(self) -> bool:
        """A cabinet's customer's game is over, with moves a person made (its menu's Learn
        from your mistakes)."""
        t = self.table
        return (self.customer and self.live and t.state.is_over and bool(t.moves)
                and "human" in t.seats.values())

    def learn_from_game(self):
        from games.ui.learn import learn_after_game
        return learn_after_game(self)

    def house_commands(self) -> list:
        from games.ui.commands import Command
        return [Command("replay", "Replay", REPLAY_KEYS, (), self.open_replay,
                        enabled=lambda: self.replay_possible(),
                        shortcut="" if self.look.name == "amiga" else "F5"),
                Command("learn", "Learn from your mistakes", (), (), self.learn_from_game,
                        enabled=lambda: self.learn_possible())]

    def with_house_items(self, model: list) -> list:
        """``model`` with the Replay item (once): before Quit in the list that has it,
        else at the end of the first submenu (the Amiga's Project) or of the list."""
        if self.customer:
            if "learn" not in self.cmds or has_item(model, "learn") or not self.learn_possible():
                return model
            return insert_before(model, self.cmds.item("learn"), ("quit",)) or (
                list(model) + [self.cmds.item("learn")])
        if "replay" not in self.cmds or has_item(model, "replay"):
            return model
        item = self.cmds.item("replay")
        out = insert_before(model, item, ("quit",))
        if out is not None:
            return out
        model = list(model)
        if model and all(m.sub and not m.is_choice for m in model):
            first = model[0]
            model[0] = dataclasses.replace(first, sub=list(first.sub) + [item])
            return model
        return model + [item]

    def title_replay_choices(self) -> list:
        """The title page's Replay choice, when a finished game is kept."""
        if self.customer or self.demo:
            return []
        from games.core import replays
        if not replays.has_kept(self.store, self.game):
            return []
        return [("Replay the last game", self.replay_from_title)]

    # -- opening -------------------------------------------------------------------------------
    def open_replay(self, data=None, on_leave=None):
        """The replay of ``data`` (default: ``replay_source()``) over this game; None (and a
        message) when there is nothing to replay or it cannot be."""
        if self.customer:
            return None
        try:
            data = self.replay_source() if data is None else data
            if data is None:
                self.say("There is no game to replay yet.")
                return None
            from games.ui.replay import replay_scene
            return self.push(replay_scene(self, data, on_leave=on_leave))
        except Exception as exc:     # a record that does not replay (or a position its
            # game cannot show): said in one sentence, and the game goes on
            self.app.notice(f"The game cannot be replayed ({exc}).")
            if on_leave is not None:
                on_leave()
            return None

    def replay_from_title(self) -> None:
        from games.core import replays
        data = replays.load_kept(self.store, self.entry)
        if data is None:
            self.open_title()
            return
        self.open_replay(data, on_leave=self.open_title)

    # -- what a replay asks --------------------------------------------------------------------
    def try_again_from(self, replay, data: dict, ply: int) -> None:
        """Play on from ply ``ply`` of ``data``: a new game on its seed and moves so far,
        the seat to move there a person's, the others the computer's at its level. A game
        in progress (or a save not yet resumed) is asked about first."""
        losing = self.in_progress or (not self.live and self.store.exists(self.save_name))

        def go():
            if getattr(self, "net", None) is not None:
                self.leave_network()           # played on at home, not at the table
            self._try_again(data, ply)
            if replay in self.app.stack:
                self.app.pop_to(replay)
                self.app.pop()
            self.app.pop_to(self)
        if losing:
            replay.app.push(self.ui.confirm(replay, f"Play on from move {ply}? The game in "
                                            "progress will be lost.", go, default=1))
        else:
            go()

    def _try_again(self, data: dict, ply: int) -> None:
        from games.core.review import states_of
        states, moves = states_of(self.entry, data)
        ply = max(0, min(ply, len(moves)))
        at = states[ply]
        if at.is_over and ply > 0:            # the end: play on from the last move instead
            ply -= 1
            at = states[ply]
        mover = at.current
        if mover is None:                     # a throw: the seat that moves after it
            mover = next((s.current for s in states[ply:] if s.current is not None), None)
        people = [s for s, kind in self.initial_seats().items() if kind == "human"]
        person = mover if mover is not None else (people[0] if people else None)
        seats = {s: ("human" if s == person else "computer") for s in at.players}
        levels = self.initial_levels()
        if not isinstance(levels, dict):
            levels = {s: levels for s in at.players}
        new = dict(data, moves=list(moves[:ply]), seats=seats, levels=levels, lowest=None,
                   own_seats=True)
        self.timeline.clear()
        self.status.clear()
        self.live, self.resumed = True, False
        self.table.load_data(new)
        self._tried = self.table.game_number
        self._over_fired = self.table.state.is_over
        self.say(f"Playing on from move {ply}: you play {(person or 'nobody').capitalize()}.")


