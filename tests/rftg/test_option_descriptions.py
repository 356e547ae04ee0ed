"""Every option says what it costs and gives (issue #13 item 3): after the JSON round trip storage
makes, every answer of every prompt met in played games has a description that renders in English
and Greek in at most 100 characters (a Discord select line), and the descriptions say what the
choice really does: the credits a Trade earns and the VP a Consume earns are those the move
brings, a good's Trade price is its world's, a Recall says what stays behind, a column what a die
does there."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.discord.i18n import Words
from rules.core import Message, Prompt, Rng, msg
from rules.core.conformance import bot_lineup
from rules.core.messages import MESSAGE, render
from rules.rftg import ENGINE, assign, explore, manage, produce
from rules.rftg.actions import Done, Produce, Recall, RecallAll, ShipGood, ToColumn
from rules.rftg.content import CONTENT, PHASES
from rules.rftg.describe import split_description
from rules.rftg.state import State, Work
from tests.descriptions import LONGEST, misfits
from tests.rftg.helpers import bare, enter, give, rolled

PACKAGES = ("rules.rftg", "rules.core")
NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
"""A Discord select option's description line holds 100 characters."""

GAMES = [(2, 301, "greedy"), (2, 302, "random,greedy"), (3, 303, "greedy,random"), (4, 304, "random"),
         (5, 305, "greedy,random")]
"""Tables of 2 to 5 players: seed, and the bots seated in turn (:func:`bot_lineup`)."""


def played(players: int, seed: int, bots: str) -> Iterator[tuple[State, Prompt]]:
    """Every prompt met in one game, with the state it was asked in; the lowest seat waiting
    answers first."""
    lineup = bot_lineup(ENGINE, bots, players)
    rng = Rng.from_seed(seed)
    state = ENGINE.new_game(players, {}, seed)
    while pending := ENGINE.pending(state):
        yield from ((state, pending[seat]) for seat in sorted(pending))
        seat = min(pending)
        state = ENGINE.apply(state, seat, lineup[seat].choose(ENGINE, state, seat, pending[seat], rng))[0]


def words(message: Message, locale: str = "en") -> str:
    return render(MESSAGE.validate_json(MESSAGE.dump_json(message)), locale, PACKAGES, NAMES)


@pytest.mark.parametrize(("players", "seed", "bots"), GAMES)
def test_every_answer_has_a_description_that_fits_a_select_line(
    players: int, seed: int, bots: str
) -> None:
    found: list[str] = []
    answers = 0
    for _, prompt in played(players, seed, bots):
        answers += prompt.answers
        found += misfits(prompt, PACKAGES, NAMES)
    assert answers > 200
    assert sorted(set(found)) == []


@pytest.mark.parametrize("locale", ["en", "el"])
def test_every_split_of_two_starting_tiles_fits_a_select_line(locale: str) -> None:
    """The starting tiles are any two of the bag's (rulebook p. 2): every development with every
    world, not only the pairs a game happened to deal, fits."""
    found = []
    for a in CONTENT.tiles:
        for b in CONTENT.tiles:
            text = words(split_description(a.development, b.world), locale)
            if len(text) > LONGEST:
                found.append(f"{a.development.name} / {b.world.name}: {text!r}")
    assert found == []


@pytest.mark.parametrize(("players", "seed", "bots"), GAMES[:3])
def test_a_trade_and_a_consume_say_the_credits_and_vp_the_move_brings(
    players: int, seed: int, bots: str
) -> None:
    """Each Trade and Consume offered is played out: the credits and VP chips its event reports
    are the description's, in both languages."""
    checked = 0
    for state, prompt in played(players, seed, bots):
        for option in prompt.options:
            if not isinstance(option.action, ShipGood):
                continue
            assert option.description is not None
            held = state.players[prompt.seat].credits
            events = ENGINE.apply(state, prompt.seat, option.action)[1]
            got = next(e.message.params for e in events
                       if e.message.key in ("rftg.event.trade", "rftg.event.consume"))
            en, el = words(option.description), words(option.description, "el")
            if option.action.consume:
                assert en.startswith(f"+{got['vp']} VP") and el.startswith(f"+{got['vp']} ΠΝ"), (en, el)
                assert (f"+${got['amount']}" in en) == (got["amount"] != 0), en
            else:
                assert en.startswith(f"+${got['amount']} (you have ${held};"), en
                assert el.startswith(f"+${got['amount']} (έχετε ${held}"), el
            checked += 1
    assert checked > 5


