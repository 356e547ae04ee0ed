"""The round's phases: diplomacy, administration, movement, negotiations, and the round's end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from rules.core import RuleError
from rules.patchistory import conflict, flow, movement, politics
from rules.patchistory.actions import (
    Advance,
    Agree,
    Aid,
    AnswerAid,
    AskTurnOrder,
    BreakAlliance,
    Build,
    BuildRoute,
    Campaign,
    Choose,
    ChooseWar,
    Done,
    HonourWonders,
    Move,
    Orient,
    Pick,
    PlaceWorker,
    Reclaim,
    Rest,
    SealedBid,
    Threat,
    Trade,
)
from rules.patchistory.content import RouteSpace, Stat
from rules.patchistory.empire import grid_of
from rules.patchistory.engine import Patchistory
from rules.patchistory.state import Negotiation, Phase, Route, State, Worker
from tests.patchistory.helpers import CONTENT, ENGINE, at_phase, empire, game, own

CTX = ENGINE.ctx


def diplomacy(politics_points: int = 6) -> State:
    state = game(3)
    for seat in range(3):
        empire(state, seat, politics=politics_points)
        state.players[seat].goods.resources = 3
    politics.start(CTX, state)
    return state


def administration(politics_points: int = 6) -> State:
    state = diplomacy(politics_points)
    for seat in range(3):
        state, _ = ENGINE.apply(state, seat, Done())
    assert state.phase == Phase.ADMINISTRATION
    return state


# Diplomacy ---------------------------------------------------------------------------------------


def test_a_question_with_one_possible_answer_is_played_for_the_seat() -> None:
    """Nobody is asked to end Diplomacy with 0 PP: it is played for them, and each is told so."""
    state = diplomacy(0)
    events = ENGINE.play_forced(state)
    assert state.phase != Phase.DIPLOMACY
    told = [e for e in events if e.message.key == "patchistory.forced"]
    assert {next(iter(e.visible_to or ())) for e in told[:3]} == {0, 1, 2}
    assert all(len(e.visible_to or ()) == 1 for e in told)


def test_pp_are_read_at_the_start_of_the_phase() -> None:
    assert [p.pp for p in diplomacy(4).players] == [4, 4, 4]


def test_diplomacy_is_played_in_turn_order() -> None:
    state = diplomacy()
    assert set(ENGINE.pending(state)) == {0}
    state, _ = ENGINE.apply(state, 0, Done())
    assert set(ENGINE.pending(state)) == {1}


def test_accepted_aid_moves_the_goods_and_gives_five_culture() -> None:
    state = diplomacy()
    state, _ = ENGINE.apply(state, 0, Aid(target=1, food=1, coins=1, resources=1))
    assert set(ENGINE.pending(state)) == {1}
    giver, target = replace(state.players[0].goods), replace(state.players[1].goods)
    state, _ = ENGINE.apply(state, 1, AnswerAid(accept=True))
    assert state.players[0].goods.culture == giver.culture + 5
    assert state.players[0].goods.food == giver.food - 1
    assert state.players[1].goods.resources == target.resources + 1
    assert state.players[0].pp == 4


def test_refused_aid_keeps_the_goods_and_gives_two_culture() -> None:
    state = diplomacy()
    food = state.players[0].goods.food
    state, _ = ENGINE.apply(state, 0, Aid(target=1, food=3))
    state, _ = ENGINE.apply(state, 1, AnswerAid(accept=False))
    assert (state.players[0].goods.food, state.players[0].goods.culture) == (food, 22)


def test_a_player_who_accepted_aid_may_not_offer_aid_that_round() -> None:
    state = diplomacy()
    state, _ = ENGINE.apply(state, 0, Aid(target=1, food=1, coins=1, resources=1))
    state, _ = ENGINE.apply(state, 1, AnswerAid(accept=True))
    state, _ = ENGINE.apply(state, 0, Done())
    with pytest.raises(RuleError):
        ENGINE.apply(state, 1, Aid(target=2, food=1, coins=1, resources=1))


def test_aid_is_exactly_three_goods() -> None:
    with pytest.raises(RuleError):
        ENGINE.apply(diplomacy(), 0, Aid(target=1, food=2))


def test_allies_may_not_threaten_each_other() -> None:
    state = diplomacy()
    state.routes.append(Route(kind="alliance", start=0, end=1))
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Threat(target=1, demand="coins"))


def test_threat_needs_a_general_route_between_the_players() -> None:
    state = game(4)
    empire(state, 0, politics=6, military=9)
    politics.start(CTX, state)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Threat(target=2, demand="coins"))  # opposite seats are not connected


def test_break_alliance_takes_all_pp_and_gives_a_vote_per_pp() -> None:
    state = diplomacy(5)
    state.routes.append(Route(kind="alliance", start=0, end=1))
    state.alliance_left -= 1
    state, _ = ENGINE.apply(state, 0, BreakAlliance(route=3))
    p = state.players[0]
    assert (p.pp, p.goods.votes, len(state.routes), state.alliance_left) == (0, 5, 3, 4)


def test_break_alliance_must_be_the_first_diplomacy_action() -> None:
    state = diplomacy(8)
    state.routes.append(Route(kind="alliance", start=0, end=2))
    state, _ = ENGINE.apply(state, 0, Threat(target=1, demand="coins"))
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, BreakAlliance(route=3))


# Administration ----------------------------------------------------------------------------------


def test_administration_is_simultaneous() -> None:
    assert set(ENGINE.pending(administration())) == {0, 1, 2}


def test_trade_costs_food_by_era_and_puts_the_worker_on_the_start_space() -> None:
    state = administration()
    state.players[0].workers = [Worker(row=0, col=0)]
    state.players[0].goods.food = 5
    state, _ = ENGINE.apply(state, 0, Trade(worker=0, route=0))
    w = state.players[0].workers[0]
    assert (w.where, w.route, w.step, state.players[0].goods.food) == ("route", 0, 0, 3)


def test_genghis_khan_fixes_the_trade_cost_at_one_food() -> None:
    state = administration()
    own(state, 0, "genghis_khan")
    state.players[0].workers = [Worker(row=0, col=0)]
    state.players[0].goods.food = 5
    state, _ = ENGINE.apply(state, 0, Trade(worker=0, route=0))
    assert state.players[0].goods.food == 4


def test_a_general_route_holds_one_worker_at_a_time() -> None:
    state = administration()
    state.players[0].workers = [Worker(row=0, col=0), Worker(row=0, col=1)]
    state.players[0].goods.food = 9
    state, _ = ENGINE.apply(state, 0, Trade(worker=0, route=0))
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Trade(worker=1, route=0))


def test_campaign_turns_pp_into_votes_once_per_round() -> None:
    state = administration()
    state, _ = ENGINE.apply(state, 0, Campaign(pp=2))
    assert state.players[0].goods.votes == 2
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Campaign(pp=1))


def test_build_trade_route_once_per_round_from_the_supply() -> None:
    state = administration()
    state, _ = ENGINE.apply(state, 0, BuildRoute(target=1))
    assert state.routes[-1] == Route(kind="general", start=0, end=1)
    assert state.general_left == 14 - 4
    state.players[0].goods.resources = 5
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, BuildRoute(target=2))


def test_reclaim_turns_even_a_sea_into_a_wasteland() -> None:
    state = administration()
    state.players[0].layers += (("t-sea", "white", -2, 0),)
    state, _ = ENGINE.apply(state, 0, Reclaim(building=0, row=-2, col=0))
    sq = grid_of(state.players[0], CONTENT).squares[(-2, 0)]
    assert sq.wasteland and not sq.sea
    assert len(state.players[0].buildings) == 4


def test_build_building_puts_the_building_on_a_one_by_one_space() -> None:
    state = administration()
    state.players[0].buildings = ["economy-1", "economy-4", "culture-1", "culture-4"]
    state, _ = ENGINE.apply(state, 0, Build(building=0, row=1, col=1))
    assert grid_of(state.players[0], CONTENT).squares[(1, 1)].building == "economy-1"
    assert state.players[0].goods.resources == 1


def test_build_building_never_on_a_sea() -> None:
    state = administration()
    state.players[0].layers += (("t-sea", "white", -2, 0),)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Build(building=0, row=-2, col=0))


def test_honour_wonders_gives_one_culture_per_wonder() -> None:
    state = administration()
    own(state, 0, "pyramids", 2, 0)
    own(state, 0, "petra", 4, 0)
    state, _ = ENGINE.apply(state, 0, HonourWonders())
    assert state.players[0].goods.culture == 22


def test_unspent_pp_are_lost_at_the_end_of_administration() -> None:
    state = administration()
    state, _ = ENGINE.apply(state, 0, Done())
    assert state.players[0].pp == 0


# Movement ----------------------------------------------------------------------------------------


def moving(transport: int) -> State:
    state = at_phase(game(3), Phase.ADMINISTRATION)
    empire(state, 0, transport=transport)
    movement.start(CTX, state)
    return state


def test_a_worker_moves_at_most_t_spaces_orthogonally() -> None:
    state = moving(1)
    state.players[0].workers = [Worker(row=0, col=0)]
    assert movement.destinations(CTX, state.players[0], 0) == [(0, 1), (1, 0)]
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Move(worker=0, row=1, col=1))


def test_a_route_worker_must_move_at_least_one_space() -> None:
    state = moving(2)
    state.players[0].workers = [Worker(where="route", route=0, step=0)]
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Done())
    state, _ = ENGINE.apply(state, 0, Advance(worker=0, steps=2))
    assert state.players[0].workers[0].step == 2


def test_a_route_worker_stops_on_the_negotiation_space() -> None:
    state = moving(5)
    state.players[0].workers = [Worker(where="route", route=0, step=1)]
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Advance(worker=0, steps=3))


def test_a_resting_worker_returns_home_at_the_end_of_the_next_movement() -> None:
    state = moving(2)
    state.players[0].workers = [Worker(where="route", route=0, step=1)]
    state, _ = ENGINE.apply(state, 0, Rest(worker=0))  # End movement, its only answer, is played
    assert state.phase != Phase.MOVEMENT and state.players[0].workers[0].where == "rest"
    movement.start(CTX, state)
    movement.finish(state)
    assert (state.players[0].workers, state.players[0].homing) == ([], 1)


def test_transport_zero_sends_route_workers_to_rest() -> None:
    state = at_phase(game(3), Phase.ADMINISTRATION)
    empire(state, 0)
    state.players[0].workers = [Worker(where="route", route=0, step=1)]
    movement.start(CTX, state)
    assert state.players[0].workers[0].where == "rest"


def test_reaching_the_far_end_of_an_alliance_route_sends_the_worker_home() -> None:
    state = moving(2)
    state.routes.append(Route(kind="alliance", start=0, end=1))
    state.players[0].workers = [Worker(where="route", route=3, step=3)]
    state, _ = ENGINE.apply(state, 0, Advance(worker=0, steps=1))
    assert (state.players[0].workers, state.players[0].homing) == ([], 1)


def moves_worker(action: object, worker: int) -> bool:
    """Whether an option moves ``worker`` or opens its menu."""
    return getattr(action, "worker", None) == worker or action in (
        Pick(choice=f"w:{worker}"),
        Pick(choice=f"r:{worker}"),
    )


def test_every_move_of_every_worker_is_one_answer_when_they_fit_one_menu() -> None:
    """Worker and destination are chosen together: one decision per move."""
    state = moving(1)
    state.players[0].workers = [Worker(row=0, col=0), Worker(row=1, col=2)]
    options = [o.action for o in ENGINE.pending(state)[0].options]
    assert Move(worker=0, row=0, col=1) in options and Move(worker=1, row=0, col=2) in options


def test_workers_may_share_a_space_while_they_move() -> None:
    """p. 11: only during Movement may several workers stand on one space."""
    state = moving(1)
    state.players[0].workers = [Worker(row=0, col=0), Worker(row=0, col=1)]
    assert (0, 1) in movement.destinations(CTX, state.players[0], 0)
    state, _ = ENGINE.apply(state, 0, Move(worker=0, row=0, col=1))
    assert [(w.row, w.col) for w in state.players[0].workers] == [(0, 1), (0, 1)]


def test_movement_cannot_end_with_two_workers_on_one_space() -> None:
    """p. 11: at the end of Movement each space holds one worker."""
    state = moving(1)
    state.players[0].workers = [Worker(row=0, col=0), Worker(row=0, col=1)]
    state, _ = ENGINE.apply(state, 0, Move(worker=0, row=0, col=1))
    assert not any(isinstance(o.action, Done) for o in ENGINE.pending(state)[0].options)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Done())
    state, _ = ENGINE.apply(state, 0, Move(worker=1, row=0, col=2))
    assert state.phase != Phase.MOVEMENT  # its only answer left, End movement, was played for it


def test_two_workers_may_swap_places() -> None:
    """p. 11: a worker may move onto a space another worker is about to leave."""
    state = moving(1)
    state.players[0].workers = [Worker(row=0, col=0), Worker(row=0, col=1)]
    state, _ = ENGINE.apply(state, 0, Move(worker=0, row=0, col=1))
    state, _ = ENGINE.apply(state, 0, Move(worker=1, row=0, col=0))
    assert [(w.row, w.col) for w in state.players[0].workers] == [(0, 1), (0, 0)]


def test_a_move_onto_a_worker_that_cannot_leave_is_not_offered() -> None:
    """p. 11: a move is offered only if the workers can still end one per space."""
    state = moving(1)
    state.players[0].workers = [Worker(row=0, col=0), Worker(row=0, col=1)]
    state.players[0].moved = [1]
    assert (0, 1) not in movement.destinations(CTX, state.players[0], 0)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Move(worker=0, row=0, col=1))


def test_territory_workers_move_before_route_workers() -> None:
    """p. 11: move all territory workers before those on trade routes."""
    state = moving(2)
    state.routes.append(Route(kind="alliance", start=0, end=1))
    state.players[0].workers = [
        Worker(row=0, col=0),
        Worker(where="route", route=0, step=0),
        Worker(where="route", route=3, step=0),
    ]
    state, _ = ENGINE.apply(state, 0, Advance(worker=1, steps=1))
    assert not any(moves_worker(o.action, 0) for o in ENGINE.pending(state)[0].options)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Move(worker=0, row=0, col=1))


def test_route_workers_wait_until_each_territory_space_holds_one_worker() -> None:
    """p. 11: the territory moves end with one worker per space before route workers move."""
    state = moving(1)
    state.players[0].workers = [
        Worker(row=0, col=0),
        Worker(row=0, col=1),
        Worker(where="route", route=0, step=0),
    ]
    state, _ = ENGINE.apply(state, 0, Move(worker=0, row=0, col=1))
    assert not any(moves_worker(o.action, 2) for o in ENGINE.pending(state)[0].options)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Advance(worker=2, steps=1))


def test_a_worker_home_from_an_alliance_route_does_not_move_again() -> None:
    """p. 11: territory workers move first, so a worker arriving home from a route's end stays put."""
    state = moving(2)
    state.routes.append(Route(kind="alliance", start=0, end=1))
    state.players[0].workers = [
        Worker(where="route", route=3, step=3),
        Worker(where="route", route=0, step=0),
    ]
    state, _ = ENGINE.apply(state, 0, Advance(worker=0, steps=1))
    state, _ = ENGINE.apply(state, 0, PlaceWorker(row=0, col=0))
    home = next(i for i, w in enumerate(state.players[0].workers) if w.where == "land")
    options = [o.action for o in ENGINE.pending(state)[0].options]
    assert Advance(worker=1 - home, steps=1) in options
    assert not any(moves_worker(a, home) for a in options)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Move(worker=home, row=0, col=1))


