"""``/play`` (the caller's decision as a private panel) and ``/act`` (the same from the keyboard).

``/act choice:`` autocompletes from the legal options of the caller's current prompt (and the
combinations of its parts matching the words typed); whatever arrives is checked again by the engine
(an autocomplete value may be stale or typed by hand).
"""

from __future__ import annotations

import re
from typing import Any

import discord
from discord import app_commands

from bot.discord import ids
from bot.discord.components import answer, send_panel
from bot.discord.context import AdapterError, agora_of
from bot.discord.panels import answer_choices
from bot.service import NotSeated, NotYourTurn
from rules.core import Prompt, RuleError
from rules.core.messages import typed

Interaction = discord.Interaction[Any]
PICKS = r"[0-9]{1,2}(?:\.[0-9]{1,2}){0,2}"
"""A choice in each menu of a prompt's parts, as an autocomplete value carries them."""


@app_commands.command(name="play", description="Open your move at this table (only you see it).")
@app_commands.describe(table="Table number (not needed inside the table's thread)")
async def play(interaction: Interaction, table: int | None = None) -> None:
    await send_panel(interaction, table)


@app_commands.command(
    name="act", description="Make your move by typing it (suggestions list the legal ones)."
)
@app_commands.describe(
    choice="Your move (start typing to see the legal ones)",
    table="Table number (not needed inside the table's thread)",
)
async def act(interaction: Interaction, choice: str, table: int | None = None) -> None:
    agora = agora_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    info = await agora.table_for(interaction, table)
    mine = info.seat_of(interaction.user.id)
    if mine is None:
        raise NotSeated(f"You have no seat at table {info.id}.", table=info.id)
    sp = await agora.service.prompt_for(info.id, interaction.user.id)
    if sp is None:
        raise NotYourTurn("It is not your turn yet.")
    words = await agora.words(interaction, info)
    seq, sig = sp.seq, ids.prompt_signature(sp.prompt)
    pick = parse_choice(choice, sp.prompt, [words.label(o.label) for o in sp.prompt.options])
    if pick.seq_sig is not None:
        seq, sig = pick.seq_sig

    def choose(prompt: Prompt) -> Any:
        if pick.picks is not None:
            if prompt.parts is None:
                raise unknown_choice(choice)
            try:
                return prompt.parts.action(pick.picks)
            except ValueError:
                raise unknown_choice(choice) from None
        if pick.number is not None:
            if prompt.number is None:
                raise unknown_choice(choice)
            return prompt.number.action(pick.number)
        assert pick.index is not None
        if pick.index >= len(prompt.options):
            raise unknown_choice(choice)
        return prompt.options[pick.index].action

    await answer(interaction, info.id, mine.seat, seq, sig, choose)


@act.autocomplete("choice")
async def act_choices(interaction: Interaction, current: str) -> list[app_commands.Choice[str]]:
    agora = agora_of(interaction)
    table_id = interaction.namespace.table
    try:
        info = await agora.table_for(interaction, table_id)
        sp = await agora.service.prompt_for(info.id, interaction.user.id)
    except RuleError:
        return []
    if sp is None:
        return []
    words = await agora.words(interaction, info)
    return [
        app_commands.Choice(name=label, value=value)
        for label, value in answer_choices(sp.prompt, words, sp.seq, current)
    ]


class Pick:
    """What ``/act`` received: an option index, a number or a choice in each menu of the prompt's
    parts, and the prompt version it came from."""

    def __init__(
        self,
        index: int | None = None,
        number: int | None = None,
        seq_sig: tuple[int, str] | None = None,
        picks: list[int] | None = None,
    ) -> None:
        self.index, self.number, self.seq_sig, self.picks = index, number, seq_sig, picks


def unknown_choice(choice: str) -> AdapterError:
    return AdapterError(
        f"{choice!r} is not one of your options; pick one from the list.",
        key="bot.unknown_choice",
        choice=typed(choice),
    )


def parse_choice(choice: str, prompt: Prompt, labels: list[str]) -> Pick:
    """An autocomplete value (``"<seq>:<sig>:o3"``, ``"...:n5"``, a combination of the parts
    ``"...:p2.0.13"``), an option's label, or a number.

    Numbers are plain ASCII digits of sensible length (:data:`~bot.discord.ids.INDEX`,
    :data:`~bot.discord.ids.NUMBER_TEXT`): a superscript ``²`` passes :meth:`str.isdigit` but is
    no number, an option index is never negative, and a number of thousands of digits is none of
    the choices; each is refused as an unknown choice.
    """
    parts = choice.split(":")
    if len(parts) == 3 and ids.INDEX.fullmatch(parts[0]) and parts[2][:1] in ("o", "n", "p"):
        seq_sig = (int(parts[0]), parts[1])
        kind, body = parts[2][0], parts[2][1:]
        if kind == "p" and re.fullmatch(PICKS, body):
            return Pick(picks=[int(n) for n in body.split(".")], seq_sig=seq_sig)
        if kind == "o" and ids.INDEX.fullmatch(body):
            return Pick(index=int(body), seq_sig=seq_sig)
        if kind == "n" and ids.NUMBER_TEXT.fullmatch(body):
            return Pick(number=int(body), seq_sig=seq_sig)
    wanted = choice.strip().casefold()
    for index, label in enumerate(labels):
        if label.casefold() == wanted:
            return Pick(index=index)
    if prompt.number is not None and ids.NUMBER_TEXT.fullmatch(wanted):
        return Pick(number=int(wanted))
    raise unknown_choice(choice)
