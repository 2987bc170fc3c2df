"""``pnp serve``: the session as a local web page, one view per player.

Parses the options, prepares the server (:mod:`generator.web.serve`), prints the table's
address and each player's join link with its QR code in the chosen language, and serves.
"""

from __future__ import annotations

import json

import click

from ..errors import printable
from ..locale import _, current_language
from .table_common import common


@click.command()
@click.option(
    "--players", default="", help="Comma-separated player names, when the session names none."
)
@click.option("--lan", is_flag=True, help="Listen on the local network, not only on this computer.")
@click.option("--port", type=click.IntRange(0, 65535), default=8765, show_default=True,
              help="Port to listen on (0: any free port).")  # fmt: skip
@click.option("--no-qr", is_flag=True, help="Print the links without QR codes.")
@common
def serve(
    players: str,
    lan: bool,
    port: int,
    no_qr: bool,
    session_path: str | None,
    as_json: bool,
    lang: str | None,
) -> None:
    """Serve the session as a web page: a table page, a host page and one page per player."""
    from ..companion.table import Table
    from ..web.serve import LOOPBACK, prepare, qr_text, run

    names = [p.strip() for p in players.split(",") if p.strip()]
    served = prepare(Table.open(session_path).path, names or None, lan, port)
    if as_json:
        info = {"table": served.table, "host": served.host, "players": served.links}
        click.echo(json.dumps(info, ensure_ascii=False), nl=True)
    else:
        if lan and not served.base.startswith(f"http://{LOOPBACK}:"):
            click.echo(
                _("Listening on the local network at {address}.").format(address=served.base)
            )
        elif lan:
            click.echo(
                _(
                    "Listening on every address of this computer, port {port}; its address on the "
                    "local network is in its network settings."
                ).format(port=served.port)
            )
        else:
            click.echo(
                _(
                    "Listening on this computer only ({address}); --lan opens it to the local network."
                ).format(address=LOOPBACK)
            )
        click.echo(_("Table page (for a shared screen): {link}").format(link=served.table))
        click.echo(_("Host page (undo, next phase, reveal): {link}").format(link=served.host))
        for player, link in served.links.items():
            click.echo(
                printable(
                    _("{player}'s page, for {player} alone: {link}").format(
                        player=served.bridge.name(player, current_language()), link=link
                    )
                )
            )
            if not no_qr:
                click.echo(qr_text(link))
        click.echo(_("Press Ctrl-C to stop; the session is saved after every move."))
    run(served)
