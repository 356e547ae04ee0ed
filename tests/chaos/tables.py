"""Driving tables through the fake Discord for the fault and fuzz runs (on top of the e2e players)."""

from __future__ import annotations

from typing import Any

from tests.chaos.fake import TimedDiscord
from tests.e2e.fakediscord import FakeUser, Ix
from tests.e2e.players import answers, open_table, public_text, start

INTERNAL_ERROR = "Something went wrong on my side"
PLAY = "agora:play:"


async def started_table(fake: TimedDiscord, creator: FakeUser, *others: FakeUser, **kwargs: Any) -> int:
    """Open a Sealed Bid table with ``others`` seated, start it, and wait for the opening post."""
    thread_id, lobby = await open_table(fake, creator, *others, **kwargs)
    await start(fake, creator, lobby)
    await fake.wait_for(
        lambda: PLAY in str([c.body for c in fake.in_channel(thread_id)]), what="the opening post"
    )
    return thread_id


def table_of(fake: TimedDiscord, thread_id: int) -> int:
    """The table number shown in a thread's Play button."""
    for captured in fake.in_channel(thread_id):
        for row in captured.body.get("components") or []:
            for comp in row.get("components") or []:
                cid = str(comp.get("custom_id", ""))
                if cid.startswith(PLAY):
                    return int(cid.rsplit(":", 1)[1])
    raise AssertionError(f"no Play button in thread {thread_id}")


def play_message(fake: TimedDiscord, thread_id: int) -> dict[str, Any]:
    """The latest public message in the thread with a Play button."""
    for captured in reversed(fake.in_channel(thread_id)):
        if PLAY in str(captured.body.get("components")):
            return fake.messages[captured.message_id]
    raise AssertionError(f"no Play button in thread {thread_id}")


def answer_ids(panel: dict[str, Any]) -> list[str]:
    return [str(c["custom_id"]) for c in answers(panel)]


async def refusal(fake: TimedDiscord, ix: Ix, *expected: str, timeout: float = 10.0) -> str:
    """Wait for the bot's answer to ``ix`` and check it is a clear, private refusal: shown to the
    user alone, no traceback, no "something went wrong", and (if given) one of ``expected``."""
    await fake.wait_for(lambda: ix.outputs and not loading(ix), timeout, f"a refusal of {ix.payload['data']}")
    text = ix.texts()
    assert fake.answered(ix)
    for output in ix.outputs:
        assert output.audience == ("ephemeral", ix.user.id), f"a refusal was not private: {output.audience}"
    assert "Traceback" not in text and INTERNAL_ERROR not in text, text
    assert text.strip(), "an empty refusal"
    if expected:
        assert any(phrase in text for phrase in expected), f"expected one of {expected}, got: {text!r}"
    return text


def loading(ix: Ix) -> bool:
    """Whether the bot's only answer so far is "thinking…" (a deferred reply not yet filled in)."""
    last = ix.outputs[-1]
    return bool((last.body.get("flags") or 0) & 128) and not last.body.get("content")


def thread_text(fake: TimedDiscord, thread_id: int) -> str:
    return public_text(fake, thread_id)
