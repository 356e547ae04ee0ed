"""Players who left the server, or were banned from it, keep the DMs the bot sent them, buttons and
all. A click there is refused, in the player's language, and changes nothing; once they are back in
the server they play again. What the bot would DM them meanwhile is kept, not sent.

The bot believes a member lookup for a minute (a burst of clicks costs one request), so each test
moves the bot's clock past that minute after someone leaves.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.chaos.checks import heads
from tests.e2e.fakediscord import Captured, FakeDiscord, FakeUser
from tests.e2e.harness import BotProcess
from tests.e2e.players import answers, button, done, open_table, play_panel, press, public_text, start

HOUR = 3600
DUE = 25 * HOUR
"""When Bo's first reminder is due (the default pace is 24 hours)."""
LATER = DUE + 61
"""A minute after the reminder: what the bot knew of Bo's membership then is forgotten."""
MEMBER_LOOKUP = r"GET /api/v10/guilds/\d+/members/\d+"
LEFT = "no longer a member of the server where table"
LEFT_EL = "Δεν είστε πια μέλος του διακομιστή"


REMINDED = ("is waiting for your move", "περιμένει την κίνησή σας")
"""The reminder's words in each language: the "your move" DM at the start has a Play button too."""


def reminder_dm(fake: FakeDiscord, user: FakeUser) -> Captured | None:
    """The DM reminding ``user`` of their move, with its Play button."""
    return next(
        (c for c in fake.captured if c.audience == ("dm", user.id) and "agora:play:" in str(c.body)
         and any(words in c.text() for words in REMINDED)), None
    )


async def bo_reminded(
    fake: FakeDiscord, bot: BotProcess, bo: FakeUser
) -> tuple[int, FakeUser, dict[str, Any]]:
    """Ann and Bo at a table; Ann has bid, Bo is reminded by DM. Returns the thread, Ann, and the
    DM (a message with a Play button)."""
    ann = fake.user("Ann")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread_id)
    bot.set_clock(DUE)
    dm = await fake.wait_for(lambda: reminder_dm(fake, bo), what="the reminder DM to Bo")
    return thread_id, ann, fake.messages[dm.message_id]


async def click_play(fake: FakeDiscord, user: FakeUser, message: dict[str, Any]) -> str:
    ix = await press(fake, user, message, button(message, "agora:play:"))
    assert all(c.audience in (("ephemeral", user.id), ("dm", user.id)) for c in ix.outputs), ix.outputs
    return ix.texts()


