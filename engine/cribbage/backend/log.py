"""The table page's log: one sentence for each event, naming every item scored.

The sentences speak to the human at seat 0 ("You lay the five of hearts: 15.") about the
computer at seat 1 ("The computer pegs 2: a fifteen."), or in a game of three or four about the
players on their left and right and their partner, in the words the site uses for each kind
(``cribbage.backend.vocabulary``). They read an event's JSON form, as the page's log holds it.
A game two or more people play at one phone has no single "you": its sentences name every seat
(``seat_subjects``: "Ann cuts the ace of spades.", "Computer 3 (easy) says go.").
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Final

from ..cards import parse_card
from ..show import ScoreItem
from ..variants import STANDARD, Variant
from ..words import number_word
from .vocabulary import SEAT_SUBJECTS, kind_words

JSON = dict[str, Any]
HUMAN: Final = 0
"""The seat of the person at the table."""
COMPUTER: Final = 1
"""The computer's seat."""
PERSON: Final = "human"
"""The kind of a seat a person plays (every other kind is a computer level)."""


def seat_subjects(kinds: Sequence[str], names: Sequence[object] | None = None) -> tuple[str, ...] | None:
    """Each seat's name as a sentence's subject when two or more people play, else None (the log's "you").

    A person is their name, or "Player N" without one; a computer is "Computer (level)", or with
    several "Computer N (level)": the names the replay gives the seats of a record."""
    people = sum(1 for kind in kinds if kind == PERSON)
    if people < 2:
        return None
    given = list(names or [])
    computers = len(kinds) - people

    def subject(seat: int, kind: str) -> str:
        name = given[seat] if seat < len(given) and isinstance(given[seat], str) else ""
        if kind == PERSON:
            return str(name).strip() or f"Player {seat + 1}"
        return f"Computer{f' {seat + 1}' if computers > 1 else ''} ({kind})"

    return tuple(subject(seat, kind) for seat, kind in enumerate(kinds))


def describe(event: JSON, variant: Variant = STANDARD, subjects: Sequence[str] | None = None,
             everyone: bool = False) -> str:
    """One sentence for the log, naming every item scored; ``subjects`` calls each seat (seat 0,
    "You", first) in place of the usual words ("The computer"), or with ``everyone`` names every
    seat, seat 0 too (``seat_subjects``: people sharing one phone)."""
    player = event.get("player")
    names = subjects or SEAT_SUBJECTS[variant.players]
    who = names[player] if isinstance(player, int) and 0 <= player < len(names) else ""
    second = player == HUMAN and not (everyone and subjects)  # only "you" takes "lay", not "lays"

    def verb(word: str) -> str:  # "You lay", "The computer lays", "Ann lays"
        return word if second else word + "s"

    kind = event["type"]
    if kind == "cut":
        return f"{who} {verb('cut')} the {_name(event['cards'][0])}."
    if kind == "recut":
        return "Equal ranks: both cut again." if variant.players == 2 else "Equal lowest ranks: everyone cuts again."
    if kind == "dealer":
        return f"{who} {verb('deal')} first (the {'lower' if variant.players == 2 else 'lowest'} card deals)."
    if kind == "deal":
        return f"{who} {verb('deal')} hand {event['hand'] + 1}."
    if kind == "discard":
        if "cards" in event:
            return f"{who} {verb('throw')} the {_names(event['cards'])} to the crib."
        thrown = "a card" if variant.throws == 1 else f"{number_word(variant.throws)} cards"
        return f"{who} {verb('throw')} {thrown} to the crib."
    if kind == "starter":
        return f"The starter is the {_name(event['cards'][0])}."
    if kind == "play":
        return f"{who} {verb('lay')} the {_name(event['cards'][0])}: {event['count']}."
    if kind == "go":
        return f"{who} {verb('say')} go."
    if kind == "reset":
        return "The count starts again from zero."
    if kind == "show":
        return _describe_show(event, who, verb)
    if kind == "score":
        return _describe_score(event, who, verb, variant, names if everyone else None)
    if kind == "game_over":
        return _describe_result(event["result"], variant, names, everyone)
    return ""


def _describe_show(event: JSON, who: str, verb: Callable[[str], str]) -> str:
    breakdown = event["breakdown"]
    part = "crib" if event["part"] == "crib" else "hand"
    text = f"{who} {verb('count')} the {part}: {breakdown['total']}, “{breakdown['spoken']}”."
    verdict = event.get("verdict")
    if verdict:
        claimed = verdict["claim"].get("total")
        said = f"{claimed}" if claimed is not None else f"{len(verdict['claim']['items'])} items"
        text = f"{who} counted {said}; the {part} holds {verdict['actual']}, “{breakdown['spoken']}”."
        if verdict["missed"]:
            text += f" Missed: {items_phrase(verdict['missed'])} ({verdict['missed_points']})."
        if verdict["not_there"]:
            text += f" Not there: {items_phrase(verdict['not_there'])}."
        if verdict["overcount"]:
            text += f" {verdict['overcount']} too many: corrected to {verdict['actual']}."
    return text


