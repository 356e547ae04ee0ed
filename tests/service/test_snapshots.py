"""A snapshot is only a shortcut: a load reads the latest valid one and the log after it, and a
snapshot that cannot be read, does not match its checksum, does not parse, or leads to a state the
log does not produce is passed over for an older one or the replay from the seed."""

from __future__ import annotations

import json
import re
import sqlite3
from pathlib import Path

import pytest

from bot.service import TableService
from bot.service.tables import load
from storage.records import Entry, Snapshot, snapshot_checksum
from storage.repository import StorageError
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import ENGINE
from tests.service.conftest import ADA, BO, Clock, answer, new_table


@pytest.fixture
def service(repo: SqliteRepository, clock: Clock) -> TableService:
    """A service that keeps every snapshot it stores (one every 4 entries), so that a load has
    older ones to fall back on in a short game."""
    return TableService(repo, clock=clock, snapshot_every=4, snapshots_kept_every=4)


async def played(service: TableService, moves: int) -> int:
    """A two-player table (seed 7, Ada in seat 0) played until its log holds ``moves`` entries."""
    table = await new_table(service, (BO, "Bo"))
    await service.start(table.id, ADA, seed=7, shuffle_seats=False)
    while (await service.table(table.id)).seq < moves:
        waiting = (await service.status(table.id)).waiting[0].user_id
        assert waiting is not None
        prompt = await service.prompt_for(table.id, waiting)
        assert prompt is not None
        await service.act(table.id, waiting, answer(prompt, 1))
    return table.id


async def replayed(repo: SqliteRepository, table_id: int) -> str:
    """The state the table's log leads to from its seed, as JSON."""
    row = await repo.get_table(table_id)
    assert row is not None
    entries = await repo.entries(table_id)
    effective = [(e.seat, e.payload_json) for e in entries if e.kind == "action" and e.undone_by is None]
    return ENGINE.dump(ENGINE.replay(2, json.loads(row.options_json), 7, effective))


async def loaded_state(repo: SqliteRepository, table_id: int) -> tuple[int, str]:
    """(the snapshot seq a fresh load started from, the state it reached as JSON)."""
    row = await repo.get_table(table_id)
    assert row is not None
    t = await load(repo, row, ENGINE)
    assert t.state is not None
    return t.base, t.engine.dump(t.state)


def rewrite_snapshot(db_path: Path, table_id: int, seq: int, state_json: str, *, checksum: bool) -> None:
    """Store ``state_json`` as the snapshot at ``seq``, with its right checksum or keeping the old one."""
    with sqlite3.connect(db_path) as db:
        if checksum:
            db.execute("UPDATE snapshots SET state_json = ?, checksum = ? WHERE table_id = ? AND seq = ?",
                       (state_json, snapshot_checksum(table_id, seq, state_json), table_id, seq))
        else:
            db.execute("UPDATE snapshots SET state_json = ? WHERE table_id = ? AND seq = ?",
                       (state_json, table_id, seq))
    db.close()


def stored_snapshot(db_path: Path, table_id: int, seq: int) -> str:
    with sqlite3.connect(db_path) as db:
        (text,) = db.execute("SELECT state_json FROM snapshots WHERE table_id = ? AND seq = ?",
                             (table_id, seq)).fetchone()
    db.close()
    return str(text)


def one_digit_changed(text: str) -> str:
    """``text`` with the first coin count one higher (still a valid state, but another one)."""
    match = re.search(r'"coins":(\d)', text)
    assert match is not None
    digit = str((int(match.group(1)) + 1) % 10)
    return text[: match.start(1)] + digit + text[match.end(1):]


async def test_a_load_starts_from_the_latest_snapshot(service: TableService, repo: SqliteRepository) -> None:
    table_id = await played(service, 10)
    base, state = await loaded_state(repo, table_id)
    assert base == 8
    assert state == await replayed(repo, table_id)


async def test_a_load_at_exactly_a_snapshots_seq_starts_from_that_snapshot(
    service: TableService, repo: SqliteRepository
) -> None:
    table_id = await played(service, 8)
    assert (await service.table(table_id)).seq == 8
    base, state = await loaded_state(repo, table_id)
    assert base == 8
    assert state == await replayed(repo, table_id)


class CountingRepository(SqliteRepository):
    """Real SQLite storage that records which ranges of the log are read."""

    reads: list[tuple[int, int | None]] | None = None

    async def entries(self, table_id: int, after: int = 0, through: int | None = None) -> list[Entry]:
        if self.reads is not None:
            self.reads.append((after, through))
        return await super().entries(table_id, after, through)


async def test_a_load_reads_only_the_log_entries_after_its_snapshot(db_path: Path, clock: Clock) -> None:
    repo = await CountingRepository.open(db_path)
    try:
        table_id = await played(TableService(repo, clock=clock, snapshot_every=4), 10)
        repo.reads = []
        await loaded_state(repo, table_id)
        assert repo.reads == [(8, None)]
    finally:
        await repo.close()


def snapshot_seqs(db_path: Path, table_id: int) -> list[int]:
    with sqlite3.connect(db_path) as db:
        seqs = [seq for (seq,) in db.execute("SELECT seq FROM snapshots WHERE table_id = ? ORDER BY seq",
                                             (table_id,))]
    db.close()
    return seqs


async def test_the_snapshots_between_those_kept_are_dropped_as_the_next_is_stored(
    repo: SqliteRepository, clock: Clock, db_path: Path
) -> None:
    table_id = await played(TableService(repo, clock=clock, snapshot_every=2, snapshots_kept_every=4), 11)
    assert snapshot_seqs(db_path, table_id) == [4, 8, 10]


