"""Creating, joining, leaving, seating bots and starting a table."""

from __future__ import annotations

import json

import pytest

from bot.service import (
    AlreadySeated,
    AlreadyStarted,
    BadSetting,
    GameOverError,
    NoSuchTable,
    NotCreator,
    NotEnoughPlayers,
    NotSeated,
    TableFull,
    TableService,
    UnknownGameError,
)
from rules.core import RuleError
from rules.core.messages import typed
from tests.service.conftest import ADA, BO, CHANNEL, CY, GUILD, new_table


async def test_the_creator_takes_seat_zero_of_a_table_in_the_lobby(service: TableService) -> None:
    table = await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada")
    assert table.status == "lobby"
    assert [(s.seat, s.name, s.user_id) for s in table.seats] == [(0, "Ada", ADA)]
    assert (table.title, table.min_players, table.max_players) == ("Sealed Bid", 2, 4)


async def test_options_are_stored_complete_with_their_defaults(service: TableService) -> None:
    table = await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", {"starting_coins": 7})
    assert table.options == {"starting_coins": 7, "market_size": 4}


async def test_an_unknown_game_is_refused_with_its_key(service: TableService) -> None:
    with pytest.raises(UnknownGameError) as caught:
        await service.create_table("chess", GUILD, CHANNEL, ADA, "Ada")
    assert caught.value.key == "service.unknown_game" and caught.value.params["game"] == "chess"


async def test_an_invalid_option_is_refused_by_the_game(service: TableService) -> None:
    with pytest.raises(RuleError):
        await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", {"starting_coins": 99})
    with pytest.raises(RuleError):
        await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", {"no_such_option": 1})
    assert await service.tables(GUILD) == []


async def test_joining_takes_the_next_seat_and_tells_the_table(service: TableService) -> None:
    table = await new_table(service)
    outcome = await service.join(table.id, BO, "Bo")
    assert [s.name for s in outcome.table.seats] == ["Ada", "Bo"]
    assert [line.message.key for line in outcome.public] == ["service.joined"]
    assert outcome.public[0].message.params == {"seat": 1}


