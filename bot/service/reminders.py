"""Deadlines and quiet hours.

Every seat a person holds that the table waits for has a deadline: the table's pace after the
decision became due (default 24 hours). When it passes, the player is reminded; the next reminder
comes after a longer interval (:data:`LATER_FACTOR` times the pace). Reminders are not sent inside
a player's quiet hours. After ``stand_in_after`` reminders, a table that allows it seats a stand-in bot.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import datetime, timedelta
from typing import Protocol

from rules.core import Prompt, Seat
from storage.records import Deadline, SeatRow

LATER_FACTOR = 2
"""The second and later reminders come this many paces after the previous one."""


class QuietHours(Protocol):
    """Whatever holds a user's quiet hours: the stored :class:`~storage.records.Preference` or the
    service's :class:`~bot.service.models.Preferences`."""

    @property
    def quiet_start(self) -> int | None: ...
    @property
    def quiet_end(self) -> int | None: ...
    @property
    def utc_offset_minutes(self) -> int: ...


def in_quiet_hours(preference: QuietHours | None, now: datetime) -> bool:
    """Whether ``now`` falls in the player's quiet hours (local hours ``[start, end)``, may wrap
    past midnight; ``start == end`` means none)."""
    if preference is None or preference.quiet_start is None or preference.quiet_end is None:
        return False
    hour = (now + timedelta(minutes=preference.utc_offset_minutes)).hour
    start, end = preference.quiet_start, preference.quiet_end
    if start < end:
        return start <= hour < end
    if start > end:
        return hour >= start or hour < end
    return False


def next_deadlines(
    table_id: int,
    pending: Mapping[Seat, Prompt],
    seats: Iterable[SeatRow],
    previous: Iterable[Deadline],
    moved: set[Seat],
    head: int,
    now: datetime,
    pace_hours: float,
    paused_until: Mapping[int, datetime] | None = None,
) -> list[Deadline]:
    """The deadlines after a change: a seat still owing the same decision keeps its clock; a seat
    that just moved, or newly owes one, starts a fresh one; bots and stand-ins get none. The fresh
    clock of a person who is away (``paused_until``: user id → the end of their spell away) starts
    when they are back."""
    kept = {d.seat: d for d in previous}
    paused = paused_until or {}
    deadlines = []
    for seat in seats:
        if seat.position not in pending or seat.user_id is None or seat.stand_in is not None:
            continue
        old = kept.get(seat.position)
        if old is not None and seat.position not in moved and old.user_id == seat.user_id:
            deadlines.append(old)
        else:
            start = max(now, paused.get(seat.user_id, now))
            deadlines.append(Deadline(table_id=table_id, seat=seat.position, user_id=seat.user_id,
                                      due_at=start + timedelta(hours=pace_hours), since_seq=head))
    return deadlines
