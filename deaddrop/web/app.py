"""The ASGI application of `deaddrop serve` (Starlette): the page, the JSON API, the events.

Routes (docs/serve.md):
- GET /p/<code>: the page (static/index.html); the page reads the code from its own address.
- GET /api/<code>/<picture>.svg: the picture of a game's map widget (the same for every seat).
- GET /api/<code>/state; POST /api/<code>/do, /undo, /redo, /void: deaddrop.web.api.
- POST /api/<code>/photo: a Spy! seat's photo of its sheet, read (deaddrop.web.photo).
- GET /api/<code>/events: server-sent events: what changed for the link's seat since the version
  the page holds (`delta`, `state` or `version`: deaddrop.web.api.Update, docs/serve.md "Live").
- GET /static/<file>: the page's files, from deaddrop/web/static/ (no listing, nothing outside).
Every other path, and every unknown code, gets 404 {"error": "unknown link"}, the same body
whatever was wrong. Every response carries a Content-Security-Policy that allows only this
server's own scripts, styles and images (no inline script), nosniff and no referrer; the API's
JSON replies are never cached.

The edge (`Guard`, outermost): a request whose Host is not an address the server serves on
(another name pointed at this machine: DNS rebinding) or whose Origin is another site's is a 403
before anything else runs; every request but GET and HEAD must carry this server's Origin. An
error nobody caught is a 500 with one line of JSON, with the security headers like every other
answer (and one line on stderr). A POST must be `application/json` (415), carry an
`Idempotency-Key` (400), and its body is read chunk by chunk and refused past MAX_BODY (413, the
connection closed), then parsed only when nested at most MAX_DEPTH deep (400).
"""

from __future__ import annotations

import hmac
import ipaddress
import json
import mimetypes
import re
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import ClientDisconnect, Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from assistant import table as core
from deaddrop.errors import DeadDropError
from deaddrop.web.api import OPERATIONS, UNKNOWN, Reply, Tables, Update
from deaddrop.web.links import Link, code, identity, load_key
from deaddrop.web.watch import STOP, Watcher

STATIC = Path(__file__).resolve().parent / "static"
KEEPALIVE_S = 15.0
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' blob:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]
MAX_BODY = 64 * 1024
MAX_DEPTH = 16
KEY_HEADER = "idempotency-key"
KEY_PATTERN = re.compile(r"[A-Za-z0-9_-]{8,64}")
KEY_RULE = "8 to 64 letters, digits, '-' or '_'"
# a JSON string (to its end when it has none) or a bracket: what the depth check counts
JSON_TOKENS = re.compile(rb'"(?:[^"\\]+|\\.)*"?|[\[\]{}]')

for _type, _suffix in (
    ("text/javascript", ".js"),
    ("text/javascript", ".mjs"),
    ("text/css", ".css"),
    ("image/svg+xml", ".svg"),
    ("font/woff2", ".woff2"),
    ("application/manifest+json", ".webmanifest"),
):
    mimetypes.add_type(_type, _suffix)


