"""The waiting room of a network table (games.ui.netplay's screens): the code to tell
friends, where they join (and who can reach a server on this machine), the seats and who
has taken them; the game starts when every seat is taken."""

from __future__ import annotations

from games.ui.netlocal import (is_this_machine, lan_address, lan_reach, port_of,
                               server_address, start_local_server)
from games.ui.netbox import NetBox
from games.ui.widgets import Item


class Lobby(NetBox):
    """The waiting room: the code to tell friends, where they join, the seats and who has
    taken them. The game starts (and this box closes) when every seat is taken; Leave
    goes back (the host is asked first: close the table, or hand it on)."""

    width_chars = 48

    @property
    def title(self) -> str:
        if self.client.is_host or getattr(self, "hosting", False):
            return "Your table"
        return f"Table {self.client.code}" if self.client.state == "connected" else \
            "Joining a table"

    def __init__(self, game, client, on_back=None, local: bool = False,
                 hosting: bool = False):
        self.client = client
        self.local = local
        self.hosting = hosting
        self.started_server = False
        self.asked_server = False
        self.seen = None
        self.closing = None          # the server's answer to the host's close, awaited
        self.reach = None            # a server on this machine: (where friends reach it,)
        super().__init__(game, on_back)

    def _ask_reach(self) -> None:
        """Whether friends on the local network reach the server on this machine (asked
        once, on a thread): ``reach`` becomes (address or None,)."""
        if self.reach is not None:
            return
        self.reach = ()
        port = port_of(server_address(self.app))

        def ask():
            self.reach = (lan_reach(port),)
            self.app.dirty = True
        import threading
        threading.Thread(target=ask, daemon=True, name="reach").start()

    def lines(self) -> list:
        c = self.client
        out = []
        hosting = c.is_host or self.hosting
        if c.code:
            out.append(f"Table code: {c.code}" + ("  (tell your friends)" if hosting else ""))
        where = server_address(self.app)
        if hosting:
            if self.started_server:
                out.append(f"Friends join at {lan_address()}:{port_of(where)}")
            elif is_this_machine(where):
                self._ask_reach()
                here = where.split('://', 1)[-1]
                if not self.reach:
                    out.append(f"Server: this machine ({here}).")
                elif self.reach[0] is not None:
                    out.append(f"Friends on the local network join at {self.reach[0]}; "
                               f"friends elsewhere need a server they can reach.")
                else:
                    out.append(f"Server: {here}, which only this machine can reach. For "
                               f"friends, serve with: tricade serve --host 0.0.0.0 "
                               f"(docs/network.md).")
            else:
                out.append(f"Friends join at {where.split('://', 1)[-1]}")
        if self.closing is not None:
            out.append("Closing the table...")
        elif c.state != "connected":
            out.append({"idle": "Connecting...", "connecting": "Connecting...",
                        "reconnecting": f"No answer yet: {c.why}",
                        "closed": f"Closed: {c.why}"}.get(c.state, c.why))
        for s in c.seats:
            who = s.get("name") or ""
            state = s.get("state")
            if s.get("kind") == "computer":
                text = f"the computer, level {s.get('level')}"
            elif state == "free":
                text = "free (waiting for a friend)"
            else:
                shown = "here" if state == "thinking" else state     # nobody moves yet
                text = f"{who or 'a friend'}{' (you)' if s.get('mine') else ''}: {shown}"
            out.append(f"  {s['seat'].capitalize()}: {text}")
        return out

    def items(self) -> list:
        return [Item("Leave the table", on_confirm=self.back)]

    def back(self) -> None:
        """Leave the table; its host is asked first, while the game has not begun: the
        table is closed (or handed on to a friend at it), never left listed for nobody."""
        c = self.client
        if (c.is_host and c.code and not c.started and c.over is None
                and c.state in ("connected", "reconnecting") and self.closing is None):
            self.ask_leave()
            return
        self.leave()

    def leave(self) -> None:
        game = self.game
        if game.net is self.client:
            game.leave_network()
        else:
            self.client.close()
        self.finish(self.on_back)

    def ask_leave(self) -> None:
        from games.ui import kits
        c = self.client
        friends = [s for s in c.seats if not s.get("mine") and s.get("kind") == "remote"
                   and s.get("state") != "free"]
        close = ("Close the table", lambda: self.close_table(False))
        if friends:
            who = friends[0].get("name") or "a friend"
            text = (f"Leave table {c.code} before its game begins? Close it (the friends at "
                    f"it are told), or hand it on to {who} (your seat is free again).")
            choices = [close, (f"Hand it on to {who}", lambda: self.close_table(True)),
                       ("Stay", None)]
        else:
            text = (f"Leave table {c.code} before its game begins? Nobody has joined it: "
                    f"it is closed.")
            choices = [close, ("Stay", None)]
        self.app.push(kits.get(self.look.name).ask(self, text, choices, default=0,
                                                    cancel=len(choices) - 1))

    def close_table(self, hand_on: bool) -> None:
        """Ask the server to close the table (or hand it on); the box leaves once it has
        answered (games.net.client: the client is closed at once)."""
        self.closing = self.client.close_table(hand_on)
        self.refresh()

    def abandoned(self) -> None:
        if self.game.net is not self.client:
            self.client.close()

    def update(self, dt: float) -> bool:
        super().update(dt)
        c = self.client
        game = self.game
        if self.closing is not None:
            if not self.closing.done():
                return False
            done, self.closing = self.closing, None
            try:
                reply = done.result()
            except Exception as exc:
                game.say(f"Table {c.code} could not be closed ({exc}); with nobody at it, it "
                         f"ends by itself in a day.")
            else:
                game.say(f"Table {c.code} is {reply.get('host') or 'a friend'}'s now."
                         if reply.get("hand_on") else f"Table {c.code} is closed.")
            self.leave()
            return True
        if (self.local and self.hosting and not self.asked_server
                and c.state == "reconnecting" and c.code is None and self.app.top is self):
            # nobody answers on this machine: a server here for friends on the network?
            self.asked_server = True
            from games.ui import kits
            where = c.server.split("://", 1)[-1]
            self.app.push(kits.get(self.look.name).confirm(
                self, f"No Tricade server answers at {where}. Start one on this machine? "
                      f"It listens on every address of this machine (port "
                      f"{port_of(c.server)}) until Tricade ends, so friends on your "
                      f"network can join.", self.start_server, default=0))
        if c.state == "connected" and game.net is not c and c.start is not None:
            game.play_network(c)
        now = (c.state, c.code, tuple(tuple(sorted(s.items())) for s in c.seats),
               self.reach)
        if now != self.seen:
            self.seen = now
            self.refresh()
            if game.net is c and not game.table.waiting_for:
                self.finish()            # every seat is taken: play
            return True
        return False

    def start_server(self) -> None:
        if start_local_server(self.game.store.dir, port_of(self.client.server)) is not None:
            self.started_server = True
            self.game.say("A Tricade server is started on this machine for your friends.")
        else:
            self.game.say("No server could be started on this machine.")
        self.refresh()

    def wake_in(self):
        return 0.1
