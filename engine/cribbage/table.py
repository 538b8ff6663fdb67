"""A game against the computer, as the table page sees it.

The whole game (hands, deck order, seed) travels only as ``private``: the caller keeps it
out of the page (the browser worker seals it before anything reaches the page). The page
gets a ``view``: the human's cards, counts of the hidden ones, what has been laid or shown,
and every event redacted to what the human may know, each with a sentence naming every
item scored. ``summary`` turns a finished game's events into points by source for both
sides, the figures the page's game record adds up.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Sequence
from typing import Any

from .errors import CardError, GameStateError, IllegalAction
from .game import Action, Game
from .players import LEVELS, computer_action
from .show import ScoreItem
from .words import number_word

JSON = dict[str, Any]
HUMAN, COMPUTER = 0, 1
PRIVATE_VERSION = 1
NAMES = ("You", "The computer")
PEGGING_REASONS = ("play", "go")
HAND_REASONS = ("pone", "dealer")
SOURCES = ("pegging", "hand", "crib", "heels", "muggins")


# --- starting, acting, resuming ---------------------------------------------------------------

def new_table(level: str, seed: int | str | None = None, count_by_hand: bool = False,
              muggins: bool = False) -> JSON:
    """A new game; without a seed, one nobody can guess (the page must not know it)."""
    _check_level(level)
    game = Game(seed=secrets.randbits(53) if seed is None else seed,
                count_by_hand=(bool(count_by_hand), False), muggins=bool(muggins) and bool(count_by_hand))
    table_id = secrets.token_hex(8)
    events = _computer_turns(game, level)
    return _reply(game, level, table_id, events, log=True)


def act(private: Any, action: Any) -> JSON:
    """Apply the human's action, then the computer's until the human must decide again."""
    game, level, table_id = _open(private)
    try:
        move = Action.from_json(action if isinstance(action, dict) else {})
        if move.player != HUMAN:
            raise IllegalAction("you can only act for yourself")
        events = game.apply(move)
    except IllegalAction as error:
        raise CardError(str(error)) from None
    return _reply(game, level, table_id, events + _computer_turns(game, level))


def resume(private: Any) -> JSON:
    """The saved game with its whole log (and the computer's move if it was its turn)."""
    game, level, table_id = _open(private)
    _computer_turns(game, level)
    return _reply(game, level, table_id, [], log=True)


def adopt(state: Any, level: Any) -> JSON:
    """A game saved in the clear by an earlier version of the page, taken into ``private``."""
    _check_level(level)
    private = {"version": PRIVATE_VERSION, "level": level, "id": secrets.token_hex(8), "game": state}
    return resume(private)


def hint(private: Any) -> list[JSON]:
    from .advice import advise

    game, _, _ = _open(private)
    if game.phase != "discard" or len(game.hands[HUMAN]) != 6:
        raise CardError("a throw can be suggested while you hold six cards")
    return [t.to_json() for t in advise(game.hands[HUMAN], dealer=game.dealer == HUMAN)]


def _check_level(level: Any) -> None:
    if level not in LEVELS:
        raise CardError(f"unknown level '{level}' (use {', '.join(LEVELS)})")


# Games this process has answered for, by table id: restoring a saved game replays every move
# (Game.from_json), which grows with the game; the next move of the same game skips that.
_LIVE: dict[str, tuple[str, Game]] = {}
MAX_LIVE = 4


def _open(private: Any) -> tuple[Game, str, str]:
    if not isinstance(private, dict) or private.get("version") != PRIVATE_VERSION:
        raise CardError("the saved game is not readable: start a new game")
    level, table_id, revision = private.get("level"), private.get("id"), private.get("revision")
    if level not in LEVELS or not isinstance(level, str) or not isinstance(table_id, str):
        raise CardError("the saved game is not readable: start a new game")
    live = _LIVE.get(table_id)
    saved = private.get("game")
    if live and live[0] == revision and _same_position(live[1], saved):
        return live[1], level, table_id
    try:
        game = Game.from_json(saved)
    except GameStateError as error:
        raise CardError(str(error)) from None
    return game, level, table_id


def _same_position(game: Game, saved: Any) -> bool:
    """A cheap guard that the remembered game is the one handed back."""
    return (isinstance(saved, dict) and isinstance(saved.get("events"), list)
            and len(saved["events"]) == len(game.events) and saved.get("scores") == game.scores
            and saved.get("seed") == game.seed)


def _remember(table_id: str, game: Game) -> str:
    revision = secrets.token_hex(8)
    _LIVE.pop(table_id, None)
    _LIVE[table_id] = (revision, game)
    while len(_LIVE) > MAX_LIVE:
        _LIVE.pop(next(iter(_LIVE)))
    return revision


def _computer_turns(game: Game, level: str) -> list[JSON]:
    events: list[JSON] = []
    while game.phase != "game_over":
        actions = game.legal_actions()
        if not actions or actions[0].player != COMPUTER:
            break
        events.extend(game.apply(computer_action(game, level)))
    return events


def _reply(game: Game, level: str, table_id: str, events: list[JSON], log: bool = False) -> JSON:
    private = {"version": PRIVATE_VERSION, "level": level, "id": table_id, "game": game.to_json(),
               "revision": _remember(table_id, game)}
    view = table_view(game, level, table_id, events)
    if log:
        view["log"] = [redact(event) for event in game.events]
    return {"view": view, "private": private}


# --- what the human may see -------------------------------------------------------------------

def table_view(game: Game, level: str, table_id: str, events: Sequence[JSON]) -> JSON:
    """Only what the human may know: never the computer's unplayed cards, the deck or the seed."""
    legal = [a.to_json() for a in game.legal_actions() if a.player == HUMAN]
    view = {
        "id": table_id,
        "level": level,
        "phase": game.phase,
        "dealer": game.dealer,
        "hand_number": game.hand_number,
        "scores": list(game.scores),
        "previous_scores": list(game.previous_scores),
        "hand": [c.code for c in game.hands[HUMAN]],
        "kept": [c.code for c in game.kept[HUMAN]],
        "computer_cards": len(game.hands[COMPUTER]),
        "crib_cards": len(game.crib),
        "starter": game.starter.code if game.starter is not None else None,
        "crib": [c.code for c in game.crib] if game.show_part == "crib" else None,  # face up now
        "count": game.count,
        "show_part": game.show_part,
        "count_by_hand": game.count_by_hand[HUMAN],
        "muggins": game.muggins,
        "legal": legal,
        "events": [redact(event) for event in events],
        "result": game.result(),
    }
    if game.phase == "game_over":
        view["summary"] = summary(game.events)
    return view


def redact(event: JSON) -> JSON:
    """An event as the human may know it, with its sentence."""
    public = dict(event)
    if event["type"] == "discard" and event["player"] == COMPUTER:
        public.pop("cards", None)  # the computer's throw stays face down until the crib is shown
    public["text"] = describe(public)
    return public


# --- sentences --------------------------------------------------------------------------------

def describe(event: JSON) -> str:
    """One sentence for the log, naming every item scored."""
    player = event.get("player")
    who = NAMES[player] if player in (HUMAN, COMPUTER) else ""

    def verb(word: str) -> str:  # "You lay", "The computer lays"
        return word if player == HUMAN else word + "s"

    kind = event["type"]
    if kind == "cut":
        return f"{who} {verb('cut')} the {_name(event['cards'][0])}."
    if kind == "recut":
        return "Equal ranks: both cut again."
    if kind == "dealer":
        return f"{who} {verb('deal')} first (the lower card deals)."
    if kind == "deal":
        return f"{who} {verb('deal')} hand {event['hand'] + 1}."
    if kind == "discard":
        if "cards" in event:
            return f"{who} {verb('throw')} the {_names(event['cards'])} to the crib."
        return f"{who} {verb('throw')} two cards to the crib."
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
        return _describe_score(event, who, verb)
    if kind == "game_over":
        return _describe_result(event["result"])
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


def _describe_score(event: JSON, who: str, verb: Callable[[str], str]) -> str:
    reason = event["reason"]
    scores = f"({event['scores'][HUMAN]} to {event['scores'][COMPUTER]})"
    if reason == "muggins":
        return (f"Muggins! {who} {verb('take')} {event['points']} you missed: "
                f"{items_phrase(event['items'])}. {scores}" if event["player"] == COMPUTER else
                f"Muggins! {who} {verb('take')} {event['points']}: {items_phrase(event['items'])}. {scores}")
    whose = {"pone": "hand", "dealer": "hand", "crib": "crib"}.get(reason)
    where = f" for the {whose}" if whose else ""
    return f"{who} {verb('peg')} {event['points']}{where}: {items_phrase(event['items'])}. {scores}"


def _describe_result(result: JSON) -> str:
    winner = result["winner"]
    scores = result["scores"]
    text = f"{'You win' if winner == HUMAN else 'The computer wins'}, {scores[winner]} to {scores[1 - winner]}."
    if result.get("double_skunk"):
        text += " A double skunk."
    elif result.get("skunk"):
        text += " A skunk."
    return text


def _name(code: str) -> str:
    from .cards import parse_card

    return parse_card(code).name


def _names(codes: Sequence[str]) -> str:
    return _join([_name(code) for code in codes])


def _join(words: Sequence[str]) -> str:
    words = list(words)
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _single(kind: str, cards: Sequence[str]) -> str:
    """An item that players name on its own, in the engine's words ("one for his nobs")."""
    from .vocabulary import KIND_WORDS

    words = KIND_WORDS.get(kind)  # type: ignore[call-overload]
    phrase: str = words.phrase if words is not None else kind
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


# --- the finished game in figures -------------------------------------------------------------

def summary(events: Sequence[JSON]) -> JSON:
    """Points by source for both sides, deals and cribs, and the result."""
    points = [dict.fromkeys(SOURCES, 0) for _ in (HUMAN, COMPUTER)]
    deals, cribs = 0, [0, 0]
    result = None
    scores = [0, 0]
    for event in events:
        if event["type"] == "deal":
            deals += 1
            cribs[event["player"]] += 1
        elif event["type"] == "score":
            player = event["player"]  # points actually pegged: the last peg stops at 121
            points[player][_source(event["reason"])] += event["scores"][player] - scores[player]
            scores = list(event["scores"])
        elif event["type"] == "game_over":
            result = event["result"]
    return {"points": points, "deals": deals, "cribs": cribs, "result": result}


def _source(reason: str) -> str:
    if reason in PEGGING_REASONS:
        return "pegging"
    if reason in HAND_REASONS:
        return "hand"
    return reason  # crib, heels, muggins
