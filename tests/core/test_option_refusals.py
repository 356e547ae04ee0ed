"""A refused table option says, in the reader's language, what the option takes."""

from typing import Literal

import pytest
from pydantic import BaseModel, Field, ValidationError

from rules.core import InvalidAction, msg
from rules.core.messages import render
from rules.core.option_refusals import option_refusal
from tests.fixtures.sealed_bid import ENGINE


class Options(BaseModel):
    side: Literal["liberty", "equality"] = "equality"
    rounds: Literal[2, 3] = 2
    open_hands: bool = False
    first: int = Field(-1, ge=-1, le=3)
    margin: int = Field(5, ge=1)
    cap: int = Field(5, le=9)
    extra: int = 0
    ratio: float = 0.5


def refused(**given: object) -> InvalidAction:
    with pytest.raises(ValidationError) as caught:
        Options.model_validate(given)
    return option_refusal(caught.value, Options)


def words(refusal: InvalidAction, locale: str) -> str:
    return render(msg(refusal.key, **refusal.params), locale, ())


@pytest.mark.parametrize(
    ("given", "english"),
    [
        ({"side": "gold"}, "side must be one of liberty, equality."),
        ({"rounds": 5}, "rounds must be one of 2, 3."),
        ({"open_hands": "sometimes"}, "open_hands must be true or false."),
        ({"first": 4}, "first must be a whole number from -1 to 3."),
        ({"first": "x"}, "first must be a whole number from -1 to 3."),
        ({"margin": 0}, "margin must be a whole number, 1 or more."),
        ({"cap": 10}, "cap must be a whole number, 9 or less."),
        ({"extra": "many"}, "extra must be a whole number."),
        ({"ratio": "half"}, "ratio: that value is not allowed."),
    ],
)
def test_a_refused_value_is_answered_with_what_the_option_takes(
    given: dict[str, object], english: str
) -> None:
    refusal = refused(**given)
    assert refusal.key in ("core.bad_option", "core.option_not_allowed")
    assert str(refusal) == english == words(refusal, "en")


def test_the_refusal_reads_in_greek_without_the_english_of_the_validator() -> None:
    greek = words(refused(first=7), "el")
    assert greek == "Το first πρέπει να είναι ακέραιος αριθμός από -1 έως 3."
    assert "Input" not in words(refused(open_hands="x"), "el")


def test_an_engine_refuses_a_bad_option_value_in_those_words() -> None:
    with pytest.raises(InvalidAction) as caught:
        ENGINE.new_game(2, {"starting_coins": 0}, 0)
    assert str(caught.value) == "starting_coins must be a whole number from 1 to 20."
