"""A seat handed to another member: the thread's Agree button, and the Accept / Decline buttons the
new person gets by DM (and, in case their DMs are closed, in the thread, where only they may press
them). Once they accept, the thread is told, the seat's private lines and picture reach them by
DM, and the member who held the seat is told, without any of its secrets, that it is no longer
theirs (:mod:`bot.service.handover`)."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import discord

from bot.discord import ids
from bot.discord.context import Agora, agora_of
from bot.discord.delivery import deliver, dm, pinging, post, reader
from bot.discord.funnel import report
from bot.discord.i18n import Words
from bot.discord.notices import show_notices
from bot.service.handover import Handing
from rules.core import msg
from rules.core.messages import typed

Interaction = discord.Interaction[Any]


class HandoverButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.HANDOVER):
    """Agree to a proposed handover, or accept or decline the seat offered."""

    STYLES: ClassVar[dict[str, discord.ButtonStyle]] = {
        "agree": discord.ButtonStyle.secondary,
        "accept": discord.ButtonStyle.success,
        "decline": discord.ButtonStyle.secondary,
    }

    def __init__(self, table: int, seat: int, to: int, what: str, label: str = "") -> None:
        self.table_id, self.seat, self.to, self.what = table, seat, to, what
        super().__init__(
            discord.ui.Button(label=label or what, style=self.STYLES[what],
                              custom_id=ids.handover(table, seat, to, what))
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandoverButton:
        return cls(int(match["table"]), int(match["seat"]), int(match["to"]), match["what"],
                   getattr(item, "label", "") or "")

    async def callback(self, interaction: Interaction) -> None:
        try:
            await press(interaction, self.table_id, self.seat, self.to, self.what)
        except Exception as exc:
            await report(interaction, exc)


def view_of(words: Words, table_id: int, seat: int, to: int, *what: str) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    for button in what:
        view.add_item(HandoverButton(table_id, seat, to, button, words.t(f"bot.handover_{button}")))
    return view


async def tell_handing(agora: Agora, handing: Handing) -> None:
    """Tell the thread where a handover stands: a proposal with its Agree button, or an offer with
    the new person mentioned and their buttons, also sent to them by DM."""
    table, handover = handing.table, handing.handover
    where = table.thread_id or table.channel_id
    words = agora.table_words(table)
    texts = [words(line.message) for line in handing.outcome.public]
    if handover is None:
        await post(agora, where, texts)
        return
    seat, to = handover.seat, handover.to_user_id
    if not handover.offered:
        await post(agora, where, texts, view=view_of(words, table.id, seat, to, "agree"))
        return
    await post(agora, where, [f"<@{to}> " + " ".join(texts)], ping=pinging(to),
               view=view_of(words, table.id, seat, to, "accept", "decline"))
    own = await reader(agora, table, to)
    offer = msg("bot.handover_offer_dm", number=seat + 1, game=table.title, table=table.id,
                name=typed(table.seats[seat].name))
    await dm(agora, table, to, [offer], recipient=own,
             view=view_of(own.words, table.id, seat, to, "accept", "decline"))


async def press(interaction: Interaction, table_id: int, seat: int, to: int, what: str) -> None:
    """One of the handover's buttons, pressed."""
    agora = agora_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    await agora.table_by_id(interaction, table_id)
    user = interaction.user
    service = agora.service
    if what == "agree":
        await tell_handing(agora, await service.agree_handover(table_id, user.id, seat, to))
    elif what == "decline":
        await tell_handing(agora, await service.decline_handover(table_id, user.id, seat))
    else:
        locale = await agora.locale(interaction)
        taken = await service.accept_handover(table_id, user.id, seat, user.display_name, locale=locale)
        await deliver(agora, taken.outcome)  # the seat's private lines and picture reach them by DM
        table = taken.table
        if taken.previous_user_id is not None:
            gone = msg("bot.handover_left_dm", game=table.title, table=table.id, who=typed(user.display_name))
            await dm(agora, table, taken.previous_user_id, [gone])
        words = await agora.words(interaction, table)
        await interaction.followup.send(
            words.t("bot.handover_taken", number=seat + 1, game=table.title, table=table.id), ephemeral=True
        )
        await show_notices(agora, interaction)
        return
    words = await agora.words(interaction)
    await interaction.followup.send(words.t("bot.done"), ephemeral=True)
    await show_notices(agora, interaction)


__all__ = ["HandoverButton", "press", "tell_handing"]
