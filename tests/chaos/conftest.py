"""Fixtures for the fault, fuzz and audit runs: a timed fake Discord and the real bot process.

Every test here ends with the same checks, whatever it did: the bot called no route the fake does
not know, logged no exception or error, exits cleanly when asked, and the secrets audit finds
nothing in any payload the fake received that reached someone it does not belong to.
"""

from __future__ import annotations

import os
from collections.abc import AsyncIterator, Iterator
from pathlib import Path

import pytest

from rules import registry
from tests.chaos.checks import read_told, register_fixture_game, secrets_audit
from tests.chaos.fake import TimedDiscord
from tests.e2e.harness import BotProcess

EXTRA_GAMES = "tests.fixtures.sealed_bid:ENGINE,tests.chaos.game:ENGINE"
"""The fixture games the bot seats besides the shipped ones: Sealed Bid, and Pictured Bid (the same
with pictures, see :mod:`tests.chaos.game`)."""

SCALE = max(1, int(os.environ.get("AGORA_CHAOS_SCALE", "1")))
"""Multiplies the size of the chaos and flood runs (1 in CI; e.g. 10 for a long local run)."""


@pytest.fixture(autouse=True)
def sealed_bid() -> Iterator[None]:
    """The bot runs with the fixture games; the checks in this process need them too."""
    known = set(registry.available())
    register_fixture_game()
    yield
    for game_id in ("sealed_bid", "pictured_bid"):
        if game_id not in known:
            registry.unregister(game_id)


@pytest.fixture
async def fake() -> AsyncIterator[TimedDiscord]:
    server = TimedDiscord()
    await server.start()
    yield server
    await server.stop()
    assert server.unhandled == [], f"the bot called routes the fake does not know: {server.unhandled}"


@pytest.fixture
async def bot(fake: TimedDiscord, tmp_path: Path) -> AsyncIterator[BotProcess]:
    process = BotProcess(fake, tmp_path, AGORA_EXTRA_GAMES=EXTRA_GAMES)
    await process.start()
    yield process
    rc = await process.stop()
    assert process.problems() == [], process.log()
    assert rc == 0, process.log()
    audit = secrets_audit(fake, await read_told(tmp_path / "agora.db"))
    assert audit.leaks == [], "\n".join(audit.leaks[:20])
