"""Serving a session: the address to listen on, the join links, their QR codes, the server.

:func:`prepare` opens the session, makes the tokens and binds the socket (so the links name the
port really used, ``--port 0`` included); :func:`run` serves until Ctrl-C or a stop signal.
The server writes nothing of its own to the session: each move is one event appended by the
table's entry under the session's lock, so a server stopped at any moment leaves the session
whole (at worst a last line torn mid-write, never acknowledged, which the next load cuts off).
"""

from __future__ import annotations

import io
import socket
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

import segno
import uvicorn
from starlette.applications import Starlette

from ..errors import UsageError
from ..locale import _
from .app import create_app
from .bridge import Bridge
from .security import Keys

LOOPBACK = "127.0.0.1"
ANY = "0.0.0.0"


@dataclass
class Served:
    """A session ready to serve: its bridge, tokens, application, socket and links."""

    bridge: Bridge
    keys: Keys
    app: Starlette
    sock: socket.socket
    base: str
    links: dict[str, str] = field(default_factory=dict)  # player -> join link

    @property
    def port(self) -> int:
        """The port listened on."""
        return int(self.sock.getsockname()[1])

    @property
    def table(self) -> str:
        """The table page's link (the public view, for a shared screen)."""
        return f"{self.base}/v/{self.keys.table}"

    @property
    def host(self) -> str:
        """The host's link (the public view and the host's moves)."""
        return f"{self.base}/v/{self.keys.host}"


def lan_address() -> str:
    """This computer's address on its network, as other devices reach it (by its host name)."""
    try:
        found = {
            str(info[4][0])
            for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
            if not str(info[4][0]).startswith("127.")
        }
    except OSError:
        found = set()
    return sorted(found)[0] if found else LOOPBACK


def prepare(session: Path, players: list[str] | None, lan: bool, port: int) -> Served:
    """Open ``session``, make the tokens, bind the port (loopback unless ``lan``)."""
    bridge = Bridge(session, players)
    if not bridge.players:
        raise UsageError(_("this session names no players: say who plays with --players Ann,Bo"))
    keys = Keys(bridge.players)
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((ANY if lan else LOOPBACK, port))
    except OSError as exc:
        sock.close()
        raise UsageError(
            _("cannot listen on port {port}: {reason}").format(port=port, reason=exc.strerror)
        ) from None
    sock.listen(64)
    shown = lan_address() if lan else LOOPBACK
    base = f"http://{shown}:{sock.getsockname()[1]}"
    served = Served(bridge, keys, create_app(bridge, keys), sock, base)
    served.links = {p: f"{base}/v/{t}" for p, t in keys.players.items()}
    return served


def qr_text(link: str) -> str:
    """A QR code of ``link`` drawn with text blocks for a terminal."""
    out = io.StringIO()
    segno.make(link, error="m").terminal(out=out, compact=True, border=2)
    return out.getvalue()


def run(served: Served) -> None:
    """Serve until stopped (Ctrl-C or SIGTERM); open event streams are closed within 2 s."""
    config = uvicorn.Config(
        served.app,
        log_level="warning",
        timeout_graceful_shutdown=2,
        limit_concurrency=200,
        h11_max_incomplete_event_size=16 * 1024,
        server_header=False,
    )
    _Server(config, served.app.state.hub).run(sockets=[served.sock])


class _Server(uvicorn.Server):
    """uvicorn's server, ending the pages' event streams as soon as it is asked to stop."""

    def __init__(self, config: uvicorn.Config, hub: Any) -> None:
        super().__init__(config)
        self.hub = hub

    def handle_exit(self, sig: int, frame: FrameType | None) -> None:
        """Close the event streams, then stop as uvicorn does."""
        self.hub.close()
        super().handle_exit(sig, frame)
