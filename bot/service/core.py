"""What every table command shares: loading a table, the guards, writing to the log, and settling.

:class:`TableCore` holds the repository, the clock, the engines and a lock per table. Every command
(:mod:`~bot.service.lobby`, :mod:`~bot.service.play`, :mod:`~bot.service.undo`,
:mod:`~bot.service.management`, :mod:`~bot.service.timekeeping`, :mod:`~bot.service.recovery`,
:mod:`~bot.service.users`) builds on it. :meth:`TableCore._settle` is the step after every change:
bot seats and stand-ins play until a person owes a decision, then the deadlines and the table's
status are recorded and the outcome says what to tell whom (:func:`tell`, :func:`tell_result`,
:func:`ask_pictures`).

Storage trouble after a command's commit (disk full, a lock held too long, an I/O error) does not
leave the table stuck: the command's own change counts, the player is told so
(:class:`~bot.service.errors.SavedButUnsettled`), and the table is marked unsettled. The next
command on it, and the reminder loop, repair it first with the same recovery as at startup
(:meth:`TableCore._resume`).
"""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import socket
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import asynccontextmanager, suppress
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Protocol, TypeVar

from bot.service import errors
from bot.service.cache import DEFAULT_SIZE, LINES_SIZE, Cached, LineCache, TableCache
from bot.service.locks import TableLocks
from bot.service.models import Line, Outcome, Picture, Waiting
from bot.service.reminders import next_deadlines
from bot.service.tables import (
    BOT,
    RULES,
    STAND_IN,
    Loaded,
    events_lines,
    load,
    service_event,
    stored,
)
from bot.service.words import render
from rules import registry as default_registry
from rules.core import Engine, Message, Result, Rng, Seat, msg
from rules.core.messages import LOCALES, Param, typed
from rules.verify import commitment
from storage.records import NewEntry, SeatRow, TableRow
from storage.repository import Repository, StaleWrite, StorageUnavailable

log = logging.getLogger(__name__)

T = TypeVar("T")

MAX_RETRIES = 3
"""How often a command lost to another process's write is retried on the reloaded table."""

LARGEST_ID = 2**63 - 1
"""The largest table id storage can hold (a signed 64-bit integer); a larger one names no table."""

PACE_HOURS = (1 / 60, 24 * 30)
"""The shortest and longest pace a table may have: 1 minute to 30 days per move."""


SNAPSHOT_EVERY = 10
"""A move stores the state every this many log entries, so that a load replays at most this many
moves less one (a late Patchistory move replays in milliseconds, not a tenth of a second)."""

SNAPSHOTS_KEPT_EVERY = 50
"""Of the snapshots a table's moves store, those every this many entries stay; the others are
dropped as the next is stored (in its transaction), so storage holds about as many snapshots as
with a snapshot every 50 entries, plus the newest, and a load that passes over a damaged newest
one falls back on them."""


LEASE = timedelta(minutes=5)
"""How long a process holds a timed job it took (a reminder, a table's recovery) before another
process may take it over: far longer than the job takes, short enough that a dead process's
reminders are late by minutes, not hours."""

TELLING_LEASE = timedelta(seconds=30)
"""How long a process may hold a table's thread to tell it something (a post takes well under a
second; a process that dies holding it delays the others' posts to that thread by this much)."""


def this_process() -> str:
    """A lease owner name for this process (host and process id)."""
    return f"{socket.gethostname()}:{os.getpid()}"


def utc_now() -> datetime:
    """The current time, timezone-aware UTC."""
    return datetime.now(UTC)


class GameSource(Protocol):
    """Where engines come from: :mod:`rules.registry` (tests may pass their own)."""

    def get(self, game_id: str) -> Engine[Any, Any]: ...