# Negotiations ------------------------------------------------------------------------------------


def negotiating(era: int = 1) -> State:
    state = at_phase(game(3), Phase.NEGOTIATION)
    state.era = era
    state.players[0].workers = [Worker(where="route", route=0, step=CONTENT.routes.negotiation)]
    state.players[0].goods.resources = 3
    state.negotiation = Negotiation(route=0)
    return state


def test_negotiation_choices_are_secret_until_both_chose() -> None:
    state = negotiating()
    state, _ = ENGINE.apply(state, 0, Choose(colour="red"))
    assert ENGINE.view(state, 1).my_choice is None and ENGINE.view(state, 0).my_choice == "red"


@pytest.mark.parametrize(("era", "cost"), [(1, 0), (2, 1), (3, 2)])
def test_a_red_choice_declares_war_and_the_attacker_pays_preparation(era: int, cost: int) -> None:
    state = negotiating(era)
    state, _ = ENGINE.apply(state, 0, Choose(colour="red"))
    state, _ = ENGINE.apply(state, 1, Choose(colour="blue"))
    assert state.routes[0].war_attackers == [0]
    assert state.players[0].goods.resources == 3 - cost
    assert state.players[0].workers[0].step == CONTENT.routes.negotiation


def test_both_blue_and_both_agreeing_form_an_alliance() -> None:
    state = negotiating()
    for seat in (0, 1):
        state, _ = ENGINE.apply(state, seat, Choose(colour="blue"))
    for seat in (0, 1):
        state, _ = ENGINE.apply(state, seat, Agree(ally=True))
    assert state.routes[-1] == Route(kind="alliance", start=0, end=1)
    assert (state.alliance_left, state.players[0].homing) == (3, 1)


