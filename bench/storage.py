"""Storage figures on the SQLite backend (WAL): action commit latency (p50, p99), loading a table from
its latest snapshot plus the log tail, database size per 1,000 actions, and throughput with 200 tables
written concurrently."""

from __future__ import annotations

import asyncio
import json
import statistics
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.common import percentile, report, table
from storage.records import NewEntry, NewTable, StoredEvent
from storage.sqlite import SqliteRepository

SNAPSHOT_EVERY = 50
ACTION = json.dumps({"kind": "assign", "die": 3, "phase": "settle"})
EVENT = StoredEvent(message_json=json.dumps({"key": "rftg.assigned", "params": {"seat": 1, "die": 3}}))
STATE = json.dumps({"players": [{"tableau": list(range(40)), "cup": list(range(12))}] * 4, "pad": "x" * 8000})


def now() -> datetime:
    return datetime.now(UTC)


async def new_table(repo: SqliteRepository, n: int) -> int:
    row = await repo.create_table(NewTable(game_id="bench", guild_id=1, channel_id=n, creator_id=1), now())
    return row.id


async def write_actions(repo: SqliteRepository, table_id: int, count: int) -> list[float]:
    """Append ``count`` actions one commit each (a snapshot every SNAPSHOT_EVERY); seconds per commit."""
    head = await repo.head(table_id)
    latencies = []
    for _ in range(count):
        entry = NewEntry(kind="action", seat=head % 4, actor="user:1", payload_json=ACTION,
                         events=(EVENT, EVENT))
        snapshot = (head + 1, STATE) if (head + 1) % SNAPSHOT_EVERY == 0 else None
        start = time.perf_counter()
        head = await repo.append(table_id, head, [entry], now(), snapshot=snapshot)
        latencies.append(time.perf_counter() - start)
    return latencies


async def measure(
    folder: Path, actions: int = 1025, tables: int = 200, per_table: int = 10
) -> dict[str, Any]:
    """One run; the load is from the snapshot at 1,000 plus a tail of 25 actions."""
    path = folder / "bench.db"
    repo = await SqliteRepository.open(path)
    try:
        table_id = await new_table(repo, 0)
        latencies = await write_actions(repo, table_id, actions)

        loads = []
        for _ in range(20):
            start = time.perf_counter()
            snap = await repo.latest_snapshot(table_id)
            await repo.entries(table_id, after=snap.seq if snap else 0)
            loads.append(time.perf_counter() - start)

    finally:
        await repo.close()
    size = path.stat().st_size  # closing checkpoints the WAL into the database file

    repo = await SqliteRepository.open(folder / "many.db")
    try:
        ids = [await new_table(repo, n + 1) for n in range(tables)]
        start = time.perf_counter()
        await asyncio.gather(*(write_actions(repo, t, per_table) for t in ids))
        concurrent = tables * per_table / (time.perf_counter() - start)
    finally:
        await repo.close()
    return {
        "commit_p50_ms": percentile(latencies, 50) * 1000,
        "commit_p99_ms": percentile(latencies, 99) * 1000,
        "load_ms": statistics.median(loads) * 1000,
        "db_bytes_per_1000_actions": size * 1000 // actions,
        "concurrent_actions_per_s": concurrent,
    }


def run(runs: int = 3) -> dict[str, Any]:
    results = []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            results.append(asyncio.run(measure(Path(folder))))
    figures = {key: statistics.median(r[key] for r in results) for key in results[0]}
    print(table(f"storage (SQLite WAL, median of {runs} runs)",
                ["commit p50 ms", "commit p99 ms", "load ms", "bytes/1000 actions", "200 tables actions/s"],
                [list(figures.values())]))
    print(f"-> {report('storage', figures)}")
    return figures
