"""Engine figures per game and player count: random selfplay games/s, actions/s, apply+pending time
per action (p50, p99; and the p50 in CPU time, which other work on a shared machine inflates far
less than the elapsed time) and the state's JSON size. The prompts are read as the table service
reads them (:meth:`Engine.prompts`: once per state, shared with ``apply``'s seat check)."""

from __future__ import annotations

import statistics
import time
from typing import Any

from bench.common import percentile, report, table
from rules import registry
from rules.core import Rng, random_choice
from rules.core.engine import Engine


def play_one(engine: Engine[Any, Any], players: int, seed: int,
             cpu: list[float] | None = None) -> tuple[int, list[float], int]:
    """One random selfplay game: (actions, per-action apply+pending seconds, final JSON bytes);
    each action's CPU seconds are appended to ``cpu`` when given."""
    state = engine.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    per_action: list[float] = []
    prompts = engine.prompts(state)
    while prompts:
        seat = rng.choice(sorted(prompts))
        action = random_choice(prompts[seat], rng)
        start, start_cpu = time.perf_counter(), time.process_time()
        state, _ = engine.apply(state, seat, action)
        prompts = engine.prompts(state)
        per_action.append(time.perf_counter() - start)
        if cpu is not None:
            cpu.append(time.process_time() - start_cpu)
    return len(per_action), per_action, len(engine.dump(state).encode())


def run(games: int = 5, runs: int = 3) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    rows = []
    for gid in registry.available():
        engine = registry.get(gid)
        for players in range(engine.info.min_players, engine.info.max_players + 1):
            rates: list[float] = []
            action_rates: list[float] = []
            timings: list[float] = []
            sizes: list[int] = []
            cpu: list[float] = []
            for r in range(runs):
                start = time.perf_counter()
                actions = 0
                for g in range(games):
                    n, per_action, size = play_one(engine, players, seed=1000 * r + g, cpu=cpu)
                    actions += n
                    timings += per_action
                    sizes.append(size)
                elapsed = time.perf_counter() - start
                rates.append(games / elapsed)
                action_rates.append(actions / elapsed)
            entry = {
                "games_per_s": statistics.median(rates),
                "actions_per_s": statistics.median(action_rates),
                "apply_pending_p50_ms": percentile(timings, 50) * 1000,
                "apply_pending_p99_ms": percentile(timings, 99) * 1000,
                "apply_pending_cpu_p50_ms": percentile(cpu, 50) * 1000,
                "state_json_bytes": int(statistics.median(sizes)),
            }
            figures[f"{gid}/{players}p"] = entry
            rows.append([gid, players, *entry.values()])
    print(table("engines (random selfplay, median of runs)",
                ["game", "players", "games/s", "actions/s", "p50 ms", "p99 ms", "cpu p50 ms", "state bytes"],
                rows))
    print(f"-> {report('engines', figures)}")
    return figures
