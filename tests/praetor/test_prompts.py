"""Prompts walk a turn in steps of at most 25 options, a build in one Build panel of menus."""

from __future__ import annotations

import pytest

from rules.core import MAX_OPTIONS, Message, Parts, Rng, RuleError, random_choice
from rules.core.contract import PROMPT
from rules.core.messages import MESSAGE
from rules.praetor import ENGINE, Praetor
from rules.praetor.actions import Activate, Back, Build, Done, Pass, Pick, Trade
from rules.praetor.describe import gain, gains
from rules.praetor.grid import open_cells
from rules.praetor.legal import (
    Moves,
    activatable,
    buildable,
    known_activation,
    nothing_to_do,
    specials,
)
from rules.praetor.prompts import CELLS_PER_PAGE
from rules.praetor.state import Draft, Placed, State
from rules.praetor.turns import (
    DEMANDING,
    add_costs,
    build_favour,
    build_spots,
    can,
    check_activate,
    check_tile_use,
    demand_met,
    spot_around,
    spot_favour,
)
from tests.copies import shared_mutables
from tests.praetor.helpers import (
    BLACKSMITH,
    BLUE,
    CAMP,
    ENCAMPMENT,
    MARKET,
    MINES,
    SAWMILL,
    YELLOW,
    give_turn,
    set_city,
    set_workers,
    table,
)

ENCAMPMENT_II = "C42"
"""The Workers' Encampment of era II (4 players and more)."""


def _yellow_to_play() -> State:
    state = table(ENGINE, 3, seed=4)
    give_turn(state, YELLOW)
    return state


def _actions(state: State, seat: int = YELLOW) -> list[object]:
    return [o.action for o in ENGINE.pending(state)[seat].options]


def test_the_first_step_offers_activations_and_pass_with_the_build_panel_beside_them() -> None:
    state = _yellow_to_play()
    prompt = ENGINE.pending(state)[YELLOW]
    assert Pass() in _actions(state)
    assert not any(isinstance(a, Pick) and a.build for a in _actions(state))
    assert prompt.parts is not None and isinstance(prompt.parts.template, Build)


def test_each_tile_with_each_worker_is_one_option_when_the_menu_has_room() -> None:
    """Rulebook p. 5: an action places one worker on one tile; the three gold mines with each of
    the three workers fit one menu, so tile and worker are chosen in one answer."""
    state = _yellow_to_play()
    actions = _actions(state)
    assert {Activate(tile=m, exp=e) for m in MINES[:3] for e in (1, 2, 3)} <= set(actions)
    assert Pick(type="gold_mine") not in actions and len(actions) <= 25


def test_a_tile_type_whose_tiles_and_workers_do_not_fit_the_menu_stays_a_step() -> None:
    state = _yellow_to_play()
    set_workers(state, YELLOW, 1, 2, 3, 4, 5)
    actions = _actions(state)
    assert Pick(type="gold_mine") in actions
    assert Activate(tile=CAMP, exp=4) in actions and len(actions) <= 25
    state, _ = ENGINE.apply(state, YELLOW, Pick(type="gold_mine"))
    assert Pick(tile=MINES[0]) in _actions(state)


def _panel(state: State) -> Parts:
    parts = ENGINE.pending(state)[YELLOW].parts
    assert parts is not None
    return parts


def _menu(parts: Parts, key: str) -> list[dict[str, object]]:
    return [c.values for m in parts.menus if m.label.key == key for c in m.choices]


