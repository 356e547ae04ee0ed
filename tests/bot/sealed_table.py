"""A Sealed Bid table for the adapter's delivery tests: Ada and Bo seated, started by Ada, its
opening told."""

from __future__ import annotations

from bot.discord.context import Agora
from bot.discord.delivery import deliver
from bot.service import TableInfo, TableService

ADA, BO = 100, 200
GUILD = 1


async def started(agora: Agora) -> TableInfo:
    """Ada and Bo at a Sealed Bid table, started by Ada and told: both owe a bid."""
    service: TableService = agora.service
    table = await service.create_table("sealed_bid", GUILD, 2, ADA, "Ada", thread_id=3)
    await service.join(table.id, BO, "Bo")
    opening = await service.start(table.id, ADA, seed=1, shuffle_seats=False)
    await deliver(agora, opening, actor_id=ADA, board=False)
    return await service.table(table.id)
