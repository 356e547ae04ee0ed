"""After a restart: finishing the steps a dead process left undone, and telling what was not told."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable

from bot.service.core import TableCore, ask_pictures, tell, tell_result
from bot.service.errors import TableUnreadable
from bot.service.models import Line, Outcome
from bot.service.tables import entry_lines, in_force
from storage.records import TableFilter, TableRow
from storage.repository import StorageError, StorageUnavailable

log = logging.getLogger(__name__)


class RecoveryCommands(TableCore):
    """Resuming tables and rebuilding their unannounced outcomes."""

    async def resume(self, table_id: int) -> Outcome | None:
        """Finish what a command left undone when its process died between its writes: bot seats
        and stand-ins owed a move play it, a game whose last move is in the log is marked
        finished, and every person the table waits for gets a deadline again. ``None`` when the
        table needed none of that. The log is never touched except by the bots' moves.

        Call it for every active table when the bot starts (:meth:`resume_all`).
        """
        async with self._locks[table_id]:
            outcome = await self._resume(table_id)
            self.unsettled.discard(table_id)
            return outcome

    async def resume_all(self) -> list[Outcome]:
        """:meth:`resume` every active table that may need it; the outcomes of those that did.

        Only tables whose last settling is not recorded at their head are loaded (a command settles
        a table as its last write, :attr:`~storage.records.TableRow.settled_seq`): a restart
        after a clean stop loads none, whatever the number of tables. A table that no longer
        replays, or whose storage fails, is left as it is (and logged): the others are not held up
        by it.

        Each table is resumed under its recovery lease (:func:`recovery_lease`), given up after:
        of several processes starting at once on one database, one resumes each table."""
        rows = await self.repo.list_tables(
            TableFilter(statuses=("active",), unsettled=True, limit=1_000_000))

        async def resume_leased(table_id: int) -> Outcome | None:
            if not await self._claim(recovery_lease(table_id)):
                return None
            try:
                return await self.resume(table_id)
            finally:
                await self._let_go(recovery_lease(table_id))

        return await _each_readable(rows, resume_leased)

    async def repair_unsettled(self) -> list[Outcome]:
        """Settle again every table a storage error left unsettled in this process (as at startup),
        and return what the thread of each table repaired since it was last told has not been told
        (:meth:`announcements`: the move that counted, the bots' answers, the result). Called by
        the reminder loop; a table whose storage still fails stays unsettled for the next call."""
        for table_id in sorted(self.unsettled):
            try:
                async with self._locks[table_id]:
                    await self._repair(table_id)
            except (StorageError, TableUnreadable) as exc:
                log.warning("table %s is still unsettled: %s", table_id, exc)
        outcomes = []
        for table_id in sorted(self.repaired):
            try:
                outcome = await self.announcements(table_id)
            except (StorageError, TableUnreadable) as exc:
                log.warning("could not gather what table %s was not told: %s", table_id, exc)
                continue
            self.repaired.discard(table_id)
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
            outcome = Outcome(table=t.info(), announce_from=t.row.announced_seq + 1, announce_through=t.head)
            for entry in await self.repo.entries(table_id, after=t.row.announced_seq, through=t.head):
                if entry.kind == "undo" or in_force(entry, t.head):
                    tell(outcome, entry_lines(entry))
            result = t.engine.result(t.state) if t.state is not None else None
            if result is not None and t.row.status == "finished":
                tell_result(outcome, result, t.head, row=t.row)
            outcome.waiting = await self._waiting(t)
            ask_pictures(outcome, t.seats)
            return outcome

    async def announcements_all(self) -> list[Outcome]:
        """:meth:`announcements` of every table whose thread has not been told everything (call it
        when the bot starts, after :meth:`resume_all`); a table that no longer replays, or whose
        storage fails, is skipped.

        Only tables whose recovery lease this process takes are included (another process starting
        at the same time tells the others): deliver each outcome, then :meth:`done_recovering`."""
        rows = await self.repo.list_tables(
            TableFilter(statuses=("active", "finished"), unannounced=True, limit=1_000_000)
        )

        async def announce_leased(table_id: int) -> Outcome | None:
            if not await self._claim(recovery_lease(table_id)):
                return None
            outcome = await self.announcements(table_id)
            if outcome is None:
                await self._let_go(recovery_lease(table_id))
            return outcome

        return await _each_readable(rows, announce_leased)

    async def done_recovering(self, table_id: int) -> None:
        """Give up the table's recovery lease once what :meth:`announcements_all` returned for it
        has been delivered (or could not be)."""
        await self._let_go(recovery_lease(table_id))

    async def mark_announced(self, table_id: int, seq: int, *, telling: str | None = None) -> None:
        """Record that the table's thread has been told everything up to log entry ``seq`` (the
        delivered outcome's ``announce_through``), and with ``telling`` how (:meth:`told_how`), in
        one write. The mark never moves back."""
        await self.repo.mark_announced(table_id, seq, telling=telling)

    async def told_how(self, table_id: int) -> str | None:
        """What the adapter keeps about how the table's thread was told (its own JSON: which
        messages it goes on editing), or ``None`` before the first telling."""
        return await self.repo.telling(table_id)

    async def set_told_how(self, table_id: int, telling: str) -> None:
        """Store :meth:`told_how` alone (a telling of no log entry), leaving the mark."""
        await self.repo.set_telling(table_id, telling)

    async def announced_through(self, table_id: int) -> int:
        """The table's announcement mark: its thread has been told every log entry up to this one.

        :raises NoSuchTable:
        """
        return (await self._row(table_id)).announced_seq

    async def untold_lines(self, table_id: int, after: int, before: int) -> list[Line]:
        """The public lines of the log entries after ``after`` and before ``before``, in log order,
        leaving out entries an undo cancelled: what a thread missed when Discord refused to take an
        announcement, to be told ahead of the outcome that starts at ``before``."""
        entries = await self.repo.entries(table_id, after=after, through=before - 1)
        return [line for e in entries if e.undone_by is None
                for line in entry_lines(e) if line.seats is None]


def recovery_lease(table_id: int) -> str:
    """The lease a process holds while it resumes a table and tells its thread what it missed."""
    return f"recover:{table_id}"


async def _each_readable(
    rows: Iterable[TableRow], step: Callable[[int], Awaitable[Outcome | None]]
) -> list[Outcome]:
    """``step`` for each table in ``rows``: the outcomes there were, going on past any table that
    fails (one that no longer replays is logged where it is loaded; storage trouble is one line
    with its cause and fix; anything else is logged with its traceback)."""
    outcomes = []
    for row in rows:
        try:
            outcome = await step(row.id)
        except TableUnreadable:
            continue
        except StorageUnavailable as exc:
            log.error("table %s passed over: %s", row.id, exc.operator_line())
            continue
        except Exception:
            log.exception("table %s passed over", row.id)
            continue
        if outcome is not None:
            outcomes.append(outcome)
    return outcomes


__all__ = ["RecoveryCommands", "recovery_lease"]