async def test_a_damaged_newest_snapshot_falls_back_on_the_last_one_kept(
    repo: SqliteRepository, clock: Clock, db_path: Path
) -> None:
    table_id = await played(TableService(repo, clock=clock, snapshot_every=2, snapshots_kept_every=4), 11)
    rewrite_snapshot(db_path, table_id, 10, one_digit_changed(stored_snapshot(db_path, table_id, 10)),
                     checksum=False)
    base, state = await loaded_state(repo, table_id)
    assert base == 8
    assert state == await replayed(repo, table_id)


async def test_a_service_keeps_every_snapshot_when_it_keeps_them_as_often_as_it_stores_them(
    service: TableService, db_path: Path
) -> None:
    table_id = await played(service, 11)
    assert snapshot_seqs(db_path, table_id) == [4, 8]


async def test_a_snapshot_with_one_digit_changed_is_passed_over(
    service: TableService, repo: SqliteRepository, db_path: Path
) -> None:
    table_id = await played(service, 10)
    rewrite_snapshot(db_path, table_id, 8, one_digit_changed(stored_snapshot(db_path, table_id, 8)),
                     checksum=False)
    base, state = await loaded_state(repo, table_id)
    assert base == 4  # the older snapshot, whose checksum matches
    assert state == await replayed(repo, table_id)


async def test_a_snapshot_moved_to_another_seq_is_passed_over(
    service: TableService, repo: SqliteRepository, db_path: Path
) -> None:
    table_id = await played(service, 10)
    rewrite_snapshot(db_path, table_id, 8, stored_snapshot(db_path, table_id, 4), checksum=False)
    base, state = await loaded_state(repo, table_id)
    assert base == 4
    assert state == await replayed(repo, table_id)


async def test_a_snapshot_that_does_not_parse_is_passed_over(
    service: TableService, repo: SqliteRepository, db_path: Path
) -> None:
    table_id = await played(service, 10)
    rewrite_snapshot(db_path, table_id, 8, '{"format": 0}', checksum=True)
    base, state = await loaded_state(repo, table_id)
    assert base == 4
    assert state == await replayed(repo, table_id)


async def test_a_snapshot_the_log_does_not_replay_from_is_passed_over(
    service: TableService, repo: SqliteRepository, db_path: Path
) -> None:
    table_id = await played(service, 10)
    # The game over at seq 8, with a right checksum: entries 9 and 10 cannot be played from it.
    over = stored_snapshot(db_path, table_id, 8).replace('"over":false', '"over":true')
    rewrite_snapshot(db_path, table_id, 8, over, checksum=True)
    base, state = await loaded_state(repo, table_id)
    assert base == 4
    assert state == await replayed(repo, table_id)


async def test_with_every_snapshot_bad_the_log_is_replayed_from_the_seed(
    service: TableService, repo: SqliteRepository, db_path: Path
) -> None:
    table_id = await played(service, 10)
    for seq in (4, 8):
        rewrite_snapshot(db_path, table_id, seq, one_digit_changed(stored_snapshot(db_path, table_id, seq)),
                         checksum=False)
    base, state = await loaded_state(repo, table_id)
    assert base == 0
    assert state == await replayed(repo, table_id)


class DamagedSnapshots(SqliteRepository):
    """Real SQLite storage whose snapshots sit on a damaged page: reading one fails."""

    async def latest_snapshot(self, table_id: int, at_most: int | None = None) -> Snapshot | None:
        raise StorageError(f"table {table_id}: database disk image is malformed")


async def test_a_snapshot_that_cannot_be_read_leaves_the_table_readable(
    service: TableService, repo: SqliteRepository, db_path: Path, clock: Clock
) -> None:
    table_id = await played(service, 10)
    damaged = await DamagedSnapshots.open(db_path)
    try:
        other = TableService(damaged, clock=clock, snapshot_every=4)
        waiting = (await other.status(table_id)).waiting[0].user_id
        assert waiting is not None
        prompt = await other.prompt_for(table_id, waiting)
        assert prompt is not None and prompt.seq == 10
        base, state = await loaded_state(damaged, table_id)
        assert (base, state) == (0, await replayed(repo, table_id))
        await other.act(table_id, waiting, answer(prompt, 1), expected_seq=prompt.seq)  # play goes on
    finally:
        await damaged.close()


async def test_moves_taken_back_again_and_again_leave_a_load_a_short_tail(
    db_path: Path, clock: Clock
) -> None:
    """An undo drops the snapshot of the move it takes back; the state after it is stored instead
    once the log has grown a snapshot's interval past the last one, so the tail a load reads stays
    short however often moves are taken back."""
    repo = await CountingRepository.open(db_path)
    try:
        service = TableService(repo, clock=clock, snapshot_every=4)
        table_id = await played(service, 2)
        for _ in range(12):
            waiting = (await service.status(table_id)).waiting[0].user_id
            assert waiting is not None
            prompt = await service.prompt_for(table_id, waiting)
            assert prompt is not None
            await service.act(table_id, waiting, answer(prompt, 1))
            await service.undo(table_id, waiting)
        head = (await service.table(table_id)).seq
        assert head == 26
        repo.reads = []
        base, state = await loaded_state(repo, table_id)
        assert head - base < 4
        assert repo.reads == [(base, None)]
        assert state == await replayed(repo, table_id)
    finally:
        await repo.close()
