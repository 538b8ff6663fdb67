"""A tiny referee for every variant, written from the rule books and not from the engine.

It imports nothing of ``cribbage``: cards are the two-letter codes of the JSON event log, and the
variants are its own table below. Given the cards each deal gave each seat (and the crib) and a
game's event log, it replays the game by its own rules, taking from the log only the choices the
players made (the cuts, the throws, the starter, which card to lay), and checks every other event
the engine wrote: whose turn it was, every go, every last card, every score and its reason, the
counts, the resets, the show's order and totals, three for last, his heels, and the ending the
instant a side reaches the game hole, with its skunks. ``referee`` raises ``Mismatch`` at the
first event that differs from what the rules say must happen.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

RANKS = "A23456789TJQK"

# name: (players, sides, cards kept, cards thrown, game hole, skunk line, double skunk line,
#        play goes on after a go or 31, three for last)
VARIANTS = {
    "standard": (2, 2, 4, 2, 121, 91, 61, True, 0),
    "five-card": (2, 2, 3, 2, 61, 31, 0, False, 3),
    "three-player": (3, 3, 4, 1, 121, 91, 61, True, 0),
    "four-player": (4, 2, 4, 1, 121, 91, 61, True, 0),
}


class Mismatch(AssertionError):
    """The engine's log differs from what the rules say happens next."""


def rank(code: str) -> int:
    return RANKS.index(code[0]) + 1


def value(code: str) -> int:
    return min(rank(code), 10)


def is_run(codes: tuple[str, ...] | list[str]) -> bool:
    ranks = sorted(rank(c) for c in codes)
    return len(set(ranks)) == len(ranks) and ranks[-1] - ranks[0] == len(ranks) - 1


def show_points(hand: list[str], starter: str, is_crib: bool) -> int:
    """Every subset asked whether it scores: fifteens, pairs, the longest runs, flush, nobs."""
    cards = hand + [starter]
    subsets = [s for n in range(2, len(cards) + 1) for s in combinations(cards, n)]
    points = 2 * sum(1 for s in subsets if sum(map(value, s)) == 15)
    points += 2 * sum(1 for s in subsets if len(s) == 2 and rank(s[0]) == rank(s[1]))
    runs = [s for s in subsets if len(s) >= 3 and is_run(s)]
    longest = max((len(s) for s in runs), default=0)
    points += sum(longest for s in runs if len(s) == longest)
    if len({c[1] for c in hand}) == 1:  # one point a hand card; the crib only with the starter too
        if starter[1] == hand[0][1]:
            points += len(hand) + 1
        elif not is_crib:
            points += len(hand)
    return points + sum(1 for c in hand if c[0] == "J" and c[1] == starter[1])


def play_points(count: list[str]) -> int:
    """What the last card laid onto a count scores (not the go)."""
    total = sum(map(value, count))
    points = 2 if total in (15, 31) else 0
    same = 1
    while same < len(count) and rank(count[-1 - same]) == rank(count[-1]):
        same += 1
    points += {1: 0, 2: 2, 3: 6, 4: 12}[same]
    return points + max((n for n in range(3, len(count) + 1) if is_run(count[-n:])), default=0)


