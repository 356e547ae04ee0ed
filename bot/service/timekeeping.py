"""Time running out: reminders, a decision's timeout default, stand-in bots, and taking a seat back.

When to remind is decided in :mod:`bot.service.reminders`; this module acts on it.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from bot.service import errors
from bot.service.core import TableCore, tell
from bot.service.models import Line, Outcome, Reminder
from bot.service.reminders import LATER_FACTOR, in_quiet_hours
from bot.service.tables import TIMEOUT, Loaded, stored
from rules.core import Message, Prompt, Seat, msg
from storage.records import Deadline, NewEntry
from storage.repository import StaleWrite

DEFAULT_AFTER = 1
"""Reminders a seat gets for a decision with a timeout default before the default is taken."""


class TimekeepingCommands(TableCore):
    """Reminders and what follows unanswered ones: the timeout default or a stand-in bot."""

    async def due_reminders(self, now: datetime | None = None) -> list[Reminder]:
        """Seats whose time is up at ``now`` (default: the clock), outside their quiet hours, that
        this process has taken the lease of (:func:`deadline_lease`): of several processes on one
        database, each due seat goes to one, and to another once that one's lease runs out.

        The caller tells each player (DM and a mention), then calls :meth:`mark_reminded`, which
        gives the lease up.
        """
        now = now or self.clock()
        due = []
        for seen in await self.repo.due_deadlines(now):
            if in_quiet_hours(await self.repo.get_preference(seen.user_id), now):
                continue
            if any(s.lasts_at(now) for s in await self.repo.away_spells(seen.user_id, now)):
                continue  # away: their clock stands still (bot.service.away)
            d = await self._still_due(seen, now)
            if d is None:
                continue
            if d.table_id in self.unsettled:
                continue  # repaired first (repair_unsettled); its deadlines may be stale
            try:
                t = await self._load(d.table_id)
            except (errors.NoSuchTable, errors.TableUnreadable):
                await self._let_go(deadline_lease(d.table_id, d.seat))
                continue
            if await self.needs_settling(t):  # a command's steps after its commit failed
                self.unsettled.add(d.table_id)
                continue
            row = t.row
            seat = next((s for s in t.seats if s.position == d.seat), None)
            if seat is None or seat.stand_in is not None:
                await self._let_go(deadline_lease(d.table_id, d.seat))
                continue
            prompt = t.pending().get(d.seat)
            default = prompt.options[prompt.default].label if prompt and prompt.default is not None else None
            last_call = default is not None and d.reminded == DEFAULT_AFTER - 1
            due.append(Reminder(table_id=row.id, game_id=row.game_id, guild_id=row.guild_id,
                                channel_id=row.channel_id, thread_id=row.thread_id, seat=d.seat,
                                user_id=d.user_id, name=seat.name, due_at=d.due_at, count=d.reminded,
                                stand_in_next=row.stand_ins and d.reminded >= row.stand_in_after,
                                default_next=default is not None and d.reminded >= DEFAULT_AFTER,
                                default_choice=default if last_call else None,
                                default_due=now + timedelta(hours=row.pace_hours * LATER_FACTOR)
                                if last_call else None))
        return due

    async def keep_reminder(self, reminder: Reminder) -> bool:
        """Renew this process's lease on a reminder :meth:`due_reminders` gave it, just before
        sending it: ``False`` when the lease ran out meanwhile and another process took the
        reminder over (or sent it already), so that it must not be sent again. Reminders are sent
        one after another; without this the last of many could outlive its lease unsent."""
        now = self.clock()
        return await self._still_due(Deadline(reminder.table_id, reminder.seat, reminder.user_id,
                                              reminder.due_at, 0, reminder.count), now) is not None

    async def _still_due(self, seen: Deadline, now: datetime) -> Deadline | None:
        """Take the seat's deadline lease, then read the deadline again: another process may have
        reminded the seat between the look and the lease. The deadline, or ``None`` (lease not
        taken, or given back because the reminder is no longer due)."""
        key = deadline_lease(seen.table_id, seen.seat)
        if not await self._claim(key):
            return None
        d = next((x for x in await self.repo.deadlines(seen.table_id) if x.seat == seen.seat), None)
        if d is None or d.due_at > now or d.reminded != seen.reminded:
            await self._let_go(key)
            return None
        return d

    async def mark_reminded(self, table_id: int, seat: int) -> Outcome | None:
        """Record that a reminder went out; the next is due after a longer interval
        (:data:`~bot.service.reminders.LATER_FACTOR` times the pace).

        When the decision has a timeout default in the rules (:attr:`Prompt.default`, e.g.
        declining an optional reaction out of turn) and :data:`DEFAULT_AFTER` reminders went
        unanswered, the default is taken for the seat instead. Otherwise, when the seat has already
        missed the table's number of reminders (``stand_in_after``, default 2) and the table allows
        stand-ins, a stand-in bot takes the seat and plays. The returned outcome says what was
        played (``None`` when nothing was). The player takes a seat back with :meth:`reclaim`.
        The seat's deadline lease is given up afterwards.
        """
        try:
            return await self._mark_reminded(table_id, seat)
        finally:
            await self._let_go(deadline_lease(table_id, seat))

    async def _mark_reminded(self, table_id: int, seat: int) -> Outcome | None:
        async with self._locks[table_id]:
            await self._repair(table_id)
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

    async def reclaim(self, table_id: int, user_id: int) -> Outcome:
        """Take one's seat back from a stand-in bot.

        :raises NotSeated, NotStandingIn:
        """
        async with self._locks[table_id]:
            await self._repair(table_id)
            t = await self._load(table_id)
            seat = self._seat(t, user_id)
            if seat.stand_in is None:
                raise errors.NotStandingIn("Nobody is standing in for you.")
            await self.repo.mark_settled(table_id, None)  # until the settling below is written
            await self.repo.set_stand_in(table_id, seat.position, None)
            t = await self._load(table_id)
            outcome = Outcome(table=t.info())
            outcome.public.append(Line(msg("service.reclaimed", seat=seat.position), seq=t.head))
            return await self._settle(t, outcome, moved=set())

    async def _time_out(self, t: Loaded, seat: Seat) -> Outcome | None:
        """Take the timeout default of each decision ``seat`` owes in a row, then settle the table
        (``None`` if another process moved the table on first: the reminder is then moot)."""
        assert t.state is not None
        state = t.state
        outcome = Outcome(table=t.info())
        new: list[NewEntry] = []
        chosen: list[Message] = []
        for _ in range(t.engine.info.max_actions):
            prompt = t.engine.prompts(state).get(seat)
            if prompt is None or prompt.default is None:
                break
            option = prompt.options[prompt.default]
            action = t.engine.parse_action(option.action)
            state, events = t.engine.apply(state, seat, action)
            new.append(NewEntry(kind="action", seat=seat, actor=TIMEOUT,
                                payload_json=t.engine.dump_action(action), events=stored(events)))
            chosen.append(option.label)
        try:
            told = await self._append(t, new, state)
        except StaleWrite:
            return None
        before = t.head
        for offset, (lines, label) in enumerate(zip(told, chosen, strict=True), start=before + 1):
            outcome.public.append(Line(msg("service.timed_out", seat=seat, choice=label), seq=offset))
            tell(outcome, lines)
        async with self._committed(t.row.id):
            t = await self._load(t.row.id)
        return await self._settle(t, outcome, moved={seat}, since=before)

    async def _stand_in(self, t: Loaded, seat: Seat) -> Outcome:
        kind = self._bot_kind(t.engine, "greedy")
        await self.repo.mark_settled(t.row.id, None)  # until the settling below is written
        await self.repo.set_stand_in(t.row.id, seat, kind)
        t = await self._load(t.row.id)
        outcome = Outcome(table=t.info())
        stand_in = msg("service.stand_in", seat=seat, kind=f"@service.bot_kind.{kind}")
        outcome.public.append(Line(stand_in, seq=t.head))
        return await self._settle(t, outcome, moved=set())


def deadline_lease(table_id: int, seat: Seat) -> str:
    """The lease a process holds while it reminds a seat (and times it out or seats a stand-in)."""
    return f"deadline:{table_id}:{seat}"


def _has_default(prompt: Prompt | None) -> bool:
    return prompt is not None and prompt.default is not None


__all__ = ["DEFAULT_AFTER", "TimekeepingCommands", "deadline_lease"]
