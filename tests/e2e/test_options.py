"""Options you can find: ``/game options`` lists every table option of a game with its meaning
and default in the reader's language, and ``/game new`` suggests option names and values."""

from __future__ import annotations

from typing import Any

from rules import registry
from tests.e2e.fakediscord import FakeDiscord, FakeUser, Ix
from tests.e2e.harness import BotProcess
from tests.e2e.players import done

LIMIT = 2000


async def listing(fake: FakeDiscord, user: FakeUser, game: str, last: str) -> Ix:
    """``/game options game:<game>``, waited for until the line ``last`` (the listing's end) is in."""
    ix = await fake.slash(user, "game options", game=game)
    await fake.wait_for(lambda: last in ix.texts(), what=f"the end of the {game} options")
    return ix


async def test_every_option_of_a_game_is_listed_with_its_default(fake: FakeDiscord, bot: BotProcess) -> None:
    ix = await listing(fake, fake.user("Ann"), "praetor", "`game:praetor`")
    assert ix.ephemeral
    text = ix.texts()
    for name in registry.get("praetor").options_type.model_fields:
        assert f"`{name}`" in text
    assert "• `expert` (default `false`): Expert variant (§10.2)" in text
    assert "• `diagonal_matches` (default `true`)" in text
    assert "`boards` (default `[]`)" in text


async def test_a_greek_reader_reads_the_options_in_greek(fake: FakeDiscord, bot: BotProcess) -> None:
    eleni = fake.user("Eleni", locale="el")
    ix = await listing(fake, eleni, "praetor", "Δώστε επιλογές")
    assert "• `expert` (προεπιλογή `false`): Παραλλαγή για έμπειρους παίκτες (§10.2)" in ix.texts()
    assert "Expert variant" not in ix.texts()


async def test_a_long_listing_is_split_within_discords_limit(fake: FakeDiscord, bot: BotProcess) -> None:
    ix = await listing(fake, fake.user("Ann"), "patchistory", "`game:patchistory`")
    contents = [c.body.get("content") or "" for c in ix.outputs if c.body.get("content")]
    assert len(contents) >= 2
    assert all(len(c) <= LIMIT for c in contents)
    assert ix.ephemeral and all((c.body.get("flags") or 0) & 64 for c in ix.outputs)
    for name in registry.get("patchistory").options_type.model_fields:
        assert f"`{name}`" in ix.texts()


async def test_an_option_with_a_few_values_lists_them(fake: FakeDiscord, bot: BotProcess) -> None:
    ix = await listing(fake, fake.user("Ann"), "patchistory", "`game:patchistory`")
    assert "`unpatched_tiles` (default `era`)" in ix.texts()
    assert "Values: `era`, `game`, `round`." in ix.texts()


async def test_the_options_of_an_unknown_game_are_refused(fake: FakeDiscord, bot: BotProcess) -> None:
    ix = await done(fake, await fake.slash(fake.user("Ann"), "game options", game="chess"))
    assert ix.ephemeral and "There is no game chess" in ix.texts()


def values(choices: list[dict[str, Any]]) -> list[str]:
    return [c["value"] for c in choices]


async def test_new_suggests_the_option_names_that_start_as_typed(fake: FakeDiscord, bot: BotProcess) -> None:
    choices = await fake.autocomplete(fake.user("Ann"), "game new", "options", "st", game="rftg")
    assert values(choices) == ["strict_timing_when_short=true"]
    assert choices[0]["name"].startswith("strict_timing_when_short=true · Prompt Explore")


async def test_new_suggests_the_values_of_the_option_being_typed(fake: FakeDiscord, bot: BotProcess) -> None:
    choices = await fake.autocomplete(
        fake.user("Ann"), "game new", "options", "expert=true capital_side=", game="patchistory"
    )
    assert values(choices) == ["expert=true capital_side=liberty", "expert=true capital_side=equality"]


async def test_new_does_not_suggest_an_option_already_given(fake: FakeDiscord, bot: BotProcess) -> None:
    choices = await fake.autocomplete(fake.user("Ann"), "game new", "options", "expert=true ", game="praetor")
    assert "expert=true expert=false" not in values(choices)
    assert "expert=true hard=false" in values(choices)
    assert all(len(c["name"]) <= 100 and len(c["value"]) <= 100 for c in choices)


async def test_new_suggestions_speak_the_readers_language(fake: FakeDiscord, bot: BotProcess) -> None:
    eleni = fake.user("Eleni", locale="el")
    choices = await fake.autocomplete(eleni, "game new", "options", "hard", game="praetor")
    assert choices == [{"name": choices[0]["name"], "value": "hard=false"}]
    assert "Δύσκολη παραλλαγή" in choices[0]["name"]


async def test_an_unknown_option_name_is_refused_in_words(fake: FakeDiscord, bot: BotProcess) -> None:
    ann = fake.user("Ann")
    ix = await done(fake, await fake.slash(ann, "game new", game="praetor", options="expret=true"))
    assert ix.ephemeral and "Unknown option 'expret' for Praetor." in ix.texts()
    assert "`/game options game:praetor` lists every option with its values." in ix.texts()
    assert fake.threads() == []


async def test_a_greek_reader_is_refused_an_unknown_option_in_greek(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    eleni = fake.user("Eleni", locale="el")
    ix = await done(fake, await fake.slash(eleni, "game new", game="praetor", options="expret=true"))
    assert "Το «expret» δεν είναι επιλογή τραπεζιού του Praetor." in ix.texts()
    assert "Το `/game options game:praetor` δείχνει όλες τις επιλογές" in ix.texts()


async def test_a_bad_option_value_is_refused_in_words(fake: FakeDiscord, bot: BotProcess) -> None:
    ix = await done(
        fake, await fake.slash(fake.user("Ann"), "game new", game="patchistory", options="capital_side=gold")
    )
    assert ix.ephemeral and "capital\\_side" in ix.texts() and "one of liberty, equality" in ix.texts()
    assert fake.threads() == []


async def test_a_greek_reader_is_told_in_greek_what_a_refused_option_takes(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    eleni = fake.user("Eleni", locale="el")
    ix = await done(fake, await fake.slash(eleni, "game new", game="patchistory", options="first_player=9"))
    assert "πρέπει να είναι ακέραιος αριθμός από -1 έως 3." in ix.texts()
    assert "Input should" not in ix.texts() and fake.threads() == []
