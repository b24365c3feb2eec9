"""`deaddrop serve`: the tables on the players' phones, a local web server (docs/serve.md).

The web stack (Starlette, uvicorn) and the QR code maker (segno) are imported inside the
command, so no other command pays for them at start-up.
"""

from __future__ import annotations

import ipaddress
import socket
from pathlib import Path
from typing import Annotated, Any

import typer

from deaddrop.commands.db import DbOption, db_path

SERVE_HELP = "Serve the tables to the players' phones: a join link per seat, live updates."
DEFAULT_PORT = 8750
LOOPBACK_NOTE = (
    "these links open on this machine only; for the phones at the table: deaddrop serve --lan"
)
WARNING = (
    "warning: listening on {host}, beyond this machine: anyone on the network who has a link "
    "can see that seat's secrets and act for it"
)
ROUTES = Path("/proc/net/route")
RTF_UP = 0x1
SIOCGIFADDR = 0x8915


def serve(
    ctx: typer.Context,
    table: Annotated[
        list[str] | None,
        typer.Option(
            "--table", metavar="NAME", help="A table to serve (repeat it; default: every table)."
        ),
    ] = None,
    host: str | None = typer.Option(
        None,
        "--host",
        metavar="ADDRESS",
        help="The address to listen on: 127.0.0.1 (this machine only) unless given; "
        "0.0.0.0 for every address (with a warning).",
    ),
    lan: bool = typer.Option(
        False,
        "--lan",
        help="Listen on this machine's local-network address (from the routing table), for "
        "the phones at the table (with a warning).",
    ),
    port: int = typer.Option(
        DEFAULT_PORT, "--port", metavar="N", help="The port (0: any free one)."
    ),
    new_links: bool = typer.Option(
        False, "--new-links", help="Draw a new link key: every link given before stops working."
    ),
    qr: bool = typer.Option(True, "--qr/--no-qr", help="Print each link as a QR code too."),
    db: DbOption = None,
) -> None:
    """Serve the tables to the players' phones: a join link per seat, live updates.

    Each seat of each table gets a secret link (and the spectators one without private data),
    printed with a QR code. A page shows what its seat may see, takes its actions and follows
    every change (from a phone or the CLI) within a second. Ctrl-C stops the server.
    """
    from deaddrop.errors import InputError
    from deaddrop.web.api import Tables
    from deaddrop.web.links import load_key

    path = db_path(ctx, db)
    if not 0 <= port <= 65535:
        raise InputError(f"--port {port}: expected a port number 0 to 65535")
    if lan and host is not None:
        raise InputError(
            "--lan and --host cannot be used together: --lan listens on this machine's "
            "local-network address, --host on the one given"
        )
    if lan:
        host = lan_address()
        if host is None:
            raise InputError(
                "--lan: this machine has no local-network address (no route in its routing "
                "table but loopback's): join a network, or pass --host ADDRESS"
            )
    elif host is None:
        host = "127.0.0.1"
    served = Tables(path, table or None, load_key(path, new=new_links))
    seats = served.refresh(strict=True)
    if not seats:
        raise InputError(f"no tables yet in {path} (start one: deaddrop table new GAME)")
    sock = _bind(host, port)
    try:
        bound, port = sock.getsockname()[:2]
        link_host = _link_host(host)
        base = f"http://{link_host}:{port}"
        if not _loopback(host):
            typer.echo(f"deaddrop serve: {WARNING.format(host=host)}", err=True)
        else:
            typer.echo(f"deaddrop serve: {LOOPBACK_NOTE}", err=True)
        typer.echo(f"Serving {_count(len(seats), 'table')} of {path} at {base} (Ctrl-C stops)")
        _print_links(seats, base, qr)
        # the Host values answered: those of the links and the address bound; every address
        # of this machine when listening on all of them (the one each connection reached)
        names = None if _wildcard(host) else [link_host, host, str(bound)]
        _run(path, served, sock, names)
    except KeyboardInterrupt:  # Ctrl-C before the server took the signal over
        pass
    finally:
        sock.close()
    typer.echo("stopped")


def _print_links(seats: list[Any], base: str, qr: bool) -> None:
    """Each table's links (a seat a line, then the spectators'), and their QR codes."""
    for one in seats:
        typer.echo("")
        typer.echo(f"{one.table} ({one.game.title})")
        links = [(seat, f"{base}/p/{one.codes[seat]}") for seat in one.seats]
        links.append(("spectators", f"{base}/p/{one.spectator}"))
        width = max(len(label) for label, _ in links)
        for label, url in links:
            typer.echo(f"  {label:<{width}}  {url}")
        if qr:
            for label, url in links:
                typer.echo(f"\n  {one.table}: {label}")
                typer.echo(_qr(url), nl=False)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


def _loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def _wildcard(host: str) -> bool:
    return host.strip("[]") in ("0.0.0.0", "::", "")


def _link_host(host: str) -> str:
    """The host written in the links: this machine's local-network address (from the routing
    table) when listening on every address (127.0.0.1 when it has none), an IPv6 address in
    brackets."""
    name = host.strip("[]")
    if _wildcard(name):
        name = lan_address() or "127.0.0.1"
    try:
        if ipaddress.ip_address(name).version == 6:
            return f"[{name}]"
    except ValueError:
        pass
    return name


