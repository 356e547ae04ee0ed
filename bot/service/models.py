"""What the table service hands back: plain data that says what to tell whom.

The service never formats a sentence and never sends anything. The Discord adapter, the terminal
client and the tests read these records the same way: messages are :class:`~rules.core.Message`
keys with parameters (render them with :func:`bot.service.words.render` in the reader's language,
passing :attr:`TableInfo.names` so that ``seat`` parameters become player names), pictures are
requests (render them with ``render.for_game(game_id)`` from :meth:`TableService.view_for`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from pydantic import BaseModel

from rules.core import Message, Prompt, Result

Status = Literal["lobby", "active", "finished", "abandoned"]
"""A table's life: gathering players, playing, over with a result, or given up."""

BotKind = str
"""A bot the game offers (``"random"``, ``"greedy"``; see ``Engine.bots()``)."""


@dataclass(frozen=True)
class SeatInfo:
    """One seat at a table."""

    seat: int
    """Seat number in play order (0-based); before the start, the order of joining."""
    name: str
    """What the table calls the player (a display name, or the bot's name)."""
    user_id: int | None
    """The Discord user holding the seat; ``None`` for a bot seat."""
    bot: BotKind | None = None
    """The bot kind of a bot seat."""
    stand_in: BotKind | None = None
    """A bot playing for an absent player (after missed reminders) until they ``reclaim``."""
    locale: str = "en"

    @property
    def is_human(self) -> bool:
        return self.user_id is not None

    @property
    def played_by_bot(self) -> str | None:
        """The bot kind that plays this seat now (a bot seat, or a stand-in), else ``None``."""
        return self.bot or self.stand_in


@dataclass(frozen=True)
class TableInfo:
    """A table as the lobby and the status line show it."""

    id: int
    game_id: str
    title: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    creator_id: int
    options: dict[str, Any]
    status: Status
    seats: tuple[SeatInfo, ...]
    min_players: int
    max_players: int
    pace_hours: float
    """Hours a seat has for each decision before it is reminded."""
    stand_ins: bool
    """Whether a bot may stand in for a player after repeated silence."""
    seed: int | None
    created_at: datetime
    updated_at: datetime
    seq: int = 0
    """How many entries the table's action log holds (the version a prompt was shown at)."""
    locale: str | None = None
    """The language the table's thread is told in; ``None`` for a table made before tables had
    one, whose thread reads in its creator's language."""

    @property
    def names(self) -> tuple[str, ...]:
        """Seat names in seat order, for rendering ``seat`` message parameters."""
        return tuple(s.name for s in self.seats)

    def seat_of(self, user_id: int) -> SeatInfo | None:
        """The seat ``user_id`` holds here, if any."""
        return next((s for s in self.seats if s.user_id == user_id), None)


@dataclass(frozen=True)
class Line:
    """One message of an outcome, public (``seats is None``) or private to some seats."""

    message: Message
    seats: frozenset[int] | None = None
    seq: int = 0
    """The log entry it belongs to (0 for the service's own words about the table)."""
    chapter: bool = False
    """The line opens a new chapter of the game's story (a round, a phase: an event the engine
    marked, see :data:`rules.core.CHAPTER`; or the end of the game), which the thread tells in a
    new message."""


@dataclass(frozen=True)
class Picture:
    """A picture to send: the public board (``seat is None``) or one seat's private picture."""

    seat: int | None = None


@dataclass(frozen=True)
class Waiting:
    """A seat the table waits for now, with its deadline."""

    seat: int
    user_id: int | None
    name: str
    due_at: datetime | None = None
    table_id: int = 0


@dataclass
class Outcome:
    """What a command changed, as what to tell whom, in order.

    ``public`` goes to the table's channel, ``private[seat]`` to that seat's player only (ephemeral
    reply or DM), ``pictures`` are the board pictures worth sending now, ``waiting`` is whom the
    table waits for after the command, and ``result`` is set when the game just finished.
    ``announce_through`` is the log entry the outcome tells of up to (see
    :meth:`TableService.mark_announced`).
    """

    table: TableInfo
    public: list[Line] = field(default_factory=list)
    private: dict[int, list[Line]] = field(default_factory=dict)
    pictures: list[Picture] = field(default_factory=list)
    waiting: list[Waiting] = field(default_factory=list)
    result: Result | None = None
    announce_through: int | None = None
    """The log seq this outcome tells the table about up to: once it is delivered, pass it to
    :meth:`TableService.mark_announced` so that nothing is told twice (``None``: the outcome
    tells of no log entry, e.g. a lobby change)."""
    announce_from: int | None = None
    """The first log seq this outcome tells of (``announce_through + 1`` when it tells of none):
    entries after the table's announcement mark and before this one were never told, and go
    first (see :meth:`TableService.untold_lines`)."""

    @property
    def finished(self) -> bool:
        return self.result is not None

    def lines_for(self, seat: int | None) -> list[Line]:
        """Everything ``seat`` (``None`` = spectator) is told, public and private, in log order."""
        mine = self.private.get(seat, []) if seat is not None else []
        return sorted([*self.public, *mine], key=lambda line: line.seq)


