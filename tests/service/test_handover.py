"""A new person in a seat: the creator, or most of the other players, hand a seat to another member of
the server, who must accept; from then on the seat and its secrets are theirs alone."""

from __future__ import annotations

import pytest

from bot.service import HandoverRefused, NoHandover, NotSeated, TableService
from bot.service.handover import Candidate
from rules.core.messages import typed
from tests.fixtures.sealed_bid import Bid
from tests.service.conftest import ADA, BO, CY, GUILD, T0, Clock, new_table

DEE, EVE = 400, 500


async def started(service: TableService, *people: tuple[int, str], bots: int = 0) -> int:
    table = await new_table(service, *people, bots=bots)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    return table.id


def dee() -> Candidate:
    return Candidate(DEE, "Dee")


async def test_the_creator_offers_a_seat_at_once_and_the_new_person_must_accept(
    service: TableService,
) -> None:
    table_id = await started(service, (BO, "Bo"))
    handing = await service.hand_over(table_id, ADA, 1, dee())
    assert handing.handover is not None and handing.handover.offered and handing.missing == 0
    assert [line.message.key for line in handing.outcome.public] == ["service.handover_offered"]
    assert (await service.table(table_id)).seats[1].user_id == BO, "nothing changes before Dee accepts"


async def test_an_accepted_seat_is_the_new_persons_and_the_old_member_is_no_longer_seated(
    service: TableService,
) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.hand_over(table_id, ADA, 1, dee())
    taken = await service.accept_handover(table_id, DEE, 1, "Dee", locale="el")
    seat = taken.table.seats[1]
    assert (seat.user_id, seat.name, seat.locale) == (DEE, "Dee", "el")
    assert taken.table.seat_of(BO) is None and taken.previous_user_id == BO
    [told] = taken.outcome.public[:1]
    assert told.message.key == "service.handed_over" and told.message.params["name"] == typed("Bo")
    assert await service.handover_under_way(table_id) is None