ONE_WAY_ROUTE = CONTENT.model_copy(
    update={
        "routes": CONTENT.routes.model_copy(
            update={
                "alliance": (
                    RouteSpace(name="start"),
                    RouteSpace(name="a1", yields={Stat.CULTURE: 3}),
                    RouteSpace(name="a2"),
                    RouteSpace(name="a3", yields={Stat.COINS: 1}),
                    RouteSpace(name="end"),
                )
            }
        )
    }
)
"""An alliance route that reads differently from its two ends."""


def allies_agree(engine: Patchistory) -> State:
    state = negotiating()
    for seat in (0, 1):
        state, _ = engine.apply(state, seat, Choose(colour="blue"))
    for seat in (0, 1):
        state, _ = engine.apply(state, seat, Agree(ally=True))
    return state


def test_the_negotiating_worker_s_owner_chooses_the_alliance_route_orientation() -> None:
    """p. 12: the player whose worker is on the negotiation space orients the alliance route."""
    engine = Patchistory(ONE_WAY_ROUTE)
    state = allies_agree(engine)
    prompts = engine.pending(state)
    assert set(prompts) == {0}
    assert {o.action for o in prompts[0].options} == {Orient(start=0), Orient(start=1)}
    with pytest.raises(RuleError):
        engine.apply(state, 1, Orient(start=1))
    state, _ = engine.apply(state, 0, Orient(start=1))
    assert state.routes[-1] == Route(kind="alliance", start=1, end=0)
    assert (state.alliance_left, state.players[0].homing) == (3, 1)


