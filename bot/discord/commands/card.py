"""``/game card name:``: what a card or tile does and where its values come from, only to the caller.

In a table's thread the table's game answers, with the content that table plays with; anywhere
else every game does. ``name`` autocompletes from the printed names in the reader's language (at
most 25 suggestions); a name typed in full is looked up too.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands

from bot import cards
from bot.discord.context import Agora, agora_of
from bot.discord.delivery import chunks
from bot.discord.i18n import Words
from bot.service import TableInfo
from rules import registry
from rules.core.messages import msg

Interaction = discord.Interaction[Any]

CHOICE_NAME = 100
"""Discord's limit on an autocomplete choice's name and value."""


async def _thread_table(agora: Agora, interaction: Interaction) -> TableInfo | None:
    """The table played in the channel the command came from, if it is a table's thread."""
    channel_id = interaction.channel_id
    if channel_id is None:
        return None
    known = agora.thread_tables.get(channel_id)
    if known is not None:
        return await agora.service.table(known)
    if interaction.guild_id is None:
        return None
    found = await agora.service.table_in_thread(channel_id, interaction.guild_id)
    if found is not None:
        agora.thread_tables[channel_id] = found.id
    return found


def _games(table: TableInfo | None) -> dict[str, dict[str, Any] | None]:
    if table is not None:
        return {table.game_id: dict(table.options)}
    return {gid: None for gid in registry.available()}


@app_commands.command(name="card", description="What a card or tile does and where its values come from")
@app_commands.describe(name="The card's or tile's name (start typing to see suggestions)")
async def card(interaction: Interaction, name: str) -> None:
    agora = agora_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await _thread_table(agora, interaction)
    locale = await agora.locale(interaction)
    found = cards.best(cards.lookup(_games(table), name, locale), name, locale)
    if not found:
        words = Words(locale, table.game_id if table else "")
        await interaction.followup.send(words(cards.not_found(name, table.game_id if table else None)),
                                        ephemeral=True)
        return
    lines: list[str] = []
    for one in found:
        words = Words(locale, one.game_id)
        if table is None:
            lines.append(words(msg("core.reference.game", game=registry.get(one.game_id).info.title)))
        lines += [words(line) for line in cards.lines(one)]
    for text in chunks(lines):
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=discord.AllowedMentions.none())


@card.autocomplete("name")
async def card_names(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    agora = agora_of(interaction)
    table = await _thread_table(agora, interaction)
    locale = await agora.locale(interaction)
    found = cards.lookup(_games(table), current, locale)
    labels = [_label(one, locale, table is None) for one in found]
    repeated = {label for label in labels if labels.count(label) > 1}
    choices = []
    for one, label in zip(found, labels, strict=True):
        if label in repeated:  # the same name in several eras or decks: say which
            label = Words(locale, one.game_id).label(msg("core.reference.choice_kind", choice=label,
                                                         kind=one.entry.kind))
        if len(one.value) <= CHOICE_NAME:
            choices.append(app_commands.Choice(name=label[:CHOICE_NAME], value=one.value))
    return choices


def _label(found: cards.Found, locale: str, every_game: bool) -> str:
    """A suggestion's name: the printed name, and the game's title when every game answers."""
    words = Words(locale, found.game_id)
    if not every_game:
        return words.label(found.entry.name)
    return words.label(msg("core.reference.choice", name=found.entry.name,
                           game=registry.get(found.game_id).info.title))
