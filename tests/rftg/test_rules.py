"""Round structure, hidden information and timing rules (spec §4, §5, §10, §11)."""

from __future__ import annotations

from rules.rftg import flow, manage, ship
from rules.rftg.actions import Confirm, Dictate, PickDie, RecallAll, Select, ShipGood, SplitStart, ToColumn

from .helpers import ENGINE, C, bare, enter, give, options, play, rolled, stack


def test_setup_offers_only_splits_with_one_tile_in_each_stack() -> None:
    state = ENGINE.new_game(2, {}, 9)
    assert options(state, 0) == [SplitStart(development=0), SplitStart(development=1)]
    tiles = list(state.players[0].start_tiles)
    state = play(state, 0, SplitStart(development=1))
    p = state.players[0]
    assert (p.dev_stack, p.world_stack) == ([tiles[1]], [tiles[0]])


def test_reveal_returns_unselected_columns_and_dictate_dice_to_the_cup() -> None:
    state = bare(3)
    stack(state, 0, "Conscription")  # two developers of two colours: the owner orders them
    rolled(state, 0, [("white", "explore"), ("red", "develop"), ("blue", "ship"), ("white", "produce")])
    state = play(state, 0, Select(phase="develop"), PickDie(colour="red", column="develop"), Dictate(),
                 PickDie(colour="white", column="produce"), PickDie(colour="blue", column="ship"),
                 ToColumn(phase="develop"), Confirm())
    p = state.players[0]
    assert (state.selected, state.phase) == (["develop"], "develop")
    assert sorted(p.columns["develop"]) == ["blue", "red"]
    assert p.cup == ["white", "white"]  # the unselected Explore worker and the Dictate die


def test_a_player_with_an_empty_cup_is_confirmed_at_once() -> None:
    state = bare(3)
    rolled(state, 1, [])
    assert state.players[1].assign is not None
    state.players[1].assign.confirmed = True
    rolled(state, 0, [("white", "ship")])
    assert set(ENGINE.pending(state)) == {0}


def test_rolled_faces_and_assignment_are_seen_only_by_their_owner() -> None:
    state = bare(3)
    rolled(state, 0, [("white", "explore"), ("red", "develop")])
    mine, theirs, spectator = ENGINE.view(state, 0), ENGINE.view(state, 1), ENGINE.view(state, None)
    assert mine.players[0].assign is not None and len(mine.players[0].assign.dice) == 2
    assert theirs.players[0].assign is None and spectator.players[0].assign is None
    assert theirs.players[0].rolled == 2


def test_tiles_below_the_top_of_a_stack_are_private_but_sizes_and_tops_are_public() -> None:
    state = bare()
    stack(state, 0, "Public Works", "Export Duties", "Space Port")
    mine, theirs = ENGINE.view(state, 0).players[0], ENGINE.view(state, 1).players[0]
    assert mine.dev_stack == ["Public Works", "Export Duties"]
    assert theirs.dev_stack is None and (theirs.dev_top, theirs.dev_size) == ("Public Works", 2)
    assert (theirs.world_top, theirs.world_size) == ("Space Port", 1)


def test_explore_is_prompted_in_timing_order_when_the_bag_could_run_out() -> None:
    state = bare(3)
    state.timing = [2, 0, 1]
    state.bag = state.bag[:3]
    state.selected = ["explore"]
    state.stage = "phase"
    for p in state.players:
        p.assign = None
        p.columns = {"explore": ["white", "white"]}
    flow.next_phase(C, state, None)
    assert state.sequential and set(ENGINE.pending(state)) == {2}


def test_explore_is_simultaneous_when_the_bag_cannot_run_out() -> None:
    state = bare(3)
    state.selected = ["explore"]
    state.stage = "phase"
    for p in state.players:
        p.assign = None
        p.columns = {"explore": ["white"]}
    flow.next_phase(C, state, None)
    assert not state.sequential and set(ENGINE.pending(state)) == {0, 1, 2}


def test_ship_is_prompted_in_timing_order_when_the_vp_pool_could_run_out() -> None:
    state = bare(2)
    state.vp_pool = 3
    give(state, 0, "Space Port", goods={"Space Port": ["blue"]})
    give(state, 1, "Gem World", goods={"Gem World": ["blue"]})
    state.selected = ["ship"]
    state.stage = "phase"
    for p in state.players:
        p.assign = None
        p.columns = {"ship": ["white"]}
    flow.next_phase(C, state, None)
    assert state.sequential and set(ENGINE.pending(state)) == {state.timing[0]}


