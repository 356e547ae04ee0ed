"""e2e fixtures: a fresh fake Discord and a fresh bot process per test.

A test fails if the bot called a route the fake does not know, or logged an exception or error.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import BotProcess, running


@pytest.fixture
async def fake() -> AsyncIterator[FakeDiscord]:
    server = FakeDiscord()
    await server.start()
    yield server
    await server.stop()
    assert server.unhandled == [], f"the bot called routes the fake does not know: {server.unhandled}"
    assert server.late == [], (
        f"answered after the 3-second deadline: {[ix.payload['data'] for ix in server.late]}"
    )


@pytest.fixture
async def bot(fake: FakeDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    async with running(fake, tmp_path) as process:
        yield process
