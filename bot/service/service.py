"""The table service: every command a player can give a table, free of Discord.

The Discord adapter, the terminal client and the tests drive a table the same way::

    service = TableService(repo)
    table = await service.create_table("rftg", guild_id, channel_id, user_id, "Ada", {})
    await service.join(table.id, other_id, "Bo")
    outcome = await service.start(table.id, user_id)
    seat_prompt = await service.prompt_for(table.id, user_id)
    outcome = await service.act(table.id, user_id, seat_prompt.prompt.options[0].action,
                                expected_seq=seat_prompt.seq)

Each command loads the table (snapshot + the log's tail), checks who may do what, applies the
engine, **persists the log entry and its events before it returns**, lets bot seats and stand-ins
play until a person owes a decision, and returns an :class:`~bot.service.models.Outcome` that says
what to tell whom. Commands on one table are serialised by an ``asyncio.Lock`` per table; across
processes the log's ``(table_id, seq)`` key is the check (a stale writer reloads and retries).

Refusals raise :class:`~bot.service.errors.ServiceError` (or the engine's ``RuleError``) and change
nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import datetime
from typing import Any, Protocol

from bot.service.models import (
    BoardView,
    Notice,
    Outcome,
    Preferences,
    Reminder,
    SeatPrompt,
    TableInfo,
    TableStatus,
    Waiting,
)
from rules.core import Engine, Message
from storage.repository import Repository


def utc_now() -> datetime:
    """The current time, timezone-aware UTC."""
    from datetime import UTC

    return datetime.now(UTC)


class GameSource(Protocol):
    """Where engines come from: :mod:`rules.registry` (tests may pass their own)."""

    def get(self, game_id: str) -> Engine[Any, Any]: ...


class TableService:
    """Tables from lobby to result. See the module docstring for the flow."""

    def __init__(
        self,
        repo: Repository,
        *,
        clock: Callable[[], datetime] = utc_now,
        registry: GameSource | None = None,
        snapshot_every: int = 50,
        undo_window: int = 0,
    ) -> None:
        raise NotImplementedError

    # ---- lobby ------------------------------------------------------------------------------

    async def create_table(
        self,
        game_id: str,
        guild_id: int,
        channel_id: int,
        creator_id: int,
        creator_name: str,
        options: Mapping[str, Any] | None = None,
        *,
        thread_id: int | None = None,
        pace_hours: float = 24.0,
        stand_ins: bool = False,
        locale: str = "en",
    ) -> TableInfo:
        """Open a table in the lobby with the creator in seat 0.

        :raises UnknownGameError: no such game.
        :raises RuleError: an unknown or invalid option (the engine's sentence).
        """
        raise NotImplementedError

    async def join(self, table_id: int, user_id: int, name: str, *, locale: str = "en") -> Outcome:
        """Take the next free seat.

        :raises AlreadyStarted, TableFull, AlreadySeated:
        """
        raise NotImplementedError

    async def leave(self, table_id: int, user_id: int) -> Outcome:
        """Give up one's seat before the start (the creator leaving closes the table).

        :raises AlreadyStarted, NotSeated:
        """
        raise NotImplementedError

    async def add_bot(self, table_id: int, user_id: int, kind: str = "greedy") -> Outcome:
        """Seat a bot (any seated player may; ``greedy`` falls back to ``random`` when a game has
        no greedy bot).

        :raises AlreadyStarted, TableFull, NotSeated, BadSetting: (unknown bot kind)
        """
        raise NotImplementedError

    async def start(self, table_id: int, user_id: int) -> Outcome:
        """Start the game (creator only): shuffle the seat order, draw the seed, set up the engine,
        and let bot seats play until a person owes a decision.

        :raises NotCreator, AlreadyStarted, NotEnoughPlayers:
        """
        raise NotImplementedError

    # ---- play -------------------------------------------------------------------------------

    async def act(
        self,
        table_id: int,
        user_id: int,
        action: Any,
        *,
        expected_seq: int | None = None,
    ) -> Outcome:
        """Play ``action`` (the engine's action model, a mapping or JSON text) for the user's seat.

        With ``expected_seq`` (the :attr:`SeatPrompt.seq` the user answered), an action on a table
        that moved on since is refused as out of date. Without it, a write lost to another process
        is retried on the reloaded table.

        :raises NoSuchTable, NotStarted, GameOverError, NotSeated, StandingIn, NotYourTurn,
            StaleAction:
        :raises RuleError: the rules forbid the action (state and log untouched).
        """
        raise NotImplementedError

    async def prompt_for(self, table_id: int, user_id: int) -> SeatPrompt | None:
        """The decision the user owes at the table now, with a digest of what they may see that
        happened since their last move; ``None`` when they owe nothing.

        :raises NoSuchTable, NotSeated:
        """
        raise NotImplementedError

    async def view_for(self, table_id: int, user_id: int | None) -> BoardView:
        """What the user's seat may see (``None``, or a user without a seat: the spectator view).

        :raises NoSuchTable, NotStarted:
        """
        raise NotImplementedError

    async def status(self, table_id: int) -> TableStatus:
        """Whose move it is, their deadlines, and the result once the game is over."""
        raise NotImplementedError

    async def log(self, table_id: int, user_id: int | None, n: int = 20) -> list[Message]:
        """The last ``n`` events the user may see (public ones, and private ones to their seat)."""
        raise NotImplementedError

    # ---- undo -------------------------------------------------------------------------------

    async def undo(self, table_id: int, user_id: int) -> Outcome:
        """Take back the user's last action (and the bot moves that followed it).

        Allowed only while nothing hidden came out since that action (no event with
        ``reveals=True``) and no other person has moved since; otherwise the other players must
        consent (:meth:`request_undo`, :meth:`consent_undo`).

        :raises UndoRefused: nothing to undo, or consent is needed (the sentence says which).
        """
        raise NotImplementedError

    async def request_undo(self, table_id: int, user_id: int) -> Outcome:
        """Ask every other person at the table to consent to undoing the user's last action.

        With nobody else to ask, the undo happens at once.
        """
        raise NotImplementedError

    async def consent_undo(self, table_id: int, user_id: int) -> Outcome:
        """Consent to the open undo request; the last consent carries it out.

        :raises NoUndoRequest: none open, or the table moved on since it was made.
        """
        raise NotImplementedError

    # ---- table management -------------------------------------------------------------------

    async def abandon(self, table_id: int, user_id: int) -> Outcome:
        """Give the table up: at once by its creator, otherwise by a majority vote of its players
        (each call is one vote; the outcome says how many are still needed).

        :raises NotSeated, GameOverError:
        """
        raise NotImplementedError

    async def settings(
        self,
        table_id: int,
        user_id: int,
        *,
        pace_hours: float | None = None,
        stand_ins: bool | None = None,
    ) -> TableInfo:
        """Change the table's pace or whether stand-in bots are allowed (creator only).

        :raises NotCreator, BadSetting:
        """
        raise NotImplementedError

    async def table(self, table_id: int) -> TableInfo:
        """The table as the lobby shows it.

        :raises NoSuchTable:
        """
        raise NotImplementedError

    async def tables(
        self,
        guild_id: int | None = None,
        channel_id: int | None = None,
        *,
        include_finished: bool = False,
    ) -> list[TableInfo]:
        """Tables in a guild or channel (open and active ones unless ``include_finished``)."""
        raise NotImplementedError

    async def waiting_on(self, guild_id: int | None, user_id: int) -> list[Waiting]:
        """Every decision the user owes at tables in the guild (any guild for ``None``)."""
        raise NotImplementedError

    # ---- reminders and stand-ins ------------------------------------------------------------

    async def due_reminders(self, now: datetime | None = None) -> list[Reminder]:
        """Seats whose time is up at ``now`` (default: the clock), outside their quiet hours.

        The caller tells each player, then calls :meth:`mark_reminded`.
        """
        raise NotImplementedError

    async def mark_reminded(self, table_id: int, seat: int) -> Outcome | None:
        """Record that a reminder went out. The next one is due after a longer interval (twice
        the pace). After the table's limit of missed reminders, and if the table allows it, a
        stand-in bot takes the seat and plays: the returned outcome says what it did.
        """
        raise NotImplementedError

    async def reclaim(self, table_id: int, user_id: int) -> Outcome:
        """Take one's seat back from a stand-in bot.

        :raises NotSeated, UndoRefused:
        """
        raise NotImplementedError

    # ---- per-user ---------------------------------------------------------------------------

    async def preferences(self, user_id: int) -> Preferences:
        """The user's preferences (defaults when never set)."""
        raise NotImplementedError

    async def set_preferences(self, preferences: Preferences) -> None:
        """Store a user's language and quiet hours."""
        raise NotImplementedError

    async def add_notice(self, user_id: int, table_id: int | None, lines: list[Message]) -> None:
        """Keep messages a user could not be sent (e.g. a refused DM) for their next interaction."""
        raise NotImplementedError

    async def take_notices(self, user_id: int) -> list[Notice]:
        """The user's undelivered notices, marked delivered."""
        raise NotImplementedError
