"""The worker API: one JSON-in, JSON-out function over the engine, for the pages' Web Worker.

``call(method, params_json)`` returns a JSON string: ``{"ok": true, "result": ...}`` or
``{"ok": false, "error": "..."}``. It never raises: bad JSON, wrong types, numbers too long,
nesting too deep, a tampered saved game all come back as ``ok: false`` with a message.
Strings keep the boundary simple and identical in every runtime. Each method is a function of
this module taking the decoded parameters; ``METHODS`` lists them, and the developer pages
document each one's parameters and result.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any, Final

from ..advice import advise
from ..cards import DECK, parse_cards
from ..errors import CardError, CribbageError, GameStateError, ParameterError, json_type
from ..play import count_json, run_play, score_count
from ..show import score_show, show_size
from ..variants import STANDARD, VARIANT_NAMES, Variant, for_players
from ..variants import variant as get_variant
from ..words import number_word
from . import params as check
from .params import Params
from .vocabulary import PRACTICE_LEVEL_IDS, PRACTICE_LEVELS, TABLE_LEVEL_IDS, TABLE_LEVELS, default_level

JSON = dict[str, Any]
QUIZ_KINDS: Final = ("show", "play", "discard", "adaptive")
"""The kinds of practice problem ``quiz`` and ``answer`` take."""


def _variant(params: Params) -> Variant:
    """The ``variant`` a call names; the standard game when it names none (every older call)."""
    return get_variant(check.one_of(params, "variant", VARIANT_NAMES, default=STANDARD.name))


def score(params: Params) -> JSON:
    """Score a hand (or crib, with ``crib``) and its starter, item by item, in the ``variant``."""
    rules_of, is_crib = _variant(params), check.boolean(params, "crib")
    size = show_size(rules_of, is_crib)
    hand = parse_cards(check.text(params, "hand"), size, "crib" if is_crib else "hand")
    starter = parse_cards(check.text(params, "starter"), 1, "starter")[0]
    return score_show(hand, starter, is_crib, rules_of).to_json()


def score_cards(params: Params) -> JSON:
    """The hand cards (four, or three in five-card cribbage) then the starter in one string, as typed."""
    rules_of, is_crib = _variant(params), check.boolean(params, "crib")
    size = show_size(rules_of, is_crib)
    cards = parse_cards(check.text(params, "cards"), size + 1, f"{number_word(size)} cards and a starter")
    return score_show(cards[:size], cards[size], is_crib, rules_of).to_json()


def peg(params: Params) -> JSON:
    """Score each card of one count of the play, in order (a count scores alike in every variant)."""
    _variant(params)
    return count_json(score_count(parse_cards(check.text(params, "cards"), what="count")))


def play(params: Params) -> JSON:
    """The play scorer: a play round the table (``players`` 2 to 4, or a ``variant``), step by step,
    with the goes it can refuse; with partners, ``team_totals`` too."""
    tokens = [t for t in check.text(params, "steps").replace(",", " ").split() if t]
    if not tokens:
        raise CardError("no cards given: lay a card, or type cards such as 4C 6D 5S")
    rules_of = _variant(params)
    if params.get("players") is not None:
        by_players = for_players(check.integer(params, "players", 2, 4))
        if params.get("variant") is not None and by_players.players != rules_of.players:
            raise ParameterError(f"the {rules_of.name} game has {rules_of.players} players, not {by_players.players}")
        rules_of = rules_of if params.get("variant") is not None else by_players
    played = run_play(tokens, rules_of, explain=True)
    return {"steps": played.steps_json(), "players": list(played.names), **played.summary()}


def advice(params: Params) -> JSON:
    """Rank the fifteen throws of a six-card deal with the shipped crib table."""
    six = parse_cards(check.text(params, "cards"), 6, "deal")
    return {"throws": [t.to_json() for t in advise(six, check.boolean(params, "dealer"))]}


def analyse(params: Params) -> JSON:
    """The discard analyser: all fifteen throws with hand distributions and the exact crib."""
    from ..analysis import analyse as analyse_deal

    six = parse_cards(check.text(params, "cards"), 6, "deal")
    dealer = check.boolean(params, "dealer")
    return {"dealer": dealer, "cards": [c.code for c in six], "starters": 46,
            "throws": [t.to_json() for t in analyse_deal(six, dealer)]}


def starters(params: Params) -> JSON:
    """What each possible starter would give four cards (hand or crib rules)."""
    from ..analysis import starter_totals

    hand = parse_cards(check.text(params, "hand"), 4, "hand")
    rows = starter_totals(hand, check.boolean(params, "crib"))
    by_total: dict[int, list[str]] = {}
    for starter, total in rows:
        by_total.setdefault(total, []).append(starter.code)
    return {"hand": [c.code for c in hand], "starters": len(rows),
            "mean": round(sum(t for _, t in rows) / len(rows), 4),
            "by_total": [{"total": t, "starters": by_total[t]} for t in sorted(by_total, reverse=True)]}


def read_cards(params: Params) -> JSON:
    """Each typed token as a card or with the reason it is not one, so a page can show both."""
    text = check.text(params, "text")
    tokens = [t for t in text.replace(",", " ").replace(";", " ").split() if t]
    seen: set[int] = set()
    read = []
    for token in tokens:
        try:
            card = parse_cards(token, 1, "card")[0]
        except CardError as error:
            read.append({"token": token, "card": None, "error": str(error)})
            continue
        duplicate = card in seen
        seen.add(card)
        read.append({"token": token, "card": None if duplicate else card.code,
                     "error": f"'{token}': the {card.name} appears twice (a deck has only one)" if duplicate else None})
    whole: str | None = None  # what parsing the whole text says, as the scorer would
    if tokens:
        try:
            parse_cards(text)
        except CardError as problem:
            whole = str(problem)
    return {"tokens": read, "error": whole}


def quiz(params: Params) -> JSON:
    """A practice problem: kind show (with level), play or discard, from its seed."""
    from . import quiz as quizzes  # loaded on first use: the scorer does not need it

    kind = check.one_of(params, "kind", QUIZ_KINDS, what="quiz")
    seed = int(check.seed(params))
    if kind == "show":
        return quizzes.show_problem(_practice_level(params), seed).to_json()
    if kind == "play":
        return quizzes.play_problem(seed).to_json()
    if kind == "adaptive":
        category = None if params.get("category") is None else \
            check.one_of(params, "category", quizzes.CATEGORIES, what="category")
        return quizzes.adaptive_problem(seed, check.mapping(params, "record") or {}, category)
    return quizzes.discard_problem(seed).to_json()


def answer(params: Params) -> JSON:
    """Judge an answer to the problem that (kind, level, seed) names."""
    from . import quiz as quizzes

    kind = check.one_of(params, "kind", QUIZ_KINDS, what="quiz")
    seed = int(check.seed(params))
    if kind == "show":
        problem = quizzes.show_problem(_practice_level(params), seed)
        by_kind = check.mapping(params, "by_kind")
        return quizzes.check_show(problem, params.get("total"), by_kind)
    if kind == "play":
        return quizzes.check_play(quizzes.play_problem(seed), params.get("points"))
    if kind == "adaptive":
        category = check.one_of(params, "category", quizzes.CATEGORIES, what="category")
        featured = quizzes.featured_problem(category, seed)
        if isinstance(featured, quizzes.PlayProblem):
            return quizzes.check_play(featured, params.get("points"))
        return quizzes.check_show(featured, params.get("total"))
    return quizzes.check_discard(quizzes.discard_problem(seed), check.text(params, "discard"))


def _practice_level(params: Params) -> str:
    return check.one_of(params, "level", PRACTICE_LEVEL_IDS, default=default_level(PRACTICE_LEVELS))


def vocabulary(params: Params) -> JSON:
    """The site's words, levels, rule numbers and scorer-link format (``vocabulary.as_json``)."""
    from . import vocabulary as words

    return words.as_json()


