"""``/game away``, ``/game back``: a player's clocks stand still while they are away; and
``/game handover``: a seat handed to another member of the server.

The table service does the work (:mod:`bot.service.away`, :mod:`bot.service.handover`). Away and
back are told in the thread of each table the player sits at, and the player is answered privately
with when they are due back, how many tables wait for them and how many days of their allowance
are left. A handover is told in the table's thread, with the buttons of :mod:`bot.discord.handover`.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.context import AdapterError, agora_of
from bot.discord.delivery import deliver
from bot.discord.handover import tell_handing
from bot.service.away import day_of
from bot.service.handover import Candidate
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


def handover_commands() -> list[app_commands.Command[Any, Any, Any]]:
    """``handover``, made afresh for each ``/game`` group."""

    @app_commands.command(
        name="handover", description="Hand a player's seat to another member (creator, or most players)"
    )
    @app_commands.describe(
        player="The player whose seat is handed over",
        to="The member who takes the seat (they must accept)",
        table="Table number (not needed inside the table's thread)",
    )
    async def handover(
        interaction: Interaction, player: discord.User, to: discord.User, table: int | None = None
    ) -> None:
        agora = agora_of(interaction)
        await interaction.response.defer(ephemeral=True, thinking=True)
        info = await agora.table_for(interaction, table)
        seat = info.seat_of(player.id)
        if seat is None:
            raise AdapterError(f"{player.display_name} has no seat at table {info.id}.",
                               key="bot.handover_no_seat", name=typed(player.display_name), table=info.id)
        member = isinstance(to, discord.Member) or await agora.members.is_member(info.guild_id, to.id)
        candidate = Candidate(to.id, to.display_name, bot=to.bot, member=member)
        handing = await agora.service.hand_over(info.id, interaction.user.id, seat.seat, candidate)
        await tell_handing(agora, handing)
        words = await agora.words(interaction, handing.table)
        await interaction.followup.send(words.t("bot.done"), ephemeral=True)

    return [handover]


__all__ = ["away_commands", "handover_commands"]
