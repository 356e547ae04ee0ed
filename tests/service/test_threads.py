"""Finding the table a Discord thread holds."""

from __future__ import annotations

from bot.service import TableService
from tests.service.conftest import ADA, BO, CHANNEL, GUILD


async def test_the_table_of_a_thread_is_found_by_its_thread_id(service: TableService) -> None:
    await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", thread_id=70)
    here = await service.create_table("sealed_bid", GUILD, CHANNEL, BO, "Bo", thread_id=71)
    found = await service.table_in_thread(71, GUILD)
    assert found is not None and found.id == here.id


async def test_a_finished_table_is_still_the_table_of_its_thread(service: TableService) -> None:
    table = await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", thread_id=70)
    await service.leave(table.id, ADA)  # the creator leaving closes the table
    found = await service.table_in_thread(70, GUILD)
    assert found is not None and (found.id, found.status) == (table.id, "abandoned")


async def test_a_thread_in_another_server_holds_no_table_here(service: TableService) -> None:
    await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", thread_id=70)
    assert await service.table_in_thread(70, GUILD + 1) is None
    assert await service.table_in_thread(99, GUILD) is None
