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

A command writes in steps (the person's move, then the bots' answers, then deadlines and the
table's status), each step committed on its own. A process that dies between two steps loses
nothing of the log; :meth:`TableService.resume_all`, called when the bot starts, finishes the steps
that were left undone.
"""

from __future__ import annotations

import asyncio
import json
import secrets
from collections import defaultdict
from collections.abc import Callable, Mapping, Sequence
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol

from bot.service import errors
from bot.service.models import (
    BoardView,
    Line,
    Notice,
    Outcome,
    Picture,
    Preferences,
    Reminder,
    SeatPrompt,
    TableInfo,
    TableStatus,
    Waiting,
)
from bot.service.reminders import LATER_FACTOR, in_quiet_hours, next_deadlines
from bot.service.tables import (
    BOT,
    STAND_IN,
    TIMEOUT,
    Loaded,
    entry_lines,
    load,
    service_event,
    stored,
    table_info,
    user_actor,
)
from bot.service.undo import UndoPlan, plan_undo
from rules import registry as default_registry
from rules.core import Engine, Message, Prompt, Result, Rng, Seat, msg
from storage.records import Deadline, NewEntry, NewTable, Preference, SeatRow, TableFilter, TableRow, Vote
from storage.repository import Repository, StaleWrite, StorageError

MAX_RETRIES = 3
"""How often a command lost to another process's write is retried on the reloaded table."""

DEFAULT_AFTER = 1
"""Reminders a seat gets for a decision with a timeout default before the default is taken."""


def utc_now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


class GameSource(Protocol):
    """Where engines come from: :mod:`rules.registry` (tests may pass their own)."""

    def get(self, game_id: str) -> Engine[Any, Any]: ...


class TableService:
    """Tables from lobby to result. See the module docstring for the flow.

    :param repo: where tables live.
    :param clock: the current aware UTC time (tests inject one).
    :param registry: where engines come from (default :mod:`rules.registry`).
    :param snapshot_every: store the state every this many log entries (a loading cache).
    :param seed_source: draws a table's seed at the start when none is given.
    """

    def __init__(
        self,
        repo: Repository,
        *,
        clock: Callable[[], datetime] = utc_now,
        registry: GameSource = default_registry,
        snapshot_every: int = 50,
        seed_source: Callable[[], int] = lambda: secrets.randbits(48),
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.registry = registry
        self.snapshot_every = snapshot_every
        self.seed_source = seed_source
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

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

        The options are validated by the game and stored complete (every default filled in), so
        the table replays the same even if a default changes later.

        :raises UnknownGameError: no such game.
        :raises RuleError: an unknown or invalid option (the engine's sentence).
        """
        engine = self._engine(game_id)
        parsed = engine.parse_options(options or {})
        _check_pace(pace_hours)
        row = await self.repo.create_table(
            NewTable(game_id=engine.info.id, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id,
                     options_json=parsed.model_dump_json(), thread_id=thread_id, pace_hours=pace_hours,
                     stand_ins=stand_ins),
            self.clock(),
        )
        await self.repo.add_seat(SeatRow(row.id, 0, creator_name, user_id=creator_id, locale=locale))
        return table_info(row, await self.repo.seats(row.id), engine, 0)

    async def join(self, table_id: int, user_id: int, name: str, *, locale: str = "en") -> Outcome:
        """Take the next free seat.

        :raises AlreadyStarted, TableFull, AlreadySeated:
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_lobby(t)
            if t.seat_of(user_id) is not None:
                raise errors.AlreadySeated(f"You already have a seat at table {table_id}.", table=table_id)
            self._check_room(t)
            position = len(t.seats)
            await self._add_seat(SeatRow(table_id, position, name, user_id=user_id, locale=locale))
            return await self._lobby_outcome(table_id, msg("service.joined", seat=position))

    async def leave(self, table_id: int, user_id: int) -> Outcome:
        """Give up one's seat before the start (the creator leaving closes the table).

        :raises AlreadyStarted, NotSeated:
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_lobby(t)
            seat = self._seat(t, user_id)
            if user_id == t.row.creator_id:
                await self.repo.update_table(table_id, self.clock(), status="abandoned")
                return await self._lobby_outcome(table_id, msg("service.closed"))
            await self.repo.remove_seat(table_id, seat.position)
            return await self._lobby_outcome(table_id, msg("service.left", name=seat.name))

    async def add_bot(self, table_id: int, user_id: int, kind: str = "greedy") -> Outcome:
        """Seat a bot (any seated player may). ``greedy`` falls back to ``random`` for a game
        without a greedy bot.

        :raises AlreadyStarted, TableFull, NotSeated, BadSetting: (a bot the game does not have)
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_lobby(t)
            self._seat(t, user_id)
            self._check_room(t)
            kind = self._bot_kind(t.engine, kind)
            position = len(t.seats)
            name = f"Bot {position + 1} ({kind})"
            await self._add_seat(SeatRow(table_id, position, name, bot=kind))
            return await self._lobby_outcome(table_id, msg("service.bot_joined", seat=position, kind=kind))

    async def start(
        self, table_id: int, user_id: int, *, seed: int | None = None, shuffle_seats: bool = True
    ) -> Outcome:
        """Start the game (creator only): draw the seed, shuffle the seat order with it (unless
        ``shuffle_seats`` is off), set the game up, and let bot seats play until a person owes a
        decision.

        :raises NotCreator, AlreadyStarted, NotEnoughPlayers:
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_lobby(t)
            if user_id != t.row.creator_id:
                raise errors.NotCreator("Only the table's creator can do that.")
            info = t.engine.info
            if len(t.seats) < info.min_players:
                raise errors.NotEnoughPlayers(
                    f"{info.title} needs at least {info.min_players} players; the table has {len(t.seats)}.",
                    game=info.title, min=info.min_players, players=len(t.seats))
            seed = self.seed_source() if seed is None else seed
            order = list(range(len(t.seats)))
            if shuffle_seats:
                Rng.from_seed(seed).shuffle(order)
            t.engine.new_game(len(order), json.loads(t.row.options_json), seed)  # refuse before storing
            await self.repo.start_table(table_id, seed, order, self.clock())
            t = await self._load(table_id)
            outcome = Outcome(table=t.info())
            outcome.public.append(Line(msg("service.started", game=info.title, names=list(t.info().names))))
            for seat in t.seats:
                if seat.user_id is not None:
                    outcome.private.setdefault(seat.position, []).append(
                        Line(msg("service.your_seat", number=seat.position + 1), frozenset({seat.position})))
            return await self._settle(t, outcome, moved=set())

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

        The entry and its events are committed before this returns; then bot seats and stand-ins
        play until a person owes a decision. With ``expected_seq`` (the :attr:`SeatPrompt.seq`
        the user answered), an action on a table that moved on since is refused as out of date.
        Without it, a write lost to another process is retried on the reloaded table.

        :raises NoSuchTable, NotStarted, GameOverError, NotSeated, StandingIn, NotYourTurn,
            StaleAction:
        :raises RuleError: the rules forbid the action (state and log untouched).
        """
        async with self._locks[table_id]:
            for _ in range(MAX_RETRIES):
                t = await self._load(table_id)
                self._check_active(t)
                seat = self._seat(t, user_id)
                if expected_seq is not None and expected_seq != t.head:
                    raise errors.StaleAction(
                        "This prompt is out of date: the table has moved on. Open it again.")
                if seat.stand_in is not None:
                    raise errors.StandingIn("A stand-in bot is playing your seat; take it back first.")
                if seat.position not in t.pending():
                    raise errors.NotYourTurn("It is not your turn yet.")
                assert t.state is not None
                parsed = t.engine.parse_action(action)
                state, events = t.engine.apply(t.state, seat.position, parsed)
                entry = NewEntry(kind="action", seat=seat.position, actor=user_actor(user_id),
                                 payload_json=t.engine.dump_action(parsed), events=stored(events))
                try:
                    await self._append(t, [entry], state)
                except StaleWrite:
                    if expected_seq is not None:
                        raise errors.StaleAction(
                            "This prompt is out of date: the table has moved on. Open it again.") from None
                    continue
                t = await self._load(table_id)
                outcome = Outcome(table=t.info())
                _tell(outcome, entry_lines(t.entries[-1]))
                return await self._settle(t, outcome, moved={seat.position})
            raise errors.StaleAction("This prompt is out of date: the table has moved on. Open it again.")

    async def prompt_for(self, table_id: int, user_id: int) -> SeatPrompt | None:
        """The decision the user owes at the table now, with a digest of what they may see from
        their last move on; ``None`` when they owe nothing (or the game is not on).

        :raises NoSuchTable, NotSeated:
        """
        t = await self._load(table_id)
        seat = self._seat(t, user_id)
        prompt = t.pending().get(seat.position)
        if t.row.status != "active" or prompt is None or seat.stand_in is not None:
            return None
        actor = user_actor(user_id)
        last_move = max((e.seq for e in t.effective if e.actor == actor), default=0)
        plan = plan_undo(t.effective, user_id)
        return SeatPrompt(
            table_id=table_id,
            seat=seat.position,
            prompt=prompt,
            seq=t.head,
            # From the seat's own last move on: what it did and what that brought out (a reveal
            # completed by this very move), then everything since.
            digest=tuple(t.visible_lines(seat.position, after=max(last_move - 1, 0))),
            can_undo=plan is not None and plan.alone,
        )

    async def view_for(self, table_id: int, user_id: int | None) -> BoardView:
        """What the user's seat may see (``None``, or a user without a seat: the spectator view).

        :raises NoSuchTable, NotStarted:
        """
        t = await self._load(table_id)
        if t.state is None:
            raise errors.NotStarted(f"Table {table_id} has not started yet.", table=table_id)
        seat = t.seat_of(user_id) if user_id is not None else None
        position = seat.position if seat is not None else None
        return BoardView(game_id=t.row.game_id, seat=position, view=t.engine.view(t.state, position))

    async def status(self, table_id: int) -> TableStatus:
        """Whose move it is, their deadlines, and the result once the game is over."""
        t = await self._load(table_id)
        waiting = await self._waiting(t)
        result = t.engine.result(t.state) if t.state is not None else None
        requester = None
        for vote in await self.repo.votes(table_id, "undo"):
            seat = t.seat_of(vote.user_id)
            if vote.role == "request" and vote.seq == t.head and seat is not None:
                requester = seat.position
        return TableStatus(table=t.info(), waiting=tuple(waiting), result=result,
                           undo_requested_by=requester)

    async def log(self, table_id: int, user_id: int | None, n: int = 20) -> list[Message]:
        """The last ``n`` events the user may see (public ones, and private ones to their seat);
        moves taken back are left out, the undo itself is told."""
        return [line.message for line in await self.log_lines(table_id, user_id, n)]

    async def log_lines(self, table_id: int, user_id: int | None, n: int = 20) -> list[Line]:
        """:meth:`log` with each message's log entry (``seq``) and visibility (``seats``)."""
        t = await self._load(table_id)
        seat = t.seat_of(user_id) if user_id is not None else None
        lines = t.visible_lines(seat.position if seat is not None else None)
        return lines[-n:] if n > 0 else []

    # ---- undo -------------------------------------------------------------------------------

    async def undo(self, table_id: int, user_id: int) -> Outcome:
        """Take back the user's last move (and the bot moves that followed it).

        Allowed alone only while nothing hidden came out since that move (no event with
        ``reveals=True``) and no other person has moved since; otherwise the other players must
        consent (:meth:`request_undo`, :meth:`consent_undo`).

        :raises UndoRefused: nothing to undo, or consent is needed (the sentence says which).
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_active(t)
            seat = self._seat(t, user_id)
            plan = self._plan(t, user_id)
            if not plan.alone:
                raise errors.UndoRefused(
                    "Something new has been revealed or another player has moved since; every other "
                    "player must agree to the undo.", key="service.undo_needs_consent")
            return await self._carry_out_undo(t, seat.position, user_id, plan)

    async def request_undo(self, table_id: int, user_id: int) -> Outcome:
        """Ask every other person at the table to consent to undoing the user's last move.

        When no consent is needed (see :meth:`undo`) or there is nobody to ask, the undo happens
        at once.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_active(t)
            seat = self._seat(t, user_id)
            plan = self._plan(t, user_id)
            others = [s for s in t.seats if s.user_id is not None and s.user_id != user_id]
            if plan.alone or not others:
                return await self._carry_out_undo(t, seat.position, user_id, plan)
            await self.repo.clear_votes(table_id, "undo")
            await self.repo.add_vote(Vote(table_id, "undo", user_id, t.head, self.clock(), role="request"))
            outcome = Outcome(table=t.info(), waiting=await self._waiting(t))
            outcome.public.append(Line(msg("service.undo_requested", seat=seat.position), seq=t.head))
            return outcome

    async def consent_undo(self, table_id: int, user_id: int) -> Outcome:
        """Consent to the open undo request; the last consent carries it out.

        :raises NoUndoRequest: none open, or the table moved on since it was made.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_active(t)
            seat = self._seat(t, user_id)
            votes = await self.repo.votes(table_id, "undo")
            request = next((v for v in votes if v.role == "request" and v.seq == t.head), None)
            requester = t.seat_of(request.user_id) if request is not None else None
            if request is None or requester is None:
                raise errors.NoUndoRequest("There is no open undo request at this table.")
            if request.user_id == user_id:
                raise errors.UndoRefused("You asked for this undo; the other players must agree.",
                                         key="service.undo_own_request")
            await self.repo.add_vote(Vote(table_id, "undo", user_id, t.head, self.clock()))
            agreed = {v.user_id for v in votes if v.seq == t.head} | {user_id}
            missing = [s for s in t.seats if s.user_id is not None and s.user_id not in agreed]
            if missing:
                outcome = Outcome(table=t.info(), waiting=await self._waiting(t))
                outcome.public.append(Line(msg("service.undo_consented", seat=seat.position,
                                               missing=len(missing)), seq=t.head))
                return outcome
            plan = self._plan(t, request.user_id)
            return await self._carry_out_undo(t, requester.position, request.user_id, plan)

    # ---- table management -------------------------------------------------------------------

    async def abandon(self, table_id: int, user_id: int) -> Outcome:
        """Give the table up: at once by its creator, otherwise by a majority vote of the people
        seated (each call is one vote; the outcome tells how many there are).

        :raises NotSeated, GameOverError:
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            if t.row.status in ("finished", "abandoned"):
                raise errors.GameOverError(f"The game at table {table_id} is over.", table=table_id)
            seat = self._seat(t, user_id)
            people = {s.user_id for s in t.seats if s.user_id is not None}
            needed = len(people) // 2 + 1
            if user_id != t.row.creator_id:
                await self.repo.add_vote(Vote(table_id, "abandon", user_id, t.head, self.clock()))
                votes = {v.user_id for v in await self.repo.votes(table_id, "abandon")} & people
                if len(votes) < needed:
                    outcome = Outcome(table=t.info(), waiting=await self._waiting(t))
                    outcome.public.append(Line(msg("service.abandon_vote", seat=seat.position,
                                                   votes=len(votes), needed=needed), seq=t.head))
                    return outcome
            await self.repo.update_table(table_id, self.clock(), status="abandoned")
            await self.repo.set_deadlines(table_id, [])
            await self.repo.clear_votes(table_id, "abandon")
            t = await self._load(table_id)
            return Outcome(table=t.info(), public=[Line(msg("service.abandoned"), seq=t.head)])

    async def settings(
        self,
        table_id: int,
        user_id: int,
        *,
        pace_hours: float | None = None,
        stand_ins: bool | None = None,
    ) -> TableInfo:
        """Change the table's pace or whether stand-in bots are allowed (creator only).
        Deadlines already running keep their time; the new pace applies from the next decision.

        :raises NotCreator, BadSetting:
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            if user_id != t.row.creator_id:
                raise errors.NotCreator("Only the table's creator can do that.")
            if pace_hours is not None:
                _check_pace(pace_hours)
            await self.repo.update_table(table_id, self.clock(), pace_hours=pace_hours, stand_ins=stand_ins)
            return (await self._load(table_id)).info()

    async def table(self, table_id: int) -> TableInfo:
        """The table as the lobby shows it.

        :raises NoSuchTable:
        """
        row = await self._row(table_id)
        return table_info(row, await self.repo.seats(table_id), self._engine(row.game_id), row.head)

    async def table_in_thread(self, thread_id: int, guild_id: int | None = None) -> TableInfo | None:
        """The table played in Discord thread ``thread_id`` (in server ``guild_id`` when given),
        whatever its status; the newest one should a thread ever hold several. ``None`` when the
        thread holds no table. One indexed lookup, however many tables the server has."""
        every: tuple[Any, ...] = ("lobby", "active", "finished", "abandoned")
        rows = await self.repo.list_tables(
            TableFilter(thread_id=thread_id, guild_id=guild_id, statuses=every)
        )
        if not rows:
            return None
        row = max(rows, key=lambda r: r.id)
        return table_info(row, await self.repo.seats(row.id), self._engine(row.game_id), row.head)

    async def tables(
        self,
        guild_id: int | None = None,
        channel_id: int | None = None,
        *,
        include_finished: bool = False,
    ) -> list[TableInfo]:
        """Tables in a guild or channel (in the lobby or playing, unless ``include_finished``)."""
        statuses: tuple[Any, ...] = ("lobby", "active", "finished", "abandoned") if include_finished \
            else ("lobby", "active")
        rows = await self.repo.list_tables(TableFilter(guild_id=guild_id, channel_id=channel_id,
                                                       statuses=statuses))
        return [table_info(r, await self.repo.seats(r.id), self._engine(r.game_id), r.head) for r in rows]

    async def waiting_on(self, guild_id: int | None, user_id: int) -> list[Waiting]:
        """Every decision the user owes at tables in the guild (any guild for ``None``)."""
        waiting = []
        for d in await self.repo.deadlines_for_user(user_id):
            row = await self.repo.get_table(d.table_id)
            if row is None or (guild_id is not None and row.guild_id != guild_id):
                continue
            seats = {s.position: s for s in await self.repo.seats(d.table_id)}
            waiting.append(Waiting(seat=d.seat, user_id=user_id, name=seats[d.seat].name, due_at=d.due_at,
                                   table_id=d.table_id))
        return waiting

    # ---- reminders and stand-ins ------------------------------------------------------------

    async def due_reminders(self, now: datetime | None = None) -> list[Reminder]:
        """Seats whose time is up at ``now`` (default: the clock), outside their quiet hours.

        The caller tells each player (DM and a mention), then calls :meth:`mark_reminded`.
        """
        now = now or self.clock()
        due = []
        for d in await self.repo.due_deadlines(now):
            if in_quiet_hours(await self.repo.get_preference(d.user_id), now):
                continue
            try:
                t = await self._load(d.table_id)
            except errors.NoSuchTable:
                continue
            row = t.row
            seat = next((s for s in t.seats if s.position == d.seat), None)
            if seat is None or seat.stand_in is not None:
                continue
            default_next = d.reminded >= DEFAULT_AFTER and _has_default(t.pending().get(d.seat))
            due.append(Reminder(table_id=row.id, game_id=row.game_id, guild_id=row.guild_id,
                                channel_id=row.channel_id, thread_id=row.thread_id, seat=d.seat,
                                user_id=d.user_id, name=seat.name, due_at=d.due_at, count=d.reminded,
                                stand_in_next=row.stand_ins and d.reminded >= row.stand_in_after,
                                default_next=default_next))
        return due

    async def mark_reminded(self, table_id: int, seat: int) -> Outcome | None:
        """Record that a reminder went out; the next is due after a longer interval
        (:data:`~bot.service.reminders.LATER_FACTOR` times the pace).

        When the decision has a timeout default in the rules (:attr:`Prompt.default`, e.g.
        declining an optional reaction out of turn) and :data:`DEFAULT_AFTER` reminders went
        unanswered, the default is taken for the seat instead. Otherwise, when the seat has already
        missed the table's number of reminders (``stand_in_after``, default 2) and the table allows
        stand-ins, a stand-in bot takes the seat and plays. The returned outcome says what was
        played (``None`` when nothing was). The player takes a seat back with :meth:`reclaim`.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            deadline = next((d for d in await self.repo.deadlines(table_id) if d.seat == seat), None)
            if deadline is None or t.row.status != "active":
                return None
            if deadline.reminded >= DEFAULT_AFTER and _has_default(t.pending().get(seat)):
                return await self._time_out(t, seat)
            if t.row.stand_ins and deadline.reminded >= t.row.stand_in_after:
                return await self._stand_in(t, seat)
            later = timedelta(hours=t.row.pace_hours * LATER_FACTOR)
            await self.repo.update_deadline(Deadline(table_id, seat, deadline.user_id, self.clock() + later,
                                                     deadline.since_seq, deadline.reminded + 1))
            return None

    async def resume(self, table_id: int) -> Outcome | None:
        """Finish what a command left undone when its process died between its writes: bot seats
        and stand-ins owed a move play it, a game whose last move is in the log is marked
        finished, and every person the table waits for gets a deadline again. ``None`` when the
        table needed none of that. The log is never touched except by the bots' moves.

        Call it for every active table when the bot starts (:meth:`resume_all`).
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            if t.row.status != "active" or t.state is None:
                return None
            by_position = {s.position: s for s in t.seats}
            pending = t.pending()
            bots_owed = any(by_position[s].bot or by_position[s].stand_in for s in pending)
            over = t.engine.result(t.state) is not None
            people = {s.position for s in t.seats if s.user_id is not None and s.stand_in is None}
            waited_for = people & set(pending)
            timed = {d.seat for d in await self.repo.deadlines(table_id)}
            if not (bots_owed or over or waited_for != timed):
                return None
            return await self._settle(t, Outcome(table=t.info()), moved=set())

    async def resume_all(self) -> list[Outcome]:
        """:meth:`resume` every active table; the outcomes of those that needed it."""
        outcomes = []
        for row in await self.repo.list_tables(TableFilter(statuses=("active",), limit=1_000_000)):
            outcome = await self.resume(row.id)
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def announcements(self, table_id: int) -> Outcome | None:
        """What the table's thread has not been told yet, rebuilt from the stored events of the
        log entries after the table's announcement mark; ``None`` when it has been told everything.

        A process that dies after a command commits but before the bot delivers its outcome leaves
        those entries unannounced: their public lines (in log order), the private lines owed to
        each seat, the board picture, whom the table now waits for, and, when the game is over,
        the result with the final scores. Entries an undo cancelled are left out; the undo itself
        is told. Deliver the outcome, then :meth:`mark_announced` its ``announce_through``.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            if t.row.announced_seq >= t.head:
                return None
            outcome = Outcome(table=t.info(), announce_through=t.head)
            for entry in t.entries:
                if entry.seq > t.row.announced_seq and entry.seq not in t.undone:
                    _tell(outcome, entry_lines(entry))
            result = t.engine.result(t.state) if t.state is not None else None
            if result is not None and t.row.status == "finished":
                _tell_result(outcome, result, t.head)
            outcome.waiting = await self._waiting(t)
            _ask_pictures(outcome, t.seats)
            return outcome

    async def announcements_all(self) -> list[Outcome]:
        """:meth:`announcements` of every table whose thread has not been told everything (call it
        when the bot starts, after :meth:`resume_all`)."""
        outcomes = []
        rows = await self.repo.list_tables(
            TableFilter(statuses=("active", "finished"), unannounced=True, limit=1_000_000)
        )
        for row in rows:
            outcome = await self.announcements(row.id)
            if outcome is not None:
                outcomes.append(outcome)
        return outcomes

    async def mark_announced(self, table_id: int, seq: int) -> None:
        """Record that the table's thread has been told everything up to log entry ``seq`` (the
        delivered outcome's ``announce_through``). The mark never moves back."""
        await self.repo.mark_announced(table_id, seq)

    async def reclaim(self, table_id: int, user_id: int) -> Outcome:
        """Take one's seat back from a stand-in bot.

        :raises NotSeated, NotStandingIn:
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            seat = self._seat(t, user_id)
            if seat.stand_in is None:
                raise errors.NotStandingIn("Nobody is standing in for you.")
            await self.repo.set_stand_in(table_id, seat.position, None)
            t = await self._load(table_id)
            outcome = Outcome(table=t.info())
            outcome.public.append(Line(msg("service.reclaimed", seat=seat.position), seq=t.head))
            return await self._settle(t, outcome, moved=set())

    # ---- per-user ---------------------------------------------------------------------------

    async def preferences(self, user_id: int) -> Preferences:
        """The user's preferences (defaults when never set)."""
        p = await self.repo.get_preference(user_id)
        if p is None:
            return Preferences(user_id=user_id)
        return Preferences(user_id=user_id, locale=p.locale, quiet_start=p.quiet_start, quiet_end=p.quiet_end,
                           utc_offset_minutes=p.utc_offset_minutes)

    async def set_preferences(self, preferences: Preferences) -> None:
        """Store a user's language and quiet hours.

        :raises BadSetting: an hour outside 0–23 or an offset beyond ±14 hours.
        """
        p = preferences
        for hour in (p.quiet_start, p.quiet_end):
            if hour is not None and not 0 <= hour <= 23:
                raise errors.BadSetting(f"That setting is not allowed: hour {hour}.", reason=f"hour {hour}")
        if abs(p.utc_offset_minutes) > 14 * 60:
            raise errors.BadSetting("That setting is not allowed: UTC offset.", reason="UTC offset")
        await self.repo.set_preference(Preference(p.user_id, p.locale, p.quiet_start, p.quiet_end,
                                                  p.utc_offset_minutes))

    async def add_notice(self, user_id: int, table_id: int | None, lines: Sequence[Message]) -> None:
        """Keep messages a user could not be sent (e.g. a refused DM) for their next interaction."""
        payload = json.dumps([m.model_dump(mode="json") for m in lines])
        await self.repo.add_notice(user_id, table_id, payload, self.clock())

    async def take_notices(self, user_id: int) -> list[Notice]:
        """The user's undelivered notices, oldest first, now marked delivered."""
        rows = await self.repo.pending_notices(user_id)
        await self.repo.mark_delivered([r.id for r in rows], self.clock())
        return [
            Notice(id=r.id, user_id=user_id, table_id=r.table_id, created_at=r.created_at,
                   lines=tuple(Message.model_validate(m) for m in json.loads(r.payload_json)))
            for r in rows
        ]

    # ---- internals --------------------------------------------------------------------------

    def _engine(self, game_id: str) -> Engine[Any, Any]:
        try:
            return self.registry.get(game_id)
        except default_registry.UnknownGame as exc:
            raise errors.UnknownGameError(str(exc), game=game_id,
                                          available=", ".join(default_registry.available())) from exc

    async def _row(self, table_id: int) -> TableRow:
        row = await self.repo.get_table(table_id)
        if row is None:
            raise errors.NoSuchTable(f"There is no table {table_id}.", table=table_id)
        return row

    async def _load(self, table_id: int) -> Loaded:
        row = await self._row(table_id)
        return await load(self.repo, row, self._engine(row.game_id))

    def _seat(self, t: Loaded, user_id: int) -> SeatRow:
        seat = t.seat_of(user_id)
        if seat is None:
            raise errors.NotSeated(f"You have no seat at table {t.row.id}.", table=t.row.id)
        return seat

    def _check_lobby(self, t: Loaded) -> None:
        if t.row.status == "active":
            raise errors.AlreadyStarted(f"Table {t.row.id} has already started.", table=t.row.id)
        if t.row.status != "lobby":
            raise errors.GameOverError(f"The game at table {t.row.id} is over.", table=t.row.id)

    def _check_active(self, t: Loaded) -> None:
        if t.row.status == "lobby":
            raise errors.NotStarted(f"Table {t.row.id} has not started yet.", table=t.row.id)
        if t.row.status != "active" or not t.pending():
            raise errors.GameOverError(f"The game at table {t.row.id} is over.", table=t.row.id)

    def _check_room(self, t: Loaded) -> None:
        most = t.engine.info.max_players
        if len(t.seats) >= most:
            raise errors.TableFull(f"Table {t.row.id} is full ({most} players).", table=t.row.id, max=most)

    def _bot_kind(self, engine: Engine[Any, Any], kind: str) -> str:
        bots = engine.bots()
        if kind in bots:
            return kind
        if kind == "greedy" and "random" in bots:
            return "random"
        raise errors.BadSetting(f"{engine.info.title} has no bot called {kind}.",
                                key="service.unknown_bot", game=engine.info.title, kind=kind)

    async def _add_seat(self, seat: SeatRow) -> None:
        try:
            await self.repo.add_seat(seat)
        except StorageError as exc:  # another process seated someone meanwhile
            raise errors.StaleAction(
                "This prompt is out of date: the table has moved on. Open it again.") from exc

    async def _lobby_outcome(self, table_id: int, message: Message) -> Outcome:
        t = await self._load(table_id)
        return Outcome(table=t.info(), public=[Line(message)])

    def _plan(self, t: Loaded, user_id: int) -> UndoPlan:
        plan = plan_undo(t.effective, user_id)
        if plan is None:
            raise errors.UndoRefused("You have no move to take back.", key="service.undo_nothing")
        return plan

    async def _append(self, t: Loaded, entries: list[NewEntry], state: Any) -> int:
        """Append after the head ``t`` was loaded at, with a snapshot when one falls due."""
        head = t.head
        every = self.snapshot_every
        due = every > 0 and (head + len(entries)) // every > head // every
        snapshot = (head + len(entries), t.engine.dump(state)) if due else None
        return await self.repo.append(t.row.id, head, entries, self.clock(), snapshot=snapshot)

    async def _time_out(self, t: Loaded, seat: Seat) -> Outcome | None:
        """Take the timeout default of each decision ``seat`` owes in a row, then settle the table
        (``None`` if another process moved the table on first: the reminder is then moot)."""
        assert t.state is not None
        state = t.state
        outcome = Outcome(table=t.info())
        new: list[NewEntry] = []
        chosen: list[Message] = []
        for _ in range(t.engine.info.max_actions):
            prompt = t.engine.pending(state).get(seat)
            if prompt is None or prompt.default is None:
                break
            option = prompt.options[prompt.default]
            action = t.engine.parse_action(option.action)
            state, events = t.engine.apply(state, seat, action)
            new.append(NewEntry(kind="action", seat=seat, actor=TIMEOUT,
                                payload_json=t.engine.dump_action(action), events=stored(events)))
            chosen.append(option.label)
        try:
            await self._append(t, new, state)
        except StaleWrite:
            return None
        for offset, (entry, label) in enumerate(zip(new, chosen, strict=True), start=t.head + 1):
            outcome.public.append(Line(msg("service.timed_out", seat=seat, choice=label), seq=offset))
            _tell(outcome, entry_lines(entry, seq=offset))
        t = await self._load(t.row.id)
        return await self._settle(t, outcome, moved={seat})

    async def _stand_in(self, t: Loaded, seat: Seat) -> Outcome:
        kind = self._bot_kind(t.engine, "greedy")
        await self.repo.set_stand_in(t.row.id, seat, kind)
        t = await self._load(t.row.id)
        outcome = Outcome(table=t.info())
        outcome.public.append(Line(msg("service.stand_in", seat=seat, kind=kind), seq=t.head))
        return await self._settle(t, outcome, moved=set())

    async def _carry_out_undo(self, t: Loaded, seat: Seat, user_id: int, plan: UndoPlan) -> Outcome:
        entry = NewEntry(kind="undo", seat=seat, actor=user_actor(user_id), payload_json="{}",
                         undoes=plan.seqs, events=(service_event(msg("service.undone", seat=seat)),))
        await self.repo.drop_snapshots(t.row.id, min(plan.seqs))
        try:
            await self.repo.append(t.row.id, t.head, [entry], self.clock())
        except StaleWrite:
            raise errors.StaleAction(
                "This prompt is out of date: the table has moved on. Open it again.") from None
        await self.repo.clear_votes(t.row.id, "undo")
        t = await self._load(t.row.id)
        outcome = Outcome(table=t.info())
        _tell(outcome, entry_lines(t.entries[-1]))
        outcome.pictures.append(Picture(seat))
        return await self._settle(t, outcome, moved={seat})

    async def _settle(self, t: Loaded, outcome: Outcome, moved: set[Seat]) -> Outcome:
        """Let bot seats and stand-ins play until a person owes a decision, then record the
        deadlines, finish the table if the game is over, and complete ``outcome``.

        The bots' moves are appended in one batch; if another process wrote first, the table is
        reloaded and the bots answer whatever it now waits for.
        """
        for _ in range(MAX_RETRIES):
            new, state = self._bot_moves(t, moved)
            if not new:
                break
            try:
                await self._append(t, new, state)
            except StaleWrite:
                t = await self._load(t.row.id)
                continue
            for offset, entry in enumerate(new, start=t.head + 1):
                _tell(outcome, entry_lines(entry, seq=offset))
            t = await self._load(t.row.id)
            break
        assert t.state is not None
        state = t.state
        now = self.clock()
        result = t.engine.result(state)
        if result is not None:
            await self.repo.update_table(t.row.id, now, status="finished")
            await self.repo.set_deadlines(t.row.id, [])
            t = await self._load(t.row.id)
            _tell_result(outcome, result, t.head)
        else:
            deadlines = next_deadlines(t.row.id, t.pending(), t.seats, await self.repo.deadlines(t.row.id),
                                       moved, t.head, now, t.row.pace_hours)
            await self.repo.set_deadlines(t.row.id, deadlines)
        outcome.table = t.info()
        outcome.waiting = await self._waiting(t)
        outcome.announce_through = t.head
        _ask_pictures(outcome, t.seats)
        return outcome

    def _bot_moves(self, t: Loaded, moved: set[Seat]) -> tuple[list[NewEntry], Any]:
        """The moves bot seats and stand-ins make from ``t``'s state until a person owes a decision
        (or the game ends), and the state they lead to. Bots draw from a generator seeded by the
        table's seed and log length, so the same table plays the same bot moves."""
        assert t.state is not None
        state = t.state
        by_position = {s.position: s for s in t.seats}
        bots = t.engine.bots()
        rng = Rng.from_seed(((t.row.seed or 0) * 1_000_003 + t.head) & ((1 << 64) - 1))
        new: list[NewEntry] = []
        for _ in range(t.engine.info.max_actions):
            pending = t.engine.pending(state)
            played = [s for s in sorted(pending) if by_position[s].bot or by_position[s].stand_in]
            if not played:
                break
            seat = by_position[played[0]]
            kind = seat.bot or seat.stand_in
            assert kind is not None
            bot = bots.get(kind) or bots["random"]
            choice = bot.choose(t.engine, state, seat.position, pending[seat.position], rng)
            action = t.engine.parse_action(choice)
            state, events = t.engine.apply(state, seat.position, action)
            actor = f"{BOT}{kind}" if seat.bot else f"{STAND_IN}{kind}"
            new.append(NewEntry(kind="action", seat=seat.position, actor=actor,
                                payload_json=t.engine.dump_action(action), events=stored(events)))
            moved.add(seat.position)
        return new, state

    async def _waiting(self, t: Loaded) -> list[Waiting]:
        if t.row.status != "active":
            return []
        due = {d.seat: d.due_at for d in await self.repo.deadlines(t.row.id)}
        return [
            Waiting(seat=s.position, user_id=s.user_id, name=s.name, due_at=due.get(s.position),
                    table_id=t.row.id)
            for s in t.seats
            if s.position in t.pending()
        ]


def _has_default(prompt: Prompt | None) -> bool:
    return prompt is not None and prompt.default is not None


def _tell(outcome: Outcome, lines: list[Line]) -> None:
    for line in lines:
        if line.seats is None:
            outcome.public.append(line)
        else:
            for seat in sorted(line.seats):
                outcome.private.setdefault(seat, []).append(line)


def _tell_result(outcome: Outcome, result: Result, head: int) -> None:
    """"The game is over" and the final scores, best rank first."""
    outcome.result = result
    outcome.public.append(Line(msg("service.finished"), seq=head))
    for s in sorted(result.ranks, key=lambda s: (result.ranks[s], s)):
        outcome.public.append(Line(msg("service.final_score", seat=s, score=_number(result.scores[s]),
                                       rank=result.ranks[s]), seq=head))


def _ask_pictures(outcome: Outcome, seats: Sequence[SeatRow]) -> None:
    """The board picture when anything is told, and each person's private picture when they are
    told something privately."""
    people = {s.position for s in seats if s.user_id is not None}
    if outcome.public or outcome.private:
        outcome.pictures.insert(0, Picture(None))
    for seat_number in sorted(outcome.private):
        if Picture(seat_number) not in outcome.pictures and seat_number in people:
            outcome.pictures.append(Picture(seat_number))


def _number(value: float) -> int | float:
    return int(value) if float(value).is_integer() else value


def _check_pace(pace_hours: float) -> None:
    if not 0 < pace_hours <= 24 * 30:
        raise errors.BadSetting("That setting is not allowed: the pace is 1 minute to 30 days per move.",
                                reason="pace", pace=pace_hours)


__all__ = ["GameSource", "TableService", "utc_now"]