def produced_on_an_alliance_route(start: int) -> list[tuple[int, int]]:
    """(coins, culture) of seats 0 and 1 after Production, each with a worker one step from its own
    Start on an alliance route between them whose Start is on ``start``'s side."""
    state = at_phase(game(3), Phase.NEGOTIATION)
    state.routes.append(Route(kind="alliance", start=start, end=1 - start))
    for seat in (0, 1):
        state.players[seat].workers = [Worker(where="route", route=3, step=1)]
    flow.production(Patchistory(ONE_WAY_ROUTE).ctx, state)
    return [(p.goods.coins, p.goods.culture) for p in state.players[:2]]


def test_a_worker_gains_what_its_alliance_route_space_gives_counted_from_its_own_start() -> None:
    """p. 11, p. 13: steps count from the owner's Start, so the far ally reads the route backwards."""
    (coins0, culture0), (coins1, culture1) = produced_on_an_alliance_route(start=0)
    (coins0_b, culture0_b), (coins1_b, culture1_b) = produced_on_an_alliance_route(start=1)
    assert (culture0 - culture0_b, coins0_b - coins0) == (3, 1)  # a1 from its Start, else a3
    assert (culture1_b - culture1, coins1 - coins1_b) == (3, 1)


def test_an_alliance_route_that_reads_the_same_both_ways_is_placed_without_asking() -> None:
    """p. 12: with the shipped route both orientations are the same route, so none is asked."""
    state = allies_agree(ENGINE)
    assert state.negotiation is None and state.routes[-1] == Route(kind="alliance", start=0, end=1)


