"""The web application: routes, live updates (server-sent events) and the limits on requests.

``/v/TOKEN`` is a viewer's page (a player's, the host's or the table's, by the token);
``/v/TOKEN/live`` its changing part, fetched again whenever ``/v/TOKEN/events`` says the table
changed; ``/v/TOKEN/act`` makes a move and ``/v/TOKEN/odds`` tells a move's odds (both POST,
with the page's CSRF token). ``/static/NAME`` serves the pages' script and style from the
package, by name from a fixed list: no part of a URL reaches the file system. A watcher looks
at the session's log ten times a second, so a move made by the command line shows too.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from importlib import resources
from typing import Any
from urllib.parse import parse_qs

import anyio
from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Route

from ..errors import PnpError
from . import security
from .bridge import Bridge
from .security import Keys, RateLimit, Viewer
from .words import LANG_NAMES, LANGS, negotiate, words

WATCH_EVERY = 0.1  # seconds between looks at the session's log
PING_EVERY = 15.0  # seconds between keep-alive comments on an idle event stream
STATIC = {"app.js": "text/javascript", "app.css": "text/css"}
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}

Scope = MutableMapping[str, Any]
ASGI = Callable[[Scope, Callable[[], Awaitable[Any]], Callable[[Any], Awaitable[None]]], Any]


class Hub:
    """The table's version as the pages know it; event streams wait here for the next."""

    def __init__(self) -> None:
        self.version = 0
        self.closing = False
        self._changed = asyncio.Event()
        self._loop: asyncio.AbstractEventLoop | None = None

    def close(self) -> None:
        """End every event stream (the server is stopping); safe from a signal handler."""
        self.closing = True
        if self._loop is not None:
            self._loop.call_soon_threadsafe(self._changed.set)

    def bump(self, version: int) -> None:
        """Tell every waiting stream the table is now at ``version``."""
        if version != self.version:
            self.version = version
            self._changed.set()
            self._changed = asyncio.Event()

    async def wait(self, seen: int, timeout: float) -> int:
        """The version once it differs from ``seen`` (or after ``timeout`` seconds)."""
        if self.version == seen and not self.closing:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._changed.wait(), timeout)
        return self.version


def _static() -> dict[str, bytes]:
    here = resources.files("generator.web") / "static"
    return {name: (here / name).read_bytes() for name in STATIC}


