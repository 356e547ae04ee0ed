"""``/game export`` through the real bot: the commitment told at the start, the seed at the end, and
a record that :mod:`rules.verify` replays; while the game goes on, only what the reader may see."""

from __future__ import annotations

import random

from rules.verify import GameRecord, commitment, verify
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.fakediscord.server import Ix
from tests.e2e.harness import BotProcess
from tests.e2e.players import (
    answers,
    done,
    open_panel,
    open_table,
    play_to_the_end,
    press,
    public_text,
    start,
)
from tests.fixtures.sealed_bid import ENGINE


def record_of(ix: Ix) -> GameRecord:
    files = [data for output in ix.outputs for name, data in output.files if name.endswith(".json")]
    assert len(files) == 1, f"no record was attached: {ix.texts()}"
    return GameRecord.model_validate_json(files[0])


async def test_a_finished_game_is_exported_with_its_seed_and_verifies(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_to_the_end(fake, thread_id, [ann, bo], chooser=random.Random(3).randrange)
    ix = await done(fake, await fake.slash(bo, "game export", channel_id=thread_id))
    assert ix.ephemeral and "python -m rules.verify" in ix.texts()
    record = record_of(ix)
    assert record.seed is not None
    digest = commitment(record.game, record.table, record.seed)
    thread = public_text(fake, thread_id)
    assert digest in thread.split("The game is over.")[0], "the commitment was told before the end"
    assert str(record.seed) in thread.split("The game is over.")[1], "the seed is told at the end"
    verdict = verify(record, ENGINE)
    assert verdict.ok, verdict.problems


async def test_a_game_in_progress_is_exported_without_the_seed_or_another_seats_bid(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    panel = await open_panel(fake, ann, thread_id)
    await press(fake, ann, panel, answers(panel)[3])
    ix = await done(fake, await fake.slash(bo, "game export", channel_id=thread_id))
    assert "left out until the game ends" in ix.texts()
    record = record_of(ix)
    assert record.seed is None and record.reader is not None
    ann_seat = next(s.seat for s in record.seats if s.name == "Ann")
    assert [a.action for a in record.actions if a.seat == ann_seat] == [None]
    assert "your_bid" not in record.model_dump_json()
    assert not verify(record, ENGINE).checked