def test_a_build_is_one_answer_the_build_panel_asks_tile_worker_and_cell_together() -> None:
    """Rulebook p. 7: a build is a tile, a worker and a cell sharing an edge with the city; the
    panel's three menus are answered with one button."""
    state = _yellow_to_play()
    parts = _panel(state)
    cells = open_cells((t.x, t.y) for t in state.city)
    assert _menu(parts, "praetor.part.tile") == [{"tile": u} for u in state.available]
    assert _menu(parts, "praetor.part.worker") == [{"exp": e} for e in (1, 2, 3)]
    assert sorted((c["x"], c["y"]) for c in _menu(parts, "praetor.part.cell")) == sorted(cells)
    move = parts.action([1, 1, 2])
    assert isinstance(move, Build) and move.exp == 2 and move.tile == state.available[1]
    after, _ = ENGINE.apply(state, YELLOW, move)
    assert any(t.uid == move.tile and (t.x, t.y) == (move.x, move.y) for t in after.city)


def test_every_combination_of_the_build_panel_is_a_legal_build() -> None:
    state = _yellow_to_play()
    parts = _panel(state)
    for picks in parts.every():
        ENGINE.apply(state, YELLOW, parts.action(picks))


def test_the_build_panel_starts_at_the_cell_that_gives_most_favour() -> None:
    state = _yellow_to_play()
    parts = _panel(state)
    cell = next(m for m in parts.menus if m.label.key == "praetor.part.cell")
    assert cell.default == 0
    best = max(sum(build_favour(ENGINE.content, state, u, c["x"], c["y"])) for u in state.available
               for c in (ch.values for ch in cell.choices))
    first = cell.choices[0].values
    assert max(sum(build_favour(ENGINE.content, state, u, first["x"], first["y"]))
               for u in state.available) == best


def test_each_cell_of_the_panel_says_the_favour_each_tile_would_give_there() -> None:
    state = _yellow_to_play()
    parts = _panel(state)
    cell = next(m for m in parts.menus if m.label.key == "praetor.part.cell")
    for choice in cell.choices[:4]:
        assert choice.description is not None
        favours = choice.description.params["favours"]
        assert isinstance(favours, list)
        for uid, said in zip(state.available, favours, strict=True):
            move = parts.template.model_copy(update={"tile": uid, **choice.values})
            after, _ = ENGINE.apply(state, YELLOW, move)
            gained = after.players[YELLOW].favour - state.players[YELLOW].favour
            assert isinstance(said, Message) and said.params["favour"] == gained


def _tile_labels(parts: Parts) -> list[Message]:
    tiles = next(m for m in parts.menus if m.label.key == "praetor.part.tile")
    labels = [c.label.params["tile"] for c in tiles.choices]
    assert all(isinstance(label, Message) for label in labels)
    return labels  # type: ignore[return-value]


def _cell_description(parts: Parts) -> Message:
    cell = next(m for m in parts.menus if m.label.key == "praetor.part.cell")
    description = cell.choices[0].description
    assert description is not None
    return description


def test_with_more_than_two_tiles_a_cell_gives_each_tile_by_the_number_its_menu_shows() -> None:
    state = _yellow_to_play()
    assert len(state.available) > 2
    parts = _panel(state)
    description = _cell_description(parts)
    favours = description.params["favours"]
    assert description.key == "praetor.desc.cell_numbers" and isinstance(favours, list)
    said = [f.params["number"] for f in favours if isinstance(f, Message)]
    assert said == [label.params["number"] for label in _tile_labels(parts)]


def test_with_two_tiles_a_cell_names_each_tile_as_its_menu_does() -> None:
    state = _yellow_to_play()
    state.available = state.available[:2]
    parts = _panel(state)
    description = _cell_description(parts)
    favours = description.params["favours"]
    assert description.key == "praetor.desc.cell_tiles" and isinstance(favours, list)
    said = [f.params["tile"] for f in favours if isinstance(f, Message)]
    assert said == _tile_labels(parts)


def test_a_menu_with_one_choice_is_left_out_of_the_panel() -> None:
    state = _yellow_to_play()
    set_workers(state, YELLOW, 2)
    parts = _panel(state)
    assert [m.label.key for m in parts.menus] == ["praetor.part.tile", "praetor.part.cell"]
    assert parts.template.exp == 2


