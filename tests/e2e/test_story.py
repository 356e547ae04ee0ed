"""The thread reads like the game's story: one message per chapter, edited while a simultaneous
step fills up; a new one when a round begins, with the board; one "Waiting for" line at the end of
the story kept current, whoever newly owes a move told by DM (by a mention when their DMs are
closed); told once and in order after Discord refused it or the bot was killed."""

from __future__ import annotations

import asyncio

from tests.e2e.fakediscord import Captured, FakeDiscord, FakeUser
from tests.e2e.harness import BotProcess
from tests.e2e.players import (
    answers,
    open_panel,
    open_table,
    play_panel,
    press,
    public_text,
    shown,
    start,
    told,
)

OPENING = "The game of Sealed Bid begins."
YOUR_MOVE = "Your move at table"
YOUR_MOVE_HERE = ", your move."


def waiting(fake: FakeDiscord, thread_id: int) -> list[Captured]:
    """The thread's messages that say whom the table waits for, as they stand now."""
    return [c for c in shown(fake, thread_id) if "Waiting for" in c.text()]


def story(fake: FakeDiscord, thread_id: int) -> list[Captured]:
    """The thread's story messages as they stand now (after the lobby, the thread's first message;
    the last ends with the Waiting line)."""
    return [c for c in shown(fake, thread_id)[1:] if not content(c).endswith(YOUR_MOVE_HERE)]


def content(captured: Captured) -> str:
    """A message's own words (not its buttons')."""
    return str(captured.body.get("content") or "")


def your_moves(fake: FakeDiscord, user: FakeUser) -> list[Captured]:
    """The "your move" DMs ``user`` was sent."""
    return [c for c in fake.visible_to(user) if c.audience[0] == "dm" and c.text().startswith(YOUR_MOVE)]


async def bid(fake: FakeDiscord, user: FakeUser, thread_id: int, coins: int) -> None:
    panel = await open_panel(fake, user, thread_id)
    await press(fake, user, panel, answers(panel)[coins])


async def sealed_bid_table(fake: FakeDiscord, *, bo_dms_open: bool = True) -> tuple[int, FakeUser, FakeUser]:
    ann, bo = fake.user("Ann"), fake.user("Bo", dms_open=bo_dms_open)
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await fake.wait_for(lambda: waiting(fake, thread_id), what="the Waiting for line")
    return thread_id, ann, bo


