"""Score-progression chart as SVG geometry, drawn on the server (no JS library needed)."""

from __future__ import annotations

COLOURS = ["#0b5cad", "#b3261e", "#17753a", "#8a5a00", "#6b3fa0", "#00838f", "#5d4037"]


def progression(positions: list[str], running: list[list[int]], width: int = 320, height: int = 160) -> dict:
    """Polylines of cumulative points per seat; ``running[i]`` are the totals after hand i+1."""
    series = [[0] + [row[j] for row in running] for j in range(len(positions))]
    values = [v for s in series for v in s] or [0]
    lo, hi = min([*values, 0]), max([*values, 0])
    span = (hi - lo) or 1
    steps = max(len(running), 1)
    pad = 6

    def xy(i: int, v: int) -> str:
        x = pad + i * (width - 2 * pad) / steps
        y = pad + (hi - v) * (height - 2 * pad) / span
        return f"{x:.1f},{y:.1f}"

    lines = [
        {
            "position": p,
            "colour": COLOURS[j % len(COLOURS)],
            "points": " ".join(xy(i, v) for i, v in enumerate(series[j])),
            "last": series[j][-1],
        }
        for j, p in enumerate(positions)
    ]
    zero_y = pad + hi * (height - 2 * pad) / span
    return {"width": width, "height": height, "lines": lines, "zero_y": f"{zero_y:.1f}", "lo": lo, "hi": hi}
