"""``cribbage`` command line: score, peg, stats, advise, record.

The JSON printed here is a stable contract (documented in engine/README.md).
Bad input exits with status 2 and one line on stderr, printing nothing on stdout.
Any stdio encoding works: input (arguments and stdin) is read as UTF-8 whatever the locale
says, so ``5♥`` is a card on any terminal; where suit glyphs cannot be written, cards print as
ASCII codes (``5H``); input that is not UTF-8 is bad input like any other.
"""

from __future__ import annotations

import argparse
import io
import json
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import NoReturn, TextIO

from . import rules
from .advice import Throw, advise_variant
from .cards import SUIT_GLYPHS, Card, ascii_text, format_cards, parse_cards
from .errors import CardError, CribbageError, ParameterError
from .play import count_json, score_count
from .show import ShowScore, score_show, show_size
from .stats import show_statistics, variant_statistics
from .variants import STANDARD, VARIANT_NAMES, variant
from .words import number_word

EXIT_BAD_INPUT = 2

CardsText = Callable[[Sequence[Card]], str]
Runner = Callable[[argparse.Namespace, TextIO, CardsText], list[str]]


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:  # one line, not argparse's usage block
        raise ParameterError(message)


def build_parser() -> argparse.ArgumentParser:
    """The command line's parser: the commands score, peg, stats and advise."""
    parser = _Parser(prog="cribbage", description="Exact cribbage scoring and advice.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    score = commands.add_parser("score", help="score a hand or crib with its starter")
    score.add_argument("cards", nargs="+", help="four cards (three in five-card), or - to read cases from stdin")
    score.add_argument("--starter", help="the starter card")
    score.add_argument("--crib", action="store_true", help="score as the crib")
    score.add_argument("--json", action="store_true")

    peg = commands.add_parser("peg", help="score each card of one count in order")
    peg.add_argument("cards", nargs="+")
    peg.add_argument("--json", action="store_true")

    stats = commands.add_parser("stats", help="exact distribution of show scores")
    stats.add_argument("--json", action="store_true")

    advice = commands.add_parser("advise", help="rank the throws of a deal (fifteen from six cards)")
    advice.add_argument("cards", nargs="+")
    advice.add_argument("--dealer", action="store_true", help="you deal (the crib is yours)")
    advice.add_argument("--json", action="store_true")
    record = commands.add_parser("record", help="check a game record from stdin, or write one of a computer game")
    record.add_argument("action", choices=("check", "play"), help="check: read stdin; play: a game between levels")
    record.add_argument("--seed", default="0", help="play: the game's seed")
    record.add_argument("--levels", nargs=2, default=("normal", "normal"), metavar="LEVEL",
                        help="play: each seat's computer level (two-player variants)")
    for command in (score, peg, stats, advice, record):
        command.add_argument("--variant", choices=VARIANT_NAMES, default=STANDARD.name,
                             help="the version of the game (standard by default)")
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    """Run one command and return its exit status: 0, or 2 for bad input (one line on stderr)."""
    glyphs = _can_write(sys.stdout, SUIT_GLYPHS)

    def cards_text(cards: Sequence[Card]) -> str:
        return format_cards(cards, ascii_only=not glyphs)

    try:
        args = build_parser().parse_args(_utf8_args(sys.argv[1:]) if argv is None else argv)
        lines = _RUNNERS[args.command](args, stdin or _utf8_stdin(), cards_text)
    except CribbageError as error:
        return _fail(str(error))
    except UnicodeDecodeError as error:
        return _fail(f"the input is not {error.encoding} text (byte {error.start + 1} cannot be read)")
    _write(sys.stdout, "".join(line + "\n" for line in lines))
    return 0


def _utf8_args(argv: Sequence[str]) -> list[str]:
    """The arguments as UTF-8: Python decoded them by the locale, which may not be UTF-8."""
    args = []
    for arg in argv:
        try:
            args.append(os.fsencode(arg).decode("utf-8"))
        except UnicodeDecodeError:
            args.append(arg)  # not UTF-8 either: left for the card parser to refuse
    return args


def _utf8_stdin() -> TextIO:
    """Standard input read as UTF-8, whatever ``PYTHONIOENCODING`` or the locale say."""
    buffer = getattr(sys.stdin, "buffer", None)
    if buffer is None:  # replaced by a text-only stream (a test, an embedding): read it as it is
        return sys.stdin
    return io.TextIOWrapper(buffer, encoding="utf-8", errors="strict")


def _fail(message: str) -> int:
    _write(sys.stderr, f"cribbage: {' '.join(message.split())}\n")
    return EXIT_BAD_INPUT


def _can_write(stream: TextIO, text: str) -> bool:
    try:
        text.encode(getattr(stream, "encoding", None) or "ascii")
    except (UnicodeEncodeError, LookupError):
        return False
    return True


def _write(stream: TextIO, text: str) -> None:
    """Write in the stream's encoding: glyphs become letters, anything else unwritable becomes '?'."""
    encoding = getattr(stream, "encoding", None) or "ascii"
    if not _can_write(stream, text):
        text = ascii_text(text)
        try:
            text = text.encode(encoding, errors="replace").decode(encoding, errors="replace")
        except LookupError:
            text = text.encode("ascii", errors="replace").decode("ascii")
    stream.write(text)


def _score(args: argparse.Namespace, stdin: TextIO, cards_text: CardsText) -> list[str]:
    if args.cards == ["-"]:
        if args.starter or args.crib:
            raise ParameterError("with '-', give the starter and 'crib' on each input line")
        results = [_score_line(line, number, args.variant) for number, line in _numbered(stdin)]
        if args.json:
            return [json.dumps(r.to_json()) for r in results]
        return [_show_text(r, cards_text) for r in results]
    if not args.starter:
        raise ParameterError("score: give the starter with --starter, e.g. --starter 5D")
    result = score_show(" ".join(args.cards), args.starter, args.crib, args.variant)
    return [json.dumps(result.to_json())] if args.json else [_show_text(result, cards_text)]


def _numbered(stdin: TextIO) -> Iterator[tuple[int, str]]:
    for number, line in enumerate(stdin, start=1):
        if line.strip():
            yield number, line


def _score_line(line: str, number: int, variant: str = STANDARD.name) -> ShowScore:
    words = line.split()
    is_crib = bool(words) and words[-1].lower() == "crib"
    if is_crib:
        words = words[:-1]
    size = show_size(variant, is_crib)
    try:
        cards = parse_cards(words, size + 1, f"a line of {number_word(size)} cards and the starter")
        return score_show(cards[:size], cards[size], is_crib, variant)
    except CardError as error:
        raise CardError(f"line {number}: {error}") from None


def _show_text(result: ShowScore, cards_text: CardsText) -> str:
    header = (
        f"{cards_text(result.hand)}  starter {cards_text([result.starter])}"
        f"  ({'crib' if result.is_crib else 'hand'})"
    )
    rows = [f"  {item.kind:<8} {cards_text(item.cards):<18} {item.points:>2}" for item in result.items]
    return "\n".join([header, *rows, f"  total {result.total}", f"  {result.spoken}"])


def _peg(args: argparse.Namespace, stdin: TextIO, cards_text: CardsText) -> list[str]:
    played = score_count(" ".join(args.cards))
    if args.json:
        return [json.dumps(count_json(played))]
    rows = []
    for p in played:
        why = ", ".join(f"{i.kind} {i.points}" for i in p.items) or "-"
        rows.append(f"{cards_text([p.card]):<4} count {p.count:>2}  {p.points:>2}  {why}")
    return rows


def _stats(args: argparse.Namespace, stdin: TextIO, cards_text: CardsText) -> list[str]:
    if args.variant != STANDARD.name:
        return _variant_stats(args)
    stats = show_statistics()
    if args.json:
        return [json.dumps(stats.to_json())]
    rows = [f"{'total':>5} {'hands':>10} {'cribs':>10}"]
    for total in range(rules.MAX_SHOW + 1):
        rows.append(f"{total:>5} {stats.hand.get(total, 0):>10,} {stats.crib.get(total, 0):>10,}")
    rows += [
        f"combinations {stats.combinations:,}",
        f"mean hand {float(stats.mean()):.4f}, mean crib {float(stats.mean(crib=True)):.4f}",
        f"no hand scores {', '.join(map(str, stats.impossible()))}",
        f"zero hands {stats.hand.get(0, 0):,} ({float(stats.share(0)):.2%})",
        f"a six-card deal and starter hold a {rules.MAX_SHOW} once in {stats.deals_per_29:,}",
    ]
    return rows


def _variant_stats(args: argparse.Namespace) -> list[str]:
    stats = variant_statistics(args.variant)
    if args.json:
        return [json.dumps(stats.to_json())]
    rows = [f"{args.variant}", f"{'total':>5} {'hands':>10} {'cribs':>10}"]
    for total in range(max(max(stats.hand), max(stats.crib)) + 1):
        rows.append(f"{total:>5} {stats.hand.get(total, 0):>10,} {stats.crib.get(total, 0):>10,}")
    rows += [
        f"hands {stats.hands:,} ({stats.hand_cards} cards and the starter), cribs {stats.cribs:,}",
        f"mean hand {float(stats.mean()):.4f}, mean crib {float(stats.mean(crib=True)):.4f}",
        f"no hand scores {', '.join(map(str, stats.impossible())) or 'nothing'} up to {max(stats.hand)}",
    ]
    return rows


def _advise(args: argparse.Namespace, stdin: TextIO, cards_text: CardsText) -> list[str]:
    rules_of = variant(args.variant)
    throws = advise_variant(parse_cards(" ".join(args.cards), rules_of.dealt, "deal"), rules_of, args.dealer)
    if args.json:
        return [json.dumps({"dealer": args.dealer, "throws": [t.to_json() for t in throws]})]
    sign = "+" if args.dealer else "-"
    rows = [f"{'keep':<16} {'throw':<8} {'hand':>6} {sign + 'crib':>6} {'value':>6}"]
    rows.extend(_throw_row(t, cards_text) for t in throws)
    return rows


def _throw_row(throw: Throw, cards_text: CardsText) -> str:
    return (
        f"{cards_text(throw.keep):<16} {cards_text(throw.discard):<8} "
        f"{float(throw.hand_value):6.2f} {float(throw.crib_value):6.2f} {float(throw.value):6.2f}"
    )


def _record(args: argparse.Namespace, stdin: TextIO, cards_text: CardsText) -> list[str]:
    """Check a record (its moves replayed, every line checked), or write a game between computer levels."""
    from . import records
    from .game import Game
    from .players import computer_player, play_game

    if args.action == "check":
        game = records.replay(stdin.read())
        outcome = game.outcome
        state = "unfinished" if outcome is None else f"seat {outcome.winner} won {'-'.join(map(str, outcome.scores))}"
        return [f"record: {game.variant.name} game, {len(game.events)} events replayed, {state}"]
    seed = int(args.seed) if args.seed.isdigit() else args.seed
    game = Game(seed=seed, variant=args.variant)
    levels = [args.levels[seat % 2] for seat in range(game.seats)]
    play_game(game, [computer_player(level, f"{seed}/{seat}") for seat, level in enumerate(levels)])
    return records.write(game).splitlines()


_RUNNERS: dict[str, Runner] = {"score": _score, "peg": _peg, "stats": _stats, "advise": _advise,
                               "record": _record}


def entry_point() -> None:
    """The ``cribbage`` console script."""
    sys.exit(main())
