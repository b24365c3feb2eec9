"""The ASGI application of `deaddrop serve` (Starlette): the page, the JSON API, the events.

Routes (docs/serve.md):
- GET /p/<code>: the page (static/index.html); the page reads the code from its own address.
- GET /api/<code>/state; POST /api/<code>/do, /undo, /redo, /void: deaddrop.web.api.
- GET /api/<code>/events: server-sent events, `event: version` when the table changes.
- GET /static/<file>: the page's files, from deaddrop/web/static/ (no listing, nothing outside).
Every other path, and every unknown code, gets 404 {"error": "unknown link"}, the same body
whatever was wrong. Every response carries a Content-Security-Policy that allows only this
server's own scripts, styles and images (no inline script), nosniff and no referrer; the API's
are never cached.
"""

from __future__ import annotations

import json
import mimetypes
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from deaddrop.web.api import OPERATIONS, UNKNOWN, Reply, Tables
from deaddrop.web.links import load_key
from deaddrop.web.watch import STOP, Watcher

STATIC = Path(__file__).resolve().parent / "static"
KEEPALIVE_S = 15.0
CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self'; "
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

for _type, _suffix in (
    ("text/javascript", ".js"),
    ("text/javascript", ".mjs"),
    ("text/css", ".css"),
    ("image/svg+xml", ".svg"),
    ("font/woff2", ".woff2"),
    ("application/manifest+json", ".webmanifest"),
):
    mimetypes.add_type(_type, _suffix)


class SecurityHeaders:
    """ASGI middleware: the security headers on every HTTP response."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                names = {name for name, _ in SECURITY_HEADERS}
                headers = [(k, v) for k, v in message.get("headers", []) if k not in names]
                message = {**message, "headers": headers + SECURITY_HEADERS}
            await send(message)

        await self.app(scope, receive, with_headers)


def reply(answer: Reply) -> JSONResponse:
    """A JSON reply that no cache keeps."""
    return JSONResponse(answer.body, answer.status, headers={"cache-control": "no-store"})


def unknown() -> JSONResponse:
    return reply(UNKNOWN)


def make_app(
    db_path: Path,
    tables: list[str] | None = None,
    *,
    key: bytes | None = None,
    served: Tables | None = None,
    watcher: Watcher | None = None,
    keepalive: float = KEEPALIVE_S,
) -> Starlette:
    """The application over the database `db_path`: the tables named (all when None). `key`:
    the link key (default: the one beside the database, made when missing); `served`: the
    tables already read (`deaddrop serve` prints their links first)."""
    if served is None:
        served = Tables(db_path, tables, key if key is not None else load_key(db_path))
        served.refresh(strict=True)
    watch = watcher if watcher is not None else Watcher(db_path)

    async def page(request: Request) -> Response:
        text = request.path_params["code"]
        if served.link(text) is None and not await run_in_threadpool(served.knows, text):
            return unknown()
        if request.method not in ("GET", "HEAD"):
            return Response(status_code=405, headers={"allow": "GET, HEAD"})
        index = STATIC / "index.html"
        if not index.is_file():
            return reply(Reply(503, {"error": "the page is not installed"}))
        return FileResponse(index, headers={"cache-control": "no-store"})

    async def api(request: Request) -> Response:
        text, what = request.path_params["code"], request.path_params["what"]
        if served.link(text) is None and not await run_in_threadpool(served.knows, text):
            return unknown()
        if what in ("state", "events"):
            if request.method not in ("GET", "HEAD"):
                return Response(status_code=405, headers={"allow": "GET, HEAD"})
            if what == "events":
                return await events(text)
            return reply(await run_in_threadpool(served.state, text))
        if what not in OPERATIONS:
            return unknown()
        if request.method != "POST":
            return Response(status_code=405, headers={"allow": "POST"})
        body = await request.body()
        if len(body) > MAX_BODY:
            return reply(Reply(413, {"ok": False, "error": "the body is too long"}))
        try:
            data: Any = json.loads(body or b"{}")
        except ValueError:
            return reply(Reply(400, {"ok": False, "error": "the body is not JSON"}))
        return reply(await run_in_threadpool(served.act, text, what, data))

    async def events(text: str) -> Response:
        link = served.link(text)
        if link is None:
            return unknown()
        current = await run_in_threadpool(served.version, link.table)
        if current == 0:
            return unknown()
        stream = watch.open(link.table)

        async def lines() -> AsyncIterator[str]:
            import asyncio

            last = current
            try:
                yield f"retry: 2000\nevent: version\ndata: {last}\n\n"
                while True:
                    try:
                        version = await asyncio.wait_for(stream.queue.get(), keepalive)
                    except TimeoutError:
                        yield ": keepalive\n\n"
                        continue
                    if version == STOP:
                        return
                    if version != last:
                        last = version
                        yield f"event: version\ndata: {version}\n\n"
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
    app.add_middleware(SecurityHeaders)
    app.state.tables = served
    app.state.watcher = watch
    return app