class TableCore:
    """The state every table command shares, and the steps they share. Constructed as
    :class:`~bot.service.service.TableService`, whose docstring lists the parameters.
    """

    def __init__(
        self,
        repo: Repository,
        *,
        clock: Callable[[], datetime] = utc_now,
        registry: GameSource = default_registry,
        snapshot_every: int = SNAPSHOT_EVERY,
        snapshots_kept_every: int = SNAPSHOTS_KEPT_EVERY,
        seed_source: Callable[[], int] = lambda: secrets.randbits(63),
        open_tables_per_user: int | None = None,
        open_tables_per_server: int | None = None,
        cache_size: int = DEFAULT_SIZE,
        owner: str | None = None,
        lease: timedelta = LEASE,
    ) -> None:
        self.repo = repo
        self.clock = clock
        self.registry = registry
        self.snapshot_every = snapshot_every
        self.snapshots_kept_every = snapshots_kept_every
        self.seed_source = seed_source
        self.open_tables_per_user = open_tables_per_user
        self.open_tables_per_server = open_tables_per_server
        self._locks = TableLocks()
        self.cache = TableCache(cache_size)
        """Loaded states by table and head (:mod:`bot.service.cache`)."""
        self.lines = LineCache(LINES_SIZE if cache_size > 0 else 0)
        """The lines of log entries read or written lately, by table and seq (none where no states
        are kept either)."""
        self._rebuilding: dict[tuple[int, int], asyncio.Future[Loaded]] = {}
        """Rebuilds in progress by table and head: commands that miss the cache together (a
        table's players opening their panels at once after a restart) share one replay."""
        self.unsettled: set[int] = set()
        """Tables a storage error left unsettled after a commit (bots owed a move, deadlines or the
        finished status unwritten): repaired before the next command on them or by the reminder loop."""
        self.repaired: set[int] = set()
        """Tables repaired since their thread was last told (the reminder loop tells it)."""
        self.owner = owner or this_process()
        self.lease = lease

    async def _claim(self, key: str) -> bool:
        """Take (or renew) the lease ``key`` for this process: ``False`` when another process holds
        it and its lease has not run out."""
        now = self.clock()
        return await self.repo.acquire_lease(key, self.owner, now, now + self.lease)

    async def _let_go(self, key: str) -> None:
        await self.repo.release_lease(key, self.owner)

    @asynccontextmanager
    async def telling(self, table_id: int) -> AsyncIterator[None]:
        """Hold the table's telling lease while its thread is told something: of several processes
        on one database, one at a time tells a table's thread, so that what one posts as "missed"
        is never being posted by another meanwhile (announcements go out once, in log order).
        Waits for another process's hold to end, or to run out (:data:`TELLING_LEASE`). Within one
        process the lease is this process's already: the caller also holds a per-table lock."""
        key = f"tell:{table_id}"
        while True:
            now = self.clock()
            if await self.repo.acquire_lease(key, self.owner, now, now + TELLING_LEASE):
                break
            await asyncio.sleep(0.02)
        try:
            yield
        finally:
            await self._let_go(key)

    def _engine(self, game_id: str) -> Engine[Any, Any]:
        try:
            return self.registry.get(game_id)
        except default_registry.UnknownGame as exc:
            raise errors.UnknownGameError(str(exc), game=game_id,
                                          available=", ".join(default_registry.available())) from exc

    async def _row(self, table_id: int) -> TableRow:
        return _found(table_id, await self.repo.get_table(table_id) if _valid_id(table_id) else None)

    async def _row_and_seats(self, table_id: int) -> tuple[TableRow, list[SeatRow]]:
        """:meth:`_row` and the table's seats, read together."""
        return _found(table_id, await self.repo.table_with_seats(table_id) if _valid_id(table_id) else None)

    async def _load(self, table_id: int) -> Loaded:
        """The table as stored now: its row and seats read afresh (together), its state from this
        process's cache when the cache holds the state at the stored head, else rebuilt (and then
        kept)."""
        row, seats = await self._row_and_seats(table_id)
        engine = self._engine(row.game_id)
        if row.status == "lobby" or row.seed is None:
            return await load(self.repo, row, engine, seats=seats)
        cached = self.cache.get(row.id, row.head)
        if cached is not None:
            return Loaded(row=row, seats=seats, engine=engine, head=cached.head, state=cached.state,
                          base=cached.base)
        key = (row.id, row.head)
        rebuilding = self._rebuilding.get(key)
        if rebuilding is None:
            rebuilding = self._rebuilding[key] = asyncio.ensure_future(self._rebuild(row, engine, seats))
            rebuilding.add_done_callback(lambda done: self._rebuild_over(key, done))
            return await asyncio.shield(rebuilding)
        # Another command is rebuilding this table at this head: share its replay.
        t = await asyncio.shield(rebuilding)
        if t.state is None or t.head != row.head:  # its load set moves aside: the table moved on
            return await self._rebuild(await self._row(table_id), engine)
        return Loaded(row=row, seats=seats, engine=engine, head=t.head, state=t.state, base=t.base)

    async def _rebuild(self, row: TableRow, engine: Engine[Any, Any], seats: list[SeatRow] | None = None
                       ) -> Loaded:
        """Rebuild a table's state from storage (:func:`~bot.service.tables.load`; ``seats``: the
        table's, read with ``row``) and keep it."""
        t = await load(self.repo, row, engine, seats=seats)
        if t.stranded:
            t = await self._set_aside(t)
        if t.state is not None:
            self.cache.put(row.id, Cached(head=t.head, state=t.state, base=t.base))
        return t

    def _rebuild_over(self, key: tuple[int, int], done: asyncio.Future[Loaded]) -> None:
        """Forget a finished rebuild; its failure is each waiter's to raise, so it is read here
        only to be marked as seen (when every waiter was cancelled, nobody else reads it)."""
        self._rebuilding.pop(key, None)
        if not done.cancelled():
            done.exception()

    async def _set_aside(self, t: Loaded) -> Loaded:
        """Go on from a table's last valid position when moves of its log no longer replay (the
        game's rules changed under it): one log entry sets those moves aside, as an undo would, and
        tells the table's thread so; every move stays in the log. The thread is told with the next
        delivery or by the reminder loop (:attr:`repaired`)."""
        first, count = t.stranded[0], len(t.stranded)
        message = msg("service.rules_changed", game=t.engine.info.title, seq=first, count=count)
        entry = NewEntry(kind="undo", seat=0, actor=RULES, payload_json="{}", undoes=t.stranded,
                         events=(service_event(message),), rules_version=t.engine.info.rules_version)
        with suppress(StaleWrite):  # another process set them aside first
            await self.repo.append(t.row.id, t.head, [entry], self.clock())
        self.repaired.add(t.row.id)
        row = await self._row(t.row.id)
        return await load(self.repo, row, t.engine)

    def _seat(self, t: Loaded, user_id: int) -> SeatRow:
        seat = t.seat_of(user_id)
        if seat is None:
            raise errors.NotSeated(f"You have no seat at table {t.row.id}.", table=t.row.id)
        return seat

    def _check_active(self, t: Loaded) -> None:
        if t.row.status == "lobby":
            raise errors.NotStarted(f"Table {t.row.id} has not started yet.", table=t.row.id)
        if t.row.status != "active" or not t.pending():
            raise errors.GameOverError(f"The game at table {t.row.id} is over.", table=t.row.id)

    def _bot_kind(self, engine: Engine[Any, Any], kind: str) -> str:
        bots = engine.bots()
        if kind in bots:
            return kind
        if kind == "greedy" and "random" in bots:
            return "random"
        raise errors.BadSetting(f"{engine.info.title} has no bot called {kind}.",
                                key="service.unknown_bot", game=engine.info.title, kind=kind)

    @asynccontextmanager
    async def _committed(self, table_id: int) -> AsyncIterator[None]:
        """The steps after a command's commit: storage trouble in them marks the table unsettled and
        tells the player that what they did counts (:class:`~bot.service.errors.SavedButUnsettled`),
        with one log line for the operator."""
        try:
            yield
        except StorageUnavailable as exc:
            self.unsettled.add(table_id)
            log.error("table %s left unsettled after a commit, repaired when storage works: %s",
                      table_id, exc.operator_line())
            raise errors.SavedButUnsettled(
                "Your move counted and is saved. The bot could not save what follows it right now; it "
                "will finish that by itself and tell the table.", table=table_id) from exc

    async def _repair(self, table_id: int) -> None:
        """Settle ``table_id`` again if a storage error left it unsettled; call it holding the
        table's lock, before a command reads the table.

        :raises StorageUnavailable: storage still fails (the table stays unsettled).
        """
        if table_id not in self.unsettled:
            return
        await self._resume(table_id)
        self.unsettled.discard(table_id)
        self.repaired.add(table_id)
        log.info("table %s settled again after storage trouble", table_id)

    async def _repair_unlocked(self, table_id: int) -> None:
        """:meth:`_repair` for a command that does not hold the table's lock."""
        if table_id in self.unsettled:
            async with self._locks[table_id]:
                await self._repair(table_id)

    async def needs_settling(self, t: Loaded) -> bool:
        """Whether a table is owed steps a command did not finish: a bot seat or stand-in owes a
        move, the game is over but not marked finished, or the deadlines are not those of the
        people the table waits for."""
        if t.row.status != "active" or t.state is None:
            return False
        by_position = {s.position: s for s in t.seats}
        pending = t.pending()
        bots_owed = any(by_position[s].bot or by_position[s].stand_in for s in pending)
        over = t.engine.result(t.state) is not None
        people = {s.position for s in t.seats if s.user_id is not None and s.stand_in is None}
        timed = {d.seat for d in await self.repo.deadlines(t.row.id)}
        return bots_owed or over or (people & set(pending)) != timed

    async def _resume(self, table_id: int) -> Outcome | None:
        """Finish what a command left undone (see :meth:`RecoveryCommands.resume`); call it holding
        the table's lock."""
        t = await self._load(table_id)
        if not await self.needs_settling(t):
            if t.row.status == "active" and t.row.settled_seq != t.head:
                await self.repo.mark_settled(table_id, t.head)
            return None
        return await self._settle(t, Outcome(table=t.info()), moved=set(), committed=False)

    async def _append(self, t: Loaded, entries: list[NewEntry], state: Any) -> list[tuple[Line, ...]]:
        """Append after the head ``t`` was loaded at, with a snapshot when one falls due; the lines
        each entry tells (kept for the digests that will tell them)."""
        head = t.head
        every = self.snapshot_every
        due = every > 0 and (head + len(entries)) // every > head // every
        snapshot = (head + len(entries), t.engine.dump(state)) if due else None
        version = t.engine.info.rules_version
        entries = [replace(e, rules_version=version) for e in entries]
        new_head = await self.repo.append(t.row.id, head, entries, self.clock(), snapshot=snapshot,
                                          replaces_after=self._kept_before(head + len(entries)))
        told = self._told(t.row.id, head, entries)
        self.cache.put(t.row.id, Cached(head=new_head, state=state, base=new_head if due else t.base))
        return told

    def _told(self, table_id: int, head: int, entries: list[NewEntry]) -> list[tuple[Line, ...]]:
        """The lines each of ``entries``, appended after ``head``, tells; kept for the digests that
        will tell them, so that none reads them back from storage."""
        told = [events_lines(entry.events, seq) for seq, entry in enumerate(entries, start=head + 1)]
        for seq, lines in enumerate(told, start=head + 1):
            self.lines.put(table_id, seq, lines)
        return told

    def _kept_before(self, seq: int) -> int | None:
        """The newest entry before ``seq`` whose snapshot stays when one of ``seq`` is stored
        (every ``snapshots_kept_every`` entries); ``None`` when every snapshot stays."""
        kept = self.snapshots_kept_every
        if kept <= self.snapshot_every:
            return None
        return (seq - 1) // kept * kept

    async def _keep_snapshot(self, t: Loaded) -> Loaded:
        """Store the state at the head when ``snapshot_every`` log entries or more have come since
        the snapshot it was rebuilt from. An undo drops the snapshots of the moves it takes back and
        stores none of its own, so without this a table whose moves are often taken back would load
        an ever longer tail of the log (the head check keeps the snapshot the head's)."""
        every = self.snapshot_every
        if every <= 0 or t.state is None or t.head - t.base < every:
            return t
        try:
            await self.repo.append(t.row.id, t.head, [], self.clock(),
                                   snapshot=(t.head, t.engine.dump(t.state)),
                                   replaces_after=self._kept_before(t.head))
        except StaleWrite:
            return t  # another process moved on meanwhile: its own load will do
        self.cache.put(t.row.id, Cached(head=t.head, state=t.state, base=t.head))
        return replace(t, base=t.head)

    async def _settle(
        self, t: Loaded, outcome: Outcome, moved: set[Seat], since: int | None = None, *,
        committed: bool = True,
    ) -> Outcome:
        """Let bot seats and stand-ins play until a person owes a decision, then record the
        deadlines, finish the table if the game is over, and complete ``outcome``, which tells of
        the log entries after ``since`` (by default ``t``'s head: only what the bots now play).

        The bots' moves are appended in one batch; if another process wrote first, the table is
        reloaded and the bots answer whatever it now waits for. ``committed``: the caller's own
        change is committed, so storage trouble here leaves the table unsettled (:meth:`_committed`).
        """
        if not committed:
            return await self._settle_steps(t, outcome, moved, since)
        async with self._committed(t.row.id):
            return await self._settle_steps(t, outcome, moved, since)

    async def _settle_steps(
        self, t: Loaded, outcome: Outcome, moved: set[Seat], since: int | None
    ) -> Outcome:
        outcome.announce_from = (t.head if since is None else since) + 1
        for _ in range(MAX_RETRIES):
            new, state = self._bot_moves(t, moved)
            if not new:
                break
            try:
                told = await self._append(t, new, state)
            except StaleWrite:
                t = await self._load(t.row.id)
                continue
            for lines in told:
                tell(outcome, lines)
            t = await self._load(t.row.id)
            break
        assert t.state is not None
        state = t.state
        now = self.clock()
        result = t.engine.result(state)
        if result is not None:
            await self.repo.update_table(t.row.id, now, status="finished")
            await self.repo.set_deadlines(t.row.id, [], settled_at=t.head)
            t = await self._load(t.row.id)
            tell_result(outcome, result, t.head, row=t.row)
        else:
            deadlines = next_deadlines(t.row.id, t.pending(), t.seats, await self.repo.deadlines(t.row.id),
                                       moved, t.head, now, t.row.pace_hours,
                                       await self._paused_until(t, now))
            # The table's last write: with it, a restart has nothing to finish here.
            await self.repo.set_deadlines(t.row.id, deadlines, settled_at=t.head)
        outcome.table = t.info()
        outcome.waiting = await self._waiting(t)
        outcome.announce_through = t.head
        ask_pictures(outcome, t.seats)
        return outcome

    async def _paused_until(self, t: Loaded, now: datetime) -> dict[int, datetime]:
        """When the spell away ends of each person the table waits for who is away now
        (:mod:`bot.service.away`)."""
        pending = t.pending()
        paused = {}
        for seat in t.seats:
            if seat.user_id is not None and seat.position in pending:
                for spell in await self.repo.away_spells(seat.user_id, now):
                    if spell.lasts_at(now):
                        paused[seat.user_id] = spell.until
        return paused

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
            pending = t.engine.prompts(state)
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


