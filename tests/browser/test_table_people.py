"""People at the table: pass-and-play at one phone, and a four-seat game of two people and two
computers as partners, each beside the same game in CPython's engine (tests/harness/table.py)."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import expect

from harness.browser import ENGINE_TIMEOUT, storage_keys, wait_until
from harness.pagekinds import run_axe
from harness.table import WATCH_WORKER, api, perform, settle, start

NAMES = ["Ann", "Ben", "Cy", "Di"]


class Seats:
    """The same game in CPython, seat by seat: each person's view, as the page asks for it."""

    def __init__(self, seed: int, seats: list[str], variant: str = "standard", by_hand: bool = False) -> None:
        self.reply = api("table_new", seed=seed, level="normal", seats=seats, variant=variant,
                         count_by_hand=by_hand, muggins=by_hand, hints=False)

    @property
    def view(self) -> Any:
        return self.reply["view"]

    def act(self, action: dict[str, Any]) -> None:
        self.reply = api("table_act", private=self.reply["private"], action=action)

    def look(self, seat: int) -> None:
        self.reply = api("table_view", private=self.reply["private"], seat=seat)


def cards_in_page(page: Any) -> set[str]:
    """Every card in the page's DOM but those the show has laid face up for all (hands counted)."""
    codes: list[str] = page.locator("[data-card]").evaluate_all(
        "els => els.filter(e => !e.closest('.show-row:not(.show-row--yours)')).map(e => e.dataset.card)")
    return set(codes)


def hand_over(page: Any, seats: Seats, secret: set[str], by_keyboard: bool) -> None:
    """At the hand-over: the last player's cards are gone from the page, the next one's are not
    there yet; then the next player's tap (or Enter) shows theirs, as the engine deals them."""
    nxt = seats.view["to_act"]
    screen = page.locator("[data-handover]")
    expect(screen).to_be_visible()
    expect(page.locator("[data-handover-title]")).to_have_text(f"Pass the phone to {NAMES[nxt]}")
    if not seats.view["hand"] and not seats.view["kept"]:  # after the cut: no cards were in view to put away
        expect(page.locator("[data-handover-text]")).not_to_contain_text("put away")
    assert not secret & cards_in_page(page), "the last player's cards are still in the page"
    assert page.locator("[data-hand] *").count() == 0 and page.locator("[data-log] li").count() == 0
    seats.look(nxt)
    assert not set(seats.view["hand"]) & cards_in_page(page), "the next hand is in the page before the tap"
    if by_keyboard:
        assert page.evaluate("document.activeElement.matches('[data-show-hand]')")
        page.keyboard.press("Enter")
    else:
        page.locator("[data-show-hand]").click()
    settle(page)
    expect(screen).to_be_hidden()
    hand = page.locator("[data-hand] button").evaluate_all("els => els.map(e => e.dataset.card)")
    assert hand == seats.view["hand"]
    each_seat_keeps_its_colour(page, seats.view)


COLOURS = ["blue", "red", "green"]
# What the felt shows of its seats after a hand-over, read in one trip (the page has settled).
FELT_SEATS = """() => ({
    scores: document.querySelector('p[data-scores]').textContent,
    board: document.querySelector('[data-board] [data-layout="wide"]').getAttribute('aria-label'),
    pile: [...document.querySelectorAll('[data-pile] li')].map(e => [Number(e.dataset.seat), e.className]),
    said: document.querySelector('[data-turn-said]').textContent,
    badge: document.querySelector('.felt__seat[data-position="bottom"] .felt__turn').textContent,
})"""


def each_seat_keeps_its_colour(page: Any, view: Any) -> None:
    """After a hand-over the felt is turned to the person holding the phone, but each seat keeps the
    colour (and the board track) of its seat in the game; the badge and the turn said name that person."""
    seat, sides, players = view["seat"], len(view["scores"]), len(view["seat_kinds"])
    me = NAMES[seat]
    felt = page.evaluate(FELT_SEATS)
    first = rf"^[^·]*\b{me}\b[^·]*\({COLOURS[seat % sides]}\)"  # the felt's first side is that person's
    assert re.match(first, felt["scores"]), felt["scores"]
    assert re.match(r"Pegging board: [^,]*\bAnn\b", felt["board"]), felt["board"]  # the first track is Ann's, always
    for shown, classes in felt["pile"]:
        game_seat = (shown + seat) % players
        assert f"pile__card--p{game_seat % sides}" in classes.split(), (shown, classes)
    assert (felt["said"], felt["badge"]) == (f"{me}'s turn.", f"{me}'s turn"), felt


def seen_scores(view: Any) -> list[int]:
    """The scores as the page shows them to the seat holding the phone: that seat's side first."""
    scores: list[int] = view["scores"]
    side = view["seat"] % len(scores)
    return scores[side:] + scores[:side]


