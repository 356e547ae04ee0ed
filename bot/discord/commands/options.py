"""``/game options``: every table option of a game, with its meaning and default; and the
suggestions ``/game new options:`` offers while the options are typed.

An option's meaning is the game's catalogue entry ``<game>.option.<name>`` in the reader's
language; its default and the values it takes come from the game's options model
(``Engine.options_type``), so the list cannot drift from what ``/game new`` accepts.
"""

from __future__ import annotations

import json
import typing
from typing import Any, Literal

import discord
from discord import app_commands
from pydantic.fields import FieldInfo

from bot.discord.context import agora_of
from bot.discord.delivery import chunks
from bot.discord.i18n import Words
from bot.service import UnknownGameError
from rules import registry
from rules.core import Engine
from rules.core.messages import msg, typed

Interaction = discord.Interaction[Any]

CHOICES = 25
"""Discord shows at most 25 suggestions."""

CHOICE_TEXT = 100
"""A suggestion's name and value hold at most 100 characters."""


def written(value: Any) -> str:
    """A value as it is typed in ``name=value`` (a word bare, anything else as JSON)."""
    return value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)


def default_of(field: FieldInfo) -> Any:
    return field.get_default(call_default_factory=True)


def values_of(field: FieldInfo) -> list[str]:
    """The values an option takes when they are few (true/false, a list of words), else none."""
    annotation = field.annotation
    if annotation is bool:
        return ["true", "false"]
    if typing.get_origin(annotation) is Literal:
        return [written(v) for v in typing.get_args(annotation)]
    return []


def engine_named(game: str) -> Engine[Any, Any]:
    try:
        return registry.get(game)
    except registry.UnknownGame:
        raise UnknownGameError(
            f"There is no game {game}.", game=typed(game), available=", ".join(registry.available())
        ) from None


def option_lines(engine: Engine[Any, Any], words: Words) -> list[str]:
    """The listing: a heading, then one line per option with its default, its values and meaning."""
    lines = [words.t("bot.options_header", game=engine.info.title, game_id=engine.info.id)]
    for name, field in engine.options_type.model_fields.items():
        values = values_of(field)
        line = words.t(
            "bot.option_line",
            name=name,
            default=written(default_of(field)),
            meaning=words.t(f"{engine.info.id}.option.{name}"),
        )
        if values and field.annotation is not bool:
            line += " " + words.t("bot.option_values", values=", ".join(f"`{v}`" for v in values))
        lines.append(line)
    lines.append(words.t("bot.options_how", game_id=engine.info.id))
    return lines


def game_choices(current: str) -> list[app_commands.Choice[str]]:
    """Games whose id or title holds what was typed."""
    wanted = current.casefold()
    found = []
    for gid in registry.available():
        title = registry.get(gid).info.title
        if wanted in gid.casefold() or wanted in title.casefold():
            found.append(app_commands.Choice(name=title, value=gid))
    return found[:CHOICES]


def option_choices(
    engine: Engine[Any, Any], current: str, words: Words
) -> list[app_commands.Choice[str]]:
    """Suggestions for ``/game new options:`` while ``current`` is typed.

    What was typed before the last ``name=value`` stays; for the last one, the option names that
    start with it (each with its default), or once its ``=`` is typed the values of that option.
    Options already given are not offered again. Each suggestion is shown with the option's
    meaning in the reader's language; its value is the whole options text.
    """
    fields = engine.options_type.model_fields
    items = current.replace(",", " ").split(" ")
    typing_now = items[-1] if items else ""
    done = " ".join(i for i in items[:-1] if i)
    given = {i.partition("=")[0] for i in items[:-1] if i}
    name, sep, partial = typing_now.partition("=")
    pairs: list[tuple[str, str]] = []
    if sep and name in fields:
        field = fields[name]
        values = values_of(field) or [written(default_of(field))]
        pairs = [(name, v) for v in values if v.casefold().startswith(partial.casefold())]
    else:
        pairs = [
            (n, written(default_of(f)))
            for n, f in fields.items()
            if n not in given and n.startswith(name.casefold())
        ]
    choices = []
    for option, value in pairs:
        text = f"{done} {option}={value}".strip()
        if len(text) > CHOICE_TEXT:
            continue
        meaning = words.label(msg(f"{engine.info.id}.option.{option}"))
        label = f"{text} · {meaning}" if len(text) + 3 < CHOICE_TEXT else text
        choices.append(app_commands.Choice(name=_cut(label), value=text))
    return choices[:CHOICES]


def _cut(text: str) -> str:
    return text if len(text) <= CHOICE_TEXT else text[: CHOICE_TEXT - 1] + "…"


@app_commands.command(name="options", description="Every table option of a game: meaning and default")
@app_commands.describe(game="The game whose options to list")
async def options(interaction: Interaction, game: str) -> None:
    agora = agora_of(interaction)
    engine = engine_named(game)
    await interaction.response.defer(ephemeral=True, thinking=True)
    words = Words(await agora.locale(interaction), engine.info.id)
    for text in chunks(option_lines(engine, words)):
        await interaction.followup.send(text, ephemeral=True)


@options.autocomplete("game")
async def options_game(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    return game_choices(current)