def _valid_id(table_id: int) -> bool:
    """Whether ``table_id`` can name a table at all (an int storage can hold)."""
    return isinstance(table_id, int) and 0 < table_id <= LARGEST_ID


def _found(table_id: int, read: T | None) -> T:
    """What was read of table ``table_id``; :raises NoSuchTable: nothing was (``None``)."""
    if read is None:
        raise errors.NoSuchTable(f"There is no table {table_id}.", table=table_id)
    return read


def tell(outcome: Outcome, lines: Iterable[Line]) -> None:
    """Add ``lines`` to ``outcome``: public ones for everyone, private ones for each seat told."""
    for line in lines:
        if line.seats is None:
            outcome.public.append(line)
        else:
            for seat in sorted(line.seats):
                outcome.private.setdefault(seat, []).append(line)


def tell_result(outcome: Outcome, result: Result, head: int, row: TableRow | None = None) -> None:
    """"The game is over", the final scores best rank first, the tie-break that decided a tie, and
    the seed the table's dice came from, which anyone can check against the commitment told at the
    start (:mod:`rules.verify`), when the table's ``row`` is given.

    Each is told once: "The game is over." is left out when the game's own closing lines already
    say it, and the result's tie-break when it was already told word for word (or nothing tied).
    """
    outcome.result = result
    said = [line.message for line in outcome.public]
    over = [i for i, message in enumerate(said) if says_game_over(message, outcome.table.game_id)]
    first = over[0] if over else len(outcome.public)
    if not over:
        outcome.public.append(Line(msg("service.finished"), seq=head))
    for s in sorted(result.ranks, key=lambda s: (result.ranks[s], s)):
        outcome.public.append(Line(msg("service.final_score", seat=s, score=_number(result.scores[s]),
                                       rank=result.ranks[s]), seq=head))
    scores = list(result.scores.values())
    untold: list[Param] = [message for message in result.tiebreak if message not in said]
    if untold and len(set(scores)) < len(scores):
        outcome.public.append(Line(msg("service.tiebreak", rules=untold), seq=head))
    if row is not None and row.seed is not None:
        digest = commitment(row.game_id, row.id, row.seed)
        outcome.public.append(Line(msg("service.seed_revealed", seed=typed(str(row.seed)),
                                       commitment=typed(digest)), seq=head))
    if len(outcome.public) > first:  # the end of the game is a chapter of its own
        outcome.public[first] = replace(outcome.public[first], chapter=True)


