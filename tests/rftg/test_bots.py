"""The bots: both are offered, and the greedy player beats the random one."""

from __future__ import annotations

from rules.core import Rng
from rules.rftg import ENGINE


def test_the_engine_offers_a_random_and_a_greedy_bot() -> None:
    assert set(ENGINE.bots()) == {"random", "greedy"}


def _play(players: int, seed: int, greedy_seats: set[int]) -> dict[int, float]:
    bots = ENGINE.bots()
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed)
    while prompts := ENGINE.pending(state):
        seat = rng.choice(sorted(prompts))
        bot = bots["greedy" if seat in greedy_seats else "random"]
        state, _ = ENGINE.apply(state, seat, bot.choose(ENGINE, state, seat, prompts[seat], rng.fork()))
    result = ENGINE.result(state)
    assert result is not None
    return result.scores


def test_greedy_beats_random_in_two_player_games() -> None:
    wins = 0
    for seed in range(4):
        greedy = seed % 2
        scores = _play(2, 200 + seed, {greedy})
        wins += scores[greedy] > scores[1 - greedy]
    assert wins >= 3


def test_greedy_outscores_random_at_a_four_player_table() -> None:
    scores = _play(4, 300, {0, 2})
    assert scores[0] + scores[2] > scores[1] + scores[3]


def test_greedy_reassigns_a_die_when_it_completes_the_world_on_top() -> None:
    from rules.rftg.actions import PickDie, Select, UsePower

    from .helpers import bare, give, play, rolled, stack

    greedy = ENGINE.bots()["greedy"]
    state = bare()
    give(state, 0, "Propaganda Campaign")
    stack(state, 0, "Spice World")  # needs two workers; the selection die is one
    rolled(state, 0, [("white", "explore"), ("white", "settle")])
    state = play(state, 0, Select(phase="settle"), PickDie(colour="white", column="settle"))

    def choice() -> object:
        return greedy.choose(ENGINE, state, 0, ENGINE.pending(state)[0], Rng.from_seed(1))

    assert choice() == UsePower(tile=0)
    state = play(state, 0, UsePower(tile=0), PickDie(colour="white", column="explore"))
    assert [d.column for d in state.players[0].assign.dice] == ["settle", "settle"]  # type: ignore[union-attr]


def test_greedy_keeps_its_dice_when_no_move_helps() -> None:
    from rules.rftg.actions import Confirm, PickDie, Select

    from .helpers import bare, give, play, rolled

    greedy = ENGINE.bots()["greedy"]
    state = bare()
    give(state, 0, "Propaganda Campaign")
    rolled(state, 0, [("white", "explore"), ("white", "settle")])
    state = play(state, 0, Select(phase="settle"), PickDie(colour="white", column="settle"))
    # nothing to settle: moving a worker into Settle would waste it
    assert greedy.choose(ENGINE, state, 0, ENGINE.pending(state)[0], Rng.from_seed(1)) == Confirm()
