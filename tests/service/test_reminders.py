"""Deadlines, reminders with quiet hours, stand-in bots and reclaiming a seat; abandoning a table;
what a user is waiting on; notices kept for later."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import datetime

import pytest

from bot.service import (
    BadSetting,
    GameOverError,
    NotSeated,
    NotStandingIn,
    Preferences,
    StandingIn,
    TableService,
)
from bot.service.tables import stored
from rules import registry
from rules.core import Prompt, Seat, msg
from storage.records import NewEntry
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import ENGINE, Bid, SealedBid, State, Take
from tests.service.conftest import ADA, BO, CHANNEL, CY, GUILD, T0, Clock, new_table


async def started(service: TableService, *people: tuple[int, str], stand_ins: bool = False) -> int:
    table = await new_table(service, *people, stand_ins=stand_ins)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    return table.id


def at(hour: int, minute: int = 0, day: int = 3) -> datetime:
    return T0.replace(day=day, hour=hour, minute=minute)


async def test_each_person_owing_a_decision_has_a_deadline_one_pace_away(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    status = await service.status(table_id)
    assert [(w.user_id, w.due_at) for w in status.waiting] == [(ADA, at(9)), (BO, at(9))]


async def test_nobody_is_reminded_before_the_deadline(service: TableService) -> None:
    await started(service, (BO, "Bo"))
    assert await service.due_reminders(at(8, 59)) == []


async def test_a_first_reminder_does_not_announce_a_stand_in(service: TableService) -> None:
    await started(service, (BO, "Bo"), stand_ins=True)
    assert [r.stand_in_next for r in await service.due_reminders(at(9))] == [False, False]


async def test_a_passed_deadline_is_due_with_where_to_remind(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    due = await service.due_reminders(at(9))
    assert [(r.table_id, r.seat, r.user_id, r.name, r.count) for r in due] == [
        (table_id, 0, ADA, "Ada", 0), (table_id, 1, BO, "Bo", 0)]
    assert (due[0].guild_id, due[0].channel_id, due[0].game_id) == (GUILD, 2, "sealed_bid")


async def test_a_seat_that_moved_is_no_longer_reminded(service: TableService, clock: Clock) -> None:
    table_id = await started(service, (BO, "Bo"))
    clock.advance(hours=3)
    await service.act(table_id, ADA, Bid(coins=1))
    assert [r.user_id for r in await service.due_reminders(at(10))] == [BO]


async def test_a_simultaneous_step_keeps_the_waiting_seats_clock(service: TableService, clock: Clock) -> None:
    table_id = await started(service, (BO, "Bo"), (CY, "Cy"))
    clock.advance(hours=5)
    await service.act(table_id, ADA, Bid(coins=1))
    status = await service.status(table_id)
    assert [(w.user_id, w.due_at) for w in status.waiting] == [(BO, at(9)), (CY, at(9))]


async def test_a_new_decision_starts_a_new_clock(service: TableService, clock: Clock) -> None:
    table_id = await started(service, (BO, "Bo"))
    clock.advance(hours=2)
    await service.act(table_id, ADA, Bid(coins=2))
    clock.advance(hours=1)
    await service.act(table_id, BO, Bid(coins=1))  # Ada now owes a take
    status = await service.status(table_id)
    assert [(w.user_id, w.due_at) for w in status.waiting] == [(ADA, at(12))]


async def test_the_second_reminder_comes_after_a_longer_interval(service: TableService, clock: Clock) -> None:
    table_id = await started(service, (BO, "Bo"))
    clock.now = at(9, 5)
    assert await service.mark_reminded(table_id, 0) is None
    due = await service.due_reminders(at(9, 5, day=4))
    assert [r.user_id for r in due] == [BO]  # Ada's next reminder is two paces later
    due = await service.due_reminders(at(9, 5, day=5))
    assert [(r.user_id, r.count) for r in due] == [(BO, 0), (ADA, 1)]  # earliest deadline first


async def test_no_reminder_in_quiet_hours(service: TableService) -> None:
    await started(service, (BO, "Bo"))
    # Bo lives at UTC+2 and sleeps 23:00–08:00 local: 05:00 UTC is 07:00 for him.
    await service.set_preferences(Preferences(BO, "el", quiet_start=23, quiet_end=8, utc_offset_minutes=120))
    assert [r.user_id for r in await service.due_reminders(at(5, day=4))] == [ADA]
    assert [r.user_id for r in await service.due_reminders(at(6, day=4))] == [ADA, BO]


async def test_preferences_default_and_are_checked(service: TableService) -> None:
    assert await service.preferences(CY) == Preferences(CY)
    with pytest.raises(BadSetting, match="hour 24"):
        await service.set_preferences(Preferences(CY, quiet_start=24, quiet_end=6))


async def test_without_permission_no_stand_in_takes_a_silent_seat(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    for _ in range(3):
        assert await service.mark_reminded(table_id, 1) is None
    assert (await service.table(table_id)).seats[1].stand_in is None


async def test_after_repeated_silence_a_stand_in_plays_the_seat(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"), stand_ins=True)
    await service.act(table_id, ADA, Bid(coins=1))
    assert await service.mark_reminded(table_id, 1) is None
    assert await service.mark_reminded(table_id, 1) is None
    (last_chance,) = await service.due_reminders(at(9, day=30))
    assert (last_chance.user_id, last_chance.count, last_chance.stand_in_next) == (BO, 2, True)
    outcome = await service.mark_reminded(table_id, 1)
    assert outcome is not None
    keys = [line.message.key for line in outcome.public]
    assert keys[:2] == ["service.stand_in", "sealed.bid_placed"]
    assert outcome.table.seats[1].stand_in == "random"
    assert [w.user_id for w in outcome.waiting] == [ADA]  # the stand-in played whatever Bo owed
    assert [r.user_id for r in await service.due_reminders(at(9, day=30))] == [ADA]


async def test_a_player_with_a_stand_in_must_reclaim_before_acting(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"), stand_ins=True)
    for _ in range(3):
        await service.mark_reminded(table_id, 1)
    with pytest.raises(StandingIn):
        await service.act(table_id, BO, Bid(coins=0))
    assert await service.prompt_for(table_id, BO) is None
    outcome = await service.reclaim(table_id, BO)
    assert outcome.public[0].message.key == "service.reclaimed"
    assert outcome.table.seats[1].stand_in is None
    assert (await service.view_for(table_id, BO)).view.players[1].has_bid  # type: ignore[attr-defined]
    await service.act(table_id, ADA, Bid(coins=5))  # the highest bid: Ada takes first
    await service.act(table_id, ADA, Take(token=0))
    prompt = await service.prompt_for(table_id, BO)
    assert prompt is not None and prompt.seat == 1
    await service.act(table_id, BO, Take(token=0), expected_seq=prompt.seq)


async def test_reclaiming_a_seat_nobody_stands_in_for_is_refused(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    with pytest.raises(NotStandingIn):
        await service.reclaim(table_id, BO)


async def test_waiting_on_lists_the_users_decisions_in_a_guild(service: TableService) -> None:
    first = await started(service, (BO, "Bo"))
    elsewhere = await service.create_table("sealed_bid", 99, 5, BO, "Bo")
    await service.join(elsewhere.id, ADA, "Ada")
    await service.start(elsewhere.id, BO, seed=1)
    assert [w.table_id for w in await service.waiting_on(GUILD, ADA)] == [first]
    assert sorted(w.table_id for w in await service.waiting_on(None, ADA)) == [first, elsewhere.id]
    await service.act(first, ADA, Bid(coins=1))
    assert await service.waiting_on(GUILD, ADA) == []


async def test_the_creator_abandons_at_once(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    outcome = await service.abandon(table_id, ADA)
    assert outcome.table.status == "abandoned" and outcome.public[0].message.key == "service.abandoned"
    assert await service.due_reminders(at(9, day=9)) == []
    with pytest.raises(GameOverError):
        await service.act(table_id, BO, Bid(coins=0))


async def test_other_players_abandon_by_majority_vote(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"), (CY, "Cy"))
    first = await service.abandon(table_id, BO)
    assert first.public[0].message.params == {"seat": 1, "votes": 1, "needed": 2}
    assert first.table.status == "active"
    second = await service.abandon(table_id, CY)
    assert second.table.status == "abandoned"


async def test_a_stranger_cannot_vote_to_abandon(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    with pytest.raises(NotSeated):
        await service.abandon(table_id, CY)


async def test_notices_are_kept_until_taken(service: TableService) -> None:
    await service.add_notice(BO, 1, [msg("sealed.your_bid", coins=3)])
    (notice,) = await service.take_notices(BO)
    assert notice.lines == (msg("sealed.your_bid", coins=3),) and notice.table_id == 1
    assert await service.take_notices(BO) == []


async def test_resume_lets_bots_answer_a_move_stored_just_before_a_crash(
    service: TableService, repo: SqliteRepository
) -> None:
    table = await new_table(service, bots=1)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)  # the bot bids at once (seq 1)
    # Ada's bid of 0 reached the log, but the process died before the bot (who bid more) took.
    log = [(e.seat, e.payload_json) for e in await repo.entries(table.id)]
    _, events = ENGINE.apply(ENGINE.replay(2, table.options, 7, log), 0, Bid(coins=0))
    entry = NewEntry("action", 0, f"user:{ADA}", ENGINE.dump_action(Bid(coins=0)), stored(events))
    await repo.append(table.id, 1, [entry], T0)
    assert await service.prompt_for(table.id, ADA) is None  # the table waits for the bot

    outcome = await service.resume(table.id)
    assert outcome is not None and outcome.public[0].message.key == "sealed.took"
    assert [w.user_id for w in outcome.waiting] == [ADA]
    assert await service.resume(table.id) is None  # waiting for a person: nothing to do


class PassWhenSilent(SealedBid):
    """Sealed Bid whose take-or-pass decision has a timeout default: pass."""

    info = SealedBid.info.model_copy(update={"id": "sealed_bid_pass"})

    def pending(self, state: State) -> dict[Seat, Prompt]:
        prompts = super().pending(state)
        return {
            seat: replace(p, default=len(p.options) - 1) if p.options else p
            for seat, p in prompts.items()
        }


@pytest.fixture
def pass_when_silent() -> Iterator[None]:
    registry.register(PassWhenSilent())
    yield
    registry.unregister("sealed_bid_pass")


async def owing_a_take(service: TableService) -> int:
    """A table of the defaulting game where Ada owes take-or-pass (both bid, Ada higher)."""
    table = await service.create_table("sealed_bid_pass", GUILD, CHANNEL, ADA, "Ada", {})
    await service.join(table.id, BO, "Bo")
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=2))
    await service.act(table.id, BO, Bid(coins=1))
    return table.id


@pytest.mark.usefixtures("pass_when_silent")
async def test_a_decision_with_a_timeout_default_is_reminded_once_first(service: TableService) -> None:
    table_id = await owing_a_take(service)
    (first,) = await service.due_reminders(at(9, day=4))
    assert (first.user_id, first.count, first.default_next) == (ADA, 0, False)
    assert await service.mark_reminded(table_id, 0) is None


@pytest.mark.usefixtures("pass_when_silent")
async def test_after_a_missed_reminder_the_timeout_default_is_taken(service: TableService) -> None:
    table_id = await owing_a_take(service)
    head = (await service.table(table_id)).seq
    assert await service.mark_reminded(table_id, 0) is None
    (second,) = await service.due_reminders(at(9, day=30))
    assert (second.user_id, second.count, second.default_next) == (ADA, 1, True)
    outcome = await service.mark_reminded(table_id, 0)
    assert outcome is not None
    timed_out = outcome.public[0].message
    assert timed_out.key == "service.timed_out" and timed_out.params["seat"] == 0
    assert timed_out.params["choice"] == msg("sealed.pass")
    assert "sealed.passed" in [line.message.key for line in outcome.public]
    assert outcome.table.seq == head + 1
    assert outcome.table.seats[0].stand_in is None  # the seat stays Ada's
    entry = (await service.repo.entries(table_id))[-1]
    assert (entry.seat, entry.actor, entry.payload_json) == (0, "timeout:", '{"kind":"pass"}')
    assert [w.user_id for w in outcome.waiting] == [BO]  # the game moved on to Bo's take-or-pass


@pytest.mark.usefixtures("pass_when_silent")
async def test_a_restarted_service_carries_on_after_a_timeout_default(
    service: TableService, repo: SqliteRepository
) -> None:
    table_id = await owing_a_take(service)
    await service.mark_reminded(table_id, 0)
    await service.mark_reminded(table_id, 0)
    fresh = TableService(repo)
    assert (await fresh.table(table_id)).seq == (await service.table(table_id)).seq
    assert [w.user_id for w in (await fresh.status(table_id)).waiting] == [BO]
    assert (await fresh.prompt_for(table_id, BO)) is not None


async def test_a_decision_without_a_default_is_never_taken_for_the_player(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=2))
    await service.act(table_id, BO, Bid(coins=1))
    for _ in range(3):
        assert await service.mark_reminded(table_id, 0) is None
    assert [r.default_next for r in await service.due_reminders(at(9, day=30))] == [False]


@pytest.mark.usefixtures("pass_when_silent")
async def test_the_last_reminder_before_a_timeout_default_names_the_choice_and_when(
    service: TableService,
) -> None:
    await owing_a_take(service)
    (last_call,) = await service.due_reminders(at(9, day=4))
    assert last_call.default_choice == msg("sealed.pass")
    assert last_call.default_due == at(9, day=6)  # the next reminder falls two paces later


async def test_a_reminder_without_a_timeout_default_names_no_choice(service: TableService) -> None:
    await started(service, (BO, "Bo"))
    assert [(r.default_choice, r.default_due) for r in await service.due_reminders(at(9))] == [
        (None, None), (None, None)]