async def test_a_simultaneous_step_edits_the_story_message_that_ends_with_the_waiting_line(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    thread_id, ann, bo = await sealed_bid_table(fake)
    (opening,) = story(fake, thread_id)
    assert content(opening).split("\n\n")[-1].startswith("Waiting for"), "the story ends with it"
    await bid(fake, ann, thread_id, 2)
    await fake.wait_for(lambda: "sealed.bid_placed(seat=Ann)" in public_text(fake, thread_id),
                        what="Ann's bid")
    await fake.wait_for(lambda: "Ann ✓" in public_text(fake, thread_id), what="Ann ticked off")
    (now,) = story(fake, thread_id)
    assert now.message_id == opening.message_id and now.op == "edit", "the opening message was edited"
    assert OPENING in now.text() and "sealed.bid_placed(seat=Ann)" in now.text()
    (after,) = waiting(fake, thread_id)
    assert after.message_id == opening.message_id
    assert f"<@{bo.id}>" in after.text() and f"<@{ann.id}>" not in after.text()


async def test_whoever_newly_owes_a_move_is_told_by_dm_and_the_thread_gets_no_new_message(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    thread_id, ann, bo = await sealed_bid_table(fake)
    await fake.wait_for(lambda: your_moves(fake, bo), what="Bo's DM: Ann started the game, Bo owes a bid")
    await bid(fake, ann, thread_id, 3)
    await bid(fake, bo, thread_id, 1)
    await fake.wait_for(lambda: "sealed.revealed" in public_text(fake, thread_id), what="the reveal")
    # Ann bid more: she takes first, newly awaited after Bo's bid, and is told so by DM.
    (dm,) = await fake.wait_for(lambda: your_moves(fake, ann), what="Ann's DM")
    assert f"<#{thread_id}>" in dm.text() and "agora:play:" in str(dm.body.get("components"))
    assert len(your_moves(fake, bo)) == 1, "Bo owed his bid from the start and then moved himself"
    created = [c for c in fake.in_channel(thread_id) if c.op == "create"][1:]  # after the lobby
    assert len(created) == 1, "the opening story message, edited since"
    assert not created[0].body["allowed_mentions"].get("users"), "it notifies nobody"
    assert f"<@{ann.id}>" in waiting(fake, thread_id)[0].text()


async def test_closed_dms_fall_back_to_a_mention_in_the_thread(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, _, bo = await sealed_bid_table(fake, bo_dms_open=False)
    (ping,) = await fake.wait_for(
        lambda: [c for c in shown(fake, thread_id) if content(c).endswith(YOUR_MOVE_HERE)], what="a mention")
    assert content(ping) == f"<@{bo.id}>{YOUR_MOVE_HERE}"
    assert [int(u) for u in ping.body["allowed_mentions"]["users"]] == [bo.id], "it notifies Bo alone"
    assert your_moves(fake, bo) == []


async def test_a_round_begins_a_new_story_message_with_the_board(fake: FakeDiscord, bot: BotProcess) -> None:
    ann = fake.user("Ann")
    thread_id, lobby = await open_table(fake, ann, bots=1, game="praetor")
    await start(fake, ann, lobby)
    for _ in range(30):
        if "Round 2 begins." in public_text(fake, thread_id):
            break
        await play_panel(fake, ann, thread_id, max_steps=1)
    await told(fake, thread_id, "Round 2 begins.")
    stories = story(fake, thread_id)
    assert len(stories) == 2, [c.text()[:60] for c in stories]
    first, second = stories
    assert "Round 2 begins." not in first.text() and second.text().startswith("Round 2 begins.")
    for chapter in stories:
        attached = [c.pngs for c in fake.in_channel(thread_id) if c.message_id == chapter.message_id]
        assert any(attached) and fake.messages[chapter.message_id]["attachments"], "a chapter with the board"
    assert len(waiting(fake, thread_id)) == 1
    assert shown(fake, thread_id)[-1] is waiting(fake, thread_id)[0], "the Waiting line is the last message"


async def test_a_refused_thread_is_told_everything_once_in_order(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, ann, bo = await sealed_bid_table(fake)
    refused = rf"(POST|PATCH|DELETE) /api/v10/channels/{thread_id}/messages.*"
    fake.failing[refused] = (403, 50001)
    await bid(fake, ann, thread_id, 3)
    await bid(fake, bo, thread_id, 1)
    # Each bid's telling follows its panel: Bo's too is refused before the thread opens again.
    await fake.wait_for(lambda: any("sealed.bid_placed(seat=Bo)" in body for _, body in fake.refused),
                        what="Bo's bid refused by the thread")
    assert "sealed.bid_placed" not in public_text(fake, thread_id)
    del fake.failing[refused]
    # Whichever tells the thread first once it takes messages again, the reminder loop's catch-up
    # or Bo's own telling (the catch-up may have been the one refused with Bo's bid), tells it all.
    await fake.wait_for(
        lambda: "sealed.revealed" in public_text(fake, thread_id) and len(waiting(fake, thread_id)) == 1,
        what="the missed moves told, the old Waiting line gone",
    )
    await asyncio.sleep(0.5)  # more ticks of the reminder loop: nothing is told twice
    text = public_text(fake, thread_id)
    order = ["sealed.bid_placed(seat=Ann)", "sealed.bid_placed(seat=Bo)", "sealed.revealed"]
    assert [text.count(line) for line in order] == [1, 1, 1], text
    assert [text.index(line) for line in order] == sorted(text.index(line) for line in order)
    assert len(story(fake, thread_id)) == 1 and len(waiting(fake, thread_id)) == 1


async def test_killed_before_the_mark_the_restart_tells_the_move_once(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    thread_id, ann, _ = await sealed_bid_table(fake)
    fake.slow[rf"PATCH /api/v10/channels/{thread_id}/messages/.*"] = 1.0
    panel = await open_panel(fake, ann, thread_id)
    await fake.click(ann, int(panel["id"]), answers(panel)[2]["custom_id"])  # not waited for
    await fake.wait_for(lambda: any(m == "PATCH" and str(thread_id) in p for m, p in fake.requests),
                        what="the story being edited")
    await bot.kill()
    del fake.slow[rf"PATCH /api/v10/channels/{thread_id}/messages/.*"]
    await bot.start()
    await bot.settled()
    await fake.wait_for(lambda: "sealed.bid_placed(seat=Ann)" in public_text(fake, thread_id),
                        what="the bid told")
    text = public_text(fake, thread_id)
    assert text.count("sealed.bid_placed(seat=Ann)") == 1 and text.count(OPENING) == 1, text
    assert len(waiting(fake, thread_id)) == 1