def link(params: Params) -> JSON:
    """Read a scorer link's fragment (``#hand=...&starter=...`` or ``#play=...``)."""
    from .links import parse_fragment

    return parse_fragment(check.text(params, "fragment")).to_json()


# --- the table: a game against the computer -----------------------------------------------------
# The whole game travels as ``private`` (the browser worker seals it before the page sees it);
# the page gets ``view``, which never holds the computer's unplayed cards, the deck or the seed.

def _table_level(params: Params) -> str:
    return check.one_of(params, "level", TABLE_LEVEL_IDS, default=default_level(TABLE_LEVELS))


def table_new(params: Params) -> JSON:
    """A new game: {view, private}, ``seats`` naming who plays each seat (``human`` or a level;
    by default the human at seat 0 and ``level`` elsewhere). Without a seed, one nobody can guess.
    With ``one_phone`` (here and in ``table_act``, ``table_view``) people share this phone, and the
    log names every seat, by ``names`` (by seat)."""
    from . import table

    seed = check.seed(params, allow_text=True) if params.get("seed") is not None else None
    return table.new_table(_table_level(params), seed, check.boolean(params, "count_by_hand"),
                           check.boolean(params, "muggins"), _variant(params), check.boolean(params, "hints"),
                           params.get("seats"), _names(params), check.boolean(params, "one_phone"))