DIGEST_LINES = 40
"""The most lines a :attr:`SeatPrompt.digest` holds (the Discord panel shows the last 15 it has not
just told)."""


@dataclass(frozen=True)
class SeatPrompt:
    """The decision a user owes at a table, as ``prompt_for`` shows it.

    Answer with ``act(table_id, user_id, option.action, expected_seq=seq)`` or, for a bounded
    number, ``prompt.number.action(value)``.
    """

    table_id: int
    seat: int
    prompt: Prompt
    seq: int
    """The log length the prompt was computed at; pass it as ``expected_seq`` to ``act``."""
    digest: tuple[Line, ...]
    """What this seat may see from its own last move on (that move's events included, since it
    may have completed a reveal), for catching up: the last :data:`DIGEST_LINES` of it at most, so
    that a prompt costs the same however long ago that move was."""
    can_undo: bool
    """Whether ``undo`` would succeed now without the other players' consent."""


@dataclass(frozen=True)
class BoardView:
    """A view to render: ``render_board(view)`` when ``seat is None``, else ``render_private``."""

    game_id: str
    seat: int | None
    view: BaseModel


@dataclass(frozen=True)
class TableStatus:
    """Where a table stands: whose move, their deadlines, the result when over."""

    table: TableInfo
    waiting: tuple[Waiting, ...]
    result: Result | None
    undo_requested_by: int | None = None
    """The seat that asked the others to consent to an undo, while the request is open."""


@dataclass(frozen=True)
class Reminder:
    """A seat whose time is up: tell its player (DM and mention), then ``mark_reminded``."""

    table_id: int
    game_id: str
    guild_id: int
    channel_id: int
    thread_id: int | None
    seat: int
    user_id: int
    name: str
    due_at: datetime
    count: int
    """Reminders already sent for this decision (0 for the first one)."""
    stand_in_next: bool = False
    """Every reminder the table allows was missed: :meth:`TableService.mark_reminded` now seats a
    stand-in bot instead of scheduling another reminder (the player may be told so)."""
    default_next: bool = False
    """The decision has a timeout default and its reminder already went out: :meth:`mark_reminded`
    now takes the default for the seat, so there is nobody left to remind."""
    default_choice: Message | None = None
    """This is the last reminder before the decision's timeout default is taken: the label of the
    option that will be chosen for the seat (the player should be told)."""
    default_due: datetime | None = None
    """When ``default_choice`` will be taken if the player has not answered."""


@dataclass(frozen=True)
class Notice:
    """Something owed to a user that could not be delivered (e.g. a DM refused)."""

    id: int
    user_id: int
    table_id: int | None
    lines: tuple[Message, ...]
    created_at: datetime


@dataclass(frozen=True)
class Preferences:
    """A user's preferences: language, and quiet hours when no reminder is sent."""

    user_id: int
    locale: str | None = None
    """The language the user chose (``"en"``, ``"el"``); ``None`` when they never chose one, so
    that the bot follows their Discord client's language (English when it has no catalogue)."""
    quiet_start: int | None = None
    """Hour (0–23, in the user's local time) quiet hours start; ``None`` = no quiet hours."""
    quiet_end: int | None = None
    """Hour (0–23, local) quiet hours end (exclusive); may be before ``quiet_start`` (overnight)."""
    utc_offset_minutes: int = 0
    """The user's local time minus UTC, in minutes."""


__all__ = [
    "BoardView",
    "BotKind",
    "Line",
    "Notice",
    "Outcome",
    "Picture",
    "Preferences",
    "Reminder",
    "SeatInfo",
    "SeatPrompt",
    "Status",
    "TableInfo",
    "TableStatus",
    "Waiting",
]