class Guard:
    """ASGI middleware, outermost: the Host and Origin of every request checked (403), the
    security headers on every HTTP response, and an error nobody caught a one-line 500.

    `hosts`: the Host values the server answers to (`allowed_hosts`); None: those of the
    address each connection reached (the server's own side of the socket), which is what a
    server listening on every address (0.0.0.0) needs."""

    def __init__(self, app: ASGIApp, hosts: list[str] | None = None) -> None:
        self.app = app
        self.hosts = None if hosts is None else {host.lower() for host in hosts}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        started = False

        async def with_headers(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
                names = {name for name, _ in SECURITY_HEADERS}
                headers = [(k, v) for k, v in message.get("headers", []) if k not in names]
                message = {**message, "headers": headers + SECURITY_HEADERS}
            await send(message)

        refused = self.refusal(scope)
        if refused is not None:
            await json_answer(with_headers, 403, {"error": refused})
            return
        try:
            await self.app(scope, receive, with_headers)
        except Exception as error:  # one line on stderr, one line of JSON: never a traceback
            said = " ".join(f"{type(error).__name__}: {error}".split())
            print(
                f"deaddrop serve: {scope.get('method', '?')}: internal error ({said})",
                file=sys.stderr,
                flush=True,
            )
            if not started:
                await json_answer(with_headers, 500, {"error": "internal error"}, close=True)

    def refusal(self, scope: Scope) -> str | None:
        """Why the request is refused (its Host or Origin), or None."""
        headers: dict[bytes, bytes] = {}
        for name, value in scope.get("headers", []):
            if name in (b"host", b"origin") and name in headers:
                return f"more than one {name.decode()} header"
            headers[name] = value
        hosts = self.hosts
        if hosts is None:
            server = scope.get("server")
            hosts = set(allowed_hosts(str(server[0]), int(server[1]))) if server else set()
        host = headers.get(b"host", b"").decode("latin-1").lower()
        if host not in hosts:
            return "this server does not answer to that host name (use the link as printed)"
        origin = headers.get(b"origin")
        if origin is None and scope.get("method") in ("GET", "HEAD"):
            return None
        if origin is None:
            return "the request has no Origin header (only this server's page may act)"
        text = origin.decode("latin-1").lower()
        if not text.startswith("http://") or text.removeprefix("http://") not in hosts:
            return "a request from another site is refused (only this server's page may act)"
        return None


async def json_answer(send: Send, status: int, body: Any, *, close: bool = False) -> None:
    """A whole JSON answer on one line, never cached (`close`: the connection closed after)."""
    data = json.dumps(body, separators=(",", ":")).encode()
    headers = [
        (b"content-type", b"application/json"),
        (b"content-length", str(len(data)).encode()),
        (b"cache-control", b"no-store"),
    ]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": data})


def held_version(request: Request) -> int | None:
    """The version a phone's page holds: the id of the last event its stream had (the browser
    sends it as Last-Event-ID when it reconnects), else `?since=` (the /state it read first);
    None when it names none (the stream then starts with the whole state)."""
    for text in (request.headers.get("last-event-id"), request.query_params.get("since")):
        if text is not None and text.strip().isdigit() and len(text.strip()) <= 12:
            return int(text.strip())
    return None


def allowed_hosts(host: str, port: int) -> list[str]:
    """The Host values of a server reached at `host`:`port` (an IPv6 address in brackets; the
    bare host too on port 80); a loopback address also answers as localhost, 127.0.0.1 and
    [::1]."""
    name = host.strip("[]").lower()
    try:
        address = ipaddress.ip_address(name)
    except ValueError:
        names = [name]
        loopback = name == "localhost"
    else:
        names = [f"[{name}]" if address.version == 6 else name]
        loopback = address.is_loopback
    if loopback:
        names += [n for n in ("localhost", "127.0.0.1", "[::1]") if n not in names]
    hosts = [f"{n}:{port}" for n in names]
    return hosts + (names if port == 80 else [])


def nesting(body: bytes) -> int:
    """How deeply the JSON text `body` nests its arrays and objects (strings skipped)."""
    depth = deepest = 0
    for match in JSON_TOKENS.finditer(body):
        token = match.group()
        if token in (b"[", b"{"):
            depth += 1
            deepest = max(deepest, depth)
        elif token in (b"]", b"}"):
            depth -= 1
    return deepest


def reply(answer: Reply) -> JSONResponse:
    """A JSON reply that no cache keeps."""
    return JSONResponse(answer.body, answer.status, headers={"cache-control": "no-store"})


def unknown() -> JSONResponse:
    return reply(UNKNOWN)


def refused(status: int, error: str, *, close: bool = False) -> JSONResponse:
    """{"ok": false, "error": ...} (`close`: the connection closed after, its body unread)."""
    answer = reply(Reply(status, {"ok": False, "error": error}))
    if close:
        answer.headers["connection"] = "close"
    return answer


async def read_body(request: Request, limit: int = 0) -> bytes | JSONResponse:
    """The request's body, read chunk by chunk and refused as soon as it is longer than
    MAX_BODY (or `limit`: a photo's) (a declared length first), whatever its framing."""
    limit = limit or MAX_BODY
    too_long = f"the body is too long (at most {limit // 1024} KB)"
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > limit):
        return refused(413, too_long, close=True)
    chunks, size = [], 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                return refused(413, too_long, close=True)
            chunks.append(chunk)
    except ClientDisconnect:
        return refused(400, "the body was cut short", close=True)
    return b"".join(chunks)


