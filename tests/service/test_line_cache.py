"""The lines a log entry tells are read from storage once per process: an entry never changes once
written, so a digest or the log reads again only which entries are told, not what they say."""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest

from bot.service import TableService
from bot.service.cache import LineCache
from bot.service.models import Line
from bot.service.tables import events_lines
from rules.core import Message, msg
from rules.core.messages import MESSAGE
from storage.records import StoredEvent
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import Bid
from tests.service.conftest import ADA, BO, Clock
from tests.service.test_cache import click, started


class CountingReads(SqliteRepository):
    """Real SQLite storage that notes the seqs of the entries whose events are read by seq."""

    read: list[int]

    async def events_at(self, table_id: int, seqs: Sequence[int]) -> dict[int, tuple[StoredEvent, ...]]:
        self.read.extend(seqs)
        return await super().events_at(table_id, seqs)


@pytest.fixture
async def counting(db_path: Path) -> AsyncIterator[CountingReads]:
    repo = await CountingReads.open(db_path)
    repo.read = []
    yield repo
    await repo.close()


async def test_an_entry_is_read_once_however_many_digests_tell_it(
    counting: CountingReads, clock: Clock
) -> None:
    repo = counting
    table_id = await started(TableService(repo, clock=clock))
    for user in (ADA, BO, ADA):
        await click(TableService(repo, clock=clock), table_id, user)
    elsewhere = TableService(repo, clock=clock)  # a process that wrote none of them
    repo.read.clear()
    await elsewhere.log_lines(table_id, ADA)
    first = sorted(repo.read)
    assert first and len(first) == len(set(first))
    repo.read.clear()
    await elsewhere.log_lines(table_id, BO)
    await elsewhere.prompt_for(table_id, BO)
    assert repo.read == []


async def test_the_lines_of_the_entries_a_process_writes_are_kept_as_storage_reads_them(
    counting: CountingReads, clock: Clock
) -> None:
    repo = counting
    writer = TableService(repo, clock=clock)
    table_id = await started(writer)
    for user in (ADA, BO, ADA, BO):
        await click(writer, table_id, user)
    for user in (ADA, BO):
        repo.read.clear()
        kept = await writer.log_lines(table_id, user, 40)
        assert repo.read == []
        assert kept == await TableService(repo, clock=clock, cache_size=0).log_lines(table_id, user, 40)


async def test_a_move_taken_back_after_its_lines_were_kept_is_no_longer_told(
    service: TableService, db_path: Path
) -> None:
    table_id = await started(service)
    await service.act(table_id, ADA, Bid(coins=3))
    before = [line.message.key for line in await service.log_lines(table_id, ADA)]
    assert "sealed.your_bid" in before
    await service.undo(table_id, ADA)
    after = await service.log_lines(table_id, ADA)
    assert "sealed.your_bid" not in [line.message.key for line in after]
    assert after[-1].message.key == "service.undone"
    assert after == await TableService(service.repo, cache_size=0).log_lines(table_id, ADA)


def lines(key: str) -> tuple[Line, ...]:
    return (Line(message=msg(key)),)


def test_the_lines_least_recently_used_go_first() -> None:
    kept = LineCache(size=2)
    kept.put(1, 1, lines("a"))
    kept.put(1, 2, lines("b"))
    assert kept.get(1, 1) == lines("a")  # used: entry 2 is now the oldest
    kept.put(2, 1, lines("c"))
    assert kept.get(1, 2) is None
    assert kept.get(1, 1) == lines("a") and kept.get(2, 1) == lines("c")
    assert len(kept) == 2


def test_a_cache_of_no_size_keeps_no_lines() -> None:
    kept = LineCache(size=0)
    kept.put(1, 1, lines("a"))
    assert kept.get(1, 1) is None and len(kept) == 0


def test_entries_kept_are_found_together_and_renewed_as_one_by_one() -> None:
    kept = LineCache(size=3)
    kept.put_many(1, {1: lines("a"), 2: lines("b"), 3: lines("c")})
    assert kept.get_many(1, [3, 1, 9]) == {3: lines("c"), 1: lines("a")}
    kept.put(1, 4, lines("d"))  # entries 3 and 1 were used: entry 2 is the oldest
    assert kept.get_many(1, [1, 2, 3, 4]) == {1: lines("a"), 3: lines("c"), 4: lines("d")}
    assert kept.get_many(2, [1]) == {}


def test_the_same_words_read_together_are_parsed_once_and_read_as_written() -> None:
    undo, other = msg("service.undone", seat=1), msg("service.undone", seat=0)
    stored = [StoredEvent(message_json=MESSAGE.dump_json(m).decode()) for m in (undo, other)]
    parsed: dict[str, Message] = {}
    first, second = events_lines(stored, 7, parsed), events_lines(stored[:1], 9, parsed)
    assert [line.message for line in first] == [undo, other] and second[0].message == undo
    assert second[0].message is first[0].message and second[0].seq == 9
