"""Away for a while: a player's clocks stand still while they are away, at every table they sit at.

``away(user, days)`` starts a spell away of up to :data:`ALLOWANCE_DAYS` days; a player may be away
at most that many days in any :data:`WINDOW_DAYS` days (a spell ended early counts only the time it
lasted). While the spell lasts, nothing of their seats' clocks runs: every deadline they owe moves
on by the spell's length at its start, a decision that falls to them meanwhile gets its deadline
counted from the spell's end (:func:`~bot.service.reminders.next_deadlines`), and no reminder,
timeout default or stand-in comes for them (:meth:`TimekeepingCommands.due_reminders` passes them
over). ``back(user)`` ends the spell early and gives back the time not used: their deadlines move
back by what was left of it. The other players go on with whatever does not wait for the absent
seat. Each table's thread is told when the spell starts and when it ends, early or in full
(:meth:`AwayCommands.aways_over`).
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

from bot.service import errors
from bot.service.core import TableCore
from bot.service.models import Line, Outcome
from rules.core import msg
from rules.core.messages import Param, typed
from storage.records import AwaySpell, Deadline, TableFilter

ALLOWANCE_DAYS = 14
"""The most days a player may be away in any :data:`WINDOW_DAYS` days."""

WINDOW_DAYS = 60
"""The span of days the allowance is counted over."""

ALLOWANCE = timedelta(days=ALLOWANCE_DAYS)
WINDOW = timedelta(days=WINDOW_DAYS)


def overlap(spell: AwaySpell, start: datetime, end: datetime) -> timedelta:
    """How much of ``[start, end)`` the spell lasted."""
    return max(timedelta(0), min(spell.until, end) - max(spell.starts_at, start))


def days_left(spells: Iterable[AwaySpell], now: datetime) -> int:
    """The longest spell in whole days, from ``now``, that keeps every :data:`WINDOW_DAYS`-day span
    within the allowance. The spans that hold most are those that end with the new spell: each
    holds the new spell and what other spells last in the rest of it (a spell under way counts
    whole: while away, this is what is left once it is over)."""
    past = list(spells)
    for days in range(ALLOWANCE_DAYS, 0, -1):
        span_end = now + timedelta(days=days)
        used = sum((overlap(s, span_end - WINDOW, span_end) for s in past), timedelta(0))
        if used + timedelta(days=days) <= ALLOWANCE:
            return days
    return 0


def day_of(moment: datetime) -> str:
    """A date and time as the thread shows it, in UTC (``2026-03-09 09:00 UTC``)."""
    return moment.strftime("%Y-%m-%d %H:%M UTC")


class AwayCommands(TableCore):
    """``away`` and ``back``: a player's spell away, at every table they sit at."""

    async def away_spell(self, user_id: int) -> AwaySpell | None:
        """The user's spell away that lasts now, if any."""
        now = self.clock()
        return next((s for s in await self.repo.away_spells(user_id, now) if s.lasts_at(now)), None)

    async def away_days_left(self, user_id: int) -> int:
        """How many days the user may be away from now (:func:`days_left`)."""
        now = self.clock()
        return days_left(await self.repo.away_spells(user_id, now - WINDOW), now)

    async def away(self, user_id: int, days: int) -> list[Outcome]:
        """Start a spell away of ``days`` days for ``user_id``: their clocks stand still at every
        table they play at, and each table's thread is told. Returns one outcome per table.

        :raises BadSetting: ``days`` is not a whole number from 1 to :data:`ALLOWANCE_DAYS`.
        :raises AwayRefused: the player is away already, or the allowance has fewer days left.
        """
        if isinstance(days, bool) or not isinstance(days, int) or not 1 <= days <= ALLOWANCE_DAYS:
            raise errors.BadSetting(f"Say how many days you are away: 1 to {ALLOWANCE_DAYS}.",
                                    key="service.away_days", most=ALLOWANCE_DAYS)
        now = self.clock()
        spells = await self.repo.away_spells(user_id, now - WINDOW)
        current = next((s for s in spells if s.lasts_at(now)), None)
        if current is not None:
            raise errors.AwayRefused(f"You are away already, until {day_of(current.until)}.",
                                     key="service.away_already", until=typed(day_of(current.until)))
        left = days_left(spells, now)
        if days > left:
            raise errors.AwayRefused(
                f"You may be away at most {ALLOWANCE_DAYS} days in any {WINDOW_DAYS}; you have {left} left.",
                key="service.away_allowance", most=ALLOWANCE_DAYS, window=WINDOW_DAYS, left=left)
        spell = AwaySpell(user_id, now, now + timedelta(days=days))
        await self.repo.add_away(spell)
        return await self._shift_clocks(user_id, timedelta(days=days), "service.away", days=days,
                                        until=typed(day_of(spell.ends_at)))

    async def back(self, user_id: int) -> list[Outcome]:
        """End the user's spell away now: their deadlines move back by what was left of it, and
        each of their tables' threads is told.

        :raises AwayRefused: the player is not away.
        """
        now = self.clock()
        spell = await self.away_spell(user_id)
        if spell is None:
            raise errors.AwayRefused("You are not away.", key="service.not_away")
        if not await self.repo.end_away(user_id, spell.starts_at, now):  # its end was told meanwhile
            raise errors.AwayRefused("You are not away.", key="service.not_away")
        return await self._shift_clocks(user_id, now - spell.ends_at, "service.back")

    async def aways_over(self) -> list[Outcome]:
        """Tell the tables of every player whose spell away ran to its end that their clock runs
        again (the reminder loop calls it). Each spell is told once, by one process: recording it
        ended (at its planned end, so the allowance counts it whole) is the claim."""
        outcomes = []
        for spell in await self.repo.expired_away_spells(self.clock()):
            if await self.repo.end_away(spell.user_id, spell.starts_at, spell.ends_at):
                outcomes += await self._shift_clocks(spell.user_id, timedelta(0), "service.away_over")
        return outcomes

    async def _shift_clocks(self, user_id: int, by: timedelta, key: str, **params: Param) -> list[Outcome]:
        """Move every deadline the user owes by ``by``, and tell each table they play at the
        message ``key`` about their seat."""
        outcomes = []
        for row in await self.repo.list_tables(TableFilter(user_id=user_id, statuses=("active",))):
            async with self._locks[row.id]:
                await self._repair(row.id)
                t = await self._load(row.id)
                seat = t.seat_of(user_id)
                if seat is None or t.row.status != "active":
                    continue
                for d in await self.repo.deadlines(row.id) if by else ():
                    if d.user_id == user_id:
                        await self.repo.update_deadline(Deadline(d.table_id, d.seat, d.user_id, d.due_at + by,
                                                                 d.since_seq, d.reminded))
                outcome = Outcome(table=t.info())
                outcome.public.append(Line(msg(key, seat=seat.position, **params), seq=t.head))
                outcomes.append(outcome)
        return outcomes


__all__ = ["ALLOWANCE_DAYS", "WINDOW_DAYS", "AwayCommands", "day_of", "days_left", "overlap"]
