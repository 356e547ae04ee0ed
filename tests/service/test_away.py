"""Away for a while: the clocks of an absent player's seats stand still at every table, within an
allowance of 14 days in any 60, and start again when they are back."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service import AwayRefused, BadSetting, TableService
from tests.fixtures.sealed_bid import Bid
from tests.service.conftest import ADA, BO, CY, T0, Clock, new_table

DAY = timedelta(days=1)
FIRST_DEADLINE = T0 + DAY
"""Every seat's first decision is due one pace (24 hours) after the start."""


async def started(service: TableService, *people: tuple[int, str]) -> int:
    table = await new_table(service, *people)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    return table.id


async def due(service: TableService, table_id: int) -> dict[int | None, object]:
    return {w.user_id: w.due_at for w in (await service.status(table_id)).waiting}


async def test_going_away_moves_the_players_deadline_on_by_the_days_away(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.away(ADA, 3)
    assert await due(service, table_id) == {ADA: FIRST_DEADLINE + 3 * DAY, BO: FIRST_DEADLINE}


async def test_an_absent_player_is_not_reminded_while_the_others_are(service: TableService) -> None:
    await started(service, (BO, "Bo"))
    await service.away(ADA, 3)
    assert [r.user_id for r in await service.due_reminders(FIRST_DEADLINE + DAY)] == [BO]


async def test_an_overdue_player_who_goes_away_is_not_reminded_until_back(
    service: TableService, clock: Clock
) -> None:
    await started(service, (BO, "Bo"))
    clock.now = FIRST_DEADLINE + 2 * DAY
    await service.away(ADA, 1)  # her deadline moves to a day after it was, still past
    assert [r.user_id for r in await service.due_reminders(clock.now)] == [BO]
    assert sorted(r.user_id for r in await service.due_reminders(clock.now + DAY)) == [ADA, BO]


async def test_every_table_the_player_sits_at_is_told_in_its_thread(service: TableService) -> None:
    first = await started(service, (BO, "Bo"))
    second = await started(service, (CY, "Cy"))
    outcomes = await service.away(ADA, 2)
    assert [o.table.id for o in outcomes] == [first, second]
    for outcome in outcomes:
        [line] = outcome.public
        assert line.message.key == "service.away" and line.seats is None
        assert line.message.params["seat"] == outcome.table.seat_of(ADA).seat  # type: ignore[union-attr]
        assert line.message.params["days"] == 2


async def test_the_others_play_on_and_a_decision_that_falls_to_the_absent_player_waits_for_their_return(
    service: TableService, clock: Clock
) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=2))
    await service.away(ADA, 2)
    clock.advance(hours=5)
    await service.act(table_id, BO, Bid(coins=1))  # Ada, the higher bid, now owes a take
    assert await due(service, table_id) == {ADA: T0 + 2 * DAY + DAY}


async def test_coming_back_early_gives_back_the_days_not_used(service: TableService, clock: Clock) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.away(ADA, 5)
    clock.advance(hours=30)
    outcomes = await service.back(ADA)
    assert [line.message.key for o in outcomes for line in o.public] == ["service.back"]
    assert await due(service, table_id) == {ADA: FIRST_DEADLINE + timedelta(hours=30), BO: FIRST_DEADLINE}


async def test_a_decision_that_fell_due_while_away_counts_from_an_early_return(
    service: TableService, clock: Clock
) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=2))
    await service.away(ADA, 5)
    await service.act(table_id, BO, Bid(coins=1))
    clock.advance(days=1)
    await service.back(ADA)
    assert await due(service, table_id) == {ADA: clock.now + DAY}


async def test_days_away_are_a_whole_number_from_1_to_14(service: TableService) -> None:
    for days in (0, 15, -1):
        with pytest.raises(BadSetting) as refused:
            await service.away(ADA, days)
        assert refused.value.key == "service.away_days"
    assert await service.away_spell(ADA) is None


async def test_beyond_the_allowance_the_player_is_told_how_many_days_are_left(
    service: TableService, clock: Clock
) -> None:
    await service.away(ADA, 10)
    clock.advance(days=10)
    assert await service.away_days_left(ADA) == 4
    with pytest.raises(AwayRefused) as refused:
        await service.away(ADA, 5)
    assert refused.value.key == "service.away_allowance" and refused.value.params["left"] == 4
    assert await service.away_spell(ADA) is None
    await service.away(ADA, 4)
    assert await service.away_spell(ADA) is not None


async def test_any_60_days_means_also_those_that_end_after_the_new_spell(
    service: TableService, clock: Clock
) -> None:
    await service.away(ADA, 10)
    clock.advance(days=55)  # the 60 days from the first spell's start hold 5 more days
    assert await service.away_days_left(ADA) == 4
    clock.advance(days=15)  # 70 days on, the first spell is out of every span with a new one
    assert await service.away_days_left(ADA) == 14


async def test_a_spell_ended_early_counts_only_the_days_it_lasted(
    service: TableService, clock: Clock
) -> None:
    await service.away(ADA, 14)
    clock.advance(days=4)
    await service.back(ADA)
    assert await service.away_days_left(ADA) == 10


async def test_a_player_away_already_or_not_away_is_told_so(service: TableService) -> None:
    with pytest.raises(AwayRefused) as not_away:
        await service.back(ADA)
    assert not_away.value.key == "service.not_away"
    await service.away(ADA, 2)
    with pytest.raises(AwayRefused) as again:
        await service.away(ADA, 2)
    assert again.value.key == "service.away_already"


async def test_once_the_spell_runs_out_the_clock_runs_again(service: TableService, clock: Clock) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, ADA, Bid(coins=2))
    await service.away(ADA, 1)
    clock.advance(days=2)
    assert await service.away_spell(ADA) is None
    await service.act(table_id, BO, Bid(coins=1))
    assert await due(service, table_id) == {ADA: clock.now + DAY}


async def test_while_away_the_days_left_are_those_after_the_spell(service: TableService) -> None:
    await service.away(ADA, 2)
    assert await service.away_days_left(ADA) == 12


async def test_a_spell_that_runs_out_is_told_once_at_each_table(service: TableService, clock: Clock) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.away(ADA, 1)
    clock.advance(hours=23)
    assert await service.aways_over() == []
    clock.advance(hours=2)
    [over] = await service.aways_over()
    assert over.table.id == table_id and [line.message.key for line in over.public] == ["service.away_over"]
    assert await service.aways_over() == []
    assert await due(service, table_id) == {ADA: FIRST_DEADLINE + DAY, BO: FIRST_DEADLINE}
    assert await service.away_days_left(ADA) == 13, "the spell counts whole"
