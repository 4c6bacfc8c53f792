"""Where network play finds its server and who is playing (for games.ui.netplay): the
server's address from the settings, the player's name, whether an address is this
machine, a server of this program's own started on it, and a lookup of the tables that
does not hold a frame."""

from __future__ import annotations

import getpass
import ipaddress
import socket
import threading

DEFAULT_SERVER = "ws://127.0.0.1:8765"
_SERVERS: dict = {}                          # port -> the server process this program started


def server_address(app) -> str:
    net = app.settings.get("net") or {}
    return net.get("server") or DEFAULT_SERVER


def player_name(app) -> str:
    net = app.settings.get("net") or {}
    name = (net.get("name") or "").strip()
    if not name:
        try:
            name = getpass.getuser()
        except Exception:            # no login name (a service, a container)
            name = "Player"
    return name[:16].capitalize()


def is_this_machine(server: str) -> bool:
    host = server.split("://", 1)[-1].split("/", 1)[0].rsplit(":", 1)[0].strip("[]")
    from games.net.discover import is_loopback
    return host == "" or is_loopback(host)


def port_of(server: str) -> int:
    tail = server.split("://", 1)[-1].split("/", 1)[0]
    try:
        return int(tail.rsplit(":", 1)[1]) if ":" in tail else 8765
    except ValueError:
        return 8765


def lan_address() -> str:
    """This machine's address on the local network, as friends would reach it (no packet is
    sent: a UDP socket's route is looked up); 127.0.0.1 when there is none."""
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        s.connect(("192.0.2.1", 9))          # TEST-NET-1: never answered, only routed
        return s.getsockname()[0]
    except OSError:
        return "127.0.0.1"
    finally:
        s.close()


def lan_reach(port: int, timeout: float = 0.5) -> str | None:
    """``address:port`` where friends on the local network reach this machine's server
    on ``port``, when it listens on that address too (``tricade serve --host 0.0.0.0``);
    None when it listens on 127.0.0.1 only (only this machine can reach it) or this
    machine has no network address. A connection to this machine's own address: quick,
    but asked on a thread all the same (a frame never waits)."""
    address = lan_address()
    if ipaddress.ip_address(address).is_loopback:
        return None
    try:
        with socket.create_connection((address, port), timeout=timeout):
            return f"{address}:{port}"
    except OSError:
        return None


def start_local_server(data_dir, port: int):
    """A Tricade server on this machine for friends on the local network (every address of
    this machine, ``port``), started once a program and ended with it. Returns the
    process (None if it could not be started)."""
    import atexit
    import subprocess
    import sys
    proc = _SERVERS.get(port)
    if proc is not None and proc.poll() is None:
        return proc
    code = "import sys; from games.cli import main; sys.exit(main(sys.argv[1:]))"
    try:
        proc = subprocess.Popen([sys.executable, "-c", code, "serve", "--host", "0.0.0.0",
                                 "--port", str(port), "--data-dir", str(data_dir)],
                                stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL)
    except OSError:
        return None
    _SERVERS[port] = proc

    def stop(p=proc):
        if p.poll() is None:
            p.terminate()
            try:
                p.wait(timeout=5)
            except Exception:
                p.kill()
    atexit.register(stop)
    return proc


def network_available() -> bool:
    """websockets is there (network play needs it; the rest of Tricade does not)."""
    from games.net.client import websockets_available
    return websockets_available()


class Lookup:
    """The server's tables, asked on a thread (a frame never waits): ``tables`` is None
    while asking, then the list (empty when there was no answer: ``failed`` says why).
    With ``token``, the tables where it holds seats name them (``mine``)."""

    def __init__(self, server: str, token: str | None = None, timeout: float = 5.0):
        self.server, self.token, self.timeout = server, token, timeout
        self.tables = None
        self.failed = ""
        threading.Thread(target=self._ask, daemon=True, name="tables").start()

    def _ask(self) -> None:
        from games.net.client import NetError, list_tables
        try:
            tables = list_tables(self.server, timeout=self.timeout, token=self.token)
        except (NetError, OSError, ValueError) as exc:
            self.failed = str(exc)
            tables = []
        self.tables = tables

    def own(self, game: str) -> list:
        """[(code, seats, words)]: the tables of ``game`` whose game is not over where the
        token holds seats (an away seat waiting for its player), once answered."""
        out = []
        for t in self.tables or ():
            if t.get("game") != game or t.get("over") or not t.get("mine"):
                continue
            seats = [str(x) for x in t["mine"]]
            words = ", ".join(x.capitalize() for x in seats)
            out.append((t["code"], seats, f"{words}, move {t.get('moves', 0)}"))
        return out


# -- the mixin ---------------------------------------------------------------------------------
