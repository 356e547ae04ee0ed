"""Slash commands in the reader's language: names, descriptions, parameters and choices.

Discord shows each user a command in their client's language from the localizations synced with
it (``name_localizations``, ``description_localizations``); discord.py asks a
:class:`~discord.app_commands.Translator` for them at sync time. Ours reads them from the bot's
catalogues (``bot/messages/{en,el}.json``), under keys made from where the string sits:

========================  =============================================  ==========================
what                      key                                            e.g.
========================  =============================================  ==========================
command or group name     ``bot.cmd.<path>``                             ``bot.cmd.game.new``
its description           ``bot.cmd.<path>.about``                       ``bot.cmd.game.new.about``
a parameter's name        ``bot.cmd.<path>.opt.<param>``, else           ``bot.cmd.opt.table``
                          ``bot.cmd.opt.<param>``
its description           the same key + ``.about``                      ``bot.cmd.opt.table.about``
a choice's name           ``bot.cmd.choice.<value>``                     ``bot.cmd.choice.el``
========================  =============================================  ==========================

``<path>`` is the command's qualified name with dots (``game new`` → ``game.new``). A parameter
common to many commands (``table``) is written once; a command may still say it its own way.
Choices offered by autocomplete are already in the reader's language and have no key: they are
left as they are.
"""

from __future__ import annotations

from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Where

from rules.core.messages import catalogue

PACKAGE = "bot"

LOCALES = {
    discord.Locale.american_english: "en",
    discord.Locale.british_english: "en",
    discord.Locale.greek: "el",
}
"""The Discord client languages we have catalogues for."""


def keys(where: Where, data: Any) -> tuple[str, ...]:
    """The catalogue keys for a string of a command, most specific first (none for what has no key)."""
    if where in (Where.command_name, Where.group_name):
        return (f"bot.cmd.{_path(data)}",)
    if where in (Where.command_description, Where.group_description):
        return (f"bot.cmd.{_path(data)}.about",)
    if where in (Where.parameter_name, Where.parameter_description):
        end = "" if where is Where.parameter_name else ".about"
        name = data.name
        return (f"bot.cmd.{_path(data.command)}.opt.{name}{end}", f"bot.cmd.opt.{name}{end}")
    if where is Where.choice_name and isinstance(data, app_commands.Choice):
        return (f"bot.cmd.choice.{data.value}",)
    return ()


def _path(command: Any) -> str:
    return str(command.qualified_name).replace(" ", ".")


def lookup(locale: str, where: Where, data: Any) -> str | None:
    """The words for one string of a command in ``locale`` (``"en"``, ``"el"``), if written."""
    words = catalogue(PACKAGE, locale)
    for key in keys(where, data):
        if key in words:
            return words[key]
    return None


class CatalogueTranslator(app_commands.Translator):
    """Gives discord.py each command string in English and Greek from the bot's catalogues."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        ours = LOCALES.get(locale)
        if ours is None:
            return None
        return lookup(ours, context.location, context.data)
