"""Hostile and broken input against the real bot: forged and mangled component ids, options meant
for another table, numbers out of range or not numbers at all, unknown choices, a player acting for
another seat, spectators, a player who left the table, players who left the server or were banned
from it (clicking what the bot sent them by DM), replayed clicks, and a flood of concurrent clicks.

Each one gets a clear refusal, shown to the clicker alone, and changes nothing: neither the log in
storage nor the thread. The bot never shows a traceback and never crashes (the fixture checks its
log and its exit status, and runs the secrets audit over every payload, after each test).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.chaos.checks import actions_by_user, heads
from tests.chaos.conftest import SCALE
from tests.chaos.fake import TimedDiscord
from tests.chaos.tables import answer_ids, play_message, refusal, started_table, table_of, thread_text
from tests.e2e.fakediscord import FakeUser, Ix
from tests.e2e.harness import BotProcess
from tests.e2e.players import button, done, open_panel, open_table, play_panel, press, told

NO_SEAT = "You have no seat at table"
LEFT_SERVER = "no longer a member of the server where table"
HOUR = 3600
STALE = "out of date"
NOT_YOURS = "belongs to another player"


class Unchanged:
    """The log of every table and the text of every thread, to compare after a refusal."""

    def __init__(self, fake: TimedDiscord, db: Path) -> None:
        self.fake, self.db = fake, db

    async def __aenter__(self) -> Unchanged:
        self.heads = await heads(self.db)
        self.threads = {t["id"]: thread_text(self.fake, int(t["id"])) for t in self.fake.threads()}
        return self

    async def __aexit__(self, *exc: object) -> None:
        if exc[0] is not None:
            return
        assert await heads(self.db) == self.heads, "a refused interaction changed the log"
        after = {t["id"]: thread_text(self.fake, int(t["id"])) for t in self.fake.threads()}
        assert after == self.threads, "a refused interaction posted in a thread"


def with_part(custom_id: str, index: int, value: str) -> str:
    """``custom_id`` with its ``index``-th ``:``-separated part replaced."""
    parts = custom_id.split(":")
    parts[index] = value
    return ":".join(parts)


async def table_of_two(fake: TimedDiscord, **options: str) -> tuple[FakeUser, FakeUser, int, int]:
    ann, bo = fake.user("Ann"), fake.user("Bo")
    thread = await started_table(fake, ann, bo, **options)
    return ann, bo, thread, table_of(fake, thread)


async def test_ids_naming_a_table_that_does_not_exist_are_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, _, thread, _ = await table_of_two(fake)
    panel = await open_panel(fake, ann, thread)
    forged = [
        "agora:opt:999999:0:1:abcdef01:0",
        "agora:val:999999:0:1:abcdef01:3",
        "agora:num:999999:0:1:abcdef01",
        "agora:play:999999",
        "agora:hand:999999",
        "agora:undo:999999:4",
        "agora:reclaim:999999",
        "agora:lobby:999999:join",
        "agora:lobby:999999:start",
    ]
    async with Unchanged(fake, tmp_path / "agora.db"):
        for custom_id in forged:
            ix = await fake.component(ann, int(panel["id"]), custom_id)
            await refusal(fake, ix, "There is no table 999999")
        ix = await fake.component(ann, int(panel["id"]), "agora:sel:999999:0:1:abcdef01", values=["0"])
        await refusal(fake, ix, "There is no table 999999")


async def test_ids_naming_a_table_number_too_large_for_storage_are_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, _, thread, _ = await table_of_two(fake)
    panel = await open_panel(fake, ann, thread)
    async with Unchanged(fake, tmp_path / "agora.db"):
        for table in (2**63, 10**20, 2**64 + 1):
            forged = (f"agora:opt:{table}:0:1:abcdef01:0", f"agora:play:{table}", f"agora:undo:{table}:1")
            for custom_id in forged:
                ix = await fake.component(ann, int(panel["id"]), custom_id)
                await refusal(fake, ix, f"There is no table {table}")
        ix = await done(fake, await fake.slash(ann, "play", channel_id=thread, table=2**63))
        await refusal(fake, ix, f"There is no table {2**63}")


async def test_mangled_ids_on_a_real_panel_are_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, _, thread, _ = await table_of_two(fake)
    panel = await open_panel(fake, ann, thread)
    value_id = answer_ids(panel)[2]  # agora:val:<table>:<seat>:<seq>:<sig>:<value>
    seq = int(value_id.split(":")[4])
    mangled = {
        with_part(with_part(value_id, 4, str(seq + 7)), 5, "00000000"): STALE,
        with_part(with_part(value_id, 4, str(10**20)), 5, "ffffffff"): STALE,
        with_part(value_id, 6, str(10**30)): "Bid 0 to 5 coins",
        with_part(value_id, 6, "-3"): "Bid 0 to 5 coins",
        with_part(value_id, 6, "6"): "Bid 0 to 5 coins",
        # The bid is a number: there is no option 0, let alone option 10**6.
        with_part(with_part(value_id, 1, "opt"), 6, str(10**6)): STALE,
    }
    async with Unchanged(fake, tmp_path / "agora.db"):
        for custom_id, expected in mangled.items():
            ix = await fake.component(ann, int(panel["id"]), custom_id)
            await refusal(fake, ix, expected)


async def test_numbers_out_of_range_or_not_numbers_are_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, _, thread, _ = await table_of_two(fake, options="starting_coins=15")
    panel = await open_panel(fake, ann, thread)
    typed = {
        "abc": "Type a whole number from 0 to 15",
        "": "Type a whole number from 0 to 15",
        "1.5": "Type a whole number from 0 to 15",
        "1e3": "Type a whole number from 0 to 15",
        "99": "Bid 0 to 15 coins",
        "-1": "Bid 0 to 15 coins",
        str(10**40): "Bid 0 to 15 coins",
    }
    async with Unchanged(fake, tmp_path / "agora.db"):
        for text, expected in typed.items():
            opener = await fake.click(ann, int(panel["id"]), button(panel, "agora:num:")["custom_id"])
            await fake.wait_for(lambda opener=opener: opener.modal is not None, what="the number modal")
            ix = await fake.submit_modal(ann, opener, {"value": text})
            await refusal(fake, ix, expected)


async def test_select_values_that_are_not_offered_are_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, bo, thread, _ = await table_of_two(fake, options="market_size=20")
    for user in (ann, bo):
        await press(
            fake,
            user,
            (panel := await open_panel(fake, user, thread)),
            {"type": 2, "custom_id": answer_ids(panel)[1]},
        )
    await fake.wait_for(lambda: "sealed.revealed" in thread_text(fake, thread), what="the bids revealed")
    panels = {user.id: await open_panel(fake, user, thread) for user in (ann, bo)}
    chooser = next(
        u
        for u in (ann, bo)
        if any(c.get("type") == 3 for row in panels[u.id]["components"] for c in row["components"])
    )
    panel = panels[chooser.id]
    select_id = button(panel, "agora:sel:")["custom_id"]
    async with Unchanged(fake, tmp_path / "agora.db"):
        for values in (["abc"], ["-1"], ["21"], [str(10**30)], [], ["1.0"], [" 1"], ["²"], ["١"]):
            ix = await fake.component(chooser, int(panel["id"]), select_id, values=values)
            await refusal(fake, ix, STALE)


async def test_a_panel_sent_to_another_table_is_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, bo, cy = fake.user("Ann"), fake.user("Bo"), fake.user("Cy")
    first = await started_table(fake, ann, bo)
    second = await started_table(fake, cy, ann)
    third = await started_table(fake, bo, cy)
    moved_on = await open_panel(fake, ann, second)
    await press(fake, ann, moved_on, {"type": 2, "custom_id": answer_ids(moved_on)[0]})
    await told(fake, second, "Ann ✓")  # the move's own telling, which follows its panel
    panel = await open_panel(fake, ann, first)
    async with Unchanged(fake, tmp_path / "agora.db"):
        for custom_id in answer_ids(panel):
            ix = await fake.component(
                ann, int(panel["id"]), with_part(custom_id, 2, str(table_of(fake, third)))
            )
            await refusal(fake, ix, NO_SEAT)
            ix = await fake.component(
                ann, int(panel["id"]), with_part(custom_id, 2, str(table_of(fake, second)))
            )
            await refusal(fake, ix, STALE, NOT_YOURS)


async def test_unknown_choices_typed_in_act_are_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, _, thread, _ = await table_of_two(fake)
    async with Unchanged(fake, tmp_path / "agora.db"):
        for choice in ("castle", "0:zzzzzzzz:o99", "0:abcdef01:n99", "7:abcdef01:o0", "o3", "-", "１２" * 60):
            ix = await done(fake, await fake.slash(ann, "act", channel_id=thread, choice=choice))
            await refusal(fake, ix, "is not one of your options", STALE, "Bid 0 to 5 coins")


async def test_what_only_looks_like_a_number_or_an_option_in_act_is_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    """A superscript passes ``str.isdigit``, a negative index would pick the last option, and
    ``int`` reads no number of 5,000 digits: each is an unknown choice, not an error."""
    ann, _, thread, _ = await table_of_two(fake)
    offered = await fake.autocomplete(ann, "act", "choice", "", channel_id=thread)
    version = str(offered[0]["value"]).rsplit(":", 1)[0]  # "<seq>:<sig>"
    async with Unchanged(fake, tmp_path / "agora.db"):
        for choice in ("²", "-²", "١", f"{version}:o-1", f"{version}:o²", f"{version}:n²", "²:abcdef01:o0",
                       "9" * 5000, f"{version}:n" + "9" * 5000):
            ix = await done(fake, await fake.slash(ann, "act", channel_id=thread, choice=choice))
            await refusal(fake, ix, "is not one of your options")


async def test_a_table_with_junk_options_or_a_pace_out_of_bounds_is_refused_before_its_thread(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann = fake.user("Ann")
    nested = '{"starting_coins": {"a": [1, {"b": null}]}}'
    deep = '{"a":' * 3000 + "1" + "}" * 3000
    refused = {
        (nested, None): "nest too deeply",
        (deep[:6000], None): "nest too deeply",
        ("starting_coins=" + "[" * 2990 + "]" * 2990, None): "nest too deeply",
        ('{"starting_coins": [1, 2]}', None): "must be a whole number from 1 to 20",
        (None, 0.001): "The pace must be from 1 minute to 30 days",
        (None, 1e9): "The pace must be from 1 minute to 30 days",
    }
    async with Unchanged(fake, tmp_path / "agora.db"):
        for (options, pace), expected in refused.items():
            ix = await fake.slash(
                ann, "game new", channel_id=fake.channel_id, game="sealed_bid", options=options, pace=pace
            )
            await refusal(fake, ix, expected)
    assert fake.threads() == [], "a refused table opened a thread"


async def test_a_player_acting_for_another_seat_is_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, bo, thread, _ = await table_of_two(fake)
    ann_panel = await open_panel(fake, ann, thread)
    bo_panel = await open_panel(fake, bo, thread)
    ann_seat = answer_ids(ann_panel)[0].split(":")[3]
    async with Unchanged(fake, tmp_path / "agora.db"):
        for custom_id in answer_ids(ann_panel):
            await refusal(fake, await fake.click(bo, int(ann_panel["id"]), custom_id), NOT_YOURS)
        for custom_id in answer_ids(bo_panel):
            forged = with_part(custom_id, 3, ann_seat)
            await refusal(fake, await fake.component(bo, int(bo_panel["id"]), forged), NOT_YOURS)


async def test_spectators_are_refused(fake: TimedDiscord, bot: BotProcess, tmp_path: Path) -> None:
    ann, _, thread, table = await table_of_two(fake)
    cy = fake.user("Cy")
    panel = await open_panel(fake, ann, thread)
    play = play_message(fake, thread)
    async with Unchanged(fake, tmp_path / "agora.db"):
        for custom_id in answer_ids(panel):
            await refusal(fake, await fake.click(cy, int(panel["id"]), custom_id), NO_SEAT)
        await refusal(
            fake, await fake.click(cy, int(play["id"]), button(play, "agora:play:")["custom_id"]), NO_SEAT
        )
        await refusal(fake, await fake.component(cy, int(play["id"]), f"agora:hand:{table}"), NO_SEAT)
        await refusal(fake, await fake.component(cy, int(play["id"]), f"agora:reclaim:{table}"), NO_SEAT)
        await refusal(
            fake,
            await fake.component(cy, int(play["id"]), f"agora:lobby:{table}:start"),
            "has already started",
        )
        await refusal(fake, await fake.slash(cy, "play", channel_id=thread), NO_SEAT)
        await refusal(fake, await fake.slash(cy, "act", channel_id=thread, choice="3"), NO_SEAT)


async def test_a_player_who_left_the_table_is_refused(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, bo, dee = fake.user("Ann"), fake.user("Bo"), fake.user("Dee")
    thread, lobby = await open_table(fake, ann, bo, dee)
    leave = button(lobby, "agora:lobby:")["custom_id"].rsplit(":", 1)[0] + ":leave"
    await press(fake, dee, lobby, {"type": 2, "custom_id": leave})
    start = leave.rsplit(":", 1)[0] + ":start"
    await press(fake, ann, fake.messages[int(lobby["id"])], {"type": 2, "custom_id": start})
    await fake.wait_for(
        lambda: "agora:play:" in str([c.body for c in fake.in_channel(thread)]), what="the start"
    )
    panel = await open_panel(fake, ann, thread)
    play = play_message(fake, thread)
    async with Unchanged(fake, tmp_path / "agora.db"):
        await refusal(
            fake, await fake.click(dee, int(play["id"]), button(play, "agora:play:")["custom_id"]), NO_SEAT
        )
        await refusal(fake, await fake.slash(dee, "play", channel_id=thread), NO_SEAT)
        for custom_id in answer_ids(panel):
            await refusal(
                fake, await fake.component(dee, int(panel["id"]), with_part(custom_id, 3, "2")), NO_SEAT
            )
        await refusal(fake, await fake.component(dee, int(lobby["id"]), leave), "has already started")


def gone(fake: TimedDiscord, how: str) -> Callable[[FakeUser], None]:
    """How a player is out of the server: they ``left`` it, or were ``banned``."""
    return fake.leave if how == "left" else fake.ban


@pytest.mark.parametrize("how", ["left", "banned"])
async def test_a_player_out_of_the_server_is_refused_whatever_they_send_from_their_dms(
    how: str, fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, bo, thread, table = await table_of_two(fake, options="starting_coins=15")
    number_id = button(await open_panel(fake, bo, thread), "agora:num:")["custom_id"]
    prompt = ":".join(number_id.split(":")[2:])  # <table>:<seat>:<seq>:<sig>, as Bo's panel shows it
    await play_panel(fake, ann, thread)
    bot.set_clock(25 * HOUR)
    reminder = await fake.wait_for(
        lambda: next(
            (c for c in fake.captured if c.audience == ("dm", bo.id) and "agora:play:" in str(c.body)
             and "is waiting for your move" in c.text()), None  # the reminder, not the "your move" DM
        ),
        what="the reminder DM to Bo",
    )
    dm = fake.messages[reminder.message_id]
    dm_channel = int(dm["channel_id"])
    gone(fake, how)(bo)
    bot.set_clock(25 * HOUR + 61)  # past the minute the bot believes a member lookup
    forged = [
        number_id,
        f"agora:val:{prompt}:3",
        f"agora:opt:{prompt}:0",
        f"agora:play:{table}",
        f"agora:hand:{table}",
        f"agora:reclaim:{table}",
        f"agora:undo:{table}:2",
        f"agora:lobby:{table}:join",
        f"agora:lobby:{table}:start",
    ]
    commands: list[tuple[str, dict[str, object]]] = [
        ("play", {"table": table}),
        ("act", {"table": table, "choice": "3"}),
        ("game hand", {"table": table}),
        ("game status", {"table": table}),
        ("game log", {"table": table}),
        ("game board", {"table": table}),
        ("game undo", {"table": table}),
        ("game abandon", {"table": table}),
        ("game reclaim", {"table": table}),
    ]
    async with Unchanged(fake, tmp_path / "agora.db"):
        await refusal(
            fake, await fake.click(bo, int(dm["id"]), button(dm, "agora:play:")["custom_id"]), LEFT_SERVER
        )
        for custom_id in forged:
            await refusal(fake, await fake.component(bo, int(dm["id"]), custom_id), LEFT_SERVER)
        select = await fake.component(bo, int(dm["id"]), f"agora:sel:{prompt}", values=["0"])
        await refusal(fake, select, LEFT_SERVER)
        form = await fake.modal(bo, int(dm["id"]), f"agora:numm:{prompt}", {"value": "3"})
        await refusal(fake, form, LEFT_SERVER)
        for command, options in commands:
            await refusal(fake, await fake.slash(bo, command, channel_id=dm_channel, **options), LEFT_SERVER)
        mine = await done(fake, await fake.slash(bo, "game mine", channel_id=dm_channel))
        assert f"table {table}" not in mine.texts() and "No table" in mine.texts()
        choices = await fake.autocomplete(bo, "act", "choice", "", channel_id=dm_channel, table=table)
        assert choices == [], "no options are suggested at a table of a server one has left"
    assert (await actions_by_user(tmp_path / "agora.db"))[(table, bo.id)] == 0


async def test_a_replayed_click_is_refused_and_counts_once(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, _, thread, table = await table_of_two(fake)
    panel = await open_panel(fake, ann, thread)
    bid = answer_ids(panel)[2]
    first = await press(fake, ann, panel, {"type": 2, "custom_id": bid})
    assert first.outputs[0].op == "edit", first.texts()
    await told(fake, thread, "Ann ✓")  # the move's own telling, which follows its panel
    async with Unchanged(fake, tmp_path / "agora.db"):
        for _ in range(3):
            await refusal(fake, await fake.component(ann, int(panel["id"]), bid), STALE)
        # The very same interaction delivered again (same id and token): Discord refuses the
        # second acknowledgement, and the bot must neither act twice nor fall over.
        calls = len(fake.requests)
        await fake._dispatch("INTERACTION_CREATE", first.payload)
        await fake.wait_for(lambda: len(fake.requests) > calls, what="the bot to try the replay")
        await asyncio.sleep(0.5)
    assert (await actions_by_user(tmp_path / "agora.db"))[(table, ann.id)] == 1
    await done(fake, await fake.slash(ann, "play", channel_id=thread), "the bot still serving")


async def test_a_flood_of_concurrent_clicks_counts_one_move_per_seat(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, bo, thread, table = await table_of_two(fake)
    cy = fake.user("Cy")
    panels = [await open_panel(fake, ann, thread), await open_panel(fake, bo, thread)]
    clicks = [
        (user, panel, custom_id)
        for _ in range(SCALE * 2)
        for panel in panels
        for custom_id in answer_ids(panel)
        for user in (ann, bo, cy)
    ]
    sent: list[Ix] = await asyncio.gather(*(fake.click(u, int(p["id"]), cid) for u, p, cid in clicks))
    await asyncio.gather(*(done(fake, ix, timeout_what(ix)) for ix in sent))
    outcomes: Counter[str] = Counter()
    for ix in sent:
        if ix.outputs[0].op == "edit":
            outcomes[f"moved:{ix.user.name}"] += 1
        else:
            await refusal(fake, ix, STALE, NOT_YOURS, NO_SEAT)
            outcomes["refused"] += 1
    assert outcomes == {"moved:Ann": 1, "moved:Bo": 1, "refused": len(clicks) - 2}, outcomes
    moves = await actions_by_user(tmp_path / "agora.db")
    assert (moves[(table, ann.id)], moves[(table, bo.id)]) == (1, 1)
    await fake.wait_for(lambda: "sealed.revealed" in thread_text(fake, thread), what="the bids revealed")
    assert thread_text(fake, thread).count("sealed.revealed") == 1


def timeout_what(ix: Ix) -> str:
    return f"an answer to {ix.user.name}'s click on {ix.payload['data']['custom_id']}"


async def test_a_component_id_of_no_known_shape_changes_nothing(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, _, thread, _ = await table_of_two(fake)
    panel = await open_panel(fake, ann, thread)
    async with Unchanged(fake, tmp_path / "agora.db"):
        for custom_id in (
            "agora:nope",
            "x" * 100,
            "agora:opt:1:0:1:not-hex:0",
            "agora:val:1:0:1:abcd:1.5",
            "",
        ):
            await fake.component(ann, int(panel["id"]), custom_id)
        await asyncio.sleep(0.5)
    await done(fake, await fake.slash(ann, "play", channel_id=thread), "the bot still serving")


async def test_a_component_id_of_no_known_shape_gets_a_refusal(
    fake: TimedDiscord, bot: BotProcess, tmp_path: Path
) -> None:
    ann, _, thread, _ = await table_of_two(fake)
    panel = await open_panel(fake, ann, thread)
    ix = await fake.component(ann, int(panel["id"]), "agora:opt:1:0:1:not-hex:0")
    await refusal(fake, ix, timeout=3.0)
