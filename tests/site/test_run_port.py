"""A test run serves its site on its checkout's own port when it can (a warm build then reuses the
compressed pages of the last run), and on any free port when that one is taken."""

from __future__ import annotations

from harness.run import CHECKOUT_PORTS, checkout_port, free_port, serve


def _port(url: str) -> int:
    return int(url.rstrip("/").rsplit(":", 1)[1])


def test_a_checkout_keeps_its_port_from_run_to_run_and_another_checkout_gets_another(tmp_path):
    ports = {checkout_port(tmp_path / f"checkout-{n}") for n in range(20)}
    assert checkout_port(tmp_path / "checkout-0") == checkout_port(tmp_path / "checkout-0")
    assert ports <= set(CHECKOUT_PORTS)
    assert len(ports) >= 18  # spread over the range (two of twenty may meet by chance)


def test_the_server_takes_the_port_asked_for_or_any_free_one_while_it_is_taken(tmp_path):
    wanted = free_port()
    first = serve(tmp_path, wanted)
    with first as url:
        assert _port(url) == wanted
        second = serve(tmp_path, wanted)  # the port is taken by the first server
        with second as other:
            assert _port(other) not in (wanted, 0)