class _Referee:
    def __init__(self, variant: str, deals: list[dict[str, Any]], events: list[dict[str, Any]]) -> None:
        (self.players, self.sides, self.kept, self.throws, self.hole, self.skunk, self.double,
         self.play_on, self.bonus) = VARIANTS[variant]
        self.deals, self.events, self.at = deals, events, 0
        self.scores = [0] * self.sides
        self.over = False

    # --- reading the log ---------------------------------------------------------------------------

    def next(self, kind: str) -> dict[str, Any]:
        if self.at >= len(self.events):
            raise Mismatch(f"the log ends where a {kind} event is due")
        event = self.events[self.at]
        if event.get("type") != kind:
            raise Mismatch(f"event {self.at}: expected {kind}, got {event}")
        self.at += 1
        return event

    def expect(self, kind: str, **fields: Any) -> dict[str, Any]:
        event = self.next(kind)
        for key, wanted in fields.items():
            if event.get(key) != wanted:
                raise Mismatch(f"event {self.at - 1} ({kind}): {key} is {event.get(key)!r}, the rules say {wanted!r}")
        return event

    def score(self, seat: int, reason: str, points: int) -> None:
        """Peg ``points`` for ``seat``'s side; the game ends the instant a side reaches the hole."""
        if not points or self.over:
            return
        side = seat % self.sides
        self.scores[side] = min(self.hole, self.scores[side] + points)
        self.expect("score", player=seat, reason=reason, points=points, scores=self.scores)
        if self.scores[side] == self.hole:
            best_loser = max(s for i, s in enumerate(self.scores) if i != side)
            result = {"winner": side, "scores": self.scores, "skunk": best_loser < self.skunk,
                      "double_skunk": best_loser < self.double}
            self.expect("game_over", player=side, result=result)
            self.over = True

    # --- the game ----------------------------------------------------------------------------------

    def run(self) -> None:
        dealer = self.cut_for_deal()
        for number, deal in enumerate(self.deals):
            self.deal(number, dealer, deal)
            if self.over:
                break
            dealer = (dealer + 1) % self.players
        if not self.over:
            raise Mismatch("the game never ended")
        if self.at != len(self.events):
            raise Mismatch(f"events after the game ended: {self.events[self.at]}")

    def cut_for_deal(self) -> int:
        while True:
            cuts = {}
            for _ in range(self.players):
                event = self.next("cut")
                cuts[event["player"]] = event["cards"][0]
            if sorted(cuts) != list(range(self.players)) or len(set(cuts.values())) != self.players:
                raise Mismatch(f"every player cuts one card, once: {cuts}")
            low = min(rank(c) for c in cuts.values())
            lowest = [seat for seat, c in cuts.items() if rank(c) == low]
            if len(lowest) == 1:
                self.expect("dealer", player=lowest[0])
                return lowest[0]
            self.expect("recut")

    def deal(self, number: int, dealer: int, deal: dict[str, Any]) -> None:
        self.expect("deal", player=dealer, hand=number)
        pone = (dealer + 1) % self.players
        if number == 0:
            self.score(pone, "bonus", self.bonus)  # three for last, in five-card cribbage
        hands = [list(h) for h in deal["hands"]]
        crib = list(deal["crib"])
        for _ in range(self.players):
            event = self.next("discard")
            seat, thrown = event["player"], event["cards"]
            if len(thrown) != self.throws or not set(thrown) <= set(hands[seat]) or len(hands[seat]) == self.kept:
                raise Mismatch(f"seat {seat} throws {self.throws} of its own cards, once: {thrown} from {hands[seat]}")
            hands[seat] = [c for c in hands[seat] if c not in thrown]
            crib += thrown
        starter = self.expect("starter", player=pone)["cards"][0]
        if starter in crib or any(starter in h for h in hands) or len(crib) != 4:
            raise Mismatch(f"the starter {starter} comes from the rest of the pack; the crib has four cards")
        if starter[0] == "J":
            self.score(dealer, "heels", 2)
        if not self.over:
            self.play([list(h) for h in hands], pone)
        if not self.over:
            self.show(hands, crib, starter, dealer)

    def play(self, held: list[list[str]], turn: int) -> None:
        count: list[str] = []
        gone = [False] * self.players
        last = turn
        while any(held) and not self.over:
            playable = [c for c in held[turn] if sum(map(value, count)) + value(c) <= 31]
            others_out = all(gone[s] or not held[s] for s in range(self.players) if s != turn)
            if playable:
                event = self.expect("play", player=turn)
                card = event["cards"][0]
                if card not in playable:
                    raise Mismatch(f"seat {turn} lays {card}, not one of its cards that fit: {playable}")
                held[turn].remove(card)
                count.append(card)
                last = turn
                if event["count"] != sum(map(value, count)):
                    raise Mismatch(f"after {card} the count is {sum(map(value, count))}, not {event['count']}")
                self.score(turn, "play", play_points(count))
                if sum(map(value, count)) == 31:
                    turn, count, gone = self.reset(last, held)
                    if not self.play_on:
                        return
                    continue
                turn = (turn + 1) % self.players
            elif others_out and count:
                self.last_card(last, count)
                turn, count, gone = self.reset(last, held)
                if not self.play_on:
                    return
            elif held[turn] and not gone[turn]:
                self.expect("go", player=turn, count=sum(map(value, count)))
                gone[turn] = True
                turn = (turn + 1) % self.players
            else:
                turn = (turn + 1) % self.players
        if count and not self.over:
            self.last_card(last, count)
            self.reset(last, held)

    def last_card(self, last: int, count: list[str]) -> None:
        if sum(map(value, count)) != 31:
            self.score(last, "go", 1)

    def reset(self, last: int, held: list[list[str]]) -> tuple[int, list[str], list[bool]]:
        """The count starts again, led by the first player after whoever laid the last card who still
        holds one; the log names nobody when no one does (five-card cribbage has no second count:
        its play ends with the first)."""
        after = [(last + step) % self.players for step in range(1, self.players + 1)]
        named = next((seat for seat in after if held[seat]), None)
        if not self.over and self.play_on:
            self.expect("reset", player=named)
        return (last + 1) % self.players, [], [False] * self.players

    def show(self, hands: list[list[str]], crib: list[str], starter: str, dealer: int) -> None:
        order = [(dealer + i) % self.players for i in range(1, self.players + 1)]
        for seat in order:
            part = "dealer" if seat == dealer else "pone"
            self.counted(seat, part, hands[seat], starter, False)
            if self.over:
                return
        self.counted(dealer, "crib", crib, starter, True)

    def counted(self, seat: int, part: str, cards: list[str], starter: str, is_crib: bool) -> None:
        event = self.expect("show", player=seat, part=part)
        breakdown = event["breakdown"]
        if sorted(breakdown["hand"]) != sorted(cards) or breakdown["starter"] != starter:
            raise Mismatch(f"the show of seat {seat}'s {part} counts {breakdown['hand']}, not {cards}")
        points = show_points(cards, starter, is_crib)
        if breakdown["total"] != points:
            raise Mismatch(f"seat {seat}'s {part} {cards} with {starter} holds {points}, not {breakdown['total']}")
        self.score(seat, part, points)


def referee(variant: str, deals: list[dict[str, Any]], events: list[dict[str, Any]]) -> None:
    """Replay a game's log by the rules; ``deals[n]`` holds ``hands`` (by seat) and ``crib`` as dealt."""
    _Referee(variant, deals, events).run()
