"""Every question has a real choice and says what each answer costs and gives; the words read whole
after the storage round trip; action logs recorded before the questions were folded still replay."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from rules.core import Event, Prompt, RandomBot, Rng
from rules.core.contract import EVENT, PROMPT
from rules.core.messages import render
from rules.praetor import ENGINE
from rules.praetor.actions import Activate, Done, Pass, Pick, Trade
from rules.praetor.bots import GreedyBot
from rules.praetor.state import State
from tests.praetor.helpers import (
    BLACKSMITH,
    BLUE,
    CAMP,
    MARKET,
    MINES,
    PURPLE,
    SAWMILL,
    YELLOW,
    give_turn,
    set_city,
    set_workers,
    table,
)

PACKAGE = "rules.praetor"
LOGS = Path(__file__).parent / "logs"
NAMES = ("Ann", "Bo", "Cy", "Dee", "Eve")


def _yellow_to_play() -> State:
    state = table(ENGINE, 3, seed=4)
    give_turn(state, YELLOW)
    return state


def _prompt(state: State, seat: int = YELLOW) -> Prompt:
    return ENGINE.pending(state)[seat]


def test_the_only_worker_that_can_go_is_sent_by_the_activation_option() -> None:
    """Rulebook p. 5: an activation places one active worker; with one worker left, the option to
    activate a tile is the whole activation, not a question "which worker?" with one answer."""
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (SAWMILL, 1, 0, BLUE))
    set_workers(state, YELLOW, 3)
    actions = [o.action for o in _prompt(state).options]
    assert Activate(tile=SAWMILL, exp=3) in actions
    assert Pick(type="sawmill") not in actions


def test_with_two_workers_each_is_offered_with_the_tile() -> None:
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (SAWMILL, 1, 0, BLUE))
    set_workers(state, YELLOW, 1, 3)
    actions = [o.action for o in _prompt(state).options]
    assert Activate(tile=SAWMILL, exp=1) in actions and Activate(tile=SAWMILL, exp=3) in actions
    assert Pick(type="sawmill") not in actions


def test_the_worker_step_is_still_asked_after_the_tile_type() -> None:
    """A step offered before the moves were spelled out still leads on (older logs hold it)."""
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (SAWMILL, 1, 0, BLUE))
    set_workers(state, YELLOW, 1, 3)
    state, _ = ENGINE.apply(state, YELLOW, Pick(type="sawmill"))
    assert [o.action for o in _prompt(state).options if not o.navigation] == [
        Activate(tile=SAWMILL, exp=1), Activate(tile=SAWMILL, exp=3)]


def test_a_blacksmith_without_wood_to_turn_is_offered_whole() -> None:
    """Rulebook p. 8: the Blacksmith turns up to the worker's experience in wood into weapons; with
    no wood the amount is 0 and is not asked."""
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (BLACKSMITH, 1, 0, YELLOW))
    set_workers(state, YELLOW, 2)
    state.players[YELLOW].stock.wood = 0
    assert Activate(tile=BLACKSMITH, exp=2, amount=0) in [o.action for o in _prompt(state).options]


def test_a_seat_with_workers_but_no_legal_action_passes_without_being_asked() -> None:
    """Rulebook p. 5: each player in turn takes an action or passes; with no action open, the pass
    is played for the seat and told."""
    state = table(ENGINE, 3, seed=4)
    set_city(state, (CAMP, 0, 0, None), (MINES[0], 1, 0, BLUE))
    state.city = [t.model_copy(update={"activated": t.uid == MINES[0]}) for t in state.city]
    state.available = []
    state.order, state.turn = [BLUE, YELLOW, PURPLE], 0
    state.players[YELLOW].peasants = 0
    set_workers(state, YELLOW, 2)
    after, events = ENGINE.apply(state, BLUE, Pass())
    assert after.players[YELLOW].passed
    assert (YELLOW, "pass") in [(e.message.params["seat"], "pass") for e in events
                                if e.message.key == "praetor.ev.nothing_to_do"]


def test_an_old_log_s_explicit_pass_after_a_pass_played_for_the_seat_changes_nothing() -> None:
    state = _yellow_to_play()
    state.played_for = [(PURPLE, "pass")]
    after, events = ENGINE.apply(state, PURPLE, Pass())
    assert events == [] and after.played_for == []
    assert after.model_copy(update={"played_for": [(PURPLE, "pass")]}) == state


def test_a_market_visit_with_nothing_left_to_trade_ends_by_itself() -> None:
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (MARKET, 1, 0, None), (MINES[0], 0, 1, YELLOW))
    stock = state.players[YELLOW].stock
    stock.gold, stock.wood, stock.stone, stock.marble, stock.weapons = 0, 1, 0, 0, 0
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile=MARKET, exp=1))
    assert state.market is not None
    state, events = ENGINE.apply(state, YELLOW, Trade(resource="wood", buy=False))
    assert state.market is None and state.order[state.turn] != YELLOW
    assert "praetor.ev.nothing_more_to_trade" in [e.message.key for e in events]
    after, more = ENGINE.apply(state, YELLOW, Done())
    assert more == [] and after.played_for == []


def test_market_trades_go_by_number_and_a_trade_ends_the_visit() -> None:
    """Rulebook p. 8: at the Market you may buy and sell as many resources as you like."""
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (MARKET, 1, 0, None), (MINES[0], 0, 1, YELLOW))
    stock = state.players[YELLOW].stock
    stock.gold, stock.wood, stock.stone, stock.marble, stock.weapons = 3, 4, 0, 0, 0
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile=MARKET, exp=1))
    actions = [o.action for o in _prompt(state).options]
    assert {Trade(resource="wood", buy=False, amount=n, more=False) for n in range(1, 5)} <= set(actions)
    assert Trade(resource="wood", buy=False, amount=1, more=True) in actions
    assert actions[-1] == Done() and len(actions) <= 25
    after, _ = ENGINE.apply(state, YELLOW, Trade(resource="wood", buy=False, amount=3, more=False))
    assert after.market is None and after.order[after.turn] != YELLOW
    going_on, _ = ENGINE.apply(state, YELLOW, Trade(resource="wood", buy=False, amount=1, more=True))
    assert going_on.market is not None


def test_a_rich_market_still_reaches_every_amount_in_one_menu() -> None:
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (MARKET, 1, 0, None), (MINES[0], 0, 1, YELLOW))
    stock = state.players[YELLOW].stock
    stock.gold, stock.wood, stock.stone, stock.marble, stock.weapons = 40, 9, 9, 9, 9
    state, _ = ENGINE.apply(state, YELLOW, Activate(tile=MARKET, exp=1))
    trades = [o.action for o in _prompt(state).options if isinstance(o.action, Trade)]
    assert len(trades) <= 24
    assert Trade(resource="wood", buy=False, amount=1, more=False) in trades
    assert Trade(resource="wood", buy=False, amount=9, more=False) in trades
    assert Trade(resource="wood", buy=False, amount=1, more=True) in trades


def test_the_turn_title_says_what_the_player_has_to_spend() -> None:
    state = _yellow_to_play()
    title = render(_prompt(state).title, "en", (PACKAGE,))
    assert "10 gold, 4 wood, 3 stone, 2 marble, 1 weapon" in title
    assert "experience 1, 2, 3" in title


def _play(players: int, seed: int, bot: object) -> list[tuple[Prompt, list[Event]]]:
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    seen: list[tuple[Prompt, list[Event]]] = []
    while prompts := ENGINE.pending(state):
        seat = min(prompts)
        state, events = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng))  # type: ignore[attr-defined]
        seen.append((prompts[seat], events))
    return seen


GAMES = {"random": _play(3, 2, RandomBot()), "greedy": _play(4, 7, GreedyBot())}


@pytest.mark.parametrize("bot", sorted(GAMES))
@pytest.mark.parametrize("locale", ["en", "el"])
def test_every_option_says_what_it_costs_and_gives_in_a_line(bot: str, locale: str) -> None:
    for prompt, _ in GAMES[bot]:
        for option in prompt.options:
            if option.navigation:
                continue
            assert option.description is not None, option.label
            line = render(option.description, locale, (PACKAGE,), NAMES)
            assert 0 < len(line) <= 100, line


RAW = re.compile(r"[{}]|praetor\.|'key'|\bC\d\d\b|\bW\d\d\b")
"""Braces, message keys, dictionaries or tile ids: anything a player should never read."""


@pytest.mark.parametrize("bot", sorted(GAMES))
@pytest.mark.parametrize("locale", ["en", "el"])
def test_events_and_prompts_read_whole_after_the_storage_round_trip(bot: str, locale: str) -> None:
    for prompt, events in GAMES[bot]:
        stored = PROMPT.validate_json(PROMPT.dump_json(prompt))
        texts = [render(stored.title, locale, (PACKAGE,), NAMES)]
        texts += [render(o.label, locale, (PACKAGE,), NAMES) for o in stored.options]
        for event in events:
            back = EVENT.validate_json(EVENT.dump_json(event))
            texts.append(render(back.message, locale, (PACKAGE,), NAMES))
        for text in texts:
            assert not RAW.search(text), text


def test_a_payment_to_an_owner_reads_whole_after_the_round_trip() -> None:
    state = _yellow_to_play()
    set_city(state, (CAMP, 0, 0, None), (SAWMILL, 1, 0, BLUE))
    set_workers(state, YELLOW, 2)
    _, events = ENGINE.apply(state, YELLOW, Activate(tile=SAWMILL, exp=2))
    paid = next(e for e in events if e.message.key == "praetor.ev.paid_owner")
    back = EVENT.validate_json(EVENT.dump_json(paid))
    assert render(back.message, "en", (PACKAGE,), NAMES) == "Ann → Bo: 1 gold."
    assert render(back.message, "el", (PACKAGE,), NAMES) == "Ann → Bo: 1 Χρυσό."


@pytest.mark.parametrize("bot", sorted(GAMES))
def test_the_end_tells_every_seat_s_score_by_source(bot: str) -> None:
    """Rulebook p. 7: final scoring adds the workers' experience, apprentices, morale and resources
    to the favour gained during the game."""
    last = [e for _, events in GAMES[bot] for e in events][-8:]
    scores = [e for e in last if e.message.key.startswith("praetor.ev.score")]
    players = 3 if bot == "random" else 4
    assert sorted(e.message.params["seat"] for e in scores) == list(range(players))  # type: ignore[type-var]
    line = render(scores[0].message, "en", (PACKAGE,), NAMES)
    assert "workers' experience" in line and "morale" in line


@pytest.mark.parametrize("log", sorted(p.name for p in LOGS.glob("*.json")))
def test_an_action_log_recorded_before_the_folding_still_replays(log: str) -> None:
    data = json.loads((LOGS / log).read_text("utf-8"))
    state = ENGINE.replay(data["players"], data["options"], data["seed"], [(s, a) for s, a in data["log"]])
    result = ENGINE.result(state)
    assert result is not None
    assert {str(k): v for k, v in result.scores.items()} == data["scores"]


IN_PROGRESS = LOGS / "in_progress"
"""Games stopped halfway (mid-turn, a step chosen), recorded with the engine of before the work on
its cost: the log, the state it led to and the prompts it asked."""


@pytest.mark.parametrize("log", sorted(p.name for p in IN_PROGRESS.glob("*.json")))
def test_a_game_in_progress_recorded_before_replays_to_the_same_state(log: str) -> None:
    data = json.loads((IN_PROGRESS / log).read_text("utf-8"))
    state = ENGINE.replay(data["players"], data["options"], data["seed"], [(s, a) for s, a in data["log"]])
    assert ENGINE.dump(state) == data["state"]


@pytest.mark.parametrize("log", sorted(p.name for p in IN_PROGRESS.glob("*.json")))
def test_a_stored_snapshot_of_a_game_in_progress_asks_what_it_asked(log: str) -> None:
    data = json.loads((IN_PROGRESS / log).read_text("utf-8"))
    prompts = ENGINE.pending(ENGINE.load(data["state"]))
    assert {str(s): PROMPT.dump_python(p, mode="json") for s, p in prompts.items()} == data["prompts"]
