"""Rematch: a finished table opens one new table with the same game, options, pace, stand-in rule and
bots, and its players take their seats again with one tap each.

The first player of the finished table to ask opens the rematch (in a new thread the caller made
for it) and is its creator, seated; the table's bots are seated again, of the same kinds. Each
player asking after that is seated at that same rematch: a table has one rematch only, recorded in
storage, so two players asking at once (in one process or two) still make one. The new table is
a lobby like any other: the creator starts it, and the limits on open tables apply to it.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from bot.service import errors
from bot.service.lobby import LobbyCommands
from bot.service.models import Line, TableInfo
from bot.service.tables import Loaded, table_info


@dataclass(frozen=True)
class Rematch:
    """What asking for a rematch did."""

    table: TableInfo
    """The rematch table, in its lobby (or further along, when it started already)."""
    previous: TableInfo
    """The finished table it follows."""
    created: bool
    """This request opened the rematch."""
    joined: bool
    """This request seated the player (``False``: they had their seat already)."""
    lines: tuple[Line, ...] = ()
    """What to tell the rematch's thread (the player's joining)."""

    @property
    def invited(self) -> tuple[int, ...]:
        """The people of the finished table who have no seat at the rematch yet."""
        seated = {s.user_id for s in self.table.seats}
        return tuple(s.user_id for s in self.previous.seats
                     if s.user_id is not None and s.user_id not in seated)


class RematchCommands(LobbyCommands):
    """``rematch``: the same table again, once per finished table."""

    async def rematch_of(self, table_id: int) -> TableInfo | None:
        """The rematch a finished table led to, if one was opened."""
        rematch_id = await self.repo.rematch_of(table_id)
        return None if rematch_id is None else await self._info(rematch_id)

    async def check_rematch(self, table_id: int, user_id: int) -> None:
        """Refuse, before the caller makes a thread for it, a rematch the user may not open.

        :raises NotSeated: the user had no seat at the finished table.
        :raises GameOverError: the game is not over (it goes on, or is in its lobby, or was abandoned).
        :raises TooManyTables: the user or the server has as many open tables as allowed.
        """
        t = await self._load(table_id)
        self._check_finished(t, user_id)
        if await self.repo.rematch_of(table_id) is None:
            await self.check_room_for_table(t.row.guild_id, user_id)

    async def rematch(
        self, table_id: int, user_id: int, name: str, *, thread_id: int | None = None, locale: str = "en"
    ) -> Rematch:
        """Seat ``user_id`` at the rematch of finished table ``table_id``, opening it (in
        ``thread_id``) when there is none yet.

        :raises NotSeated, GameOverError, TooManyTables: as :meth:`check_rematch`.
        :raises AlreadyStarted, TableFull: the rematch started already, or is full.
        """
        async with self._locks[table_id]:
            t = await self._load(table_id)
            self._check_finished(t, user_id)
            previous = t.info()
            existing = await self.repo.rematch_of(table_id)
            if existing is not None:
                return await self._seat_at(existing, previous, user_id, name, locale)
            table = await self.create_table(t.row.game_id, t.row.guild_id, t.row.channel_id, user_id, name,
                                            json.loads(t.row.options_json), thread_id=thread_id,
                                            pace_hours=t.row.pace_hours, stand_ins=t.row.stand_ins,
                                            locale=locale, table_locale=t.row.locale)
            for seat in t.seats:
                if seat.bot is not None:
                    await self.add_bot(table.id, user_id, seat.bot)
            recorded = await self.repo.set_rematch(table_id, table.id)
            if recorded != table.id:  # another process opened the rematch first: join that one
                await self.repo.update_table(table.id, self.clock(), status="abandoned")
                return await self._seat_at(recorded, previous, user_id, name, locale)
            return Rematch(table=await self._info(table.id), previous=previous, created=True, joined=True)

    async def _seat_at(self, rematch_id: int, previous: TableInfo, user_id: int, name: str,
                       locale: str) -> Rematch:
        table = await self._info(rematch_id)
        if table.seat_of(user_id) is not None:
            return Rematch(table=table, previous=previous, created=False, joined=False)
        outcome = await self.join(rematch_id, user_id, name, locale=locale)
        return Rematch(table=outcome.table, previous=previous, created=False, joined=True,
                       lines=tuple(outcome.public))

    async def _info(self, table_id: int) -> TableInfo:
        row = await self._row(table_id)
        return table_info(row, await self.repo.seats(table_id), self._engine(row.game_id), row.head)

    def _check_finished(self, t: Loaded, user_id: int) -> None:
        if t.seat_of(user_id) is None:
            raise errors.NotSeated(f"You have no seat at table {t.row.id}.", table=t.row.id)
        if t.row.status != "finished":
            raise errors.GameOverError(f"The game at table {t.row.id} is not over.",
                                       key="service.rematch_not_over", table=t.row.id)


__all__ = ["Rematch", "RematchCommands"]