def table_act(params: Params) -> JSON:
    """Apply the action of the person whose move it is to the game in ``private``, then the computer's."""
    from . import table

    return table.act(check.required_object(params, "private"), check.required_object(params, "action"),
                     _names(params), check.boolean(params, "one_phone"))


def table_view(params: Params) -> JSON:
    """Resume the game in ``private``: the view of ``seat`` (the first person's by default) with the whole
    (redacted) log, its sentences naming each other seat by ``names`` (as ``record`` takes them) where given."""
    from . import table

    seat = None if params.get("seat") is None else check.integer(params, "seat", 0, 3)
    return table.resume(check.required_object(params, "private"), seat, _names(params),
                        check.boolean(params, "one_phone"))


def table_release(params: Params) -> JSON:
    """The person's ``seat`` of the game in ``private`` played by the computer from now on: {view, private}."""
    from . import table

    return table.release_seat(check.required_object(params, "private"), check.integer(params, "seat", 0, 3),
                              _names(params))


def _names(params: Params) -> list[str | None] | None:
    """``names``: a list by seat, a name or null for each, or left out."""
    names = params.get("names")
    if names is not None and not (isinstance(names, list) and len(names) <= 4
                                  and all(name is None or (isinstance(name, str) and len(name) <= 200)
                                          for name in names)):
        raise ParameterError("'names' is a list of up to 4 names (text, or null for a seat with none)")
    return names


def table_hint(params: Params) -> JSON:
    """Suggest a throw (``kind`` "throw", the advisor's ranking: {throws, private}) for the human's
    dealt cards, or a card to lay ("card": {card, private}); the hint is noted for the record."""
    from . import table

    kind = check.one_of(params, "kind", ("throw", "card"), default="throw")
    return table.hint(check.required_object(params, "private"), kind)


def _reviewed_table(params: Params) -> tuple[Any, int]:
    """The standard game in ``private`` (the reviews are the two-handed six-card game's) and the seat
    reviewed: ``seat``, a person's (the first person's by default; a computer's moves are not reviewed)."""
    from . import table

    private = check.required_object(params, "private")
    game = table.open_game(private)
    if game.variant is not STANDARD:
        raise ParameterError(f"the review covers the standard game, not {game.variant.name}")
    people = table.people_of(private)
    seat = (people or [0])[0] if params.get("seat") is None else check.integer(params, "seat", 0, game.seats - 1)
    if seat not in people:
        raise ParameterError(f"seat {seat} is the computer's: a review covers a person's decisions")
    return game, seat


def review_deal(params: Params) -> JSON:
    """The deal just shown (or ``deal``, from 0) reviewed from what ``seat`` (a person; the first by
    default) could see at each of its decisions."""
    from .review import review_deal_of

    game, seat = _reviewed_table(params)
    deal = params.get("deal")
    if deal is not None and (isinstance(deal, bool) or not isinstance(deal, int) or not 0 <= deal < 1000):
        raise ParameterError("deal is a deal's number, from 0")
    return review_deal_of(game, seat, deal)


