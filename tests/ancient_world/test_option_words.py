"""Every option says what it costs and gives (issue #13 item 3): in played games every answer has a
description a select line shows whole, in English and Greek, and the words of the decisions that
follow a placement (the Hunger box, a retirement, Crane, Expand's payment, Explore, a citizen's
target, Rebuild's Done) say what answering does to the table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.ancient_world import ENGINE
from rules.ancient_world.actions import Action, Done, ExpandPay, Explore, Hungry, Place, Retire, UseCrane
from rules.ancient_world.gives import empire_gives, military_gives
from rules.ancient_world.state import ROUNDS, Citizen, Space, State, Step, StepKind
from rules.core import Prompt, Rng, msg
from rules.core.contract import PROMPT
from rules.core.messages import render
from tests.descriptions import LONGEST, misfits

from .helpers import CONTENT, give_empire, new_game, set_army

PACKAGES = ("rules.ancient_world", "rules.core")
NAMES = ("Ann", "Bo", "Cy", "Di")
"""A Discord select option's description line holds 100 characters."""

GAMES = [
    (2, 301, ("greedy",)),
    (2, 309, ("random",)),
    (2, 309, ("greedy", "random")),
    (2, 314, ("random",)),
    (3, 307, ("random",)),
    (3, 310, ("random",)),
    (4, 302, ("random",)),
    (4, 308, ("random",)),
    (4, 309, ("random",)),
]
"""Seeded games of 2 to 4 players (the game's range), seat s played by bots[s % len(bots)]; between
them they meet every decision of §16, Crane, Distant Outpost, Scribe Guild and Zori Dramatists too."""


def played_prompts(players: int, seed: int, bots: tuple[str, ...]) -> Iterator[Prompt]:
    """Every prompt met in one game, as storage gives it back (a JSON round trip)."""
    chosen = ENGINE.bots()
    rng = Rng.from_seed(seed)
    state = ENGINE.new_game(players, {}, seed)
    while prompts := ENGINE.pending(state):
        for p in prompts.values():
            yield PROMPT.validate_json(PROMPT.dump_json(p))
        seat = min(prompts)
        bot = chosen[bots[seat % len(bots)]]
        state, _ = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng))


@pytest.mark.parametrize(("players", "seed", "bots"), GAMES)
def test_every_answer_has_a_description_that_fits_a_select_line(
    players: int, seed: int, bots: tuple[str, ...]
) -> None:
    found: list[str] = []
    answers = 0
    for prompt in played_prompts(players, seed, bots):
        answers += sum(1 for o in prompt.options if not o.navigation)
        found += misfits(prompt, PACKAGES, NAMES)
    assert answers > 200
    assert sorted(set(found)) == []


@pytest.mark.parametrize("locale", ["en", "el"])
def test_every_card_s_build_and_recruit_words_fit_a_select_line(locale: str) -> None:
    """Every Empire card of the content, not only those a game happened to deal, says its cost and
    what it gives in one select line; every Military card its symbols and Legacy."""
    found = []
    for card in CONTENT.empire:
        key = "desc.build_knowledge" if card.cost_knowledge else "desc.build"
        words = msg(f"ancient_world.{key}", coins=card.cost_coins, knowledge=card.cost_knowledge,
                    gives=empire_gives(CONTENT, card, short=True))
        found += [f"{card.id}: {t!r}" for t in [render(words, locale, PACKAGES)] if len(t) > LONGEST]
    for mil in CONTENT.military:
        text = render(military_gives(mil), locale, PACKAGES)
        found += [f"{mil.id}: {text!r}"] if len(text) > LONGEST else []
    assert found == []


# ---- what the words say ----------------------------------------------------------------------------


def _asked(state: State, seat: int = 0) -> dict[str, str]:
    """The seat's options now, English label: English description."""
    prompt = ENGINE.pending(state)[seat]
    return {render(o.label, "en", PACKAGES, NAMES): render(o.description, "en", PACKAGES, NAMES)
            for o in prompt.options if o.description is not None}


def _greek(state: State, action: Action, seat: int = 0) -> str:
    option = next(o for o in ENGINE.pending(state)[seat].options if o.action == action)
    assert option.description is not None
    return render(option.description, "el", PACKAGES, NAMES)


def _queued(state: State, kind: StepKind, **fields: object) -> State:
    state.steps.insert(0, Step(kind=kind, seat=0, **fields))  # type: ignore[arg-type]
    return state


@pytest.mark.parametrize(("round_", "said"), [
    (3, "Citizen 2 goes to the Hunger box: not placed in round 4."),
    (ROUNDS, "In the Hunger box at the game's end, citizen 2 costs 2 VP."),
])
def test_a_hungry_citizen_says_what_it_costs(round_: int, said: str) -> None:
    state = _queued(new_game(), StepKind.HUNGER, count=1)
    state.round = round_
    assert _asked(state)["Citizen 2"] == said
    after, _ = ENGINE.apply(state, 0, Hungry(rank=2))
    assert 2 in after.players[0].hungry and 2 not in after.players[0].available()
    assert "Πολίτης 2" in _greek(state, Hungry(rank=2))


