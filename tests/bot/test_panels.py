"""Panels built from prompts: buttons, select menus and numbers within Discord's limits, with ids
that carry the table, seat, action number and prompt signature."""

from __future__ import annotations

import re
from dataclasses import replace
from types import SimpleNamespace
from typing import cast

import discord
import pytest

from bot.discord import ids
from bot.discord.i18n import Words
from bot.discord.panels import (
    BUTTONS,
    DESCRIPTION,
    VALUE_BUTTONS,
    answer_choices,
    cut_at_word,
    prompt_text,
    prompt_view,
    unique_labels,
)
from bot.service import Line, SeatPrompt, TableInfo
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
    selects = [item for item in view.children if isinstance(item, discord.ui.Select)]
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


def described_prompt(count: int, navigation: int = 0) -> Prompt:
    options = [
        Option(action=Take(token=i), label=msg("sealed.take", value=i), description=msg(f"cost.{i}"))
        for i in range(count)
    ]
    options += [Option(action=Pass(), label=msg(f"nav.{i}"), navigation=True) for i in range(navigation)]
    return Prompt(seat=0, title=msg("sealed.choose"), options=tuple(options))


def rows(view: discord.ui.View) -> list[list[dict[str, object]]]:
    return [list(row["components"]) for row in view.to_components()]


def test_answers_with_descriptions_become_a_select_menu_showing_each_description() -> None:
    view = prompt_view(3, seat_prompt(described_prompt(3)), WORDS)
    menu = rows(view)[0][0]
    assert menu["type"] == 3
    assert [(o["value"], o.get("description")) for o in menu["options"]] == [  # type: ignore[union-attr]
        ("0", "cost.0"),
        ("1", "cost.1"),
        ("2", "cost.2"),
    ]


def test_a_long_description_is_cut_at_a_word_boundary_within_discords_limit() -> None:
    text = " ".join(f"word{i}" for i in range(40))
    cut = cut_at_word(text, DESCRIPTION)
    assert len(cut) <= DESCRIPTION
    assert cut.endswith("…")
    assert text.startswith(cut[:-1]) and text[len(cut) - 1] == " "


def test_a_description_that_fits_is_shown_whole() -> None:
    text = "x" * (DESCRIPTION - 10) + " y z"
    assert cut_at_word(text, DESCRIPTION) == text


def test_navigation_is_grey_buttons_on_a_row_of_their_own_after_the_answers() -> None:
    for prompt in (described_prompt(4, navigation=2), take_prompt(4)):
        nav = [Option(action=Pass(), label=msg("sealed.undo"), navigation=True)]
        if not any(o.navigation for o in prompt.options):
            prompt = replace(prompt, options=(*prompt.options, *nav))
        laid = rows(prompt_view(3, seat_prompt(prompt), WORDS))
        indices = {i for i, o in enumerate(prompt.options) if o.navigation}

        def is_nav(comp: dict[str, object], indices: set[int] = indices) -> bool:
            cid = str(comp.get("custom_id", ""))
            return cid.startswith("agora:opt:") and int(cid.rsplit(":", 1)[1]) in indices

        nav_rows = [n for n, row in enumerate(laid) if any(is_nav(c) for c in row)]
        answer_rows = [
            n
            for n, row in enumerate(laid)
            if any(not is_nav(c) and c["custom_id"] != ids.hand(3) for c in row)
        ]
        assert len(nav_rows) == 1
        assert all(is_nav(c) for c in laid[nav_rows[0]])
        assert max(answer_rows) < nav_rows[0]
        assert all(c["style"] == discord.ButtonStyle.secondary.value for c in laid[nav_rows[0]])
        assert all(
            c.get("style") == discord.ButtonStyle.primary.value
            for n in answer_rows
            for c in laid[n]
            if c["type"] == 2
        )