def play_until(page: Any, seats: Seats, done: Any, steps: int = 200) -> int:
    """The first legal move of the seat to act, and each hand-over, until ``done(view)``: the hand-overs."""
    handovers = 0
    thrown: dict[int, set[str]] = {}  # each person's throw, theirs alone until the crib is shown
    for _ in range(steps):
        view = seats.view
        if done(view):
            break
        if view["to_act"] != view["seat"] and view["seat_kinds"][view["to_act"]] == "human":
            secret = set(view["hand"]) | thrown.get(view["seat"], set())  # the cards not yet laid, and the throw
            hand_over(page, seats, secret, by_keyboard=handovers % 2 == 0)
            handovers += 1
            continue
        action = dict(view["legal"][0])
        if action["kind"] == "count" and view["count_by_hand"]:
            action["claim"] = {"total": 0}  # each person counts their own, and misses it all: muggins
        perform(page, action)
        seats.act(action)
        if action["kind"] == "discard":
            thrown[action["player"]] = set(action["cards"])
        if any(event["type"] == "show" and event.get("part") == "crib" for event in seats.view["events"]):
            thrown.clear()
        assert page.get_attribute("[data-table-page]", "data-scores") == ",".join(map(str, seen_scores(seats.view)))
    return handovers


def test_two_people_pass_the_phone_through_a_deal_and_its_show(warm_page, server):
    page = warm_page
    page.add_init_script(WATCH_WORKER)
    start(page, server, 11, players=["human", "human", "computer", "computer"], names=NAMES,
          countByHand=True, muggins=True)
    seats = Seats(11, ["human", "human"], by_hand=True)
    expect(page.locator("p[data-scores]")).to_contain_text("Ann (blue) 0")
    # into the play, then a reload at a hand-over: back to the hand-over, no one's cards shown
    play_until(page, seats, lambda view: view["phase"] == "play" and view["to_act"] != view["seat"])
    expect(page.locator("[data-handover]")).to_be_visible()
    assert not run_axe(page)
    page.reload()
    expect(page.locator("[data-handover-title]")).to_have_text(f"Pass the phone to {NAMES[seats.view['to_act']]}",
                                                               timeout=ENGINE_TIMEOUT)
    assert page.locator("[data-hand] *").count() == 0
    assert not set(api_hand(seats)) & cards_in_page(page)
    received = page.evaluate("window.__fromWorker.join('\\n')")
    assert '"cards"' in received and '"view"' not in received  # the deck's names came; no seat's view before the tap
    handovers = play_until(page, seats, lambda view: view["hand_number"] >= 2 and view["phase"] == "discard")
    assert handovers >= 8  # every turn of the play and each count changed hands
    assert sum(seats.view["scores"]) > 0
    expect(page.locator("[data-log] li").first).to_be_attached()
    log_names_both_people(page)
    finish_in_the_worker(page)
    page.reload()
    expect(page.locator("[data-log] li").last).to_have_text(re.compile(r"^(Ann|Ben) wins, 121 to \d+\."),
                                                            timeout=ENGINE_TIMEOUT)
    each_person_is_reviewed_recorded_and_replayed(page)


# The rest of the game played in the page's own engine (each seat's first legal move, from its
# own view), saved as the table saves it: the hand-overs above have been pressed enough.
FINISH = """async ([key]) => {
    const { engine } = await import('/assets/js/engine.js');
    const saved = JSON.parse(localStorage.getItem(key));
    const ask = async (method, params) => (await engine.call(method, params)).result;
    let reply = await ask('table_view', { sealed: saved.sealed, seat: saved.handOver ?? saved.shown });
    for (let step = 0; step < 3000 && !reply.view.result; step++) {
        const view = reply.view;
        if (view.to_act !== view.seat) {
            reply = await ask('table_view', { sealed: reply.sealed, seat: view.to_act });
            continue;
        }
        const [first] = view.legal;
        const action = first.kind === 'count' && view.count_by_hand ? { ...first, claim: { total: 0 } } : first;
        reply = await ask('table_act', { sealed: reply.sealed, action });
    }
    const shown = reply.view.seat;
    localStorage.setItem(key, JSON.stringify({ ...saved, sealed: reply.sealed, shown, handOver: null }));
    return reply.view.result;
}"""


def log_names_both_people(page: Any) -> None:
    """The log names each person the same whoever holds the phone: no "you", no computer."""
    said = " ".join(page.locator("[data-log] li").all_text_contents())
    assert "Ann cuts the " in said and "Ben cuts the " in said, said
    assert re.search(r"\b(Ann|Ben) deals hand 2\.", said), said
    assert not re.search(r"\b(You|you|The computer)\b", said), said


def finish_in_the_worker(page: Any) -> None:
    result = page.evaluate(FINISH, [storage_keys(page)["table"]])
    assert result is not None and max(result["scores"]) >= 121


