"""The situations a real table meets: simultaneous clicks, outdated and foreign buttons, players
without a seat, a crash mid-game, closed DMs, reminders and stand-ins, numbers typed in a modal,
and moves typed with /act."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta

from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.e2e.harness import BotProcess
from tests.e2e.players import (
    answers,
    button,
    done,
    finished,
    open_panel,
    open_table,
    play_panel,
    play_to_the_end,
    press,
    public_text,
    start,
    told,
)

HOUR = 3600


async def test_two_players_clicking_at_the_same_instant_both_count(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    ann_panel = await open_panel(fake, ann, thread_id)
    bo_panel = await open_panel(fake, bo, thread_id)
    clicks = await asyncio.gather(
        press(fake, ann, ann_panel, answers(ann_panel)[1]),
        press(fake, bo, bo_panel, answers(bo_panel)[2]),
    )
    assert [ix.outputs[0].op for ix in clicks] == ["edit", "edit"], [ix.texts() for ix in clicks]
    await fake.wait_for(lambda: "sealed.revealed" in public_text(fake, thread_id), what="the bids revealed")
    assert public_text(fake, thread_id).count("sealed.revealed") == 1
    assert "bids=1, 2" in public_text(fake, thread_id) or "bids=2, 1" in public_text(fake, thread_id)


async def test_an_outdated_button_is_refused_and_changes_nothing(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    old_panel = await open_panel(fake, ann, thread_id)
    new_panel = await open_panel(fake, ann, thread_id)
    await press(fake, ann, new_panel, answers(new_panel)[1])
    before = await told(fake, thread_id, "sealed.bid_placed(seat=Ann)")
    ix = await press(fake, ann, old_panel, answers(old_panel)[3])
    assert ix.ephemeral and "out of date" in ix.texts()
    assert public_text(fake, thread_id) == before


async def test_a_user_without_a_seat_is_refused(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo, cy = fake.user("Ann"), fake.user("Bo"), fake.user("Cy")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    ann_panel = await open_panel(fake, ann, thread_id)
    before = public_text(fake, thread_id)
    refused = await press(fake, cy, ann_panel, answers(ann_panel)[0])
    assert refused.ephemeral and "You have no seat at table" in refused.texts()
    play = next(c for c in reversed(fake.in_channel(thread_id)) if "agora:play:" in str(c.body))
    refused = await press(
        fake, cy, fake.messages[play.message_id], button(fake.messages[play.message_id], "agora:play:")
    )
    assert refused.ephemeral and "You have no seat at table" in refused.texts()
    assert public_text(fake, thread_id) == before


async def test_another_players_panel_is_refused(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    ann_panel = await open_panel(fake, ann, thread_id)
    before = public_text(fake, thread_id)
    refused = await press(fake, bo, ann_panel, answers(ann_panel)[0])
    assert refused.ephemeral and "belongs to another player" in refused.texts()
    assert public_text(fake, thread_id) == before


async def test_killed_mid_game_the_bot_restarts_and_the_game_finishes(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo, bots=1)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread_id)
    bo_panel = await open_panel(fake, bo, thread_id)
    await bot.kill()
    await bot.start()
    ix = await press(fake, bo, bo_panel, answers(bo_panel)[0])
    assert ix.outputs[0].op == "edit", f"a button from before the restart failed: {ix.texts()}"
    assert "sealed.your_bid" in ix.texts()
    await play_to_the_end(fake, thread_id, [ann, bo])
    assert finished(fake, thread_id)


async def test_a_reminder_mentions_and_dms_the_player_when_time_is_up(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread_id)

    def reminders_to(user_id: int) -> list[str]:
        return [
            c.text()
            for c in fake.captured
            if c.audience == ("dm", user_id) and "is waiting for your move" in c.text()
        ]

    assert reminders_to(bo.id) == []
    bot.set_clock(25 * HOUR)
    await fake.wait_for(lambda: reminders_to(bo.id), what="a reminder DM to Bo")
    assert f"<@{bo.id}>" in public_text(fake, thread_id).split("is waiting for your move")[-2]
    assert reminders_to(ann.id) == [], "Ann owes nothing; no reminder"


async def test_closed_dms_become_a_notice_at_the_next_interaction(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo", dms_open=False)
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread_id)
    before_reminder = len(bot.lines)
    bot.set_clock(25 * HOUR)
    await fake.wait_for(
        lambda: "is waiting for your move" in public_text(fake, thread_id), what="the reminder"
    )
    await bot.wait_log("DMs to user", since=before_reminder)  # the reminder's DM, not the opening's
    ix = await done(fake, await fake.slash(bo, "play", channel_id=thread_id))
    await fake.wait_for(lambda: "could not send you by DM" in ix.texts(), what="the notice")
    notice = next(c for c in ix.outputs if "could not send you by DM" in c.text())
    assert notice.audience == ("ephemeral", bo.id)
    assert "is waiting for your move" in notice.text()


async def stood_in(fake: FakeDiscord, bot: BotProcess) -> tuple[int, FakeUser, FakeUser]:
    """A table with stand-ins allowed where Bo misses reminders until a bot plays for him."""
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo, pace=1.0, stand_ins=True)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread_id)
    for hours in range(2, 30, 2):
        bot.set_clock(hours * HOUR)
        try:
            await fake.wait_for(lambda: "stands in for Bo" in public_text(fake, thread_id), timeout=0.5)
            break
        except AssertionError:
            continue
    await fake.wait_for(lambda: "stands in for Bo" in public_text(fake, thread_id), what="the stand-in")
    return thread_id, ann, bo


async def test_a_stand_in_plays_after_missed_reminders(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, _, _ = await stood_in(fake, bot)
    assert "stands in for Bo" in public_text(fake, thread_id)
    assert public_text(fake, thread_id).count("is waiting for your move") >= 2, "reminded before the stand-in"
    await fake.wait_for(
        lambda: "sealed.bid_placed(seat=Bo)" in public_text(fake, thread_id), what="the stand-in's move"
    )


async def test_a_player_whose_seat_a_stand_in_takes_is_not_first_told_the_table_waits_for_them(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    thread_id, _, bo = await stood_in(fake, bot)
    await fake.wait_for(
        lambda: any("A bot now plays your seat" in c.text() for c in fake.visible_to(bo)),
        what="the stand-in DM",
    )
    dms = [c.text() for c in fake.visible_to(bo) if c.audience == ("dm", bo.id)]
    assert sum("is waiting for your move" in text for text in dms) == 2, dms  # the reminders the table allows
    thread = public_text(fake, thread_id)
    assert thread.count("is waiting for your move") == 2, thread


async def test_the_player_takes_the_seat_back_by_command(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, _, bo = await stood_in(fake, bot)
    ix = await done(fake, await fake.slash(bo, "game reclaim", channel_id=thread_id))
    assert ix.ephemeral
    assert "is yours again" in ix.texts()
    await fake.wait_for(lambda: "Bo is back" in public_text(fake, thread_id), what="Bo taking the seat back")


async def test_the_player_is_offered_the_seat_back_by_dm(fake: FakeDiscord, bot: BotProcess) -> None:
    thread_id, _, bo = await stood_in(fake, bot)
    offer = await fake.wait_for(
        lambda: next((c for c in fake.visible_to(bo) if "agora:reclaim:" in str(c.body)), None),
        what="the DM offering the seat back",
    )
    assert offer.audience == ("dm", bo.id)
    message = fake.messages[offer.message_id]
    await press(fake, bo, message, button(message, "agora:reclaim:"))
    await fake.wait_for(lambda: "Bo is back" in public_text(fake, thread_id), what="Bo taking the seat back")


async def test_a_wide_number_is_typed_in_a_modal(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo, options="starting_coins=15")
    await start(fake, ann, lobby)
    panel = await open_panel(fake, ann, thread_id)
    opener = await fake.click(ann, int(panel["id"]), button(panel, "agora:num:")["custom_id"])
    await fake.wait_for(lambda: opener.modal is not None, what="the number modal")
    ix = await done(fake, await fake.submit_modal(ann, opener, {"value": "12"}))
    assert ix.outputs[0].op == "edit"
    assert "sealed.your_bid(coins=12)" in ix.texts()


async def test_a_number_out_of_bounds_is_refused_by_the_rules(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo, options="starting_coins=15")
    await start(fake, ann, lobby)
    panel = await open_panel(fake, ann, thread_id)
    opener = await fake.click(ann, int(panel["id"]), button(panel, "agora:num:")["custom_id"])
    await fake.wait_for(lambda: opener.modal is not None, what="the number modal")
    ix = await done(fake, await fake.submit_modal(ann, opener, {"value": "99"}))
    assert ix.ephemeral and "Bid 0 to 15 coins." in ix.texts()
    assert "sealed.bid_placed" not in public_text(fake, thread_id)


async def test_act_autocompletes_the_legal_options_and_plays_one(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    choices = await fake.autocomplete(ann, "act", "choice", "", channel_id=thread_id)
    assert [c["name"] for c in choices] == [f"sealed.bid_coins: {n}" for n in range(6)]
    ix = await done(fake, await fake.slash(ann, "act", channel_id=thread_id, choice=choices[4]["value"]))
    assert ix.ephemeral and "sealed.your_bid(coins=4)" in ix.texts()
    await told(fake, thread_id, "sealed.bid_placed(seat=Ann)")


async def test_act_refuses_what_is_not_an_option(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    ix = await done(fake, await fake.slash(ann, "act", channel_id=thread_id, choice="castle"))
    assert ix.ephemeral and "is not one of your options" in ix.texts()


async def test_reminders_due_while_the_bot_was_down_go_out_after_a_restart(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread_id)
    await bot.kill()
    bot.set_clock(25 * HOUR)
    await bot.start()
    await fake.wait_for(
        lambda: any(
            c.audience == ("dm", bo.id) and "is waiting for your move" in c.text() for c in fake.captured
        ),
        what="the reminder after the restart",
    )


async def test_no_reminder_during_the_players_quiet_hours(fake: FakeDiscord, bot: BotProcess) -> None:
    """Bo's quiet hours hold back his reminder; Cy, who has none and owes a bid too, is reminded in
    the same pass, which proves the pass ran."""
    ann, bo, cy = fake.user("Ann"), fake.user("Bo"), fake.user("Cy")
    due_hour = (datetime.now(UTC) + timedelta(hours=25)).hour
    await done(
        fake,
        await fake.slash(
            bo, "game settings", quiet_from=due_hour, quiet_to=(due_hour + 3) % 24, utc_offset=0.0
        ),
    )
    thread_id, lobby = await open_table(fake, ann, bo, cy)
    await start(fake, ann, lobby)
    await play_panel(fake, ann, thread_id)

    def reminded(user: FakeUser) -> bool:
        return any(
            c.audience == ("dm", user.id) and "is waiting for your move" in c.text() for c in fake.captured
        )

    mark = len(bot.lines)
    bot.set_clock(25 * HOUR)
    await fake.wait_for(lambda: reminded(cy), what="Cy's reminder")
    await bot.wait_log("reminder pass done: 1 sent", since=mark)
    assert not reminded(bo), "reminded during quiet hours"
    bot.set_clock(29 * HOUR)
    await fake.wait_for(lambda: reminded(bo), what="the reminder after the quiet hours")


async def test_a_number_form_opened_before_a_restart_is_answered_after_it(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo, options="starting_coins=15")
    await start(fake, ann, lobby)
    panel = await open_panel(fake, ann, thread_id)
    opener = await fake.click(ann, int(panel["id"]), button(panel, "agora:num:")["custom_id"])
    await fake.wait_for(lambda: opener.modal is not None, what="the number form")
    await bot.kill()
    await bot.start()
    ix = await done(fake, await fake.submit_modal(ann, opener, {"value": "7"}))
    assert "sealed.your_bid(coins=7)" in ix.texts()


async def test_a_button_of_no_known_shape_gets_a_refusal(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    panel = await open_panel(fake, ann, thread_id)
    before = public_text(fake, thread_id)
    ix = await done(fake, await fake.click(ann, int(panel["id"]), "agora:opt:1:0:1:not-hex:0"))
    assert ix.ephemeral and "no longer in use" in ix.texts()
    assert public_text(fake, thread_id) == before
