"""Tricade servers on the local network, found without typing an address (mDNS and DNS-SD,
through the optional ``zeroconf`` package; everything else works the same without it).

- A server (``tricade serve``) advertises itself as an instance of ``_tricade._tcp.local.``:
  its port, the addresses it listens on, and a TXT record (``v``: the protocol version,
  ``path``: ``/``, ``host``: the machine's name, ``list``: 1 when it lists its tables to
  whoever asks, else 0). A server on the loopback address advertises on the loopback
  interface only (it is this machine's, and nobody else could reach it).
- A client browses for a few seconds on a thread (``Browse``): ``servers`` is None while it
  looks, then the servers found, each a ``Found`` (its ``url`` for a ``Client``). Without
  zeroconf it finds none at once and says nothing.

No pygame here: the server and the user interface both use it.
"""

from __future__ import annotations

import ipaddress
import logging
import socket
import threading
from dataclasses import dataclass

from games.net import protocol

SERVICE = "_tricade._tcp.local."
LOOK_SECONDS = 2.0                 # how long a browse listens for answers
log = logging.getLogger("tricade.net")


def available() -> bool:
    """The zeroconf package can be imported (it is optional)."""
    try:
        import zeroconf  # noqa: F401
    except Exception:                 # absent, or broken: as absent
        return False
    return True


@dataclass(frozen=True)
class Found:
    """A server found on the local network."""
    name: str                      # its instance name ("Tricade on HOST port P")
    host: str                      # the machine's name, as it says it
    address: str                   # the address to reach it at
    port: int
    listing: bool = True           # it lists its tables to whoever asks

    @property
    def url(self) -> str:
        shown = f"[{self.address}]" if ":" in self.address else self.address
        return f"ws://{shown}:{self.port}"


def is_loopback(host: str) -> bool:
    """Whether ``host`` (a name or an address) is this machine's loopback."""
    if host in ("localhost",):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _addresses(host: str) -> list:
    """The IPv4 addresses a server listening on ``host`` can be reached at."""
    if host in ("", "0.0.0.0", "::"):
        import ifaddr                   # (zeroconf's own dependency)
        out = []
        for adapter in ifaddr.get_adapters():
            for ip in adapter.ips:
                if isinstance(ip.ip, str) and not ipaddress.ip_address(ip.ip).is_loopback:
                    out.append(ip.ip)
        return out or ["127.0.0.1"]
    if is_loopback(host):
        return ["127.0.0.1"]
    try:
        ipaddress.IPv4Address(host)
        return [host]
    except ValueError:
        try:
            return [socket.gethostbyname(host)]
        except OSError:
            return []


def service_info(host: str, port: int, listing: bool = True):
    """The advertisement of a server listening on ``host``:``port`` (a zeroconf
    ``AsyncServiceInfo``), and the interfaces it is sent on (a list, or None: all)."""
    from zeroconf.asyncio import AsyncServiceInfo
    machine = socket.gethostname().split(".")[0] or "tricade"
    addresses = _addresses(host)
    name = f"Tricade on {machine} port {port}"
    info = AsyncServiceInfo(
        SERVICE, f"{name}.{SERVICE}", port=port,
        addresses=[socket.inet_aton(a) for a in addresses],
        properties={"v": str(protocol.VERSION), "path": "/", "host": machine,
                    "list": "1" if listing else "0"},
        server=f"{machine}-tricade-{port}.local.")
    interfaces = ["127.0.0.1"] if is_loopback(host) else (
        None if host in ("", "0.0.0.0", "::") else addresses)
    return info, interfaces


class Advert:
    """A server's advertisement, in the server's own event loop: ``await start()`` once it
    listens (a failure is logged, never raised: the server serves on), ``await close()``
    when it stops (a goodbye, so browsers forget it)."""

    def __init__(self, host: str, port: int, listing: bool = True):
        self.host, self.port, self.listing = host, port, listing
        self.zc = None
        self.info = None

    async def start(self) -> bool:
        if not available():
            return False
        try:
            from zeroconf import IPVersion
            from zeroconf.asyncio import AsyncZeroconf
            self.info, interfaces = service_info(self.host, self.port, self.listing)
            kw = {"ip_version": IPVersion.V4Only}
            if interfaces is not None:
                kw["interfaces"] = interfaces
            self.zc = AsyncZeroconf(**kw)
            await self.zc.async_register_service(self.info, allow_name_change=True)
        except Exception as exc:          # no multicast here, a name taken: served anyway
            log.warning("not advertised on the local network (mDNS): %s", exc)
            await self.close()
            return False
        log.info("advertised on the local network as %r", self.info.name)
        return True

    async def close(self) -> None:
        zc, self.zc = self.zc, None
        if zc is None:
            return
        try:
            if self.info is not None:
                await zc.async_unregister_service(self.info)
            await zc.async_close()
        except Exception as exc:
            log.warning("mDNS goodbye: %s", exc)


def found_of(info) -> Found | None:
    """A resolved service's ``Found`` (None: not a Tricade server this client can use)."""
    props = {}
    for k, v in (info.properties or {}).items():
        try:
            props[k.decode()] = v.decode() if isinstance(v, bytes) else ""
        except (AttributeError, UnicodeDecodeError):
            continue
    if props.get("v") != str(protocol.VERSION) or not info.port:
        return None
    addresses = [a for a in info.parsed_addresses() if ":" not in a]
    if not addresses:
        return None
    name = info.name[:-len(SERVICE) - 1] if info.name.endswith("." + SERVICE) else info.name
    return Found(name=name, host=props.get("host") or name, address=addresses[0],
                 port=int(info.port), listing=props.get("list", "1") != "0")


class Browse:
    """Look for servers on the local network for ``seconds``, on a thread (a frame never
    waits): ``servers`` is None while looking, then a list of ``Found`` (empty without
    zeroconf, or when none answered); ``failed`` says why a look could not be made."""

    def __init__(self, seconds: float = LOOK_SECONDS):
        self.seconds = seconds
        self.servers = None
        self.failed = ""
        self._stop = threading.Event()
        if not available():
            self.servers = []
            return
        threading.Thread(target=self._look, daemon=True, name="mdns").start()

    def stop(self) -> None:
        self._stop.set()

    def _look(self) -> None:
        names: list = []
        found: list = []
        zc = None
        try:
            from zeroconf import IPVersion, ServiceBrowser, Zeroconf

            class Listener:
                def add_service(self, _zc, _type, name):
                    if name not in names:
                        names.append(name)

                def update_service(self, _zc, _type, name):
                    self.add_service(_zc, _type, name)

                def remove_service(self, _zc, _type, name):
                    if name in names:
                        names.remove(name)

            zc = Zeroconf(ip_version=IPVersion.V4Only)
            browser = ServiceBrowser(zc, SERVICE, Listener())
            self._stop.wait(self.seconds)
            browser.cancel()
            for name in list(names):
                if self._stop.is_set():
                    break
                info = zc.get_service_info(SERVICE, name, timeout=1000)
                f = found_of(info) if info is not None else None
                if f is not None and f not in found:
                    found.append(f)
        except Exception as exc:          # no multicast socket here: nothing found
            self.failed = str(exc) or type(exc).__name__
        finally:
            if zc is not None:
                try:
                    zc.close()
                except Exception:
                    pass
        found.sort(key=lambda f: (f.host, f.port))
        self.servers = found
