"""Picture figures per game: ms per picture (p50, p95) for the public board and a private view at a
mid-game and a late-game state, and PNG bytes (all of a table's pictures together, where a game
draws it as several)."""

from __future__ import annotations

import time
from functools import partial
from typing import Any

import render
from bench.common import percentile, report, table
from rules import registry
from rules.core import Rng, random_choice
from rules.core.engine import Engine


def sample_states(engine: Engine[Any, Any], players: int, seed: int) -> dict[str, Any]:
    """The states at half-way and near the end of one random selfplay game."""
    state = engine.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    history = [state]
    while prompts := engine.pending(state):
        seat = rng.choice(sorted(prompts))
        state, _ = engine.apply(state, seat, random_choice(prompts[seat], rng))
        history.append(state)
    return {"mid": history[len(history) // 2], "late": history[max(0, len(history) * 9 // 10)]}


def run(repeats: int = 15) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    rows = []
    for gid in registry.available():
        module = render.for_game(gid)
        if module is None:
            continue
        engine = registry.get(gid)
        players = min(4, engine.info.max_players)
        for stage, state in sample_states(engine, players, seed=7).items():
            pictures = {
                "board": partial(render.pictures, module, engine.view(state, None), None),
                "private": partial(render.pictures, module, engine.view(state, 0), 0),
            }
            for kind, draw in pictures.items():
                times, size = [], 0
                for _ in range(repeats):
                    start = time.perf_counter()
                    size = sum(len(png) for png in draw())
                    times.append(time.perf_counter() - start)
                entry = {"p50_ms": percentile(times, 50) * 1000, "p95_ms": percentile(times, 95) * 1000,
                         "png_bytes": size}
                figures[f"{gid}/{stage}/{kind}"] = entry
                rows.append([gid, stage, kind, *entry.values()])
    print(table(f"render ({repeats} pictures each)", ["game", "stage", "picture", "p50 ms", "p95 ms",
                                                       "PNG bytes"], rows))
    print(f"-> {report('render', figures)}")
    return figures
