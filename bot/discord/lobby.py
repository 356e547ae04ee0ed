"""The lobby: a table's first message in its thread, with Join / Leave / Add bot / Start.

The lobby message is edited in place after each change, so the thread shows one up-to-date list of
seats; starting the game turns it into a plain record of who plays, and the opening board follows.
"""

from __future__ import annotations

import json
from typing import Any

import discord

from bot import cards
from bot.discord import faces
from bot.discord.context import Agora, agora_of
from bot.discord.delivery import deliver
from bot.discord.i18n import Words
from bot.discord.notices import show_notices
from bot.discord.text import shown
from bot.service import TableInfo
from bot.service.words import seat_name

Interaction = discord.Interaction[Any]


def lobby_text(table: TableInfo, words: Words) -> str:
    """The lobby: game, seats, options, which values of the game's content are designed, pace."""
    lines = [words.t("bot.lobby_title", game=table.title, table=table.id)]
    seats = []
    for s in table.seats:
        name = f"<@{s.user_id}>" if s.user_id is not None else shown(seat_name(s, words.locale))
        seats.append(f"{s.seat + 1}. {name}")
    lines.append(
        words.t("bot.lobby_seats", count=len(table.seats), low=table.min_players, high=table.max_players)
    )
    lines += seats
    if table.options:
        lines.append(
            words.t(
                "bot.lobby_options",
                options=", ".join(f"{k}={json.dumps(v)}" for k, v in table.options.items()),
            )
        )
    designed = cards.designed_line(table.game_id, table.options)
    if designed is not None:
        lines.append(words(designed))
    lines.append(
        words.t(
            "bot.lobby_pace",
            pace=_hours(table.pace_hours),
            stand_ins=words.t("bot.yes" if table.stand_ins else "bot.no"),
        )
    )
    if table.status == "lobby":
        lines.append(words.t("bot.lobby_help"))
    elif table.status == "active":
        lines.append(words.t("bot.lobby_started"))
    else:
        lines.append(words.t("bot.lobby_closed"))
    return "\n".join(lines)


def _hours(value: float) -> int | float:
    """Hours as the count of a plural block: a whole number as an int."""
    return int(value) if float(value).is_integer() else value


def lobby_view(table: TableInfo, words: Words) -> discord.ui.View:
    """The lobby's buttons while it gathers players; none once the game started or closed."""
    if table.status != "lobby":
        return faces.view()
    return faces.view(*(faces.lobby(table.id, what, words.t(f"bot.lobby_{what}"))
                        for what in ("join", "leave", "bot", "start")))


async def lobby_action(interaction: Interaction, table_id: int, what: str) -> None:
    """Carry out a lobby button for the clicker, then refresh the lobby message in place."""
    agora = agora_of(interaction)
    await interaction.response.defer()
    await agora.table_by_id(interaction, table_id)
    user = interaction.user
    locale = await agora.locale(interaction)
    service = agora.service
    if what == "join":
        outcome = await service.join(table_id, user.id, user.display_name, locale=locale)
    elif what == "leave":
        outcome = await service.leave(table_id, user.id)
    elif what == "bot":
        outcome = await service.add_bot(table_id, user.id)
    else:
        outcome = await service.start(table_id, user.id)
    table = outcome.table
    words = agora.table_words(table)
    view = lobby_view(table, words)
    await interaction.edit_original_response(content=lobby_text(table, words), view=view)
    if what == "start":
        await deliver(agora, outcome, moved_by=user.id)
    await show_notices(agora, interaction)


async def post_lobby(agora: Agora, table: TableInfo, channel_id: int) -> None:
    """Post the lobby message of a new table."""
    words = agora.table_words(table)
    channel = agora.client.get_partial_messageable(channel_id)
    await channel.send(
        lobby_text(table, words),
        view=lobby_view(table, words),
        allowed_mentions=discord.AllowedMentions.none(),
    )