def review_game(params: Params) -> JSON:
    """A finished game reviewed for ``seat`` (a person; the first by default): points lost per deal
    by phase, the costliest decisions."""
    from .review import review_game_of

    game, seat = _reviewed_table(params)
    if game.outcome is None:
        raise GameStateError("a game is reviewed once it is over")
    return review_game_of(game, seat)


def record(params: Params) -> JSON:
    """The text record of the game in ``private``: the whole of it once over, else what the human may see.

    Its ``players`` line names each seat's computer level, and each person by ``names`` (a list by
    seat, a name or null for each; left out, no person is named)."""
    from .. import records
    from . import table
    from .log import HUMAN

    private = check.required_object(params, "private")
    names = _names(params)
    game, hints = table.open_with_hints(private)
    return {"text": records.write(game, HUMAN, hints, table.players_of(private, names)),
            "over": game.outcome is not None}


MAX_RECORD_TEXT: Final = 200_000
"""Characters of a record the replay reads: a game to 121 writes about 10,000."""


def replay_record(params: Params) -> JSON:
    """A pasted game record replayed for the viewer: every move's position, or the line that is wrong."""
    from .replay import replay_steps

    return replay_steps(check.text(params, "text", max_length=MAX_RECORD_TEXT))


def deal_check(params: Params) -> JSON:
    """Check a deal: from a finished game's record (``text``), or from ``seed`` and ``commitment``
    (with ``variant`` and how many ``deals``), recompute the commitment and the deals' cards."""
    from . import fairness

    if params.get("text") is not None:
        return fairness.check_record(check.text(params, "text", max_length=MAX_RECORD_TEXT))
    if params.get("seed") is None:
        raise ParameterError("give a game record as 'text', or a 'seed' and its 'commitment'")
    seed = check.seed(params, allow_text=True)
    given = check.text(params, "commitment", max_length=200)
    return fairness.check_seed(seed, given, _variant(params), check.integer(params, "deals", 1, 60, default=1))


def deck(params: Params) -> JSON:
    """The 52 cards with their codes, labels, names and colours."""
    return {"cards": [{"code": c.code, "label": c.label, "name": c.name, "red": c.is_red} for c in DECK]}


METHODS: Final[dict[str, Callable[[Params], JSON]]] = {
    "score": score, "score_cards": score_cards, "peg": peg, "play": play,
    "advice": advice, "analyse": analyse, "starters": starters, "read_cards": read_cards,
    "deck": deck, "quiz": quiz, "answer": answer,
    "vocabulary": vocabulary, "link": link,
    "table_new": table_new, "table_act": table_act, "table_view": table_view, "table_hint": table_hint,
    "table_release": table_release,
    "review_deal": review_deal, "review_game": review_game, "record": record,
    "replay_record": replay_record, "deal_check": deal_check,
}

"""Every method ``call`` answers, by name."""

INTERNAL_ERROR: Final = "the engine failed on this input; please report it"
"""The answer to an input that made the engine fail unexpectedly (the fuzz tests check none does)."""


def call(method: object, params_json: object = "{}") -> str:
    """Run one method; always answer JSON, never raise."""
    try:
        handler = METHODS.get(method) if isinstance(method, str) else None
        if handler is None:
            shown = method if isinstance(method, str) and len(method) <= 40 else json_type(method)
            raise ParameterError(f"unknown method {shown!r} (use {', '.join(METHODS)})")
        return json.dumps({"ok": True, "result": handler(check.decode(params_json))})
    except CribbageError as error:
        return _failure(str(error), error.details)
    except RecursionError:
        return _failure("the input is nested too deeply")
    except Exception:
        return _failure(INTERNAL_ERROR)


def _failure(message: str, details: dict[str, object] | None = None) -> str:
    return json.dumps({**(details or {}), "ok": False, "error": message})
