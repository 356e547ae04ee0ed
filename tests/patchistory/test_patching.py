"""Patching geometry (spec 7.7): overlap, seas, whole spaces, size limits, workers and buildings."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.patchistory.actions import Patch
from rules.patchistory.empire import grid_of, try_patch
from rules.patchistory.state import Phase, Reserve, State, Worker
from tests.patchistory.helpers import CONTENT, ENGINE, TILES, at_phase, game, own


def attempt(
    state: State,
    tile: str,
    row: int,
    col: int,
    *,
    under: bool = False,
    era: int = 1,
    keep: bool = False,
    side: str = "white",
) -> str:
    after, why = try_patch(
        state.players[0], CONTENT, tile, side, row, col, under=under, keep_buildings=keep, era=era
    )
    return "ok" if after is not None else why


def test_a_patch_must_lie_over_or_under_at_least_one_square() -> None:
    assert attempt(game(), "t-plain", 2, 0) == "no_overlap"
    assert attempt(game(), "t-plain", 1, 0) == "ok"


def test_a_visible_sea_can_never_be_covered() -> None:
    state = game()
    state.players[0].layers += (("t-sea", "white", -2, 0),)
    assert attempt(state, "t-plain", -2, 0) == "sea_covered"


def test_no_tile_may_be_slid_under_a_visible_sea() -> None:
    state = game()
    state.players[0].layers += (("t-sea", "white", -2, 0),)
    assert attempt(state, "t-plain", -3, -1, under=True) == "sea_covered"


def test_a_new_sea_may_not_end_up_hidden() -> None:
    assert attempt(game(), "t-sea", 0, 0, under=True) == "sea_hidden"
    assert attempt(game(), "t-sea", 0, 0) == "ok"


def test_two_seas_may_never_touch() -> None:
    state = game()
    state.players[0].layers += (("t-sea", "white", -2, 0),)
    assert attempt(state, "t-sea", -1, 0) == "seas_adjacent"
    assert attempt(state, "t-sea", -1, 1) == "ok"  # diagonal contact is allowed


def test_a_space_of_several_squares_is_covered_whole_or_not_at_all() -> None:
    state = game()
    state.players[0].layers += (("t-pair", "white", -2, 0),)
    assert attempt(state, "t-plain", -3, -1) == "half_space"
    assert attempt(state, "t-plain", -3, 0) == "ok"


def test_an_underlaid_tile_keeps_its_spaces_whole_too() -> None:
    assert attempt(game(), "t-pair", 1, 2, under=True) == "half_space"


def test_the_empire_must_fit_five_by_five_in_era_one_and_six_by_six_in_era_two() -> None:
    state = game()
    state.players[0].layers += (("t-plain", "white", 0, 3),)
    assert attempt(state, "t-plain", 0, 4, era=1) == "too_big"
    assert attempt(state, "t-plain", 0, 4, era=2) == "ok"


def test_the_statue_of_liberty_cannot_be_covered_and_lifts_the_size_limit() -> None:
    state = game()
    own(state, 0, "statue_of_liberty", 2, 0)
    assert attempt(state, "t-plain", 1, 0) == "statue"
    state.players[0].layers += (("t-plain", "white", 0, 3),)
    assert attempt(state, "t-plain", 0, 4, era=1) == "ok"


def test_the_patch_bringing_in_the_statue_of_liberty_keeps_the_size_limit() -> None:
    """p. 16: the Statue's exemption from the size limit starts once it is patched in."""
    state = game()
    state.players[0].layers += (("t-plain", "white", 0, 3),)
    assert attempt(state, TILES["statue_of_liberty"], 0, 4, side="black", era=1) == "too_big"
    own(state, 0, "statue_of_liberty", 2, 0)
    assert attempt(state, "t-plain", 0, 4, era=1) == "ok"


def test_an_underlaid_tile_shows_only_its_squares_outside_the_overlap() -> None:
    state = game()
    after, _ = try_patch(
        state.players[0], CONTENT, "t-vasco", "white", 1, 2, under=True, keep_buildings=False, era=1
    )
    assert after is not None
    grid = grid_of(after, CONTENT)
    assert grid.squares[(1, 2)].space.yields == {"transport": 1}
    assert grid.squares[(2, 3)].space.yields == {"resources": 1, "politics": 1}


