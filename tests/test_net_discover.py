"""Servers found on the local network (games.net.discover, mDNS through the optional
zeroconf package): a real ``tricade serve`` process on 127.0.0.1 advertises itself and a
browse finds it; the Join list shows its open tables with the machine they are on, and a
friend joins one without typing an address. Without zeroconf (its import made to fail),
the server serves, the Join list lists the Settings' server's tables, and nothing says
anything is missing.

Multicast works on this machine's loopback interface: the browse is real. Every wait is
for an answer or a state, with a generous timeout."""

from __future__ import annotations

import socket
import sys
import time

import pytest

import games
from driver import frames, run_until
from test_netplay import LONG, Child, choose, labels, net, new_app, serve  # noqa: F401

pytest.importorskip("websockets")
zeroconf = pytest.importorskip("zeroconf")

from games.net import discover  # noqa: E402

GAMES = games.playable(include_hidden=True)



def browse_for(port: int, timeout: float = 60.0):
    """The server on ``port`` as a browse finds it (looks again until it is there: its
    advertisement is sent once its name is probed, a moment after it listens)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        b = discover.Browse(1.0)
        while b.servers is None:
            time.sleep(0.02)
        assert not b.failed, b.failed
        hit = [f for f in b.servers if f.port == port]
        if hit:
            return hit[0]
    raise AssertionError(f"no server on port {port} found in {timeout} s")


def test_a_server_advertises_itself_and_a_browse_finds_it(net, tmp_path):
    srv, port = serve(net, tmp_path)
    found = browse_for(port)
    assert found.address == "127.0.0.1" and found.url == f"ws://127.0.0.1:{port}"
    assert found.listing and found.host == socket.gethostname().split(".")[0]
    assert found.name.startswith("Tricade on ")
    srv.p.terminate()                            # a clean stop says goodbye: forgotten
    srv.p.wait(timeout=30)
    end = time.monotonic() + 60
    while time.monotonic() < end:
        b = discover.Browse(1.0)
        while b.servers is None:
            time.sleep(0.02)
        if all(f.port != port for f in b.servers):
            break
    else:
        raise AssertionError("a stopped server is still found")


def test_the_advertisement_record():
    from games.net import protocol
    info, interfaces = discover.service_info("127.0.0.1", 8765)
    assert info.type == discover.SERVICE == "_tricade._tcp.local."
    assert info.name.endswith("._tricade._tcp.local.") and info.port == 8765
    assert info.parsed_addresses() == ["127.0.0.1"]
    assert interfaces == ["127.0.0.1"], "a loopback server is told on loopback only"
    props = {k.decode(): v.decode() for k, v in info.properties.items()}
    assert props["v"] == str(protocol.VERSION) and props["path"] == "/"
    assert props["list"] == "1"
    found = discover.found_of(info)
    assert found.url == "ws://127.0.0.1:8765" and found.listing
    info, interfaces = discover.service_info("0.0.0.0", 9000, listing=False)
    assert interfaces is None                     # every interface
    assert "127.0.0.1" not in info.parsed_addresses() or info.parsed_addresses() == \
        ["127.0.0.1"]                             # (a machine with no other address)
    assert not discover.found_of(info).listing
    from zeroconf.asyncio import AsyncServiceInfo   # another protocol's server: not offered
    other = AsyncServiceInfo(discover.SERVICE, "Old." + discover.SERVICE, port=8765,
                             addresses=[socket.inet_aton("127.0.0.1")],
                             properties={"v": "999", "path": "/"})
    assert discover.found_of(other) is None


@pytest.mark.parametrize("entry", GAMES[:1] + [e for e in GAMES if e.name == "triaxis"],
                         ids=lambda e: e.name)
def test_the_join_list_shows_a_found_servers_tables_and_joins_one(make_app, net, tmp_path,
                                                                   entry):
    """The Settings name a server that does not answer; a server on the local network
    with a table of this game, found by mDNS, has it in the Join list ("on HOST:PORT"),
    and taking it sits this player at that table there."""
    from games.net.client import create_table, wait_for  # noqa: F401
    srv, port = serve(net, tmp_path)
    url = f"ws://127.0.0.1:{port}"
    browse_for(port)
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    code = create_table(url, entry.name, ["remote"] * len(names),
                        dict(entry.test_options[0]))["code"]
    with socket.socket() as s:                    # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        dead = s.getsockname()[1]
    app = new_app(make_app, dead, name="Cy")
    scene = app.push(entry.scene_factory()(app, title=False))
    frames(app, 2)
    scene.open_network()
    choose(app, "Join a table")
    box = app.top
    want = f"{code}  {len(names)} free"
    assert run_until(app, lambda: any(s.startswith(want) for s in labels(app)),
                     timeout=LONG), labels(app)
    label = next(s for s in labels(app) if s.startswith(want))
    assert f"on {socket.gethostname().split('.')[0]}:{port}" in label
    assert box.failed, "the Settings' server did not answer"
    choose(app, label)
    lobby = app.top
    assert type(lobby).__name__.startswith("Lobby")
    assert run_until(app, lambda: lobby.client.state == "connected", timeout=LONG)
    assert lobby.client.server == url and lobby.client.code == code
    assert any(s.get("name") == "Cy" and s.get("mine") for s in lobby.client.seats)


def test_without_zeroconf_the_server_serves_and_the_join_list_says_nothing_missing(
        make_app, net, tmp_path, monkeypatch):
    """zeroconf's import fails (as on a machine without it): a server started so serves
    and is not advertised; the Join list lists the Settings' server's tables and says
    nothing of the local network."""
    import subprocess
    from games.net.client import create_table
    code = ("import runpy, sys; sys.modules['zeroconf'] = None; "
            "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')")
    import test_netplay
    proc = subprocess.Popen([sys.executable, "-c", code, str(test_netplay.CHILD), "serve",
                             "--port", "0", "--data-dir", str(tmp_path / "server")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            env=test_netplay.ENV, cwd=str(test_netplay.ROOT))
    try:
        line = proc.stdout.readline()
        assert line.startswith("listening on ws://127.0.0.1:"), line
        port = int(line.rsplit(":", 1)[1])
        url = f"ws://127.0.0.1:{port}"
        entry = GAMES[0]
        names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
        table = create_table(url, entry.name, ["remote"] * len(names),
                             dict(entry.test_options[0]))["code"]
        monkeypatch.setitem(sys.modules, "zeroconf", None)
        assert not discover.available()
        b = discover.Browse()
        assert b.servers == [] and not b.failed   # at once, nothing to say
        app = new_app(make_app, port, name="Dee")
        scene = app.push(entry.scene_factory()(app, title=False))
        frames(app, 2)
        scene.open_network()
        choose(app, "Join a table")
        box = app.top
        assert box.browse is None
        assert run_until(app, lambda: any(s.startswith(table) for s in labels(app)),
                         timeout=LONG), labels(app)
        said = " ".join(box.lines()).lower()
        assert "local network" not in said and "zeroconf" not in said and "mdns" not in said
        assert browse_gone(port)
    finally:
        proc.terminate()
        try:
            _, err = proc.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            proc.kill()
            _, err = proc.communicate()
    assert "Traceback" not in err and "advertised" not in err, err


def browse_gone(port: int) -> bool:
    """No server on ``port`` is found on the local network (zeroconf made importable
    again for the look)."""
    saved = sys.modules.pop("zeroconf", None)
    try:
        sys.modules["zeroconf"] = zeroconf
        b = discover.Browse(1.5)
        while b.servers is None:
            time.sleep(0.02)
        return all(f.port != port for f in b.servers)
    finally:
        sys.modules["zeroconf"] = saved


@pytest.mark.parametrize("entry", GAMES[:1] + [e for e in GAMES if e.name == "triaxis"],
                         ids=lambda e: e.name)
def test_back_to_a_table_joined_at_a_server_found_on_the_local_network(make_app, net,
                                                                        tmp_path, entry):
    """A seat taken at a table of a server found by mDNS (not the Settings' server): this
    Tricade closed and started again, the title offers "Back to table CODE" (it did only
    for the Settings' server: the token is kept per server) and takes the player back
    there; the Join list starts with its cursor on the "Back to" line, which reads
    "Back to CODE (Seat, move N, on HOST:PORT)" with no stray double space."""
    from games.net.client import create_table
    srv, port = serve(net, tmp_path)
    url = f"ws://127.0.0.1:{port}"
    found = browse_for(port)
    names = list(entry.rules_module().new_game(seed=1, **entry.test_options[0]).players)
    code = create_table(url, entry.name, ["remote"] * len(names),
                        dict(entry.test_options[0]))["code"]
    with socket.socket() as s:                    # a port nobody listens on
        s.bind(("127.0.0.1", 0))
        dead = s.getsockname()[1]
    app = new_app(make_app, dead, name="Cy")
    scene = app.push(entry.scene_factory()(app, title=False))
    frames(app, 2)
    scene.open_network()
    choose(app, "Join a table")
    want = f"{code}  {len(names)} free"
    assert run_until(app, lambda: any(s.startswith(want) for s in labels(app)),
                     timeout=LONG), labels(app)
    choose(app, next(s for s in labels(app) if s.startswith(want)))
    lobby = app.top
    assert run_until(app, lambda: lobby.client.state == "connected", timeout=LONG)
    seat = next(s["seat"] for s in lobby.client.seats if s.get("mine"))
    app.shutdown(quit_pygame=False)               # this Tricade closed: its window gone
    app = new_app(make_app, dead, name="Cy")      # started again: the same data folder
    scene = app.push(entry.scene_factory()(app))
    scene.game_options = lambda: dict(entry.test_options[0])
    frames(app, 2)
    assert app.top.name == "title"
    back = f"Back to table {code}"
    assert run_until(app, lambda: back in labels(app), timeout=10), labels(app)
    choose(app, "Play over the network")
    choose(app, "Join a table")
    box = app.top
    mine = f"Back to {code} ({seat.capitalize()}, move 0, on "
    assert run_until(app, lambda: any(s.startswith(mine) for s in labels(app))
                     and box.browse is None, timeout=LONG), labels(app)
    line = next(s for s in labels(app) if s.startswith(mine))
    assert "  " not in line, line
    assert line.endswith(f", on {found.host}:{port})") or line.endswith(f":{port})"), line
    assert str(box.menu.selected.label) == line, "the cursor starts on the Back to line"
    shown = " ".join(text for text, _ in box.text_at)
    assert "No answer: " in shown and box.failed in shown, \
        "the Settings' server's silence is said, tables found elsewhere or not"
    choose(app, "Back")
    assert run_until(app, lambda: app.top.name == "title" and back in labels(app),
                     timeout=LONG), labels(app)
    choose(app, back)
    assert run_until(app, lambda: app.top is not None and hasattr(app.top, "client")
                     and app.top.client.state == "connected", timeout=LONG)
    assert app.top.client.server == url and app.top.client.code == code
    assert app.top.client.mine == (seat,)
