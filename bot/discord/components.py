"""Persistent buttons and menus: :class:`discord.ui.DynamicItem` s rebuilt from their ``custom_id``.

Every component carries its table (and, for answers, the seat, action number and prompt signature;
see :mod:`bot.discord.ids`), so a click works after a restart. A click on an outdated panel, on
another player's panel, at a table the clicker has no seat at, or from someone no longer in the
table's server (a button in an old DM) gets an ephemeral refusal and changes nothing. Each click is
acknowledged at once (deferred), then the work is done.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

import discord

from bot.discord import faces, ids
from bot.discord.context import AdapterError, Agora, agora_of
from bot.discord.delivery import deliver, own_lines, thread_closed
from bot.discord.funnel import report
from bot.discord.i18n import Words
from bot.discord.lobby import lobby_action
from bot.discord.notices import show_notices
from bot.discord.panels import build_panel, prompt_view
from bot.service import Line, NotSeated, Outcome, SeatPrompt, StaleAction, TableInfo
from rules.core import Prompt, msg

Interaction = discord.Interaction[Any]

MODAL_LOOKUP_BUDGET = 1.5
"""Seconds a member lookup may take before a number form opens anyway (the form is the answer)."""


def not_your_panel() -> AdapterError:
    return AdapterError(
        "This panel belongs to another player. Use /play to open your own.", key="bot.not_your_panel"
    )


def stale(table_id: int) -> StaleAction:
    return StaleAction("This prompt is out of date: the table has moved on. Open it again.", table=table_id)


async def answer(
    interaction: Interaction, table_id: int, seat: int, seq: int, sig: str, choose: Callable[[Prompt], Any]
) -> None:
    """Play the answer ``choose(prompt)`` to the prompt a panel showed, then update the panel.

    The prompt is still valid when the log has not moved (``seq``) or when this seat's prompt is
    the same as shown (``sig``: other seats answered a simultaneous step meanwhile). A write lost to
    a simultaneous answer is retried on the fresh table.
    """
    agora = agora_of(interaction)
    user_id = interaction.user.id
    if not interaction.response.is_done():
        await interaction.response.defer()
    await seated_at(agora, interaction, table_id, seat)
    outcome: Outcome | None = None
    for attempt in range(3):
        sp = await agora.service.prompt_for(table_id, user_id, catch_up=False)
        if sp is None or (sp.seq != seq and ids.prompt_signature(sp.prompt) != sig):
            raise stale(table_id)
        try:
            outcome = await agora.service.act(table_id, user_id, choose(sp.prompt), expected_seq=sp.seq)
            break
        except StaleAction:
            if attempt == 2:
                raise
    assert outcome is not None
    await after_move(interaction, outcome)


async def seated_at(agora: Agora, interaction: Interaction, table_id: int, seat: int) -> TableInfo:
    """The table, checking that the clicker holds ``seat`` there (the panel's seat).

    :raises NotSeated: no seat at the table; :raises AdapterError: another player's panel.
    """
    table = await agora.table_by_id(interaction, table_id)
    mine = table.seat_of(interaction.user.id)
    if mine is None:
        raise NotSeated(f"You have no seat at table {table_id}.", table=table_id)
    if mine.seat != seat:
        raise not_your_panel()
    return table


async def after_move(interaction: Interaction, outcome: Outcome, first: Sequence[Line] = ()) -> None:
    """Show the actor their next decision (or what they wait for) in place, headed by ``first``
    and what the actor alone was told; then tell the table (the thread, the other seats' DMs: see
    :func:`~bot.discord.delivery.deliver`) while the panel's picture is drawn.

    The panel goes first: nothing the table is told is the actor's to wait for. The telling runs
    in the table's turn (:class:`~bot.discord.tellings.Tellings`); a thread found closed only
    then is said in a message of its own after the panel."""
    agora = agora_of(interaction)
    words = await agora.words(interaction, outcome.table)
    user_id = interaction.user.id
    mine = own_lines(agora, outcome, user_id)
    panel = await build_panel(agora, outcome.table, user_id, words, [*first, *mine], pictures=False)
    # The panel's words at once, its picture when drawn (unless the panel moved on meanwhile).
    panel_id = interaction.message.id if interaction.message is not None else interaction.id
    edit = interaction.edit_original_response
    turn = await agora.pictures.shown(panel_id, lambda: edit(**panel.edit_kwargs()))
    closed = thread_closed(agora, outcome.table)
    telling = agora.tellings.start(outcome.table.id, lambda: deliver(agora, outcome, actor_id=user_id))
    files = await agora.pictures.private(outcome.table, user_id, words.locale, urgent=True,
                                         wanted=agora.pictures.showing(panel_id, turn))
    await agora.pictures.attach(panel_id, turn, files, lambda f: edit(attachments=f))
    await telling
    if not closed and thread_closed(agora, outcome.table):
        await interaction.followup.send(words.t("bot.thread_closed"), ephemeral=True)
    await show_notices(agora, interaction)


class OptionButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.OPTION):
    """One option of a prompt, as a button."""

    def __init__(
        self,
        table: int,
        seat: int,
        seq: int,
        sig: str,
        index: int,
        *,
        label: str = "",
        navigation: bool = False,
        row: int | None = None,
    ) -> None:
        self.key = (table, seat, seq, sig)
        self.index = index
        super().__init__(
            faces.option(table, seat, seq, sig, index, label=label, navigation=navigation, row=row)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionButton:
        return cls(
            int(match["table"]), int(match["seat"]), int(match["seq"]), match["sig"], int(match["index"])
        )

    async def callback(self, interaction: Interaction) -> None:
        index = self.index

        def choose(prompt: Prompt) -> Any:
            if index >= len(prompt.options):
                raise stale(self.key[0])
            return prompt.options[index].action

        try:
            await answer(interaction, *self.key, choose)
        except Exception as exc:
            await report(interaction, exc)


class OptionSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.SELECT):
    """A prompt's answers as a select menu, each with its description line; values are option
    indices in the prompt."""

    def __init__(
        self,
        table: int,
        seat: int,
        seq: int,
        sig: str,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        self.key = (table, seat, seq, sig)
        super().__init__(
            faces.select(table, seat, seq, sig, options=options, placeholder=placeholder, row=row)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> OptionSelect:
        return cls(int(match["table"]), int(match["seat"]), int(match["seq"]), match["sig"])

    async def callback(self, interaction: Interaction) -> None:
        values: list[str] = list(self.item.values)

        def choose(prompt: Prompt) -> Any:
            index = str(values[0]) if values else ""
            if not ids.INDEX.fullmatch(index) or int(index) >= len(prompt.options):
                raise stale(self.key[0])
            return prompt.options[int(index)].action

        try:
            await answer(interaction, *self.key, choose)
        except Exception as exc:
            await report(interaction, exc)


async def _shown_prompt(
    interaction: Interaction, key: tuple[int, int, int, str]
) -> tuple[Agora, TableInfo, SeatPrompt]:
    """The table and the clicker's prompt a panel showed, checked as :func:`answer` checks them
    (their seat, the panel's action number or signature)."""
    agora = agora_of(interaction)
    table_id, seat, seq, sig = key
    table = await seated_at(agora, interaction, table_id, seat)
    sp = await agora.service.prompt_for(table_id, interaction.user.id, catch_up=False)
    if sp is None or (sp.seq != seq and ids.prompt_signature(sp.prompt) != sig):
        raise stale(table_id)
    return agora, table, sp


class PartSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=ids.PART):
    """One menu of a prompt's parts: choosing draws the panel again with the choice marked (and
    carried by every component); nothing is played until the parts' button is pressed."""

    def __init__(
        self,
        table: int,
        seat: int,
        seq: int,
        sig: str,
        menu: int,
        picks: str,
        *,
        options: list[discord.SelectOption] | None = None,
        placeholder: str | None = None,
        row: int | None = None,
    ) -> None:
        self.key = (table, seat, seq, sig)
        self.menu, self.picks = menu, picks
        super().__init__(
            faces.part(table, seat, seq, sig, menu, picks, options=options, placeholder=placeholder, row=row)
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PartSelect:
        return cls(
            int(match["table"]), int(match["seat"]), int(match["seq"]), match["sig"], int(match["menu"]),
            match["picks"],
        )

    async def callback(self, interaction: Interaction) -> None:
        values: list[str] = list(self.item.values)
        try:
            await interaction.response.defer()
            agora, table, sp = await _shown_prompt(interaction, self.key)
            parts = sp.prompt.parts
            picks = ids.picks_of(self.picks)
            index = str(values[0]) if values else ""
            if (
                parts is None
                or len(picks) != len(parts.menus)
                or self.menu >= len(parts.menus)
                or not ids.INDEX.fullmatch(index)
                or int(index) >= len(parts.menus[self.menu].choices)
            ):
                raise stale(self.key[0])
            picks[self.menu] = int(index)
            words = await agora.words(interaction, table)
            await interaction.edit_original_response(view=prompt_view(table.id, sp, words, picks))
        except Exception as exc:
            await report(interaction, exc)


class PartsButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PARTS):
    """Answers a prompt's parts with the choices its menus show (each menu's choice so far)."""

    def __init__(
        self,
        table: int,
        seat: int,
        seq: int,
        sig: str,
        picks: str,
        *,
        label: str = "",
        row: int | None = None,
    ) -> None:
        self.key = (table, seat, seq, sig)
        self.picks = picks
        super().__init__(faces.parts(table, seat, seq, sig, picks, label=label, row=row))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PartsButton:
        return cls(int(match["table"]), int(match["seat"]), int(match["seq"]), match["sig"], match["picks"])

    async def callback(self, interaction: Interaction) -> None:
        picks = ids.picks_of(self.picks)

        def choose(prompt: Prompt) -> Any:
            parts = prompt.parts
            if parts is None or len(picks) != len(parts.menus):
                raise stale(self.key[0])
            for part, pick in zip(parts.menus, picks, strict=True):
                if pick is None:
                    raise AdapterError("Choose every part first, then press the button.",
                                       key="bot.choose_part_first", part=part.label)
            try:
                return parts.action([pick for pick in picks if pick is not None])
            except ValueError:
                raise stale(self.key[0]) from None

        try:
            await answer(interaction, *self.key, choose)
        except Exception as exc:
            await report(interaction, exc)


class ValueButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.VALUE):
    """One value of a small bounded number, as a button."""

    def __init__(
        self,
        table: int,
        seat: int,
        seq: int,
        sig: str,
        value: int,
        *,
        label: str = "",
        row: int | None = None,
    ) -> None:
        self.key = (table, seat, seq, sig)
        self.value = value
        super().__init__(faces.value(table, seat, seq, sig, value, label=label, row=row))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ValueButton:
        return cls(
            int(match["table"]), int(match["seat"]), int(match["seq"]), match["sig"], int(match["value"])
        )

    async def callback(self, interaction: Interaction) -> None:
        value = self.value

        def choose(prompt: Prompt) -> Any:
            if prompt.number is None:
                raise stale(self.key[0])
            return prompt.number.action(value)

        try:
            await answer(interaction, *self.key, choose)
        except Exception as exc:
            await report(interaction, exc)


