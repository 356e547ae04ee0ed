"""Threads that go quiet: Discord archives a table's thread after a week without a message. The
bot reopens it when it has something to tell it; clicks from an archived thread work; a thread it
may not reopen (archived and locked, without Manage Threads) is told later, and the player who
moved is told why. A click's panel comes before the thread is told of the move."""

from __future__ import annotations

from typing import Any

from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.e2e.harness import BotProcess
from tests.e2e.players import answers, button, done, open_panel, open_table, press, public_text, start

BID_PLACED = "sealed.bid_placed(seat=Ann)"


async def started(fake: FakeDiscord) -> tuple[FakeUser, FakeUser, int]:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    return ann, bo, thread


def play_message(fake: FakeDiscord, thread: int) -> dict[str, Any]:
    """The thread's latest message with a Play button."""
    captured = next(c for c in reversed(fake.in_channel(thread)) if "agora:play:" in str(c.body))
    return fake.messages[captured.message_id]


async def test_a_move_at_a_table_whose_thread_was_archived_meanwhile_reopens_it(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, _, thread = await started(fake)
    fake.archive(thread)
    play = play_message(fake, thread)
    click = await fake.click(ann, int(play["id"]), button(play, "agora:play:")["custom_id"])
    opened = await done(fake, click)
    assert opened.ephemeral and opened.original_id is not None, "the Play button in the archived thread works"
    panel = fake.messages[opened.original_id]
    moved = await press(fake, ann, panel, answers(panel)[0])
    assert moved.outputs[0].op == "edit", moved.texts()
    await fake.wait_for(lambda: BID_PLACED in public_text(fake, thread), what="the move told in the thread")
    assert not fake.is_archived(thread)
    assert ("PATCH", f"/api/v10/channels/{thread}") in fake.requests


async def test_a_locked_thread_the_bot_may_not_reopen_is_told_once_a_moderator_reopens_it(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, _, thread = await started(fake)
    fake.bot_manages_threads = False
    fake.archive(thread, locked=True)
    opened = await done(fake, await fake.slash(ann, "play", channel_id=thread))
    assert opened.original_id is not None
    panel = fake.messages[opened.original_id]
    moved = await press(fake, ann, panel, answers(panel)[0])
    # The panel goes first; the thread is found closed when it is told, and the mover told why.
    await fake.wait_for(lambda: "Manage Threads" in moved.texts(), what="why the thread was not told")
    assert "Your move counted" in moved.texts(), moved.texts()
    await bot.wait_log("give the bot the Manage Threads permission")
    assert BID_PLACED not in public_text(fake, thread)
    fake.channels[thread]["thread_metadata"].update(archived=False, locked=False)  # a moderator reopens it
    await fake.wait_for(lambda: BID_PLACED in public_text(fake, thread), what="the missed move told")
    assert public_text(fake, thread).count(BID_PLACED) == 1


async def test_the_clickers_panel_is_shown_before_the_thread_is_told(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, _, thread = await started(fake)
    panel = await open_panel(fake, ann, thread)
    mark = len(fake.captured)
    await press(fake, ann, panel, answers(panel)[0])
    await fake.wait_for(lambda: BID_PLACED in public_text(fake, thread), what="the move told in the thread")
    after = fake.captured[mark:]
    shown = [i for i, c in enumerate(after) if c.message_id == int(panel["id"])]
    told = [i for i, c in enumerate(after) if c.audience == ("channel", thread)]
    assert shown and told, [(c.audience, c.op) for c in after]
    assert shown[0] < told[0], [(c.audience, c.op, c.text()[:40]) for c in after]