def test_with_one_tile_and_one_worker_over_25_cells_the_build_is_its_first_step() -> None:
    state = _yellow_to_play()
    state.city = [Placed(uid=t.uid, x=i * 2, y=0) for i, t in enumerate(ENGINE.content.city_tiles[:20])]
    set_workers(state, YELLOW, 2)
    state.available = state.available[:1]
    prompt = ENGINE.pending(state)[YELLOW]
    assert prompt.parts is None and Pick(build=state.available[0]) in _actions(state)


def test_with_more_open_cells_than_fit_the_panel_chooses_tile_and_worker_and_cells_follow() -> None:
    state = _yellow_to_play()
    state.city = [Placed(uid=t.uid, x=i * 2, y=0) for i, t in enumerate(ENGINE.content.city_tiles[:20])]
    parts = _panel(state)
    assert isinstance(parts.template, Pick)
    step = parts.action([0, 1])
    assert step == Pick(build=state.available[0], exp=2)
    state, _ = ENGINE.apply(state, YELLOW, step)
    cells = [a for a in _actions(state) if isinstance(a, Build)]
    assert len(cells) == CELLS_PER_PAGE and all(a.tile == step.build and a.exp == 2 for a in cells)


def test_the_build_steps_earlier_prompts_offered_still_go_tile_then_worker_then_cell() -> None:
    """Action logs recorded before the Build panel hold these steps; they still lead to the build."""
    state = _yellow_to_play()
    uid = state.available[0]
    state, _ = ENGINE.apply(state, YELLOW, Pick(build=uid))
    assert _actions(state) == [Pick(exp=1), Pick(exp=2), Pick(exp=3), Back()]
    state, _ = ENGINE.apply(state, YELLOW, Pick(exp=2))
    cells = [a for a in _actions(state) if isinstance(a, Build)]
    assert cells and all(a.tile == uid and a.exp == 2 for a in cells)


def test_each_cell_is_labelled_with_the_favour_it_would_give() -> None:
    state = _yellow_to_play()
    uid = state.available[0]
    state.draft = state.draft.model_copy(update={"build": uid, "exp": 1})
    prompt = ENGINE.pending(state)[YELLOW]
    for option in prompt.options:
        if isinstance(option.action, Build):
            after, _ = ENGINE.apply(state, YELLOW, option.action)
            gained = after.players[YELLOW].favour - state.players[YELLOW].favour
            assert gained == option.label.params["favour"]


def test_cells_come_in_pages_when_the_city_is_large() -> None:
    state = _yellow_to_play()
    state.city = [Placed(uid=t.uid, x=i * 2, y=0) for i, t in enumerate(ENGINE.content.city_tiles[:20])]
    state.draft = state.draft.model_copy(update={"build": state.available[0], "exp": 1})
    prompt = ENGINE.pending(state)[YELLOW]
    assert len(prompt.options) == MAX_OPTIONS
    assert sum(isinstance(o.action, Build) for o in prompt.options) == CELLS_PER_PAGE
    more = next(o.action for o in prompt.options if isinstance(o.action, Pick))
    state, _ = ENGINE.apply(state, YELLOW, more)
    assert state.draft.page == 1


def test_with_builds_in_the_panel_a_city_of_every_tile_type_fits_one_menu() -> None:
    """The 21 tile types fit one menu once builds are asked in the Build panel: no group step."""
    state = _yellow_to_play()
    state.options = state.options.model_copy(update={"marker_limit": False})
    uids = [t.uid for t in ENGINE.content.city_tiles]
    state.available = uids[35:41]
    state.city = [Placed(uid=u, x=i, y=0) for i, u in enumerate(uids[:35] + uids[41:])]
    state.players[YELLOW].stock.gold, state.players[YELLOW].stock.marble = 60, 9
    state.players[YELLOW].stock.weapons, state.players[YELLOW].retired = 9, 1
    prompt = ENGINE.pending(state)[YELLOW]
    assert not any(isinstance(a, Pick) and a.group for a in _actions(state))
    assert Pass() in _actions(state) and prompt.parts is not None
    kinds = {ENGINE.content.type_of(t.uid).id for t in state.city if not t.activated}
    reached = {ENGINE.content.type_of(a.tile).id for a in _actions(state) if isinstance(a, Activate)}
    reached |= {a.type for a in _actions(state) if isinstance(a, Pick) and a.type}
    assert reached and reached <= kinds


