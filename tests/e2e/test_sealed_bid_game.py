"""A complete game of the Sealed Bid fixture game, played only through slash commands and clicks,
with a bot seat; then the secrets audit over every payload the bot sent."""

from __future__ import annotations

import re

from tests.e2e.audit import audit_secrets
from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.players import (
    answers,
    done,
    finished,
    open_panel,
    open_table,
    play_to_the_end,
    press,
    start,
)


async def test_a_complete_game_with_a_bot_seat(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo, bots=1)
    assert lobby["content"].count("\n") >= 4, lobby["content"]
    assert f"<@{bo.id}>" in lobby["content"]
    await start(fake, ann, lobby)
    assert answers(fake.messages[int(lobby["id"])]) == []
    await fake.wait_for(
        lambda: "agora:play:" in str([c.body for c in fake.in_channel(thread_id)]),
        what="the Play button in the thread",
    )
    await play_to_the_end(fake, thread_id, [ann, bo])
    status = await done(fake, await fake.slash(bo, "game status", channel_id=thread_id))
    assert "finished" in status.texts()
    assert len(re.findall(r"^\d\. ", status.texts(), re.M)) == 3


async def test_secrets_never_reach_the_thread_or_another_player(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    bids: dict[int, set[str]] = {ann.id: set(), bo.id: set()}
    for _ in range(60):
        for user, pick in ((ann, 1), (bo, 2)):
            panel = await open_panel(fake, user, thread_id)
            choices = answers(panel)
            if not choices:
                continue
            chosen = choices[pick % len(choices)]
            if chosen["custom_id"].startswith("agora:val:"):
                bids[user.id].add(chosen["custom_id"].rsplit(":", 1)[1])
            await press(fake, user, panel, chosen)
        if finished(fake, thread_id):
            break
    await fake.wait_for(lambda: finished(fake, thread_id), what="the end told in the thread")
    assert bids[ann.id] and bids[bo.id]
    audited = 0
    for captured in fake.captured:
        shown = set(re.findall(r"sealed\.your_bid\(coins=(\d+)\)", captured.text()))
        if captured.audience[0] == "channel":
            assert not shown, f"a bid leaked to a channel: {captured.text()}"
        else:
            owner = captured.audience[1]
            assert shown <= bids[owner], f"{owner} was shown someone else's bid: {captured.text()}"
            audited += len(shown)
    assert audited, "no private bid confirmation was ever shown"
    audit = audit_secrets(fake, bot.workdir / "agora.db", 1, "sealed_bid")
    assert audit.checked >= 2 and audit.delivered >= 2, audit
