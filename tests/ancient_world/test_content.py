"""The shipped content matches the rulebook's component counts (p.15) and loads with sentence errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules.ancient_world import build_engine
from rules.ancient_world.content import CONTENT_DIR, ContentError, load_content

CONTENT = load_content()


def test_empire_a_has_45_cards() -> None:
    assert len(CONTENT.deck("A")) == 45


def test_empire_b_has_47_cards() -> None:
    assert len(CONTENT.deck("B")) == 47


def test_military_deck_has_25_cards() -> None:
    assert len(CONTENT.military_deck()) == 25


def test_titans_are_20_in_three_star_decks() -> None:
    decks = [CONTENT.titan_deck(stars) for stars in (1, 2, 3)]
    assert sum(map(len, decks)) == 20
    assert all(decks)


def test_districts_are_10() -> None:
    assert len(CONTENT.district_deck()) == 10


def test_starting_cards_are_eight_of_each_kind() -> None:
    empire = sum(c.copies for c in CONTENT.empire if c.deck == "start")
    military = sum(c.copies for c in CONTENT.military if c.deck == "start")
    assert (empire, military) == (8, 8)


def test_starting_empire_cards_give_one_food_each() -> None:
    assert CONTENT.empire_card("fishing_port").food == 1
    assert CONTENT.empire_card("wheat_fields").food == 1


def test_damage_die_has_six_faces_of_three_kinds() -> None:
    faces = CONTENT.damage_die
    assert len(faces) == 6
    assert any(f.titans for f in faces) and any(f.coins for f in faces)
    assert any(not f.titans and not f.coins for f in faces)


def test_six_banners_score_eleven() -> None:
    assert CONTENT.banner_vp[6] == 11


def test_every_named_card_of_the_rulebook_is_present() -> None:
    names = {c.name for c in [*CONTENT.empire, *CONTENT.military, *CONTENT.titans]}
    for name in ["Aqueduct", "Archivists of Bol", "Bridge", "Crane", "Crypta Ship", "Desert Caravan",
                 "Distant Outpost", "Forest Hideout", "Moon Festival", "Scribe Guild", "Trade City",
                 "Town Hall", "Zori Dramatists", "Citadel", "Stone Being", "Merkian Troops",
                 "Fishing Port", "Wheat Fields", "City Guard", "Militia"]:
        assert name in names


def test_stone_being_is_defence_8_with_arrows_and_2_banners() -> None:
    titan = CONTENT.titan("stone_being")
    assert (titan.defence, titan.arrows_allowed, sum(titan.banners.values())) == (8, True, 2)


def test_merkian_troops_has_four_attack_symbols_with_an_arrow() -> None:
    card = CONTENT.military_card("merkian_troops")
    assert card.swords + card.arrows == 4 and card.arrows >= 1


def test_every_entry_names_its_source() -> None:
    raw = json.loads((CONTENT_DIR / "cards.json").read_text("utf-8"))
    for section in ("empire", "military", "titans", "districts"):
        for entry in raw[section]:
            words = [entry["source"]] if isinstance(entry["source"], str) else entry["source"].values()
            assert set(words) <= {"rulebook", "designed"}, entry["id"]


def test_no_card_is_marked_rulebook_as_a_whole() -> None:
    """The rulebook prints no card in full (p.13-14 give effects, p.7 one Titan's defence): a card
    it names says field by field which values it prints."""
    cards = [*CONTENT.empire, *CONTENT.military, *CONTENT.titans, *CONTENT.districts]
    assert not [c.name for c in cards if c.source == "rulebook"]


def test_a_card_with_a_printed_effect_has_designed_cost_and_banners() -> None:
    """Aqueduct (p.14): its name and effect are the rulebook's, its cost and banners designed."""
    card = CONTENT.empire_card("aqueduct")
    assert [card.source_of(f) for f in ("name", "text", "cost_coins", "banners")] == [
        "rulebook", "rulebook", "designed", "designed"]


def test_stone_being_prints_its_defence_but_not_its_banner_colours() -> None:
    """Stone Being (p.7): defence 8 and arrows allowed are printed; its banner colours are not."""
    titan = CONTENT.titan("stone_being")
    assert (titan.source_of("defence"), titan.source_of("arrows_allowed")) == ("rulebook", "rulebook")
    assert "banners" in titan.designed_fields()


def test_a_designed_card_has_every_field_designed() -> None:
    card = CONTENT.empire_card("granary")
    assert card.source == "designed" and "name" in card.designed_fields()


def test_a_field_source_must_cover_every_value_the_card_sets(tmp_path: Path) -> None:
    raw = json.loads((CONTENT_DIR / "cards.json").read_text("utf-8"))
    aqueduct = next(e for e in raw["empire"] if e["id"] == "aqueduct")
    del aqueduct["source"]["cost_coins"]
    with pytest.raises(ContentError, match="does not say where these values come from: cost_coins"):
        load_content(_write(tmp_path, raw))


def test_a_field_source_may_not_name_a_field_the_card_lacks(tmp_path: Path) -> None:
    raw = json.loads((CONTENT_DIR / "cards.json").read_text("utf-8"))
    aqueduct = next(e for e in raw["empire"] if e["id"] == "aqueduct")
    aqueduct["source"]["defence"] = "rulebook"
    with pytest.raises(ContentError, match="fields the card does not have: defence"):
        load_content(_write(tmp_path, raw))


def test_every_empire_card_outside_the_start_has_a_banner() -> None:
    assert all(c.banners for c in CONTENT.empire if c.deck != "start")


def _write(tmp_path: Path, data: dict[str, object]) -> Path:
    (tmp_path / "cards.json").write_text(json.dumps(data), "utf-8")
    return tmp_path


def test_a_corrected_content_folder_builds_an_engine(tmp_path: Path) -> None:
    raw = json.loads((CONTENT_DIR / "cards.json").read_text("utf-8"))
    for entry in raw["titans"]:
        if entry["id"] == "stone_being":
            entry["defence"] = 9
    engine = build_engine(_write(tmp_path, raw))
    assert engine.content.titan("stone_being").defence == 9


def test_a_broken_content_file_is_reported_as_sentences(tmp_path: Path) -> None:
    raw = json.loads((CONTENT_DIR / "cards.json").read_text("utf-8"))
    raw["empire"][3]["cost_coins"] = -1
    with pytest.raises(ContentError, match=r"empire → 3 → cost_coins: .*greater than or equal to 0\."):
        load_content(_write(tmp_path, raw))


def test_a_missing_content_file_is_reported(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="does not exist"):
        load_content(tmp_path)


def test_duplicate_card_ids_are_refused(tmp_path: Path) -> None:
    raw = json.loads((CONTENT_DIR / "cards.json").read_text("utf-8"))
    raw["districts"][1]["id"] = raw["districts"][0]["id"]
    with pytest.raises(ContentError, match="repeated"):
        load_content(_write(tmp_path, raw))
