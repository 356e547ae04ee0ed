"""History and standing through Discord: ``/game stats`` after several finished games, and
``/game history member:`` with each game's place and score."""

from __future__ import annotations

import re

from tests.e2e.fakediscord import FakeDiscord, FakeUser, Ix
from tests.e2e.harness import BotProcess
from tests.e2e.players import done, open_table, play_to_the_end, start


async def finish_a_game(fake: FakeDiscord, ann: FakeUser, bo: FakeUser) -> int:
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_to_the_end(fake, thread_id, [ann, bo])
    return thread_id


async def answer(fake: FakeDiscord, ix: Ix, last: str) -> str:
    await done(fake, ix)
    await fake.wait_for(lambda: last in ix.texts(), what=last)
    assert ix.ephemeral
    return ix.texts()


async def test_stats_after_several_games(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    for _ in range(3):
        await finish_a_game(fake, ann, bo)
    await open_table(fake, ann, bo)  # a table in the lobby counts for nothing
    text = await answer(fake, await fake.slash(ann, "game stats"), "Wins:")
    assert "3 finished games" in text
    assert "**Sealed Bid**: 3 games, average winning margin" in text
    wins = dict(re.findall(r"<@(\d+)> (\d+)", text.split("Wins:")[1]))
    assert set(wins) <= {str(ann.id), str(bo.id)}
    assert sum(int(n) for n in wins.values()) == 3, "Sealed Bid breaks ties: one winner a game"


async def test_history_lists_a_members_games_with_place_and_score(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo, cy = fake.user("Ann"), fake.user("Bo"), fake.user("Cy")
    await finish_a_game(fake, ann, bo)
    await finish_a_game(fake, ann, cy)
    text = await answer(fake, await fake.slash(ann, "game history", member=bo), "place")
    assert f"<@{bo.id}>: 1 finished game" in text
    lines = [line for line in text.splitlines() if line.startswith("•")]
    assert len(lines) == 1 and re.search(r"place [12] of 2, \d+ points?; (won|winner: <@\d+>)\.", lines[0])
    own = await answer(fake, await fake.slash(ann, "game history"), "place")
    assert f"<@{ann.id}>: 2 finished games, the latest first." in own


async def test_a_member_without_games_is_told_so(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, cy = fake.user("Ann"), fake.user("Cy")
    text = await answer(fake, await fake.slash(ann, "game history", member=cy), "no finished game")
    assert f"<@{cy.id}> has no finished game in this server." in text


async def test_a_server_without_finished_games_is_told_so_in_greek(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    eleni = fake.user("Eleni", locale="el")
    text = await answer(fake, await fake.slash(eleni, "game stats"), "κανένα παιχνίδι")
    assert text == "Δεν έχει τελειώσει ακόμη κανένα παιχνίδι σε αυτόν τον διακομιστή."
