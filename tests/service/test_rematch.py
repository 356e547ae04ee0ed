"""Rematch: a finished table opens one new lobby with the same game, options, pace, stand-in rule and
bots; whoever asks first is its creator, each player after them is seated with one request."""

from __future__ import annotations

import pytest

from bot.service import AlreadyStarted, GameOverError, NotSeated, TableService
from bot.service.errors import TooManyTables
from storage.sqlite import SqliteRepository
from tests.service.conftest import ADA, BO, CY, GUILD, Clock, new_table, play_to_end


async def finished(service: TableService, *, bots: int = 0, **options: int) -> int:
    table = await new_table(service, (BO, "Bo"), bots=bots, **options)
    await service.settings(table.id, ADA, pace_hours=6, stand_ins=True)
    await service.start(table.id, ADA, seed=3)
    await play_to_end(service, table.id, (ADA, BO))
    assert (await service.table(table.id)).status == "finished"
    return table.id


async def test_the_first_to_ask_opens_a_lobby_like_the_finished_table_and_is_seated_as_its_creator(
    service: TableService,
) -> None:
    old = await finished(service, starting_coins=7)
    made = await service.rematch(old, BO, "Bo", thread_id=555)
    assert made.created and made.joined
    new, previous = made.table, made.previous
    assert new.id != old and new.status == "lobby" and new.thread_id == 555
    assert (new.game_id, new.options, new.pace_hours, new.stand_ins) == (
        previous.game_id, previous.options, 6, True)
    assert new.options["starting_coins"] == 7
    assert new.creator_id == BO and [s.user_id for s in new.seats] == [BO]
    assert made.invited == (ADA,)


async def test_a_rematch_is_told_in_the_finished_tables_language(service: TableService) -> None:
    table = await service.create_table("sealed_bid", GUILD, 1, ADA, "Ada", table_locale="el")
    await service.join(table.id, BO, "Bo")
    await service.start(table.id, ADA, seed=3)
    await play_to_end(service, table.id, (ADA, BO))
    made = await service.rematch(table.id, BO, "Bo", thread_id=555, locale="en")
    assert made.table.locale == "el"


async def test_the_finished_tables_bots_are_seated_again_of_the_same_kind(service: TableService) -> None:
    old = await finished(service, bots=1)
    made = await service.rematch(old, ADA, "Ada", thread_id=555)
    assert [(s.user_id, s.bot) for s in made.table.seats] == [(ADA, None), (None, "random")]


async def test_a_player_asking_after_the_first_is_seated_at_the_same_rematch(service: TableService) -> None:
    old = await finished(service)
    first = await service.rematch(old, ADA, "Ada", thread_id=555)
    second = await service.rematch(old, BO, "Bo")
    assert second.table.id == first.table.id and (second.created, second.joined) == (False, True)
    assert [s.user_id for s in second.table.seats] == [ADA, BO]
    assert [line.message.key for line in second.lines] == ["service.joined"]
    assert second.invited == ()


async def test_asking_twice_makes_one_rematch_and_one_seat(service: TableService) -> None:
    old = await finished(service)
    first = await service.rematch(old, ADA, "Ada", thread_id=555)
    again = await service.rematch(old, ADA, "Ada", thread_id=556)
    assert again.table.id == first.table.id and (again.created, again.joined) == (False, False)
    assert [s.user_id for s in again.table.seats] == [ADA]
    assert (await service.rematch_of(old)) == again.table


async def test_two_processes_asking_at_once_make_one_rematch(
    repo: SqliteRepository, service: TableService, clock: Clock, monkeypatch: pytest.MonkeyPatch
) -> None:
    old = await finished(service)
    first = await service.rematch(old, ADA, "Ada", thread_id=555)

    async def not_yet_seen(table_id: int) -> None:  # the other process looked before it was recorded
        return None

    other = TableService(repo, clock=clock, owner="other")
    monkeypatch.setattr(repo, "rematch_of", not_yet_seen)
    second = await other.rematch(old, BO, "Bo", thread_id=556)
    monkeypatch.undo()
    assert second.table.id == first.table.id and [s.user_id for s in second.table.seats] == [ADA, BO]
    assert await repo.rematch_of(old) == first.table.id
    lobbies = [t for t in await service.tables(GUILD) if t.status == "lobby"]
    assert [t.id for t in lobbies] == [first.table.id], "the table opened second was closed"


async def test_only_a_finished_game_has_a_rematch(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=3)
    with pytest.raises(GameOverError) as refused:
        await service.rematch(table.id, ADA, "Ada", thread_id=555)
    assert refused.value.key == "service.rematch_not_over"
    assert await service.rematch_of(table.id) is None


async def test_someone_who_had_no_seat_opens_no_rematch(service: TableService) -> None:
    old = await finished(service)
    with pytest.raises(NotSeated):
        await service.check_rematch(old, CY)
    with pytest.raises(NotSeated):
        await service.rematch(old, CY, "Cy", thread_id=555)
    assert await service.rematch_of(old) is None


async def test_a_rematch_that_started_takes_no_late_player(service: TableService) -> None:
    old = await finished(service, bots=1)
    made = await service.rematch(old, ADA, "Ada", thread_id=555)
    await service.start(made.table.id, ADA, seed=4)
    with pytest.raises(AlreadyStarted):
        await service.rematch(old, BO, "Bo")


async def test_the_limit_of_open_tables_holds_for_a_rematch(repo: SqliteRepository, clock: Clock) -> None:
    service = TableService(repo, clock=clock, open_tables_per_user=1)
    old = await finished(service)
    await service.create_table("sealed_bid", 1, 2, ADA, "Ada")
    with pytest.raises(TooManyTables):
        await service.check_rematch(old, ADA)
    with pytest.raises(TooManyTables):
        await service.rematch(old, ADA, "Ada", thread_id=555)
    assert await service.rematch_of(old) is None