def says_game_over(message: Message, game_id: str) -> bool:
    """Whether ``message`` (a game's own line) already tells that the game is over."""
    over = render(msg("service.finished"), "en", game_id)
    return render(message, "en", game_id).startswith(over)


def ask_pictures(outcome: Outcome, seats: Sequence[SeatRow]) -> None:
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


def check_table_locale(locale: str | None) -> None:
    """Refuse a table language no catalogue ships (``None``, the creator's, is always allowed)."""
    if locale is not None and locale not in LOCALES:
        raise errors.BadSetting(
            f"That setting is not allowed: language {locale}.", reason=f"language {locale}"
        )


def check_pace(pace_hours: float) -> None:
    """Refuse a pace that is not a number of hours from 1 minute to 30 days (:data:`PACE_HOURS`):
    the table service keeps to it whoever calls it, whatever the caller already checked."""
    shortest, longest = PACE_HOURS
    number = isinstance(pace_hours, int | float) and not isinstance(pace_hours, bool)
    if not number or not shortest <= pace_hours <= longest:  # NaN fails both comparisons
        raise errors.BadSetting(
            "The pace must be from 1 minute to 30 days per move (in hours: 0.017 to 720).",
            key="service.bad_pace")


__all__ = [
    "LARGEST_ID",
    "MAX_RETRIES",
    "PACE_HOURS",
    "GameSource",
    "TableCore",
    "ask_pictures",
    "check_pace",
    "check_table_locale",
    "tell",
    "tell_result",
    "utc_now",
]
