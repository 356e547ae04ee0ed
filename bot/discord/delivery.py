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

import contextlib
import logging
from collections.abc import Awaitable, Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import discord

from bot.discord.context import Agora
from bot.discord.faces import play_view, rematch_view
from bot.discord.i18n import Words, choose_locale
from bot.discord.story import (
    LIMIT,
    NONCE_LIMIT,
    ROOM,
    Piece,
    StoryLine,
    Telling,
    compose,
    ended,
    nonce,
    step_of,
)
from bot.discord.text import shown
from bot.discord.threads import archived, reopen
from bot.service import Line, Outcome, Reminder, TableInfo, Waiting
from bot.service.reminders import in_quiet_hours
from bot.service.words import seat_names
from rules.core import Message, msg

log = logging.getLogger(__name__)

T = TypeVar("T")

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


def waiting_line(words: Words, waiting: Sequence[Waiting], done: Sequence[str] = ()) -> str:
    """``Waiting for: @Ann (due in 5 hours), Bot 2``; with the names of the seats that ``done``
    their part of the step already, ``Bo ✓ Cy ✓ · Waiting for: @Ann (due in 5 hours)``."""
    if not waiting:
        return ""
    who = []
    for w in waiting:
        name = f"<@{w.user_id}>" if w.user_id is not None else shown(words.seat_name(w.seat, w.name))
        if w.due_at is not None and w.user_id is not None:
            name += " " + words.t("bot.due", when=f"<t:{int(w.due_at.timestamp())}:R>")
        who.append(name)
    if done:
        return words.t("bot.waiting_step", done=" ".join(f"{shown(n)} ✓" for n in done), who=", ".join(who))
    return words.t("bot.waiting_for", who=", ".join(who))


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


@dataclass(frozen=True)
class Reader:
    """Whom a DM goes to, as their preferences (``/game settings``) say, read once per DM."""

    words: Words
    """The words the DM is written in: their chosen language, else the server's."""
    quiet: bool
    """Whether it is now their quiet hours. A DM sent then is silent (Discord's ``@silent``: shown,
    with no push notification), so a move made at night does not wake the player whose turn it
    becomes; reminders wait for the quiet hours' end (:func:`bot.service.reminders.in_quiet_hours`)."""


async def reader(agora: Agora, table: TableInfo | None, user_id: int) -> Reader:
    """``user_id`` as the reader of a DM (about ``table``, whose seat names it uses)."""
    preference = await agora.service.preferences(user_id)
    locale = choose_locale(None, preference.locale, agora.settings.default_locale)
    words = Words(locale, table.game_id if table else "", seat_names(table, locale) if table else ())
    return Reader(words, in_quiet_hours(preference, agora.clock.now()))


async def dm(
    agora: Agora,
    table: TableInfo | None,
    user_id: int,
    lines: Sequence[Message],
    *,
    recipient: Reader | None = None,
    files: Sequence[discord.File] = (),
    view: discord.ui.View | None = None,
    silent: bool = False,
) -> bool:
    """Send ``lines`` to ``user_id`` by DM; if Discord refuses (DMs closed), keep them as a notice.
    The DM is ``silent`` (it arrives without a notification) when asked, and always in the user's
    quiet hours (:attr:`Reader.quiet`). ``recipient``: the user as a reader, when the caller read them
    already.

    A DM about a table goes only to a member of the table's server: to someone Discord says left
    it (or was banned), nothing is sent, not even their own secrets; the lines are kept as a notice,
    shown if they come back. When membership cannot be checked, the DM is sent (it holds only what
    their own seat may see), and a refused DM is kept as a notice like any other: the table goes on.

    :returns: whether the DM went through.
    """
    if table is not None and await agora.members.is_member(table.guild_id, user_id) is False:
        await agora.service.add_notice(user_id, table.id, list(lines))
        log.info("user %s left the server of table %s; kept %d lines as a notice",
                 user_id, table.id, len(lines))
        return False
    if recipient is None:
        recipient = await reader(agora, table, user_id)
    texts = chunks([recipient.words(line) for line in lines])
    silent = silent or recipient.quiet
    try:
        channel = await agora.client.create_dm(discord.Object(user_id))
        for i, text in enumerate(texts):
            last = i == len(texts) - 1
            kwargs: dict[str, Any] = {"silent": silent}
            if last and files:
                kwargs["files"] = list(files)
            if last and view is not None:
                kwargs["view"] = view
            await channel.send(text, **kwargs)
        return True
    except discord.HTTPException as exc:
        refused = exc
    # Logged once the notice is stored: whoever reads the log may rely on the notice being there.
    await agora.service.add_notice(user_id, table.id if table else None, list(lines))
    if isinstance(refused, discord.Forbidden):
        log.info("DMs to user %s are closed; kept %d lines as a notice", user_id, len(lines))
    else:
        log.warning("DM to user %s failed (%s %s); kept it as a notice",
                    user_id, refused.status, refused.text)
    return False


