"""Each table records the version of its game's rules it was started with, each log entry the
version that wrote it, and moves stored by older rules are migrated when a newer build replays them
(:attr:`rules.core.Engine.action_migrations`)."""

from __future__ import annotations

from typing import Any, ClassVar

from bot.service import TableService
from rules import registry
from rules.core import GameInfo
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import Bid, SealedBid
from tests.service.conftest import ADA, BO, Clock, new_table


def fewer_coins(data: Any) -> Any:
    """Version 2 counts a bid in coins beyond the first: a version 1 bid of n is n - 1 now."""
    return {**data, "coins": data["coins"] - 1} if data.get("kind") == "bid" else data


class SealedBidV2(SealedBid):
    info = SealedBid.info.model_copy(update={"rules_version": 2})
    action_migrations: ClassVar[dict[int, Any]] = {1: fewer_coins}


def test_the_fixture_game_is_at_rules_version_1() -> None:
    assert isinstance(SealedBid.info, GameInfo) and SealedBid.info.rules_version == 1


async def test_a_table_records_the_rules_version_it_was_started_with(
    service: TableService, repo: SqliteRepository
) -> None:
    table = await new_table(service, (BO, "Bo"))
    registry.register(SealedBidV2())
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    row = await repo.get_table(table.id)
    assert row is not None and row.rules_version == 2


async def test_a_move_records_the_rules_version_that_played_it(
    service: TableService, repo: SqliteRepository
) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    registry.register(SealedBidV2())
    await TableService(repo).act(table.id, BO, Bid(coins=3))
    assert [e.rules_version for e in await repo.entries(table.id)] == [1, 2]


async def test_moves_stored_by_older_rules_are_migrated_when_replayed(
    service: TableService, repo: SqliteRepository, clock: Clock
) -> None:
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    registry.register(SealedBidV2())
    upgraded = TableService(repo, clock=clock)
    view = (await upgraded.view_for(table.id, ADA)).view
    assert view.players[0].bid == 2  # type: ignore[attr-defined]
    await upgraded.act(table.id, BO, Bid(coins=3))  # written by version 2: not migrated
    first, last = await repo.entries(table.id)
    assert SealedBidV2().upgrade_action(last.payload_json, last.rules_version) == last.payload_json
    assert SealedBidV2().upgrade_action(first.payload_json, first.rules_version) != first.payload_json


def richer(data: Any) -> Any:
    """Version 2 (of this test) keeps ten more coins per player in its state."""
    return {**data, "players": [{**p, "coins": p["coins"] + 10} for p in data["players"]]}


class SealedBidStateV2(SealedBid):
    info = SealedBid.info.model_copy(update={"rules_version": 2})
    state_migrations: ClassVar[dict[int, Any]] = {1: richer}


async def test_a_snapshot_dumped_by_older_rules_is_migrated_when_loaded(
    repo: SqliteRepository, clock: Clock
) -> None:
    service = TableService(repo, clock=clock, snapshot_every=1)
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await service.act(table.id, ADA, Bid(coins=3))
    coins = (await service.view_for(table.id, ADA)).view.players[0].coins  # type: ignore[attr-defined]
    registry.register(SealedBidStateV2())
    upgraded = TableService(repo, clock=clock, snapshot_every=1)
    view = (await upgraded.view_for(table.id, ADA)).view
    assert view.players[0].coins == coins + 10  # type: ignore[attr-defined]
    await upgraded.act(table.id, BO, Bid(coins=3))  # its snapshot is dumped by version 2
    played_on = (await upgraded.view_for(table.id, ADA)).view
    assert (await TableService(repo, clock=clock).view_for(table.id, ADA)).view == played_on  # not again
