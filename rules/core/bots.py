"""Players the table can seat in place of a person.

A bot answers a :class:`~rules.core.contract.Prompt` with an action. It draws from the
:class:`~rules.core.rng.Rng` it is given, never from module-level :mod:`random`, so a bot's game is
as reproducible as a person's (its chosen actions go into the action log like anyone's).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from pydantic import BaseModel

from rules.core.contract import Prompt, Seat
from rules.core.errors import RuleError
from rules.core.rng import Rng


class Bot(Protocol):
    """Anything that picks an action for a prompt."""

    name: str

    def choose(self, engine: Any, state: BaseModel, seat: Seat, prompt: Prompt, rng: Rng) -> Any:
        """The action this bot plays for ``prompt``."""
        ...


PARTS_TRIES = 16
"""Random combinations of a prompt's parts tried before a bot takes another answer."""


def random_choice(prompt: Prompt, rng: Rng, legal: Callable[[Any], bool] | None = None) -> Any:
    """A random answer to ``prompt``: an option, a number in its bounds, or a combination of its
    parts (each of these three as likely as one option). A combination the engine may refuse is
    tried with ``legal`` (up to :data:`PARTS_TRIES` of them) before an option or the number is
    taken instead; without ``legal`` the first combination drawn is the answer."""
    count = len(prompt.options) + (1 if prompt.number else 0)
    parts = prompt.parts
    pick = rng.below(count + (1 if parts is not None else 0))
    if pick == count:
        assert parts is not None
        for _ in range(PARTS_TRIES):
            action = parts.action([rng.below(len(part.choices)) for part in parts.menus])
            if legal is None or legal(action):
                return action
        if not count:
            return action
        pick = rng.below(count)
    if pick < len(prompt.options):
        return prompt.options[pick].action
    assert prompt.number is not None
    return prompt.number.action(rng.randint(prompt.number.low, prompt.number.high))


class RandomBot:
    """Plays any legal option at random. Every game offers it."""

    name = "random"

    def choose(self, engine: Any, state: BaseModel, seat: Seat, prompt: Prompt, rng: Rng) -> Any:
        def legal(action: Any) -> bool:
            try:
                engine.apply(state, seat, action)
            except RuleError:
                return False
            return True

        return random_choice(prompt, rng, legal)
