"""The score distribution as an inline SVG bar chart, drawn at build time."""

from __future__ import annotations

from html import escape

from cribbage import rules

WIDTH, HEIGHT = 720, 300
LEFT, RIGHT, TOP, BOTTOM = 56, 12, 16, 44


def distribution_svg(counts: dict[int, int], max_total: int = rules.MAX_SHOW, caption: str = "") -> str:
    """Bars for totals 0..max_total as percentages; impossible totals are marked, not hidden."""
    combinations = sum(counts.values())
    shares = [counts.get(t, 0) / combinations * 100 for t in range(max_total + 1)]
    top = _nice_ceiling(max(shares))
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM
    slot = plot_w / (max_total + 1)
    parts = [
        f'<svg class="score-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="score-chart-title" xmlns="http://www.w3.org/2000/svg">',
        f'<title id="score-chart-title">{escape(caption)}</title>',
    ]
    for step in range(0, int(top) + 1, max(1, int(top) // 5)):
        y = TOP + plot_h - step / top * plot_h
        parts.append(f'<line class="grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y:.1f}" y2="{y:.1f}"/>')
        parts.append(f'<text class="axis" x="{LEFT - 6}" y="{y + 4:.1f}" text-anchor="end">{step}%</text>')
    for total, share in enumerate(shares):
        x = LEFT + total * slot
        label_x = x + slot / 2
        if counts.get(total, 0):
            h = max(share / top * plot_h, 1.0)  # the rarest totals still show a sliver
            parts.append(
                f'<rect class="bar" x="{x + 2:.1f}" y="{TOP + plot_h - h:.1f}" width="{slot - 4:.1f}" '
                f'height="{h:.1f}"><title>{total}: {counts[total]:,} hands ({share:.4f}%)</title></rect>'
            )
        else:
            parts.append(
                f'<text class="impossible" x="{label_x:.1f}" y="{TOP + plot_h - 4:.1f}" '
                f'text-anchor="middle">×</text>'
            )
        parts.append(
            f'<text class="axis" x="{label_x:.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{total}</text>'
        )
    parts.append(
        f'<text class="axis" x="{LEFT + plot_w / 2:.1f}" y="{HEIGHT - 8}" text-anchor="middle">'
        "points in the show (× = no hand can score this)</text>"
    )
    parts.append("</svg>")
    return "".join(parts)


def _nice_ceiling(value: float) -> float:
    for step in (5, 10, 20, 25, 50, 100):
        if value <= step:
            return float(step)
    return float(value)