def _describe_score(event: JSON, who: str, verb: Callable[[str], str], variant: Variant = STANDARD,
                    everyone: Sequence[str] | None = None) -> str:
    reason = event["reason"]
    scores = _scores(event["scores"], variant)
    if reason == "muggins":  # the next player takes what the one before missed
        missed_by = (event["player"] - 1) % variant.players
        if everyone:
            return (f"Muggins! {who} {verb('take')} {event['points']} {everyone[missed_by]} missed: "
                    f"{items_phrase(event['items'])}. {scores}")
        from_you = event["player"] != HUMAN and missed_by == HUMAN
        return (f"Muggins! {who} {verb('take')} {event['points']} you missed: "
                f"{items_phrase(event['items'])}. {scores}" if from_you else
                f"Muggins! {who} {verb('take')} {event['points']}: {items_phrase(event['items'])}. {scores}")
    whose = {"pone": "hand", "dealer": "hand", "crib": "crib"}.get(reason)
    where = f" for the {whose}" if whose else ""
    return f"{who} {verb('peg')} {event['points']}{where}: {items_phrase(event['items'])}. {scores}"


def _scores(scores: Sequence[int], variant: Variant) -> str:
    """The scores after a peg: yours (your side's) first."""
    if len(scores) == 2:
        return f"({scores[HUMAN]} to {scores[1]})"
    return f"({', '.join(str(s) for s in scores)})"


def _describe_result(result: JSON, variant: Variant, names: Sequence[str], everyone: bool = False) -> str:
    winner = result["winner"]
    scores = result["scores"]
    best_other = max(s for side, s in enumerate(scores) if side != winner)
    if everyone and variant.partners:
        who = f"{names[winner]} and {names[winner + variant.sides]} win"
    elif everyone:
        who = f"{names[winner]} wins"
    elif variant.partners:
        who = "You and your partner win" if winner == HUMAN else "The other side wins"
    else:
        who = "You win" if winner == HUMAN else names[winner] + " wins"
    text = f"{who}, {scores[winner]} to {best_other}."
    if result.get("double_skunk"):
        text += " A double skunk."
    elif result.get("skunk"):
        text += " A skunk."
    return text


def _name(code: str) -> str:
    return parse_card(code).name


def _names(codes: Sequence[str]) -> str:
    return _join([_name(code) for code in codes])


def _join(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _single(kind: str, cards: Sequence[str]) -> str:
    """An item that players name on its own, in the site's words ("one for his nobs")."""
    words = kind_words(kind)
    phrase = words.phrase if words is not None else kind
    return f"{phrase} of {number_word(len(cards))}" if kind == "flush" else phrase


def items_phrase(scored: Sequence[JSON] | Sequence[ScoreItem]) -> str:
    """Every item named, grouped as players say them: "two fifteens, a pair and a pair royal"."""
    items: list[JSON] = [i.to_json() if isinstance(i, ScoreItem) else i for i in scored]
    phrases: list[str] = []
    fifteens = sum(1 for i in items if i["kind"] == "fifteen")
    if fifteens:  # the show's words for many of a kind; the engine's phrase for one
        phrases.append("a fifteen" if fifteens == 1 else f"{number_word(fifteens)} fifteens")
    pair_ranks: dict[str, int] = {}
    for item in items:
        if item["kind"] == "pair":
            rank = item["cards"][0][:-1]
            pair_ranks[rank] = pair_ranks.get(rank, 0) + 1
    for size, single in ((1, "a pair"), (3, "a pair royal"), (6, "a double pair royal")):
        ranks = sum(1 for count in pair_ranks.values() if count == size)
        if ranks:
            phrases.append(single if ranks == 1 else f"{number_word(ranks)} {single[2:]}s")
    runs: dict[int, int] = {}
    for item in items:
        if item["kind"] == "run":
            runs[len(item["cards"])] = runs.get(len(item["cards"]), 0) + 1
    for length, count in runs.items():
        many = "a run" if count == 1 else f"{number_word(count)} runs"
        phrases.append(f"{many} of {number_word(length)}")
    for item in items:
        if item["kind"] not in ("fifteen", "pair", "run"):
            phrases.append(_single(item["kind"], item["cards"]))
    return _join(phrases) or "nothing"
