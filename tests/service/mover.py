"""Another bot process at the same database (``python -m tests.service.mover DB TABLE USER``; ``DB``
a SQLite file or a ``DATABASE_URL``): plays
every decision ``USER`` owes at Sealed Bid table ``TABLE`` through its own :class:`TableService`
(with its own table cache) until the game is over, printing the head after each move."""

from __future__ import annotations

import asyncio
import sys

from bot.service import ServiceError, TableService
from rules import registry
from storage import open_repository
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import ENGINE
from tests.service.conftest import answer


async def main(path: str, table_id: int, user_id: int) -> None:
    registry.register(ENGINE)
    repo = await open_repository(path) if "://" in path else await SqliteRepository.open(path)
    try:
        service = TableService(repo, snapshot_every=4)
        while (await service.table(table_id)).status == "active":
            prompt = await service.prompt_for(table_id, user_id)
            if prompt is None:
                await asyncio.sleep(0.005)
                continue
            try:
                outcome = await service.act(table_id, user_id, answer(prompt, 1), expected_seq=prompt.seq)
            except ServiceError:  # the other process moved first: the prompt is out of date
                continue
            print(outcome.table.seq, flush=True)
    finally:
        await repo.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), int(sys.argv[3])))
