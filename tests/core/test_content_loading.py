"""A content file is read and validated in one way for every game, with errors as sentences."""

from pathlib import Path

import pytest
from pydantic import BaseModel, Field

from rules.core.content import ContentError, load_model


class Card(BaseModel):
    name: str
    cost: int = Field(ge=0)


class Deck(BaseModel):
    cards: list[Card]


def test_valid_file_gives_the_model(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text('{"cards": [{"name": "Aqueduct", "cost": 3}]}', encoding="utf-8")
    assert load_model(path, Deck).cards[0].name == "Aqueduct"


def test_missing_file_is_named(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match=r"deck\.json does not exist; it should hold the cards"):
        load_model(tmp_path / "deck.json", Deck, what="cards")


def test_broken_json_gives_the_line(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text('{"cards": [\n  {"name": }\n]}', encoding="utf-8")
    with pytest.raises(ContentError, match=r"not valid JSON: .* at line 2"):
        load_model(path, Deck)


def test_every_problem_is_a_sentence_with_its_place(tmp_path: Path) -> None:
    path = tmp_path / "deck.json"
    path.write_text('{"cards": [{"name": "A", "cost": -1}, {"cost": 2}]}', encoding="utf-8")
    with pytest.raises(ContentError) as caught:
        load_model(path, Deck)
    text = str(caught.value)
    assert "has 2 problem(s)" in text
    assert "cards → 0 → cost: Input should be greater than or equal to 0." in text
    assert "cards → 1 → name: Field required." in text