async def deliver(
    agora: Agora, outcome: Outcome, *, actor_id: int | None = None, board: bool = True,
    moved_by: int | None = None,
) -> list[Line]:
    """Tell everyone what ``outcome`` says; return the private lines meant for ``actor_id``.

    ``moved_by`` (``actor_id`` by default) is who brought the outcome about, and is not DMed that
    they owe a move: they are looking at the table already.

    The actor's private lines and private picture belong in their ephemeral panel, which the caller
    updates (headed, when the table's thread is archived and the bot may not reopen it, by a line
    saying so); every other seat's private lines go by DM. The thread is told first (see
    :func:`tell_thread`): what it missed before this outcome, then the outcome itself.
    """
    table = outcome.table
    nudged: frozenset[int] = frozenset()
    async with agora.telling_table(table.id):
        told = await _to_tell(agora, outcome)
        if told is not None:
            nudged = await _tell_thread(agora, outcome, *told, board=board,
                                        actor_id=actor_id if moved_by is None else moved_by) or nudged
    await tell_others(agora, outcome, actor_id, nudged=nudged)
    return own_lines(agora, outcome, actor_id)


def own_lines(agora: Agora, outcome: Outcome, actor_id: int | None) -> list[Line]:
    """The private lines of ``outcome`` meant for ``actor_id``, for their panel, headed by a line
    saying so when the table's thread is archived and the bot may not reopen it."""
    table = outcome.table
    if actor_id is None:
        return []
    mine: list[Line] = []
    if thread_closed(agora, table):
        mine.append(Line(msg("bot.thread_closed")))
    for seat, lines in outcome.private.items():
        info = table.seats[seat] if 0 <= seat < len(table.seats) else None
        if info is not None and info.user_id == actor_id:
            mine.extend(lines)
    return mine


def thread_closed(agora: Agora, table: TableInfo) -> bool:
    """Whether the table's thread is archived and the bot was not allowed to reopen it."""
    return (table.thread_id or table.channel_id) in agora.closed_threads


