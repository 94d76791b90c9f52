"""``sim serve``: the battle-odds calculator and the balance pages on a local web server (uvicorn)."""

from __future__ import annotations

import ipaddress
import os
import threading
import webbrowser

import click

LOOPBACK_NAMES = ("localhost",)


def is_loopback(host: str) -> bool:
    if host in LOOPBACK_NAMES:
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def run_server(host: str, port: int, reports: str, workers: int, time_limit: float, open_page: bool) -> None:
    import uvicorn

    from sim.serve.app import Limits, create_app

    app = create_app(reports, workers, Limits(time_limit=time_limit))
    url = f"http://{host if ':' not in host else f'[{host}]'}:{port}/"
    config = uvicorn.Config(app, host=host, port=port, log_level="warning", timeout_graceful_shutdown=5)
    server = uvicorn.Server(config)
    click.echo(f"sim serve: {url} (reports in {os.path.abspath(reports)}; Ctrl-C stops)", err=True)
    if open_page:

        def opener():
            import time

            while not server.started:
                time.sleep(0.1)
            webbrowser.open(url)

        threading.Thread(target=opener, daemon=True).start()
    server.run()


@click.command()
@click.option("--host", default="127.0.0.1", show_default=True, help="Address to listen on (loopback by default).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port to listen on.")
@click.option("--open", "open_page", is_flag=True, help="Open the calculator in the default web browser.")
@click.option("--reports", default="out/serve", show_default=True, type=click.Path(file_okay=False),
              help="The only folder the server writes to: designer reports built from the page.")  # fmt: skip
@click.option("--workers", type=click.IntRange(min=1), default=2, show_default=True, help="Worker processes.")
@click.option("--time-limit", type=click.FloatRange(min=0.1), default=10.0, show_default=True,
              help="Seconds a request may compute before it is stopped (reports: 120 s).")  # fmt: skip
def serve(host, port, open_page, reports, workers, time_limit):
    """A local web calculator for battle odds in every game, with a JSON API (/api/GAME/battle), and a balance page
    per game (/balance/GAME): the shipped verdict and paired what-ifs, the numbers sim compare gives."""
    if not is_loopback(host):
        click.secho(f"warning: --host {host} makes the calculator reachable from other machines (no login)",
                    fg="yellow", err=True)  # fmt: skip
    run_server(host, port, reports, workers, time_limit, open_page)


commands = [serve]
