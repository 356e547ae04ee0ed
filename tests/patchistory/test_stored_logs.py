"""A game recorded before bids, moves and patches were folded into one menu still replays: the menu
steps it recorded (a tile to bid on, a worker to move, the one tile to patch) are still accepted."""

from __future__ import annotations

import json
from pathlib import Path

from rules.patchistory import ENGINE
from rules.patchistory.state import State

LOG = Path(__file__).parent / "fixtures" / "greedy_log_before_one_menu_bids.json"


def test_a_log_recorded_before_the_one_menu_steps_replays_to_the_same_end() -> None:
    """It was played by the rules of version 2 (forced answers played at once)."""
    (game,) = json.loads(LOG.read_text("utf-8"))
    log = [(seat, ENGINE.upgrade_action(json.dumps(move), 2)) for seat, move in game["log"]]
    state = ENGINE.replay(game["players"], game["options"], game["seed"], log)
    assert ENGINE.result(state) is not None
    assert [p.goods.culture for p in state.players] == game["scores"]


SNAPSHOT = Path(__file__).parent / "fixtures" / "snapshot_before_forced_answers.json"


def test_a_game_stored_before_forced_answers_were_played_goes_on_from_its_snapshot() -> None:
    """The snapshot of a game stored before the engine played only answers itself loads, and the
    moves recorded after it, its answers to one-answer questions among them, still apply."""
    stored = json.loads(SNAPSHOT.read_text("utf-8"))
    state = ENGINE.load(json.dumps(stored["snapshot"]))
    forced = 0
    for seat, action in stored["log"]:
        forced += ENGINE.pending(state)[seat].answers < 2
        state, _ = ENGINE.apply(state, seat, action)
    assert forced > 0


def test_a_new_game_plays_only_answers_itself() -> None:
    assert ENGINE.new_game(3, {}, 1).forced_played


def first_move(state: State) -> tuple[int, str]:
    seat, prompt = min(ENGINE.pending(state).items())
    return seat, ENGINE.dump_action(prompt.options[0].action)


def test_a_version_1_log_replayed_from_the_seed_goes_on_asking_questions_with_one_answer() -> None:
    state = ENGINE.new_game(3, {}, 1)
    seat, move = first_move(state)
    state, _ = ENGINE.apply(state, seat, ENGINE.upgrade_action(move, 1))
    assert not state.forced_played


def test_a_version_1_move_after_a_later_snapshot_keeps_the_rules_the_snapshot_was_played_by() -> None:
    state = ENGINE.new_game(3, {}, 1)
    seat, move = first_move(state)
    state, _ = ENGINE.apply(state, seat, move)
    seat, move = first_move(state)
    state, _ = ENGINE.apply(state, seat, ENGINE.upgrade_action(move, 1))
    assert state.forced_played


def test_a_version_3_move_is_read_as_it_was_written() -> None:
    _, move = first_move(ENGINE.new_game(3, {}, 1))
    assert ENGINE.upgrade_action(move, 3) == move


V2_LOG = Path(__file__).parent / "fixtures" / "greedy_log_rules_version_2.json"


def test_a_game_stored_by_version_2_replays_from_the_seed_to_its_stored_state() -> None:
    """Version 2 played a forced answer in a simultaneous step at once; version 3 holds it until
    nobody else has a choice. A game stored by version 2 (its moves and the state they led to)
    replays to that state, and would not without the migration."""
    stored = json.loads(V2_LOG.read_text("utf-8"))
    state = ENGINE.load(json.dumps(stored["state"]))
    log = [(seat, ENGINE.upgrade_action(move, stored["rules_version"])) for seat, move in stored["log"]]
    replayed = ENGINE.replay(stored["players"], stored["options"], stored["seed"], log)
    assert ENGINE.dump(replayed) == ENGINE.dump(state)
    unmigrated = ENGINE.replay(stored["players"], stored["options"], stored["seed"], stored["log"])
    assert ENGINE.dump(unmigrated) != ENGINE.dump(state)


def test_a_version_2_move_after_its_snapshot_keeps_forced_answers_played_at_once() -> None:
    stored = json.loads(V2_LOG.read_text("utf-8"))
    state = ENGINE.load(json.dumps(stored["state"]))
    seat, move = first_move(state)
    state, _ = ENGINE.apply(state, seat, ENGINE.upgrade_action(move, 2))
    assert not state.forced_held and state.forced_played


def test_a_version_1_move_stays_a_version_1_move() -> None:
    _, move = first_move(ENGINE.new_game(3, {}, 1))
    assert json.loads(ENGINE.upgrade_action(move, 1)) == {"kind": "v1", "action": json.loads(move)}


def test_a_new_game_holds_forced_answers() -> None:
    assert ENGINE.new_game(3, {}, 1).forced_held
