"""``/game stats`` (the server's standing: games per title, wins, average winning margin) and
``/game history`` (a member's finished games: result and position), both only to the caller.

People are shown as mentions, which Discord renders as their current name without notifying
anyone; bot seats by their name, as text.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot.discord.context import AdapterError, agora_of
from bot.discord.delivery import chunks
from bot.discord.i18n import Words
from bot.discord.text import shown
from bot.service.models import SeatInfo
from bot.service.standing import Played, TitleStanding, member_history, server_standing
from rules.core.messages import format_number

Interaction = discord.Interaction[Any]


def player(seat: SeatInfo) -> str:
    return f"<@{seat.user_id}>" if seat.user_id is not None else shown(seat.name)


def number(value: float) -> float | int:
    """A score or margin as shown: whole numbers without a decimal point, others to one place."""
    rounded = round(value, 1)
    return int(rounded) if float(rounded).is_integer() else rounded


def stats_lines(standing: list[TitleStanding], words: Words) -> list[str]:
    if not standing:
        return [words.t("bot.stats_none")]
    lines = [words.t("bot.stats_header", games=sum(s.games for s in standing))]
    for title in standing:
        margin = format_number(number(title.average_margin), words.locale)
        lines.append(words.t("bot.stats_title", game=title.title, games=title.games, margin=margin))
        wins = " · ".join(words.t("bot.stats_wins_of", who=player(seat), wins=n) for seat, n in title.wins)
        lines.append(words.t("bot.stats_wins", wins=wins))
    return lines


def history_lines(who: str, played: list[Played], words: Words) -> list[str]:
    if not played:
        return [words.t("bot.history_none", member=who)]
    lines = [words.t("bot.history_header", member=who, games=len(played))]
    for game in played:
        if game.rank == 1:
            outcome = words.t("bot.history_won", others=len(game.winners) - 1)
        else:
            outcome = words.t("bot.history_won_by", count=len(game.winners),
                              names=", ".join(player(s) for s in game.winners))
        lines.append(words.t(
            "bot.history_line",
            game=game.table.title,
            table=game.table.id,
            date=game.table.updated_at.date().isoformat(),
            rank=game.rank,
            players=game.players,
            score=number(game.score),
            outcome=outcome,
        ))
    return lines


def server_of(interaction: Interaction) -> int:
    if interaction.guild_id is None:
        raise AdapterError("Ask in a server channel.", key="bot.stats_server_only")
    return interaction.guild_id


@app_commands.command(name="stats", description="This server's standing: games, wins, winning margins")
async def stats(interaction: Interaction) -> None:
    agora = agora_of(interaction)
    guild_id = server_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    standing = server_standing(await agora.service.finished_games(guild_id))
    words = await agora.words(interaction)
    for text in chunks(stats_lines(standing, words)):
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


@app_commands.command(name="history", description="A member's finished games: results and positions")
@app_commands.describe(member="Whose games (default: yours)")
async def history(interaction: Interaction, member: discord.User | None = None) -> None:
    agora = agora_of(interaction)
    guild_id = server_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    user = member or interaction.user
    played = member_history(await agora.service.finished_games(guild_id, user.id), user.id)
    words = await agora.words(interaction)
    for text in chunks(history_lines(f"<@{user.id}>", played, words)):
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())
