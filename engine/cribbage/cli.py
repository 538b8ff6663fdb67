"""``cribbage`` command line: score, peg, stats, advise.

The JSON printed here is a stable contract (documented in engine/README.md).
Bad input exits with status 2 and one line on stderr, printing nothing on stdout.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence, TextIO

from . import rules
from .advice import advise
from .cards import format_cards, parse_cards
from .errors import CardError
from .play import score_count
from .show import score_show
from .stats import show_statistics

EXIT_BAD_INPUT = 2


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, not argparse's usage block
        raise CardError(message)


def build_parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="cribbage", description="Exact cribbage scoring and advice.")
    commands = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)

    score = commands.add_parser("score", help="score a hand or crib with its starter")
    score.add_argument("cards", nargs="+", help="four cards, or - to read cases from stdin")
    score.add_argument("--starter", help="the starter card")
    score.add_argument("--crib", action="store_true", help="score as the crib")
    score.add_argument("--json", action="store_true")

    peg = commands.add_parser("peg", help="score each card of one count in order")
    peg.add_argument("cards", nargs="+")
    peg.add_argument("--json", action="store_true")

    stats = commands.add_parser("stats", help="exact distribution of show scores")
    stats.add_argument("--json", action="store_true")

    advice = commands.add_parser("advise", help="rank the fifteen throws of a six-card deal")
    advice.add_argument("cards", nargs="+")
    advice.add_argument("--dealer", action="store_true", help="you deal (the crib is yours)")
    advice.add_argument("--json", action="store_true")
    return parser


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        lines = _RUNNERS[args.command](args, stdin or sys.stdin)
    except CardError as error:
        print(f"cribbage: {error}", file=sys.stderr)
        return EXIT_BAD_INPUT
    sys.stdout.write("".join(line + "\n" for line in lines))
    return 0


def _score(args: argparse.Namespace, stdin: TextIO) -> list[str]:
    if args.cards == ["-"]:
        if args.starter or args.crib:
            raise CardError("with '-', give the starter and 'crib' on each input line")
        results = [_score_line(line, number) for number, line in _numbered(stdin)]
        return [json.dumps(r.to_json()) for r in results] if args.json else [_show_text(r) for r in results]
    if not args.starter:
        raise CardError("score: give the starter with --starter, e.g. --starter 5D")
    result = score_show(" ".join(args.cards), args.starter, args.crib)
    return [json.dumps(result.to_json())] if args.json else [_show_text(result)]


def _numbered(stdin: TextIO):
    for number, line in enumerate(stdin, start=1):
        if line.strip():
            yield number, line


def _score_line(line: str, number: int):
    words = line.split()
    is_crib = bool(words) and words[-1].lower() == "crib"
    if is_crib:
        words = words[:-1]
    try:
        cards = parse_cards(words, 5, "a line of four cards and the starter")
        return score_show(cards[:4], cards[4], is_crib)
    except CardError as error:
        raise CardError(f"line {number}: {error}") from None


def _show_text(result) -> str:
    header = (
        f"{format_cards(result.hand)}  starter {result.starter.label}"
        f"  ({'crib' if result.is_crib else 'hand'})"
    )
    rows = [f"  {item.kind:<8} {format_cards(item.cards):<18} {item.points:>2}" for item in result.items]
    return "\n".join([header, *rows, f"  total {result.total}", f"  {result.spoken}"])


def _peg(args: argparse.Namespace, stdin: TextIO) -> list[str]:
    played = score_count(" ".join(args.cards))
    if args.json:
        payload = {"cards": [p.to_json() for p in played], "total": sum(p.points for p in played)}
        return [json.dumps(payload)]
    rows = []
    for p in played:
        why = ", ".join(f"{i.kind} {i.points}" for i in p.items) or "-"
        rows.append(f"{p.card.label:<4} count {p.count:>2}  {p.points:>2}  {why}")
    return rows


def _stats(args: argparse.Namespace, stdin: TextIO) -> list[str]:
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
        f"a six-card deal and starter hold a 29 once in {stats.deals_per_29:,}",
    ]
    return rows


def _advise(args: argparse.Namespace, stdin: TextIO) -> list[str]:
    throws = advise(parse_cards(" ".join(args.cards), 6, "deal"), args.dealer)
    if args.json:
        return [json.dumps({"dealer": args.dealer, "throws": [t.to_json() for t in throws]})]
    sign = "+" if args.dealer else "-"
    rows = [f"{'keep':<16} {'throw':<8} {'hand':>6} {sign + 'crib':>6} {'value':>6}"]
    for t in throws:
        rows.append(
            f"{format_cards(t.keep):<16} {format_cards(t.discard):<8} "
            f"{float(t.hand_value):6.2f} {float(t.crib_value):6.2f} {float(t.value):6.2f}"
        )
    return rows


_RUNNERS = {"score": _score, "peg": _peg, "stats": _stats, "advise": _advise}


def entry_point() -> None:
    sys.exit(main())