class NumberModal(discord.ui.Modal):
    """A form to type a number within the prompt's bounds (the engine checks them again).

    The submission is answered by :func:`submit_number` from the client's interaction listener,
    not by this object: a form opened before a restart is answered after it too.
    """

    def __init__(self, key: tuple[int, int, int, str], title: str, label: str, low: int, high: int) -> None:
        super().__init__(title=title[:45], custom_id=ids.number_form(*key), timeout=900)
        self.value: discord.ui.TextInput[NumberModal] = discord.ui.TextInput(
            label=label[:45], custom_id=NUMBER_FIELD, placeholder=f"{low}–{high}", max_length=12
        )
        self.add_item(self.value)


NUMBER_FIELD = "value"
"""The ``custom_id`` of the number form's text field."""


def _field_value(components: list[Any], custom_id: str) -> str | None:
    for component in components:
        if component.get("custom_id") == custom_id and "value" in component:
            return str(component["value"])
        inner = component.get("components") or ([component["component"]] if "component" in component else [])
        found = _field_value(inner, custom_id)
        if found is not None:
            return found
    return None


async def submit_number(interaction: Interaction, match: re.Match[str]) -> None:
    """Answer a submitted number form (``agora:numm:...``) with the number typed."""
    key = (int(match["table"]), int(match["seat"]), int(match["seq"]), match["sig"])
    data: dict[str, Any] = dict(interaction.data or {})
    text = (_field_value(list(data.get("components") or []), NUMBER_FIELD) or "").strip()

    def choose(prompt: Prompt) -> Any:
        number = prompt.number
        if number is None:
            raise stale(key[0])
        try:
            value = int(text)
        except ValueError:
            raise AdapterError(
                f"Type a whole number from {number.low} to {number.high}.",
                key="bot.not_a_number",
                low=number.low,
                high=number.high,
            ) from None
        return number.action(value)

    try:
        await answer(interaction, *key, choose)
    except Exception as exc:
        await report(interaction, exc)


