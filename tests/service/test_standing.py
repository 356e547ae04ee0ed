"""History and standing: the finished tables of a server read from storage, the wins, the
average winning margin and each member's games with their place."""

from __future__ import annotations

import dataclasses
from datetime import timedelta

import pytest

from bot.service import TableInfo, TableService, standing
from bot.service.standing import Finished, member_history, server_standing
from rules.core.contract import Result
from tests.service.conftest import ADA, BO, CY, GUILD, T0, new_table, play_to_end


async def finished_table(service: TableService, *people: tuple[int, str]) -> TableInfo:
    table = await new_table(service, *people)
    await service.start(table.id, ADA)
    await play_to_end(service, table.id, (ADA, *(p[0] for p in people)))
    return await service.table(table.id)


def result(scores: dict[int, float], ranks: dict[int, int]) -> Result:
    return Result(scores=scores, ranks=ranks)


def game(table: TableInfo, scores: dict[int, float], ranks: dict[int, int], days: int = 0,
         game_id: str | None = None, title: str | None = None) -> Finished:
    when = T0 + timedelta(days=days)
    info = dataclasses.replace(table, updated_at=when, game_id=game_id or table.game_id,
                               title=title or table.title)
    return Finished(info, result(scores, ranks))


async def test_only_the_servers_finished_tables_are_read(service: TableService) -> None:
    done = await finished_table(service, (BO, "Bo"))
    playing = await new_table(service, (BO, "Bo"))
    await service.start(playing.id, ADA)
    await new_table(service, (BO, "Bo"))  # still in the lobby
    elsewhere = await service.create_table("sealed_bid", GUILD + 1, 9, ADA, "Ada", {})
    await service.join(elsewhere.id, BO, "Bo")
    await service.start(elsewhere.id, ADA)
    await play_to_end(service, elsewhere.id, (ADA, BO))
    found = await service.finished_games(GUILD)
    assert [f.table.id for f in found] == [done.id]


async def test_a_finished_tables_result_is_the_one_its_status_shows(service: TableService) -> None:
    done = await finished_table(service, (BO, "Bo"))
    [found] = await service.finished_games(GUILD)
    assert found.result == (await service.status(done.id)).result


async def test_a_members_games_are_only_those_they_sat_at(service: TableService) -> None:
    with_bo = await finished_table(service, (BO, "Bo"))
    await finished_table(service, (CY, "Cy"))
    found = await service.finished_games(GUILD, BO)
    assert [f.table.id for f in found] == [with_bo.id]


async def test_the_standing_counts_games_and_wins_per_title(service: TableService) -> None:
    table = await finished_table(service, (BO, "Bo"))
    games = [
        game(table, {0: 10, 1: 7}, {0: 1, 1: 2}),
        game(table, {0: 4, 1: 9}, {0: 2, 1: 1}),
        game(table, {0: 12, 1: 3}, {0: 1, 1: 2}),
    ]
    [standing] = server_standing(games)
    assert standing.games == 3
    first, second = table.seats[0].name, table.seats[1].name
    assert [(seat.name, wins) for seat, wins in standing.wins] == [(first, 2), (second, 1)]


async def test_the_average_margin_is_winner_minus_runner_up(service: TableService) -> None:
    table = await finished_table(service, (BO, "Bo"))
    games = [game(table, {0: 10, 1: 7}, {0: 1, 1: 2}), game(table, {0: 4, 1: 9}, {0: 2, 1: 1})]
    [standing] = server_standing(games)
    assert standing.average_margin == (3 + 5) / 2


async def test_a_shared_victory_is_a_win_for_each_and_a_margin_of_nothing(service: TableService) -> None:
    table = await finished_table(service, (BO, "Bo"))
    shared = game(table, {0: 8, 1: 8}, {0: 1, 1: 1})
    [standing] = server_standing([shared])
    assert sorted(wins for _, wins in standing.wins) == [1, 1]
    assert standing.average_margin == 0


async def test_a_tie_broken_by_the_rules_has_a_margin_of_nothing(service: TableService) -> None:
    table = await finished_table(service, (BO, "Bo"))
    broken = game(table, {0: 8, 1: 8}, {0: 1, 1: 2})
    assert broken.margin == 0
    [standing] = server_standing([broken])
    assert [(seat.name, wins) for seat, wins in standing.wins] == [(table.seats[0].name, 1)]


async def test_the_title_played_most_comes_first(service: TableService) -> None:
    table = await finished_table(service, (BO, "Bo"))
    games = [
        game(table, {0: 1, 1: 0}, {0: 1, 1: 2}, game_id="praetor", title="Praetor"),
        game(table, {0: 1, 1: 0}, {0: 1, 1: 2}),
        game(table, {0: 1, 1: 0}, {0: 1, 1: 2}),
    ]
    assert [s.title for s in server_standing(games)] == [table.title, "Praetor"]


async def test_a_members_history_gives_place_score_and_winners_latest_first(service: TableService) -> None:
    table = await finished_table(service, (BO, "Bo"), (CY, "Cy"))
    seat = {user: s.seat for user in (ADA, BO, CY) if (s := table.seat_of(user)) is not None}

    def by_user(values: dict[int, int]) -> dict[int, int]:
        return {seat[user]: v for user, v in values.items()}

    games = [
        game(table, by_user({ADA: 10, BO: 7, CY: 2}), by_user({ADA: 1, BO: 2, CY: 3}), days=1),
        game(table, by_user({ADA: 4, BO: 9, CY: 5}), by_user({ADA: 3, BO: 1, CY: 2}), days=3),
    ]
    history = member_history(games, CY)
    assert [(p.rank, p.players, p.score) for p in history] == [(2, 3, 5), (3, 3, 2)]
    assert [[w.name for w in p.winners] for p in history] == [["Bo"], ["Ada"]]


async def test_past_the_limit_the_latest_tables_are_the_ones_read(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    await finished_table(service, (BO, "Bo"))
    latest = await finished_table(service, (BO, "Bo"))
    monkeypatch.setattr(standing, "MOST_TABLES", 1)
    assert [f.table.id for f in await service.finished_games(GUILD)] == [latest.id]
