"""A player at the limit of open tables is told so, in their language, and no thread is opened."""

from __future__ import annotations

from pathlib import Path

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import running
from tests.e2e.players import done, open_table


async def test_a_player_at_the_limit_of_open_tables_is_refused_before_a_thread_opens(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with running(fake, tmp_path, OPEN_TABLES_PER_USER="1"):
        ann = fake.user("Ann", locale="el")
        await open_table(fake, ann)
        threads = len(fake.threads())
        refused = await done(fake, await fake.slash(ann, "game new", game="sealed_bid"))
        assert refused.ephemeral
        assert "ανοιχτό τραπέζι" in refused.texts() and "Έχετε ήδη" in refused.texts(), refused.texts()
        assert len(fake.threads()) == threads, "a refused table opened a thread"
