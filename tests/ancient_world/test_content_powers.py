"""Powers a corrected content file may give that the shipped cards do not use: card actions and
Citizen symbols on Titan and District cards (I-53)."""

from __future__ import annotations

import json
from pathlib import Path

from rules.ancient_world import build_engine
from rules.ancient_world.actions import Attack, Citizen, Confirm, ExpandPay, Pay, Place, UseCard
from rules.ancient_world.content import CONTENT_DIR
from rules.ancient_world.engine import AncientWorld
from rules.ancient_world.state import Space


def _engine(tmp_path: Path, titan: dict[str, object], district: dict[str, object]) -> AncientWorld:
    raw = json.loads((CONTENT_DIR / "cards.json").read_text("utf-8"))
    for entry in raw["titans"]:
        if entry["id"] == "mud_golem":
            entry.update(titan)
    for entry in raw["districts"]:
        entry.update(district)
    (tmp_path / "cards.json").write_text(json.dumps(raw), "utf-8")
    return build_engine(tmp_path)


def _first_seat_zero(engine: AncientWorld, players: int = 2):  # type: ignore[no-untyped-def]
    for seed in range(50):
        state = engine.new_game(players, {}, seed)
        if state.first_player == 0:
            return state
    raise AssertionError


def test_a_district_card_action_is_used_like_an_empire_card_action(tmp_path: Path) -> None:
    engine = _engine(tmp_path, {}, {"action": {"effect": "gain", "coins": 4}})
    state = _first_seat_zero(engine)
    state, _ = engine.apply(state, 0, Citizen(rank=1))
    state, _ = engine.apply(state, 0, Place(space=Space.EXPAND))
    state, _ = engine.apply(state, 0, ExpandPay(currency="coins"))
    district = state.players[0].districts[0]
    state, _ = engine.apply(state, 1, Citizen(rank=1))
    state, _ = engine.apply(state, 1, Place(space=Space.WORK))
    coins = state.players[0].coins
    state, _ = engine.apply(state, 0, Citizen(rank=2))
    state, _ = engine.apply(state, 0, UseCard(card=district))
    assert state.players[0].coins == coins + 4


def test_a_citizen_symbol_on_a_titan_is_gained_with_it(tmp_path: Path) -> None:
    engine = _engine(tmp_path, {"citizens": 1, "defence": 1}, {})
    state = _first_seat_zero(engine)
    deck = state.titan_decks[0]
    deck.remove("mud_golem")
    deck.insert(0, "mud_golem")
    state, _ = engine.apply(state, 0, Attack(deck=1))
    state, _ = engine.apply(state, 0, Pay(army=0))
    state, _ = engine.apply(state, 0, Confirm())
    assert state.players[0].owned == [1, 2, 3, 4] and 4 in state.players[0].hungry
