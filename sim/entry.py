"""The ``sim`` console script: a Ctrl-C or SIGTERM that lands while the libraries are still loading stops quietly
(one line, exit 130 or 143) instead of printing the import's traceback; then ``sim.cli.main`` takes over. Once it
has answered, a late signal (while the worker pools shut down) no longer turns its exit code into a signal's."""

from __future__ import annotations

import os
import signal
import sys


def _quiet(signum, frame) -> None:
    sys.stderr.write("stopped\n")
    sys.stderr.flush()
    os._exit(128 + signum)


def main() -> None:
    ignored = signal.getsignal(signal.SIGINT) is signal.SIG_IGN  # a background job: keep ignoring Ctrl-C
    if not ignored:
        signal.signal(signal.SIGINT, _quiet)
    signal.signal(signal.SIGTERM, _quiet)
    from sim.cli import main as run

    if not ignored:
        signal.signal(signal.SIGINT, signal.default_int_handler)  # KeyboardInterrupt: runs stop cleanly
    # loky's resource tracker (a process of its own) warns about the semaphores of a pool stopped by a signal
    os.environ.setdefault("PYTHONWARNINGS", "ignore::UserWarning:joblib.externals.loky.backend.resource_tracker")
    try:
        run()  # installs its own SIGTERM handler
    finally:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGTERM, signal.SIG_IGN)


if __name__ == "__main__":
    main()
