"""Sending what the table service says to tell whom: the thread, DMs, and undelivered notices.

* Public lines go to the table's thread as one message, in order, with the board picture when the
  service asks for one (end of a turn or phase) and a line saying whom the table waits for. The
  thread is told in log order and once: a post Discord refuses is told again, ahead of the next
  outcome or by the reminder loop, and a post repeated after a crash carries the same nonces.
* Private lines go to their seat's player only: to the actor inside their ephemeral panel (the
  caller does that), to everyone else by DM. A refused DM (DMs closed), or one to a player no longer
  in the table's server, is kept as a notice and shown, ephemerally, at the player's next
  interaction.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import Any

import discord

from bot.discord.context import Agora
from bot.discord.i18n import Words, choose_locale
from bot.discord.text import shown
from bot.discord.threads import archived, reopen
from bot.service import Line, Outcome, Reminder, TableInfo, Waiting
from bot.service.words import seat_names
from rules.core import Message, msg

log = logging.getLogger(__name__)

LIMIT = 2000
"""Discord's limit on a message's text."""

NONCE_LIMIT = 25
"""Discord's limit on a message nonce's length."""

NO_PINGS = discord.AllowedMentions.none()


def pinging(*user_ids: int) -> discord.AllowedMentions:
    """Mentions that notify these users only, whoever else a message names."""
    return discord.AllowedMentions(everyone=False, roles=False, users=[discord.Object(u) for u in user_ids])


def chunks(lines: Sequence[str], limit: int = LIMIT) -> list[str]:
    """Lines joined into as few messages as fit Discord's limit (a longer line is cut)."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = line[:limit]
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out


def waiting_line(words: Words, waiting: Sequence[Waiting]) -> str:
    """``Waiting for @Ann (due in 5 hours), Bot 2.``"""
    if not waiting:
        return ""
    who = []
    for w in waiting:
        name = f"<@{w.user_id}>" if w.user_id is not None else shown(words.seat_name(w.seat, w.name))
        if w.due_at is not None and w.user_id is not None:
            name += " " + words.t("bot.due", when=f"<t:{int(w.due_at.timestamp())}:R>")
        who.append(name)
    return words.t("bot.waiting_for", who=", ".join(who))


def play_view(table_id: int, words: Words) -> discord.ui.View:
    """A public "Open my move" button: each player who clicks gets their own private panel."""
    from bot.discord.components import PlayButton

    view = discord.ui.View(timeout=None)
    view.add_item(PlayButton(table_id, words.t("bot.open_panel")))
    return view


async def post(
    agora: Agora,
    channel_id: int,
    texts: Sequence[str],
    *,
    files: Sequence[discord.File] = (),
    view: discord.ui.View | None = None,
    ping: discord.AllowedMentions = NO_PINGS,
    nonce: str | None = None,
) -> bool:
    """Send ``texts`` to a channel or thread; the files and view go with the last message.

    A thread Discord archived after a week of silence is reopened and sent to again (see
    :mod:`bot.discord.threads`). ``ping`` says whom the mentions in ``texts`` notify (nobody by
    default). With a
    ``nonce``, each message carries it (numbered) and Discord drops a message it already took
    with the same nonce: sending the same announcement again after a crash posts it once.

    :returns: whether every message went through.
    """
    sent = True
    channel = agora.client.get_partial_messageable(channel_id)
    texts = list(texts) or [""]
    for i, text in enumerate(texts):
        last = i == len(texts) - 1
        kwargs: dict[str, Any] = {"allowed_mentions": ping}
        if nonce is not None and len(numbered := f"{nonce}:{i}") <= NONCE_LIMIT:
            kwargs["nonce"] = numbered
        if last and files:
            kwargs["files"] = list(files)
        if last and view is not None:
            kwargs["view"] = view
        if not text and "files" not in kwargs:
            continue
        try:
            try:
                await channel.send(text or None, **kwargs)
            except discord.HTTPException as exc:
                if not archived(exc) or not await reopen(agora, channel_id):
                    raise
                await channel.send(text or None, **kwargs)
            agora.closed_threads.pop(channel_id, None)
        except discord.HTTPException as exc:
            log.warning("could not post to channel %s: %s %s", channel_id, exc.status, exc.text)
            sent = False
    return sent