def test_a_covered_building_is_removed_unless_kept_on_top() -> None:
    state = game()
    state.players[0].tokens = ((0, 0, "economy-1"),)
    covered, _ = try_patch(
        state.players[0], CONTENT, "t-plain", "white", -1, -1, under=False, keep_buildings=False, era=1
    )
    kept, _ = try_patch(
        state.players[0], CONTENT, "t-plain", "white", -1, -1, under=False, keep_buildings=True, era=1
    )
    assert covered is not None and covered.tokens == ()
    assert kept is not None and kept.tokens == ((0, 0, "economy-1"),)


def patching(tile: str) -> State:
    state = at_phase(game(), Phase.PATCH)
    state.players[0].reserve = [Reserve(tile=tile, side="white")]
    return state


def keep_options(state: State) -> list[tuple[int, int]]:
    state.players[0].menu = ["r:0"]
    prompt = ENGINE.pending(state)[0]
    return [
        (o.action.row, o.action.col) for o in prompt.options if getattr(o.action, "keep_buildings", False)
    ]


def test_buildings_kept_is_offered_only_where_a_building_can_stay_on_top() -> None:
    """p. 8, spec 7.7 rule 4: a building stays on top only of a 1x1 space that is not a sea."""
    state = patching("t-pair")
    state.players[0].tokens = ((0, 0, "economy-1"),)
    assert (0, 0) not in keep_options(state)  # under the two-square space
    assert (-1, 0) in keep_options(state)  # under the 1x1 space at its bottom left


def test_a_building_under_a_new_sea_is_not_offered_as_kept() -> None:
    """p. 8: a sea never lies under a building, so the building it covers is lost."""
    state = patching("t-sea")
    state.players[0].tokens = ((0, 0, "economy-1"),)
    assert (0, 0) not in keep_options(state)
    assert (-1, 0) in keep_options(state)


def test_buildings_kept_where_none_can_stay_is_refused() -> None:
    """p. 8: "buildings kept" under a multi-square space would do nothing: it is refused."""
    state = patching("t-pair")
    state.players[0].tokens = ((0, 0, "economy-1"),)
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, Patch(reserve=0, side="white", row=0, col=0, keep_buildings=True))
    state, _ = ENGINE.apply(state, 0, Patch(reserve=0, side="white", row=-1, col=0, keep_buildings=True))
    assert state.players[0].tokens == ((0, 0, "economy-1"),)


def test_workers_on_covered_squares_stay_and_stand_on_the_new_square() -> None:
    state = patching("t-plain")
    state.players[0].workers = [Worker(row=0, col=0)]
    state, _ = ENGINE.apply(state, 0, Patch(reserve=0, side="white", row=-1, col=-1))
    p = state.players[0]
    assert (p.workers[0].row, p.workers[0].col) == (0, 0)
    assert grid_of(p, CONTENT).squares[(0, 0)].key[0] == len(p.layers) - 1


def test_two_workers_under_one_new_space_send_the_extra_one_to_an_empty_space() -> None:
    state = patching("t-pair")
    state.players[0].workers = [Worker(row=0, col=0), Worker(row=0, col=1)]
    state, _ = ENGINE.apply(state, 0, Patch(reserve=0, side="white", row=0, col=0))
    assert (len(state.players[0].workers), state.players[0].homing) == (1, 1)
    assert set(ENGINE.pending(state)) == {0}


def test_a_bought_side_must_be_used_in_three_and_four_player_games() -> None:
    state = patching("t-plain")
    with pytest.raises(RuleError, match="side"):
        ENGINE.apply(state, 0, Patch(reserve=0, side="black", row=1, col=0))


def test_every_patch_option_is_labelled_with_the_stat_change_it_gives() -> None:
    state = patching("t-vasco")
    state.players[0].menu = ["r:0"]
    prompt = ENGINE.pending(state)[0]
    labels = [o.label for o in prompt.options if o.action.kind == "patch"]
    assert labels and all("change" in label.params for label in labels)
    assert len(prompt.options) <= 25


def test_the_diagonal_sea_option_also_forbids_seas_touching_at_a_corner() -> None:
    state = game(3, sea_adjacency_diagonal=True)
    state.players[0].layers += (("t-sea", "white", -2, 0),)
    after, why = try_patch(
        state.players[0],
        CONTENT,
        "t-sea",
        "white",
        -1,
        1,
        under=False,
        keep_buildings=False,
        era=1,
        diagonal=True,
    )
    assert after is None and why == "seas_adjacent"
