"""Pictured Bid: the Sealed Bid fixture game with pictures and more rounds, for the chaos run.

The chaos run must kill the bot while it renders, the secrets audit must see private pictures, and
the replay check must meet snapshots (the bot stores one every 10 log entries), yet a real game is
far too long to play to the end through panels in CI. So this is Sealed Bid under another id, over
:data:`ROUNDS` rounds (a two-player game is 52 entries), with a renderer: the public board (round,
market, coins, tokens, who has bid) and each seat's private picture, which adds that seat's hidden
card and bid.

The bot process loads this module through ``AGORA_EXTRA_GAMES=tests.chaos.game:ENGINE``; importing
it also installs the renderer as ``render.pictured_bid``, where the bot looks renderers up.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from types import ModuleType

from pydantic import BaseModel

from render import kit
from rules.core import Event, GameInfo, Rng, msg
from tests.fixtures.sealed_bid import Options, Player, SealedBid, State, View

WIDTH = 1000
ROUNDS = 13
MARKET = 12
"""Most tokens on the market (more are left in the bag)."""


class PicturedBid(SealedBid):
    info = GameInfo(
        id="pictured_bid",
        title="Pictured Bid",
        min_players=2,
        max_players=4,
        has_secrets=True,
        has_simultaneous_steps=True,
        max_actions=400,
    )

    def setup(self, players: int, options: BaseModel, seed: int) -> State:
        assert isinstance(options, Options)
        rng = Rng.from_seed(seed)
        bag = [rng.randint(1, 9) for _ in range(options.market_size * ROUNDS)]
        seats = [Player(coins=options.starting_coins, card=rng.randint(0, 5)) for _ in range(players)]
        market, bag = bag[: options.market_size], bag[options.market_size :]
        return State(rng=rng, players=seats, market=market, bag=bag)

    def _next(self, state: State) -> list[Event]:
        """Sealed Bid's end of a turn, over :data:`ROUNDS` rounds; coins come back each round so
        that every bid stays a choice."""
        state.order.pop(0)
        if state.order:
            return []
        if state.round == ROUNDS:
            state.over = True
            return [Event(message=msg("sealed.over"))]
        state.round += 1
        room = max(0, MARKET - len(state.market))  # a prompt offers at most 25 options
        refill = min(room, len(state.bag) // (ROUNDS - state.round + 1))
        state.market += state.bag[:refill]
        del state.bag[:refill]
        for p in state.players:
            p.bid = None
            p.coins += 1
        return [Event(message=msg("sealed.round", round=state.round), reveals=refill > 0)]


ENGINE = PicturedBid()


def _picture(view: BaseModel, seat: int | None) -> bytes:
    assert isinstance(view, View)
    height = 140 + 90 * len(view.players)
    image, draw = kit.canvas(WIDTH, height)
    kit.text(draw, (30, 24), f"Round {view.round}    bag {view.bag_size}", size=30, bold=True)
    market = "  ".join(str(v) for v in view.market) or "-"
    kit.text(draw, (30, 74), f"Market: {market}", size=24)
    for i, player in enumerate(view.players):
        top = 120 + 90 * i
        kit.box(draw, (20, top, WIDTH - 20, top + 76), outline=kit.SEAT_COLOURS[i % len(kit.SEAT_COLOURS)])
        line = f"Seat {i + 1}: {player.coins} coins, tokens {sum(player.tokens)}"
        line += "  (has bid)" if player.has_bid else ""
        if player.bid is not None:
            line += f"  bid {player.bid}"
        if player.card is not None:
            line += f"  card {player.card}"
        if i == seat:
            line += "  (you)"
        kit.text(draw, (40, top + 24), kit.fit(line, WIDTH - 80, size=24), size=24)
    return kit.png(image)


def render_board(view: BaseModel, names: Sequence[str] = ()) -> bytes:
    """The public board, from the spectator's view (names are not drawn)."""
    return _picture(view, None)


def render_private(view: BaseModel, seat: int, names: Sequence[str] = ()) -> bytes:
    """What ``seat`` alone sees: the board with its own hidden card and bid."""
    return _picture(view, seat)


renderer = ModuleType("render.pictured_bid", __doc__)
renderer.render_board = render_board  # type: ignore[attr-defined]
renderer.render_private = render_private  # type: ignore[attr-defined]
sys.modules.setdefault("render.pictured_bid", renderer)
