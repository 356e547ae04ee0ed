"""A user, and a server, may have only so many open tables (in the lobby or playing); a game that
ends or is given up makes room again."""

from __future__ import annotations

import pytest

from bot.service import TableService
from bot.service.errors import TooManyTables
from storage.sqlite import SqliteRepository
from tests.service.conftest import ADA, BO, CHANNEL, CY, GUILD, Clock

OTHER_GUILD = 9


@pytest.fixture
def limited(repo: SqliteRepository, clock: Clock) -> TableService:
    return TableService(repo, clock=clock, open_tables_per_user=2, open_tables_per_server=3)


async def test_a_user_at_the_limit_cannot_open_another_table(limited: TableService) -> None:
    for _ in range(2):
        await limited.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada")
    with pytest.raises(TooManyTables) as refused:
        await limited.create_table("sealed_bid", OTHER_GUILD, CHANNEL, ADA, "Ada")
    assert (refused.value.key, refused.value.params) == ("service.too_many_tables_user", {"count": 2})
    assert len(await limited.tables(OTHER_GUILD)) == 0


async def test_a_user_at_the_limit_cannot_join_another_table(limited: TableService) -> None:
    for _ in range(2):
        await limited.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada")
    other = await limited.create_table("sealed_bid", OTHER_GUILD, CHANNEL, BO, "Bo")
    with pytest.raises(TooManyTables):
        await limited.join(other.id, ADA, "Ada")
    assert [s.user_id for s in (await limited.table(other.id)).seats] == [BO]


async def test_a_server_at_the_limit_takes_no_new_table(limited: TableService) -> None:
    for user in (ADA, BO, CY):
        await limited.create_table("sealed_bid", GUILD, CHANNEL, user, "someone")
    with pytest.raises(TooManyTables) as refused:
        await limited.create_table("sealed_bid", GUILD, CHANNEL, 400, "Dee")
    assert refused.value.key == "service.too_many_tables_server"
    await limited.create_table("sealed_bid", OTHER_GUILD, CHANNEL, 400, "Dee")


async def test_a_table_given_up_makes_room(limited: TableService) -> None:
    first = await limited.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada")
    await limited.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada")
    await limited.abandon(first.id, ADA)
    await limited.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada")


async def test_without_limits_any_number_of_tables_may_be_open(service: TableService) -> None:
    for _ in range(5):
        await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada")
    assert len(await service.tables(GUILD)) == 5