async def tell_others(
    agora: Agora, outcome: Outcome, actor_id: int | None, *, nudged: Collection[int] = ()
) -> None:
    """DM every seat but ``actor_id``'s its private lines of ``outcome``, with its private picture
    when the outcome shows one. A user in ``nudged`` was just DMed that the table waits for them,
    which notified them: their lines come silent, so that one move buzzes a phone once."""
    table = outcome.table
    for seat, lines in outcome.private.items():
        info = table.seats[seat] if 0 <= seat < len(table.seats) else None
        if info is None or info.user_id is None or not lines or info.user_id == actor_id:
            continue
        to = await reader(agora, table, info.user_id)
        files: list[discord.File] = []
        if any(p.seat == seat for p in outcome.pictures):
            files = await agora.pictures.private(table, info.user_id, to.words.locale)
        header = msg("bot.dm_header", table=table.id, game=table.title)
        secrets = [header, *(line.message for line in lines)]
        await dm(agora, table, info.user_id, secrets, recipient=to, files=files,
                 silent=info.user_id in nudged)


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
    agora: Agora, outcome: Outcome, public: Sequence[Line], first: int | None, *, board: bool = True,
    actor_id: int | None = None,
) -> bool:
    """Tell the table's thread ``public`` (the outcome's public lines, or more: they tell of the
    log entries from ``first`` on) as the game's story, ending with whom the table waits for, and
    DM whoever newly owes a move (but ``actor_id``, who just moved); then move the table's
    announcement mark to the outcome's ``announce_through``, with what the thread now holds
    (:class:`~bot.discord.story.Telling`) in the same write. Call it holding
    ``agora.telling_table(table id)``.

    The lines join the story message of their chapter, edited in place; a chapter the engine
    opens (a round), the end of the game, or a full message starts a new one, and the board picture
    goes with the last story message a chapter opened. The "Waiting for" line ends the last story
    message, with the Play button, and is kept current by edits, which notify nobody: the players
    newly awaited are told by DM (:func:`tell_newly_awaited`), see :mod:`bot.discord.story`.

    The mark moves only once Discord has taken every story message, so a post Discord refuses is
    told again: the table goes into ``agora.untold`` for the reminder loop (:func:`catch_up`), and
    the next outcome of the table tells it first, into the same messages. A crash between the post
    and the mark tells the same messages again at the restart: the edits are the same and the new
    messages carry the same nonces, which Discord drops.

    :returns: whether the thread took everything.
    """
    return await _tell_thread(agora, outcome, public, first, board=board, actor_id=actor_id) is not None


async def _tell_thread(
    agora: Agora, outcome: Outcome, public: Sequence[Line], first: int | None, *, board: bool = True,
    actor_id: int | None = None,
) -> frozenset[int] | None:
    """:func:`tell_thread`: ``None`` when the thread did not take everything, else the users just
    DMed that the table waits for them."""
    table = outcome.table
    words = agora.table_words(table)
    channel_id = table.thread_id or table.channel_id
    through = outcome.announce_through
    # Only lines that tell of log entries carry nonces made from their place in the log: words
    # that tell of none (a seat taken back: from the entry after the head to the head) would
    # reuse the nonce of a message the head's own entry started, and Discord would hand that back.
    marked = first is not None and through is not None and first <= through
    telling = Telling.read(await agora.service.told_how(table.id))
    pieces = compose(telling, story_lines(words, public, table.id, marked=marked), limit=LIMIT - ROOM)
    pictures: list[discord.File] = []
    if board and any(p.opens for p in pieces) and any(p.seat is None for p in outcome.pictures):
        pictures = await agora.pictures.board(table, words.locale)
    waiting = awaited_now(telling, outcome, words)
    if outcome.finished:
        view: discord.ui.View | None = rematch_view(table.id, words)
    else:
        view = play_view(table.id, words) if waiting.users else None
    told = await _tell_story(agora, channel_id, telling, pieces, pictures, waiting.text, view=view,
                             nonce=nonce(table.id, "w", through) if marked else None)
    if told is None:
        agora.untold.add(table.id)
        return None
    newly = [u for u in waiting.users if u not in telling.awaited and u != actor_id]
    told = await tell_newly_awaited(agora, table, told, newly, channel_id)
    nudged = frozenset(u for u in newly if told.nudged.get(u) != telling.nudged.get(u))
    told = told.model_copy(update={"awaited": waiting.users, "seats": waiting.seats, "step": waiting.step})
    state = told.model_dump_json()
    if through is None:
        await agora.service.set_told_how(table.id, state)
    else:
        await agora.service.mark_announced(table.id, through, telling=state)
    agora.untold.discard(table.id)
    return nudged