def each_person_is_reviewed_recorded_and_replayed(page: Any) -> None:
    """At the end: a game review for each person, the record naming both, each person's record and
    trend under their name, and the record replayed with the names."""
    reviews = page.locator("[data-review-game]")
    expect(reviews).to_have_text(["Review Ann's game", "Review Ben's game"], timeout=ENGINE_TIMEOUT)
    keys = storage_keys(page)
    read = f"JSON.parse(localStorage.getItem({keys['reviewTrend']!r}) || 'null')"
    wait_until(page, f"async () => {read}?.games.length === 2", ENGINE_TIMEOUT)
    assert page.evaluate(f"{read}.games.map(g => g.player)") == ["Ann", "Ben"]  # each under their own name
    record = page.evaluate("async () => (await fetch(document.querySelector('[data-download-record]').href)).text()")
    assert "\nplayers: human Ann | human Ben\n" in record
    expect(page.locator("[data-record] caption")).to_have_text([
        "Ann's games, and average points per deal (Ann's side / the others)",
        "Ben's games, and average points per deal (Ben's side / the others)"])
    reviews.nth(1).click()
    expect(page.locator("[data-review-title]")).to_have_text("Ben's game")
    expect(page.locator("[data-review-seen]")).to_have_text(
        "Each figure is worked out from what Ben could see at the time, never from the other players' hidden cards.")
    expect(page.locator("[data-review-body]")).not_to_be_empty(timeout=ENGINE_TIMEOUT)
    page.locator("[data-review-close]").click()
    page.locator("[data-replay-record]").click()
    expect(page.locator(".replay__seat-name").first).to_have_text("Ann", timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-replay-scores]")).to_contain_text("Ann 0 (121 to go) · Ben 0 (121 to go)")
    # dealt again as it was played: to two people, and said so without a computer
    again = re.compile(r"#variant=standard&seats=human,human$")
    expect(page.locator("[data-replay-again]")).to_have_attribute("href", again)
    expect(page.locator("[data-replay-again-why]")).not_to_contain_text("computer")


def api_hand(seats: Seats) -> list[str]:
    """The next player's cards, from the engine (the page must not hold them before the tap)."""
    hand: list[str] = api("table_view", private=seats.reply["private"], seat=seats.view["to_act"])["view"]["hand"]
    return hand


def test_two_people_partner_each_other_against_two_computers(warm_page, server):
    """Opened from a link that seats them (as the variants page's), one computer at a level of its own."""
    page = warm_page
    start(page, server, 4, "#variant=four-player&seats=human,strong,human,computer", dealt=False,
          names=[NAMES[0], "", "", ""])
    names_are_asked_and_must_differ(page)
    seats = Seats(4, ["human", "strong", "human", "normal"], variant="four-player")
    expect(page.locator("[data-seating]")).to_contain_text(
        "Partners: Ann and Cy against Computer (Strong) and Computer")
    expect(page.locator("[data-player-row='1'] [data-player-kind]")).to_have_value("strong")
    expect(page.locator("[data-player-row='1'] [data-player-name]")).to_have_value("")  # Ben's seat is a computer's now
    assert page.evaluate("location.hash") == ""  # the link is followed once
    expect(page.locator("p[data-scores]")).to_contain_text("Ann and Cy")
    def cy_has_laid(view: Any) -> bool:
        return view["seat"] == 2 and view["phase"] == "play" and len(view["kept"]) > len(view["hand"])

    handovers = play_until(page, seats, cy_has_laid)
    assert handovers >= 2
    assert seats.view["seat"] == 2  # Cy, the partner, has thrown and laid a card from his own seat
    # each computer is called by its seat in the game on the felt (the log's words: tests/engine/test_seats.py)
    felt = page.locator(".felt").inner_text()
    assert "Computer 2" in felt and "Computer 4" in felt and "Left player" not in felt, felt


def names_are_asked_and_must_differ(page: Any) -> None:
    """The link seats Cy, whose name this phone does not know: no game yet, the set-up open at
    Cy's field. A name Ann already has (in other capitals) is refused beside it, and New game waits;
    a name is kept as it is typed, before the field is left."""
    field = page.locator("[data-player-row='2'] [data-player-name]")
    expect(field).to_be_focused(timeout=ENGINE_TIMEOUT)
    expect(page.locator("[data-table-notice]")).to_contain_text("names are optional")
    expect(page.locator("[data-names-hint]")).to_have_text(re.compile(r"optional, 20 characters"))
    assert field.get_attribute("maxlength") == "20"
    assert page.locator("[data-actions] button").count() == 0  # not started as "Player 3"
    page.keyboard.type("ann")
    expect(field).to_have_attribute("aria-invalid", "true")
    error = page.locator("[data-player-row='2'] [data-name-error]")
    expect(error).to_have_text("Seat 1 is already called Ann: give each person a different name.")
    page.locator("[data-new-game]").click()
    expect(field).to_be_focused()
    expect(field).to_have_value("ann")  # the typed text kept
    assert page.locator("[data-actions] button").count() == 0
    page.keyboard.press("Control+a")
    page.keyboard.type(NAMES[2])
    expect(error).to_be_hidden()
    kept = f"JSON.parse(localStorage.getItem({storage_keys(page)['tableSettings']!r})).names[2]"
    assert page.evaluate(kept) == NAMES[2]  # kept without leaving the field
    page.locator("[data-new-game]").click()
    expect(page.locator("[data-actions] button").first).to_be_visible(timeout=ENGINE_TIMEOUT)
    settle(page)