async def reader_words(agora: Agora, table: TableInfo | None, user_id: int) -> Words:
    """The words a DM to ``user_id`` is written in: their chosen language, else the server's."""
    preference = await agora.service.preferences(user_id)
    locale = choose_locale(None, preference.locale, agora.settings.default_locale)
    return Words(locale, table.game_id if table else "", seat_names(table, locale) if table else ())


async def dm(
    agora: Agora,
    table: TableInfo | None,
    user_id: int,
    lines: Sequence[Message],
    *,
    words: Words | None = None,
    files: Sequence[discord.File] = (),
    view: discord.ui.View | None = None,
) -> bool:
    """Send ``lines`` to ``user_id`` by DM; if Discord refuses (DMs closed), keep them as a notice.

    A DM about a table goes only to a member of the table's server: to someone Discord says left
    it (or was banned), nothing is sent, not even their own secrets; the lines are kept as a notice,
    shown if they come back. When membership cannot be checked, the DM is sent (it holds only what
    their own seat may see), and a refused DM is kept as a notice like any other: the table goes on.

    :returns: whether the DM went through.
    """
    if table is not None and await agora.members.is_member(table.guild_id, user_id) is False:
        log.info(
            "user %s left the server of table %s; keeping %d lines as a notice", user_id, table.id, len(lines)
        )
        await agora.service.add_notice(user_id, table.id, list(lines))
        return False
    if words is None:
        words = await reader_words(agora, table, user_id)
    texts = chunks([words(line) for line in lines])
    try:
        channel = await agora.client.create_dm(discord.Object(user_id))
        for i, text in enumerate(texts):
            last = i == len(texts) - 1
            kwargs: dict[str, Any] = {}
            if last and files:
                kwargs["files"] = list(files)
            if last and view is not None:
                kwargs["view"] = view
            await channel.send(text, **kwargs)
        return True
    except discord.Forbidden:
        log.info("DMs to user %s are closed; keeping %d lines as a notice", user_id, len(lines))
    except discord.HTTPException as exc:
        log.warning("DM to user %s failed (%s %s); keeping it as a notice", user_id, exc.status, exc.text)
    await agora.service.add_notice(user_id, table.id if table else None, list(lines))
    return False


async def deliver(
    agora: Agora, outcome: Outcome, *, actor_id: int | None = None, board: bool = True
) -> list[Line]:
    """Tell everyone what ``outcome`` says; return the private lines meant for ``actor_id``.

    The actor's private lines and private picture belong in their ephemeral panel, which the caller
    updates (headed, when the table's thread is archived and the bot may not reopen it, by a line
    saying so); every other seat's private lines go by DM. The thread is told first (see
    :func:`tell_thread`): what it missed before this outcome, then the outcome itself.
    """
    table = outcome.table
    async with agora.telling_table(table.id):
        told = await _to_tell(agora, outcome)
        if told is not None:
            await tell_thread(agora, outcome, *told, board=board)
    mine: list[Line] = []
    if actor_id is not None and (table.thread_id or table.channel_id) in agora.closed_threads:
        mine.append(Line(msg("bot.thread_closed")))
    for seat, lines in outcome.private.items():
        info = table.seats[seat] if 0 <= seat < len(table.seats) else None
        if info is None or info.user_id is None or not lines:
            continue
        if info.user_id == actor_id:
            mine.extend(lines)
            continue
        words = await reader_words(agora, table, info.user_id)
        files: list[discord.File] = []
        if any(p.seat == seat for p in outcome.pictures):
            files = await agora.pictures.private(table, info.user_id, words.locale)
        header = msg("bot.dm_header", table=table.id, game=table.title)
        secrets = [header, *(line.message for line in lines)]
        await dm(agora, table, info.user_id, secrets, words=words, files=files)
    return mine


async def _to_tell(agora: Agora, outcome: Outcome) -> tuple[list[Line], int | None] | None:
    """The public lines of ``outcome`` that the thread still has to be told, headed by the lines
    of earlier log entries it missed (a refused post, or a later outcome delivered first), and the
    first log entry they tell of; ``None`` when a catch-up already told every entry the outcome
    tells of."""
    first, through = outcome.announce_from, outcome.announce_through
    if first is None or through is None:
        return outcome.public, first
    mark = await agora.service.announced_through(outcome.table.id)
    if first <= through <= mark:
        return None
    if mark < first - 1:
        return await agora.service.untold_lines(outcome.table.id, mark, first) + outcome.public, mark + 1
    return outcome.public, first


