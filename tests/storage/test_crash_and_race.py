"""Two writers racing on one table, and a writer killed mid-burst: nothing committed is lost,
nothing half-written is seen, every table still loads."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

from bot.service import TableService
from rules import registry
from storage.records import NewTable
from storage.repository import StaleWrite
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import ENGINE
from tests.storage.contract import T0, entry

ROOT = Path(__file__).resolve().parents[2]


def writer(*args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "tests.storage.writer", *args],
        cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
    )


async def test_two_writers_on_one_file_one_wins_and_the_loser_retries_cleanly(db_path: Path) -> None:
    first = await SqliteRepository.open(db_path)
    second = await SqliteRepository.open(db_path)
    try:
        table = await first.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
        head_a, head_b = await first.head(table.id), await second.head(table.id)
        await first.append(table.id, head_a, [entry(1, seat=0)], T0)
        try:
            await second.append(table.id, head_b, [entry(2, seat=1)], T0)
        except StaleWrite as lost:
            assert lost.actual == 1
            await second.append(table.id, await second.head(table.id), [entry(2, seat=1)], T0)
        else:
            raise AssertionError("the stale writer was not refused")
        entries = await first.entries(table.id)
        assert [(e.seq, e.seat) for e in entries] == [(1, 0), (2, 1)]
    finally:
        await first.close()
        await second.close()


async def test_two_writer_processes_racing_lose_no_entry_and_leave_no_gap(db_path: Path) -> None:
    repo = await SqliteRepository.open(db_path)
    await repo.create_table(NewTable("sealed_bid", 1, 1, 1), T0)
    count = 40
    procs = [writer(str(db_path), "race", str(count), name) for name in ("a", "b")]
    for proc in procs:
        _, err = proc.communicate(timeout=60)
        assert proc.returncode == 0, err
    entries = await repo.entries(1)
    await repo.close()
    assert [e.seq for e in entries] == list(range(1, 2 * count + 1))
    for name in ("a", "b"):
        mine = [json.loads(e.payload_json)["n"] for e in entries if e.actor == name]
        assert mine == list(range(count)), f"writer {name} lost or reordered entries"


async def test_a_writer_killed_mid_burst_loses_nothing_committed(db_path: Path) -> None:
    proc = writer(str(db_path), "burst")
    assert proc.stdout is not None
    committed: dict[int, tuple[int, int]] = {}  # table -> (seq, events) as last reported
    event_counts: dict[tuple[int, int], int] = {}
    for line in proc.stdout:
        table_id, seq, events = map(int, line.split())
        committed[table_id] = (seq, events)
        event_counts[(table_id, seq)] = events
        if len(event_counts) >= 150:
            break
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait(timeout=10)
    assert proc.returncode == -signal.SIGKILL

    with sqlite3.connect(db_path) as plain:
        assert plain.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    plain.close()
    repo = await SqliteRepository.open(db_path)
    registry.register(ENGINE)
    service = TableService(repo)
    try:
        for table_id, (seq, _) in committed.items():
            table = await repo.get_table(table_id)
            assert table is not None and table.head >= seq, "a reported commit is missing"
            entries = await repo.entries(table_id)
            assert [e.seq for e in entries] == list(range(1, table.head + 1))
            for e in entries:
                if (table_id, e.seq) in event_counts:
                    assert len(e.events) == event_counts[(table_id, e.seq)], "half-written events"
            # the table loads: its log replays from its seed, and its snapshot agrees with the replay
            log = [(e.seat, e.payload_json) for e in entries]
            state = ENGINE.replay(3, {}, table_id, log)
            snap = await repo.latest_snapshot(table_id)
            if snap is not None:
                at_snap = ENGINE.replay(3, {}, table_id, log[: snap.seq])
                assert ENGINE.dump(at_snap) == snap.state_json
            # and the table service, which loads from the snapshot and the log's tail, agrees
            board = await service.view_for(table_id, None)
            assert board.view == ENGINE.view(state, None)
    finally:
        registry.unregister(ENGINE.info.id)
        await repo.close()
