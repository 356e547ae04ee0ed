"""Simulated players: open panels, press buttons, read what the bot showed them.

Everything goes through the fake Discord exactly as a person's client would: slash commands,
button clicks and select choices on messages the bot sent.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import Any

from tests.e2e.fakediscord import Captured, FakeDiscord, FakeUser, Ix

ANSWER_PREFIXES = ("agora:opt:", "agora:val:", "agora:sel:", "agora:num:", "agora:parts:")
PART_PREFIX = "agora:part:"


def components(message: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for row in message.get("components") or []:
        yield from row.get("components") or []


def answers(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The components of a panel that answer its prompt."""
    return [c for c in components(message) if str(c.get("custom_id", "")).startswith(ANSWER_PREFIXES)]


def button(message: dict[str, Any], prefix: str) -> dict[str, Any]:
    for comp in components(message):
        if str(comp.get("custom_id", "")).startswith(prefix):
            return comp
    raise AssertionError(f"no component {prefix}… on message: {message.get('content')!r}")


async def done(fake: FakeDiscord, ix: Ix, what: str = "") -> Ix:
    """Wait until the bot answered ``ix`` with something the user can read."""
    await fake.wait_for(
        lambda: ix.outputs and not _loading(ix), what=what or f"an answer to {ix.payload['data']}"
    )
    return ix


def _loading(ix: Ix) -> bool:
    last = ix.outputs[-1]
    return bool((last.body.get("flags") or 0) & 128) and not last.body.get("content")


def part_menus(message: dict[str, Any]) -> list[dict[str, Any]]:
    """The select menus of a panel's parts (answered together by the parts' button)."""
    return [c for c in components(message) if str(c.get("custom_id", "")).startswith(PART_PREFIX)]


async def choose_parts(
    fake: FakeDiscord, user: FakeUser, message: dict[str, Any], chooser: Callable[[int], int]
) -> dict[str, Any]:
    """Choose an entry (``chooser(count)``) in each of a panel's part menus, as a person does before
    pressing the parts' button; each choice draws the panel again. Return the panel as it is then."""
    for menu in range(len(part_menus(message))):
        comp = part_menus(message)[menu]
        ix = await press(fake, user, message, comp, chooser(len(comp["options"])))
        assert ix.outputs and ix.outputs[-1].op == "edit", f"the panel was not drawn again: {ix.texts()}"
        message = fake.messages[int(message["id"])]
    return message


async def open_panel(fake: FakeDiscord, user: FakeUser, channel_id: int) -> dict[str, Any]:
    """``/play`` in ``channel_id``; return the panel message the bot showed (ephemerally)."""
    ix = await done(fake, await fake.slash(user, "play", channel_id=channel_id), f"{user.name}'s panel")
    assert ix.ephemeral, "a panel must be ephemeral"
    assert ix.original_id is not None
    return fake.messages[ix.original_id]


async def press(
    fake: FakeDiscord, user: FakeUser, message: dict[str, Any], comp: dict[str, Any], pick: int = 0
) -> Ix:
    """Press a button, choose option ``pick`` of a select menu, or open a number's form and type
    the ``pick``-th number in its bounds; wait for the bot's answer."""
    mid = int(message["id"])
    if comp.get("type") == 3:
        options = comp["options"]
        value = options[pick % len(options)]["value"]
        ix = await fake.select(user, mid, comp["custom_id"], [value])
    elif str(comp.get("custom_id", "")).startswith("agora:num:"):
        opener = await fake.click(user, mid, comp["custom_id"])
        await fake.wait_for(lambda: opener.modal is not None or opener.outputs, what="the number form")
        modal = opener.modal
        if modal is None:
            return await done(fake, opener)
        field = modal["components"][0]["components"][0]
        low, high = (int(n) for n in re.findall(r"-?\d+", field["placeholder"].replace("–", " "))[:2])
        number = low + pick % (high - low + 1)
        ix = await fake.submit_modal(user, opener, {field["custom_id"]: str(number)})
    else:
        ix = await fake.click(user, mid, comp["custom_id"])
    return await done(fake, ix, f"{user.name} pressing {comp.get('label') or comp['custom_id']}")


