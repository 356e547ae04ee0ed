"""Every Wonder and Personality power the rulebook names (p. 16), and the designed era effects."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import RuleError
from rules.patchistory import auction, flow, voting
from rules.patchistory.actions import (
    AllyWith,
    Patch,
    PlaceWorker,
    Reclaim,
    RemoveRoute,
    ReturnWorker,
    Spend,
    TakeTile,
)
from rules.patchistory.content import Stat
from rules.patchistory.empire import grid_of, stats
from rules.patchistory.state import Offer, Phase, Reserve, Route, State, War, Worker
from tests.patchistory.helpers import CONTENT, ENGINE, at_phase, empire, game, own

CTX = ENGINE.ctx


def board(state: State, seat: int = 0) -> dict[Stat, int]:
    return stats(state.players[seat], seat, CONTENT, state.routes)


def shipped_tile(ability: str) -> str:
    return next(
        t.id
        for t in CONTENT.land_tiles
        if not t.id.startswith("t-") and any(sp.ability == ability for sp in t.black.spaces)
    )


def test_great_wall_adds_one_defence_per_worker_you_control() -> None:
    state = game()
    empire(state, 0)
    own(state, 0, "great_wall")
    state.players[0].workers = [Worker(row=0, col=0), Worker(where="route", route=0, step=1)]
    assert board(state)[Stat.DEFENCE] == 2


def test_petra_adds_a_coin_per_route_you_own() -> None:
    state = game()
    empire(state, 0)
    own(state, 0, "petra")
    state.routes.append(Route(kind="alliance", start=1, end=0))
    assert board(state)[Stat.COINS] == 2  # its own general route and the alliance


def test_genghis_khan_adds_military_per_route_you_own() -> None:
    state = game()
    empire(state, 0)
    own(state, 0, "genghis_khan")
    state.routes.append(Route(kind="general", start=0, end=2))
    assert board(state)[Stat.MILITARY] == 2


def test_che_guevara_fixes_politics_at_six() -> None:
    state = game()
    empire(state, 0, politics=2)
    own(state, 0, "che_guevara")
    assert board(state)[Stat.POLITICS] == 6


def test_cyrus_adds_a_culture_to_each_gain_from_a_route_worker() -> None:
    state = game()
    empire(state, 0)
    own(state, 0, "cyrus")
    state.players[0].workers = [Worker(where="route", route=0, step=2)]
    culture = state.players[0].goods.culture
    flow.production(CTX, state)
    assert state.players[0].goods.culture == culture + 1


def test_moses_brings_a_worker_from_the_descendant_track_when_patched_in() -> None:
    state = at_phase(game(), Phase.PATCH)
    state.players[0].reserve = [Reserve(tile=shipped_tile("moses"), side="black")]
    state, _ = ENGINE.apply(state, 0, Patch(reserve=0, side="black", row=1, col=0))
    assert state.players[0].homing == 1


def test_constantine_builds_a_free_alliance_the_other_cannot_refuse() -> None:
    state = at_phase(game(), Phase.PATCH)
    state.players[0].reserve = [Reserve(tile=shipped_tile("constantine"), side="black")]
    state, _ = ENGINE.apply(state, 0, Patch(reserve=0, side="black", row=1, col=0))
    state, _ = ENGINE.apply(state, 0, AllyWith(target=2))
    assert state.routes[-1] == Route(kind="alliance", start=0, end=2)


def test_vasco_da_gama_takes_a_tile_before_the_auction_and_stays_out() -> None:
    state = game(3)
    state.round = 2
    own(state, 1, "vasco_da_gama")
    state.stack = [t for t in CONTENT.era_tiles(1)]
    auction.lay_out(CTX, state)
    assert set(ENGINE.pending(state)) == {1}
    tile = state.auction.offers[2].tile
    state, _ = ENGINE.apply(state, 1, TakeTile(tile=2))
    assert [r.tile for r in state.players[1].reserve] == [tile]
    assert 1 in state.auction.skip and len(state.auction.offers) == 2


def test_gustav_removes_a_route_you_own_once_per_round() -> None:
    state = game(3)
    own(state, 0, "schwerer_gustav")
    from rules.patchistory import politics

    politics.start(CTX, state)
    state, _ = ENGINE.apply(state, 0, RemoveRoute(route=0))
    assert len(state.routes) == 2 and state.general_left == 12
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, RemoveRoute(route=1))


def test_joan_of_arc_may_spend_votes_in_war() -> None:
    state = at_phase(game(3), Phase.NEGOTIATION)
    empire(state, 0, military=10)
    empire(state, 1, military=10)
    own(state, 0, "joan_of_arc")
    state.players[0].workers = [Worker(where="route", route=0, step=CONTENT.routes.war)]
    state.routes[0] = replace(state.routes[0], war_attackers=[0])
    state.war = War(route=0, attackers=[0], defender=1)
    state.players[0].goods.votes = 3
    state, _ = ENGINE.apply(state, 0, Spend(resources=0, votes=3))  # seat 1's 0 is played for it
    assert state.players[0].goods.culture == 25 and state.players[0].goods.votes == 0


def test_votes_cannot_be_spent_in_war_without_joan_of_arc() -> None:
    state = at_phase(game(3), Phase.NEGOTIATION)
    state.players[0].workers = [Worker(where="route", route=0, step=CONTENT.routes.war)]
    state.routes[0] = replace(state.routes[0], war_attackers=[0])
    state.war = War(route=0, attackers=[0], defender=1)
    state.players[0].goods.votes = 3
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Spend(resources=0, votes=1))


def test_stealth_aircraft_reclaims_a_space_of_the_defeated_player() -> None:
    state = at_phase(game(3), Phase.NEGOTIATION)
    empire(state, 0, military=10)
    state.players[0].layers += ((shipped_tile("stealth_aircraft"), "black", 2, 0),)
    state.players[0].workers = [Worker(where="route", route=0, step=CONTENT.routes.war)]
    state.routes[0] = replace(state.routes[0], war_attackers=[0])
    state.war = War(route=0, attackers=[0], defender=1)
    state, _ = ENGINE.apply(state, 0, Spend(resources=0))  # seat 1's 0 is played for it
    assert state.stealth == (0, 1)
    state, _ = ENGINE.apply(state, 0, PlaceWorker(row=0, col=0))  # the war worker comes home first
    offered = [o.action for o in ENGINE.pending(state)[0].options]
    assert Reclaim(building=1, row=0, col=0) in offered
    assert all(a.kind in ("reclaim", "pick", "done") for a in offered)
    state, _ = ENGINE.apply(state, 0, Reclaim(building=1, row=0, col=0))
    assert grid_of(state.players[1], CONTENT).squares[(0, 0)].wasteland


def test_chichen_itza_returns_workers_before_voting_for_five_culture_each() -> None:
    state = game(3)
    own(state, 0, "chichen_itza")
    state.players[0].workers = [Worker(row=0, col=0), Worker(row=0, col=1)]
    voting.start(CTX, state)
    assert state.returners == [0]
    state, _ = ENGINE.apply(state, 0, ReturnWorker(worker=0))
    state, _ = ENGINE.apply(state, 0, ReturnWorker(worker=0))
    assert (state.players[0].goods.culture, state.players[0].born()) == (30, 0)


def test_pyramids_give_two_culture_per_wonder_at_the_end_of_the_era() -> None:
    state = game(3)
    own(state, 0, "pyramids", 2, 0)
    own(state, 0, "petra", 4, 0)
    assert flow.era_effects(CTX, state, 0) == 4


def test_statue_of_liberty_scores_only_reclaimed_wastelands() -> None:
    state = game(3)
    own(state, 0, "statue_of_liberty", 2, 0)
    state.players[0].tokens = ((0, 0, None),)
    assert flow.era_effects(CTX, state, 0) == 3


def test_wall_street_counts_coins_in_hand_at_the_end_of_the_game() -> None:
    state = at_phase(game(3), Phase.VOTE)
    state.era = 3
    state.players[0].layers += ((shipped_tile("wall_street"), "black", 2, 0),)
    state.players[0].goods.coins = 9
    flow.end_of_era(CTX, state)
    assert state.phase == Phase.OVER
    assert state.players[0].goods.culture >= 20 + 4


def test_shared_victory_on_equal_culture() -> None:
    state = game(3)
    state.phase = Phase.OVER
    for p, culture in zip(state.players, (40, 40, 12), strict=True):
        p.goods.culture = culture
    result = ENGINE.result(state)
    assert result is not None and result.ranks == {0: 1, 1: 1, 2: 3}


def test_a_player_with_no_coins_at_the_auction_turns_three_culture_into_a_coin() -> None:
    state = game(3)
    state.players[2].goods.coins = 0
    state.stack = list(CONTENT.era_tiles(1))
    auction.lay_out(CTX, state)
    assert (state.players[2].goods.coins, state.players[2].goods.culture) == (1, 17)


def test_the_first_auction_lays_tiles_one_by_one_and_the_last_player_must_bid() -> None:
    state = game(3)
    assert len(state.auction.offers) == 1 and set(ENGINE.pending(state)) == {0}
    from rules.patchistory.actions import Pass

    state, _ = ENGINE.apply(state, 0, Pass())
    state, _ = ENGINE.apply(state, 1, Pass())
    assert len(state.auction.offers) == 3
    with pytest.raises(RuleError):
        ENGINE.apply(state, 2, Pass())


def test_three_player_sides_alternate_across_rounds() -> None:
    state = game(3)
    state.round = 2
    state.next_white = True
    state.stack = list(CONTENT.era_tiles(1))
    auction.lay_out(CTX, state)
    first = [o.side for o in state.auction.offers]
    auction.lay_out(CTX, state)
    assert first == ["white", "black", "white"] and [o.side for o in state.auction.offers] == [
        "black",
        "white",
        "black",
    ]


def test_no_view_shows_another_players_goods_cards_or_buildings() -> None:
    state = game(3)
    for seat in (None, 1, 2):
        p0 = ENGINE.view(state, seat).players[0]
        assert p0.goods is None and p0.cards is None and p0.buildings is None
    assert ENGINE.view(state, 0).players[0].goods is not None


def test_revealed_offers_show_only_the_auctioned_side_in_three_players() -> None:
    state = game(3)
    state.auction.offers = [Offer(tile="e1-20", side="black")]
    assert list(ENGINE.view(state, None).offers[0].sides) == ["black"]