async def tell_thread(
    agora: Agora, outcome: Outcome, public: Sequence[Line], first: int | None, *, board: bool = True
) -> bool:
    """Post ``public`` (the outcome's public lines, or more: they tell of the log entries from
    ``first`` on), whom the table waits for, and the board picture to the table's thread; then
    move the table's announcement mark to the outcome's ``announce_through``. Call it holding
    ``agora.telling_table(table id)``.

    The mark moves only once Discord has taken every message, so a post Discord refuses is told
    again: the table goes into ``agora.untold`` for the reminder loop (:func:`catch_up`), and the
    next outcome of the table tells it first. A crash between the post and the mark sends the same
    messages again at the restart, with the same nonces, which Discord drops.

    :returns: whether the thread took everything.
    """
    table = outcome.table
    words = agora.table_words(table)
    texts = [words(line.message) for line in public]
    if outcome.waiting and not outcome.finished:
        texts.append(waiting_line(words, outcome.waiting))
    pictures: list[discord.File] = []
    if board and any(p.seat is None for p in outcome.pictures):
        pictures = await agora.pictures.board(table, words.locale)
    view = None
    if any(w.user_id is not None for w in outcome.waiting) and not outcome.finished:
        view = play_view(table.id, words)
    elif outcome.finished:
        from bot.discord.rematch import rematch_view

        view = rematch_view(table.id, words)
    waiting = frozenset(w.user_id for w in outcome.waiting if w.user_id is not None)
    newly = waiting - agora.last_waiting.get(table.id, frozenset())
    agora.last_waiting[table.id] = waiting
    # Everyone waited for is named, but only those whose turn just came are notified.
    ping = pinging(*newly)
    through = outcome.announce_through
    sent = True
    if texts or pictures:
        nonce = f"{table.id}:{first}-{through}" if first is not None and through is not None else None
        sent = await post(agora, table.thread_id or table.channel_id, chunks([t for t in texts if t]),
                          files=pictures, view=view, ping=ping, nonce=nonce)
    if through is None:
        return sent
    if sent:
        await agora.service.mark_announced(table.id, through)
        agora.untold.discard(table.id)
    else:
        agora.untold.add(table.id)
    return sent


async def catch_up(agora: Agora, table_id: int) -> bool:
    """Tell table ``table_id``'s thread every log entry it has not been told (after a post Discord
    refused); the private lines went out when the entries were first delivered.

    :returns: whether the thread is now up to date.
    """
    async with agora.telling_table(table_id):
        outcome = await agora.service.announcements(table_id)
        if outcome is None:
            agora.untold.discard(table_id)
            return True
        return await tell_thread(agora, outcome, outcome.public, outcome.announce_from)


def reminder_lines(table: TableInfo, reminder: Reminder) -> list[Message]:
    """What a reminder says: the table waits for the seat and, on the last reminder before the rules
    answer for it, which choice will be made and when (a Discord timestamp, shown in the reader's
    own time zone and language)."""
    lines = [msg("service.reminder", seat=reminder.seat, table=table.id, game=table.title)]
    if reminder.default_choice is not None and reminder.default_due is not None:
        when = f"<t:{int(reminder.default_due.timestamp())}:R>"
        lines.append(msg("bot.reminder_default", when=when, choice=reminder.default_choice))
    return lines


async def remind(agora: Agora, table: TableInfo, reminder: Reminder) -> None:
    """Mention a seat the table waits for in the thread, and DM them, each with a Play button.

    Only the DM says what will be chosen for them if they stay silent: an option's label belongs
    to the seat's own prompt, which may show what only that seat may see."""
    words = agora.table_words(table)
    lines = reminder_lines(table, reminder)
    text = words(lines[0])
    await post(
        agora,
        table.thread_id or table.channel_id,
        [f"<@{reminder.user_id}> {text}"],
        view=play_view(table.id, words),
        ping=pinging(reminder.user_id),
    )
    preference = await agora.service.preferences(reminder.user_id)
    locale = choose_locale(None, preference.locale, agora.settings.default_locale)
    own = Words(locale, table.game_id, seat_names(table, locale))
    await dm(agora, table, reminder.user_id, lines, words=own, view=play_view(table.id, own))
