"""Every worked example of the spec, §18, as a scenario."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import RuleError
from rules.patchistory.actions import (
    BidCoins,
    BuildRoute,
    Campaign,
    Done,
    Exchange,
    FirstChoice,
    SealedBid,
    Spend,
    Threat,
    Vote,
)
from rules.patchistory.content import Stat
from rules.patchistory.empire import stats, try_patch
from rules.patchistory.flow import great_upkeep, production, worker_upkeep
from rules.patchistory.state import Auction, Offer, Phase, Route, State, War, Worker
from rules.patchistory.voting import card_gains, demoted_ranks
from tests.patchistory.helpers import CONTENT, ENGINE, at_phase, empire, game, own


def board(state: State, seat: int) -> dict[str, int]:
    return {k.value: v for k, v in stats(state.players[seat], seat, CONTENT, state.routes).items()}


# 18.1 -------------------------------------------------------------------------------------------


def test_setup_stats_count_the_capital_symbols_outside_gold_frames() -> None:
    state = game(3)
    assert board(state, 0) == {
        "coins": 2,
        "food": 2,
        "resources": 0,
        "culture": 0,
        "politics": 1,
        "transport": 1,
        "military": 0,
        "defence": 0,
    }


def test_setup_puts_four_food_three_coins_twenty_culture_four_buildings_behind_the_screen() -> None:
    state = game(4)
    for p in state.players:
        assert (p.goods.food, p.goods.coins, p.goods.culture) == (4, 3, 20)
        assert len(p.buildings) == 4 and len(p.cards) == 3
    dealt = [c for p in state.players for c in p.cards]
    assert len(set(dealt)) == 12


# 18.2 -------------------------------------------------------------------------------------------


def four_player_auction() -> State:
    state = at_phase(game(4), Phase.AUCTION)
    state.auction = Auction(
        offers=[Offer(tile=t, side="white") for t in ("e1-20", "e1-21", "e1-22", "e1-23")]
    )
    for seat, coins in enumerate((6, 1, 3, 5)):  # Gandhi, Alexander, Yi Sun-sin, Bismarck
        state.players[seat].goods.coins = coins
    return state


def test_auction_example_ends_with_gandhi_5_bismarck_4_yi_1_alexander_1() -> None:
    state = four_player_auction()
    for seat, tile, coins in [(0, 0, 3), (1, 1, 1), (2, 2, 1), (3, 0, 4), (0, 0, 5), (3, 1, 4)]:
        assert set(ENGINE.pending(state)) == {seat}
        state, _ = ENGINE.apply(state, seat, BidCoins(tile=tile, coins=coins))
    # Alexander, with no coin left to add, moves his bid to tile D: his only move, played for him.
    assert state.phase != Phase.AUCTION
    won = {seat: [r.tile for r in p.reserve] for seat, p in enumerate(state.players)}
    assert won == {0: ["e1-20"], 1: ["e1-23"], 2: ["e1-22"], 3: ["e1-21"]}
    assert [p.goods.coins for p in state.players] == [1, 0, 2, 1]


def test_auction_a_top_bidder_may_not_add_coins() -> None:
    state = four_player_auction()
    state, _ = ENGINE.apply(state, 0, BidCoins(tile=0, coins=3))
    state.auction.turn = 0
    with pytest.raises(RuleError):
        ENGINE.play(state, 0, BidCoins(tile=0, coins=4))


def test_auction_a_moved_bid_keeps_its_full_amount() -> None:
    state = four_player_auction()
    for seat, tile, coins in [(0, 0, 3), (1, 1, 1), (2, 2, 1), (3, 0, 4)]:
        state, _ = ENGINE.apply(state, seat, BidCoins(tile=tile, coins=coins))
    with pytest.raises(RuleError, match="3 to"):
        ENGINE.apply(state, 0, BidCoins(tile=3, coins=1))
    state, _ = ENGINE.apply(state, 0, BidCoins(tile=3, coins=3))
    assert state.players[0].goods.coins == 3


def test_auction_bismarck_cannot_move_below_the_top_bid() -> None:
    state = four_player_auction()
    for seat, tile, coins in [(0, 0, 3), (1, 1, 1), (2, 2, 1), (3, 0, 4), (0, 0, 5)]:
        state, _ = ENGINE.apply(state, seat, BidCoins(tile=tile, coins=coins))
    with pytest.raises(RuleError):
        ENGINE.apply(state, 3, BidCoins(tile=0, coins=5))


# 18.3 -------------------------------------------------------------------------------------------


def test_vasco_patching_example_changes_food_resources_and_politics() -> None:
    state = game(3)
    p = state.players[0]
    before = board(state, 0)
    after, why = try_patch(p, CONTENT, "t-vasco", "white", -1, -1, under=False, keep_buildings=False, era=1)
    assert after is not None, why
    now = {k.value: v for k, v in stats(after, 0, CONTENT, state.routes).items()}
    assert {k: now[k] - before[k] for k in now if now[k] != before[k]} == {
        "food": -1,
        "resources": 1,
        "politics": 1,
    }


# 18.4 -------------------------------------------------------------------------------------------


def test_gwanggaeto_spends_six_politics_points_on_threat_route_and_campaign() -> None:
    state = game(3)
    empire(state, 0, politics=6)
    state = at_phase(state, Phase.AUCTION)
    from rules.patchistory import politics

    politics.start(ENGINE.ctx, state)
    state.players[0].goods.resources = 2
    assert state.players[0].pp == 6
    state, _ = ENGINE.apply(state, 0, Threat(target=1, demand="culture"))
    assert state.players[0].pp == 3
    for seat in (0, 1, 2):
        state, _ = ENGINE.apply(state, seat, Done())
    state, _ = ENGINE.apply(state, 0, BuildRoute(target=2))
    assert state.players[0].pp == 1
    state, _ = ENGINE.apply(state, 0, Campaign(pp=1))
    assert (state.players[0].pp, state.players[0].goods.votes) == (0, 1)


# 18.5 -------------------------------------------------------------------------------------------


def exchanging(transport: int, **goods: int) -> State:
    state = game(3)
    empire(state, 0, transport=transport, politics=5)
    state = at_phase(state, Phase.ADMINISTRATION)
    state.players[0].pp = 5
    for k, v in goods.items():
        setattr(state.players[0].goods, k, v)
    return state


@pytest.mark.parametrize(("food", "coins"), [(6, 0), (4, 2), (1, 5)])
def test_exchange_three_resources_with_transport_3(food: int, coins: int) -> None:
    state = exchanging(3, resources=3, food=0, coins=0)
    state, _ = ENGINE.apply(state, 0, Exchange(give="resources", amount=3, food=food, coins=coins))
    g = state.players[0].goods
    assert (g.resources, g.food, g.coins) == (0, food, coins)


def test_exchange_three_food_for_a_resource_and_a_coin() -> None:
    state = exchanging(3, food=3, coins=0, resources=0)
    state, _ = ENGINE.apply(state, 0, Exchange(give="food", amount=3, resources=1, coins=1))
    g = state.players[0].goods
    assert (g.food, g.resources, g.coins) == (0, 1, 1)


def test_exchange_with_transport_1_gives_one_unit() -> None:
    state = exchanging(1, resources=1, food=1, coins=0)
    state, _ = ENGINE.apply(state, 0, Exchange(give="resources", amount=1, food=2))
    state, _ = ENGINE.apply(state, 0, Exchange(give="food", amount=1, coins=1))
    g = state.players[0].goods
    assert (g.resources, g.food, g.coins) == (0, 2, 1)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Exchange(give="food", amount=1, resources=1))


def test_exchange_cannot_give_more_than_transport() -> None:
    state = exchanging(3, resources=4)
    with pytest.raises(RuleError, match="T = 3"):
        ENGINE.apply(state, 0, Exchange(give="resources", amount=4, food=8))


# 18.6 / 18.7 ------------------------------------------------------------------------------------


def test_general_building_gives_one_coin_and_two_with_a_worker() -> None:
    state = game(3)
    state.players[0].tokens = ((0, 0, "economy-1"),)  # base 1 coin, framed +1
    base = board(state, 0)["coins"]
    state.players[0].workers = [Worker(row=0, col=0)]
    assert board(state, 0)["coins"] == base + 1


def test_production_adds_the_board_and_route_workers_gains() -> None:
    state = game(3)
    empire(state, 0, food=2, coins=2, culture=2)
    state.players[0].tokens += ((1, 2, "x-coins-0"),)
    state.players[0].workers = [Worker(where="route", route=0, step=2)]  # a route space giving 2 coins
    g = replace(state.players[0].goods)
    production(ENGINE.ctx, state)
    now = state.players[0].goods
    upkeep = worker_upkeep(ENGINE.ctx, state, 0)
    assert (now.food, now.coins, now.culture) == (g.food + 2 - upkeep, g.coins + 4, g.culture + 2)


# 18.8 -------------------------------------------------------------------------------------------


def test_worker_upkeep_is_the_highest_visible_descendant_number() -> None:
    state = game(3)
    state.players[0].workers = [Worker(row=0, col=c % 3) for c in range(7)]
    assert worker_upkeep(ENGINE.ctx, state, 0) == 5


def test_worker_upkeep_shortfall_costs_three_culture_per_food() -> None:
    state = game(3)
    empire(state, 0)
    state.players[0].workers = [Worker(row=0, col=c % 3) for c in range(7)]
    state.players[0].goods.food = 3
    production(ENGINE.ctx, state)
    assert (state.players[0].goods.food, state.players[0].goods.culture) == (0, 14)


def test_karl_marx_fixes_worker_upkeep_at_five() -> None:
    state = game(3)
    own(state, 0, "karl_marx")
    assert worker_upkeep(ENGINE.ctx, state, 0) == 5


# 18.9 / 18.11 -----------------------------------------------------------------------------------


def war_between(
    attacker_military: int,
    defender_military: int,
    *,
    era: int = 1,
    both_attack: bool = False,
    defender_defence: int = 0,
) -> State:
    state = at_phase(game(3), Phase.NEGOTIATION)
    state.era = era
    empire(state, 0, military=attacker_military)
    empire(state, 1, military=defender_military, defence=defender_defence)
    attackers = [0, 1] if both_attack else [0]
    state.routes[0] = replace(state.routes[0], war_attackers=attackers)
    state.players[0].workers = [Worker(where="route", route=0, step=CONTENT.routes.war)]
    state.war = War(route=0, attackers=attackers, defender=None if both_attack else 1)
    for p in state.players:
        p.goods.resources = 10
    return state


def fight(state: State, spend_a: int, spend_b: int) -> tuple[int, int]:
    before = (state.players[0].goods.culture, state.players[1].goods.culture)
    state, _ = ENGINE.apply(state, 0, Spend(resources=spend_a))
    state, _ = ENGINE.apply(state, 1, Spend(resources=spend_b))
    return state.players[0].goods.culture - before[0], state.players[1].goods.culture - before[1]


@pytest.mark.parametrize(("era", "reward"), [(1, 5), (2, 10), (3, 15)])
def test_war_14_against_12_the_attacker_wins_the_era_reward(era: int, reward: int) -> None:
    assert fight(war_between(14, 12, era=era), 0, 0) == (reward, 0)


@pytest.mark.parametrize(("era", "reward"), [(1, 3), (2, 6), (3, 9)])
def test_war_tie_goes_to_the_defender(era: int, reward: int) -> None:
    assert fight(war_between(14, 12, era=era), 0, 2) == (0, reward)


def test_war_margin_of_five_steals_seven_culture() -> None:
    assert fight(war_between(14, 12), 3, 0) == (5 + 7, -7)


def test_war_defender_great_victory_steals_seven() -> None:
    assert fight(war_between(14, 12), 0, 7) == (-7, 3 + 7)


def test_war_both_attackers_tied_nobody_gains() -> None:
    assert fight(war_between(14, 14, both_attack=True), 0, 0) == (0, 0)


def test_war_defender_adds_defence_to_military() -> None:
    assert fight(war_between(14, 10, defender_defence=4), 0, 0) == (0, 3)


def test_culture_floor_a_loser_with_five_culture_loses_five() -> None:
    state = war_between(14, 12)
    state.players[1].goods.culture = 5
    assert fight(state, 3, 0) == (5 + 5, -5)


# 18.10 ------------------------------------------------------------------------------------------


def threatening(mine: int, their_military: int, their_defence: int) -> State:
    state = game(3)
    empire(state, 0, military=mine, politics=9)
    empire(state, 1, military=their_military, defence=their_defence)
    from rules.patchistory import politics

    politics.start(ENGINE.ctx, state)
    return state


def demand(state: State, what: str) -> int:
    before = getattr(state.players[0].goods, what)
    state, _ = ENGINE.apply(state, 0, Threat(target=1, demand=what))
    return getattr(state.players[0].goods, what) - before


def test_threat_by_five_or_more_demands_four_culture_or_five_coins() -> None:
    assert demand(threatening(8, 2, 1), "culture") == 4
    state = threatening(8, 2, 1)
    state.players[1].goods.coins = 9
    assert demand(state, "coins") == 5


def test_threat_by_less_than_five_demands_two_culture_or_three_coins() -> None:
    assert demand(threatening(8, 3, 2), "culture") == 2
    assert demand(threatening(8, 3, 2), "coins") == 3


def test_threat_equal_strength_fails() -> None:
    assert demand(threatening(5, 5, 0), "culture") == 0


def test_threat_with_gandhi_ignores_the_target_military() -> None:
    state = threatening(5, 5, 0)
    own(state, 0, "gandhi")
    assert demand(state, "culture") == 4


def test_threat_target_short_of_coins_pays_what_it_has() -> None:
    state = threatening(8, 3, 2)
    state.players[1].goods.coins = 1
    assert demand(state, "coins") == 1


def test_threat_with_bismarck_gains_five_culture_more() -> None:
    state = threatening(8, 3, 2)
    own(state, 0, "bismarck")
    assert demand(state, "culture") == 2 + 5


# 18.12 – 18.16 ----------------------------------------------------------------------------------


def test_voting_single_card_with_seven_votes_in_four_players() -> None:
    assert card_gains([7, 2], [[1, 2, 3, 4], [1, 1, 1, 1]], 4)[0] == [7, 3, 0, -3]


def test_full_four_player_vote_nets_napoleon_5_elizabeth_18_gandhi_minus_5_homer_minus_2() -> None:
    gandhi, napoleon, homer, elizabeth = range(4)
    state = at_phase(game(4), Phase.VOTE)
    v = state.voting
    v.cards = ["p01", "p04", "p07", "p14"]
    v.standings = [[3, 1, 4, 2], [3, 4, 1, 3], [4, 1, 4, 4], [4, 4, 4, 1]]
    plan = {gandhi: [2, 3, 0, 0], napoleon: [10, 0, 0, 0], homer: [0, 5, 0, 5], elizabeth: [3, 2, 1, 6]}
    for seat, votes in plan.items():
        state.players[seat].goods.votes = sum(votes)
        state.players[seat].goods.culture = 30
    for card in range(4):
        for seat in range(4):
            if sum(plan[seat][card:]):  # with no votes left, the vote of 0 is played for the seat
                state, _ = ENGINE.apply(state, seat, Vote(votes=plan[seat][card]))
    deltas = [p.goods.culture - 30 for p in state.players]
    assert deltas[napoleon] == 5 and deltas[elizabeth] == 18 and deltas[gandhi] == -5 and deltas[homer] == -2


def test_tie_demotion_two_tied_for_second_are_both_third() -> None:
    assert demoted_ranks([9, 5, 5, 1]) == [1, 3, 3, 4]
    assert demoted_ranks([9, 5, 5, 5]) == [1, 4, 4, 4]
    assert demoted_ranks([9, 9, 5, 1]) == [2, 2, 3, 4]


def test_two_player_voting_the_card_with_fewer_votes_pays_half() -> None:
    assert card_gains([9, 5], [[1, 2], [2, 1]], 2) == [[9, 0], [0, 2]]
    assert card_gains([6, 6], [[1, 2], [2, 1]], 2) == [[6, 0], [0, 6]]
    assert card_gains([6, 4], [[2, 2], [1, 2]], 2) == [[0, 0], [4 // 2, 0]]


def test_all_cards_tied_for_fewest_votes_are_discarded() -> None:
    gains = card_gains([4, 2, 2, 7], [[1, 2, 3, 4]] * 4, 4)
    assert gains[1] == gains[2] == [0, 0, 0, 0]
    assert gains[0] == [4, 2, 0, -2] and gains[3] == [7, 3, 0, -3]


# 18.17 ------------------------------------------------------------------------------------------


def two_player_auction() -> State:
    state = game(2)
    assert state.phase == Phase.AUCTION and len(state.auction.offers) == 2
    return state


def test_two_player_auction_higher_bid_on_the_same_tile_wins_it() -> None:
    state = two_player_auction()
    first, second = state.auction.offers[0].tile, state.auction.offers[1].tile
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=2))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=0, coins=3))
    assert [r.tile for r in state.players[1].reserve] == [first]
    assert [r.tile for r in state.players[0].reserve] == [second]
    assert state.players[1].reserve[0].side is None  # the winner chooses the side


def test_two_player_auction_equal_bids_give_the_first_player_the_first_choice() -> None:
    """The whole tie is in ``test_auction_tie.py``."""
    state = two_player_auction()
    first, second = state.auction.offers[0].tile, state.auction.offers[1].tile
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=2))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=0, coins=2))
    assert set(ENGINE.pending(state)) == {0}
    state, _ = ENGINE.apply(state, 0, FirstChoice(tile=0))
    assert [r.tile for r in state.players[0].reserve] == [first]
    assert [r.tile for r in state.players[1].reserve] == [second]


def test_two_player_auction_bids_stay_secret_until_both_are_in() -> None:
    state = two_player_auction()
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=1, coins=3))
    assert ENGINE.view(state, 1).my_sealed is None and ENGINE.view(state, None).my_sealed is None
    assert ENGINE.view(state, 0).my_sealed == (1, 3)


# 18.18 ------------------------------------------------------------------------------------------


def test_upkeep_shortfall_two_personalities_one_wonder_costs_nine_culture() -> None:
    state = game(3)
    own(state, 0, "gandhi", 2, 0)
    own(state, 0, "bismarck", 4, 0)
    own(state, 0, "pyramids", 6, 0)
    g = state.players[0].goods
    g.food, g.resources, g.culture = 3, 0, 20
    great_upkeep(ENGINE.ctx, state)
    assert (g.food, g.resources, g.culture) == (0, 0, 11)


def test_route_worker_yields_are_shown_on_route_spaces() -> None:
    assert CONTENT.routes.general[2].yields == {Stat.COINS: 2}
    assert Route(kind="general", start=0, end=1).kind == "general"
