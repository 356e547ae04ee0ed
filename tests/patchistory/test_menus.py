"""Menus folded into one: a step that opens a smaller menu is answered in one tap while the answers
fit one menu of 25; the steps one by one are still accepted (games recorded before replay)."""

from __future__ import annotations

from rules.core import MAX_OPTIONS, Option, Prompt, Rng, random_choice
from rules.core.unchecked import construct
from rules.patchistory import menus, politics
from rules.patchistory.actions import Birth, Build, Done, Pick, PlaceWorker, Threat
from rules.patchistory.state import State
from tests.patchistory.helpers import ENGINE, empire, game
from tests.patchistory.test_options import administration

CTX = ENGINE.ctx


def diplomacy() -> State:
    state = game(3)
    for seat in range(3):
        empire(state, seat, politics=6, military=4)
        state.players[seat].goods.resources = 3
    politics.start(CTX, state)
    return state


def answers(prompt: Prompt) -> list[object]:
    return [o.action for o in prompt.options]


def test_a_threat_is_one_answer_of_the_diplomacy_menu() -> None:
    offered = answers(ENGINE.pending(diplomacy())[0])
    assert Threat(target=1, demand="culture") in offered
    assert Threat(target=2, demand="coins") in offered
    assert Pick(choice="threat") not in offered


def test_a_folded_answer_says_which_action_it_takes() -> None:
    prompt = ENGINE.pending(diplomacy())[0]
    threat = next(o for o in prompt.options if o.action == Threat(target=1, demand="culture"))
    assert threat.label.key == "patchistory.menu.folded"
    assert threat.label.params["head"] == politics.label("action.threat")


def test_the_threat_step_on_its_own_is_still_accepted() -> None:
    state, _ = ENGINE.apply(diplomacy(), 0, Pick(choice="threat"))
    assert Threat(target=1, demand="culture") in answers(ENGINE.pending(state)[0])


def test_birth_is_one_answer_of_the_administration_menu() -> None:
    state = administration()
    state.players[0].goods.food = 9
    assert Birth() in answers(ENGINE.pending(state)[0])
    assert Pick(choice="birth") not in answers(ENGINE.pending(state)[0])


def test_build_building_takes_the_building_and_then_the_square() -> None:
    state = administration()
    first = ENGINE.pending(state)[0]
    assert Pick(choice="build/b:0") in answers(first)
    assert len(first.options) <= MAX_OPTIONS
    state, _ = ENGINE.apply(state, 0, Pick(choice="build/b:0"))
    assert Build(building=0, row=2, col=0) in answers(ENGINE.pending(state)[0])
    state, _ = ENGINE.apply(state, 0, Build(building=0, row=2, col=0))
    assert state.players[0].menu == []


def test_back_from_a_folded_step_returns_to_the_menu_it_was_taken_from() -> None:
    state = administration()
    before = ENGINE.pending(state)[0]
    state, _ = ENGINE.apply(state, 0, Pick(choice="build/b:0"))
    back = next(o.action for o in ENGINE.pending(state)[0].options if o.navigation)
    state, _ = ENGINE.apply(state, 0, back)
    assert ENGINE.pending(state)[0] == before


def test_the_build_steps_one_by_one_are_still_accepted() -> None:
    state = administration()
    state, _ = ENGINE.apply(state, 0, Pick(choice="build"))
    state, _ = ENGINE.apply(state, 0, Pick(choice="b:0"))
    state, _ = ENGINE.apply(state, 0, Build(building=0, row=2, col=0))
    assert state.players[0].buildings[0] != "economy-1"


def test_a_folded_menu_never_repeats_an_answer() -> None:
    """Like "Keep the rest unpatched", offered beside the rows and again inside each row."""
    state = game(3)
    keep = Option(action=Done(), label=politics.label("patch.done"))
    rows = Prompt(seat=0, title=politics.label("patch.choose_tile"), options=(
        Option(action=Pick(choice="row:0"), label=politics.label("menu.row", row=0)), keep))

    def ask(state: State, seat: int) -> Prompt:
        if not state.players[seat].path:
            return rows
        place = Option(action=PlaceWorker(row=0, col=0), label=politics.label("place.at", row=0, col=0))
        return Prompt(seat=0, title=rows.title, options=(place, keep))

    assert answers(menus.fold(state, 0, rows, ask)) == [PlaceWorker(row=0, col=0), Done()]


def test_an_answer_is_offered_already_exactly_when_an_equal_action_is() -> None:
    """:func:`menus.offered` compares actions by their fields: the same as the models' equality,
    for the answers of every prompt of 2- and 3-player games against every other answer of
    their step, and for a step built unchecked (as a folded one is) against one validated."""
    compared = 0
    for players, seed in ((2, 5), (3, 6)):
        state = ENGINE.new_game(players, {}, seed)
        rng = Rng.from_seed(seed)
        prompts = ENGINE.pending(state)
        while prompts:
            actions = [o.action for p in prompts.values() for o in p.options]
            for prompt in prompts.values():
                kinds = menus.by_kind(list(prompt.options))
                for action in actions:
                    assert menus.offered(action, kinds) == any(o.action == action for o in prompt.options)
                    compared += 1
            seat = rng.choice(sorted(prompts))
            state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
            prompts = ENGINE.pending(state)
    kinds = menus.by_kind([Option(action=Pick(choice="build/b:0"), label=politics.label("action.build"))])
    assert menus.offered(construct(Pick, choice="build/b:0"), kinds)
    assert not menus.offered(construct(Pick, choice="build/b:1"), kinds)
    assert compared > 1000


def test_a_folded_answer_names_its_step_unless_they_say_the_same() -> None:
    """:func:`menus.joined` compares the keys first: two messages of one key are compared whole."""
    head = politics.label("action.exchange")
    assert menus.joined(head, politics.label("action.exchange")) == head
    one, two = politics.label("menu.row", row=1), politics.label("menu.row", row=2)
    assert menus.joined(one, two) == politics.label("menu.folded", head=one, choice=two)
    assert menus.joined(head, one) == politics.label("menu.folded", head=head, choice=one)

