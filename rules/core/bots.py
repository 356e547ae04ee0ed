"""Players the table can seat in place of a person.

A bot answers a :class:`~rules.core.contract.Prompt` with an action. It draws from the
:class:`~rules.core.rng.Rng` it is given, never from module-level :mod:`random`, so a bot's game is
as reproducible as a person's (its chosen actions go into the action log like anyone's).
"""

from __future__ import annotations

from typing import Any, Protocol

from pydantic import BaseModel

from rules.core.contract import Prompt, Seat
from rules.core.rng import Rng


class Bot(Protocol):
    """Anything that picks an action for a prompt."""

    name: str

    def choose(self, engine: Any, state: BaseModel, seat: Seat, prompt: Prompt, rng: Rng) -> Any:
        """The action this bot plays for ``prompt``."""
        ...


def random_choice(prompt: Prompt, rng: Rng) -> Any:
    """A uniformly random legal answer to ``prompt``: an option, or a number in its bounds."""
    count = len(prompt.options) + (1 if prompt.number else 0)
    pick = rng.below(count)
    if pick < len(prompt.options):
        return prompt.options[pick].action
    assert prompt.number is not None
    return prompt.number.action(rng.randint(prompt.number.low, prompt.number.high))


class RandomBot:
    """Plays any legal option at random. Every game offers it."""

    name = "random"

    def choose(self, engine: Any, state: BaseModel, seat: Seat, prompt: Prompt, rng: Rng) -> Any:
        return random_choice(prompt, rng)