def route_interfaces(text: str) -> list[tuple[str, str]]:
    """The interfaces that the routing table `text` (Linux's /proc/net/route) sends traffic
    through, with each one's gateway (dotted; 0.0.0.0 for none): those of the default routes
    first, lowest metric first, then those of the other routes, in order; routes that are not
    up, loopback's and lines that are not routes are left out. Each interface once."""
    defaults: list[tuple[int, int, str, str]] = []
    others: list[tuple[str, str]] = []
    for number, line in enumerate(text.splitlines()[1:]):
        fields = line.split()
        if len(fields) < 8 or fields[0] == "lo":
            continue
        try:
            destination, gateway, flags = (int(fields[i], 16) for i in (1, 2, 3))
            metric, mask = int(fields[6]), int(fields[7], 16)
        except ValueError:
            continue
        if not flags & RTF_UP or not 0 <= gateway < 2**32:
            continue
        dotted = socket.inet_ntoa(gateway.to_bytes(4, "little"))
        if destination == 0 and mask == 0:
            defaults.append((metric, number, fields[0], dotted))
        else:
            others.append((fields[0], dotted))
    ordered = [(name, via) for _, _, name, via in sorted(defaults)] + others
    out: dict[str, str] = {}
    for name, via in ordered:
        out.setdefault(name, via)
    return list(out.items())


def lan_address(routes: Path = ROUTES) -> str | None:
    """This machine's IPv4 address on its local network: that of the interface of its default
    route (the routing table, not the host name, which often names 127.0.1.1), else of another
    route's interface; None when there is none but loopback."""
    try:
        text = routes.read_text(encoding="ascii", errors="replace")
    except OSError:  # not Linux: where the routing table sends a packet to the Internet
        return _usable(_source_address("192.0.2.1"))
    for name, gateway in route_interfaces(text):
        address = _usable(_interface_address(name))
        if address is None and gateway != "0.0.0.0":
            address = _usable(_source_address(gateway))
        if address is not None:
            return address
    return None


def _usable(address: str | None) -> str | None:
    """`address` when it is an IPv4 address other phones could reach (not loopback, not
    0.0.0.0, not link-local), else None."""
    if address is None:
        return None
    try:
        ip = ipaddress.IPv4Address(address)
    except ValueError:
        return None
    if ip.is_loopback or ip.is_unspecified or ip.is_link_local or ip.is_multicast:
        return None
    return address


def _interface_address(name: str) -> str | None:
    """The IPv4 address of the network interface `name` (Linux's SIOCGIFADDR), or None."""
    import fcntl
    import struct

    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            answer = fcntl.ioctl(
                sock.fileno(), SIOCGIFADDR, struct.pack("256s", name.encode()[:15])
            )
    except (OSError, ValueError):
        return None
    return socket.inet_ntoa(answer[20:24])


def _source_address(peer: str) -> str | None:
    """The address this machine would send from to `peer` (a UDP socket connected: no packet
    is sent), or None."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
            sock.connect((peer, 9))
            return str(sock.getsockname()[0])
    except OSError:
        return None


def _bind(host: str, port: int) -> socket.socket:
    """A listening socket on host:port, or one InputError line."""
    from deaddrop.errors import InputError

    name = host.strip("[]")
    try:
        infos = socket.getaddrinfo(name, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (OSError, UnicodeError) as error:
        raise InputError(f"--host {host}: not an address of this machine ({error})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        if family == socket.AF_INET6:
            sock.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
        sock.bind(address)
        sock.listen(128)
    except OSError as error:
        sock.close()
        reason = (error.strerror or str(error)).lower()
        raise InputError(
            f"--host {host} --port {port}: cannot listen there ({reason}; "
            "another port: --port N, or --port 0 for any free one)"
        ) from None
    sock.setblocking(False)
    return sock


def _qr(url: str) -> str:
    """`url` as a QR code drawn with block characters (two rows of modules a line)."""
    import io

    import segno

    out = io.StringIO()
    segno.make(url, error="l").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def _run(path: Path, served: Any, sock: socket.socket, names: list[str] | None) -> None:
    """Serve until Ctrl-C (or SIGTERM): the open event streams end, then the server. `names`:
    the hosts it answers to (None: the address each connection reached)."""
    import signal

    import uvicorn

    from deaddrop.web.app import allowed_hosts, make_app
    from deaddrop.web.watch import Watcher

    port = int(sock.getsockname()[1])
    hosts = None if names is None else [h for n in names for h in allowed_hosts(n, port)]
    watcher = Watcher(path)
    app = make_app(path, served=served, watcher=watcher, hosts=hosts)

    class Server(uvicorn.Server):
        def handle_exit(self, sig: int, frame: Any) -> None:
            watcher.stop()  # the event streams end, so no connection holds the stop up
            super().handle_exit(sig, frame)

    def terminate(sig: int, frame: Any) -> None:
        raise KeyboardInterrupt

    config = uvicorn.Config(
        app,
        log_level="warning",
        access_log=False,
        lifespan="on",
        timeout_graceful_shutdown=2,
        server_header=False,
    )
    previous = signal.signal(signal.SIGTERM, terminate)
    try:
        Server(config).run(sockets=[sock])
    except KeyboardInterrupt:
        pass
    finally:
        signal.signal(signal.SIGTERM, previous)
        watcher.stop()


def register(app: typer.Typer) -> None:
    """Add `serve` to the root app."""
    app.command("serve")(serve)
