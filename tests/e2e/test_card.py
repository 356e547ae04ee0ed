"""/game card through the real bot: names autocomplete in the reader's language, a table's thread
answers with its own game, anywhere else every game answers; the answer is the caller's alone; the
lobby of a game with designed content says so."""

from __future__ import annotations

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.harness import BotProcess
from tests.e2e.players import done, open_table


async def test_outside_a_table_every_game_s_cards_are_suggested(fake: FakeDiscord, bot: BotProcess) -> None:
    choices = await fake.autocomplete(fake.user("Ann"), "game card", "name", "aqued")
    assert {"name": "Aqueduct (The Ancient World)", "value": "ancient_world:empire.aqueduct"} in choices
    market = await fake.autocomplete(fake.user("Bo"), "game card", "name", "market")
    games = {c["value"].split(":")[0] for c in market}
    assert {"praetor", "patchistory"} <= games


async def test_suggestions_stop_at_twenty_five(fake: FakeDiscord, bot: BotProcess) -> None:
    choices = await fake.autocomplete(fake.user("Ann"), "game card", "name", "")
    assert len(choices) == 25


async def test_a_chosen_card_is_told_to_the_caller_alone_with_its_sources(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann = fake.user("Ann")
    ix = await done(fake, await fake.slash(ann, "game card", name="ancient_world:empire.aqueduct"))
    assert ix.ephemeral
    text = ix.texts()
    assert "**Aqueduct** · Empire card, deck A" in text
    assert "Cost: 3 coins" in text
    assert "printed in the rulebook, p. 14" in text
    assert "deck, cost in coins, banners: designed for this bot" in text
    assert "`CONTENT_DIR`" in text
    assert "ancient_world." not in text and "{" not in text


async def test_in_a_table_s_thread_only_that_game_answers(fake: FakeDiscord, bot: BotProcess) -> None:
    ann = fake.user("Ann")
    thread_id, _ = await open_table(fake, ann, bots=1, game="praetor")
    choices = await fake.autocomplete(ann, "game card", "name", "market", channel_id=thread_id)
    assert choices and all(c["value"].startswith("praetor:") for c in choices)
    assert choices[0]["name"] == "Market"
    ix = await done(fake, await fake.slash(ann, "game card", channel_id=thread_id, name="Market"))
    assert ix.ephemeral and "**Market**" in ix.texts()
    assert "The Ancient World" not in ix.texts()
    refused = await done(fake, await fake.slash(ann, "game card", channel_id=thread_id, name="Aqueduct"))
    assert "No card or tile of Praetor is called “Aqueduct”." in refused.texts()


async def test_a_greek_reader_finds_a_card_by_its_greek_name(fake: FakeDiscord, bot: BotProcess) -> None:
    eleni = fake.user("Eleni", locale="el")
    choices = await fake.autocomplete(eleni, "game card", "name", "αγορα")
    assert {"name": "Αγορά (Praetor)", "value": "praetor:building.market"} in choices
    ix = await done(fake, await fake.slash(eleni, "game card", name="praetor:building.market"))
    assert "**Αγορά**" in ix.texts() and "τιμές σχεδιασμένες για το bot" in ix.texts()


async def test_the_lobby_of_a_game_with_designed_values_says_so(fake: FakeDiscord, bot: BotProcess) -> None:
    ann = fake.user("Ann")
    _, lobby = await open_table(fake, ann, game="ancient_world")
    text = lobby["content"]
    assert "designed for the bot, not printed in the rulebook" in text
    assert "`/game card`" in text


async def test_the_lobby_of_a_game_without_a_reference_says_nothing_of_it(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    _, lobby = await open_table(fake, fake.user("Ann"))
    assert "Sealed Bid" in lobby["content"]
    assert "designed" not in lobby["content"]


async def test_suggestions_with_the_same_name_say_which_is_which(fake: FakeDiscord, bot: BotProcess) -> None:
    ann = fake.user("Ann")
    thread_id, _ = await open_table(fake, ann, bots=1, game="patchistory")
    choices = await fake.autocomplete(ann, "game card", "name", "library", channel_id=thread_id)
    names = [c["name"] for c in choices]
    assert names == ["Library · Special Building, era I", "Library · Special Building, era II",
                     "Library · Special Building, era III"]
