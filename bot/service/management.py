"""Managing tables: giving one up, its pace and stand-in setting, finding tables, and who owes what."""

from __future__ import annotations

from typing import Any

from bot.service import errors
from bot.service.core import TableCore, check_pace, check_table_locale
from bot.service.models import Line, Outcome, TableInfo, Waiting
from bot.service.tables import table_info
from rules.core import msg
from storage.records import TableFilter, Vote


class ManagementCommands(TableCore):
    """Abandoning a table, its settings, and looking tables and owed decisions up."""

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
        locale: str | None = None,
    ) -> TableInfo:
        """Change the table's pace, whether stand-in bots are allowed, or the language its thread
        is told in (creator only). Deadlines already running keep their time; the new pace
        applies from the next decision.

        :raises NotCreator, BadSetting:
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            if user_id != t.row.creator_id:
                raise errors.NotCreator("Only the table's creator can do that.")
            if pace_hours is not None:
                check_pace(pace_hours)
            check_table_locale(locale)
            await self.repo.update_table(table_id, self.clock(), pace_hours=pace_hours, stand_ins=stand_ins,
                                         locale=locale)
            return (await self._load(table_id)).info()

    async def table(self, table_id: int) -> TableInfo:
        """The table as the lobby shows it.

        :raises NoSuchTable:
        """
        row, seats = await self._row_and_seats(table_id)
        return table_info(row, seats, self._engine(row.game_id), row.head)

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


__all__ = ["ManagementCommands"]
