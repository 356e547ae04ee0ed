"""The card reference of every game: it covers all the content, reads as words in English and
Greek, and flags as designed exactly the values the content's sources call designed."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from rules import registry
from rules.ancient_world import build_engine as build_ancient_world
from rules.ancient_world.content import load_content as load_ancient_world
from rules.core.messages import render
from rules.core.reference import CardEntry, entry_lines, matching, pages_of
from rules.patchistory.content import load_content as load_patchistory
from rules.patchistory.engine import Patchistory
from rules.praetor import Praetor
from rules.praetor.content import load_content as load_praetor
from rules.rftg.content import load_content as load_rftg
from rules.rftg.engine import RollForTheGalaxy

GAMES = ("rftg", "ancient_world", "praetor", "patchistory")
ROOT = Path(__file__).resolve().parents[2] / "rules"


def _raw(game: str, file: str) -> Any:
    return json.loads((ROOT / game / file).read_text("utf-8"))


def _ids(game: str) -> set[str]:
    """Every id the game's content file gives a component (what a player must never read)."""
    if game == "ancient_world":
        raw = _raw(game, "content/cards.json")
        return {c["id"] for k in ("empire", "military", "titans", "districts") for c in raw[k]}
    if game == "praetor":
        raw = _raw(game, "data/praetor.json")
        return ({t["id"] for t in raw["tile_types"]} | {t["uid"] for t in raw["city_tiles"]}
                | {w["uid"] for w in raw["wall_tiles"]})
    if game == "patchistory":
        raw = _raw(game, "content/content.json")
        return ({t["id"] for t in raw["land_tiles"]} | {b["id"] for b in raw["buildings"]}
                | {c["id"] for c in raw["prosperity"]})
    return set()


def _packages(game: str) -> tuple[str, ...]:
    return (f"rules.{game}", "rules.core")


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("locale", ["en", "el"])
def test_every_line_of_the_reference_is_words(game: str, locale: str) -> None:
    ids = _ids(game)
    id_word = re.compile(r"[\w-]+")
    for entry in registry.get(game).reference():
        for line in entry_lines(entry):
            text = render(line, locale, _packages(game))
            assert not re.search(r"[{}]", text), (entry.key, text)
            assert f"{game}." not in text and "core.reference" not in text, (entry.key, text)
            leaked = {w for w in id_word.findall(text) if w in ids and not w.isdigit()}
            assert not leaked, (entry.key, leaked, text)


@pytest.mark.parametrize("game", GAMES)
def test_reference_keys_are_unique_and_short(game: str) -> None:
    keys = [e.key for e in registry.get(game).reference()]
    assert len(keys) == len(set(keys))
    assert all(0 < len(k) <= 80 for k in keys)


def test_the_ancient_world_reference_has_every_card() -> None:
    keys = {e.key.split(".", 1)[1] for e in registry.get("ancient_world").reference() if "." in e.key}
    assert keys == _ids("ancient_world")


def test_roll_for_the_galaxy_reference_has_every_tile_side_and_die() -> None:
    content = load_rftg()
    entries = RollForTheGalaxy(content).reference()
    names = {render(e.name, "en", _packages("rftg")) for e in entries}
    assert {s.name for s in content.all_sides()} <= names
    assert sum(1 for e in entries if e.key.startswith("die.")) == len(content.dice)


def test_praetor_reference_has_every_building_tile_and_wall() -> None:
    entries = registry.get("praetor").reference()
    told = {f.split(".")[0] for e in entries for o in e.origins for f in o.fields}
    raw = _raw("praetor", "data/praetor.json")
    assert {t["uid"] for t in raw["city_tiles"]} | {w["uid"] for w in raw["wall_tiles"]} <= told
    assert {e.key for e in entries} >= {f"building.{t['id']}" for t in raw["tile_types"]}


def test_patchistory_reference_has_every_tile_building_and_card() -> None:
    keys = {e.key.split(".", 1)[1] for e in registry.get("patchistory").reference()}
    assert keys == _ids("patchistory")


# ---- designed exactly where the sources say so ------------------------------------------------


def _designed(entries: tuple[CardEntry, ...]) -> dict[str, set[str]]:
    return {e.key: set(e.designed) for e in entries}


def test_ancient_world_designed_values_are_the_fields_its_sources_call_designed() -> None:
    raw = _raw("ancient_world", "content/cards.json")
    sections = {"empire": "empire", "military": "military", "titans": "titan", "districts": "district"}
    expected: dict[str, set[str]] = {}
    for section, prefix in sections.items():
        for card in raw[section]:
            source = card["source"]
            if isinstance(source, str):
                fields = set(card) - {"id", "source", "note"}
                expected[f"{prefix}.{card['id']}"] = fields if source == "designed" else set()
            else:
                expected[f"{prefix}.{card['id']}"] = {f for f, s in source.items() if s == "designed"}
    found = _designed(registry.get("ancient_world").reference())
    assert {k: v for k, v in found.items() if k in expected} == expected


def test_an_ancient_world_cost_corrected_to_the_rulebook_is_no_longer_designed(tmp_path: Path) -> None:
    raw = _raw("ancient_world", "content/cards.json")
    aqueduct = next(c for c in raw["empire"] if c["id"] == "aqueduct")
    aqueduct["source"]["cost_coins"] = "rulebook"
    aqueduct["source"]["text"] = "designed"
    (tmp_path / "cards.json").write_text(json.dumps(raw), "utf-8")
    entry = next(e for e in build_ancient_world(tmp_path).reference() if e.key == "empire.aqueduct")
    assert "cost_coins" not in entry.designed
    assert "text" in entry.designed
    assert load_ancient_world() is not None


