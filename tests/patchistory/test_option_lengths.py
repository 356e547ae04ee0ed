"""Every option of every prompt says what it gives in words a phone's select menu shows whole
(issue #13 item 3): after the JSON round trip storage makes, each description renders in English
and Greek in at most 100 characters, in games of 2, 3 and 4 players with greedy and random seats."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.core import Message, Prompt, Rng
from rules.core.messages import render
from rules.patchistory import ENGINE
from rules.patchistory.auction import side_summary
from rules.patchistory.common import Ctx
from rules.patchistory.content import load_content
from rules.patchistory.state import Offer, State

PACKAGES = ("rules.patchistory", "rules.core")
NAMES = ("Ann", "Bo", "Cy", "Di")
LONGEST = 100
"""A Discord select option's description line holds 100 characters."""


def stored(message: Message) -> Message:
    return Message.model_validate_json(message.model_dump_json())


def played_prompts(players: int, seed: int, bots: tuple[str, ...]) -> Iterator[tuple[State, Prompt]]:
    """Every prompt met in one game, seat s played by bots[s % len(bots)], each prompt as storage
    gives it back."""
    chosen = ENGINE.bots()
    rng = Rng.from_seed(seed)
    state = ENGINE.new_game(players, {}, seed)
    while prompts := ENGINE.pending(state):
        for p in prompts.values():
            yield state, Prompt.model_validate_json(p.model_dump_json())
        seat = min(prompts)
        bot = chosen[bots[seat % len(bots)]]
        state, _ = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng))


GAMES = [
    (2, 201, ("greedy",)),
    (2, 202, ("random", "greedy")),
    (3, 203, ("greedy", "random")),
    (4, 204, ("random",)),
    (4, 205, ("greedy", "random")),
]


def too_long(prompt: Prompt) -> list[str]:
    found = []
    for option in prompt.options:
        if option.description is None:
            continue
        for locale in ("en", "el"):
            text = render(option.description, locale, PACKAGES, NAMES)
            if len(text) > LONGEST:
                found.append(f"{locale} {option.description.key}: {text!r} ({len(text)})")
    return found


@pytest.mark.parametrize(("players", "seed", "bots"), GAMES)
def test_every_option_description_fits_a_select_line(players: int, seed: int, bots: tuple[str, ...]) -> None:
    found: list[str] = []
    described = 0
    for _, prompt in played_prompts(players, seed, bots):
        described += sum(o.description is not None for o in prompt.options)
        found += too_long(prompt)
    assert described > 50
    assert sorted(set(found)) == []


@pytest.mark.parametrize("locale", ["en", "el"])
def test_both_sides_of_every_land_tile_fit_a_select_line(locale: str) -> None:
    """The 2-player auction offers a tile with both sides (p. 15): every tile of the content, not
    only those a game happened to lay out, says both in at most 100 characters."""
    ctx = Ctx(load_content())
    found = []
    for tile in ctx.content.land_tiles:
        words = stored(side_summary(ctx, Offer(tile=tile.id, side="any")))
        text = render(words, locale, PACKAGES, NAMES)
        if len(text) > LONGEST:
            found.append(f"{tile.id}: {text!r} ({len(text)})")
    assert found == []