def test_a_group_step_of_earlier_prompts_still_leads_to_its_group() -> None:
    state = _yellow_to_play()
    state, _ = ENGINE.apply(state, YELLOW, Pick(group="activate"))
    options = ENGINE.pending(state)[YELLOW].options
    assert options[-1].action == Back()
    assert all(isinstance(o.action, Pick | Activate) and not getattr(o.action, "build", None)
               for o in options[:-1])


def test_activation_steps_go_type_then_tile_then_worker() -> None:
    state = _yellow_to_play()
    state, _ = ENGINE.apply(state, YELLOW, Pick(type="gold_mine"))
    tiles = [a for a in _actions(state) if isinstance(a, Pick)]
    mines = {t.uid for t in state.city if ENGINE.content.type_of(t.uid).id == "gold_mine"}
    assert {a.tile for a in tiles} == mines
    state, _ = ENGINE.apply(state, YELLOW, tiles[0])
    assert _actions(state)[:3] == [Activate(tile=tiles[0].tile or "", exp=e) for e in (1, 2, 3)]


def test_the_blacksmith_asks_for_a_bounded_amount() -> None:
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (BLACKSMITH, 1, 0, YELLOW))
    set_workers(state, YELLOW, 2)
    state.players[YELLOW].stock.wood = 5
    state, _ = ENGINE.apply(state, YELLOW, Pick(type="blacksmith"))
    prompt = ENGINE.pending(state)[YELLOW]
    assert prompt.number is not None and (prompt.number.low, prompt.number.high) == (0, 2)


def test_back_forgets_the_steps_chosen() -> None:
    state = _yellow_to_play()
    state, _ = ENGINE.apply(state, YELLOW, Pick(type="gold_mine"))
    state, _ = ENGINE.apply(state, YELLOW, Back())
    assert Pass() in _actions(state)


def test_a_step_not_offered_is_refused() -> None:
    state = _yellow_to_play()
    with pytest.raises(RuleError, match="not offered"):
        ENGINE.apply(state, YELLOW, Pick(type="statue"))


def test_market_trades_are_offered_one_unit_at_a_time() -> None:
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (MARKET, 1, 0, None), (MINES[0], 0, 1, YELLOW))
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile=MARKET, exp=1))
    actions = _actions(state)
    assert Trade(resource="wood", buy=True) in actions and Trade(resource="marble", buy=False) in actions
    assert actions[-1] == Done()
    assert len(set(MESSAGE.dump_json(o.label) for o in ENGINE.pending(state)[YELLOW].options)) == len(actions)


def test_update_prompts_are_simultaneous() -> None:
    state = table(ENGINE, 3)
    for seat in range(3):
        set_workers(state, seat)
    state.players[0].favour = state.players[1].favour = 9
    while state.phase == "actions":
        state, _ = ENGINE.apply(state, state.order[state.turn], Pass())
    prompts = ENGINE.pending(state)
    assert set(prompts) == {0, 1, 2}
    assert all(p.simultaneous for p in prompts.values())


def _selfplay_states(players: int, seed: int, options: dict[str, object] | None = None) -> list[State]:
    """Every state of a random selfplay game (with table ``options``)."""
    state = ENGINE.new_game(players, options or {}, seed)
    rng = Rng.from_seed(seed)
    states = [state]
    prompts = ENGINE.prompts(state)
    while prompts:
        seat = rng.choice(sorted(prompts))
        state, _ = ENGINE.apply(state, seat, random_choice(prompts[seat], rng))
        states.append(state)
        prompts = ENGINE.prompts(state)
    return states