def test_navigation_is_not_offered_in_the_select_menu() -> None:
    prompt = described_prompt(3, navigation=1)
    menu = rows(prompt_view(3, seat_prompt(prompt), WORDS))[0][0]
    assert [o["value"] for o in menu["options"]] == ["0", "1", "2"]  # type: ignore[union-attr]


def test_every_mix_of_answers_navigation_and_number_fits_discord_rows() -> None:
    number = NumberChoice(low=0, high=7, template=Bid(coins=0), field="coins", label=msg("sealed.bid_coins"))
    for count in range(0, 26 - 3):
        for navigation in range(0, 4):
            for with_number in (False, True):
                if count + navigation == 0 and not with_number:
                    continue
                prompt = take_prompt(count + 1) if count else None
                options = () if prompt is None else prompt.options[:count]
                nav = tuple(
                    Option(action=Pass(), label=msg(f"nav.{i}"), navigation=True) for i in range(navigation)
                )
                full = Prompt(
                    seat=0,
                    title=msg("sealed.choose"),
                    options=(*options, *nav),
                    number=number if with_number or not options + nav else None,
                )
                view = prompt_view(3, seat_prompt(full), WORDS)
                assert len(view.to_components()) <= 5, (count, navigation, with_number)
                answered = {int(c.rsplit(":", 1)[1]) for c in custom_ids(view) if c.startswith("agora:opt:")}
                menus = [i for i in view.children if isinstance(i, discord.ui.Select)]
                answered |= {int(o.value) for m in menus for o in m.options}
                assert answered == set(range(len(full.options)))


def test_a_line_just_told_is_not_repeated_in_the_digest_since_the_last_move() -> None:
    rolled = Line(msg("sealed.your_bid", coins=3), seats=frozenset({0}), seq=8)
    other = Line(msg("sealed.bid_placed", seat=1), seq=8)
    sp = SeatPrompt(table_id=3, seat=0, prompt=take_prompt(3), seq=9, digest=(rolled, other), can_undo=False)
    table = cast(TableInfo, SimpleNamespace(id=3, title="Sealed bid"))
    text = prompt_text(table, sp, WORDS, told=[rolled])
    assert text.count(WORDS(rolled.message)) == 1
    assert WORDS(other.message) in text


def test_autocomplete_shows_what_an_option_costs_and_gives_after_its_label() -> None:
    prompt = described_prompt(3)
    choices = answer_choices(prompt, WORDS, 5, "")
    assert [name for name, _ in choices] == [
        "sealed.take(value=0) · cost.0",
        "sealed.take(value=1) · cost.1",
        "sealed.take(value=2) · cost.2",
    ]


def parts_prompt(options: int = 24, navigation: int = 0, menus: int = 3, default: int | None = 0) -> Prompt:
    """A prompt with ``options`` described answers, ``navigation`` navigation options and parts
    of ``menus`` menus of 25 choices each (every choice described)."""
    from rules.core import Choice, Part, Parts

    parts = Parts(
        template=Take(token=0),
        label=msg("sealed.take_button"),
        menus=tuple(
            Part(
                label=msg(f"part.{m}"),
                default=default,
                choices=tuple(
                    Choice(values={"token": i}, label=msg("sealed.take", value=i),
                           description=msg(f"c.{m}.{i}"))
                    for i in range(25)
                ),
            )
            for m in range(menus)
        ),
    )
    return Prompt(seat=0, title=msg("sealed.choose"), options=described_prompt(options, navigation).options
                   if options + navigation else (), parts=parts)


def part_menus(view: discord.ui.View) -> list[dict[str, object]]:
    return [c for row in rows(view) for c in row if str(c.get("custom_id", "")).startswith("agora:part:")]


def test_each_part_is_a_select_menu_whose_options_carry_their_descriptions() -> None:
    view = prompt_view(3, seat_prompt(parts_prompt()), WORDS)
    menus = part_menus(view)
    assert [m["placeholder"] for m in menus] == ["part.0", "part.1", "part.2"]
    for n, menu in enumerate(menus):
        entries = menu["options"]
        assert isinstance(entries, list) and len(entries) == 25
        assert [e.get("description") for e in entries] == [f"c.{n}.{i}" for i in range(25)]