def test_leftover_shippers_return_to_the_cup_when_no_goods_remain() -> None:
    state = bare()
    give(state, 0, "Space Port", goods={"Space Port": ["blue"]})
    enter(state, "ship", {0: ["white", "white"]})
    ship.advance(C, state, 0)
    ship.act(C, state, 0, ShipGood(world=0, colour="blue", consume=False))
    ship.advance(C, state, 0)
    p = state.players[0]
    assert p.cup == ["white"] and sorted(p.citizenry) == ["blue", "white"] and p.work.done


def test_recall_moves_stack_dice_and_goods_to_the_cup_for_free() -> None:
    state = bare()
    give(state, 0, "Space Port", goods={"Space Port": ["blue"]})
    p = state.players[0]
    p.dev_dice, p.world_dice, p.credits = ["red"], ["green"], 3
    state.stage = "manage"
    manage.advance(C, state, 0)
    manage.act(C, state, 0, RecallAll())
    assert sorted(p.cup) == ["blue", "green", "red"] and p.credits == 3
    assert not p.dev_dice and not p.tableau[0].goods


def test_goods_from_setup_stay_until_manage_empire() -> None:
    for seed in range(20):
        state = ENGINE.new_game(2, {}, seed)
        for p in state.players:
            if any(b.goods for b in p.tableau):
                assert not any(isinstance(o.action, RecallAll) for o in ENGINE.pending(state)[0].options)
                return
    raise AssertionError("no seed gave a starting good")


def test_with_more_goods_than_fit_a_prompt_the_shipper_picks_the_world_first() -> None:
    from rules.rftg.actions import ChooseWorld

    state = bare()
    worlds = ["Space Port", "Gem World", "Spice World", "New Vinland", "Asteroid Belt", "Plague World",
              "Mining World"]
    give(state, 0, "Galactic Reserves", *worlds, goods={w: ["white", "red"] for w in worlds})
    enter(state, "ship", {0: ["white"]})
    ship.advance(C, state, 0)
    prompt = ship.prompt(C, state, 0)
    assert prompt is not None and len(prompt.options) == 7
    assert all(isinstance(o.action, ChooseWorld) for o in prompt.options)
    ship.act(C, state, 0, ChooseWorld(world=5))
    prompt = ship.prompt(C, state, 0)
    assert prompt is not None and len(prompt.options) == 4
    ship.act(C, state, 0, ShipGood(world=5, colour="red", consume=False))
    assert state.players[0].credits == 1 + 4


def test_with_more_dice_to_recall_than_fit_a_prompt_the_place_is_picked_first() -> None:
    from rules.rftg.actions import Recall, RecallFrom

    state = bare()
    worlds = ["Space Port", "Gem World", "Spice World", "New Vinland", "Asteroid Belt", "Plague World",
              "Mining World", "Galactic Resort", "Pirate World", "Artist Colony", "Secluded World",
              "Comet Zone"]
    give(state, 0, "Galactic Reserves", *worlds, goods={w: ["white", "red"] for w in worlds})
    state.stage = "manage"
    manage.advance(C, state, 0)
    prompt = manage.prompt(C, state, 0)
    assert prompt is not None and len(prompt.options) == 14
    assert isinstance(prompt.options[2].action, RecallFrom)
    manage.act(C, state, 0, RecallFrom(place="good", index=4))
    prompt = manage.prompt(C, state, 0)
    assert prompt is not None
    assert [o.action for o in prompt.options][2:] == [Recall(place="good", index=4, colour="white"),
                                                      Recall(place="good", index=4, colour="red")]
    manage.act(C, state, 0, Recall(place="good", index=4, colour="red"))
    assert state.players[0].cup == ["red"] and state.players[0].tableau[4].goods == ["white"]


def test_a_table_where_nobody_owns_a_die_ends_instead_of_playing_empty_rounds() -> None:
    """Rulebook p. 3 and p. 8: rounds go on until an end condition; with no die left anywhere no
    round can change anything, so the game ends with a message saying why."""
    state = bare(3)
    events = flow.start_round(C, state)
    assert state.stage == "over"
    assert "rftg.event.no_dice_left" in [e.message.key for e in events]
    assert ENGINE.pending(state) == {}
    assert ENGINE.result(state) is not None


def test_a_table_where_only_goods_remain_waits_for_a_recall() -> None:
    """Rulebook p. 8: goods may be recalled to the cup in Manage Empire, so the game goes on."""
    state = bare(2)
    give(state, 0, "Space Piracy", goods={"Space Piracy": ["red"]})
    flow.start_round(C, state)
    assert state.stage == "manage"
    assert list(ENGINE.pending(state)) == [0]
