"""The table link: bytes per code and the QR version each needs; the time from the last code
entered to the data channel open; a protocol message's round trip over the channel. Everything
runs inside a network namespace of its own (``harness.link_netns``: root and ``unshare``).

    python bench/bench_link.py [--links 5] [--rounds 50] [--site DIR]

Each link is a fresh pair of browser contexts in one Chromium: the host's offer code, the
guest's answer code, then the host enters the answer ("last code entered") and both sides wait
for the channel to open (timed in the host's page, and by the driver from the moment it handed
the answer over). The round trip is a ping from the host answered by the guest's pong, each
checked by the protocol, timed in the host's page. Then the board page (/board/): a host and two
guests linked through the page's own codes, and the time from a tap on one phone until every
phone's board shows the peg (the taps go round host, guest, guest; a guest's tap travels to the
host, which applies it and sends the board back out), on the clock the browser's contexts share.
The machine is shared: the load averages are printed with the figures.
"""

from __future__ import annotations

import argparse
import base64
import os
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

from harness.link_netns import namespace_available, run_in_namespace  # noqa: E402
from harness.run import build_site, free_port  # noqa: E402


def code_bytes(code: str) -> int:
    return len(base64.urlsafe_b64decode(code + "=" * (-len(code) % 4)))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--links", type=int, default=5)
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--pegs", type=int, default=30, help="timed pegs on the linked board")
    parser.add_argument("--site", type=Path, help="a site built for http://127.0.0.1:PORT/ (--port)")
    parser.add_argument("--port", type=int, default=0)
    args = parser.parse_args()
    reason = namespace_available()
    if reason:
        print(f"skipped: {reason}")
        return 0
    with tempfile.TemporaryDirectory() as scratch:
        port = args.port or free_port()
        site = args.site or Path(scratch) / "site"
        if not args.site:
            build_site(site, f"http://127.0.0.1:{port}/", CRIBBAGE_SNAPSHOT="off")
        reports = [run_in_namespace(site, port, args.rounds) for _ in range(args.links)]
        board = run_in_namespace(site, port, args.pegs, page="board")
    report(reports)
    report_board(board)
    return 0


def report(reports: list[dict]) -> None:
    first = reports[0]
    for side in ("offer", "answer"):
        code = first[side]["code"]
        print(f"{side} code: {code_bytes(code)} bytes, {len(code)} characters (base64url), "
              f"QR version {first['qr'][side]['version']} at medium error correction; "
              f"the browser's description: {len(first[side]['sdp'])} characters")
    opens = [r["open_ms"] for r in reports]
    walls = [r["wall_open_ms"] for r in reports]
    trips = [t for r in reports for t in r["round_trips_ms"]]
    print(f"last code entered -> channel open, in the host's page: median {statistics.median(opens):.1f} ms, "
          f"max {max(opens):.1f} ms over {len(opens)} links")
    print(f"  the same seen by the driver (both sides open): median {statistics.median(walls):.1f} ms")
    trips.sort()
    print(f"protocol round trip (ping -> pong, both checked): median {statistics.median(trips):.2f} ms, "
          f"p95 {trips[int(0.95 * (len(trips) - 1))]:.2f} ms over {len(trips)} round trips")


def report_board(board: dict) -> None:
    if board["problems"]:
        print("the linked board run saw problems, so no figures: " + "; ".join(board["problems"]))
        return
    opens = [link["open_ms"] for link in board["links"]]
    pegs = sorted(board["peg_ms"])
    print(f"linked board, answer entered -> guest listed on the host (page UI): "
          f"median {statistics.median(opens):.0f} ms "
          f"over {len(opens)} links")
    print(f"linked board, a tap -> the peg shown on all three phones: median {statistics.median(pegs):.1f} ms, "
          f"p95 {pegs[int(0.95 * (len(pegs) - 1))]:.1f} ms, max {pegs[-1]:.1f} ms over {len(pegs)} pegs")
    print("load averages: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))


if __name__ == "__main__":
    sys.exit(main())
