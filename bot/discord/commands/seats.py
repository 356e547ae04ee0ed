"""``/game away``, ``/game back``: a player's clocks stand still while they are away.

The table service does the work (:mod:`bot.service.away`); each table the player sits at is told
in its thread, and the player is answered privately with when they are due back, how many tables
wait for them and how many days of their allowance are left.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.components import agora_of
from bot.discord.delivery import deliver
from bot.service.away import day_of
from rules.core.messages import typed

Interaction = discord.Interaction[Any]


def away_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """``away`` and ``back``, made afresh for each ``/game`` group."""

    @app_commands.command(
        name="away", description="Away for some days: your clocks stand still at every table"
    )
    @app_commands.describe(days="How many days you will be away (1 to 14)")
    async def away(interaction: Interaction, days: int) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        user_id = interaction.user.id
        outcomes = await agora.service.away(user_id, days)
        for outcome in outcomes:
            await deliver(agora, outcome)
        spell = await agora.service.away_spell(user_id)
        left = await agora.service.away_days_left(user_id)
        words = await agora.words(interaction)
        until = typed(day_of(spell.until)) if spell is not None else typed("")
        await interaction.followup.send(
            words.t("bot.away_set", until=until, count=len(outcomes), left=left), ephemeral=True
        )

    @app_commands.command(name="back", description="Back before your days away are over")
    async def back(interaction: Interaction) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        outcomes = await agora.service.back(interaction.user.id)
        for outcome in outcomes:
            await deliver(agora, outcome)
        left = await agora.service.away_days_left(interaction.user.id)
        words = await agora.words(interaction)
        text = words.t("bot.back_set", count=len(outcomes), left=left)
        await interaction.followup.send(text, ephemeral=True)

    return [away, back]


__all__ = ["away_commands"]
