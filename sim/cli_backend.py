"""The --backend, --scheduler and --local-cluster flags, shared by every command that runs trials."""

from __future__ import annotations

import click

from sim.backends import session
from sim.errors import SimError

BACKEND_OPTIONS = [
    click.Option(
        ["--backend"],
        type=click.Choice(["local", "dask"]),
        default="local",
        show_default=True,
        help="local: joblib processes (--workers); dask: a Dask cluster.",
    ),
    click.Option(["--scheduler"], metavar="tcp://HOST:PORT", help="The Dask scheduler (with --backend dask)."),
    click.Option(
        ["--local-cluster"],
        type=click.IntRange(min=1),
        metavar="N",
        help="Start a Dask LocalCluster of N workers on loopback (with --backend dask).",
    ),
]


def backend_session(opts: dict):
    """The backend every run of this command shares."""
    if opts["backend"] == "local" and (opts.get("scheduler") or opts.get("local_cluster")):
        raise SimError("--scheduler and --local-cluster need --backend dask")
    return session(opts["backend"], opts.get("workers") or 1, opts.get("scheduler"), opts.get("local_cluster"))


def with_backend(command):
    """Add the backend flags to a click command and run its body inside one backend session."""
    callback = command.callback

    def run(**opts):
        backend = {k: opts.pop(k) for k in ("backend", "scheduler", "local_cluster")}
        with backend_session({**backend, "workers": opts.get("workers")}):
            return callback(**opts)

    command.params.extend(BACKEND_OPTIONS)
    command.callback = run
    return command
