"""The private panel: a seat's pending decision as buttons, a select menu or a number, with the
seat's private picture and a digest of what happened since its last move.

Built from the engine's :class:`~rules.core.Prompt` alone, so every game gets the same panel:

* up to :data:`BUTTONS` options become buttons (five per row), more become one select menu
  (a prompt never offers more than 25);
* a prompt's parts (answered together) become one select menu each and a green button that
  answers with the choices made; each choice redraws the panel with it marked, and the button
  carries them all (a combination the engine refuses gets its sentence, privately, and changes
  nothing);
* a bounded number becomes one button per value when the range is small, else a button that opens
  a modal with the bounds;
* the last row always holds "Show my hand" (private pictures go stale; this re-sends one).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.discord import faces, ids
from bot.discord.context import Agora
from bot.discord.delivery import waiting_line
from bot.discord.i18n import Words
from bot.service import Line, SeatPrompt, TableInfo
from rules.core import Choice, Option, Prompt, msg
from rules.core.messages import typed

BUTTONS = 15
"""Most options shown as buttons (three rows of five); more go in a select menu."""
VALUE_BUTTONS = 10
"""Largest number range shown as one button per value; wider ranges use a modal."""
LABEL = 80
"""Discord's limit for a button label."""
DESCRIPTION = 100
"""Discord's limit for a select menu entry's description line."""


@dataclass
class Panel:
    """What to send or edit: the text, the components and the private pictures."""

    content: str
    view: discord.ui.View
    files: list[discord.File]

    def send_kwargs(self) -> dict[str, Any]:
        kwargs: dict[str, Any] = {"content": self.content, "view": self.view}
        if self.files:
            kwargs["files"] = self.files
        return kwargs

    def edit_kwargs(self) -> dict[str, Any]:
        return {"content": self.content, "view": self.view, "attachments": self.files}


def short(text: str, limit: int = LABEL) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def unique_labels(labels: Sequence[str], limit: int) -> list[str]:
    """Labels cut to ``limit`` and made unique (a cut can make two the same)."""
    out: list[str] = []
    for label in labels:
        candidate = short(label, limit) or "·"
        n = 2
        while candidate in out:
            suffix = f" ({n})"
            candidate = short(label, limit - len(suffix)) + suffix
            n += 1
        out.append(candidate)
    return out


ROWS = 5
"""Discord's limit of component rows in one message."""
PER_ROW = 5
"""Discord's limit of buttons in one row."""


