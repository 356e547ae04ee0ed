"""Bots that can take a seat: the random player and a greedy one."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.core import Prompt, Rng, Seat, random_choice


class GreedyBot:
    """Placeholder until the heuristic lands: plays like the random bot."""

    name = "greedy"

    def choose(self, engine: Any, state: BaseModel, seat: Seat, prompt: Prompt, rng: Rng) -> Any:
        return random_choice(prompt, rng)