async def test_a_player_cannot_join_twice(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    with pytest.raises(AlreadySeated):
        await service.join(table.id, BO, "Bo")


async def test_a_full_table_refuses_another_player(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"), (CY, "Cy"), bots=1)
    with pytest.raises(TableFull):
        await service.join(table.id, 400, "Di")


async def test_joining_a_missing_table_names_it(service: TableService) -> None:
    with pytest.raises(NoSuchTable) as caught:
        await service.join(77, BO, "Bo")
    assert caught.value.params == {"table": 77}


async def test_leaving_frees_the_seat_and_later_seats_move_up(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"), (CY, "Cy"))
    outcome = await service.leave(table.id, BO)
    assert [s.name for s in outcome.table.seats] == ["Ada", "Cy"]
    assert outcome.public[0].message.params == {"name": typed("Bo")}


async def test_the_creator_leaving_closes_the_table(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    outcome = await service.leave(table.id, ADA)
    assert outcome.table.status == "abandoned"
    with pytest.raises(GameOverError):
        await service.join(table.id, CY, "Cy")


async def test_only_a_seated_player_can_leave(service: TableService) -> None:
    table = await new_table(service)
    with pytest.raises(NotSeated):
        await service.leave(table.id, BO)


async def test_a_greedy_bot_falls_back_to_random_when_the_game_has_none(service: TableService) -> None:
    table = await new_table(service)
    outcome = await service.add_bot(table.id, ADA, "greedy")
    assert outcome.table.seats[1].bot == "random" and outcome.table.seats[1].user_id is None


async def test_an_unknown_bot_kind_is_refused(service: TableService) -> None:
    table = await new_table(service)
    with pytest.raises(BadSetting):
        await service.add_bot(table.id, ADA, "genius")


async def test_only_a_seated_player_can_add_a_bot(service: TableService) -> None:
    table = await new_table(service)
    with pytest.raises(NotSeated):
        await service.add_bot(table.id, BO, "random")


async def test_only_the_creator_can_start(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    with pytest.raises(NotCreator):
        await service.start(table.id, BO)


async def test_a_table_below_the_player_minimum_cannot_start(service: TableService) -> None:
    table = await new_table(service)
    with pytest.raises(NotEnoughPlayers) as caught:
        await service.start(table.id, ADA)
    assert caught.value.params == {"game": "Sealed Bid", "min": 2, "players": 1}


async def test_starting_fixes_seed_and_a_seat_order_drawn_from_it(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"), (CY, "Cy"))
    first = await service.start(table.id, ADA, seed=11)
    assert first.table.status == "active" and first.table.seed == 11
    again = await new_table(service, (BO, "Bo"), (CY, "Cy"))
    second = await service.start(again.id, ADA, seed=11)
    assert first.table.names == second.table.names
    assert sorted(first.table.names) == ["Ada", "Bo", "Cy"]
    started = first.public[0]
    assert started.message.key == "service.started"
    assert started.message.params["names"] == [typed(name) for name in first.table.names]


async def test_each_person_is_told_their_seat_privately(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    outcome = await service.start(table.id, ADA, seed=3, shuffle_seats=False)
    assert outcome.private[0][0].message.params == {"number": 1}
    assert outcome.private[1][0].seats == frozenset({1})


async def test_seats_cannot_change_after_the_start(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1)
    with pytest.raises(AlreadyStarted):
        await service.join(table.id, CY, "Cy")
    with pytest.raises(AlreadyStarted):
        await service.leave(table.id, BO)
    with pytest.raises(AlreadyStarted):
        await service.start(table.id, ADA)


async def test_bot_seats_play_at_the_start_until_a_person_owes_a_decision(service: TableService) -> None:
    table = await new_table(service, bots=2)
    outcome = await service.start(table.id, ADA, seed=5)
    assert outcome.table.seq == 2  # both bots bid at once
    assert [w.user_id for w in outcome.waiting] == [ADA]
    assert [line.message.key for line in outcome.public][2:] == ["sealed.bid_placed"] * 2


async def test_settings_are_the_creators_and_checked(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    with pytest.raises(NotCreator):
        await service.settings(table.id, BO, pace_hours=2)
    with pytest.raises(BadSetting):
        await service.settings(table.id, ADA, pace_hours=0)
    info = await service.settings(table.id, ADA, pace_hours=6, stand_ins=True)
    assert (info.pace_hours, info.stand_ins) == (6, True)


async def test_a_table_is_told_in_the_language_it_was_opened_with(service: TableService) -> None:
    table = await service.create_table(
        "sealed_bid", GUILD, CHANNEL, ADA, "Ada", locale="en", table_locale="el"
    )
    assert table.locale == "el" and table.seats[0].locale == "en"
    assert (await service.table(table.id)).locale == "el"


async def test_a_table_opened_without_a_language_has_none(service: TableService) -> None:
    table = await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", locale="el")
    assert table.locale is None


async def test_a_table_language_no_catalogue_ships_opens_nothing(service: TableService) -> None:
    with pytest.raises(BadSetting):
        await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", table_locale="fr")
    assert await service.tables(GUILD) == []


async def test_only_the_creator_changes_the_table_language(service: TableService) -> None:
    table = await new_table(service, (BO, "Bo"))
    with pytest.raises(NotCreator):
        await service.settings(table.id, BO, locale="el")
    assert (await service.table(table.id)).locale is None
    info = await service.settings(table.id, ADA, locale="el")
    assert info.locale == "el" and (await service.table(table.id)).locale == "el"


async def test_a_table_language_no_catalogue_ships_changes_nothing(service: TableService) -> None:
    table = await new_table(service)
    await service.settings(table.id, ADA, locale="el")
    with pytest.raises(BadSetting):
        await service.settings(table.id, ADA, locale="de", pace_hours=3)
    info = await service.table(table.id)
    assert (info.locale, info.pace_hours) == ("el", 24)


async def test_tables_are_listed_by_guild_and_channel(service: TableService) -> None:
    a = await new_table(service)
    b = await service.create_table("sealed_bid", GUILD, 99, BO, "Bo")
    assert [t.id for t in await service.tables(GUILD)] == [a.id, b.id]
    assert [t.id for t in await service.tables(GUILD, 99)] == [b.id]
    assert json.loads(json.dumps(a.options)) == a.options
