"""``/game away`` and ``/game back`` through the real bot: the thread is told, the absent player is
not reminded while the others are and play on, and their clock runs again once they are back."""

from __future__ import annotations

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.players import done, open_table, play_panel, public_text, start

HOUR = 3600


def reminders_to(fake: FakeDiscord, user_id: int) -> list[str]:
    return [c.text() for c in fake.captured
            if c.audience == ("dm", user_id) and "is waiting for your move" in c.text()]


async def test_away_stands_the_clock_still_and_back_starts_it_again(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)

    away = await done(fake, await fake.slash(ann, "game away", days=2))
    assert away.ephemeral and "You are away until" in away.texts(), away.texts()
    assert "1 table" in away.texts() and "Days away left in the next 60: 12" in away.texts()
    await fake.wait_for(lambda: "Ann is away for 2 days" in public_text(fake, thread_id),
                        what="the thread told")

    mark = len(bot.lines)
    bot.set_clock(25 * HOUR)  # both first deadlines have passed
    await fake.wait_for(lambda: reminders_to(fake, bo.id), what="a reminder to Bo")
    await bot.wait_log("reminder pass done: 1 sent", since=mark)
    assert reminders_to(fake, ann.id) == [], "Ann is away: no reminder"
    assert await play_panel(fake, bo, thread_id) == 1, "Bo plays on while Ann is away"

    back = await done(fake, await fake.slash(ann, "game back"))
    assert back.ephemeral and "Welcome back" in back.texts(), back.texts()
    await fake.wait_for(lambda: "Ann is back" in public_text(fake, thread_id), what="the return told")
    mark = len(bot.lines)
    bot.set_clock(50 * HOUR)  # a day's pace plus the 25 hours she was away
    await fake.wait_for(lambda: reminders_to(fake, ann.id), what="a reminder to Ann")
    await bot.wait_log("reminder pass done: 1 sent", since=mark)  # recorded before the bot stops


async def test_days_beyond_the_allowance_are_refused_in_words(fake: FakeDiscord, bot: BotProcess) -> None:
    ann = fake.user("Ann", locale="el")
    refused = await done(fake, await fake.slash(ann, "game away", days=15))
    assert refused.ephemeral and "από 1 έως 14" in refused.texts(), refused.texts()
    back = await done(fake, await fake.slash(ann, "game back"))
    assert "Δεν λείπετε" in back.texts(), back.texts()


async def test_the_end_of_the_days_away_is_told_in_the_thread(fake: FakeDiscord, bot: BotProcess) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    await done(fake, await fake.slash(ann, "game away", days=1))
    await fake.wait_for(lambda: "Ann is away for 1 day," in public_text(fake, thread_id),
                        what="the thread told")
    assert "days away are over" not in public_text(fake, thread_id)
    mark = len(bot.lines)
    bot.set_clock(25 * HOUR)
    await fake.wait_for(lambda: "Ann is back: the days away are over" in public_text(fake, thread_id),
                        what="the end told")
    await bot.wait_log("reminder pass done", since=mark)  # Bo's reminder, in the same pass
    assert public_text(fake, thread_id).count("days away are over") == 1
