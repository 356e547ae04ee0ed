"""Threads that went quiet: Discord archives a thread after 7 days without a message.

A table's thread is created to archive after a week of silence (the longest Discord offers), which
an away period or a slow table reaches. Discord refuses a message to an archived thread (error
50083), so when the bot has something to tell the table it reopens the thread first
(:func:`reopen`: unarchiving an unlocked thread needs only *Send Messages in Threads*, which the
bot is invited with) and sends again. A thread a moderator also *locked* needs *Manage Threads*;
without it, the operator is told once in the log, the player who moved is told in their panel
(their move counted), and the thread is told later, when it can be (see
:func:`bot.discord.delivery.catch_up`). Clicks and commands from an archived thread work as
anywhere else: they arrive as interactions, which Discord delivers whatever the thread's state.
"""

from __future__ import annotations

import logging
import time
from typing import Final

import discord

from bot.discord.context import Agora
from bot.discord.text import plain

log = logging.getLogger(__name__)

ARCHIVED_THREAD = 50083
"""Discord's error code for an operation on an archived thread."""

ONE_WEEK: Final = 10080
"""Minutes of silence after which Discord archives a table's thread: the longest it offers."""

TRY_AGAIN_AFTER = 600.0
"""Seconds before the bot asks again to reopen a thread it was not allowed to reopen."""


async def open_thread(agora: Agora, parent_id: int, title: str, name: str, reason: str) -> int:
    """A new public thread of channel ``parent_id`` for a table of the game ``title`` opened by
    ``name`` ("Praetor — Ada", shown as plain text), archived after a week of silence; its id."""
    thread = await agora.client.http.start_thread_without_message(
        parent_id,
        name=f"{title} — {plain(name)}"[:100],
        auto_archive_duration=ONE_WEEK,
        type=discord.ChannelType.public_thread.value,
        reason=reason,
    )
    return int(thread["id"])


def archived(error: discord.HTTPException) -> bool:
    """Whether Discord refused because the thread is archived."""
    return error.code == ARCHIVED_THREAD


async def reopen(agora: Agora, thread_id: int) -> bool:
    """Unarchive thread ``thread_id``; whether it is open now.

    Refused for want of permission, the thread is kept in ``agora.closed_threads`` (the log says so
    once, naming the permission), and not asked about again for :data:`TRY_AGAIN_AFTER` seconds.
    """
    now = time.monotonic()
    last = agora.closed_threads.get(thread_id)
    if last is not None and now - last < TRY_AGAIN_AFTER:
        return False
    try:
        await agora.client.http.edit_channel(thread_id, archived=False, reason="Agora: news for the table")
    except discord.Forbidden:
        if last is None:
            log.warning(
                "thread %s is archived and locked, and the bot may not reopen it: give the bot the "
                "Manage Threads permission, or reopen the thread by hand; what the table missed is "
                "told once it is open", thread_id)
        agora.closed_threads[thread_id] = now
        return False
    except discord.HTTPException as exc:
        log.warning("could not reopen the archived thread %s: %s %s", thread_id, exc.status, exc.text)
        return False
    agora.closed_threads.pop(thread_id, None)
    log.info("reopened the archived thread %s", thread_id)
    return True


__all__ = ["ARCHIVED_THREAD", "TRY_AGAIN_AFTER", "archived", "reopen"]
