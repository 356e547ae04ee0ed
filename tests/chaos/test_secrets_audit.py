"""The secrets audit: every payload the fake Discord received, checked against every seat's secrets.

The audit itself runs after every test of this folder (see ``conftest.py``); here it is shown to
catch a leak, and run over games whose secrets it must actually meet.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from rules import registry
from storage.records import TableFilter
from storage.sqlite import SqliteRepository
from tests.chaos.checks import ALL_STATUSES, Told, read_told, secrets_audit
from tests.chaos.conftest import EXTRA_GAMES
from tests.chaos.fake import TimedDiscord
from tests.chaos.tables import started_table
from tests.e2e.fakediscord import Captured, FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.players import finished, open_table, play_panel, play_to_the_end, start

PNG = b"\x89PNG\r\n\x1a\nseat zero"


def told_of_two() -> Told:
    """Table 1: seat 0 is user 10, seat 1 is user 11; seat 0 was told a secret."""
    told = Told()
    told.seats_of[10].add((1, 0))
    told.seats_of[11].add((1, 1))
    told.private[(1, 0)].add("You bid 4 coins.")
    told.public["Ann has bid."] += 1
    return told


def shown(fake: FakeDiscord, audience: tuple[str, int], content: str, files: list[tuple[str, bytes]]) -> None:
    fake.captured.append(
        Captured(audience, 99, len(fake.captured) + 1, {"content": content}, files, "create")
    )


def test_the_audit_finds_a_secret_posted_in_the_thread() -> None:
    fake = FakeDiscord()
    shown(fake, ("channel", 99), "Ann has bid.\nYou bid 4 coins.", [])
    assert len(secrets_audit(fake, told_of_two()).leaks) == 1


def test_the_audit_finds_a_secret_in_another_players_panel_digest() -> None:
    fake = FakeDiscord()
    shown(fake, ("ephemeral", 11), "Since your last move:\n• You bid 4 coins.", [])
    assert len(secrets_audit(fake, told_of_two()).leaks) == 1


def test_the_audit_lets_a_secret_reach_its_owner() -> None:
    fake = FakeDiscord()
    shown(fake, ("dm", 10), "Table 1\nYou bid 4 coins.", [("table-1-seat-0.png", PNG)])
    audit = secrets_audit(fake, told_of_two())
    assert (audit.leaks, audit.private_lines_seen, audit.private_pictures_seen) == ([], 1, 1)


def test_the_audit_finds_a_seats_picture_sent_to_another_player() -> None:
    fake = FakeDiscord()
    shown(fake, ("dm", 11), "Table 1", [("table-1-seat-0.png", PNG)])
    assert len(secrets_audit(fake, told_of_two()).leaks) == 1


def test_the_audit_finds_a_seats_picture_posted_under_another_name() -> None:
    fake = FakeDiscord()
    shown(fake, ("ephemeral", 10), "Your hand", [("table-1-seat-0.png", PNG)])
    shown(fake, ("channel", 99), "The board", [("table-1-board.png", PNG)])
    assert len(secrets_audit(fake, told_of_two()).leaks) == 1


async def test_a_sealed_bid_game_of_three_tells_each_bid_to_its_bidder_alone(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, bo, cy = fake.user("Ann"), fake.user("Bo"), fake.user("Cy")
    thread = await started_table(fake, ann, bo, cy, bots=1)
    await play_to_the_end(fake, thread, [ann, bo, cy], chooser=random.Random(5).randrange)
    assert finished(fake, thread)
    audit = secrets_audit(fake, await read_told(tmp_path / "agora.db"))
    assert audit.leaks == []
    assert audit.private_lines_seen >= 3 * 3, "each bid was confirmed to its bidder"


@pytest.mark.parametrize("game_id", registry.available())
async def test_the_opening_of_a_real_game_leaks_no_secret(
    game_id: str, fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    engine = registry.get(game_id)
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread, lobby = await open_table(fake, ann, bo, bots=max(0, engine.info.min_players - 2), game=game_id)
    await start(fake, ann, lobby)
    chooser = random.Random(game_id).randrange
    for _ in range(2):
        for user in (ann, bo):
            await play_panel(fake, user, thread, max_steps=3, chooser=chooser)
    audit = secrets_audit(fake, await read_told(tmp_path / "agora.db"))
    assert audit.leaks == []
    assert audit.payloads > 0


async def test_a_debug_log_holds_no_secret_and_no_token(fake: TimedDiscord, tmp_path: Path) -> None:
    """At DEBUG discord.py logs every request and gateway event; the bodies, which hold each seat's
    secrets, and the interaction tokens in the URLs are left out of the log."""
    process = BotProcess(fake, tmp_path, AGORA_EXTRA_GAMES=EXTRA_GAMES, LOG_LEVEL="DEBUG")
    await process.start()
    try:
        ann, bo = fake.user("Ann"), fake.user("Bo")
        thread = await started_table(fake, ann, bo)
        await play_to_the_end(fake, thread, [ann, bo], chooser=random.Random(3).randrange)
        assert finished(fake, thread)
    finally:
        assert await process.stop() == 0, process.log()
    log = "\n".join(process.lines)
    assert "has returned" in log and "WebSocket Event" in log, "discord.py's DEBUG log was not written"
    assert "DEBUG aiosqlite" in log, "aiosqlite's DEBUG log was not written"
    secrets = (await read_told(tmp_path / "agora.db")).secrets()
    assert secrets, "the game told no seat anything privately"
    assert [line for line in secrets if line in log] == []
    stored = await private_events(tmp_path / "agora.db")
    assert stored, "storage holds no private event"
    assert [event for event in stored if event in log] == [], "a statement's parameters were logged"
    assert [token for token in fake.interactions if token in log] == []


async def private_events(db: Path) -> set[str]:
    """The message JSON of every event storage keeps for some seats only."""
    repo = await SqliteRepository.open(db)
    try:
        return {
            event.message_json
            for row in await repo.list_tables(TableFilter(statuses=ALL_STATUSES))
            for entry in await repo.entries(row.id)
            for event in entry.events
            if event.visible_to is not None
        }
    finally:
        await repo.close()
