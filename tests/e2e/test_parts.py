"""A prompt's parts through a Discord panel (Sealed Parts: the token to take is a menu of parts,
one slot past the market refused by the engine): one select menu per part and a green button; a
choice draws the panel again with it marked; a refused combination or a part not chosen is told
privately and changes nothing; a legal one is played."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.e2e.harness import running
from tests.e2e.players import (
    answers,
    button,
    done,
    open_panel,
    open_table,
    part_menus,
    press,
    public_text,
    start,
)

GAMES = "tests.fixtures.sealed_bid:ENGINE,tests.fixtures.sealed_bid:PARTS_ENGINE"


async def _to_the_take(fake: FakeDiscord, ann: FakeUser, thread_id: int) -> dict[str, Any]:
    """Ann bids until her panel asks which token to take."""
    for _ in range(10):
        panel = await open_panel(fake, ann, thread_id)
        if part_menus(panel):
            return panel
        bid = next(c for c in answers(panel) if str(c["custom_id"]).startswith(("agora:val:", "agora:num:")))
        await press(fake, ann, panel, bid)
    raise AssertionError("Ann was never asked which token to take")


async def test_parts_are_chosen_in_menus_and_played_by_the_button(fake: FakeDiscord, tmp_path: Path) -> None:
    async with running(fake, tmp_path, AGORA_EXTRA_GAMES=GAMES):
        ann = fake.user("Ann")
        thread_id, lobby = await open_table(fake, ann, bots=1, game="sealed_parts")
        await start(fake, ann, lobby)
        panel = await _to_the_take(fake, ann, thread_id)
        [menu] = part_menus(panel)
        entries = menu["options"]
        assert not any(e.get("default") for e in entries)
        take = button(panel, "agora:parts:")
        assert take["style"] == 3  # green, apart from the grey navigation and the answers

        before = public_text(fake, thread_id)
        refused = await press(fake, ann, panel, take)
        assert refused.ephemeral and "Choose sealed.choose first" in refused.texts()

        ix = await press(fake, ann, panel, menu, len(entries) - 1)  # one slot past the market
        assert ix.outputs[-1].op == "edit"
        panel = fake.messages[int(panel["id"])]
        marked = [e["value"] for e in part_menus(panel)[0]["options"] if e.get("default")]
        assert marked == [str(len(entries) - 1)]
        refused = await press(fake, ann, panel, button(panel, "agora:parts:"))
        assert "There is no token" in refused.texts()
        assert all(o.op != "edit" for o in refused.outputs)
        assert public_text(fake, thread_id) == before

        ix = await press(fake, ann, panel, part_menus(panel)[0], 0)
        panel = fake.messages[int(panel["id"])]
        played = await press(fake, ann, panel, button(panel, "agora:parts:"))
        assert played.outputs[0].op == "edit"
        await fake.wait_for(lambda: "sealed.took(seat=Ann" in public_text(fake, thread_id),
                            what="Ann's take told in the thread")
        assert await done(fake, played)


async def test_act_autocompletes_the_parts_combinations_and_plays_one(
    fake: FakeDiscord, tmp_path: Path
) -> None:
    async with running(fake, tmp_path, AGORA_EXTRA_GAMES=GAMES):
        ann = fake.user("Ann")
        thread_id, lobby = await open_table(fake, ann, bots=1, game="sealed_parts")
        await start(fake, ann, lobby)
        await _to_the_take(fake, ann, thread_id)
        choices = await fake.autocomplete(ann, "act", "choice", "slot=1,", channel_id=thread_id)
        assert [c["name"] for c in choices] == ["sealed.choose · sealed.take(slot=1, value=0)"]
        ix = await done(fake, await fake.slash(ann, "act", channel_id=thread_id, choice=choices[0]["value"]))
        assert ix.ephemeral
        await fake.wait_for(lambda: "sealed.took(seat=Ann" in public_text(fake, thread_id),
                            what="Ann's take told in the thread")
