"""A prompt fits Discord and names a timeout default only among its own options."""

import pytest
from pydantic import ValidationError

from rules.core import Option, Prompt, msg
from rules.core.contract import PROMPT
from rules.core.unchecked import question
from tests.fixtures.sealed_bid import Pass, Take


def options(n: int) -> tuple[Option, ...]:
    return tuple(
        Option(action=Take(token=i), label=msg("sealed.take", slot=i + 1, value=1)) for i in range(n)
    )


def test_a_prompt_offers_at_most_twenty_five_options() -> None:
    Prompt(seat=0, title=msg("sealed.choose"), options=options(25))
    with pytest.raises(ValueError, match="at most 25"):
        Prompt(seat=0, title=msg("sealed.choose"), options=options(26))


def test_a_prompt_without_options_number_or_parts_is_refused() -> None:
    with pytest.raises(ValueError, match="options, a number or parts"):
        Prompt(seat=0, title=msg("sealed.choose"))


def test_a_timeout_default_names_one_of_the_options() -> None:
    declinable = (*options(2), Option(action=Pass(), label=msg("sealed.pass")))
    prompt = Prompt(seat=0, title=msg("sealed.choose"), options=declinable, default=2)
    assert prompt.options[prompt.default or 0].action == Pass()
    with pytest.raises(ValueError, match="default option 3"):
        Prompt(seat=0, title=msg("sealed.choose"), options=declinable, default=3)


def test_a_prompt_has_no_timeout_default_unless_the_rules_give_one() -> None:
    assert Prompt(seat=0, title=msg("sealed.choose"), options=options(1)).default is None


def test_navigation_options_are_not_answers() -> None:
    back = Option(action=Pass(), label=msg("sealed.pass"), navigation=True)
    prompt = Prompt(seat=0, title=msg("sealed.choose"), options=(*options(1), back))
    assert prompt.answers == 1


def test_answers_counted_up_to_a_bound_are_the_answers_or_the_bound() -> None:
    from rules.core import NumberChoice
    from tests.fixtures.sealed_bid import Bid

    back = Option(action=Pass(), label=msg("sealed.pass"), navigation=True)
    number = NumberChoice(low=2, high=4, template=Bid(coins=0), field="coins", label=msg("sealed.bid_coins"))
    for n, counted in ((1, [1, 1, 1]), (2, [1, 2, 2]), (5, [1, 2, 3])):
        prompt = Prompt(seat=0, title=msg("sealed.choose"), options=(back, *options(n)))
        assert [prompt.answers_up_to(most) for most in (1, 2, 3)] == counted
    numbered = Prompt(seat=0, title=msg("sealed.choose"), options=(back,), number=number)
    assert [numbered.answers_up_to(most) for most in (2, 3, 9)] == [2, 3, 3]


def test_every_value_of_a_number_range_is_an_answer() -> None:
    from rules.core import NumberChoice
    from tests.fixtures.sealed_bid import Bid

    number = NumberChoice(low=2, high=4, template=Bid(coins=0), field="coins", label=msg("sealed.bid_coins"))
    prompt = Prompt(seat=0, title=msg("sealed.choose"), options=options(1), number=number)
    assert prompt.answers == 4


def test_a_prompt_offers_its_options_and_its_numbers_in_range_but_not_its_navigation() -> None:
    from rules.core import NumberChoice
    from tests.fixtures.sealed_bid import Bid

    back = Option(action=Pass(), label=msg("sealed.pass"), navigation=True)
    number = NumberChoice(low=2, high=4, template=Bid(coins=0), field="coins", label=msg("sealed.bid_coins"))
    prompt = Prompt(seat=0, title=msg("sealed.choose"), options=(*options(1), back), number=number)
    assert prompt.offers(Take(token=0)) and not prompt.offers(Take(token=1))
    assert prompt.offers(Bid(coins=4)) and not prompt.offers(Bid(coins=5)) and not prompt.offers(Bid(coins=1))
    assert not prompt.offers(Pass())


def test_by_default_an_engine_reaches_a_move_only_when_the_prompt_offers_it() -> None:
    from tests.fixtures.sealed_bid import ENGINE, Bid

    state = ENGINE.new_game(2, {}, 1)
    prompt = ENGINE.pending(state)[0]
    assert ENGINE.toward(state, 0, prompt, Bid(coins=0)) == (Bid(coins=0), None)
    assert ENGINE.toward(state, 0, prompt, Take(token=0)) is None


def test_a_prompt_read_from_json_is_checked_as_one_made_is() -> None:
    data = PROMPT.dump_python(Prompt(seat=0, title=msg("sealed.choose"), options=options(25)), mode="json")
    assert PROMPT.validate_python(data).options[24].label == msg("sealed.take", slot=25, value=1)
    data["options"] = [*data["options"], data["options"][0]]
    with pytest.raises(ValidationError, match="at most 25"):
        PROMPT.validate_python(data)


def test_options_given_as_a_list_are_held_as_a_tuple() -> None:
    prompt = Prompt(seat=0, title=msg("sealed.choose"), options=list(options(2)))  # type: ignore[arg-type]
    assert prompt.options == options(2) and type(prompt.options) is tuple


def test_a_question_with_a_field_a_prompt_lacks_is_refused() -> None:
    with pytest.raises(TypeError, match="'page'"):
        question(0, msg("sealed.choose"), options(2), page=1)  # type: ignore[call-arg]
