"""A complete game of every registered game, played by a simulated user through /play panels
(buttons and select menus only), with bot seats filling the table; the panels' select options say
what each answer costs and gives; then exported with ``/game export`` and replayed by
:mod:`rules.verify`."""

from __future__ import annotations

import random
from typing import Any

import pytest

from rules import registry
from rules.verify import verify
from tests.e2e.audit import audit_secrets
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.players import (
    components,
    done,
    finished,
    open_table,
    part_menus,
    play_to_the_end,
    public_text,
    start,
)
from tests.e2e.test_export import record_of

GAMES = [gid for gid in registry.available() if gid != "sealed_bid"]
TELLS_PRIVATE_LINES = {"rftg"}
"""Games whose engines tell every seat private lines in every game (Roll for the Galaxy's rolls).
The Ancient World's private lines (a card stored blind, a Hideout or Expand seen) and Patchistory's
(a forced answer) come only in some games; Praetor has no secrets."""
PARTS = {"praetor"}
"""Games whose panels ask a choice as parts answered together (Praetor's Build panel), whose menus
(select menus like the others, their entries described) the game must have shown."""


def menus(panel: dict[str, Any]) -> list[dict[str, Any]]:
    return [c for c in components(panel) if c.get("type") == 3]


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAMES)
async def test_a_complete_game_through_panels(game_id: str, fake: FakeDiscord, bot: BotProcess) -> None:
    engine = registry.get(game_id)
    ann = fake.user("Ann")
    thread_id, lobby = await open_table(fake, ann, bots=max(1, engine.info.min_players - 1), game=game_id)
    await start(fake, ann, lobby)
    rng = random.Random(game_id)
    panels: list[dict[str, Any]] = []
    await play_to_the_end(fake, thread_id, [ann], rounds=2000, chooser=rng.randrange, seen=panels)
    assert finished(fake, thread_id)
    entries = [o for panel in panels for menu in menus(panel) for o in menu["options"]]
    described = [o["description"] for o in entries if o.get("description")]
    assert described, f"no select option of a {game_id} panel carried a description"
    assert all(len(text) <= 100 and "{" not in text for text in described)
    if game_id in PARTS:
        assert any(part_menus(panel) for panel in panels), f"no {game_id} panel showed its parts' menus"
    pictures = [c for c in fake.in_channel(thread_id) if c.pngs]
    assert pictures, "no board picture was posted in the thread"
    assert all(p.pngs[0].startswith(b"\x89PNG") for p in pictures)
    assert "The game is over." in public_text(fake, thread_id)
    table_id = int(lobby["content"].split("table ", 1)[1].split()[0].strip("*"))
    audit = audit_secrets(fake, bot.workdir / "agora.db", table_id, game_id)
    if game_id in TELLS_PRIVATE_LINES:
        assert audit.checked > 0, f"the secrets audit found no private line to compare: {audit}"
    if audit.checked:
        assert audit.delivered > 0, f"no private line was seen reaching its owner: {audit}"
    export = await done(fake, await fake.slash(ann, "game export", channel_id=thread_id))
    verdict = verify(record_of(export))
    assert verdict.ok and verdict.actions > 0, verdict.problems