async def test_a_player_who_left_the_server_is_refused_in_their_dms_and_nothing_changes(
    fake: FakeDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    bo = fake.user("Bo")
    thread_id, _, dm = await bo_reminded(fake, bot, bo)
    fake.leave(bo)
    bot.set_clock(LATER)
    log_before, thread_before = await heads(tmp_path / "agora.db"), public_text(fake, thread_id)
    table = int(button(dm, "agora:play:")["custom_id"].rsplit(":", 1)[1])

    assert LEFT in await click_play(fake, bo, dm)
    slash = await done(fake, await fake.slash(bo, "play", channel_id=int(dm["channel_id"]), table=table))
    assert slash.ephemeral and LEFT in slash.texts()
    status = await done(
        fake, await fake.slash(bo, "game status", channel_id=int(dm["channel_id"]), table=table)
    )
    assert LEFT in status.texts()

    assert await heads(tmp_path / "agora.db") == log_before
    assert public_text(fake, thread_id) == thread_before
    assert any(f"/members/{bo.id}" in path for method, path in fake.requests if method == "GET")


async def test_a_banned_player_is_refused_in_their_own_language(
    fake: FakeDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    bo = fake.user("Bo", locale="el")
    thread_id, _, dm = await bo_reminded(fake, bot, bo)
    fake.ban(bo)
    bot.set_clock(LATER)
    log_before, thread_before = await heads(tmp_path / "agora.db"), public_text(fake, thread_id)

    assert LEFT_EL in await click_play(fake, bo, dm)

    assert await heads(tmp_path / "agora.db") == log_before
    assert public_text(fake, thread_id) == thread_before


async def test_a_player_who_rejoins_plays_again_from_their_dms(
    fake: FakeDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    bo = fake.user("Bo")
    thread_id, _, dm = await bo_reminded(fake, bot, bo)
    fake.ban(bo)
    bot.set_clock(LATER)
    assert LEFT in await click_play(fake, bo, dm)
    fake.unban(bo)
    fake.rejoin(bo)
    bot.set_clock(LATER + 11)  # "not a member" is believed for ten seconds

    panel = await press(fake, bo, dm, button(dm, "agora:play:"))
    assert LEFT not in panel.texts()
    assert panel.original_id is not None
    message = fake.messages[panel.original_id]
    moved = await press(fake, bo, message, answers(message)[1])
    assert moved.outputs[0].op == "edit", moved.texts()
    await fake.wait_for(lambda: "sealed.revealed" in public_text(fake, thread_id), what="both bids revealed")


async def test_when_discord_cannot_say_the_seated_player_may_act(
    fake: FakeDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    bo = fake.user("Bo")
    _, _, dm = await bo_reminded(fake, bot, bo)
    fake.leave(bo)
    bot.set_clock(LATER)
    fake.fail_next[MEMBER_LOOKUP] = (503, 0)

    panel = await press(fake, bo, dm, button(dm, "agora:play:"))

    assert LEFT not in panel.texts()
    assert panel.original_id is not None and answers(fake.messages[panel.original_id])
    await bot.wait_log(f"could not check whether user {bo.id} is in server")


async def ann_has_bid(fake: FakeDiscord, bo: FakeUser) -> tuple[int, FakeUser]:
    """Ann and Bo at a table, Ann has bid: the table waits for Bo. Returns the thread and Ann."""
    ann = fake.user("Ann")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread_id)
    return thread_id, ann


def reminded_in_thread(fake: FakeDiscord, thread_id: int) -> bool:
    return "is waiting for your move" in public_text(fake, thread_id)


async def test_no_dm_goes_to_a_player_who_left_it_is_kept_for_their_return(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    bo = fake.user("Bo")
    thread_id, _ = await ann_has_bid(fake, bo)
    dms = [c for c in fake.captured if c.audience == ("dm", bo.id)]
    fake.leave(bo)
    bot.set_clock(DUE)

    await fake.wait_for(lambda: reminded_in_thread(fake, thread_id), what="the reminder in the thread")
    await bot.wait_log(f"user {bo.id} left the server of table")
    assert [c for c in fake.captured if c.audience == ("dm", bo.id)] == dms

    fake.rejoin(bo)
    back = await done(fake, await fake.slash(bo, "play", channel_id=thread_id))
    await fake.wait_for(lambda: "could not send you by DM" in back.texts(), what="the kept reminder")
    assert "is waiting for your move" in back.texts().split("could not send you by DM")[1]


async def test_a_dm_refused_while_membership_cannot_be_checked_does_not_stop_the_table(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    bo = fake.user("Bo")
    thread_id, ann = await ann_has_bid(fake, bo)
    fake.leave(bo)
    fake.fail_next[MEMBER_LOOKUP] = (503, 0)
    bot.set_clock(DUE)

    await fake.wait_for(lambda: reminded_in_thread(fake, thread_id), what="the reminder in the thread")
    await bot.wait_log(f"could not check whether user {bo.id} is in server")
    await bot.wait_log(f"DMs to user {bo.id} are closed")
    status = await done(fake, await fake.slash(ann, "game status", channel_id=thread_id))
    assert "Waiting for" in status.texts()
    moved = await play_panel(fake, ann, thread_id)
    assert moved == 0, "Ann has bid; the table waits for Bo, and still answers"
