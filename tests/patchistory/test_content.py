"""The shipped content loads, matches the rulebook's counts, and bad files are refused clearly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.patchistory import build_engine
from rules.patchistory.content import SHIPPED_DIR, ContentError, load_content

CONTENT = load_content()


def test_twenty_five_land_tiles_per_era() -> None:
    for era in (1, 2, 3):
        assert len(CONTENT.era_tiles(era)) == 25


def test_fifteen_prosperity_cards_cover_the_six_named_categories() -> None:
    assert len(CONTENT.prosperity) == 15
    named = {
        "military",
        "food_production",
        "culture_production",
        "personalities",
        "trade_routes",
        "wastelands",
    }
    assert named <= {c.category for c in CONTENT.prosperity}


def test_thirty_six_building_tiles_cost_two_or_three_resources() -> None:
    assert len(CONTENT.buildings) == 36
    assert {b.cost for b in CONTENT.buildings} == {2, 3}


def test_four_capitals_are_three_by_two_and_equality_sides_are_identical() -> None:
    assert len(CONTENT.capitals) == 4
    for cap in CONTENT.capitals:
        assert (cap.equality.height, cap.equality.width) == (2, 3)
        assert (cap.liberty.height, cap.liberty.width) == (2, 3)
    assert len({c.equality.model_dump_json() for c in CONTENT.capitals}) == 1
    assert len({c.liberty.model_dump_json() for c in CONTENT.capitals}) == 4


def test_trade_route_supply_is_fourteen_general_and_four_alliance() -> None:
    assert (CONTENT.routes.general_supply, CONTENT.routes.alliance_supply) == (14, 4)


def test_land_tiles_are_two_by_two_with_both_sides() -> None:
    for tile in CONTENT.land_tiles:
        for side in (tile.white, tile.black):
            assert (side.height, side.width) == (2, 2)
            assert len(side.spaces) in (3, 4)


def test_every_entry_says_where_its_values_come_from() -> None:
    for group in (CONTENT.capitals, CONTENT.land_tiles, CONTENT.buildings, CONTENT.prosperity):
        for entry in group:
            assert entry.source.strip()
    assert CONTENT.routes.source and CONTENT.pp_costs.source and CONTENT.descendant_upkeep.source


DESIGNED_ABILITIES = {
    "Hanging Gardens of Babylon": "p. 16",
    "Kremlin": "p. 16",
    "Angkor Wat": "p. 16",
    "Wall Street": "p. 16",
    "Pyramids of Giza": "p. 15",
    "Ziggurat of Ur": "p. 15",
    "Eiffel Tower": "p. 1 only",
}
"""The named Wonders whose ability or value the rulebook does not print, and the page naming them."""


def named_abilities() -> dict[str, str]:
    return {sp.name: sp.source for t in CONTENT.land_tiles for sp in t.black.spaces if sp.ability}


def test_the_24_named_wonders_and_personalities_each_say_where_their_ability_comes_from() -> None:
    """p. 15-16: 24 named Wonders and Personalities carry an ability, each with its own source."""
    sources = named_abilities()
    assert len(sources) == 24 and all(s.strip() for s in sources.values())


def test_the_seven_designed_abilities_say_they_are_designed_and_cite_their_page() -> None:
    """Hanging Gardens, Kremlin, Angkor Wat, Wall Street (p. 16), Pyramids and Ziggurat (p. 15) and
    the Eiffel Tower (named on p. 1 only) have designed abilities."""
    sources = named_abilities()
    for name, page in DESIGNED_ABILITIES.items():
        assert "designed" in sources[name] and page in sources[name], name


def test_the_other_abilities_are_the_rulebook_s_own_on_page_16() -> None:
    for name, source in named_abilities().items():
        if name not in DESIGNED_ABILITIES:
            assert "designed" not in source and "p. 16" in source, name


def test_every_named_wonder_and_personality_of_the_rulebook_is_on_an_era_tile() -> None:
    names = {sp.name: tile.era for tile in CONTENT.land_tiles for sp in tile.black.spaces if sp.name}
    for name, era in {
        "Great Wall": 1,
        "Hanging Gardens of Babylon": 1,
        "Petra": 1,
        "Constantine the Great": 1,
        "Cyrus II": 1,
        "Moses": 1,
        "Angkor Wat": 2,
        "Chichen Itza": 2,
        "Kremlin": 2,
        "Genghis Khan": 2,
        "Apollo 11": 3,
        "Schwerer Gustav": 3,
        "Statue of Liberty": 3,
        "Stealth Aircraft": 3,
        "Wall Street": 3,
        "Che Guevara": 3,
        "Karl Heinrich Marx": 3,
        "Mahatma Gandhi": 3,
        "Otto von Bismarck": 3,
        "Joan of Arc": 3,
        "Vasco da Gama": 3,
        "Pyramids of Giza": 1,
        "Ziggurat of Ur": 1,
        "Eiffel Tower": 3,
    }.items():
        assert names.get(name) == era, name


def test_a_corrected_content_folder_is_loaded_by_build_engine(tmp_path: Path) -> None:
    data = json.loads((SHIPPED_DIR / "content.json").read_text("utf-8"))
    data["pp_costs"]["threat"] = 4
    (tmp_path / "content.json").write_text(json.dumps(data), "utf-8")
    assert build_engine(tmp_path).content.pp_costs.threat == 4


def test_a_broken_content_file_is_refused_with_every_problem_named(tmp_path: Path) -> None:
    data = json.loads((SHIPPED_DIR / "content.json").read_text("utf-8"))
    data["land_tiles"][0]["white"]["spaces"][0]["cells"] = [[0, 1]]
    del data["buildings"][0]["cost"]
    (tmp_path / "content.json").write_text(json.dumps(data), "utf-8")
    with pytest.raises(ContentError) as caught:
        load_content(tmp_path)
    text = str(caught.value)
    assert "2 problem(s)" in text and "land_tiles → 0 → white" in text and "cost" in text


def test_a_missing_content_file_names_the_path(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="does not exist"):
        load_content(tmp_path)