def story_lines(words: Words, public: Sequence[Line], table_id: int, *, marked: bool) -> list[StoryLine]:
    """``public`` in the table's words, each with whether it opens a chapter and, when the lines
    tell of log entries (``marked``), its place in the log (entry and rank in it), from which the
    nonce of a message it starts is made."""
    out: list[StoryLine] = []
    rank: dict[int, int] = {}
    for line in public:
        k = rank[line.seq] = rank.get(line.seq, -1) + 1
        place = nonce(table_id, f"{line.seq}.{k}") if marked else None
        out.append(StoryLine(words(line.message), opens=line.chapter, place=place))
    return out


@dataclass(frozen=True)
class Awaited:
    """Whom the table waits for after an outcome: the "Waiting for" line, the users and seats it
    names, and the seats of the step it ticks off (see :func:`~bot.discord.story.step_of`)."""

    text: str
    users: list[int]
    seats: list[int]
    step: list[int]


def awaited_now(telling: Telling, outcome: Outcome, words: Words) -> Awaited:
    """Whom the table waits for once ``outcome`` is told (nobody once the game is over), after what
    the thread said last (``telling``)."""
    if outcome.finished or not outcome.waiting:
        return Awaited("", [], [], [])
    table = outcome.table
    seats = [w.seat for w in outcome.waiting]
    step = step_of(telling, seats)
    done = [words.seat_name(s, table.names[s]) for s in step if s not in seats and 0 <= s < len(table.names)]
    users = [w.user_id for w in outcome.waiting if w.user_id is not None]
    return Awaited(waiting_line(words, outcome.waiting, done=done), users, seats, step)


async def _tell_story(
    agora: Agora, channel_id: int, telling: Telling, pieces: Sequence[Piece],
    pictures: Sequence[discord.File], waiting: str, *, view: discord.ui.View | None, nonce: str | None,
) -> Telling | None:
    """Edit and post ``pieces``, the board ``pictures`` with the last piece that opens a chapter,
    and end the last story message with the "Waiting for" line ``waiting`` and ``view`` (the Play
    button, or the finished game's Rematch button); the message that ended with them before is
    edited back to its story (or deleted, when it held nothing else). The telling the thread then
    holds, or ``None`` when Discord refused (nothing is recorded, so the same pieces are told
    again)."""
    last_opening = max((i for i, p in enumerate(pieces) if p.opens), default=None)
    story_id, story_text = telling.story_id, telling.story_text
    host: int | None = None
    touched: set[int] = set()
    try:
        for i, piece in enumerate(pieces):
            last = i == len(pieces) - 1
            files = list(pictures) if i == last_opening else []
            text = (ended(piece.text, waiting) or piece.text) if last else piece.text
            buttons = view if last else None
            if piece.message_id is not None:
                edited = await _edit(agora, channel_id, piece.message_id, content=text, view=buttons,
                                     clear=not last)
                if edited:
                    story_id, story_text = piece.message_id, piece.text
                    touched.add(piece.message_id)
                    continue
                piece = Piece(piece.added, nonce=None)  # the message is gone: its news on their own
                text = (ended(piece.text, waiting) or piece.text) if last else piece.text
            message = await _send(agora, channel_id, text, files=files, view=buttons, nonce=piece.nonce)
            if message.content != text:  # the nonce's message, posted before with less
                await _edit(agora, channel_id, message.id, content=text, view=buttons)
            story_id, story_text = message.id, piece.text
            touched.add(message.id)
        if pieces and (not waiting or ended(story_text, waiting) is not None):
            host = story_id if waiting else None
        else:
            host = await _tell_waiting(agora, channel_id, telling, story_id, story_text, waiting, view=view,
                                       nonce=nonce)
            if host is not None and host == story_id:
                touched.add(host)
        await _leave(agora, channel_id, telling, host, touched)
    except discord.HTTPException as exc:
        log.warning("could not post to channel %s: %s %s", channel_id, exc.status, exc.text)
        return None
    return telling.model_copy(update={"story_id": story_id, "story_text": story_text, "waiting_id": host,
                                      "waiting_text": waiting if host is not None else ""})