def _templates() -> Environment:
    return Environment(
        loader=PackageLoader("generator.web", "templates"),
        autoescape=select_autoescape(default=True, default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def create_app(
    bridge: Bridge, keys: Keys, rate: RateLimit | None = None, watch: float = WATCH_EVERY
) -> Starlette:
    """The application serving ``bridge``'s session to the holders of ``keys``."""
    hub = Hub()
    static = _static()
    env = _templates()
    limit = rate or RateLimit()

    def lang_of(request: Request) -> str:
        chosen = request.query_params.get("lang") or request.cookies.get("lang")
        return chosen if chosen in LANGS else negotiate(request.headers.get("accept-language"))

    def page(name: str, request: Request, status: int = 200, **values: Any) -> HTMLResponse:
        lang = lang_of(request)
        # the language switch leads back to the page itself (not to a move it posted)
        where = f"/v/{values['token']}" if "token" in values else "/"
        html = env.get_template(name).render(
            lang=lang, w=words(lang), langs=LANG_NAMES, path=where, **values
        )
        response = HTMLResponse(html, status_code=status)
        if request.query_params.get("lang") in LANGS:
            response.set_cookie("lang", lang, max_age=31536000, httponly=True, samesite="strict")
        return response

    def refused(request: Request, status: int, key: str) -> Response:
        wait = {"Retry-After": "1"} if status == 429 else {}
        if "json" in request.headers.get("accept", ""):
            said = {"ok": False, "error": words(lang_of(request))[key]}
            return JSONResponse(said, status, headers=wait)
        answer = page("landing.html", request, status, message=words(lang_of(request))[key])
        answer.headers.update(wait)
        return answer

    def viewer_of(request: Request) -> tuple[str, Viewer] | Response:
        token = request.path_params["token"]
        found = keys.viewer(token)
        # a page's requests count against its own token; guesses against the guesser's address
        client = token if found else "?" + (request.client.host if request.client else "")
        if not limit.allow(client):
            return refused(request, 429, "too_many")
        if found is None:
            return refused(request, 404, "not_found")
        return token, found

    def view_of(viewer: Viewer, lang: str) -> dict[str, Any]:
        return bridge.view(viewer.player, lang, host=viewer.role == "host")

    async def landing(request: Request) -> Response:
        host = request.client.host if request.client else "?"
        if not limit.allow(host):
            return refused(request, 429, "too_many")
        return page("landing.html", request, message=words(lang_of(request))["landing"])

    async def static_file(request: Request) -> Response:
        name = request.path_params["name"]
        if name not in static:
            return Response(status_code=404)
        return Response(static[name], media_type=STATIC[name])

    async def show(request: Request) -> Response:
        found = viewer_of(request)
        if isinstance(found, Response):
            return found
        token, viewer = found
        view = await anyio.to_thread.run_sync(view_of, viewer, lang_of(request))
        return page("page.html", request, token=token, viewer=viewer, v=view, csrf=keys.csrf(token))

    async def live(request: Request) -> Response:
        found = viewer_of(request)
        if isinstance(found, Response):
            return found
        token, viewer = found
        lang = lang_of(request)
        view = await anyio.to_thread.run_sync(view_of, viewer, lang)
        html = env.get_template("live.html").render(
            lang=lang, w=words(lang), token=token, viewer=viewer, v=view, csrf=keys.csrf(token)
        )
        return HTMLResponse(html)

    async def events(request: Request) -> Response:
        found = viewer_of(request)
        if isinstance(found, Response):
            return found

        async def stream() -> AsyncIterator[str]:
            seen = -1
            yield "retry: 1000\n\n"
            while not hub.closing:
                version = await hub.wait(seen, PING_EVERY)
                if version != seen:
                    seen = version
                    yield f"data: {version}\n\n"
                else:
                    yield ": ping\n\n"

        return StreamingResponse(stream(), media_type="text/event-stream")

    async def posted(request: Request) -> tuple[str, Viewer, dict[str, str]] | Response:
        found = viewer_of(request)
        if isinstance(found, Response):
            return found
        token, viewer = found
        origin = request.headers.get("origin")
        if origin is not None and origin.split("://", 1)[-1] != request.headers.get("host"):
            return refused(request, 403, "bad_csrf")
        body = await _body(request)
        if body is None:
            return refused(request, 413, "too_big")
        try:
            form = {k: v[0] for k, v in parse_qs(body.decode("utf-8"), max_num_fields=40).items()}
        except (UnicodeDecodeError, ValueError):
            return refused(request, 400, "bad_csrf")
        if not keys.csrf_ok(token, form.get("csrf", "")):
            return refused(request, 403, "bad_csrf")
        return token, viewer, form

    async def act(request: Request) -> Response:
        found = await posted(request)
        if isinstance(found, Response):
            return found
        token, viewer, form = found
        lang = lang_of(request)
        host = viewer.role == "host"
        try:
            said = await anyio.to_thread.run_sync(
                bridge.act, viewer.player, form.get("move", ""), form, lang, host
            )
            ok, status = True, 200
        except PnpError as exc:
            said = [words(lang)["refused"].format(reason=" ".join(exc.lines()))]
            ok, status = False, 409
        hub.bump(bridge.version)
        if "json" in request.headers.get("accept", ""):
            return JSONResponse({"ok": ok, "lines": said, "version": bridge.version}, status)
        view = await anyio.to_thread.run_sync(view_of, viewer, lang)
        return page("page.html", request, status, token=token, viewer=viewer, v=view,
                    csrf=keys.csrf(token), said=said)  # fmt: skip

    async def odds(request: Request) -> Response:
        found = await posted(request)
        if isinstance(found, Response):
            return found
        _token, viewer, form = found
        lang = lang_of(request)
        try:
            said = await anyio.to_thread.run_sync(
                bridge.odds, viewer.player, form.get("move", ""), form, lang
            )
            return JSONResponse({"ok": True, "lines": said})
        except PnpError as exc:
            return JSONResponse({"ok": False, "lines": exc.lines()}, 409)

    async def watcher() -> None:
        while not hub.closing:
            # the log being replaced or mended: look again next time
            with contextlib.suppress(OSError, PnpError):
                await anyio.to_thread.run_sync(bridge.refresh)
            hub.bump(bridge.version)
            await asyncio.sleep(watch)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.version = bridge.version
        hub._loop = asyncio.get_running_loop()
        task = asyncio.create_task(watcher())
        try:
            yield
        finally:
            hub.closing = True
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    app = Starlette(
        routes=[
            Route("/", landing),
            Route("/static/{name}", static_file),
            Route("/v/{token}", show),
            Route("/v/{token}/live", live),
            Route("/v/{token}/events", events),
            Route("/v/{token}/act", act, methods=["POST"]),
            Route("/v/{token}/odds", odds, methods=["POST"]),
        ],
        lifespan=lifespan,
    )
    app.state.hub = hub
    app.add_middleware(_Guard)
    return app


async def _body(request: Request) -> bytes | None:
    """The request's body, or None past :data:`security.MAX_BODY` bytes (read no further)."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > security.MAX_BODY):
        return None
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > security.MAX_BODY:
            return None
    return body


class _Guard:
    """Adds the security headers to every answer; refuses a request line or header too long."""

    def __init__(self, app: ASGI) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if len(scope.get("raw_path", b"")) + len(scope.get("query_string", b"")) > 2048:
            await send({"type": "http.response.start", "status": 414, "headers": []})
            await send({"type": "http.response.body", "body": b""})
            return

        async def guarded(message: dict[str, Any]) -> None:
            if message["type"] == "http.response.start":
                extra = [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, guarded)
