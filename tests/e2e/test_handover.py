"""A seat handed to another member through the real bot: the new person accepts from a DM, the thread
is told, the seat's secrets go to them by DM and not to the member who held it, who is no longer
seated; a member already seated, a bot and someone not in the server are refused in words."""

from __future__ import annotations

from typing import Any

from tests.e2e.fakediscord import FakeDiscord, FakeUser
from tests.e2e.harness import BotProcess
from tests.e2e.players import button, done, open_panel, open_table, play_panel, press, public_text, start


def dms(fake: FakeDiscord, user: FakeUser) -> list[Any]:
    return [c for c in fake.captured if c.audience == ("dm", user.id)]


async def test_a_seat_handed_over_takes_its_secrets_to_the_new_person_only(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo, dee = fake.user("Ann"), fake.user("Bo"), fake.user("Dee")
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    assert await play_panel(fake, bo, thread_id) == 1  # Bo's secret bid

    ix = await done(fake, await fake.slash(ann, "game handover", channel_id=thread_id, player=bo, to=dee))
    assert ix.ephemeral and "Done." in ix.texts(), ix.texts()
    await fake.wait_for(lambda: "offered to Dee" in public_text(fake, thread_id), what="the offer told")
    offer = await fake.wait_for(
        lambda: next((c for c in dms(fake, dee) if "agora:handover:" in str(c.body.get("components"))), None),
        what="the offer in Dee's DMs",
    )
    assert "You are offered seat" in offer.text() and "in place of Bo" in offer.text()
    before_bo, before_dee = len(dms(fake, bo)), len(dms(fake, dee))

    message = fake.messages[offer.message_id]
    taken = await press(fake, dee, message, button(message, "agora:handover:"))
    accept = [c for c in taken.outputs if "is yours" in c.text()]
    assert accept and accept[0].audience == ("ephemeral", dee.id), taken.texts()
    await fake.wait_for(lambda: "Dee now plays seat" in public_text(fake, thread_id), what="the thread told")
    assert "in place of Bo" in public_text(fake, thread_id)

    await fake.wait_for(lambda: any("You play seat" in c.text() for c in dms(fake, dee)[before_dee:]),
                        what="Dee told her seat by DM")
    await fake.wait_for(lambda: len(dms(fake, bo)) > before_bo, what="Bo told his seat is gone")
    bo_after = dms(fake, bo)[before_bo:]
    assert [c.text() for c in bo_after if "no longer have a seat" not in c.text()] == []
    assert not any(c.pngs or "You play seat" in c.text() for c in bo_after), "nothing of the seat reaches Bo"

    refused = await done(fake, await fake.slash(bo, "play", channel_id=thread_id))
    assert "You have no seat" in refused.texts(), refused.texts()
    panel = await open_panel(fake, dee, thread_id)
    assert "nothing to decide" in panel["content"], "Dee plays the seat, whose bid is in"


async def test_a_seated_member_a_bot_and_someone_not_in_the_server_are_refused(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    robot, zed = fake.user("Robo", bot=True), fake.user("Zed")
    fake.leave(zed)
    thread_id, lobby = await open_table(fake, ann, bo)
    await start(fake, ann, lobby)
    for to, said in ((ann, "Ann already has a seat"), (robot, "not to a bot"),
                     (zed, "Zed is not a member of this server")):
        ix = await done(fake, await fake.slash(ann, "game handover", channel_id=thread_id, player=bo, to=to))
        assert ix.ephemeral and said in ix.texts(), ix.texts()
    assert "offered" not in public_text(fake, thread_id)


def posted_with(fake: FakeDiscord, thread_id: int, what: str) -> dict[str, Any] | None:
    found = [c for c in fake.in_channel(thread_id) if f":{what}" in str(c.body.get("components"))]
    return fake.messages[found[-1].message_id] if found else None


async def test_a_players_proposal_goes_ahead_once_most_of_the_others_agree(
    fake: FakeDiscord, bot: BotProcess
) -> None:
    ann, bo, cy, dee = fake.user("Ann"), fake.user("Bo"), fake.user("Cy"), fake.user("Dee")
    thread_id, lobby = await open_table(fake, ann, bo, cy)
    await start(fake, ann, lobby)
    await done(fake, await fake.slash(bo, "game handover", channel_id=thread_id, player=cy, to=dee))
    proposal = await fake.wait_for(lambda: posted_with(fake, thread_id, "agree"), what="the proposal")
    assert "1 more of the other players must agree" in proposal["content"], proposal["content"]
    assert posted_with(fake, thread_id, "accept") is None, "Dee is not asked before the others agree"

    seated_not = await press(fake, cy, proposal, button(proposal, "agora:handover:"))
    assert "Only the other players" in seated_not.texts(), "Cy's own seat: Cy does not decide"
    await press(fake, ann, proposal, button(proposal, "agora:handover:"))
    offer = await fake.wait_for(lambda: posted_with(fake, thread_id, "accept"), what="the offer")
    assert f"<@{dee.id}>" in offer["content"] and "offered to Dee" in offer["content"]

    not_hers = await press(fake, bo, offer, button(offer, "agora:handover:"))
    assert "offered to someone else" in not_hers.texts(), not_hers.texts()
    taken = await press(fake, dee, offer, button(offer, "agora:handover:"))
    assert "is yours" in taken.texts(), taken.texts()
    await fake.wait_for(lambda: "Dee now plays seat" in public_text(fake, thread_id), what="the thread told")
