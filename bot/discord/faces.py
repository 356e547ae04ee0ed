"""How the bot's buttons look when it sends them: label, style and ``custom_id`` (:mod:`bot.discord.ids`).

A message the bot sends (the thread's story, a DM, the lobby) carries its buttons as faces built
here, and what a click does lives apart: the widgets of :mod:`bot.discord.components`,
:mod:`bot.discord.rematch` and :mod:`bot.discord.handover` are :class:`discord.ui.DynamicItem` s
registered with the client, which Discord's click finds by the ``custom_id`` alone, after a restart
too. So the code that tells a table (delivery, panels, the lobby, reminders) builds its buttons
without knowing what they call, and the widgets, which call that code, are built from the same
faces (the handover's buttons, sent only by the handover's own flow, stay in that module).

Faces go out in a view that is stopped before it is sent (:func:`view`): the library then keeps
nothing in memory for the message and answers no click through it; the registered widgets answer
every click, as they do after a restart.
"""

from __future__ import annotations

from typing import Any

import discord

from bot.discord import ids
from bot.discord.i18n import Words

LOBBY_STYLES: dict[str, discord.ButtonStyle] = {
    "join": discord.ButtonStyle.success,
    "leave": discord.ButtonStyle.secondary,
    "bot": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.primary,
}
"""The lobby's buttons: Join stands out, Start is the creator's, Leave and Add bot are plain."""


def play(table_id: int, label: str = "") -> discord.ui.Button[Any]:
    """Open my move: the clicker's own panel, privately."""
    return discord.ui.Button(label=label or "▶", style=discord.ButtonStyle.success,
                             custom_id=ids.play(table_id))


def reclaim(table_id: int, label: str = "") -> discord.ui.Button[Any]:
    """Take one's seat back from a stand-in bot."""
    return discord.ui.Button(label=label or "↩", style=discord.ButtonStyle.primary,
                             custom_id=ids.reclaim(table_id))


def rematch(table_id: int, label: str = "") -> discord.ui.Button[Any]:
    """Open the rematch of a finished table, or take one's seat at it."""
    return discord.ui.Button(label=label or "↻", style=discord.ButtonStyle.success,
                             custom_id=ids.rematch(table_id))


def lobby(table_id: int, what: str, label: str = "") -> discord.ui.Button[Any]:
    """Join, Leave, Add bot or Start (``what``)."""
    return discord.ui.Button(label=label or what, style=LOBBY_STYLES[what],
                             custom_id=ids.lobby(table_id, what))


def hand(table_id: int, label: str = "", row: int | None = None) -> discord.ui.Button[Any]:
    """Show my hand: the clicker's private picture again (ephemeral messages go stale)."""
    return discord.ui.Button(label=label or "🂠", style=discord.ButtonStyle.secondary,
                             custom_id=ids.hand(table_id), row=row)


def option(
    table_id: int, seat: int, seq: int, sig: str, index: int, *, label: str = "", navigation: bool = False,
    row: int | None = None,
) -> discord.ui.Button[Any]:
    """Option ``index`` of the prompt ``sig`` shown to ``seat`` at log length ``seq``; navigation
    (Undo, Start over, Back, More) grey, the answers blue."""
    return discord.ui.Button(
        label=label or str(index),
        style=discord.ButtonStyle.secondary if navigation else discord.ButtonStyle.primary,
        custom_id=ids.option(table_id, seat, seq, sig, index),
        row=row,
    )


def _menu(custom_id: str, options: list[discord.SelectOption] | None, placeholder: str | None,
          row: int | None) -> discord.ui.Select[Any]:
    return discord.ui.Select(custom_id=custom_id,
                             options=options or [discord.SelectOption(label="·", value="0")],
                             placeholder=placeholder, min_values=1, max_values=1, row=row)


def select(
    table_id: int, seat: int, seq: int, sig: str, *, options: list[discord.SelectOption] | None = None,
    placeholder: str | None = None, row: int | None = None,
) -> discord.ui.Select[Any]:
    """A prompt's answers as a select menu; values are option indices in the prompt."""
    return _menu(ids.select(table_id, seat, seq, sig), options, placeholder, row)


def part(
    table_id: int, seat: int, seq: int, sig: str, menu: int, picks: str, *,
    options: list[discord.SelectOption] | None = None, placeholder: str | None = None, row: int | None = None,
) -> discord.ui.Select[Any]:
    """Menu ``menu`` of a prompt's parts, carrying every menu's choice so far (``picks``)."""
    return _menu(ids.part(table_id, seat, seq, sig, menu, picks), options, placeholder, row)


def parts(
    table_id: int, seat: int, seq: int, sig: str, picks: str, *, label: str = "", row: int | None = None
) -> discord.ui.Button[Any]:
    """The green button that answers a prompt's parts with the choices ``picks``."""
    return discord.ui.Button(label=label or "✓", style=discord.ButtonStyle.success,
                             custom_id=ids.parts(table_id, seat, seq, sig, picks), row=row)


def value(
    table_id: int, seat: int, seq: int, sig: str, number: int, *, label: str = "", row: int | None = None
) -> discord.ui.Button[Any]:
    """One value of a small bounded number."""
    return discord.ui.Button(label=label or str(number), style=discord.ButtonStyle.primary,
                             custom_id=ids.value(table_id, seat, seq, sig, number), row=row)


def number(
    table_id: int, seat: int, seq: int, sig: str, *, label: str = "", row: int | None = None
) -> discord.ui.Button[Any]:
    """Opens a form to type a number in a wide range."""
    return discord.ui.Button(label=label or "#", style=discord.ButtonStyle.primary,
                             custom_id=ids.number(table_id, seat, seq, sig), row=row)


def undo(table_id: int, seq: int, label: str = "") -> discord.ui.Button[Any]:
    """Consent to another player's undo request made at log length ``seq``."""
    return discord.ui.Button(label=label or "✓", style=discord.ButtonStyle.secondary,
                             custom_id=ids.undo(table_id, seq))


def view(*items: discord.ui.Item[Any]) -> discord.ui.View:
    """A message's buttons and menus, kept by Discord however long the message lives: a view that
    does not listen (stopped), since the widgets registered by their ids answer the clicks."""
    out = discord.ui.View(timeout=None)
    for item in items:
        out.add_item(item)
    out.stop()
    return out


def play_view(table_id: int, words: Words) -> discord.ui.View:
    """A public "Open my move" button: each player who clicks gets their own private panel."""
    return view(play(table_id, words.t("bot.open_panel")))


def rematch_view(table_id: int, words: Words) -> discord.ui.View:
    """The Rematch button, for the last message of a finished game."""
    return view(rematch(table_id, words.t("bot.rematch")))


def reclaim_view(table_id: int, words: Words) -> discord.ui.View:
    """The button that takes a seat back from its stand-in."""
    return view(reclaim(table_id, words.t("bot.reclaim")))


__all__ = ["LOBBY_STYLES", "hand", "lobby", "number", "option", "part", "parts", "play", "play_view",
           "reclaim", "reclaim_view", "rematch", "rematch_view", "select", "undo", "value", "view"]