def test_a_part_starts_at_its_default_and_the_button_carries_every_choice() -> None:
    view = prompt_view(3, seat_prompt(parts_prompt()), WORDS, picks=[4, None, 0])
    menus = part_menus(view)
    marked = [[e["value"] for e in m["options"] if e.get("default")] for m in menus]  # type: ignore[union-attr]
    assert marked == [["4"], [], ["0"]]
    button = next(c for row in rows(view) for c in row
                  if str(c.get("custom_id", "")).startswith("agora:parts:"))
    match = re.fullmatch(ids.PARTS, str(button["custom_id"]))
    assert match is not None and ids.picks_of(match["picks"]) == [4, None, 0]
    assert all(ids.picks_of(str(m["custom_id"]).rsplit(":", 1)[1]) == [4, None, 0] for m in menus)
    fresh = part_menus(prompt_view(3, seat_prompt(parts_prompt()), WORDS))
    assert [[e["value"] for e in m["options"] if e.get("default")] for m in fresh] == [["0"]] * 3  # type: ignore[union-attr]


def test_the_parts_button_is_green_on_the_navigation_row_apart_from_the_answers() -> None:
    laid = rows(prompt_view(3, seat_prompt(parts_prompt(options=5, navigation=2)), WORDS))
    row = next(r for r in laid if any(str(c.get("custom_id", "")).startswith("agora:parts:") for c in r))
    assert row[0]["style"] == discord.ButtonStyle.success.value and row[0]["label"] == "sealed.take_button"
    assert all(c["style"] == discord.ButtonStyle.secondary.value for c in row[1:])
    assert laid.index(row) == len(laid) - 1


def test_a_turn_with_its_menu_three_parts_and_navigation_fits_discord_rows() -> None:
    for options in (0, 3, 22):
        for navigation in (0, 1, 3):
            for menus in (1, 2, 3):
                view = prompt_view(3, seat_prompt(parts_prompt(options, navigation, menus)), WORDS)
                assert len(view.to_components()) <= 5, (options, navigation, menus)
                assert all(len(cid) <= 100 for cid in custom_ids(view))
                assert len(part_menus(view)) == menus


def test_the_signature_changes_with_the_parts() -> None:
    assert ids.prompt_signature(parts_prompt(menus=2)) != ids.prompt_signature(parts_prompt(menus=3))
    assert ids.prompt_signature(parts_prompt()) == ids.prompt_signature(parts_prompt())


def test_part_ids_are_parsed_back_with_every_choice_so_far() -> None:
    match = re.fullmatch(ids.PART, ids.part(1, 2, 3, "ab12", 2, ids.picks_text([24, None, 3])))
    assert match is not None and match["menu"] == "2" and ids.picks_of(match["picks"]) == [24, None, 3]
    assert re.fullmatch(ids.PARTS, ids.parts(1, 2, 3, "ab12", "-"))


def test_autocomplete_offers_the_combinations_of_the_parts_matching_every_word_typed() -> None:
    prompt = parts_prompt(options=3, menus=2)
    sig = ids.prompt_signature(prompt)
    found = answer_choices(prompt, WORDS, 9, "value=24 value=3")
    assert found == [("sealed.take_button · sealed.take(value=3) · sealed.take(value=24)", f"9:{sig}:p3.24"),
                     ("sealed.take_button · sealed.take(value=24) · sealed.take(value=3)", f"9:{sig}:p24.3")]


def test_autocomplete_keeps_room_for_the_parts_beside_a_full_menu() -> None:
    prompt = parts_prompt(options=24, menus=3)
    found = answer_choices(prompt, WORDS, 9, "")
    assert len(found) == 25
    assert sum(":o" in v for _, v in found) == 20 and sum(":p" in v for _, v in found) == 5
