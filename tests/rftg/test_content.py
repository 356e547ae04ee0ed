"""The content file against the rulebook's distribution table (spec §2)."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from rules.rftg.content import CONTENT, ContentError, load_content


def test_there_are_55_game_tiles_9_factions_and_9_home_worlds() -> None:
    assert (len(CONTENT.tiles), len(CONTENT.factions), len(CONTENT.home_worlds)) == (55, 9, 9)


def test_worlds_by_colour_match_the_rulebook_table() -> None:
    colours = Counter(t.world.colour for t in CONTENT.tiles)
    assert colours == {"blue": 15, "brown": 13, "green": 9, "yellow": 7, "gray": 11}


def test_developments_by_kind_match_the_rulebook_table() -> None:
    kinds = Counter(t.development.category for t in CONTENT.tiles)
    assert kinds == {"reassign": 18, "phase_power": 34, "immediate": 3}


def test_tile_costs_per_side_match_the_public_histogram() -> None:
    assert Counter(t.development.cost for t in CONTENT.tiles) == {1: 9, 2: 10, 3: 15, 4: 6, 5: 5, 6: 10}
    assert Counter(t.world.cost for t in CONTENT.tiles) == {1: 7, 2: 14, 3: 15, 4: 10, 5: 5, 6: 4}


def test_ten_six_plus_developments_each_have_an_end_game_bonus() -> None:
    six = [t.development for t in CONTENT.tiles if t.development.cost == 6]
    assert len(six) == 10
    assert all(s.endgame is not None for s in six)


def test_dice_counts_match_the_rulebook() -> None:
    counts = {c: d.count for c, d in CONTENT.dice.items()}
    assert counts == {"white": 25, "red": 22, "purple": 9, "blue": 20, "brown": 14, "green": 12, "yellow": 9}
    assert sum(counts.values()) == 111


def test_yellow_dice_have_no_explore_face() -> None:
    assert "explore" not in CONTENT.dice["yellow"].faces


def test_white_dice_have_no_wild_face() -> None:
    assert "wild" not in CONTENT.dice["white"].faces


def test_faction_nine_is_two_worlds_costing_0_and_3() -> None:
    sides = CONTENT.faction(9).sides
    assert [(s.kind, s.cost) for s in sides] == [("world", 0), ("world", 3)]


def test_doomed_world_starts_with_8_credits_and_no_dice() -> None:
    doomed = CONTENT.by_name["Doomed World"]
    assert doomed.starting_credits == 8 and not doomed.grants.dice


SHIPPED = Path(__file__).parents[2] / "rules/rftg/content/tiles.json"


def test_every_value_of_every_side_and_die_names_its_own_source() -> None:
    """The shipped file gives each side and die a source per field it sets (not one for the tile)."""
    data = json.loads(SHIPPED.read_text("utf-8"))
    sides = [t[k] for t in data["tiles"] for k in ("development", "world")]
    sides += [s for f in data["factions"] for s in f["sides"]] + data["home_worlds"]
    for side in sides:
        assert isinstance(side["source"], dict), side["name"]
        assert {"name", "cost", "text"} <= set(side["source"]), side["name"]
        if side["kind"] == "development":
            assert {"category", "phases", "power"} <= set(side["source"]), side["name"]
        else:
            assert "colour" in side["source"], side["name"]
    for die in data["dice"].values():
        assert set(die["source"]) == {"name", "count", "faces"}
    assert all("source" not in t for t in data["tiles"] + data["factions"])


def test_values_the_rulebook_states_cite_its_page_and_the_others_the_public_list() -> None:
    """Space Piracy's power is the rulebook's p. 11 round-up example; its cost is not printed there."""
    piracy = CONTENT.by_name["Space Piracy"].source
    assert piracy["power"].startswith("rulebook p. 11")
    assert piracy["cost"].startswith("public tile list")
    assert CONTENT.by_name["New Galactic Order"].source["endgame"].startswith("rulebook p. 8")
    assert CONTENT.dice["yellow"].source["faces"].startswith("public implementations")
    assert CONTENT.dice["yellow"].source["count"].startswith("rulebook")


def test_a_side_without_a_source_for_a_value_it_sets_is_refused(tmp_path: Path) -> None:
    data = json.loads(SHIPPED.read_text("utf-8"))
    del data["tiles"][0]["world"]["source"]["cost"]
    (tmp_path / "tiles.json").write_text(json.dumps(data), "utf-8")
    with pytest.raises(ContentError, match="gives no source for cost"):
        load_content(tmp_path)


def test_a_copy_with_one_source_text_per_tile_still_loads_for_every_value(tmp_path: Path) -> None:
    """An owner's copy made when sources were one text per tile keeps working."""
    data = json.loads(SHIPPED.read_text("utf-8"))
    for t in data["tiles"]:
        for k in ("development", "world"):
            del t[k]["source"]
        t["source"] = "owner's box"
    (tmp_path / "tiles.json").write_text(json.dumps(data), "utf-8")
    content = load_content(tmp_path)
    assert set(content.tiles[0].world.source.values()) == {"owner's box"}
    assert "cost" in content.tiles[0].world.source


def test_a_broken_content_file_is_reported_in_a_sentence(tmp_path: Path) -> None:
    data = json.loads((Path(__file__).parents[2] / "rules/rftg/content/tiles.json").read_text("utf-8"))
    data["tiles"][0]["world"]["colour"] = "pink"
    (tmp_path / "tiles.json").write_text(json.dumps(data), "utf-8")
    with pytest.raises(ContentError, match="tiles → 0 → world → colour"):
        load_content(tmp_path)


def test_an_owner_corrected_content_file_is_used_by_build_engine(tmp_path: Path) -> None:
    from rules.rftg import build_engine

    data = json.loads((Path(__file__).parents[2] / "rules/rftg/content/tiles.json").read_text("utf-8"))
    data["home_worlds"][0]["cost"] = 5
    (tmp_path / "tiles.json").write_text(json.dumps(data), "utf-8")
    engine = build_engine(tmp_path)
    name = data["home_worlds"][0]["name"]
    assert engine.content.by_name[name].cost == 5
    assert CONTENT.by_name[name].cost != 5
