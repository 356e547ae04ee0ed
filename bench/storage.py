"""Storage figures on both backends in the same run: SQLite (WAL, one file) and PostgreSQL (a
throwaway local server started for the run, see ``tests/postgres.py``, with its default
durability: each commit is flushed to disk, as SQLite's ``synchronous=FULL`` is). For each: action commit
latency (p50, p99), loading a table from its latest snapshot plus the log tail, database size per
1,000 actions, throughput with 200 tables written concurrently from one process, and from two
processes at once (100 tables each, on one database: what several bot processes share).

Where no PostgreSQL server is installed, its rows say so and SQLite's are still measured."""

from __future__ import annotations

import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from bench.common import percentile, report, table
from storage.postgres import PostgresRepository
from storage.records import NewEntry, NewTable, StoredEvent
from storage.repository import Repository
from storage.sqlite import SqliteRepository

SNAPSHOT_EVERY = 50
ACTION = json.dumps({"kind": "assign", "die": 3, "phase": "settle"})
EVENT = StoredEvent(message_json=json.dumps({"key": "rftg.assigned", "params": {"seat": 1, "die": 3}}))
STATE = json.dumps({"players": [{"tableau": list(range(40)), "cup": list(range(12))}] * 4, "pad": "x" * 8000})
TABLES, PER_TABLE = 200, 10

ROOT = Path(__file__).resolve().parents[1]


def now() -> datetime:
    return datetime.now(UTC)


async def new_table(repo: Repository, n: int) -> int:
    row = await repo.create_table(NewTable(game_id="bench", guild_id=1, channel_id=n, creator_id=1), now())
    return row.id


async def write_actions(repo: Repository, table_id: int, count: int) -> list[float]:
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


async def open_url(url: str) -> Repository:
    if url.startswith("sqlite:///"):
        return await SqliteRepository.open(url.removeprefix("sqlite:///"))
    return await PostgresRepository.open(url)


async def measure(urls: Callable[[str], str], size: Callable[[str], Awaitable[int]],
                  actions: int = 1025, tables: int = TABLES, per_table: int = PER_TABLE) -> dict[str, Any]:
    """One run; ``urls(name)`` names a fresh database, ``size(url)`` says how many bytes it holds.
    The load is from the snapshot at 1,000 plus a tail of 25 actions."""
    url = urls("bench")
    repo = await open_url(url)
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
    stored = await size(url)  # closing checkpoints SQLite's WAL into the database file

    repo = await open_url(urls("many"))
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
        "db_bytes_per_1000_actions": stored * 1000 // actions,
        "concurrent_actions_per_s": concurrent,
        "two_processes_actions_per_s": await two_processes(urls("two"), tables, per_table),
    }


async def two_processes(url: str, tables: int, per_table: int) -> float:
    """Actions per second of two writer processes at once, half the tables each, on one database."""
    repo = await open_url(url)
    try:
        ids = [await new_table(repo, n + 1) for n in range(tables)]
    finally:
        await repo.close()
    start_at = time.time() + 3  # both start together, after their imports
    halves = [ids[: tables // 2], ids[tables // 2:]]
    workers = [subprocess.Popen([sys.executable, "-m", "bench.storage", url, str(start_at), str(per_table),
                                 ",".join(map(str, half))], cwd=ROOT, stdout=subprocess.PIPE, text=True)
               for half in halves]
    spans = [tuple(map(float, w.communicate(timeout=600)[0].split())) for w in workers]
    began, ended = min(s[0] for s in spans), max(s[1] for s in spans)
    return tables * per_table / (ended - began)


async def write_half(url: str, start_at: float, per_table: int, ids: list[int]) -> None:
    """One of the two writer processes: print when it began and ended (Unix time)."""
    repo = await open_url(url)
    try:
        await asyncio.sleep(max(0.0, start_at - time.time()))
        began = time.time()
        await asyncio.gather(*(write_actions(repo, t, per_table) for t in ids))
        print(began, time.time())
    finally:
        await repo.close()


async def sqlite_size(url: str) -> int:
    return Path(url.removeprefix("sqlite:///")).stat().st_size


async def postgres_size(url: str) -> int:
    repo = await PostgresRepository.open(url)
    try:
        async with repo.transaction() as db:
            return int(await db.fetchval(
                "SELECT SUM(pg_total_relation_size(c.oid)) FROM pg_class c"
                " JOIN pg_namespace n ON n.oid = c.relnamespace"
                " WHERE n.nspname = current_schema() AND c.relkind = 'r'"
            ))
    finally:
        await repo.close()


def run(runs: int = 3) -> dict[str, Any]:
    from tests.postgres import NoServer, running_server

    results: dict[str, list[dict[str, Any]]] = {"sqlite": [], "postgresql": []}
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as folder:
            results["sqlite"].append(asyncio.run(measure(lambda name: f"sqlite:///{folder}/{name}.db",
                                                         sqlite_size)))
    missing = ""
    try:
        with running_server(durable=True) as server:
            for _ in range(runs):
                results["postgresql"].append(asyncio.run(measure(lambda _: server.new_database(),
                                                                 postgres_size)))
    except NoServer as exc:
        missing = str(exc)
    figures: dict[str, Any] = {}
    rows = []
    for backend, measured in results.items():
        if not measured:
            figures[backend] = {"not_measured": missing}
            continue
        figures[backend] = {key: statistics.median(r[key] for r in measured) for key in measured[0]}
        rows.append([backend, *figures[backend].values()])
    print(table(f"storage (median of {runs} runs; PostgreSQL: a local server, fsync on)",
                ["backend", "commit p50 ms", "commit p99 ms", "load ms", "bytes/1000 actions",
                 "200 tables actions/s", "2 processes actions/s"],
                rows))
    if missing:
        print(f"postgresql: not measured ({missing})")
    print(f"-> {report('storage', figures)}")
    return figures


if __name__ == "__main__":
    asyncio.run(write_half(sys.argv[1], float(sys.argv[2]), int(sys.argv[3]),
                           [int(i) for i in sys.argv[4].split(",")]))
