"""What every command and component needs: the table service, the clock, and who is asking.

:class:`Agora` is created once per process and hangs off the client (``client.agora``), so that
persistent components rebuilt from their ``custom_id`` after a restart reach it from the
interaction alone.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import discord

from bot.discord.i18n import Words, choose_locale
from bot.discord.membership import LOOKUP_BUDGET, Membership
from bot.discord.tellings import Tellings
from bot.service import NoSuchTable, TableInfo, TableService
from bot.service.locks import TableLocks
from bot.service.words import seat_names
from bot.settings import Clock, Settings
from rules.core import RuleError

if TYPE_CHECKING:
    from bot.discord.pictures import Pictures


class AdapterError(RuleError):
    """A refusal by the adapter itself (no table in this channel, a panel that is not yours)."""


def no_table_here() -> AdapterError:
    return AdapterError(
        "There is no table in this channel. Open one with /game new, or name the table.",
        key="bot.no_table_here",
    )


def not_a_member(table_id: int) -> AdapterError:
    return AdapterError(
        f"You are no longer a member of the server where table {table_id} is played, "
        "so you cannot act at it.",
        key="bot.not_a_member",
        table=table_id,
    )


@dataclass
class Agora:
    """The process-wide context of the adapter."""

    client: discord.Client
    service: TableService
    settings: Settings
    clock: Clock
    pictures: Pictures
    thread_tables: dict[int, int] = field(default_factory=dict)
    """Thread id → the table played in it (a thread holds one table for its whole life)."""
    telling: TableLocks = field(default_factory=TableLocks)
    """Table id → held while its thread is told something, so announcements go out in log order."""
    tellings: Tellings = field(default_factory=Tellings)
    """Table id → what its thread and the other seats are being told after a click, in turn."""
    untold: set[int] = field(default_factory=set)
    """Tables whose thread refused an announcement; the reminder loop tells them again."""
    closed_threads: dict[int, float] = field(default_factory=dict)
    """Archived threads the bot was not allowed to reopen → when it last asked (monotonic time)."""
    members: Membership = field(init=False)
    """Who still belongs to which server (for interactions and DMs outside the server)."""

    def __post_init__(self) -> None:
        self.members = Membership(self.client, self.clock.now)

    @asynccontextmanager
    async def telling_table(self, table_id: int) -> AsyncIterator[None]:
        """Held while the table's thread is told something, so announcements go out once and in
        log order: this process's lock of the table, and, when the bot runs sharded (possibly
        in several processes on one database), the table's telling lease as well."""
        async with self.telling[table_id]:
            if self.settings.shard_count is None:
                yield
                return
            async with self.service.telling(table_id):
                yield

    async def check_member(
        self, interaction: discord.Interaction[Any], table: TableInfo, *, budget: float = LOOKUP_BUDGET
    ) -> None:
        """Refuse an interaction on ``table`` from someone no longer in the table's server.

        An interaction inside that server proves membership; any other (a DM, mostly) is checked
        with a member lookup (see :class:`~bot.discord.membership.Membership`). When Discord cannot
        answer, the user is let through: a seated player is not blocked by a Discord hiccup.

        :raises AdapterError: Discord says the user is not a member (left, kicked or banned).
        """
        user_id = interaction.user.id
        if interaction.guild_id is not None and interaction.guild_id == table.guild_id:
            self.members.seen(table.guild_id, user_id)
            return
        if await self.members.is_member(table.guild_id, user_id, budget=budget) is False:
            raise not_a_member(table.id)

    async def locale(self, interaction: discord.Interaction[Any]) -> str:
        """The language to answer ``interaction``'s user in."""
        preference = await self.service.preferences(interaction.user.id)
        return choose_locale(str(interaction.locale), preference.locale, self.settings.default_locale)

    async def words(self, interaction: discord.Interaction[Any], table: TableInfo | None = None) -> Words:
        locale = await self.locale(interaction)
        if table is None:
            return Words(locale)
        return Words(locale, table.game_id, seat_names(table, locale))

    def table_words(self, table: TableInfo) -> Words:
        """Words for what the whole table reads (the thread): the table's language, or for a
        table made before tables had one, the language its creator plays in."""
        locale = table.locale
        if locale is None:
            creator = table.seat_of(table.creator_id)
            locale = creator.locale if creator is not None else self.settings.default_locale
        locale = choose_locale(None, locale, self.settings.default_locale)
        return Words(locale, table.game_id, seat_names(table, locale))

    async def table_for(
        self, interaction: discord.Interaction[Any], table_id: int | None = None
    ) -> TableInfo:
        """The table a command is about: the one named, the one played in this thread, or the only
        one waiting on the caller in this server; refused to a caller no longer in its server.

        :raises AdapterError: none of these applies, or the caller left the table's server.
        :raises NoSuchTable: the named table does not exist (or is in another server).
        """
        table = await self._find_table(interaction, table_id)
        await self.check_member(interaction, table)
        return table

    async def table_by_id(self, interaction: discord.Interaction[Any], table_id: int) -> TableInfo:
        """Table ``table_id`` (named by a component), refused to a caller no longer in its server.

        :raises NoSuchTable: there is no such table.
        :raises AdapterError: the caller left the table's server.
        """
        table = await self.service.table(table_id)
        await self.check_member(interaction, table)
        return table

    async def _find_table(self, interaction: discord.Interaction[Any], table_id: int | None) -> TableInfo:
        if table_id is not None:
            table = await self.service.table(table_id)
            if interaction.guild_id is not None and table.guild_id != interaction.guild_id:
                raise NoSuchTable(f"There is no table {table_id}.", table=table_id)
            return table
        channel_id = interaction.channel_id
        if channel_id is not None:
            known = self.thread_tables.get(channel_id)
            if known is not None:
                return await self.service.table(known)
            if interaction.guild_id is not None:
                found = await self.service.table_in_thread(channel_id, interaction.guild_id)
                if found is not None:
                    self.thread_tables[channel_id] = found.id
                    return found
        mine = await self.tables_waiting_on(interaction.guild_id, interaction.user.id)
        if len(mine) == 1:
            return mine[0]
        raise no_table_here()

    async def tables_waiting_on(self, guild_id: int | None, user_id: int) -> list[TableInfo]:
        """Active tables in the server (every server for ``None``) that wait for ``user_id``."""
        waiting = await self.service.waiting_on(guild_id, user_id)
        table_ids = sorted({w.table_id for w in waiting})
        tables = [await self.service.table(table_id) for table_id in table_ids]
        return [t for t in tables if t.status == "active"]


def agora_of(interaction: discord.Interaction[Any]) -> Agora:
    """The :class:`Agora` of the client an interaction came to."""
    agora: Agora = interaction.client.agora
    return agora
