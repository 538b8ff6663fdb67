"""Two browser contexts linked by WebRTC through the page modules' text codes, inside a network
namespace of their own (the WebRTC test and the link benchmark).

    unshare --net python -m harness.link_netns SITE PORT [--rounds N] [--sdp-only]

Run as root under ``unshare --net`` (``run_in_namespace`` does it): it gives the new namespace a
loopback and a veth pair with a private address and a default route (Chromium gathers no host
candidate without a default route, and none from loopback alone), serves the built ``SITE`` on
127.0.0.1:PORT inside the namespace (the port the site was built for), and drives Chromium
there. Nothing outside the namespace can be reached from it, so no address outside it is ever
contacted. Prints one JSON object: the codes, their sizes and QR versions, what each side
received, the timings, and any problem seen (a request to another origin, a page error).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright

from harness.browser import launch_with
from harness.table import WHOLE_GAMES, api
from harness.table import start as start_table
from harness.table_link import finished, play, start_linked
from harness.table_link import phone as guest_phone
from static_host import StaticServer

VETH_ADDRESS = "10.99.0.1/24"
# No mDNS responder in the namespace: the candidates carry the veth's address instead of a name.
EXTRA_FLAGS = ("--disable-features=WebRtcHideLocalIpsWithMdns",)
MODULES = """async () => {
  const base = location.origin + '/assets/js/link/';
  window.link = {
    transport: await import(base + 'transport.js'),
    codes: await import(base + 'codes.js'),
    protocol: await import(base + 'protocol.js'),
    qr: await import(base + 'qr.js'),
  };
}"""
OFFER = """async () => {
  const made = await link.transport.rtcOffer();
  window.side = made;
  made.transport.onMessage((text) => { (window.received ??= []).push(text); });
  return {sdp: made.sdp, code: link.codes.encode(made.sdp, 'offer')};
}"""
ANSWER = """async (code) => {
  const decoded = link.codes.decode(code);
  if (!decoded.ok) throw new Error(decoded.error);
  const made = await link.transport.rtcAnswer(link.codes.toSdp(decoded.value));
  window.side = made;
  made.transport.onMessage((text) => {
    (window.received ??= []).push(text);
    const parsed = link.protocol.parse(text);
    if (parsed.ok && parsed.message.type === 'ping') {
      const pong = link.protocol.message('pong', 1, ++window.seq, {t: parsed.message.body.t});
      made.transport.send(link.protocol.serialize(pong));
    }
  });
  window.seq = 0;
  return {sdp: made.sdp, code: link.codes.encode(made.sdp, 'answer')};
}"""
ACCEPT = """async (code) => {
  const decoded = link.codes.decode(code);
  if (!decoded.ok) throw new Error(decoded.error);
  const start = performance.now();
  await side.accept(link.codes.toSdp(decoded.value));
  await side.transport.open();
  return performance.now() - start;
}"""
OPENED = "async () => { await side.transport.open(); return true; }"
# The host pings the guest, which answers with a pong through the protocol: each round trip
# timed from the send to the validated answer.
ROUND_TRIPS = """async (rounds) => {
  const times = [];
  for (let i = 1; i <= rounds; i += 1) {
    const start = performance.now();
    const answered = new Promise((resolve) => side.transport.onMessage(function once(text) {
      const parsed = link.protocol.parse(text);
      if (parsed.ok && parsed.message.type === 'pong' && parsed.message.body.t === i) resolve(parsed.message);
    }));
    side.transport.send(link.protocol.serialize(link.protocol.message('ping', 0, i, {t: i})));
    await answered;
    times.push(performance.now() - start);
  }
  return times;
}"""
QR_ROUND = """async (code) => {
  const drawn = link.qr.draw(code);
  const canvas = document.createElement('canvas');
  link.qr.paint(canvas, drawn.modules, 4);
  const pixels = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
  return {version: drawn.version, read: await link.qr.read(pixels)};
}"""


# The board page (/board/): each page records when its board first shows the scores it is waiting
# for, on the clock every context of one browser shares (timeOrigin + now).
WATCH_SCORES = """(scores) => { window.seenScores = new Promise((resolve, reject) => {
  const root = document.querySelector('[data-board-page]');
  const seen = () => root.dataset.scores === scores;
  const stamp = () => performance.timeOrigin + performance.now();
  if (seen()) { resolve(stamp()); return; }
  setTimeout(() => reject(new Error(`the board shows ${root.dataset.scores}, not ${scores}`)), 10000);
  new MutationObserver((_, observer) => {
    if (seen()) { observer.disconnect(); resolve(stamp()); }
  }).observe(root, {attributes: true, attributeFilter: ['data-scores']});
}); }"""
TAP = """(selector) => {
  const start = performance.timeOrigin + performance.now();
  document.querySelector(selector).click();
  return start;
}"""
READ_QR_CANVAS = """async () => {
  const qr = await import(location.origin + '/assets/js/link/qr.js');
  const canvas = document.querySelector('[data-link-qr]');
  return qr.read(canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height));
}"""


def setup_namespace() -> None:
    """Loopback up, and a veth pair with a private address and the default route through it.

    IPv6 is off in the namespace: a link-local address that turns valid a moment after the link
    comes up (duplicate address detection) is a network change to Chromium, which drops the loads
    in flight (net::ERR_NETWORK_CHANGED)."""
    for setting in ("all", "default"):
        Path(f"/proc/sys/net/ipv6/conf/{setting}/disable_ipv6").write_text("1\n")  # this namespace's own
    for command in (["ip", "link", "set", "lo", "up"],
                    ["ip", "link", "add", "v0", "type", "veth", "peer", "name", "v1"],
                    ["ip", "addr", "add", VETH_ADDRESS, "dev", "v0"],
                    ["ip", "link", "set", "v0", "up"], ["ip", "link", "set", "v1", "up"],
                    ["ip", "route", "add", "default", "dev", "v0"]):
        subprocess.run(command, check=True, capture_output=True)


def namespace_available() -> str:
    """Why the namespace cannot be made here, or "" when it can."""
    if os.geteuid() != 0:
        return "making a network namespace needs root"
    if not shutil.which("unshare") or not shutil.which("ip"):
        return "unshare or ip (util-linux, iproute2) is not installed"
    probe = subprocess.run(["unshare", "--net", "true"], capture_output=True, text=True)
    return "" if probe.returncode == 0 else f"unshare --net failed: {probe.stderr.strip()}"


def run_in_namespace(site: Path, port: int, rounds: int, timeout: float = 300, page: str = "") -> dict[str, Any]:
    """This module run under ``unshare --net``: its JSON report (``page``: "board" or "table" to drive that page)."""
    harness_root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(harness_root), str(harness_root.parents[1] / "tools"),
                                                       os.environ.get("PYTHONPATH", "")]))
    done = subprocess.run(["unshare", "--net", sys.executable, "-m", "harness.link_netns", str(site), str(port),
                           "--rounds", str(rounds), *([f"--{page}"] if page else [])],
                          capture_output=True, text=True, timeout=timeout, env=env)
    if done.returncode:
        raise RuntimeError(f"the namespace driver failed ({done.returncode}):\n{done.stderr[-4000:]}")
    report: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return report


def drive(browser: Any, origin: str, rounds: int, sdp_only: bool = False) -> dict[str, Any]:
    """Host and guest in two contexts: offer code, answer code, open, protocol both ways, QR."""
    problems: list[str] = []
    pages = []
    for _ in range(2):
        context = browser.new_context()
        page = context.new_page()
        page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
        page.on("console", lambda note: note.type == "error" and problems.append(f"console: {note.text}"))
        page.on("request", lambda request: request.url.startswith((origin, "data:", "blob:"))
                or problems.append(f"request to another origin: {request.url}"))
        page.goto(origin + "board/")
        page.evaluate(MODULES)
        pages.append(page)
    host, guest = pages
    offer = host.evaluate(OFFER)
    answer = guest.evaluate(ANSWER, offer["code"])
    if sdp_only:
        return {"offer": offer["sdp"], "answer": answer["sdp"]}
    last_code_entered = time.perf_counter()
    open_ms = host.evaluate(ACCEPT, answer["code"])
    guest.evaluate(OPENED)
    wall_open_ms = (time.perf_counter() - last_code_entered) * 1000
    round_trips = host.evaluate(ROUND_TRIPS, rounds)
    return {
        "offer": offer, "answer": answer, "open_ms": open_ms, "wall_open_ms": wall_open_ms,
        "round_trips_ms": round_trips,
        "host_received": host.evaluate("window.received ?? []"),
        "guest_received": guest.evaluate("window.received ?? []"),
        "qr": {"offer": host.evaluate(QR_ROUND, offer["code"]), "answer": guest.evaluate(QR_ROUND, answer["code"])},
        "problems": problems,
    }


def new_phone(browser: Any, origin: str, problems: list[str]) -> Any:
    """A fresh phone (a context of its own) whose page errors, warnings and other origins are noted."""
    page = browser.new_context().new_page()
    page.on("pageerror", lambda error: problems.append(f"page error: {error}"))
    # a refused message is logged as a warning: none is expected here
    page.on("console", lambda note: note.type in ("error", "warning") and problems.append(f"console: {note.text}"))
    page.on("request", lambda request: request.url.startswith((origin, "data:", "blob:"))
            or problems.append(f"request to another origin: {request.url}"))
    return page


def open_board(browser: Any, origin: str, problems: list[str]) -> Any:
    """A fresh phone on the board page with its link panel open and loaded."""
    page = new_phone(browser, origin, problems)
    page.goto(origin + "board/")
    page.wait_for_selector("[data-board-page][data-ready]", state="attached")
    page.click("[data-link] summary")
    page.wait_for_selector("[data-link][data-ready]", state="attached")
    return page


def link_guest(host: Any, guest: Any, name: str) -> dict[str, Any]:
    """One guest linked through the pages' own text codes: the host's offer, the guest's answer."""
    host.click("[data-link-host]")
    host.wait_for_function("document.querySelector('[data-link-code]').value !== ''")
    offer = host.input_value("[data-link-code]")
    guest.fill("[data-link-name]", name)
    guest.click("[data-link-join]")
    guest.fill("[data-link-input]", offer)
    guest.click("[data-link-go]")
    guest.wait_for_function("document.querySelector('[data-link-code]').value !== ''")
    answer = guest.input_value("[data-link-code]")
    linked = len(host.query_selector_all("[data-link-phones] li")) + 1
    start = time.perf_counter()
    host.fill("[data-link-input]", answer)
    host.click("[data-link-go]")
    host.wait_for_function(f"document.querySelectorAll('[data-link-phones] li').length === {linked}")
    guest.wait_for_function("document.querySelector('[data-link-status]').textContent.startsWith('Linked to the host')")
    return {"offer": offer, "answer": answer, "open_ms": (time.perf_counter() - start) * 1000}


