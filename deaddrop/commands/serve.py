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
WARNING = (
    "warning: listening on {host}, beyond this machine: anyone on the network who has a link "
    "can see that seat's secrets and act for it"
)


def serve(
    ctx: typer.Context,
    table: Annotated[
        list[str] | None,
        typer.Option(
            "--table", metavar="NAME", help="A table to serve (repeat it; default: every table)."
        ),
    ] = None,
    host: str = typer.Option(
        "127.0.0.1",
        "--host",
        metavar="ADDRESS",
        help="The address to listen on: 127.0.0.1 (this machine only) unless given; "
        "0.0.0.0 for the local network (with a warning).",
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
    served = Tables(path, table or None, load_key(path, new=new_links))
    seats = served.refresh(strict=True)
    if not seats:
        raise InputError(f"no tables yet in {path} (start one: deaddrop table new GAME)")
    sock = _bind(host, port)
    try:
        base = f"http://{_link_host(host)}:{sock.getsockname()[1]}"
        if not _loopback(host):
            typer.echo(f"deaddrop serve: {WARNING.format(host=host)}", err=True)
        typer.echo(f"Serving {_count(len(seats), 'table')} of {path} at {base} (Ctrl-C stops)")
        _print_links(seats, base, qr)
        _run(path, served, sock)
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


def _link_host(host: str) -> str:
    """The host written in the links: this machine's address on the network when listening
    on every address, an IPv6 address in brackets."""
    name = host.strip("[]")
    if name in ("0.0.0.0", "::", ""):
        name = _lan_address() or socket.gethostname()
    try:
        if ipaddress.ip_address(name).version == 6:
            return f"[{name}]"
    except ValueError:
        pass
    return name


def _lan_address() -> str | None:
    """An IPv4 address of this machine other than loopback (from its host name), or None."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return None
    for info in infos:
        address = str(info[4][0])
        if not ipaddress.ip_address(address).is_loopback:
            return address
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


def _run(path: Path, served: Any, sock: socket.socket) -> None:
    """Serve until Ctrl-C (or SIGTERM): the open event streams end, then the server."""
    import signal

    import uvicorn

    from deaddrop.web.app import make_app
    from deaddrop.web.watch import Watcher

    watcher = Watcher(path)
    app = make_app(path, served=served, watcher=watcher)

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
