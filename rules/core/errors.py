"""The ways an engine says no.

Every rejection is a :class:`RuleError` whose ``str()`` is a sentence a player understands and whose
``key``/``params`` let the bot translate it through the message catalogue. A rejected action never
changes the state: engines work on a copy (see :meth:`rules.core.engine.Engine.apply`).
"""

from __future__ import annotations

from typing import Any


class RuleError(Exception):
    """An action the rules do not allow, explained for the player.

    >>> str(RuleError("Build needs 3 coins; you have 2.", key="build.short", need=3, have=2))
    'Build needs 3 coins; you have 2.'
    """

    def __init__(self, sentence: str, *, key: str = "", **params: Any) -> None:
        super().__init__(sentence)
        self.sentence = sentence
        self.key = key
        self.params: dict[str, Any] = params


class InvalidAction(RuleError):
    """The action is malformed (unknown kind, missing or mistyped field), not merely illegal."""


class NotYourTurn(RuleError):
    """The seat owes no decision right now."""


class GameOver(RuleError):
    """The game has ended; nothing more can be played."""