def test_both_blue_without_agreement_sends_the_worker_home_without_alliance() -> None:
    state = negotiating()
    for seat in (0, 1):
        state, _ = ENGINE.apply(state, seat, Choose(colour="blue"))
    state, _ = ENGINE.apply(state, 0, Agree(ally=True))
    state, _ = ENGINE.apply(state, 1, Agree(ally=False))
    assert all(r.kind == "general" for r in state.routes)
    assert state.players[0].homing == 1


def test_a_declared_war_advances_to_the_war_space_next_movement_even_at_transport_zero() -> None:
    state = negotiating()
    state.routes[0] = replace(state.routes[0], war_attackers=[0])
    empire(state, 0)
    movement.start(CTX, state)
    assert state.players[0].workers[0].step == CONTENT.routes.war


def test_a_war_between_players_who_became_allies_lapses() -> None:
    state = negotiating()
    state.negotiation = None
    state.players[0].workers[0] = replace(state.players[0].workers[0], step=CONTENT.routes.war)
    state.routes[0] = replace(state.routes[0], war_attackers=[0])
    state.routes.append(Route(kind="alliance", start=0, end=1))
    conflict.start(CTX, state)
    conflict.advance(CTX, state)
    assert state.war is None and state.players[0].homing == 1


# The round's end ---------------------------------------------------------------------------------