def test_a_good_made_says_its_worlds_trade_price() -> None:
    """Trade pays by the world's colour: $3 Novelty, $4 Rare Elements, $5 Genes, $6 Alien
    Technology (rulebook p. 7)."""
    state = bare(2)
    give(state, 0, "Space Mall")
    enter(state, "produce", {0: ["white"]})
    prompt = produce.prompt(CONTENT, state, 0)
    assert prompt is not None
    option = next(o for o in prompt.options if isinstance(o.action, Produce))
    assert option.description is not None
    assert "Novelty world; Trade pays $3" in words(option.description)
    assert "Καινοτομίας" in words(option.description, "el") and "$3" in words(option.description, "el")


def test_a_recall_says_the_die_goes_to_the_cup_and_what_stays() -> None:
    state = bare(2)
    give(state, 0, "Space Mall", goods={"Space Mall": ["blue"]})
    p = state.players[0]
    p.dev_dice = ["white", "white", "red"]
    p.work = Work(recruited=True)
    recall_prompt = manage.prompt(CONTENT, state, 0)
    assert recall_prompt is not None
    texts = {(type(o.action).__name__, getattr(o.action, "place", None), getattr(o.action, "colour", None)):
             words(o.description) for o in recall_prompt.options if o.description is not None}
    assert texts[("Recall", "dev_stack", "white")] == \
        "A white die to your cup; 2 left on your development stack"
    assert texts[("Recall", "good", "blue")] == "The blue good goes to your cup; the world is left empty"
    assert texts[("Done", None, None)] == "4 dice stay on your stacks and worlds"
    assert texts[("RecallAll", None, None)] == "4 dice go from your stacks and worlds to your cup"
    assert {Recall, Done, RecallAll} <= {type(o.action) for o in recall_prompt.options}


def test_a_wild_die_s_columns_say_what_a_die_does_in_each_phase() -> None:
    state = bare(2)
    rolled(state, 0, [("white", "wild"), ("white", "explore")])
    wild = assign.prompt(CONTENT, state, 0)
    assert wild is not None
    options = {o.action.phase: o for o in wild.options if isinstance(o.action, ToColumn)}
    assert sorted(options) == sorted(PHASES)
    doer = {"explore": "explorer", "develop": "developer", "settle": "settler", "produce": "producer",
            "ship": "shipper"}
    for phase, option in options.items():
        assert option.description is not None
        assert words(option.description).startswith(f"A {doer[phase]}: ") or \
            words(option.description).startswith(f"An {doer[phase]}: ")


def test_done_in_explore_says_the_zone_stays_as_it_is() -> None:
    """With no explorer left, Advanced Logistics may still rearrange the zone, or the player is done."""
    state = bare(2)
    give(state, 0, "Advanced Logistics")
    state.players[0].dev_stack = [state.bag.pop(0), state.bag.pop(0)]
    enter(state, "explore", {})
    main = explore.prompt(CONTENT, state, 0)
    assert main is not None
    done = next(o for o in main.options if isinstance(o.action, Done))
    assert done.description is not None
    assert words(done.description) == "Ends your Explore; 2 tiles stay in your construction zone"


def test_a_dictate_is_named_in_the_readers_language() -> None:
    """The Dictate (rulebook p. 3, «Διαταγή») is a rule, not a tile: its prompts name it in the
    reader's language, where a Reassign power of a tile keeps the tile's printed name."""
    greek = Words("el", "rftg", ("A", "B"))
    assert greek(msg("rftg.assign.move_die", power=assign.power_word(assign.DICTATE))).startswith("Διαταγή:")
    assert "Dictate" not in greek(msg("rftg.desc.finish", power=assign.power_word(assign.DICTATE), moved=1))
    assert assign.power_word("Alien Research Team") == "Alien Research Team"