def cut_at_word(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters: whole when it fits, else cut at the last word boundary
    with an ellipsis (mid-word only when a single word is longer than the limit)."""
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    head = text[: limit - 1]
    space = head.rfind(" ")
    if space > 0:
        head = head[:space]
    return head.rstrip(" ,;:·-–") + "…"


def describe(option: Option | Choice, words: Words) -> str | None:
    """An option's (or a part's choice's) description line for a select menu entry (Discord allows
    100 characters)."""
    if option.description is None:
        return None
    return cut_at_word(words.label(option.description), DESCRIPTION) or None


def prompt_view(
    table_id: int, sp: SeatPrompt, words: Words, picks: Sequence[int | None] | None = None
) -> discord.ui.View:
    """The components answering ``sp``, laid out in rows: the answers (buttons, or a select menu
    when they carry descriptions, are too many for buttons or share the panel with parts), the
    parts' menus (``picks``: each menu's choice so far, the defaults when ``None``), the number,
    then the parts' button (green) with navigation (Undo, Start over, Back, More: grey buttons) on
    a row of their own, and "Show my hand" last."""
    prompt = sp.prompt
    sig = ids.prompt_signature(prompt)
    key = (table_id, sp.seat, sp.seq, sig)
    items: list[discord.ui.Item[Any]] = []
    choices = [(i, o) for i, o in enumerate(prompt.options) if not o.navigation]
    navigation = [(i, o) for i, o in enumerate(prompt.options) if o.navigation]
    parts = prompt.parts
    menus = () if parts is None else parts.menus
    chosen = list(parts.defaults if picks is None else picks) if parts is not None else []
    number = prompt.number
    values = number is not None and number.high - number.low < VALUE_BUTTONS and len(choices) <= PER_ROW
    number_rows = 0 if number is None else (_rows(number.high - number.low + 1) if values else 1)
    nav_rows = _rows(len(navigation) + (1 if parts is not None else 0))
    hand_row = 1
    button_rows = ROWS - number_rows - nav_rows - hand_row - len(menus)
    as_select = (
        parts is not None
        or any(o.description is not None for _, o in choices)
        or len(choices) > min(BUTTONS, button_rows * PER_ROW)
    )
    row = 0
    if choices and as_select:
        labels = unique_labels([words.label(o.label) for _, o in choices], 100)
        entries = [
            discord.SelectOption(label=label, value=str(i), description=describe(o, words))
            for label, (i, o) in zip(labels, choices, strict=True)
        ]
        placeholder = short(words.label(prompt.title), 150)
        items.append(faces.select(*key, options=entries, placeholder=placeholder, row=row))
        row += 1
    elif choices:
        labels = unique_labels([words.label(o.label) for _, o in choices], LABEL)
        for n, (label, (i, _)) in enumerate(zip(labels, choices, strict=True)):
            items.append(faces.option(*key, i, label=label, row=row + n // PER_ROW))
        row += _rows(len(choices))
    picks_text = ids.picks_text(chosen)
    for m, part in enumerate(menus):
        labels = unique_labels([words.label(c.label) for c in part.choices], 100)
        entries = [
            discord.SelectOption(
                label=label, value=str(i), description=describe(c, words), default=chosen[m] == i
            )
            for i, (label, c) in enumerate(zip(labels, part.choices, strict=True))
        ]
        placeholder = short(words.label(part.label), 150)
        items.append(faces.part(*key, m, picks_text, options=entries, placeholder=placeholder, row=row))
        row += 1
    if number is not None:
        label = words.label(number.label)
        if values:
            for n, value in enumerate(range(number.low, number.high + 1)):
                at = row + n // PER_ROW
                items.append(faces.value(*key, value, label=short(f"{label}: {value}"), row=at))
        else:
            text = words.label(msg("bot.choose_number", label=typed(label), low=number.low, high=number.high))
            items.append(faces.number(*key, label=short(text), row=row))
        row += number_rows
    buttons = len(navigation)
    if parts is not None:
        items.append(faces.parts(*key, picks_text, label=short(words.label(parts.label)), row=row))
        buttons += 1
    labels = unique_labels([words.label(o.label) for _, o in navigation], LABEL)
    for n, (label, (i, _)) in enumerate(zip(labels, navigation, strict=True)):
        at = n + (1 if parts is not None else 0)
        items.append(faces.option(*key, i, label=label, navigation=True, row=row + at // PER_ROW))
    row += nav_rows
    if row >= ROWS and buttons % PER_ROW:
        row -= 1  # no row left: "Show my hand" joins the navigation's last row
    items.append(faces.hand(table_id, words.t("bot.show_hand"), row=row))
    return faces.view(*items)


def _rows(buttons: int) -> int:
    return -(-buttons // PER_ROW)


def prompt_text(table: TableInfo, sp: SeatPrompt, words: Words, told: Sequence[Line] = ()) -> str:
    """Header, what the actor was just told, the digest since their last move (without what was
    just told: each thing is said once), and the question."""
    parts = [words.t("bot.panel_header", table=table.id, game=table.title)]
    parts += [words(line.message) for line in told]
    digest = [line for line in sp.digest if not _same_as_any(line, told)]
    if digest:
        parts.append(words.t("bot.since_last_move"))
        parts += [f"• {words(line.message)}" for line in digest[-15:]]
    parts.append(f"**{words(sp.prompt.title)}**")
    if sp.prompt.secret:
        parts.append(words.t("bot.secret_choice"))
    return "\n".join(parts)


def _same_as_any(line: Line, told: Sequence[Line]) -> bool:
    return any(line.seq == t.seq and line.message == t.message for t in told)


async def build_panel(
    agora: Agora, table: TableInfo, user_id: int, words: Words, told: Sequence[Line] = (),
    *, pictures: bool = True,
) -> Panel:
    """The panel ``user_id`` sees now at ``table``: their prompt, or why there is none; without
    ``pictures``, its words and buttons alone (the picture follows: see
    :meth:`~bot.discord.pictures.Pictures.attach`)."""
    sp = await agora.service.prompt_for(table.id, user_id) if table.status == "active" else None
    files = await agora.pictures.private(table, user_id, words.locale) if pictures else []
    if sp is not None:
        text = prompt_text(table, sp, words, told)
        return Panel(_fit(text), prompt_view(table.id, sp, words), files)
    parts = [words.t("bot.panel_header", table=table.id, game=table.title)]
    parts += [words(line.message) for line in told]
    if table.status == "active":
        status = await agora.service.status(table.id)
        parts.append(words.t("bot.nothing_to_decide"))
        if status.waiting:
            parts.append(waiting_line(words, status.waiting))
    elif table.status == "finished":
        parts.append(words.t("bot.game_finished"))
    elif table.status == "abandoned":
        parts.append(words.t("bot.table_abandoned"))
    else:
        parts.append(words.t("bot.table_not_active"))
    view = faces.view()
    if table.status == "active":
        view = faces.view(faces.play(table.id, words.t("bot.refresh")),
                          faces.hand(table.id, words.t("bot.show_hand")))
    return Panel(_fit("\n".join(parts)), view, files)


def _fit(text: str) -> str:
    return text if len(text) <= 2000 else text[:1999] + "…"


def answer_choices(prompt: Prompt, words: Words, seq: int, typed: str) -> list[tuple[str, str]]:
    """Autocomplete choices for ``/act``: (label, value) pairs matching what the user typed; an
    option that says what it costs and gives shows that after its label.

    Values are ``"<seq>:<sig>:o<index>"`` for an option, ``"<seq>:<sig>:n<value>"`` for a number
    and ``"<seq>:<sig>:p<picks>"`` for a combination of the prompt's parts (:func:`parts_choices`).
    """
    sig = ids.prompt_signature(prompt)
    typed_low = typed.strip().lower()
    found: list[tuple[str, str]] = []
    labels = unique_labels([words.label(o.label) for o in prompt.options], 100)
    for index, (label, option) in enumerate(zip(labels, prompt.options, strict=True)):
        if typed_low in label.lower():
            description = describe(option, words)
            name = label if description is None else cut_at_word(f"{label} · {description}", 100)
            found.append((name, f"{seq}:{sig}:o{index}"))
    number = prompt.number
    if number is not None:
        label = words.label(number.label)
        values = range(number.low, number.high + 1)
        if ids.NUMBER_TEXT.fullmatch(typed_low):
            values = (
                range(int(typed_low), int(typed_low) + 1)
                if number.low <= int(typed_low) <= number.high
                else range(0)
            )
        for value in list(values)[:25]:
            found.append((short(f"{label}: {value}", 100), f"{seq}:{sig}:n{value}"))
    combined = parts_choices(prompt, words, typed_low, f"{seq}:{sig}")
    if combined:
        found = found[: max(ACT_PARTS_ROOM, 25 - len(combined))]
    return (found + combined)[:25]


ACT_PARTS_ROOM = 20
"""Autocomplete entries kept for options when a prompt's parts match too (the rest are parts)."""


def parts_choices(prompt: Prompt, words: Words, typed: str, version: str) -> list[tuple[str, str]]:
    """Autocomplete choices for a prompt's parts: the combinations (at most 25) whose words, the
    button's and each menu's choice, contain every word typed ("curia m13 2"); values are
    ``"<seq>:<sig>:p<picks>"``."""
    parts = prompt.parts
    if parts is None:
        return []
    head = words.label(parts.label)
    labels = [[words.label(c.label) for c in part.choices] for part in parts.menus]
    wanted = typed.split()
    found: list[tuple[str, str]] = []
    for picks in parts.every():
        text = " · ".join([head, *(labels[m][pick] for m, pick in enumerate(picks))])
        low = text.lower()
        if all(word in low for word in wanted):
            found.append((cut_at_word(text, 100), f"{version}:p{ids.picks_text(picks)}"))
            if len(found) == 25:
                break
    return found