async def _tell_waiting(
    agora: Agora, channel_id: int, telling: Telling, story_id: int | None, story_text: str, waiting: str, *,
    view: discord.ui.View | None, nonce: str | None,
) -> int | None:
    """Bring the "Waiting for" line up to date when no story message was told: at the end of the
    story message if it fits there, else in the message of its own the thread has (or a new one);
    the message that holds it, ``None`` once nobody is awaited."""
    if not waiting:
        return None
    text = ended(story_text, waiting) if story_id is not None else None
    if text is not None and story_id is not None:
        if telling.waiting_id == story_id and telling.waiting_text == waiting:
            return story_id
        if await _edit(agora, channel_id, story_id, content=text, view=view):
            return story_id
    own = telling.waiting_id if telling.waiting_id != story_id else None
    if own is not None:
        if telling.waiting_text == waiting:
            return own
        if await _edit(agora, channel_id, own, content=waiting, view=view):
            return own
    message = await _send(agora, channel_id, waiting, view=view, nonce=nonce)
    if message.content != waiting:
        await _edit(agora, channel_id, message.id, content=waiting, view=view)
    return message.id


async def _leave(
    agora: Agora, channel_id: int, telling: Telling, host: int | None, touched: set[int]
) -> None:
    """The message that said whom the table waits for before, when another says it now: a story
    message is edited back to its story without the Play button, a message of its own deleted."""
    old = telling.waiting_id
    if old is None or old == host or old in touched:
        return
    if old == telling.story_id and telling.story_text:
        await _edit(agora, channel_id, old, content=telling.story_text, clear=True)
    else:
        await _delete(agora, channel_id, old)


async def tell_newly_awaited(
    agora: Agora, table: TableInfo, telling: Telling, newly: Sequence[int], channel_id: int
) -> Telling:
    """DM each user in ``newly`` (who now owe a move they did not owe when the thread was last
    told, and did not just move themselves) that the table waits for them, with a link to the
    thread and the Play button, deleting their previous such DM of the table so that they do not
    pile up. One whose DMs are closed is mentioned in the thread instead, in one message that
    notifies them alone (the previous such message deleted); one Discord says left the server is
    sent nothing. Neither is a notice: the thread and ``/game mine`` already say it.

    :returns: ``telling`` with the DMs and the mention sent."""
    nudged = dict(telling.nudged)
    closed: list[int] = []
    for user_id in newly:
        if await agora.members.is_member(table.guild_id, user_id) is False:
            continue
        sent = await _your_move(agora, table, user_id, channel_id, nudged.get(user_id))
        if sent is None:
            closed.append(user_id)
        else:
            nudged[user_id] = sent
    ping_id = telling.ping_id
    if closed:
        words = agora.table_words(table)
        who = " ".join(f"<@{u}>" for u in closed)
        try:
            message = await _send(agora, channel_id, words.t("bot.your_move_here", who=who),
                                  view=play_view(table.id, words), ping=pinging(*closed))
        except discord.HTTPException as exc:
            log.warning("could not post to channel %s: %s %s", channel_id, exc.status, exc.text)
        else:
            if ping_id is not None:
                await _delete(agora, channel_id, ping_id)
            ping_id = message.id
    return telling.model_copy(update={"nudged": nudged, "ping_id": ping_id})


