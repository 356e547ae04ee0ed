"""The reminder clock's rules, at their boundaries: quiet hours as ``[start, end)`` local hours,
with and without midnight inside, and which seats keep or restart their deadline after a move."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot.service.reminders import in_quiet_hours, next_deadlines
from rules.core import Option, Prompt, msg
from storage.records import Deadline, Preference, SeatRow

DAY = datetime(2026, 3, 2, tzinfo=UTC)


def at(hour: int) -> datetime:
    return DAY + timedelta(hours=hour)


def quiet(start: int, end: int, offset_minutes: int = 0) -> Preference:
    return Preference(user_id=1, quiet_start=start, quiet_end=end, utc_offset_minutes=offset_minutes)


@pytest.mark.parametrize(("hour", "silent"), [(8, False), (9, True), (16, True), (17, False), (23, False)])
def test_quiet_hours_within_one_day_include_the_start_hour_and_exclude_the_end_hour(
    hour: int, silent: bool
) -> None:
    assert in_quiet_hours(quiet(9, 17), at(hour)) is silent


@pytest.mark.parametrize(("hour", "silent"), [(22, False), (23, True), (0, True), (7, True), (8, False)])
def test_quiet_hours_across_midnight_include_the_start_hour_and_exclude_the_end_hour(
    hour: int, silent: bool
) -> None:
    assert in_quiet_hours(quiet(23, 8), at(hour)) is silent


def test_quiet_hours_are_the_players_local_hours() -> None:
    assert in_quiet_hours(quiet(9, 17, offset_minutes=120), at(7)) is True  # 09:00 local
    assert in_quiet_hours(quiet(9, 17, offset_minutes=120), at(15)) is False  # 17:00 local


def test_equal_start_and_end_mean_no_quiet_hours() -> None:
    assert not any(in_quiet_hours(quiet(5, 5), at(hour)) for hour in range(24))


def _prompt(seat: int) -> Prompt:
    options = tuple(Option(action={"kind": "pass", "n": i}, label=msg("t.opt", n=i)) for i in range(2))
    return Prompt(seat=seat, title=msg("t.title"), options=options)


SEATS = [SeatRow(table_id=7, position=0, name="Ann", user_id=10),
         SeatRow(table_id=7, position=1, name="Bo", user_id=11)]


def test_a_player_who_moved_and_still_owes_a_decision_starts_a_fresh_clock() -> None:
    old = Deadline(table_id=7, seat=0, user_id=10, due_at=at(1), since_seq=3, reminded=1)
    after = next_deadlines(7, {0: _prompt(0)}, SEATS, [old], moved={0}, head=4, now=at(5), pace_hours=24)
    assert after == [Deadline(table_id=7, seat=0, user_id=10, due_at=at(29), since_seq=4)]


def test_a_player_still_owing_the_same_decision_keeps_the_clock_while_others_move() -> None:
    old = Deadline(table_id=7, seat=1, user_id=11, due_at=at(1), since_seq=3, reminded=1)
    after = next_deadlines(7, {1: _prompt(1)}, SEATS, [old], moved={0}, head=4, now=at(5), pace_hours=24)
    assert after == [old]
