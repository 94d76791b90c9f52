"""``sim serve``: loopback by default, one warning line for any other address, and its flags."""

from __future__ import annotations

import pytest

from sim.cli import main
from sim.serve import cli


@pytest.mark.parametrize("host", ["127.0.0.1", "127.3.2.1", "::1", "[::1]", "localhost"])
def test_loopback_addresses(host):
    assert cli.is_loopback(host)


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.168.1.5", "example.org"])
def test_other_addresses(host):
    assert not cli.is_loopback(host)


def serve(monkeypatch, capsys, *args):
    calls = []
    monkeypatch.setattr(cli, "run_server", lambda *a: calls.append(a))
    try:
        main(["serve", *args])
    except SystemExit as exc:
        assert exc.code in (0, None)
    return calls, capsys.readouterr().err


def test_default_is_loopback_without_warning(monkeypatch, capsys):
    calls, err = serve(monkeypatch, capsys)
    assert calls == [("127.0.0.1", 8000, "out/serve", 2, 10.0, False)]
    assert err == ""


def test_other_host_warns_once(monkeypatch, capsys):
    calls, err = serve(monkeypatch, capsys, "--host", "0.0.0.0", "--port", "9000", "--open", "--reports", "r",
                       "--workers", "1", "--time-limit", "3")  # fmt: skip
    assert calls == [("0.0.0.0", 9000, "r", 1, 3.0, True)]
    assert len(err.strip().splitlines()) == 1 and "warning" in err and "0.0.0.0" in err


def test_bad_flag_is_a_usage_error(monkeypatch, capsys):
    monkeypatch.setattr(cli, "run_server", lambda *a: pytest.fail("must not start"))
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--port", "70000"])
    assert exc.value.code == 2