def test_what_prompts_keep_between_moves_gives_the_prompts_of_each_state_in_any_order() -> None:
    """Parts of prompts are kept by what they depend on (the Build panel's menus, spelled-out
    activations, a tile type's option, a city's open cells): a second engine that meets the same
    states in the reverse order, each time with what other states left behind, asks the same
    prompts."""
    states = [s for players in (2, 3, 4, 5) for s in _selfplay_states(players, seed=players)]
    first = [{seat: PROMPT.dump_json(p) for seat, p in ENGINE.pending(s).items()} for s in states]
    other = Praetor()
    again = [{seat: PROMPT.dump_json(p) for seat, p in other.pending(s).items()} for s in reversed(states)]
    assert first == again[::-1]


def test_a_turn_prompt_reads_only_the_legal_lists_worked_out_for_its_own_state() -> None:
    """The nothing-to-do check at the end of a move works out the next seat's legal lists, and the
    engine keeps them with the state the move returns (``Praetor.last_lists``), whose prompt reads
    them, for that very state alone: over played states of 2–5 players, each turn prompt is the one
    a loaded copy of the state asks, when the engine holds the lists worked out for that state and
    when it holds those of another seat of it or of another state of the same seat."""
    content = ENGINE.content
    checked = 0
    for players in (2, 3, 4, 5):
        before: dict[int, State] = {}
        for state in _selfplay_states(players, seed=20 + players):
            if state.phase != "actions" or state.market is not None:
                continue
            seat = state.order[state.turn]
            loaded = ENGINE.load(ENGINE.dump(state))
            fresh = {s: PROMPT.dump_json(p) for s, p in ENGINE.pending(loaded).items()}
            kept = [Moves(content, state, seat), Moves(content, state, (seat + 1) % players)]
            if seat in before:
                kept.append(Moves(content, before[seat], seat))
                checked += 1
            for lists in kept:
                engine = Praetor(content)
                engine.last_lists = lists
                assert (engine.lists_for(state) is lists) == (lists.state is state)
                assert {s: PROMPT.dump_json(p) for s, p in engine.prompts(state).items()} == fresh
            before[seat] = state
    assert checked > 300


def test_a_move_keeps_the_legal_lists_of_the_seat_to_play_with_the_state_it_returns() -> None:
    """A move of the actions phase that gives the turn to a seat leaves the engine holding that
    seat's legal lists for the state it returns (what the nothing-to-do check worked out), the same
    lists as worked out afresh (unless the round ended: the new round's first seat is found by the
    update phase); a step leaves none for its state."""
    content = ENGINE.content
    kept = 0
    for players in (2, 3, 4, 5):
        engine = Praetor(content)
        state = engine.new_game(players, {}, 70 + players)
        rng = Rng.from_seed(70 + players)
        prompts = engine.prompts(state)
        while prompts:
            seat = rng.choice(sorted(prompts))
            action = random_choice(prompts[seat], rng)
            was_actions = state.phase == "actions" and state.market is None
            round_before = state.round
            state, _ = engine.apply(state, seat, action)
            lists = engine.lists_for(state)
            if lists is not None:
                turn = state.order[state.turn]
                fresh = Moves(content, state, turn)
                assert (lists.seat, state.phase, state.market) == (turn, "actions", None)
                assert (lists.activatable(), lists.buildable(), lists.specials()) == (
                    fresh.activatable(), fresh.buildable(), fresh.specials())
                kept += 1
            elif was_actions and state.phase == "actions" and state.market is None \
                    and state.round == round_before and not isinstance(action, Pick | Back):
                raise AssertionError((players, action))
            prompts = engine.prompts(state)
    assert kept > 300