async def _your_move(
    agora: Agora, table: TableInfo, user_id: int, channel_id: int, previous: int | None
) -> int | None:
    """DM ``user_id`` that table ``table`` waits for their move, and delete their ``previous``
    such DM; the new DM's id, or ``None`` when Discord refused it (DMs closed). Silent in the
    user's quiet hours (:attr:`Reader.quiet`)."""
    to = await reader(agora, table, user_id)
    text = to.words(msg("bot.your_move", table=table.id, game=table.title, thread=f"<#{channel_id}>"))
    try:
        channel = await agora.client.create_dm(discord.Object(user_id))
        message = await channel.send(text, view=play_view(table.id, to.words), silent=to.quiet)
    except discord.HTTPException as exc:
        log.info("could not DM user %s their move at table %s (%s %s)", user_id, table.id, exc.status,
                 exc.text)
        return None
    if previous is not None:
        # deleted by the user already, or kept by Discord: the new one is below it
        with contextlib.suppress(discord.HTTPException):
            await channel.get_partial_message(previous).delete()
    return message.id


async def _reopening(agora: Agora, channel_id: int, call: Callable[[], Awaitable[T]]) -> T:
    """``call()``, once more after reopening the thread when Discord refused it as archived."""
    try:
        result = await call()
    except discord.HTTPException as exc:
        if not archived(exc) or not await reopen(agora, channel_id):
            raise
        result = await call()
    agora.closed_threads.pop(channel_id, None)
    return result


async def _send(
    agora: Agora, channel_id: int, text: str, *, files: Sequence[discord.File] = (),
    view: discord.ui.View | None = None, ping: discord.AllowedMentions = NO_PINGS, nonce: str | None = None,
) -> discord.Message:
    """Post one message to the thread (see :func:`post`)."""
    channel = agora.client.get_partial_messageable(channel_id)
    kwargs: dict[str, Any] = {"allowed_mentions": ping}
    if files:
        kwargs["files"] = list(files)
    if view is not None:
        kwargs["view"] = view
    if nonce is not None:
        kwargs["nonce"] = nonce
    return await _reopening(agora, channel_id, lambda: channel.send(text or None, **kwargs))


async def _edit(agora: Agora, channel_id: int, message_id: int, *, content: str,
                view: discord.ui.View | None = None, clear: bool = False) -> bool:
    """Edit one message of the thread, with ``view`` (its buttons left as they are without one, or
    taken off with ``clear``); ``False`` when it is gone (deleted by a moderator).

    :raises discord.HTTPException: Discord refused otherwise.
    """
    message = agora.client.get_partial_messageable(channel_id).get_partial_message(message_id)
    kwargs: dict[str, Any] = {"content": content, "allowed_mentions": NO_PINGS}
    if view is not None or clear:
        kwargs["view"] = view
    try:
        await _reopening(agora, channel_id, lambda: message.edit(**kwargs))
    except discord.NotFound:
        return False
    return True


async def _delete(agora: Agora, channel_id: int, message_id: int) -> None:
    """Delete one message of the thread (the old "Waiting for" line); one that is gone already, or
    that Discord keeps, is left (the log says so)."""
    message = agora.client.get_partial_messageable(channel_id).get_partial_message(message_id)
    try:
        await _reopening(agora, channel_id, message.delete)
    except discord.NotFound:
        pass
    except discord.HTTPException as exc:
        log.warning("could not delete message %s of channel %s: %s %s", message_id, channel_id, exc.status,
                    exc.text)


async def catch_up(agora: Agora, table_id: int) -> bool:
    """Tell table ``table_id``'s thread every log entry it has not been told (after a post Discord
    refused), and whom the table waits for; the private lines went out when the entries were first
    delivered.

    :returns: whether the thread is now up to date.
    """
    async with agora.telling_table(table_id):
        outcome = await agora.service.announcements(table_id)
        if outcome is not None:
            return await tell_thread(agora, outcome, outcome.public, outcome.announce_from)
        status = await agora.service.status(table_id)
        if status.table.status not in ("active", "finished"):
            agora.untold.discard(table_id)
            return True
        now = Outcome(table=status.table, waiting=list(status.waiting), result=status.result)
        return await tell_thread(agora, now, [], None)


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
    own = await reader(agora, table, reminder.user_id)
    await dm(agora, table, reminder.user_id, lines, recipient=own, view=play_view(table.id, own.words))
