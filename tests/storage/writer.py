"""A separate writer process for the storage tests (``python -m tests.storage.writer DB MODE N``);
``DB`` is a SQLite file or a ``DATABASE_URL`` (``postgresql://…``).

``burst``: plays Sealed Bid games with random bots, appending each action with its events (and a
snapshot every 5 actions) to a fresh table per game, printing ``<table> <seq>`` after each commit;
runs until killed. ``race``: appends N single entries to table 1 with ``expected_head`` read just
before, retrying on :class:`StaleWrite`, printing how many retries it needed; an optional fifth
argument, a Unix time, holds the first append until then (so that writers started one after
another race from the same moment).
"""

from __future__ import annotations

import asyncio
import sys
import time
from datetime import UTC, datetime

from rules.core import Rng, random_choice
from rules.core.messages import MESSAGE
from storage import open_repository
from storage.records import NewEntry, NewTable, SeatRow, StoredEvent
from storage.repository import Repository, StaleWrite
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import ENGINE


def now() -> datetime:
    return datetime.now(UTC)


async def open_db(db: str) -> Repository:
    return await open_repository(db) if "://" in db else await SqliteRepository.open(db)


async def burst(path: str) -> None:
    repo = await open_db(path)
    rng = Rng.from_seed(1)
    while True:
        table = await repo.create_table(NewTable("sealed_bid", 1, 1, 1), now())
        for position in range(3):
            await repo.add_seat(SeatRow(table.id, position, f"Bot {position + 1}", bot="random"))
        await repo.start_table(table.id, table.id, [0, 1, 2], now())
        state = ENGINE.new_game(3, {}, seed=table.id)
        seq = 0
        while prompts := ENGINE.pending(state):
            seat = min(prompts)
            action = random_choice(prompts[seat], rng)
            state, events = ENGINE.apply(state, seat, action)
            entry = NewEntry(
                kind="action", seat=seat, actor=f"bot:{seat}", payload_json=ENGINE.dump_action(action),
                events=tuple(StoredEvent(message_json=MESSAGE.dump_json(e.message).decode(),
                                         visible_to=e.visible_to, reveals=e.reveals) for e in events),
            )
            snapshot = (seq + 1, ENGINE.dump(state)) if (seq + 1) % 5 == 0 else None
            seq = await repo.append(table.id, seq, [entry], now(), snapshot=snapshot)
            print(table.id, seq, len(events), flush=True)


async def race(path: str, count: int, name: str, start_at: float | None = None) -> None:
    repo = await open_db(path)
    if start_at is not None:
        await asyncio.sleep(max(0.0, start_at - time.time()))
    retries = 0
    done = 0
    while done < count:
        head = await repo.head(1)
        await asyncio.sleep(0)
        try:
            await repo.append(1, head, [NewEntry("action", 0, name, f'{{"n": {done}}}')], now())
        except StaleWrite:
            retries += 1
            continue
        done += 1
    await repo.close()
    print(retries, flush=True)


if __name__ == "__main__":
    db, mode = sys.argv[1], sys.argv[2]
    if mode == "burst":
        asyncio.run(burst(db))
    else:
        start_at = float(sys.argv[5]) if len(sys.argv) > 5 else None
        asyncio.run(race(db, int(sys.argv[3]), sys.argv[4], start_at))
