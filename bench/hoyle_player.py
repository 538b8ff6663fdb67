"""CribbageSim's Hoyle-based computer player, driven from our ``Game`` (bench only).

CribbageSim (PyPI ``CribbageSim`` 1.0.2, MIT, by K. R. Geurts; pinned in ``bench/requirements.txt``)
plays a strategy after Hoyle's "Strategy for Cribbage": ``HoyleishDealerCribbagePlayStrategy``
throws to keep the most points sure in hand plus crib, ``HoyleishPlayerCribbagePlayStrategy``
the most in hand less crib (pairs, fifteens, runs and flushes already in the cards; no
starter expectation); both lead by Hoyle's table of leads and follow with the card that scores
most now (else the highest). It never looks at the score.

This adapter calls those strategy objects unchanged through the callbacks they expect, with
its own cards (``HandsDecksCards.card.Card``) standing for ours, and turns their choice into
our ``Action``. Its ``follow`` is used for every card, as CribbageSim's own ``go`` makes each
card's choice after a go with the same rating.
"""

from __future__ import annotations

from typing import Any

from cribbage import Action, Card, Game

try:
    from CribbageSim.CribbagePlayStrategy import (
        HoyleishDealerCribbagePlayStrategy,
        HoyleishPlayerCribbagePlayStrategy,
    )
    from HandsDecksCards.card import Card as TheirCard
except ImportError as error:  # pragma: no cover - a bench set-up problem, said plainly
    raise SystemExit("bench/bench_expert.py needs the bench requirements: make bench-expert "
                     f"(or .venv/bin/pip install -r bench/requirements.txt): {error}") from None

PIPS = {1: "A", 11: "J", 12: "Q", 13: "K"}


def theirs(card: Card) -> Any:
    """CribbageSim's card for one of ours."""
    return TheirCard("CDHS"[card.suit], PIPS.get(card.rank, str(card.rank)))


def hoyle_player() -> Any:
    """A ``cribbage.players.Player`` that plays CribbageSim's Hoyle-based strategy."""
    dealer_strategy = HoyleishDealerCribbagePlayStrategy()
    pone_strategy = HoyleishPlayerCribbagePlayStrategy()

    def choose(game: Game, actions: list[Action]) -> Action:
        first = actions[0]
        if first.kind not in ("discard", "play"):
            return first
        seat = first.player
        strategy = dealer_strategy if game.dealer == seat else pone_strategy
        hand = list(game.hands[seat])
        cards = [theirs(c) for c in hand]
        chosen: list[Card] = []
        if first.kind == "discard":
            def xfer(index: int) -> None:
                chosen.append(hand.pop(index))
                cards.pop(index)

            strategy.form_crib(xfer, lambda: list(cards))
            return Action("discard", seat, tuple(chosen))

        def play(index: int) -> int:
            chosen.append(hand[index])
            return int(cards[index].count_card())

        pile = [theirs(c) for c in game.count_cards]
        _, said_go = strategy.follow(game.count, play, lambda: list(cards), lambda: list(pile))
        if said_go or not chosen:
            raise RuntimeError("CribbageSim said go while holding a card that fits")
        return Action("play", seat, (chosen[0],))

    return choose
