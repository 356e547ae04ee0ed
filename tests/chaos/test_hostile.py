"""A short run of the hostile-input figure (``python -m bench hostile`` sends 10,000): every kind of
input none of which may change anything, through the real bot, each refused in words, privately,
with no table changed, no thread told anything and no exception logged."""

from __future__ import annotations

from pathlib import Path

from tests.chaos.conftest import SCALE
from tests.chaos.fake import TimedDiscord
from tests.chaos.hostile import KINDS, run_hostile
from tests.e2e.harness import BotProcess

INPUTS = 20 * len(KINDS) * SCALE


async def test_hostile_inputs_of_every_kind_are_refused_and_change_nothing(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    tally = await run_hostile(fake, bot, tmp_path / "agora.db", INPUTS, seed=SCALE)
    assert tally.unanswered == [], tally.unanswered[:10]
    assert tally.not_private == [], tally.not_private[:10]
    assert tally.internal_errors == [], tally.internal_errors[:10]
    assert (tally.state_changes, tally.exceptions) == (0, 0), bot.log()[-3000:]
    assert tally.refused == tally.sent == INPUTS
    assert set(tally.by_kind) == set(KINDS)
