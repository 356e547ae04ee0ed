"""Panels built from prompts: buttons, select menus and numbers within Discord's limits, with ids
that carry the table, seat, action number and prompt signature."""

from __future__ import annotations

import re

import discord
import pytest

from bot.discord import ids
from bot.discord.i18n import Words
from bot.discord.panels import BUTTONS, VALUE_BUTTONS, answer_choices, prompt_view, unique_labels
from bot.service import SeatPrompt
from rules.core import NumberChoice, Option, Prompt, msg
from tests.fixtures.sealed_bid import Bid, Pass, Take

WORDS = Words("en")


def take_prompt(count: int, seat: int = 0) -> Prompt:
    options = [Option(action=Take(token=i), label=msg("sealed.take", value=i)) for i in range(count - 1)]
    options.append(Option(action=Pass(), label=msg("sealed.pass")))
    return Prompt(seat=seat, title=msg("sealed.choose"), options=tuple(options))


def bid_prompt(high: int) -> Prompt:
    number = NumberChoice(
        low=0, high=high, template=Bid(coins=0), field="coins", label=msg("sealed.bid_coins")
    )
    return Prompt(seat=1, title=msg("sealed.bid", round=1), number=number, secret=True, simultaneous=True)


def seat_prompt(prompt: Prompt, seq: int = 7) -> SeatPrompt:
    return SeatPrompt(table_id=3, seat=prompt.seat, prompt=prompt, seq=seq, digest=(), can_undo=False)


def custom_ids(view: discord.ui.View) -> list[str]:
    return [str(getattr(item, "custom_id", "")) for item in view.children]


def test_a_few_options_become_buttons_one_per_option() -> None:
    view = prompt_view(3, seat_prompt(take_prompt(4)), WORDS)
    answers = [cid for cid in custom_ids(view) if cid.startswith("agora:opt:")]
    assert len(answers) == 4
    assert [int(cid.rsplit(":", 1)[1]) for cid in answers] == [0, 1, 2, 3]


def test_many_options_become_one_select_menu() -> None:
    view = prompt_view(3, seat_prompt(take_prompt(25)), WORDS)
    selects = [
        item.item for item in view.children if isinstance(getattr(item, "item", None), discord.ui.Select)
    ]
    assert len(selects) == 1
    assert [o.value for o in selects[0].options] == [str(i) for i in range(25)]
    assert BUTTONS < 25


def test_every_panel_fits_discord_rows_and_id_limits() -> None:
    for count in range(1, 26):
        view = prompt_view(3, seat_prompt(take_prompt(count)), WORDS)
        assert len(view.to_components()) <= 5
        assert all(len(cid) <= 100 for cid in custom_ids(view))


def test_a_small_number_range_becomes_one_button_per_value() -> None:
    view = prompt_view(3, seat_prompt(bid_prompt(5)), WORDS)
    values = [cid for cid in custom_ids(view) if cid.startswith("agora:val:")]
    assert [int(cid.rsplit(":", 1)[1]) for cid in values] == list(range(6))


def test_a_wide_number_range_opens_a_modal() -> None:
    view = prompt_view(3, seat_prompt(bid_prompt(VALUE_BUTTONS + 5)), WORDS)
    assert [cid for cid in custom_ids(view) if cid.startswith("agora:num:")]
    assert not [cid for cid in custom_ids(view) if cid.startswith("agora:val:")]


def test_every_panel_offers_to_show_the_hand_again() -> None:
    view = prompt_view(3, seat_prompt(take_prompt(3)), WORDS)
    assert ids.hand(3) in custom_ids(view)


def test_answer_ids_carry_table_seat_seq_and_signature() -> None:
    prompt = take_prompt(3, seat=2)
    cid = custom_ids(prompt_view(3, seat_prompt(prompt, seq=41), WORDS))[0]
    match = re.fullmatch(ids.OPTION, cid)
    assert match is not None
    assert (match["table"], match["seat"], match["seq"], match["sig"]) == (
        "3",
        "2",
        "41",
        ids.prompt_signature(prompt),
    )


def test_the_signature_changes_with_the_prompt_and_not_otherwise() -> None:
    assert ids.prompt_signature(take_prompt(3)) == ids.prompt_signature(take_prompt(3))
    assert ids.prompt_signature(take_prompt(3)) != ids.prompt_signature(take_prompt(4))
    assert ids.prompt_signature(take_prompt(3, seat=0)) != ids.prompt_signature(take_prompt(3, seat=1))


@pytest.mark.parametrize(
    ("make", "pattern"),
    [
        (lambda: ids.lobby(12, "start"), ids.LOBBY),
        (lambda: ids.select(1, 2, 3, "ab12"), ids.SELECT),
        (lambda: ids.value(1, 2, 3, "ab12", -4), ids.VALUE),
        (lambda: ids.number(1, 2, 3, "ab12"), ids.NUMBER),
        (lambda: ids.play(9), ids.PLAY),
        (lambda: ids.hand(9), ids.HAND),
        (lambda: ids.undo(9, 14), ids.UNDO),
        (lambda: ids.reclaim(9), ids.RECLAIM),
    ],
)
def test_every_id_is_parsed_back_by_its_template(make: object, pattern: str) -> None:
    assert callable(make)
    assert re.fullmatch(pattern, make())


def test_cut_labels_stay_unique() -> None:
    labels = unique_labels(["x" * 120, "x" * 130, "short"], 80)
    assert len(set(labels)) == 3
    assert all(len(label) <= 80 for label in labels)


def test_autocomplete_lists_the_options_matching_what_was_typed() -> None:
    prompt = take_prompt(4)
    choices = answer_choices(prompt, WORDS, 5, "pass")
    assert choices == [("sealed.pass", f"5:{ids.prompt_signature(prompt)}:o3")]


def test_autocomplete_offers_a_typed_number_within_bounds_only() -> None:
    prompt = bid_prompt(40)
    assert [v for _, v in answer_choices(prompt, WORDS, 2, "33")] == [f"2:{ids.prompt_signature(prompt)}:n33"]
    assert answer_choices(prompt, WORDS, 2, "41") == []
    assert len(answer_choices(prompt, WORDS, 2, "")) == 25