def tap_everywhere(tapper: Any, phones: list[Any], selector: str, scores: str) -> dict[str, Any]:
    """A tap on one phone, and the time until every phone's board shows `scores`."""
    for phone in phones:
        phone.evaluate(WATCH_SCORES, scores)
    start = tapper.evaluate(TAP, selector)
    seen = [phone.evaluate("window.seenScores") for phone in phones]
    return {"ms": max(seen) - start, "undo": [phone.text_content("[data-undo]") for phone in phones]}


def drive_board(browser: Any, origin: str, rounds: int) -> dict[str, Any]:
    """The board shared by a host and two guests: linked by the page's codes, a peg from each
    guest, a shared undo, `rounds` more pegs timed until they show on every phone, then a guest
    that reloads, keeps its board and links again."""
    problems: list[str] = []
    host, ben, cy = phones = [open_board(browser, origin, problems) for _ in range(3)]
    host.click("[data-board-setup] [data-start]")
    links = [link_guest(host, ben, "Ben")]
    qr_read = host.evaluate(READ_QR_CANVAS)  # the drawn offer, read back from the canvas's pixels
    links.append(link_guest(host, cy, "Cy"))
    qr_offer = links[0]["offer"]
    if problems:
        return {"problems": problems}
    steps = [tap_everywhere(ben, phones, '[data-side="0"][data-peg="2"]', "2,0"),
             tap_everywhere(cy, phones, '[data-side="1"][data-peg="4"]', "2,4"),
             tap_everywhere(ben, phones, "[data-undo]", "2,0")]
    timed = [tap_everywhere(phones[i % 3], phones, '[data-side="1"][data-peg="1"]', f"2,{i + 1}")["ms"]
             for i in range(rounds)]
    # Ben's phone reloads: it keeps the board it was sent, and links again with one new pair of codes
    ben.reload()
    ben.wait_for_selector("[data-board-page][data-ready]", state="attached")
    kept = ben.get_attribute("[data-board-page]", "data-scores")
    ben.click("[data-link] summary")
    ben.wait_for_selector("[data-link][data-ready]", state="attached")
    links.append(link_guest(host, ben, "Ben"))
    steps.append(tap_everywhere(ben, phones, '[data-side="0"][data-peg="3"]', f"5,{rounds}"))
    return {"links": links, "qr": {"read": qr_read, "offer": qr_offer}, "steps": steps, "peg_ms": timed, "kept": kept,
            "phones": [phone.text_content("[data-link-phones]") for phone in phones],
            "problems": problems}