def test_praetor_designed_values_are_those_whose_source_says_designed() -> None:
    raw = _raw("praetor", "data/praetor.json")
    expected = {f"{t['uid']}.{f}" for t in raw["city_tiles"] + raw["wall_tiles"]
                for f, s in t["source"].items() if s.startswith("designed")}
    expected |= {f for t in raw["tile_types"] for f, s in t["source"].items() if s.startswith("designed")}
    entries = registry.get("praetor").reference()
    found = {f for e in entries if not e.key.startswith("board.") for f in e.designed}
    assert found == expected


def test_praetor_workers_camp_and_market_activation_costs_are_designed() -> None:
    by_key = {e.key: e for e in registry.get("praetor").reference()}
    assert "activation_cost" in by_key["building.workers_camp"].designed
    assert "activation_cost" in by_key["building.market"].designed
    assert "activation_cost" not in by_key["building.academy"].designed


def test_a_praetor_value_whose_source_becomes_designed_is_flagged() -> None:
    content = load_praetor()
    tile = content.tile_types[0]
    planted = tile.model_copy(update={"source": {**tile.source, "effect": "designed (planted)"}})
    changed = content.model_copy(update={"tile_types": [planted, *content.tile_types[1:]]})
    entry = next(e for e in Praetor(changed).reference() if e.key == f"building.{tile.id}")
    assert "effect" in entry.designed
    original = next(e for e in Praetor(content).reference() if e.key == f"building.{tile.id}")
    assert "effect" not in original.designed


def test_roll_for_the_galaxy_has_no_designed_value_until_a_source_says_so() -> None:
    content = load_rftg()
    assert all(not e.designed for e in RollForTheGalaxy(content).reference())
    tile = content.tiles[0]
    planted = {**tile.development.source, "cost": "designed (planted)"}
    side = tile.development.model_copy(update={"source": planted})
    changed = content.model_copy(update={"tiles": (tile.model_copy(update={"development": side}),
                                                   *content.tiles[1:])})
    flagged = [e for e in RollForTheGalaxy(changed).reference() if e.designed]
    assert [(e.key, e.designed) for e in flagged] == [(f"tile.{tile.id}.development", ("cost",))]


PATCHISTORY_DESIGNED_ABILITIES = {"Hanging Gardens of Babylon", "Kremlin", "Angkor Wat", "Wall Street",
                                  "Pyramids of Giza", "Ziggurat of Ur", "Eiffel Tower"}
"""The named Wonders whose ability the rulebook does not give in full (issue of content labels)."""


def test_patchistory_names_the_seven_designed_abilities() -> None:
    content = load_patchistory()
    entries = {e.key: e for e in Patchistory(content).reference()}
    designed, printed = set(), set()
    for tile in content.land_tiles:
        space = next((s for s in tile.black.spaces if s.ability), None)
        if space is None:
            continue
        (designed if "ability" in entries[f"tile.{tile.id}"].designed else printed).add(space.name)
    assert designed == PATCHISTORY_DESIGNED_ABILITIES
    assert len(printed) == 17


def _named(entries: tuple[CardEntry, ...], name: str) -> CardEntry:
    return next(e for e in entries if render(e.name, "en", _packages("patchistory")) == name)


def test_patchistory_cites_the_pages_of_the_source() -> None:
    entries = registry.get("patchistory").reference()
    pyramids = _named(entries, "Pyramids of Giza")
    name = next(o for o in pyramids.origins if "name" in o.fields)
    assert render(name.where, "en", _packages("patchistory")) == "printed in the rulebook, p. 15"
    eiffel = _named(entries, "Eiffel Tower")
    name = next(o for o in eiffel.origins if "name" in o.fields)
    assert render(name.where, "en", _packages("patchistory")) == "printed in the rulebook, p. 1"


# ---- the generic pieces ---------------------------------------------------------------------------


def test_pages_are_read_from_a_source_note_once_each_in_order() -> None:
    assert pages_of("rulebook p. 6 (Develop figure); p. 11 (FAQ); p.6") == ["6", "11"]
    assert pages_of("rulebook pp. 13-14") == ["13–14"]
    assert pages_of("designed") == []


def test_a_name_typed_matches_exact_names_first_then_beginnings_then_inside() -> None:
    entries = registry.get("praetor").reference()

    def name_of(entry: CardEntry) -> str:
        return render(entry.name, "el", _packages("praetor"))

    assert [name_of(e) for e in matching(entries, "ΑΓΟΡΑ", name_of)][:1] == ["Αγορά"]
    inside = [name_of(e) for e in matching(entries, "ορα", name_of)]
    assert inside and all("ορα" in n.replace("ά", "α").lower() for n in inside)
    assert matching(entries, "Temple", name_of) == []


def test_matching_stops_at_the_limit() -> None:
    entries = registry.get("ancient_world").reference()
    assert len(matching(entries, "", lambda e: e.key, limit=25)) == 25


def test_patchistory_tells_each_ability_in_words() -> None:
    entries = registry.get("patchistory").reference()
    chichen = [render(m, "en", _packages("patchistory")) for m in _named(entries, "Chichen Itza").lines]
    assert chichen[0] == ("Before Voting you may return any number of your workers to your descendant track: "
                          "5 culture each.")
    kremlin = [render(m, "el", _packages("patchistory")) for m in _named(entries, "Kremlin").lines]
    assert "3 Πολιτισμός" in kremlin[0]
