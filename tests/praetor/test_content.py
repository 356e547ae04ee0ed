"""The shipped content matches the rulebook's counts and the values its examples state."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules.praetor import build_engine
from rules.praetor.content import ContentError, load_content
from tests.praetor.helpers import SAWMILL, raw_content

CONTENT = load_content()


def test_there_are_42_city_tiles_of_21_types() -> None:
    assert len(CONTENT.city_tiles) == 42
    assert len(CONTENT.tile_types) == 21
    assert {t.type for t in CONTENT.city_tiles} == {t.id for t in CONTENT.tile_types}


def test_there_are_14_wall_tiles() -> None:
    assert len(CONTENT.wall_tiles) == 14


def test_one_side_a_and_five_side_b_boards() -> None:
    assert sorted(b.id for b in CONTENT.boards) == ["A", "B1", "B2", "B3", "B4", "B5"]


def test_one_gold_mine_per_player_in_every_starting_layout() -> None:
    for players in range(2, 6):
        layout = CONTENT.layout(players)
        mines = [c for c in layout.cells if CONTENT.tile(c.tile).type == "gold_mine"]
        assert sorted(c.owner for c in mines) == list(range(players))
        centre = {CONTENT.tile(c.tile).type for c in layout.cells if c.owner is None}
        assert centre == {"workers_camp", "market", "imperial_outpost"}


def test_the_sawmill_has_the_rulebook_example_values() -> None:
    sawmill = CONTENT.tile(SAWMILL)
    kind = CONTENT.type_of(SAWMILL)
    assert (kind.name, dict(sawmill.build_cost), sawmill.favour) == ("Sawmill", {"gold": 2}, 1)
    assert (kind.activation, dict(kind.activation_cost)) == ("red", {"gold": 1})


def test_marble_quarry_and_encampment_costs_are_the_rulebook_examples() -> None:
    kinds = {t.id: t for t in CONTENT.tile_types}
    assert dict(kinds["marble_quarry"].activation_cost) == {"gold": 1}
    assert dict(kinds["encampment"].activation_cost) == {"weapons": 1}
    assert kinds["encampment"].activation == "grey"
    assert kinds["academy"].activation == "grey"


def test_a_wall_tile_demands_2_marble_and_2_weapons_for_10_favour() -> None:
    assert any(dict(w.demand) == {"marble": 2, "weapons": 2} and w.favour == 10 for w in CONTENT.wall_tiles)


def test_side_a_upkeep_for_3_active_and_2_retired_is_5_gold() -> None:
    board = CONTENT.board("A")
    assert sum(board.wages[:3]) + sum(board.pensions[:2]) == 5


def test_side_a_morale_track_has_4_two_spaces_left_of_9_and_starts_at_0() -> None:
    track = CONTENT.board("A").morale
    assert track[track.index(9) - 2] == 4
    assert track[CONTENT.board("A").morale_start] == 0
    assert min(track) < 0


def test_four_corner_patterns() -> None:
    assert len(CONTENT.patterns) == 4


def test_every_value_of_every_entry_says_where_it_comes_from() -> None:
    """Content values the rulebook does not print carry a source, field by field."""
    entries = [CONTENT, *CONTENT.tile_types, *CONTENT.city_tiles, *CONTENT.wall_tiles, *CONTENT.boards,
               *CONTENT.start_layouts]
    for entry in entries:
        assert set(entry.source) == set(entry.valued_fields()), entry.describe()
        notes = entry.source.values()
        assert all(s.startswith(("rulebook p. ", "designed")) for s in notes), entry.describe()


def test_the_buildable_workers_camp_and_market_activation_costs_are_designed() -> None:
    """Rulebook p. 5: the starting tiles belong to no one, so their activation cost is never printed
    in an example; the cost of the buildable Workers' Camp and Market is designed."""
    kinds = {t.id: t for t in CONTENT.tile_types}
    assert "activation_cost" in kinds["workers_camp"].designed()
    assert "activation_cost" in kinds["market"].designed()
    assert any(t.type == "workers_camp" and t.era > 0 for t in CONTENT.city_tiles)
    assert any(t.type == "market" and t.era > 0 for t in CONTENT.city_tiles)


