"""Each /game command through the real bot: status, board, hand, log, undo, settings, abandon,
mine, join and start by command; languages; refusals and Discord failures as sentences."""

from __future__ import annotations

import asyncio

from tests.e2e.fakediscord import Captured, FakeDiscord, FakeUser
from tests.e2e.harness import BotProcess
from tests.e2e.players import answers, done, open_panel, open_table, press, public_text, start

PNG = b"\x89PNG\r\n\x1a\n"


async def started_table(fake: FakeDiscord, **extra: object) -> tuple[int, object, object]:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo, **extra)  # type: ignore[arg-type]
    await start(fake, ann, lobby)
    return thread_id, ann, bo


async def test_status_says_whom_the_table_waits_for(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, ann, bo = await started_table(fake)
    ix = await done(fake, await fake.slash(ann, "game status", channel_id=thread_id))
    assert ix.ephemeral
    assert "Sealed Bid" in ix.texts() and "in play" in ix.texts()
    assert f"<@{ann.id}>" in ix.texts() and f"<@{bo.id}>" in ix.texts()


async def test_log_shows_each_player_only_what_they_may_see(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, ann, bo = await started_table(fake)
    panel = await open_panel(fake, ann, thread_id)
    await press(fake, ann, panel, answers(panel)[3])
    ann_log = await done(fake, await fake.slash(ann, "game log", channel_id=thread_id))
    bo_log = await done(fake, await fake.slash(bo, "game log", channel_id=thread_id))
    assert "sealed.your_bid(coins=3)" in ann_log.texts()
    assert "sealed.your_bid" not in bo_log.texts()
    assert "sealed.bid_placed(seat=Ann)" in bo_log.texts()
    assert ann_log.ephemeral and bo_log.ephemeral


async def test_undo_takes_back_a_move_nobody_has_seen_the_result_of(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    thread_id, ann, _ = await started_table(fake)
    panel = await open_panel(fake, ann, thread_id)
    await press(fake, ann, panel, answers(panel)[2])
    ix = await done(fake, await fake.slash(ann, "game undo", channel_id=thread_id))
    assert "Your move was taken back." in ix.texts()
    await fake.wait_for(
        lambda: "Ann takes back a move." in public_text(fake, thread_id), what="the undo line"
    )
    again = await open_panel(fake, ann, thread_id)
    assert answers(again), "Ann owes her bid again"


async def test_undo_after_a_reveal_asks_the_others_to_agree(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, ann, bo = await started_table(fake)
    for user in (ann, bo):
        panel = await open_panel(fake, user, thread_id)
        await press(fake, user, panel, answers(panel)[1])
    await fake.wait_for(lambda: "sealed.revealed" in public_text(fake, thread_id), what="the reveal")
    ix = await done(fake, await fake.slash(ann, "game undo", channel_id=thread_id))
    assert "asked to agree" in ix.texts()
    vote = await fake.wait_for(
        lambda: next((c for c in fake.in_channel(thread_id) if "agora:undo:" in str(c.body)), None),
        what="the undo vote button",
    )
    message = fake.messages[vote.message_id]
    agreed = await press(
        fake, bo, message, next(c for row in message["components"] for c in row["components"])
    )
    assert "Done." in agreed.texts(), agreed.texts()
    # Ann's bid and Bo's after it
    await fake.wait_for(lambda: "Ann takes back 2 moves." in public_text(fake, thread_id), what="the undo")


async def test_the_creator_abandons_the_table(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, ann, bo = await started_table(fake)
    await done(fake, await fake.slash(bo, "game abandon", channel_id=thread_id))
    await fake.wait_for(lambda: "Bo votes to abandon" in public_text(fake, thread_id), what="Bo's vote")
    assert "The table is abandoned." not in public_text(fake, thread_id)
    await done(fake, await fake.slash(ann, "game abandon", channel_id=thread_id))
    await fake.wait_for(lambda: "The table is abandoned." in public_text(fake, thread_id), what="abandoned")
    status = await done(fake, await fake.slash(bo, "game status", channel_id=thread_id))
    assert "abandoned" in status.texts()
    panel = await open_panel(fake, bo, thread_id)
    assert "This table was abandoned." in panel["content"] and answers(panel) == []


async def test_only_the_creator_changes_the_pace(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, ann, bo = await started_table(fake)
    refused = await done(fake, await fake.slash(bo, "game settings", channel_id=thread_id, pace=2.0))
    assert refused.ephemeral and "Only the table's creator" in refused.texts()
    ix = await done(fake, await fake.slash(ann, "game settings", channel_id=thread_id, pace=2.0))
    assert "2 hours per move" in ix.texts()


async def test_a_chosen_language_is_used_from_then_on(fake: FakeDiscord, bot: BotProcess) -> None:
    ann = fake.user("Ann")
    ix = await done(fake, await fake.slash(ann, "game settings", language="el"))
    assert "γλώσσα el" in ix.texts()
    mine = await done(fake, await fake.slash(ann, "game mine"))
    assert "Κανένα τραπέζι" in mine.texts()


async def test_a_greek_discord_client_is_answered_in_greek(fake: FakeDiscord, bot: BotProcess) -> None:
    eleni = fake.user("Eleni", locale="el")
    mine = await done(fake, await fake.slash(eleni, "game mine"))
    assert "Κανένα τραπέζι σε αυτόν τον διακομιστή δεν σας περιμένει." in mine.texts()


async def test_mine_lists_the_tables_waiting_for_the_caller(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, _, bo = await started_table(fake)
    mine = await done(fake, await fake.slash(bo, "game mine"))
    assert f"<#{thread_id}>" in mine.texts()


async def test_join_and_start_by_command(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, _ = await open_table(fake, ann)
    joined = await done(fake, await fake.slash(bo, "game join", channel_id=thread_id))
    assert joined.ephemeral and "Done." in joined.texts()
    early = await done(fake, await fake.slash(bo, "game start", channel_id=thread_id))
    assert "Only the table's creator" in early.texts()
    await done(fake, await fake.slash(ann, "game start", channel_id=thread_id))
    await fake.wait_for(lambda: "begins" in public_text(fake, thread_id), what="the game to begin")


async def test_an_unknown_game_is_refused_with_the_list_of_games(fake: FakeDiscord, bot: BotProcess) -> None:
    ann = fake.user("Ann")
    ix = await done(fake, await fake.slash(ann, "game new", game="chess"))
    assert ix.ephemeral and "There is no game chess" in ix.texts()
    assert "sealed_bid" in ix.texts()
    assert fake.threads() == []


async def test_game_autocomplete_lists_the_registered_games(fake: FakeDiscord, bot: BotProcess) -> None:
    choices = await fake.autocomplete(fake.user("Ann"), "game new", "game", "seal")
    assert choices == [{"name": "Sealed Bid", "value": "sealed_bid"}]


async def test_a_refused_discord_call_becomes_a_sentence_not_a_traceback(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    fake.fail_next[r"POST /api/v10/channels/\d+/threads"] = (403, 50013)
    ix = await done(fake, await fake.slash(fake.user("Ann"), "game new", game="sealed_bid"))
    assert "Discord did not let me do that here" in ix.texts()
    await bot.wait_log("Discord refused a call")


async def test_outside_a_table_thread_commands_ask_for_a_table(fake: FakeDiscord, bot: BotProcess) -> None:
    ix = await done(fake, await fake.slash(fake.user("Ann"), "game status"))
    assert ix.ephemeral and "There is no table in this channel" in ix.texts()


async def test_board_hand_and_panel_carry_pictures(fake: FakeDiscord, bot: BotProcess) -> None:
    ann = fake.user("Ann")
    thread_id, lobby = await open_table(fake, ann, bots=1, game="ancient_world")
    await start(fake, ann, lobby)
    board = await done(fake, await fake.slash(ann, "game board", channel_id=thread_id))
    assert not board.ephemeral and board.outputs[-1].pngs and board.outputs[-1].pngs[0].startswith(PNG)
    hand = await done(fake, await fake.slash(ann, "game hand", channel_id=thread_id))
    assert hand.ephemeral and hand.outputs[-1].pngs
    panel_ix = await done(fake, await fake.slash(ann, "play", channel_id=thread_id))
    assert panel_ix.ephemeral and answers(panel_ix.outputs[-1].body)
    await fake.wait_for(lambda: panel_ix.outputs[-1].pngs, what="the panel's picture, after its words")
    assert fake.messages[panel_ix.original_id]["components"], "the picture came without taking the buttons"
    assert any(c.pngs for c in fake.in_channel(thread_id)), "the opening board is posted in the thread"


async def test_play_outside_the_thread_opens_the_one_table_waiting(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    _, _, bo = await started_table(fake)
    panel = await open_panel(fake, bo, fake.channel_id)
    assert answers(panel), "Bo's bid panel, opened from the channel"


async def test_the_waiting_line_notifies_nobody_and_only_whose_turn_just_came_is_dmed(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    thread_id, ann, bo = await started_table(fake)

    def waiting_lines() -> list[Captured]:
        return [c for c in fake.in_channel(thread_id) if "Waiting for" in c.text()]

    def your_moves(user: FakeUser) -> list[Captured]:
        return [c for c in fake.visible_to(user) if c.audience[0] == "dm" and "Your move at" in c.text()]

    opening = (await fake.wait_for(waiting_lines, what="the opening message"))[0]
    assert not opening.body["allowed_mentions"].get("users"), "the thread notifies nobody"
    await fake.wait_for(lambda: your_moves(bo), what="Bo's DM")
    assert your_moves(ann) == [], "Ann pressed Start herself"
    panel = await open_panel(fake, ann, thread_id)
    await press(fake, ann, panel, answers(panel)[1])
    after = (await fake.wait_for(lambda: waiting_lines()[1:], what="the line after Ann's bid"))[-1]
    assert f"<@{bo.id}>" in after.text() and f"<@{ann.id}>" not in after.text()
    # Bo was awaited already: the line is edited, and nobody is told again.
    assert (after.op, after.message_id) == ("edit", opening.message_id)
    assert [c.op for c in waiting_lines()] == ["create", "edit"]
    assert len(your_moves(bo)) == 1 and your_moves(ann) == []


async def test_a_thread_discord_refuses_does_not_lose_the_move(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, ann, _ = await started_table(fake)
    panel = await open_panel(fake, ann, thread_id)
    refused = rf"(POST|PATCH|DELETE) /api/v10/channels/{thread_id}/messages.*"
    fake.failing[refused] = (403, 50001)
    ix = await press(fake, ann, panel, answers(panel)[2])
    assert ix.outputs[0].op == "edit" and "sealed.your_bid(coins=2)" in ix.texts()
    await bot.wait_log("could not post to channel")
    log = await done(fake, await fake.slash(ann, "game log", channel_id=thread_id))
    assert "sealed.bid_placed(seat=Ann)" in log.texts()
    assert "sealed.bid_placed" not in public_text(fake, thread_id)

    del fake.failing[refused]  # the thread takes messages again: the next tick tells what it missed
    await fake.wait_for(lambda: "sealed.bid_placed(seat=Ann)" in public_text(fake, thread_id),
                        what="Ann's bid told in the thread once it takes messages again")
    await bot.wait_log("told table")
    await asyncio.sleep(0.5)  # more ticks: nothing is told twice
    assert public_text(fake, thread_id).count("sealed.bid_placed(seat=Ann)") == 1


async def test_a_table_opened_in_a_greek_server_speaks_greek_in_its_thread(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    fake.guild_locale = "el"
    eleni = fake.user("Eleni", locale="el")
    _, lobby = await open_table(fake, eleni)
    assert "τραπέζι" in lobby["content"]
    labels = {c["label"] for row in lobby["components"] for c in row["components"]}
    assert labels == {"Συμμετοχή", "Αποχώρηση", "Προσθήκη bot", "Έναρξη"}


async def test_a_new_table_from_inside_a_thread_gets_its_own_thread(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann = fake.user("Ann")
    first_thread, _ = await open_table(fake, ann)
    await done(fake, await fake.slash(ann, "game new", channel_id=first_thread, game="sealed_bid"))
    await fake.wait_for(lambda: len(fake.threads()) == 2, what="a second thread")
    second = fake.threads()[-1]
    assert int(second["id"]) != first_thread
    assert int(second["parent_id"]) == fake.channel_id


async def test_the_panel_tells_what_happened_since_the_last_move(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, ann, bo = await started_table(fake)
    # Ann bids more, so she takes first; Bo's bid and the reveal came after her last move.
    for user, coins in ((ann, 3), (bo, 1)):
        panel = await open_panel(fake, user, thread_id)
        await press(fake, user, panel, answers(panel)[coins])
    await fake.wait_for(lambda: "sealed.revealed" in public_text(fake, thread_id), what="the reveal")
    panel = await open_panel(fake, ann, thread_id)
    assert answers(panel), "Ann takes first"
    assert "Since your last move:" in panel["content"]
    assert "sealed.bid_placed(seat=Bo)" in panel["content"]
    assert "sealed.revealed" in panel["content"]
