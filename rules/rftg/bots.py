"""Bots for Roll for the Galaxy."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel

from rules.core import Prompt, Rng, Seat, random_choice


class GreedyBot:
    """Placeholder until the heuristic player lands: plays like the random bot."""

    name = "greedy"

    def choose(self, engine: Any, state: BaseModel, seat: Seat, prompt: Prompt, rng: Rng) -> Any:
        return random_choice(prompt, rng)
