"""Decisions per game: how many questions a player answers, measured as issue "a turn on a phone"
states it: greedy bots in every seat, 3 players, seeds 101-103, counting the prompts seat 0 answers.

A *decision* is a prompt that offers two or more answers (:attr:`rules.core.Prompt.answers`:
navigation such as Back, Undo or Start over does not count); a *forced* prompt offers one answer
only, which the contract asks the engine to play itself. Both are averaged per game and printed
beside the figures measured before the turns were folded.
"""

from __future__ import annotations

import statistics
from typing import Any

from bench.common import report, table
from rules import registry
from rules.core import Rng
from rules.core.engine import Engine

SEEDS = (101, 102, 103)
PLAYERS = 3

BASELINE: dict[str, tuple[float, float]] = {
    "rftg": (138, 4.3),
    "ancient_world": (55, 6.0),
    "praetor": (30, 0.0),
    "patchistory": (313, 78),
}
"""Seat 0's decisions and forced prompts per game before the folding, by this measurement."""


def count_game(engine: Engine[Any, Any], seed: int, players: int = PLAYERS) -> tuple[int, int, int]:
    """One game with greedy bots in every seat: (seat 0's decisions, seat 0's forced prompts,
    every seat's actions)."""
    bots = engine.bots()
    greedy = bots.get("greedy", bots["random"])
    state = engine.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    decisions = forced = actions = 0
    prompts = engine.pending(state)
    while prompts:
        seat = rng.choice(sorted(prompts))
        prompt = prompts[seat]
        if seat == 0:
            if prompt.answers >= 2:
                decisions += 1
            else:
                forced += 1
        action = greedy.choose(engine, state, seat, prompt, rng.fork())
        state, _ = engine.apply(state, seat, action)
        actions += 1
        prompts = engine.pending(state)
    return decisions, forced, actions


def run(seeds: tuple[int, ...] = SEEDS) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    rows = []
    for gid in registry.available():
        engine = registry.get(gid)
        counted = [count_game(engine, seed) for seed in seeds]
        decisions = statistics.mean(c[0] for c in counted)
        forced = statistics.mean(c[1] for c in counted)
        before, forced_before = BASELINE.get(gid, (0.0, 0.0))
        change = f"{(decisions - before) / before:+.0%}" if before else "—"
        figures[gid] = {
            "decisions_per_game": decisions,
            "forced_prompts_per_game": forced,
            "baseline_decisions": before,
            "baseline_forced": forced_before,
            "actions_per_game": statistics.mean(c[2] for c in counted),
        }
        target = f"{0.6 * before:.0f}" if before else "—"
        rows.append([gid, f"{decisions:.1f}", f"{before:g}", target, change, f"{forced:.1f}",
                     f"{forced_before:g}"])
    print(table(
        f"decisions (greedy bots, {PLAYERS} players, seeds {seeds[0]}-{seeds[-1]}, seat 0, per game; "
        "target: 40% fewer than before, no forced prompt)",
        ["game", "decisions", "before", "target", "change", "forced", "forced before"], rows,
    ))
    print(f"-> {report('decisions', figures)}")
    return figures
