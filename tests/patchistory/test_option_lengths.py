"""Every option of every prompt says what it gives in words a phone's select menu shows whole
(issue #13 item 3): after the JSON round trip storage makes, every option has a description, and
each renders in English and Greek in at most 100 characters, in games of 2, 3 and 4 players with
greedy and random seats."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.core import Message, Prompt, Rng
from rules.core.contract import PROMPT
from rules.core.messages import MESSAGE, render
from rules.patchistory import ENGINE
from rules.patchistory.auction import side_summary
from rules.patchistory.common import Ctx, change_words, label
from rules.patchistory.content import Stat, load_content
from rules.patchistory.state import Offer, State
from tests.descriptions import LONGEST, misfits

PACKAGES = ("rules.patchistory", "rules.core")
NAMES = ("Ann", "Bo", "Cy", "Di")
"""A Discord select option's description line holds 100 characters."""


def stored(message: Message) -> Message:
    return MESSAGE.validate_json(MESSAGE.dump_json(message))


def played_games(players: int, seed: int, bots: tuple[str, ...]) -> Iterator[tuple[State, Prompt]]:
    """Every prompt met in one game, seat s played by bots[s % len(bots)]."""
    chosen = ENGINE.bots()
    rng = Rng.from_seed(seed)
    state = ENGINE.new_game(players, {}, seed)
    while prompts := ENGINE.pending(state):
        for p in prompts.values():
            yield state, p
        seat = min(prompts)
        bot = chosen[bots[seat % len(bots)]]
        state, _ = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng))


def played_prompts(players: int, seed: int, bots: tuple[str, ...]) -> Iterator[tuple[State, Prompt]]:
    """Every prompt met in one game (:func:`played_games`), each as storage gives it back."""
    for state, p in played_games(players, seed, bots):
        yield state, PROMPT.validate_json(PROMPT.dump_json(p))


GAMES = [
    (2, 201, ("greedy",)),
    (2, 202, ("random", "greedy")),
    (3, 203, ("greedy", "random")),
    (4, 204, ("random",)),
    (4, 205, ("greedy", "random")),
]


@pytest.mark.parametrize(("players", "seed", "bots"), GAMES)
def test_every_option_has_a_description_that_fits_a_select_line(
    players: int, seed: int, bots: tuple[str, ...]
) -> None:
    found: list[str] = []
    described = 0
    titles: list[str] = []
    for state, prompt in played_prompts(players, seed, bots):
        described += len(prompt.options)
        found += misfits(prompt, PACKAGES, NAMES, navigation=True)
        titles += title_misses(state, prompt)
    assert described > 50
    assert sorted(set(found)) == []
    assert titles == []


def title_misses(state: State, prompt: Prompt) -> list[str]:
    """A war's and a vote's title says the resources and votes the seat holds; Movement's its
    Transport; worker placement how many workers there are to place."""
    p = state.players[prompt.seat]
    en = render(prompt.title, "en", PACKAGES, NAMES)
    el = render(prompt.title, "el", PACKAGES, NAMES)
    wanted = {
        "patchistory.war.title": [(f"{p.goods.resources} resource", f"{p.goods.resources} Πόρ")],
        "patchistory.vote.title": [(f"{p.goods.votes} vote", f"{p.goods.votes} Ψήφ")],
        "patchistory.movement.title": [(f"Transport {p.transport}", f"Μεταφορά {p.transport}")],
        "patchistory.place.title": [(f"Place {p.homing} worker", f"Τοποθετήστε {p.homing} Εργάτ")],
    }.get(prompt.title.key, [])
    return [f"{en!r} / {el!r} lacks {e!r} / {g!r}" for e, g in wanted if e not in en or g not in el]


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


@pytest.mark.parametrize("locale", ["en", "el"])
def test_a_change_of_every_stat_fits_a_select_line(locale: str) -> None:
    """A patch placement may change every stat of the board at once: its description, each stat
    changing by two digits, still fits."""
    change = {s: 12 if i % 2 else -12 for i, s in enumerate(Stat)}
    text = render(stored(label("describe.square", change=change_words(change))), locale, PACKAGES, NAMES)
    assert text.count(",") == len(Stat) - 1
    assert len(text) <= LONGEST, text
