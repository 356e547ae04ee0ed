"""The states a picture check draws: early, in the middle, late and at the end of a seeded game.

The game is played by its greedy bots from ``seed``; a seat to move is picked by the same seeded
generator at each step, so the same game, players and seed give the same states. Early is a tenth
of the way in, late nine tenths, "over" the final state.
"""

from __future__ import annotations

from typing import Any

from rules import registry
from rules.core import Rng

STAGES = ("early", "middle", "late", "over")


def stages(game: str, players: int, seed: int) -> dict[str, Any]:
    """The states early, in the middle, late and at the end of the seeded greedy game, in that order."""
    engine = registry.get(game)
    bot = engine.bots()["greedy"]
    rng = Rng.from_seed(seed)
    state = engine.new_game(players, {}, seed)
    history = [state]
    while prompts := engine.pending(state):
        seat = rng.choice(sorted(prompts))
        state, _ = engine.apply(state, seat, bot.choose(engine, state, seat, prompts[seat], rng.fork()))
        history.append(state)
    last = len(history) - 1
    picked = (last // 10, last // 2, last * 9 // 10, last)
    return {stage: history[i] for stage, i in zip(STAGES, picked, strict=True)}
