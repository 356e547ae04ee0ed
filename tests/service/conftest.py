"""Service tests drive a real :class:`TableService` over a temporary SQLite file, with the Sealed
Bid fixture game registered and an injected clock."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from bot.service import SeatPrompt, TableInfo, TableService
from rules import registry
from storage.sqlite import SqliteRepository
from tests.fixtures.sealed_bid import ENGINE

T0 = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
ADA, BO, CY = 100, 200, 300
GUILD, CHANNEL = 1, 2


@dataclass
class Clock:
    now: datetime = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture(autouse=True)
def sealed_bid() -> Iterator[None]:
    registry.register(ENGINE)
    yield
    registry.unregister(ENGINE.info.id)


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "agora.db"


@pytest.fixture
async def repo(db_path: Path) -> AsyncIterator[SqliteRepository]:
    repo = await SqliteRepository.open(db_path)
    yield repo
    await repo.close()


@pytest.fixture
def service(repo: SqliteRepository, clock: Clock) -> TableService:
    return TableService(repo, clock=clock, snapshot_every=4)


async def new_table(service: TableService, *people: tuple[int, str], bots: int = 0,
                    stand_ins: bool = False, **options: int) -> TableInfo:
    """A lobby with Ada as creator, ``people`` joined, and ``bots`` random bots."""
    table = await service.create_table("sealed_bid", GUILD, CHANNEL, ADA, "Ada", options, stand_ins=stand_ins)
    for user_id, name in people:
        await service.join(table.id, user_id, name)
    for _ in range(bots):
        await service.add_bot(table.id, ADA, "random")
    return await service.table(table.id)


def answer(prompt: SeatPrompt, value: int | None = None) -> object:
    """The first option of a prompt, or its number (``value`` or the low bound)."""
    if prompt.prompt.number is not None:
        number = prompt.prompt.number
        return number.action(number.low if value is None else value)
    return prompt.prompt.options[0].action


async def play_to_end(service: TableService, table_id: int, users: tuple[int, ...]) -> int:
    """Every person answers their prompt (bids of 1 where allowed) until the game ends; returns moves."""
    moves = 0
    while True:
        moved = False
        for user in users:
            prompt = await service.prompt_for(table_id, user)
            if prompt is None:
                continue
            high = prompt.prompt.number.high if prompt.prompt.number else 0
            await service.act(table_id, user, answer(prompt, min(1, high)), expected_seq=prompt.seq)
            moves += 1
            moved = True
        if not moved:
            return moves
