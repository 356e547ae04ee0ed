"""Building blocks for scenario tests: a fresh game and small ways to arrange the table."""

from __future__ import annotations

import json
from typing import Any

from rules.ancient_world import ENGINE
from rules.ancient_world.actions import Action
from rules.ancient_world.state import Army, Built, State
from rules.core import Event

CONTENT = ENGINE.content


def new_game(players: int = 3, seed: int = 1, **options: Any) -> State:
    """A game whose first player is seat 0 (the seats are rotated so the tests read simply)."""
    state = ENGINE.new_game(players, options, seed)
    if state.first_player != 0:
        shift = state.first_player
        state.players = state.players[shift:] + state.players[:shift]
        state.first_player = 0
        state.current = 0
    return state


def play(state: State, seat: int, *actions: Action) -> tuple[State, list[Event]]:
    """Apply ``actions`` in order for ``seat``; return the last state and every event."""
    events: list[Event] = []
    for action in actions:
        state, new = ENGINE.apply(state, seat, action)
        events += new
    return state, events


def keys(events: list[Event]) -> list[str]:
    return [e.message.key.removeprefix("ancient_world.") for e in events]


def give_empire(state: State, seat: int, *card_ids: str, damaged: bool = False) -> None:
    for card_id in card_ids:
        state.players[seat].empire.append(Built(card=card_id, damaged=damaged))


def damage(state: State, seat: int, *indices: int) -> None:
    """Turn the seat's built cards at ``indices`` face down (all of them when none is named)."""
    empire = state.players[seat].empire
    for index in indices or range(len(empire)):
        empire[index] = Built(card=empire[index].card, damaged=True)


def set_army(state: State, seat: int, index: int, *cards: str, name: int = 0, picture: int = 0) -> None:
    army = Army(cards=cards, name_coins=name, picture_coins=picture)
    armies = state.players[seat].armies
    if index < len(armies):
        armies[index] = army
    else:
        armies.append(army)


def army_coins(state: State, seat: int, index: int, *, name: int | None = None,
               picture: int | None = None) -> None:
    """Put coins on the name or picture area of the seat's army at ``index`` (armies are frozen: a
    new one takes its place)."""
    army = state.players[seat].armies[index]
    state.players[seat].armies[index] = army.model_copy(update={
        "name_coins": army.name_coins if name is None else name,
        "picture_coins": army.picture_coins if picture is None else picture})


def put_titan_on_top(state: State, titan_id: str) -> int:
    """Move the Titan to the top of its deck, face up; return its deck (stars)."""
    stars = CONTENT.titan(titan_id).stars
    deck = state.titan_decks[stars - 1]
    if titan_id in deck:
        deck.remove(titan_id)
    deck.insert(0, titan_id)
    state.titan_face_up[stars - 1] = True
    return stars


def forced_actions(state: State, seat: int) -> list[Any]:
    """The answers the engine played itself for ``seat`` in the last move (questions with one answer)."""
    return [ENGINE.parse_action(json.loads(text)) for s, text in state.forced if s == seat]


def option_actions(state: State, seat: int) -> list[Any]:
    return [o.action for o in ENGINE.pending(state)[seat].options]


def rig_dice(state: State, *faces: int) -> None:
    """Set the state's generator so that the next damage rolls show ``faces`` (die face indices)."""
    from rules.core import Rng

    for seed in range(200_000):
        rng = Rng.from_seed(seed)
        if all(rng.below(len(CONTENT.damage_die)) == f for f in faces):
            state.rng = Rng.from_seed(seed)
            return
    raise AssertionError(f"no seed rolls {faces}")


BLANK = next(i for i, f in enumerate(CONTENT.damage_die) if not f.titans and not f.coins)
ONE_COIN = next(i for i, f in enumerate(CONTENT.damage_die) if f.coins == 1 and not f.titans)
ONE_TITAN = next(i for i, f in enumerate(CONTENT.damage_die) if f.titans == 1 and not f.coins)