def test_an_activation_taken_without_its_check_is_one_the_check_takes() -> None:
    """A move does not check again an activation that the legal lists worked out for its very
    state hold (:func:`known_activation`, §6.3, §6.4): over played states of 2–5 players, with the
    lists worked out for the seat to play, for the next seat and for an earlier state of the same
    seat, every activation it takes (each city tile, workers of experience 0 to 6, amounts 0 and 1,
    an active worker, each Encampment's retired one or one sent through a tile that is no
    Encampment, asked by each seat) is one that :func:`check_activate` takes for that seat; and
    with the lists of the seat to play it takes every activation with amount 0 that the check
    takes."""
    content = ENGINE.content
    taken = 0
    for players in (2, 3, 4, 5):
        before: dict[int, State] = {}
        for state in _selfplay_states(players, seed=50 + players)[::2]:
            if state.phase != "actions" or state.market is not None:
                continue
            turn = state.order[state.turn]
            vias = [None, "\0nowhere",
                    *(t.uid for t in state.city if content.type_of(t.uid).effect == "encampment")]
            actions = [Activate(tile=t.uid, exp=e, amount=a, via=v)
                       for t in state.city for v in vias for e in range(7) for a in (0, 1)]
            settles = [(state, turn), (state, (turn + 1) % players)]
            if turn in before:
                settles.append((before[turn], turn))
            for settled, whose in settles:
                lists = Moves(content, settled, whose)
                for seat in range(players):
                    for action in actions:
                        if known_activation(lists, state, seat, action):
                            assert can(check_activate, content, state, seat, action), (seat, action)
                            taken += 1
                        elif settled is state and whose == seat == turn and action.amount == 0:
                            assert not can(check_activate, content, state, seat, action), action
            before[turn] = state
    assert taken > 1000


def test_the_nothing_to_do_check_of_the_legal_lists_is_the_one_that_stops_at_the_first_move() -> None:
    """A seat with active workers left and no legal move passes (rulebook p. 6): the check made
    from the seat's whole lists (:meth:`Moves.nothing_to_do`) answers as :func:`nothing_to_do`
    does, for every seat of played states of 2–5 players given the turn."""
    content = ENGINE.content
    answers = set()
    for players in (2, 3, 4, 5):
        for state in _selfplay_states(players, seed=30 + players):
            if state.phase != "actions" or state.market is not None:
                continue
            for turn, seat in enumerate(state.order):
                if state.players[seat].passed or not state.players[seat].pool():
                    continue
                other = state.model_copy(deep=True)
                other.turn = turn
                other.draft = Draft()
                answer = nothing_to_do(content, other, seat)
                assert Moves(content, other, seat).nothing_to_do() == answer, (players, seat)
                answers.add(answer)
    assert answers == {True, False}


def test_what_an_activation_gives_is_worked_out_once_for_all_workers_where_exp_changes_nothing() -> None:
    """A spelled-out tile type says what each worker's activation gives (rulebook p. 8):
    :func:`gains` for several workers at once is :func:`gain` for each, over every city tile of
    played states of 2–5 players, seats and experiences 1 to 6."""
    content = ENGINE.content
    effects = set()
    for players in (2, 3, 4, 5):
        for state in _selfplay_states(players, seed=40 + players)[::5]:
            for seat in range(players):
                for tile in state.city:
                    exps = [1, 2, 3, 4, 5, 6]
                    assert gains(content, state, seat, tile.uid, exps) == [
                        gain(content, state, seat, tile.uid, e) for e in exps], tile.uid
                    effects.add(content.type_of(tile.uid).effect)
    assert {"gain_exp", "forge", "favour_per_tile"} <= effects