async def test_a_handover_before_any_move_tells_of_no_log_entry(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.hand_over(table_id, ADA, 1, dee())
    taken = await service.accept_handover(table_id, DEE, 1, "Dee")
    assert (taken.outcome.announce_from, taken.outcome.announce_through) == (None, None)


async def test_the_seats_secrets_go_to_the_new_person_only(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.act(table_id, BO, Bid(coins=3))
    await service.hand_over(table_id, ADA, 1, dee())
    taken = await service.accept_handover(table_id, DEE, 1, "Dee")
    assert 1 in taken.outcome.private, "the new person is told their seat, with its private picture"
    with pytest.raises(NotSeated):
        await service.prompt_for(table_id, BO)
    assert (await service.view_for(table_id, BO)).seat is None, "Bo sees what a spectator sees"
    assert (await service.view_for(table_id, DEE)).seat == 1
    bids = {reader: [a.action for a in (await service.export(table_id, reader)).actions if a.seat == 1]
            for reader in (DEE, BO)}
    assert bids[BO] == [None], "Bo's export no longer holds the seat's secret bid"
    assert bids[DEE] != [None], "Dee's export holds the seat's own bid"


async def test_the_new_persons_clock_is_their_own(service: TableService, clock: Clock) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.hand_over(table_id, ADA, 1, dee())
    clock.advance(hours=5)
    await service.accept_handover(table_id, DEE, 1, "Dee")
    waiting = {w.user_id: w.due_at for w in (await service.status(table_id)).waiting}
    assert BO not in waiting and DEE in waiting
    assert [w.table_id for w in await service.waiting_on(GUILD, DEE)] == [table_id], "/game mine lists it"
    assert await service.waiting_on(GUILD, BO) == []
    assert [r.user_id for r in await service.due_reminders(T0.replace(day=5))] == [ADA, DEE]


async def test_a_player_proposes_and_it_goes_ahead_once_most_of_the_others_agree(
    service: TableService,
) -> None:
    table_id = await started(service, (BO, "Bo"), (CY, "Cy"), (EVE, "Eve"))
    # Ada is the creator; Bo proposes handing Cy's seat: the others are Ada, Bo and Eve (2 needed).
    proposed = await service.hand_over(table_id, BO, 2, dee())
    assert proposed.handover is not None and not proposed.handover.offered and proposed.missing == 1
    assert proposed.outcome.public[0].message.key == "service.handover_proposed"
    with pytest.raises(NoHandover):
        await service.accept_handover(table_id, DEE, 2, "Dee")
    agreed = await service.agree_handover(table_id, EVE, 2, DEE)
    assert agreed.handover is not None and agreed.handover.offered
    assert agreed.outcome.public[0].message.key == "service.handover_offered"
    taken = await service.accept_handover(table_id, DEE, 2, "Dee")
    assert taken.table.seats[2].user_id == DEE


async def test_the_seats_own_player_does_not_count_among_those_who_decide(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"), (CY, "Cy"))
    proposed = await service.hand_over(table_id, BO, 1, dee())  # Bo's own seat: Ada and Cy decide
    assert proposed.missing == 2
    with pytest.raises(HandoverRefused) as refused:
        await service.agree_handover(table_id, BO, 1, DEE)
    assert refused.value.key == "service.handover_not_a_voter"
    assert (await service.agree_handover(table_id, CY, 1, DEE)).missing == 1


async def test_agreeing_twice_counts_once(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"), (CY, "Cy"), (EVE, "Eve"))
    await service.hand_over(table_id, BO, 2, dee())
    again = await service.agree_handover(table_id, BO, 2, DEE)
    assert again.missing == 1 and again.handover is not None and not again.handover.offered


async def test_someone_who_is_seated_a_bot_or_not_in_the_server_is_refused(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    refusals = {
        "service.handover_seated": Candidate(ADA, "Ada"),
        "service.handover_to_bot": Candidate(DEE, "Dee", bot=True),
        "service.handover_not_member": Candidate(DEE, "Dee", member=False),
    }
    for key, candidate in refusals.items():
        with pytest.raises(HandoverRefused) as refused:
            await service.hand_over(table_id, ADA, 1, candidate)
        assert refused.value.key == key
    assert await service.handover_under_way(table_id) is None


async def test_a_bots_seat_is_not_handed_over(service: TableService) -> None:
    table_id = await started(service, bots=1)
    with pytest.raises(HandoverRefused) as refused:
        await service.hand_over(table_id, ADA, 1, dee())
    assert refused.value.key == "service.handover_not_a_persons_seat"


async def test_someone_without_a_seat_hands_nothing_over(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    with pytest.raises(NotSeated):
        await service.hand_over(table_id, CY, 1, dee())


async def test_only_the_person_offered_the_seat_takes_it(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.hand_over(table_id, ADA, 1, dee())
    with pytest.raises(NoHandover) as refused:
        await service.accept_handover(table_id, EVE, 1, "Eve")
    assert refused.value.key == "service.handover_not_yours"
    assert (await service.table(table_id)).seats[1].user_id == BO


async def test_a_declined_offer_leaves_the_seat_as_it_was(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.hand_over(table_id, ADA, 1, dee())
    declined = await service.decline_handover(table_id, DEE, 1)
    assert declined.outcome.public[0].message.key == "service.handover_declined"
    assert await service.handover_under_way(table_id) is None
    with pytest.raises(NoHandover):
        await service.accept_handover(table_id, DEE, 1, "Dee")


async def test_a_seat_a_stand_in_plays_is_handed_over_without_the_stand_in(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"), stand_ins=True)
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    for _ in range(3):
        await service.mark_reminded(table.id, 1)
    assert (await service.table(table.id)).seats[1].stand_in is not None
    await service.hand_over(table.id, ADA, 1, dee())
    taken = await service.accept_handover(table.id, DEE, 1, "Dee")
    assert taken.table.seats[1].stand_in is None


async def test_the_creators_own_seat_handed_over_takes_the_creators_say_with_it(
    service: TableService,
) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.hand_over(table_id, ADA, 0, dee())
    taken = await service.accept_handover(table_id, DEE, 0, "Dee")
    assert "service.runs_the_table" in [line.message.key for line in taken.outcome.public]
    assert "service.you_run_the_table" in [line.message.key for line in taken.outcome.private[0]]
    with pytest.raises(NotSeated):
        await service.hand_over(table_id, ADA, 1, Candidate(EVE, "Eve"))
    handing = await service.hand_over(table_id, DEE, 1, Candidate(EVE, "Eve"))
    assert handing.handover is not None and handing.handover.offered, "Dee hands a seat at once"


async def test_another_seat_handed_over_leaves_the_creator_as_they_were(service: TableService) -> None:
    table_id = await started(service, (BO, "Bo"))
    await service.hand_over(table_id, ADA, 1, dee())
    taken = await service.accept_handover(table_id, DEE, 1, "Dee")
    assert "service.runs_the_table" not in [line.message.key for line in taken.outcome.public]
    handing = await service.hand_over(table_id, ADA, 1, Candidate(EVE, "Eve"))
    assert handing.handover is not None and handing.handover.offered, "Ada still hands a seat at once"
