"""The worked deals: each is replayed by the engine from its seed and moves (``hooks.deal``)."""

from __future__ import annotations

from hooks import deal as worked_deal

from .loader import Catalog

REPLAYED = "the engine replays the deal from its seed and the moves listed: write what it counts"


def replay_deals(catalog: Catalog, problems: list[str]) -> None:
    """Replay every deal; keep each ``WorkedDeal`` in ``catalog.results[("deals", id)]``."""
    for ident, entry in catalog.deals.items():
        try:
            catalog.results[("deals", ident)] = worked_deal.replay(entry)
        except worked_deal.DealError as error:
            problems.append(f"{entry.where(error.key)}: entry '{ident}': {error} (hint: {REPLAYED})")


def worked_deals(catalog: Catalog) -> dict[str, worked_deal.WorkedDeal]:
    """The replayed deals of a checked catalog, by id."""
    return {ident: catalog.results[("deals", ident)] for ident in catalog.deals}
