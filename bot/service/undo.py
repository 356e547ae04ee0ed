"""When a move may be taken back.

A player may take back their own last move (and the bot moves that followed it) on their own only
while nothing hidden has come out since: no event of that move or a later one has
``reveals=True`` (a roll, a draw, secret commitments revealed), and no other person has moved
since. Otherwise seeing the outcome and retrying would be possible, so every other person at the
table must consent.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.tables import is_person, user_actor
from storage.records import Entry


@dataclass(frozen=True)
class UndoPlan:
    """The entries an undo would cancel, and whether the player may do it alone."""

    seqs: tuple[int, ...]
    alone: bool
    """No reveal and no other person's move since: no consent needed."""


def plan_undo(effective: Sequence[Entry], user_id: int) -> UndoPlan | None:
    """The undo of ``user_id``'s last move in the effective log, or ``None`` if they have none."""
    actor = user_actor(user_id)
    last = next((i for i in range(len(effective) - 1, -1, -1) if effective[i].actor == actor), None)
    if last is None:
        return None
    cancelled = effective[last:]
    revealed = any(event.reveals for e in cancelled for event in e.events)
    others_moved = any(is_person(e.actor) for e in cancelled[1:])
    return UndoPlan(seqs=tuple(e.seq for e in cancelled), alone=not revealed and not others_moved)