def test_the_legal_lists_of_a_prompt_are_those_of_each_worker_and_encampment_checked_alone() -> None:
    """A prompt checks a tile once for every way of sending a worker that costs the same (an
    active worker, an own or unowned Encampment's retired one): its lists are those of
    :func:`activatable` and :func:`buildable` for each worker and Encampment (§6.3, §6.4, §7)."""
    content = ENGINE.content
    encampments = [(players, s) for players in (2, 3, 4, 5) for s in _selfplay_states(players, seed=players)
                   if s.phase == "actions" and s.market is None
                   and any(content.type_of(t.uid).effect == "encampment" for t in s.city)]
    fees = 0
    for _, state in encampments:
        seat = state.order[state.turn]
        moves = Moves(content, state, seat)
        vias = [None, *(t.uid for t in state.city if content.type_of(t.uid).effect == "encampment")]
        for via in vias:
            assert moves.activatable(via) == activatable(content, state, seat, via)
            assert moves.buildable(via) == buildable(content, state, seat, via)
        assert moves.specials() == specials(content, state, seat)
        # Asked first for an Encampment, the lists are the same.
        first = Moves(content, state, seat)
        for via in reversed(vias):
            assert first.activatable(via) == activatable(content, state, seat, via)
        fees += any(t.owner not in (None, seat) and content.type_of(t.uid).effect == "encampment"
                    and state.players[seat].retired for t in state.city)
    assert fees > 0


def test_a_tile_whose_owner_asks_a_fee_the_seat_cannot_pay_is_left_out_beside_its_own_twin() -> None:
    """Two Sawmills (activation 1 gold to another's owner): with no gold, Yellow may use its own
    and no one's, not Blue's (§6.3)."""
    state = _yellow_to_play()
    set_city(state, (MINES[0], 0, 0, None), ("C09", 1, 0, BLUE), ("C10", 0, 1, YELLOW),
             (MINES[1], 1, 1, None))
    state.players[YELLOW].stock.gold = 0
    set_workers(state, YELLOW, 2)
    assert activatable(ENGINE.content, state, YELLOW) == [MINES[0], "C10", MINES[1]]


def test_an_activation_paid_for_with_no_demanding_effect_is_always_legal() -> None:
    """The legal lists take an activation the seat can pay for (the owner's fee, if another seat
    owns the tile, with what sending the worker costs: nothing for an active worker, an
    Encampment's fee to its owner for a retired one) as legal without checking it when its effect
    asks nothing else of the seat (not in :data:`DEMANDING`: a peasant, the wall tile's demand,
    wood to forge, §6.3): over played states of 2–5 players, every such activation passes
    :func:`check_tile_use`, fees and sending costs among them; one with a demanding effect passes
    it exactly when :func:`demand_met` says so (the legal lists ask that instead), and the Workers'
    Camp (a peasant) and the wall tile (its demand) are refused in some of them."""
    content = ENGINE.content
    refused: set[str] = set()
    checked = paid = demanding = 0
    for players in (2, 3, 4, 5):
        for state in _selfplay_states(players, seed=10 + players):
            for seat, player in enumerate(state.players):
                sendings: list[dict[str, int]] = [{}, *(
                    dict(content.type_of(t.uid).activation_cost) for t in state.city
                    if content.type_of(t.uid).effect == "encampment" and t.owner not in (None, seat))]
                for tile in state.city:
                    kind = content.type_of(tile.uid)
                    if kind.activation not in ("red", "green"):
                        continue
                    for sending in sendings:
                        owed = dict(sending)
                        if tile.owner not in (None, seat):
                            owed = add_costs(sending, kind.activation_cost)
                        if not player.stock.covers(owed):
                            continue
                        for exp in sorted({w.exp for w in player.workers}):
                            legal = can(check_tile_use, content, state, seat, tile, exp, 0, sending)
                            if kind.effect in DEMANDING:
                                refused |= set() if legal else {kind.effect}
                                met = demand_met(content, state, player, kind, exp, owed)
                                assert met == legal, (kind.effect, tile.uid, seat, sending)
                                demanding += 1
                            else:
                                checked += 1
                                paid += any(owed.values())
                                assert legal, (kind.effect, tile.uid, seat, sending)
    assert checked > 1000 and paid > 100 and demanding > 100
    assert refused == {"recruit", "wall"}