def parse_body(body: bytes) -> Any:
    """The JSON of a body ({} when empty), or the one-line 400 reply."""
    if nesting(body) > MAX_DEPTH:
        return refused(400, f"the body is nested too deeply (at most {MAX_DEPTH} levels)")
    try:
        return json.loads(body or b"{}")
    except (ValueError, RecursionError):
        return refused(400, "the body is not JSON")


def make_app(
    db_path: Path,
    tables: list[str] | None = None,
    *,
    key: bytes | None = None,
    served: Tables | None = None,
    watcher: Watcher | None = None,
    keepalive: float = KEEPALIVE_S,
    hosts: list[str] | None = None,
) -> Starlette:
    """The application over the database `db_path`: the tables named (all when None). `key`:
    the link key (default: the one beside the database, made when missing); `served`: the
    tables already read (`deaddrop serve` prints their links first); `hosts`: the Host values
    it answers to (`allowed_hosts`; None: the address each connection reached, with
    localhost's names for a loopback one)."""
    if served is None:
        served = Tables(db_path, tables, key if key is not None else load_key(db_path))
        served.refresh(strict=True)
    watch = watcher if watcher is not None else Watcher(db_path)

    def resolve(text: str) -> Link | None:
        """What the code `text` opens, if it is the code of a table as the database has it now
        (the tables read again when it is not known: a table made since). A table deleted and
        made again under the same name has other codes: the old ones open nothing."""
        link = served.link(text)
        if link is None and served.knows(text):
            link = served.link(text)
        if link is None:
            return None
        try:
            with core.opened(db_path, write=False) as store:
                row = store.find(link.table)
        except DeadDropError:
            return link  # the database busy or damaged: the link is good, the answer a 503
        if row is None:
            return None
        now = code(served.key, link.table, link.seat, identity(row.id, row.created, row.nonce))
        return link if hmac.compare_digest(now, text) else None

    async def page(request: Request) -> Response:
        if await run_in_threadpool(resolve, request.path_params["code"]) is None:
            return unknown()
        if request.method not in ("GET", "HEAD"):
            return Response(status_code=405, headers={"allow": "GET, HEAD"})
        index = STATIC / "index.html"
        if not index.is_file():
            return reply(Reply(503, {"error": "the page is not installed"}))
        return FileResponse(index, headers={"cache-control": "no-store"})

    async def api(request: Request) -> Response:
        text, what = request.path_params["code"], request.path_params["what"]
        link = await run_in_threadpool(resolve, text)
        if link is None:
            return unknown()
        if what in ("state", "events"):
            if request.method not in ("GET", "HEAD"):
                return Response(status_code=405, headers={"allow": "GET, HEAD"})
            if what == "events":
                return await events(request, text, link)
            return reply(await run_in_threadpool(served.state, text))
        if what.endswith(".svg"):
            if request.method not in ("GET", "HEAD"):
                return Response(status_code=405, headers={"allow": "GET, HEAD"})
            gzipped = "gzip" in request.headers.get("accept-encoding", "")
            svg = await run_in_threadpool(lambda: served.picture(text, what, gzipped=gzipped))
            if svg is None:
                return unknown()
            headers = {"cache-control": "private, max-age=3600", "vary": "accept-encoding"}
            if gzipped:
                headers["content-encoding"] = "gzip"
            return Response(svg, media_type="image/svg+xml", headers=headers)
        if what == "photo":
            return await photo(request, text)
        if what not in OPERATIONS:
            return unknown()
        if request.method != "POST":
            return Response(status_code=405, headers={"allow": "POST"})
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if kind != "application/json":
            return refused(415, "the body must be JSON (content-type: application/json)")
        key = request.headers.get(KEY_HEADER)
        if key is None:
            return refused(
                400,
                f"the Idempotency-Key header is missing (a new one for each action: {KEY_RULE})",
            )
        if not KEY_PATTERN.fullmatch(key):
            return refused(400, f"the Idempotency-Key header must be {KEY_RULE}")
        body = await read_body(request)
        if isinstance(body, Response):
            return body
        data = parse_body(body)
        if isinstance(data, Response):
            return data
        return reply(await run_in_threadpool(lambda: served.act(text, what, data, key=key)))

    async def photo(request: Request, text: str) -> Response:
        """POST /api/<code>/photo: a Spy! seat's photo of its sheet (deaddrop.web.photo)."""
        from deaddrop.web.photo import MAX_PHOTO, photo_refused, read_seat_photo

        if request.method != "POST":
            return Response(status_code=405, headers={"allow": "POST"})
        kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
        if not kind.startswith("image/"):
            return refused(415, "the body must be a photo (content-type: image/jpeg or image/png)")
        early = await run_in_threadpool(photo_refused, served, text)  # before the upload
        if early is not None:
            return reply(early)
        body = await read_body(request, MAX_PHOTO)
        if isinstance(body, Response):
            return body
        return reply(await run_in_threadpool(read_seat_photo, served, text, body))

    async def events(request: Request, text: str, link: Link) -> Response:
        """The stream of `link`'s seat (docs/serve.md, "Live"): first what brings the state the
        phone holds (Last-Event-ID, else ?since=) to the current one, then an event for each
        change. The state is computed once a version for every phone of the seat."""
        held = held_version(request)
        stream = watch.open(link.table)  # before the first reading: no change falls between
        first = await run_in_threadpool(served.update, text, held)
        if isinstance(first, Reply):
            watch.close(stream)
            return reply(first)

        async def lines() -> AsyncIterator[str]:
            import asyncio

            last = first.version
            try:
                yield "retry: 2000\n" + first.text()
                while True:
                    try:
                        version = await asyncio.wait_for(stream.queue.get(), keepalive)
                    except TimeoutError:
                        yield ": keepalive\n\n"
                        continue
                    while version != STOP and not stream.queue.empty():  # only the newest
                        version = stream.queue.get_nowait()
                    if version == STOP:
                        return
                    if version == last:
                        continue
                    known = served.known_update(text, last, version)
                    update: Update | Reply = (
                        known
                        if known is not None
                        else await run_in_threadpool(served.update, text, last, version)
                    )
                    if isinstance(update, Reply):  # gone, or unreadable now: the page
                        return  # reconnects (Last-Event-ID) and is told which
                    if update.version != last:
                        last = update.version
                        yield update.text()
            finally:
                watch.close(stream)

        return StreamingResponse(
            lines(),
            media_type="text/event-stream",
            headers={"cache-control": "no-store", "x-accel-buffering": "no"},
        )

    async def not_found(request: Request, error: Exception) -> Response:
        return unknown()  # a static file not there, or not to be posted to: nothing to tell

    async def anything(request: Request) -> Response:
        return unknown()

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        watch.start()
        try:
            yield
        finally:
            watch.stop()

    app = Starlette(
        routes=[
            Route("/p/{code}", page, methods=ALL_METHODS),
            Route("/api/{code}/{what}", api, methods=ALL_METHODS),
            Mount("/static", app=StaticFiles(directory=STATIC, check_dir=False), name="static"),
            Route("/{path:path}", anything, methods=ALL_METHODS),
        ],
        exception_handlers={404: not_found, 405: not_found},
        lifespan=lifespan,
    )
    app.add_middleware(Guard, hosts=hosts)
    app.state.tables = served
    app.state.watcher = watch
    return app
