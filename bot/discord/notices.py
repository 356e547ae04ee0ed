"""Messages that could not be delivered (a DM refused): shown at the player's next interaction."""

from __future__ import annotations

import logging
from typing import Any

import discord

from bot.discord.context import Agora
from bot.discord.delivery import chunks
from bot.discord.i18n import Words
from rules.core import RuleError

log = logging.getLogger(__name__)


async def show_notices(agora: Agora, interaction: discord.Interaction[Any]) -> None:
    """Send the user's undelivered notices as ephemeral followups (the interaction is answered)."""
    notices = await agora.service.take_notices(interaction.user.id)
    if not notices:
        return
    locale = await agora.locale(interaction)
    lines = [Words(locale).t("bot.notices_header")]
    for notice in notices:
        words = Words(locale)
        if notice.table_id is not None:
            try:
                table = await agora.service.table(notice.table_id)
                words = Words(locale, table.game_id, table.names)
            except RuleError:
                pass
        lines += [words(line) for line in notice.lines]
    for text in chunks(lines):
        try:
            await interaction.followup.send(text, ephemeral=True)
        except discord.HTTPException:
            log.exception("could not show notices to user %s", interaction.user.id)
