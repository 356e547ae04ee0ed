"""The ways the table service says no.

Every error is a :class:`~rules.core.RuleError`: ``str(error)`` is an English sentence for the player
and ``key``/``params`` name the entry of the service catalogue (``bot/service/messages/*.json``), so
one error funnel in the bot answers every refusal, the engine's and the service's alike. A refusal
never changes anything stored.
"""

from __future__ import annotations

from typing import Any

from rules.core.errors import RuleError


class ServiceError(RuleError):
    """A command the table service refuses, explained for the player."""

    default_key = "service.error"

    def __init__(self, sentence: str, *, key: str = "", **params: Any) -> None:
        super().__init__(sentence, key=key or self.default_key, **params)


class NoSuchTable(ServiceError):
    """There is no table with that id (or it belongs to another server)."""

    default_key = "service.no_such_table"


class UnknownGameError(ServiceError):
    """No game with that id is available."""

    default_key = "service.unknown_game"


class NotSeated(ServiceError):
    """The user holds no seat at this table."""

    default_key = "service.not_seated"


class AlreadySeated(ServiceError):
    """The user already holds a seat at this table."""

    default_key = "service.already_seated"


class NotYourTurn(ServiceError):
    """The table is not waiting for the user's seat."""

    default_key = "service.not_your_turn"


class StaleAction(ServiceError):
    """The prompt the user answered is out of date: the table moved on since it was shown."""

    default_key = "service.stale_action"


class TableFull(ServiceError):
    """Every seat the game allows is taken."""

    default_key = "service.table_full"


class TooManyTables(ServiceError):
    """The user, or the server, already has as many open tables (in the lobby or playing) as the
    bot allows (``OPEN_TABLES_PER_USER``, ``OPEN_TABLES_PER_SERVER``)."""

    default_key = "service.too_many_tables_user"


class NotEnoughPlayers(ServiceError):
    """The game needs more seats before it can start."""

    default_key = "service.not_enough_players"


class AlreadyStarted(ServiceError):
    """The table has started; seats can no longer change."""

    default_key = "service.already_started"


class NotStarted(ServiceError):
    """The table is still in its lobby."""

    default_key = "service.not_started"


class NotCreator(ServiceError):
    """Only the table's creator may do that."""

    default_key = "service.not_creator"


class GameOverError(ServiceError):
    """The game has finished or was abandoned."""

    default_key = "service.game_over"


class UndoRefused(ServiceError):
    """Undo is not possible (nothing to undo, or hidden information came out since)."""

    default_key = "service.undo_refused"


class NoUndoRequest(ServiceError):
    """There is no open undo request to consent to (or it is out of date)."""

    default_key = "service.no_undo_request"


class StandingIn(ServiceError):
    """A stand-in bot holds the user's seat; ``reclaim`` takes it back."""

    default_key = "service.standing_in"


class NotStandingIn(ServiceError):
    """No stand-in bot holds the user's seat."""

    default_key = "service.not_standing_in"


class TableUnreadable(ServiceError):
    """The table's stored log no longer replays with the game as installed (a game updated in a way
    that changed its rules or state). Nothing is lost: the log stays as it was."""

    default_key = "service.table_unreadable"


class SavedButUnsettled(ServiceError):
    """What the player did is committed and counts, but storage failed on the steps after it (the
    bots' answers, deadlines, the finished status); the table is repaired by itself."""

    default_key = "service.saved_unsettled"


class AwayRefused(ServiceError):
    """A spell away that cannot start (away already, or beyond the allowance), or a return from
    one that is not under way."""

    default_key = "service.not_away"


class HandoverRefused(ServiceError):
    """A seat that cannot be handed over, or not to that person, or not by that player."""

    default_key = "service.handover_seated"


class NoHandover(ServiceError):
    """No such handover is under way (it was replaced, declined or done)."""

    default_key = "service.no_handover"


class BadSetting(ServiceError):
    """A table setting out of range."""

    default_key = "service.bad_setting"


__all__ = [
    "AlreadySeated",
    "AlreadyStarted",
    "AwayRefused",
    "BadSetting",
    "GameOverError",
    "HandoverRefused",
    "NoHandover",
    "NoSuchTable",
    "NoUndoRequest",
    "NotCreator",
    "NotEnoughPlayers",
    "NotSeated",
    "NotStandingIn",
    "NotStarted",
    "NotYourTurn",
    "SavedButUnsettled",
    "ServiceError",
    "StaleAction",
    "StandingIn",
    "TableFull",
    "TableUnreadable",
    "TooManyTables",
    "UndoRefused",
    "UnknownGameError",
]
