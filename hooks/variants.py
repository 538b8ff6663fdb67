"""The variants page's numbers, computed by the engine at build time and kept between builds.

Five-card cribbage's exact hand distribution (every three cards and starter) and the mean crib of
the three- and four-handed games over seeded deals thrown as the strong computer throws (the crib's
other cards are the other players' throws, and in the three-handed game one card from the pack).
Both take seconds, so they are cached under ``build/stats`` like the show's statistics, recomputed
whenever the engine's source changes.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, Final

from markupsafe import Markup

from cribbage.stats import mean_crib, variant_statistics
from hooks.chart import distribution_svg
from hooks.files import write_atomically

CRIB_DEALS: Final = 1000
"""Seeded deals the three- and four-handed mean crib is estimated over."""

Numbers = dict[str, Any]


class VariantNumbers:
    """One build's variant numbers, computed (or read from the cache) the first time a page asks."""

    def __init__(self, root: Path, digest: Callable[[Path], str]) -> None:
        self.root, self.digest = root, digest
        self.numbers: Numbers | None = None

    def __call__(self) -> Numbers:
        if self.numbers is None:
            self.numbers = variant_numbers(self.root, self.digest(self.root))
        return self.numbers


def variant_numbers(root: Path, digest: str) -> Numbers:
    """The numbers for the engine whose source has this digest (from the cache when it has them)."""
    path = root / "build" / "stats" / f"variants-{digest}.json"
    if path.exists():
        numbers: Numbers = json.loads(path.read_text())
        return numbers
    numbers = {"five_card": variant_statistics("five-card").to_json(),
               "cribs": {name: mean_crib(name, CRIB_DEALS).to_json() for name in ("three-player", "four-player")}}
    write_atomically(path, json.dumps(numbers).encode())
    return numbers


def _share(numbers: Numbers, total: int) -> float:
    five = numbers["five_card"]
    return float(five["hand"].get(str(total), 0)) / float(five["hands"])


def in_words(values: list[int], last: str = "and") -> str:
    """Numbers as a sentence lists them: "16, 17, 18 or 19"."""
    words = [str(v) for v in values]
    return ", ".join(words[:-1]) + f" {last} " + words[-1] if len(words) > 1 else "".join(words)


_STATS: Final[Mapping[str, Callable[[Numbers], str]]] = {
    "five_card_hands": lambda n: f"{n['five_card']['hands']:,}",
    "five_card_mean": lambda n: f"{n['five_card']['hand_mean']:.2f}",
    "five_card_max": lambda n: f"{n['five_card']['max_hand']}",
    "five_card_max_count": lambda n: f"{n['five_card']['hand'][str(n['five_card']['max_hand'])]:,}",
    "five_card_zero_share": lambda n: f"{_share(n, 0):.1%}",
    "five_card_impossible": lambda n: in_words(n["five_card"]["impossible_hand"], "or"),
    "crib_deals": lambda n: f"{n['cribs']['three-player']['deals']:,}",
    "crib_three": lambda n: f"{n['cribs']['three-player']['mean']:.1f}",
    "crib_three_error": lambda n: f"{2 * n['cribs']['three-player']['standard_error']:.1f}",
    "crib_four": lambda n: f"{n['cribs']['four-player']['mean']:.1f}",
    "crib_four_error": lambda n: f"{2 * n['cribs']['four-player']['standard_error']:.1f}",
}
"""What ``variant_stat(name)`` gives a page."""


class VariantHelpers:
    """``variant_stat`` and ``five_card_chart`` for one build (numbers computed on first use)."""

    def __init__(self, numbers: Callable[[], Numbers]) -> None:
        self.numbers = numbers

    def functions(self) -> dict[str, Callable[..., Any]]:
        return {"variant_stat": self.stat, "five_card_chart": self.chart}

    def stat(self, name: str) -> str:
        if name not in _STATS:
            raise KeyError(f"variant_stat('{name}'): no such number ({', '.join(_STATS)})")
        return _STATS[name](self.numbers())

    def chart(self) -> Markup:
        five = self.numbers()["five_card"]
        counts = {int(total): count for total, count in five["hand"].items()}
        svg = distribution_svg(counts, five["max_hand"],
                               caption=f"How often each total occurs over all {five['hands']:,} five-card hands")
        rows = "".join(f"<tr><td>{t}</td><td>{counts.get(t, 0):,}</td></tr>" for t in range(five["max_hand"] + 1))
        return Markup(
            f'<figure class="score-chart-figure">{svg}<figcaption>Share of all {five["hands"]:,} five-card hands '
            "(three cards and a starter) that score each total, hand rules.</figcaption></figure>\n"
            '<details class="score-table"><summary>The numbers behind the chart</summary><table><thead><tr>'
            f'<th scope="col">Total</th><th scope="col">Hands</th></tr></thead><tbody>{rows}</tbody>'
            "</table></details>\n"
        )
