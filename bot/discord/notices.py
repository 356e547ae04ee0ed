"""Messages that could not be delivered (a DM refused): shown at the player's next interaction."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.context import Agora
from bot.discord.delivery import chunks
from bot.discord.i18n import Words
from bot.service import TableInfo
from bot.service.words import seat_names
from rules.core import RuleError

log = logging.getLogger(__name__)


async def show_notices(agora: Agora, interaction: discord.Interaction[Any]) -> None:
    """Send the user's undelivered notices as ephemeral followups (the interaction is answered).

    A notice about a table whose server the user is no longer in is kept back (stored again), to be
    shown if they return: its lines may be that seat's secrets.
    """
    user_id = interaction.user.id
    notices = await agora.service.take_notices(user_id)
    if not notices:
        return
    locale = await agora.locale(interaction)
    lines = [Words(locale).t("bot.notices_header")]
    shown = 0
    for notice in notices:
        words = Words(locale)
        if notice.table_id is not None:
            try:
                table = await agora.service.table(notice.table_id)
                words = Words(locale, table.game_id, seat_names(table, locale))
            except RuleError:
                table = None
            if table is not None and not await _may_read(agora, interaction, table):
                await agora.service.add_notice(user_id, table.id, list(notice.lines))
                continue
        lines += [words(line) for line in notice.lines]
        shown += 1
    if not shown:
        return
    for text in chunks(lines):
        try:
            await interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException:
            log.exception("could not show notices to user %s", interaction.user.id)


async def _may_read(agora: Agora, interaction: discord.Interaction[Any], table: TableInfo) -> bool:
    """Whether the user may be shown what ``table`` kept for them (not if they left its server)."""
    if interaction.guild_id == table.guild_id:
        return True
    return await agora.members.is_member(table.guild_id, interaction.user.id) is not False
