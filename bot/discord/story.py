"""The table's thread as the game's story: which message each line goes into, and the one line that
says whom the table waits for.

The thread holds the game as story messages, one per chapter (a round, a phase: an event the
engine marked, :data:`rules.core.CHAPTER`, or the end of the game), each edited while its chapter
fills up, and a new one only when a chapter opens or the last one would pass Discord's 2,000
characters (less :data:`ROOM`). The last story message ends with the one line that says whom the
table waits for, and carries the Play button: that line is edited while a step fills up
(``Ann ✓ Bo ✓ · Waiting for: @Cy``) and as the table moves on, and moves (an edit of the old
message, one of the new) only with a new story message, so it is never posted on its own to
notify anyone. An edit notifies nobody: whoever newly owes a move is told by a DM of their own
(:mod:`bot.discord.delivery`), and only one whose DMs are closed by a mention in the thread.

Which message a line goes into depends only on what the thread holds already and on the lines
themselves, one after another, never on the time or on whom the table waits for: a telling that
Discord refused half-way, or that a restart cut short, is told again into the same messages (edits
are idempotent, and a new message carries a nonce made of its first line's place in the log).

:class:`Telling` is what the adapter keeps of this in storage (``Repository.telling``), so that the
next post edits the same messages after a restart.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from pydantic import BaseModel, ValidationError

LIMIT = 2000
"""Discord's limit on a message's text."""

NONCE_LIMIT = 25
"""Discord's limit on a message nonce's length."""

ROOM = 300
"""Characters the last story message keeps free for the "Waiting for" line at its end (a longer
line is cut)."""


class Telling(BaseModel):
    """How a table's thread was told so far: the story message that goes on being edited, the
    message that says whom the table waits for (the last story message, but for a table told before
    the line went into it), and the "your move" DMs that are replaced by the next one."""

    story_id: int | None = None
    """The story message new lines are added to (``None``: the next line starts one)."""
    story_text: str = ""
    """What that message says now."""
    waiting_id: int | None = None
    """The message that says whom the table waits for, with the Play button: ``story_id`` when the
    line ends the story message, else a message of its own (a table told before, or one whose
    story message has no room or is gone)."""
    waiting_text: str = ""
    """The "Waiting for" line as that message says it."""
    awaited: list[int] = []
    """The users that message names (one who is not among them is newly awaited: notified)."""
    seats: list[int] = []
    """The seats that message names."""
    step: list[int] = []
    """The seats awaited since the current step began (those no longer awaited have answered)."""
    nudged: dict[int, int] = {}
    """Per user, their last "your move" DM about this table (deleted when the next one goes out)."""
    ping_id: int | None = None
    """The thread's last "your move" mention, for players whose DMs are closed (deleted when the
    next one is posted)."""

    @classmethod
    def read(cls, text: str | None) -> Telling:
        """The telling storage kept (a fresh one when there is none, or one this build cannot read:
        the next lines then start a new message rather than editing a lost one)."""
        if text is None:
            return cls()
        try:
            return cls.model_validate_json(text)
        except ValidationError:
            return cls()


@dataclass(frozen=True)
class StoryLine:
    """One public line to tell: its words, whether it opens a chapter, and its place in the log
    (``None`` for the service's own words about the table, which no retry tells again)."""

    text: str
    opens: bool = False
    place: str | None = None


@dataclass(frozen=True)
class Piece:
    """One message of the story as a telling leaves it: an edit of the story message (``message_id``)
    or a new message."""

    text: str
    message_id: int | None = None
    added: str = ""
    """For an edit: the words added (posted on their own if the message is gone)."""
    opens: bool = False
    """A new message that opens a chapter (the board picture goes with the last of them)."""
    nonce: str | None = None


def compose(telling: Telling, lines: Sequence[StoryLine], *, limit: int = LIMIT) -> list[Piece]:
    """The story messages ``lines`` go into after what ``telling`` says the thread holds: first
    the story message edited with the lines that join its chapter and fit, then a new message for
    each chapter opened and each time the current one is full. A line longer than a message is cut.
    """
    pieces: list[Piece] = []
    fresh = telling.story_id is None and not telling.story_text
    current_id, current, added, edited = telling.story_id, telling.story_text, "", False
    opens, place = False, None

    def close() -> None:
        if current_id is not None and edited:
            pieces.append(Piece(current, message_id=current_id, added=added))
        elif current_id is None and current:
            pieces.append(Piece(current, opens=opens, nonce=place))

    for line in lines:
        text = line.text[:limit]
        if not text:
            continue
        if current and not line.opens and len(current) + 1 + len(text) <= limit:
            current = f"{current}\n{text}"
            added = f"{added}\n{text}" if added else text
            edited = True
            continue
        close()
        opens = line.opens or (fresh and not pieces)
        current_id, current, added, edited, place = None, text, "", False, line.place
    close()
    return pieces


def ended(story: str, waiting: str, *, limit: int = LIMIT) -> str | None:
    """The story message ``story`` ending with the "Waiting for" line ``waiting`` (cut to
    :data:`ROOM`), below a blank line; ``None`` when the two do not fit one message (a story message
    told before the line went into it), which then leaves the line to a message of its own."""
    waiting = waiting[: ROOM - 2]
    if not story or not waiting:
        return story or waiting
    text = f"{story}\n\n{waiting}"
    return text if len(text) <= limit else None


def step_of(telling: Telling, seats: Sequence[int]) -> list[int]:
    """The seats of the step the table is in: those awaited since it began, as long as no seat is
    awaited that was not at the last telling (then a new step begins with the seats awaited now)."""
    if telling.step and set(seats) <= set(telling.seats):
        return list(telling.step)
    return sorted(set(seats))


def nonce(*parts: object) -> str | None:
    """A message nonce from ``parts``, or ``None`` when it would pass Discord's limit (the message
    then goes without one)."""
    text = ":".join(str(p) for p in parts)
    return text if len(text) <= NONCE_LIMIT else None


__all__ = ["LIMIT", "NONCE_LIMIT", "ROOM", "Piece", "StoryLine", "Telling", "compose", "ended", "nonce",
           "step_of"]
