"""What every benchmark suite shares: timing, percentiles, the machine line and the JSON report."""

from __future__ import annotations

import json
import math
import os
import platform
import sqlite3
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime
from importlib import metadata
from pathlib import Path
from typing import Any

from pydantic import BaseModel

RESULTS = Path(__file__).resolve().parent / "results"


def percentile(samples: Sequence[float], pct: float) -> float:
    """The ``pct`` percentile (nearest rank) of ``samples``."""
    ordered = sorted(samples)
    if not ordered:
        return 0.0
    rank = max(0, min(len(ordered) - 1, math.ceil(pct / 100 * len(ordered)) - 1))
    return ordered[rank]


def median_of_runs(runs: int, measure: Callable[[], float]) -> float:
    """Run ``measure`` ``runs`` times and return the median figure."""
    return statistics.median(measure() for _ in range(runs))


def timed(function: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds taken by ``function()`` and what it returned."""
    start = time.perf_counter()
    value = function()
    return time.perf_counter() - start, value


def machine() -> dict[str, Any]:
    """Where the figures were taken."""
    versions = {}
    for dist in ("pydantic", "pillow", "discord.py"):
        try:
            versions[dist] = metadata.version(dist)
        except metadata.PackageNotFoundError:
            versions[dist] = "absent"
    versions["sqlite"] = sqlite3.sqlite_version
    return {
        "when": datetime.now(UTC).isoformat(timespec="seconds"),
        "python": sys.version.split()[0],
        "platform": platform.platform(),
        "cpus": os.cpu_count(),
        "versions": versions,
        "reference_ms": reference_ms(),
    }


class _Piece(BaseModel):
    name: str
    goods: list[str] = []


class _Board(BaseModel):
    round: int
    pieces: list[_Piece]
    counts: dict[str, int]


def reference_ms(runs: int = 5) -> float:
    """CPU milliseconds of a fixed workload no code of the project takes part in: a board of small
    pydantic models copied through a dump and a validation, and plain Python over dicts, lists and
    strings, as an engine's move is made of. It is the same work on every machine and at every
    commit, so figures of two sittings compare by it (the median of ``runs``)."""
    board = _Board(round=3, pieces=[_Piece(name=f"tile {i}", goods=["blue"] * (i % 3)) for i in range(40)],
                   counts={f"track {i}": i for i in range(8)})

    def once() -> float:
        start = time.process_time()
        for _ in range(200):
            copy = _Board.model_validate(board.model_dump())
            tally: dict[str, int] = {}
            for piece in copy.pieces:
                for good in piece.goods:
                    tally[good] = tally.get(good, 0) + 1
            words = sorted(f"{piece.name}: {len(piece.goods)}" for piece in copy.pieces)
            tally["words"] = len(" ".join(words))
        return (time.process_time() - start) * 1000

    return statistics.median(once() for _ in range(runs))


def table(title: str, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    """A plain text table for the terminal."""
    cells = [list(map(str, header))] + [[_fmt(c) for c in row] for row in rows]
    widths = [max(len(r[i]) for r in cells) for i in range(len(header))]
    lines = [title, "  ".join(h.ljust(w) for h, w in zip(cells[0], widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(c.rjust(w) for c, w in zip(r, widths, strict=True)) for r in cells[1:]]
    return "\n".join(lines)


def _fmt(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:,.2f}" if value < 100 else f"{value:,.0f}"
    return str(value)


def report(suite: str, figures: dict[str, Any]) -> Path:
    """Write ``bench/results/<suite>.json`` with the machine line, and print the machine's speed
    it names; return its path."""
    RESULTS.mkdir(exist_ok=True)
    path = RESULTS / f"{suite}.json"
    where = machine()
    path.write_text(json.dumps({"machine": where, "suite": suite, "figures": figures}, indent=2))
    print(f"machine reference: {where['reference_ms']:.1f} ms of CPU (bench.common.reference_ms: the"
          " same work on any machine; figures of two runs compare by it)")
    return path