async def play_panel(
    fake: FakeDiscord,
    user: FakeUser,
    channel_id: int,
    pick: int = 0,
    max_steps: int = 50,
    chooser: Callable[[int], int] | None = None,
    seen: list[dict[str, Any]] | None = None,
) -> int:
    """Open ``user``'s panel and answer prompts in it until nothing is left to decide; return how
    many answers were given. Each panel shown is added to ``seen`` when given."""
    panel = await open_panel(fake, user, channel_id)
    steps = 0
    while steps < max_steps:
        if seen is not None:
            seen.append(panel)
        choices = answers(panel)
        if not choices:
            return steps
        if chooser is not None:
            pick = chooser(len(choices))
        chosen = choices[pick % len(choices)]
        if str(chosen.get("custom_id", "")).startswith("agora:parts:"):
            panel = await choose_parts(fake, user, panel, chooser or (lambda count, pick=pick: pick))
            chosen = button(panel, "agora:parts:")
        ix = await press(fake, user, panel, chosen, pick)
        assert ix.outputs[0].op == "edit", f"the panel was not updated: {ix.texts()}"
        steps += 1
        panel = fake.messages[int(panel["id"])]
    return steps


async def open_table(
    fake: FakeDiscord,
    creator: FakeUser,
    *joiners: FakeUser,
    bots: int = 0,
    options: str | None = None,
    game: str = "sealed_bid",
    **extra: Any,
) -> tuple[int, dict[str, Any]]:
    """``/game new`` then Join/Add bot on the lobby; return the thread id and the lobby message."""
    ix = await done(fake, await fake.slash(creator, "game new", game=game, options=options, **extra))
    assert not ix.ephemeral, "opening a table is announced in the channel"
    thread = await fake.wait_for(lambda: fake.threads() and fake.threads()[-1], what="the table's thread")
    thread_id = int(thread["id"])
    lobby = await fake.wait_for(
        lambda: next(
            (c for c in fake.in_channel(thread_id) if "agora:lobby" in str(c.body.get("components"))), None
        ),
        what="the lobby",
    )
    message = fake.messages[lobby.message_id]
    for user in joiners:
        await press(fake, user, message, {"custom_id": _lobby(message, "join"), "type": 2})
        message = fake.messages[lobby.message_id]
    for _ in range(bots):
        await press(fake, creator, message, {"custom_id": _lobby(message, "bot"), "type": 2})
        message = fake.messages[lobby.message_id]
    return thread_id, message


def _lobby(message: dict[str, Any], what: str) -> str:
    return button(message, "agora:lobby:")["custom_id"].rsplit(":", 1)[0] + ":" + what


async def start(fake: FakeDiscord, creator: FakeUser, lobby: dict[str, Any]) -> None:
    """Press Start and wait until the thread shows the game's opening (the post with the Play
    button), so that a test's "nothing changed" snapshot is not taken before the bot has told it."""
    thread_id = int(lobby["channel_id"])
    await press(fake, creator, lobby, {"custom_id": _lobby(lobby, "start"), "type": 2})
    await fake.wait_for(
        lambda: any("agora:play:" in str(c.body.get("components")) for c in fake.in_channel(thread_id)),
        what="the game's opening in the thread",
    )


async def told(fake: FakeDiscord, thread_id: int, text: str) -> str:
    """Wait until the thread tells ``text`` and says once whom the table waits for (the telling is
    over: a click's panel comes before the thread is told); what the thread shows then."""
    def over() -> bool:
        now = public_text(fake, thread_id)
        return text in now and now.count("Waiting for") == 1

    await fake.wait_for(over, what=f"{text!r} told in the thread")
    return public_text(fake, thread_id)


def public_text(fake: FakeDiscord, thread_id: int) -> str:
    """What a reader of the thread sees now, top to bottom: each message as last edited (those
    deleted since, old "Waiting for" lines, are gone)."""
    return "\n".join(c.text() for c in shown(fake, thread_id))


def shown(fake: FakeDiscord, thread_id: int) -> list[Captured]:
    """The thread's messages as they stand now, in the order they were posted."""
    latest: dict[int, Captured] = {}
    for captured in fake.in_channel(thread_id):
        latest[captured.message_id] = captured
    return [c for mid, c in latest.items() if mid in fake.messages]


def finished(fake: FakeDiscord, thread_id: int) -> bool:
    """Whether the thread announced the end of the game."""
    return "The game is over." in public_text(fake, thread_id)


async def play_to_the_end(
    fake: FakeDiscord,
    thread_id: int,
    users: list[FakeUser],
    rounds: int = 60,
    chooser: Callable[[int], int] | None = None,
    seen: list[dict[str, Any]] | None = None,
) -> None:
    """Each user in turn opens their panel and answers until nothing is left, until the game ends;
    the panels shown are added to ``seen`` when given."""
    for _ in range(rounds):
        moved = 0
        for user in users:
            moved += await play_panel(fake, user, thread_id, max_steps=500, chooser=chooser, seen=seen)
        if finished(fake, thread_id):
            return
        if not moved:  # the game is over: the thread is told after the last mover's panel
            await fake.wait_for(lambda: finished(fake, thread_id), what="the end (nobody could move)")
            return
    raise AssertionError("the game did not finish")