def test_the_first_player_marker_passes_left_at_the_end_of_a_round() -> None:
    state = game(3)
    flow.end_of_round(CTX, state)
    assert (state.first, state.round) == (1, 2)


def test_equality_players_place_one_first_worker_and_liberty_players_two() -> None:
    for side, count in (("equality", 1), ("liberty", 2)):
        state = game(2, capital_side=side)
        state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=1))
        state, _ = ENGINE.apply(state, 1, SealedBid(tile=1, coins=1))
        for seat in (0, 1):
            state, _ = ENGINE.apply(state, seat, Done())
        assert [p.homing for p in state.players] == [count, count]


def test_administration_may_be_played_in_turn_order_on_request() -> None:
    state = game(3, administration_in_turn_order=True)
    for seat in range(3):
        empire(state, seat, politics=3)
    politics.start(CTX, state)
    for seat in range(3):
        state, _ = ENGINE.apply(state, seat, Done())
    assert set(ENGINE.pending(state)) == {0}
    state, _ = ENGINE.apply(state, 0, Done())
    assert set(ENGINE.pending(state)) == {1}


def test_movement_may_be_played_in_turn_order_on_request() -> None:
    state = at_phase(game(3, movement_in_turn_order=True), Phase.ADMINISTRATION)
    movement.start(CTX, state)
    assert set(ENGINE.pending(state)) == {0}


