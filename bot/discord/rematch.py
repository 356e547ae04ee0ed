"""The Rematch button on a finished game's last message in its thread.

The first player of the finished table to press it opens the rematch (:mod:`bot.service.rematch`)
in a new thread, with its lobby, and is seated as its creator; the thread mentions the other
players who are still in the server, each of whom takes their seat with the lobby's Join button or
by pressing Rematch in turn. The finished table's thread says where the rematch is. Someone who
had no seat at the finished table, a game not over, and a player at the limit of open tables are
refused in words before any thread is made; pressing twice keeps one seat at one rematch.
"""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.discord import faces, ids
from bot.discord.context import Agora, agora_of
from bot.discord.delivery import chunks, pinging, post
from bot.discord.funnel import report
from bot.discord.lobby import lobby_text, lobby_view, post_lobby
from bot.discord.notices import show_notices
from bot.discord.threads import open_thread
from bot.service.rematch import Rematch

Interaction = discord.Interaction[Any]


class RematchButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.REMATCH):
    """Open the rematch of a finished table, or take one's seat at it."""

    def __init__(self, table: int, label: str = "") -> None:
        self.table_id = table
        super().__init__(faces.rematch(table, label))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> RematchButton:
        return cls(int(match["table"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: Interaction) -> None:
        try:
            await rematch(interaction, self.table_id)
        except Exception as exc:
            await report(interaction, exc)




async def rematch(interaction: Interaction, table_id: int) -> None:
    """Seat the presser at the rematch of ``table_id``, opening it in a new thread if need be."""
    agora = agora_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    old = await agora.table_by_id(interaction, table_id)
    user = interaction.user
    thread_id = None
    if await agora.service.rematch_of(table_id) is None:
        await agora.service.check_rematch(table_id, user.id)  # before a thread is made
        thread_id = await open_thread(agora, old.channel_id, old.title, user.display_name, "Agora rematch")
    made = await agora.service.rematch(
        table_id, user.id, user.display_name, thread_id=thread_id, locale=await agora.locale(interaction)
    )
    new = made.table
    where = new.thread_id or new.channel_id
    if made.created:
        agora.thread_tables[where] = new.id
        await post_lobby(agora, new, where)
        await invite(agora, made)
        old_words = agora.table_words(old)
        await post(agora, old.thread_id or old.channel_id,
                   [old_words.t("bot.rematch_opened", table=new.id, thread=f"<#{where}>")])
    elif made.joined:
        words = agora.table_words(new)
        texts = [words(line.message) for line in made.lines] + [lobby_text(new, words)]
        await post(agora, where, chunks(texts), view=lobby_view(new, words))
    reader = await agora.words(interaction, new)
    key = "bot.rematch_seated" if made.joined else "bot.rematch_already"
    await interaction.followup.send(reader.t(key, table=new.id, thread=f"<#{where}>"), ephemeral=True)
    await show_notices(agora, interaction)


async def invite(agora: Agora, made: Rematch) -> None:
    """Mention, in the rematch's thread, the finished table's players still in the server."""
    new = made.table
    present = [u for u in made.invited if await agora.members.is_member(new.guild_id, u) is not False]
    if not present:
        return
    words = agora.table_words(new)
    who = ", ".join(f"<@{u}>" for u in present)
    text = words.t("bot.rematch_invite", table=made.previous.id, who=who)
    await post(agora, new.thread_id or new.channel_id, [text], ping=pinging(*present))


__all__ = ["RematchButton", "invite", "rematch"]