# The finished game's record as this phone offers it to download (the host writes its own, a guest
# keeps the one its host sent).
RECORD = """async () => {
  const link = document.querySelector('[data-download-record]');
  while (!link.href.startsWith('blob:')) await new Promise((resolve) => setTimeout(resolve, 20));
  return (await fetch(link.href)).text();
}"""


def drive_table(browser: Any, origin: str) -> dict[str, Any]:
    """A two-seat game of five-card cribbage linked through the page's own text codes (the host's
    drawn QR code read back from the canvas), played to the end, each move on its seat's phone,
    the guest's page and storage checked after every move (``play``) and its end checked against
    the engine (``finished``); the record each phone offers to download."""
    problems: list[str] = []
    host = new_phone(browser, origin, problems)
    host.emulate_media(reduced_motion="reduce")
    start_table(host, origin, 5, variant="five-card")
    guest = guest_phone(new_phone(browser, origin, problems), origin, host, 1)
    links: list[dict[str, Any]] = []
    table = start_linked(host, [guest], "five-card", lambda h, g, _: links.append(link_guest(h, g, "Ben")))
    qr_read = host.evaluate(READ_QR_CANVAS)
    first_deal = play([host, guest], table, lambda view: view["phase"] == "play" and sum(view["cards_held"]) <= 3)
    guest_log = guest.locator("[data-log] li").all_text_contents()  # three cards laid: both seats have laid one
    if not WHOLE_GAMES:  # the suite's own run: the rest of the first deal (the whole game: make test-all)
        moves = first_deal + play([host, guest], table, lambda view: view["hand_number"] >= 1)
        return {"links": links, "qr": {"read": qr_read, "offer": links[0]["offer"]}, "moves": moves, "whole": False,
                "hands": table.view(0)["hand_number"], "phones": host.text_content("[data-link-phones]"),
                "guest_log": guest_log, "problems": problems}
    moves = first_deal + play([host, guest], table, lambda view: view["result"] is not None)
    finished([host, guest], table, ["Player 1", "Ben"])
    return {"links": links, "qr": {"read": qr_read, "offer": links[0]["offer"]}, "moves": moves, "whole": True,
            "hands": table.view(0)["hand_number"], "phones": host.text_content("[data-link-phones]"),
            "guest_status": guest.text_content("[data-link-status]"), "guest_log": guest_log,
            "records": [host.evaluate(RECORD), guest.evaluate(RECORD)],
            "engine_record": api("record", private=table.private, names=["Player 1", "Ben"])["text"],
            "problems": problems}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("site", type=Path)
    parser.add_argument("port", type=int)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sdp-only", action="store_true", help="only the two descriptions (test fixtures)")
    parser.add_argument("--board", action="store_true", help="the board page: a host and two guests")
    parser.add_argument("--table", action="store_true", help="the table: a host and a guest, a whole game")
    parser.add_argument("--mdns", action="store_true", help="Chromium's default .local candidates")
    args = parser.parse_args(argv)
    setup_namespace()
    with StaticServer(args.site, port=args.port) as origin, sync_playwright() as playwright:
        browser = launch_with(playwright, () if args.mdns else EXTRA_FLAGS)
        try:
            if args.table:
                report = drive_table(browser, origin)
            elif args.board:
                report = drive_board(browser, origin, args.rounds)
            else:
                report = drive(browser, origin, args.rounds, args.sdp_only)
        finally:
            browser.close()
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