def test_the_example_sawmill_prints_cost_and_favour_but_its_era_and_count_mark_are_designed() -> None:
    """Rulebook p. 5: the example Sawmill costs 2 gold and gives 1 favour; it does not say its back."""
    sawmill = CONTENT.tile(SAWMILL)
    assert sawmill.source["build_cost"].startswith("rulebook p. 5")
    assert sawmill.source["favour"].startswith("rulebook p. 5")
    assert set(sawmill.designed()) == {"era", "min_players", "corners"}


def test_rulebook_example_values_are_not_marked_designed() -> None:
    kinds = {t.id: t for t in CONTENT.tile_types}
    assert kinds["sawmill"].source["activation_cost"].startswith("rulebook p. 5")
    assert kinds["encampment"].source["activation_cost"].startswith("rulebook p. 6")
    assert CONTENT.source["starting_resources"].startswith("rulebook p. 3")
    assert "demand" not in CONTENT.wall("W01").designed()


def test_a_value_without_a_source_is_refused_with_a_sentence(tmp_path: Path) -> None:
    data = raw_content()
    del data["city_tiles"][8]["source"]["era"]
    (tmp_path / "praetor.json").write_text(json.dumps(data), "utf-8")
    with pytest.raises(ContentError, match="city tile C09: source does not say where 'era' comes from"):
        build_engine(tmp_path)


def test_a_source_for_a_field_that_does_not_exist_is_refused(tmp_path: Path) -> None:
    data = raw_content()
    data["wall_tiles"][0]["source"]["colour"] = "designed"
    (tmp_path / "praetor.json").write_text(json.dumps(data), "utf-8")
    with pytest.raises(ContentError, match="wall tile W01: source names 'colour'"):
        build_engine(tmp_path)


def test_an_older_file_with_one_source_per_entry_still_loads(tmp_path: Path) -> None:
    data = raw_content()
    del data["source"]
    for section in ("tile_types", "city_tiles", "wall_tiles", "boards", "start_layouts"):
        for entry in data[section]:
            entry["source"] = "transcribed from my copy"
    (tmp_path / "praetor.json").write_text(json.dumps(data), "utf-8")
    content = build_engine(tmp_path).content
    assert content.tile(SAWMILL).source["era"] == "transcribed from my copy"
    assert content.tile(SAWMILL).designed() == ()


def test_player_count_marks_cover_every_count() -> None:
    marks = Counter(t.min_players for t in CONTENT.city_tiles)
    assert set(marks) == {2, 3, 4, 5}


def test_a_bad_content_file_is_refused_with_a_sentence(tmp_path: Path) -> None:
    data = raw_content()
    data["city_tiles"][8]["type"] = "aqueduct"
    (tmp_path / "praetor.json").write_text(json.dumps(data), "utf-8")
    with pytest.raises(ContentError, match="unknown type 'aqueduct'"):
        build_engine(tmp_path)


def test_a_corrected_content_file_is_loaded_from_the_directory(tmp_path: Path) -> None:
    data = raw_content()
    data["city_tiles"][8]["favour"] = 5
    (tmp_path / "praetor.json").write_text(json.dumps(data), "utf-8")
    assert build_engine(tmp_path).content.tile(SAWMILL).favour == 5


def test_a_directory_without_a_file_keeps_the_shipped_content(tmp_path: Path) -> None:
    assert build_engine(tmp_path).content.tile(SAWMILL).favour == 1


def test_the_registry_loads_an_owners_corrected_content(tmp_path: Path) -> None:
    from rules import registry

    data = raw_content()
    data["wall_tiles"][0]["favour"] = 11
    (tmp_path / "praetor").mkdir()
    (tmp_path / "praetor" / "praetor.json").write_text(json.dumps(data), "utf-8")
    registry.set_content_dir(tmp_path)
    try:
        assert registry.get("praetor").content.wall("W01").favour == 11  # type: ignore[attr-defined]
    finally:
        registry.set_content_dir(None)
    assert registry.get("praetor").content.wall("W01").favour == 10  # type: ignore[attr-defined]
