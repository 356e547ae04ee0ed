"""One error funnel: every refusal and failure ends here and becomes one ephemeral sentence.

* A :class:`~rules.core.RuleError` (the engine's, the service's, or the adapter's own) is the
  player's mistake or the table's state: its catalogue key is rendered in the reader's language.
* Discord failures are handled and logged: ``Forbidden`` (missing permission), ``NotFound`` (a
  message or channel gone), 5xx and rate limits ("try again") — never shown as a traceback.
* Storage trouble (disk full, read-only, I/O errors, damage, a lock held too long) is no bug: the
  player reads that nothing they did was lost, the operator one log line with the cause and the fix.
* Anything else is a bug: logged with the command and its options, and the player is told that
  something went wrong, without detail.
"""

from __future__ import annotations

import logging
from typing import Any

import discord
from discord import app_commands

from bot.discord.i18n import Words, choose_locale
from rules.core import RuleError
from storage import StorageUnavailable

log = logging.getLogger(__name__)


def describe(interaction: discord.Interaction[Any]) -> str:
    """The command or component an interaction came from, for logs: the command and the names of
    its options, or the component's kind, table, seat and log position. What was chosen (an
    option's value, a select's values, a button's number) may be a secret bid, and is left out."""
    data: dict[str, Any] = dict(interaction.data or {})
    if interaction.command is not None:
        return f"/{interaction.command.qualified_name} {sorted(_option_names(data.get('options') or []))}"
    return f"component {':'.join(str(data.get('custom_id', '?')).split(':')[:5])}"


def _option_names(options: list[Any]) -> set[str]:
    names: set[str] = set()
    for option in options:
        if not isinstance(option, dict):
            continue
        if "options" in option:  # a subcommand: the command's qualified name says it already
            names |= _option_names(option["options"] or [])
        else:
            names.add(str(option.get("name")))
    return names


async def reader_words(interaction: discord.Interaction[Any]) -> Words:
    """The reader's words, without trusting the table service to be up."""
    agora = getattr(interaction.client, "agora", None)
    if agora is not None:
        try:
            words: Words = await agora.words(interaction)
            return words
        except Exception:
            log.exception("could not read the preferences of user %s", interaction.user.id)
    return Words(choose_locale(str(interaction.locale), None))


def sentence(error: BaseException, words: Words) -> str:
    """What to tell the player about ``error``."""
    if isinstance(error, RuleError):
        return words.error(error.key, error.params, error.sentence)
    if isinstance(error, StorageUnavailable):
        return words.t("bot.storage_busy" if error.cause == "locked" else "bot.storage_unavailable")
    if isinstance(error, discord.Forbidden):
        return words.t("bot.discord_forbidden")
    if isinstance(error, discord.NotFound):
        return words.t("bot.discord_not_found")
    if isinstance(error, discord.HTTPException):
        return words.t("bot.discord_unavailable")
    return words.t("bot.internal_error")


async def report(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """Answer ``interaction`` with an ephemeral sentence for ``error``, and log what needs logging."""
    while (
        isinstance(error, app_commands.CommandInvokeError | app_commands.TransformerError)
        and error.__cause__ is not None
    ):
        error = error.__cause__
    if isinstance(error, app_commands.CommandInvokeError):
        error = error.original
    if isinstance(error, discord.HTTPException):
        log.warning("Discord refused a call for %s: %s %s", describe(interaction), error.status, error.text)
    elif isinstance(error, StorageUnavailable):
        log.error("%s (in %s)", error.operator_line(), describe(interaction))
    elif not isinstance(error, RuleError):
        log.error("error in %s", describe(interaction), exc_info=error)
    words = await reader_words(interaction)
    await tell(interaction, sentence(error, words))


async def tell(interaction: discord.Interaction[Any], text: str) -> None:
    """Say ``text`` to the interaction's user alone, whether or not it was answered already."""
    try:
        if interaction.response.is_done():
            await interaction.followup.send(text, ephemeral=True)
        else:
            await interaction.response.send_message(text, ephemeral=True)
    except discord.HTTPException as exc:
        log.warning("could not answer %s: %s %s", describe(interaction), exc.status, exc.text)