KNOWN_COMPONENTS = tuple(
    re.compile(pattern)
    for pattern in (
        ids.LOBBY,
        ids.OPTION,
        ids.SELECT,
        ids.VALUE,
        ids.NUMBER,
        ids.PART,
        ids.PARTS,
        ids.PLAY,
        ids.HAND,
        ids.UNDO,
        ids.RECLAIM,
        ids.REMATCH,
        ids.HANDOVER,
    )
)


async def on_interaction(interaction: Interaction) -> None:
    """What no registered handler answers: number forms (also those opened before a restart), and
    components whose id has no known shape (an outdated or foreign button gets a refusal)."""
    data: dict[str, Any] = dict(interaction.data or {})
    custom_id = str(data.get("custom_id", ""))
    if interaction.type == discord.InteractionType.modal_submit:
        match = re.fullmatch(ids.NUMBER_FORM, custom_id)
        if match is not None:
            await submit_number(interaction, match)
    elif interaction.type == discord.InteractionType.component and not any(
        pattern.fullmatch(custom_id) for pattern in KNOWN_COMPONENTS
    ):
        refusal = AdapterError(
            "This button is no longer in use. Open your move again with /play.", key="bot.unknown_component"
        )
        await report(interaction, refusal)


class NumberButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.NUMBER):
    """Opens a modal to type a number in a wide range."""

    def __init__(
        self, table: int, seat: int, seq: int, sig: str, *, label: str = "", row: int | None = None
    ) -> None:
        self.key = (table, seat, seq, sig)
        super().__init__(faces.number(table, seat, seq, sig, label=label, row=row))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> NumberButton:
        return cls(int(match["table"]), int(match["seat"]), int(match["seq"]), match["sig"])

    async def callback(self, interaction: Interaction) -> None:
        try:
            agora = agora_of(interaction)
            table_id, seat, seq, sig = self.key
            # The form must be the answer itself, within Discord's 3 seconds: a slow member lookup
            # lets the form open, and its submission is checked again.
            table = await agora.service.table(table_id)
            await agora.check_member(interaction, table, budget=MODAL_LOOKUP_BUDGET)
            mine = table.seat_of(interaction.user.id)
            if mine is None:
                raise NotSeated(f"You have no seat at table {table_id}.", table=table_id)
            if mine.seat != seat:
                raise not_your_panel()
            sp = await agora.service.prompt_for(table_id, interaction.user.id, catch_up=False)
            if (
                sp is None
                or sp.prompt.number is None
                or (sp.seq != seq and ids.prompt_signature(sp.prompt) != sig)
            ):
                raise stale(table_id)
            words = await agora.words(interaction, table)
            number = sp.prompt.number
            modal = NumberModal(
                self.key, words.label(sp.prompt.title), words.label(number.label), number.low, number.high
            )
            await interaction.response.send_modal(modal)
        except Exception as exc:
            await report(interaction, exc)


class PlayButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.PLAY):
    """Public "open my move": sends the clicker their own panel, privately."""

    def __init__(self, table: int, label: str = "") -> None:
        self.table_id = table
        super().__init__(faces.play(table, label))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> PlayButton:
        return cls(int(match["table"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: Interaction) -> None:
        try:
            await send_panel(interaction, self.table_id)
        except Exception as exc:
            await report(interaction, exc)


async def _seated_table(interaction: Interaction, table_id: int | None) -> tuple[Agora, TableInfo, Words]:
    """Defer privately, then the table, checking the caller holds a seat there, and their words.

    :raises NotSeated: the caller has no seat at that table.
    """
    agora = agora_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await agora.table_for(interaction, table_id)
    if table.seat_of(interaction.user.id) is None:
        raise NotSeated(f"You have no seat at table {table.id}.", table=table.id)
    return agora, table, await agora.words(interaction, table)


async def send_panel(interaction: Interaction, table_id: int | None) -> None:
    """Answer with the caller's panel, ephemerally (``/play`` and the Play button)."""
    agora, table, words = await _seated_table(interaction, table_id)
    panel = await build_panel(agora, table, interaction.user.id, words, pictures=False)
    message = await interaction.followup.send(ephemeral=True, wait=True, **panel.send_kwargs())
    turn = await agora.pictures.shown(message.id, _nothing)
    files = await agora.pictures.private(table, interaction.user.id, words.locale, urgent=True,
                                         wanted=agora.pictures.showing(message.id, turn))
    await agora.pictures.attach(message.id, turn, files, lambda f: message.edit(attachments=f))
    await show_notices(agora, interaction)


async def _nothing() -> None:
    """No edit: the message was just sent as it should read."""


class HandButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.HAND):
    """Re-sends the clicker's private picture (ephemeral messages go stale)."""

    def __init__(self, table: int, label: str = "", row: int | None = None) -> None:
        self.table_id = table
        super().__init__(faces.hand(table, label, row))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> HandButton:
        return cls(int(match["table"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: Interaction) -> None:
        try:
            await send_hand(interaction, self.table_id)
        except Exception as exc:
            await report(interaction, exc)


async def send_hand(interaction: Interaction, table_id: int | None) -> None:
    """The caller's private picture, ephemerally (``/game hand`` and the Show-my-hand button)."""
    agora, table, words = await _seated_table(interaction, table_id)
    files = await agora.pictures.private(table, interaction.user.id, words.locale, urgent=True)
    text = words.t("bot.hand_header", table=table.id, game=table.title)
    if not files:
        text += "\n" + words.t("bot.no_picture")
        await interaction.followup.send(text, ephemeral=True)
    else:
        await interaction.followup.send(text, files=files, ephemeral=True)


class UndoButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.UNDO):
    """Consent to another player's undo request."""

    def __init__(self, table: int, seq: int, label: str = "") -> None:
        self.table_id, self.seq = table, seq
        super().__init__(faces.undo(table, seq, label))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> UndoButton:
        return cls(int(match["table"]), int(match["seq"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: Interaction) -> None:
        try:
            agora = agora_of(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            table = await agora.table_by_id(interaction, self.table_id)
            if table.seq != self.seq:
                raise stale(self.table_id)
            outcome = await agora.service.consent_undo(self.table_id, interaction.user.id)
            await deliver(agora, outcome, actor_id=interaction.user.id)
            words = await agora.words(interaction, outcome.table)
            await interaction.followup.send(words.t("bot.done"), ephemeral=True)
        except Exception as exc:
            await report(interaction, exc)


class ReclaimButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.RECLAIM):
    """Take one's seat back from a stand-in bot."""

    def __init__(self, table: int, label: str = "") -> None:
        self.table_id = table
        super().__init__(faces.reclaim(table, label))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ReclaimButton:
        return cls(int(match["table"]), getattr(item, "label", "") or "")

    async def callback(self, interaction: Interaction) -> None:
        try:
            await reclaim(interaction, self.table_id)
        except Exception as exc:
            await report(interaction, exc)


async def reclaim(interaction: Interaction, table_id: int | None) -> None:
    """Take the caller's seat back from a stand-in, then show their panel."""
    agora = agora_of(interaction)
    await interaction.response.defer(ephemeral=True, thinking=True)
    table = await agora.table_for(interaction, table_id)
    outcome = await agora.service.reclaim(table.id, interaction.user.id)
    await after_move(interaction, outcome, [Line(msg("bot.seat_back", table=table.id, game=table.title))])


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=ids.LOBBY):
    """Join, Leave, Add bot, Start: the lobby's buttons; the lobby message updates in place."""

    def __init__(self, table: int, what: str, label: str = "") -> None:
        self.table_id, self.what = table, what
        super().__init__(faces.lobby(table, what, label))

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> LobbyButton:
        return cls(int(match["table"]), match["what"], getattr(item, "label", "") or "")

    async def callback(self, interaction: Interaction) -> None:
        try:
            await lobby_action(interaction, self.table_id, self.what)
        except Exception as exc:
            await report(interaction, exc)


DYNAMIC_ITEMS: tuple[type[discord.ui.DynamicItem[Any]], ...] = (
    OptionButton,
    OptionSelect,
    ValueButton,
    NumberButton,
    PartSelect,
    PartsButton,
    PlayButton,
    HandButton,
    UndoButton,
    ReclaimButton,
    LobbyButton,
)