def _retiring(**options: object) -> State:
    state = new_game(**options)
    legacy = next(c for c in CONTENT.military if c.legacy_swords)
    set_army(state, 0, 0, legacy.id, name=0, picture=3)
    state.players[0].armies = state.players[0].armies[:1]
    new_card = next(c.id for c in CONTENT.military if c.id != legacy.id)
    return _queued(state, StepKind.RETIRE, cards=[new_card])


def test_a_retirement_says_the_coins_it_returns_and_the_legacy_it_adds() -> None:
    state = _retiring(voluntary_retire=True)
    active = CONTENT.military_card(state.players[0].armies[0].active)
    words = _asked(state)[f"Retire {active.name} (army 1)"]
    assert words.startswith("You take back its 3 coins. Legacy: ")
    assert f"{active.legacy_swords} sword" in words
    before = state.players[0].coins
    after, _ = ENGINE.apply(state, 0, Retire(army=0))
    assert after.players[0].coins == before + 3
    assert "Κληρονομιά" in _greek(state, Retire(army=0))


def test_a_retirement_to_the_bank_says_the_coins_are_lost() -> None:
    state = _retiring(voluntary_retire=True, retired_coins_to_bank=True)
    words = [w for label, w in _asked(state).items() if label.startswith("Retire")]
    assert words and words[0].startswith("Its 3 coins go to the bank.")
    assert _asked(state)["New army"] == "It starts army 2 on its own; no card is retired."


def test_expand_s_payment_says_what_each_currency_leaves() -> None:
    state = _queued(new_game(), StepKind.EXPAND_PAY)
    state.players[0].coins, state.players[0].knowledge = 5, 2
    words = _asked(state)
    assert words["1 knowledge"] == "Leaves you 5 coins and 1 knowledge."
    assert words["3 coins"] == "Leaves you 2 coins and 2 knowledge."
    paid, _ = ENGINE.apply(state, 0, ExpandPay(currency="coins"))
    assert (paid.players[0].coins, paid.players[0].knowledge) == (2, 2)
    assert _greek(state, ExpandPay(currency="knowledge")) == "Σας μένουν 5 νομίσματα και 1 γνώση."


def test_crane_says_what_paying_leaves_and_what_discarding_keeps() -> None:
    state = new_game()
    give_empire(state, 0, "crane")
    card = next(c for c in CONTENT.empire if c.cost_coins >= 2 and not c.cost_knowledge)
    state.empire_row.insert(0, card.id)
    state.players[0].coins = 6
    _queued(state, StepKind.CRANE, cards=[card.id], source="row", deck=0)
    words = _asked(state)
    left = 6 - card.cost_coins
    assert words["Pay the coins"] == f"Pay {card.cost_coins} coins ({left} left); Crane stays in your city."
    assert words["Discard Crane"] == "Discard Crane and keep your coins (6)."
    paid, _ = ENGINE.apply(state, 0, UseCrane(use=False))
    assert paid.players[0].coins == 6 - card.cost_coins
    kept, _ = ENGINE.apply(state, 0, UseCrane(use=True))
    assert kept.players[0].coins == 6


def test_a_citizen_s_target_shows_the_surcharge_before_the_choice() -> None:
    state = new_game()
    state.spaces[Space.RECRUIT].append(Citizen(seat=1, rank=4))
    state.players[0].coins = 10
    _queued(state, StepKind.TARGET, count=2)
    words = _asked(state)
    assert words["Recruit"] == ("+1 coin (rank not higher than all there). "
                                "Recruit a Military card of the row: pay its cost.")
    assert words["Work"] == "Gain 2 coins."
    after, _ = ENGINE.apply(state, 0, Place(space=Space.RECRUIT))
    assert after.players[0].coins == 10 - 1


def test_explore_says_how_many_cards_the_deck_gives() -> None:
    state = _queued(new_game(), StepKind.EXPLORE_MODE)
    words = _asked(state)
    assert words["Draw from the deck"] == "Draw 5 Empire cards and store one."
    assert words["Take from the row"] == "Store one Empire card of the row."
    drawn, _ = ENGINE.apply(state, 0, Explore(mode="deck"))
    assert len(drawn.steps[0].cards) == 5


def test_rebuild_s_done_says_how_many_cards_stay_damaged() -> None:
    state = new_game()
    give_empire(state, 0, *[c.id for c in CONTENT.empire][:3], damaged=True)
    _queued(state, StepKind.REBUILD_REPAIR, count=2)
    assert _asked(state)["Done"] == "Stop repairing: 3 damaged cards stay face down."
    assert "3 χτυπημένες κάρτες" in _greek(state, Done())
