"""The reminder scheduler: one task that looks at the clock and reminds whoever is overdue.

Each tick also tells every thread that refused an announcement what it missed (see
:func:`~bot.discord.delivery.catch_up`), and settles again every table that storage trouble left
unsettled after a commit (:meth:`TableService.repair_unsettled`), telling its thread what followed.

Deadlines live in storage (the table service sets them when a seat starts to owe a decision), so
a restart resumes where it was: the first tick after start finds everything that fell due while
the bot was down. Each due seat is mentioned in its thread and DMed; the service then records the
reminder, sets the next one further off, and — when the table allows it and enough reminders were
missed — seats a stand-in bot, whose moves are delivered like anyone's. A decision the rules give a
timeout default (declining an optional reaction) is answered with it after one reminder.

The clock is injectable (:class:`bot.settings.Clock`): tests move it forward with a clock file.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from bot.discord.context import Agora
from bot.discord.delivery import catch_up, deliver, dm, reader, remind
from bot.discord.faces import reclaim_view
from bot.service import Reminder, TableInfo
from rules.core import msg
from storage import StorageUnavailable

log = logging.getLogger(__name__)

STOP_RETRY = 0.1
"""Seconds between cancellations of the loop while it is being stopped."""


class ReminderScheduler:
    """Polls :meth:`TableService.due_reminders` every ``poll`` seconds (and once at start)."""

    def __init__(self, agora: Agora, poll: float) -> None:
        self.agora = agora
        self.poll = poll
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self._run(), name="agora-reminders")

    async def stop(self) -> None:
        """Cancel the loop and wait for it to end. The cancellation is repeated until it takes:
        on Python 3.11 ``asyncio.wait_for`` (a member lookup in a reminder's DM) may swallow one
        that arrives as its inner wait ends, and the loop would go on while the bot shuts down."""
        if self._task is not None:
            while not self._task.done():
                self._task.cancel()
                await asyncio.wait({self._task}, timeout=STOP_RETRY)
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def _run(self) -> None:
        await self.agora.client.wait_until_ready()
        first = True
        while True:
            try:
                sent = await self.tick()
                if first or sent:
                    log.info("%s done: %d sent", "first reminder pass" if first else "reminder pass", sent)
                    first = False
            except StorageUnavailable as exc:  # the cause and the fix, not a traceback every tick
                log.error("reminders wait for storage, trying again in %s s: %s",
                          self.poll, exc.operator_line())
            except Exception:
                log.exception("reminder tick failed; trying again in %s s", self.poll)
            await asyncio.sleep(self.poll)

    async def tick(self) -> int:
        """Tell threads what Discord refused to take before, settle tables storage trouble left
        unsettled (telling their threads), send every reminder due now, and tell the tables of
        players whose days away are over; return how many reminders went out."""
        for table_id in sorted(self.agora.untold):
            try:
                if await catch_up(self.agora, table_id):
                    log.info("told table %s's thread what it had missed", table_id)
            except Exception:
                log.exception("could not tell table %s's thread what it missed", table_id)
        due = await self.agora.service.due_reminders(self.agora.clock.now())
        for outcome in await self.agora.service.repair_unsettled():
            try:
                await deliver(self.agora, outcome)
            except Exception:
                log.exception("could not tell table %s what followed its repair", outcome.table.id)
        for reminder in due:
            await self.send(reminder)
        for outcome in await self.agora.service.aways_over():
            try:
                await deliver(self.agora, outcome)
            except Exception:
                log.exception("could not tell table %s that a player's days away are over", outcome.table.id)
        return len(due)

    async def send(self, reminder: Reminder) -> None:
        """Remind one seat, record it, and deliver what a stand-in or a timeout default then did.

        A decision whose timeout default is now taken gets no reminder: the outcome tells the
        thread what was chosen for the seat. Nor does a seat a stand-in now takes: its player is
        told that a bot plays for them (:meth:`offer_reclaim`), not that the table waits for them.
        A reminder whose lease ran out while the ones before it were sent, and that another
        process has taken over, is left to that process."""
        if not await self.agora.service.keep_reminder(reminder):
            return
        table = await self.agora.service.table(reminder.table_id)
        if not reminder.default_next and not reminder.stand_in_next:
            await remind(self.agora, table, reminder)
        outcome = await self.agora.service.mark_reminded(reminder.table_id, reminder.seat)
        if outcome is None:
            return
        await deliver(self.agora, outcome)
        seats = outcome.table.seats
        if 0 <= reminder.seat < len(seats) and seats[reminder.seat].stand_in is not None:
            await self.offer_reclaim(outcome.table, reminder.user_id)

    async def offer_reclaim(self, table: TableInfo, user_id: int) -> None:
        """Tell a player a bot now plays their seat, with a button to take it back."""
        to = await reader(self.agora, table, user_id)
        lines = [msg("bot.stand_in_dm", table=table.id, game=table.title)]
        await dm(self.agora, table, user_id, lines, recipient=to, view=reclaim_view(table.id, to.words))