def test_any_player_may_ask_during_play_for_administration_in_turn_order() -> None:
    """p. 9: Administration is played at once unless a player asks for turn order."""
    state = administration(3)
    assert set(ENGINE.pending(state)) == {0, 1, 2}
    assert AskTurnOrder() in [o.action for o in ENGINE.pending(state)[2].options]
    state, events = ENGINE.apply(state, 2, AskTurnOrder())
    assert set(ENGINE.pending(state)) == {0}
    assert events[0].message.key == "patchistory.turn_order.asked"
    state, _ = ENGINE.apply(state, 0, Done())
    assert set(ENGINE.pending(state)) == {1}


def test_any_player_may_ask_during_play_for_movement_in_turn_order() -> None:
    """p. 11: Movement is played at once unless a player asks for turn order."""
    state = moving(1)
    for seat in range(3):
        state.players[seat].workers = [Worker(row=0, col=0)]
    assert set(ENGINE.pending(state)) == {0, 1, 2}
    state, _ = ENGINE.apply(state, 1, AskTurnOrder())
    assert set(ENGINE.pending(state)) == {0}


def test_turn_order_once_asked_is_not_offered_again() -> None:
    """p. 9: one request is enough; the next Administration is played at once again."""
    state = administration(3)
    state, _ = ENGINE.apply(state, 2, AskTurnOrder())
    assert AskTurnOrder() not in [o.action for o in ENGINE.pending(state)[0].options]
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, AskTurnOrder())
    movement.start(CTX, state)
    assert not state.in_turn_order


def test_two_players_patch_in_turn_order() -> None:
    state = game(2)
    state, _ = ENGINE.apply(state, 0, SealedBid(tile=0, coins=1))
    state, _ = ENGINE.apply(state, 1, SealedBid(tile=1, coins=1))
    assert state.phase == Phase.PATCH and set(ENGINE.pending(state)) == {0}
    state, _ = ENGINE.apply(state, 0, Done())
    assert set(ENGINE.pending(state)) == {1}


def test_drawing_a_replacement_building_tile_is_marked_as_revealing() -> None:
    state = administration()
    state.players[0].buildings = ["economy-1", "economy-4", "culture-1", "culture-4"]
    _, events = ENGINE.apply(state, 0, Build(building=0, row=1, col=1))
    assert any(e.reveals for e in events)


def test_with_the_strict_aid_option_a_refused_offer_also_blocks_the_target() -> None:
    state = game(3, aid_block_on_accept_only=False)
    for seat in range(3):
        empire(state, seat, politics=6)
        state.players[seat].goods.resources = 3
    politics.start(CTX, state)
    state, _ = ENGINE.apply(state, 0, Aid(target=1, food=3))
    state, _ = ENGINE.apply(state, 1, AnswerAid(accept=False))
    state, _ = ENGINE.apply(state, 0, Done())
    with pytest.raises(RuleError):
        ENGINE.apply(state, 1, Aid(target=2, food=1, coins=1, resources=1))


def test_unspent_pp_carry_over_when_the_table_says_so() -> None:
    state = game(3, unspent_pp_lost=False)
    empire(state, 0, politics=2)
    state.players[0].pp = 3
    politics.start(CTX, state)
    assert state.players[0].pp == 5


def test_a_player_in_two_wars_chooses_which_is_fought_first() -> None:
    state = at_phase(game(3), Phase.NEGOTIATION)
    war_step = CONTENT.routes.war
    state.players[0].workers = [Worker(where="route", route=0, step=war_step)]
    state.players[2].workers = [Worker(where="route", route=2, step=war_step)]
    state.routes[0] = replace(state.routes[0], war_attackers=[0])  # 0 → 1
    state.routes[2] = replace(state.routes[2], war_attackers=[2])  # 2 → 0
    for p in state.players:
        p.goods.resources = 2  # so that what to spend in each war is a real choice
    conflict.start(CTX, state)
    conflict.advance(CTX, state)
    assert state.war_chooser == 0 and set(ENGINE.pending(state)) == {0}
    state, _ = ENGINE.apply(state, 0, ChooseWar(route=2))
    assert state.war is not None and state.war.route == 2