def test_a_state_copy_shares_only_what_cannot_change() -> None:
    """Every move changes a copy of the state (``State.__deepcopy__``, written out for speed):
    over played states of 2–5 players, the copy shares no list, dict or model that is not frozen
    with the state it was made from."""
    for players in (2, 3, 4, 5):
        for state in _selfplay_states(players, seed=20 + players)[::5]:
            copy = state.model_copy(deep=True)
            assert copy == state
            assert shared_mutables(state, copy, "state") == []


def test_each_encampment_of_the_city_is_offered_as_its_own_step() -> None:
    """With two Workers' Encampments the seat can use (a retired worker, a tile to activate
    through each, §6.4), the turn offers a step through each, kept by the Encampment."""
    state = table(ENGINE, 4, seed=2)
    set_city(state, (CAMP, 0, 0, None), (SAWMILL, 1, 1, None), (ENCAMPMENT, 1, 0, None),
             (ENCAMPMENT_II, 0, 1, None))
    give_turn(state, YELLOW)
    state.players[YELLOW].retired = 1
    vias = {getattr(action, "via", None) for action in _actions(state)} - {None}
    assert vias == {ENCAMPMENT, ENCAMPMENT_II}



@pytest.mark.parametrize("diagonal", [True, False])
def test_a_tiles_favour_at_a_cell_is_the_one_the_cells_spot_gives_in_any_city(diagonal: bool) -> None:
    """What a cell's favour reads of the city is its spot (the tiles around it): over the open
    cells of played cities, each tile's favour there is the one its spot gives, so a favour kept
    by the tile and the spot holds in every city (§7.1)."""
    content = ENGINE.content
    seen = 0
    for players in (2, 3, 4, 5):
        for state in _selfplay_states(players, seed=players, options={"diagonal_matches": diagonal})[::7]:
            cells = open_cells((t.x, t.y) for t in state.city)
            for (x, y), spot in zip(cells, build_spots(state, cells), strict=True):
                around = spot_around(content, spot)
                for uid in state.available:
                    assert spot_favour(content, uid, around) == build_favour(content, state, uid, x, y)
                    seen += 1
    assert seen > 1000


@pytest.mark.parametrize("diagonal", [True, False])
def test_each_cell_menu_of_played_games_gives_each_tiles_favour_most_first(diagonal: bool) -> None:
    """Every Build panel's cell menu of played 2-5 player games (made with what the menus of
    earlier cities and other tiles left kept): each cell says the favour each tile to build gives
    there, and the cells come most favour first, then north to south and west to east."""
    content = ENGINE.content
    menus = 0
    for players in (2, 3, 4, 5):
        for state in _selfplay_states(players, seed=10 + players, options={"diagonal_matches": diagonal}):
            panels = [p.parts for p in ENGINE.prompts(state).values() if p.parts is not None]
            if not panels or not isinstance(panels[0].template, Build):
                continue
            parts = panels[0]
            cell = next(m for m in parts.menus if m.label.key == "praetor.part.cell")
            tile_menu = [m for m in parts.menus if m.label.key == "praetor.part.tile"]
            tiles = [c.values["tile"] for c in tile_menu[0].choices] if tile_menu else [parts.template.tile]
            ranked = []
            for choice in cell.choices:
                x, y = choice.values["x"], choice.values["y"]
                favours = [build_favour(content, state, uid, x, y) for uid in tiles]
                assert choice.description is not None
                if len(tiles) == 1:
                    said = [(choice.description.params["printed"], choice.description.params["bonus"])]
                    assert said == favours and choice.label.params["favour"] == sum(favours[0])
                else:
                    words = choice.description.params["favours"]
                    assert isinstance(words, list)
                    assert [w.params["favour"] for w in words if isinstance(w, Message)] == [
                        sum(f) for f in favours]
                ranked.append((-max(sum(f) for f in favours), -y, x))
            assert ranked == sorted(ranked)
            menus += 1
    assert menus > 50
