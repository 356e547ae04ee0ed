"""Setup and the round's skeleton: start of round, Production & upkeep, round 5, end of era
(§4, 6, 11–13).

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import CHAPTER, Event, Rng, msg, unchecked
from rules.patchistory import auction
from rules.patchistory.common import Ctx, event, pay, per_era
from rules.patchistory.content import PRODUCTION, Content, Stat
from rules.patchistory.empire import abilities, count_kind, grid_of, grid_stats, wastelands
from rules.patchistory.options import Options
from rules.patchistory.state import Goods, Phase, Player, Route, State

COLOURS = ("red", "green", "blue", "yellow")
START_GOODS = Goods(food=4, coins=3, culture=20)
"""Behind each screen at the start (p. 5)."""
START_BUILDINGS = 4
PROSPERITY_DEALT = 3
WAR_PREP = (0, 1, 2)
ROUNDS_PER_ERA = 5
ERAS = 3
PERSONALITY_UPKEEP_FOOD = 2
WONDER_UPKEEP_RESOURCES = 1
SHORT_FOOD_CULTURE = 3
SHORT_RESOURCE_CULTURE = 6
PRODUCED: tuple[tuple[Stat, str], ...] = tuple((s, s.value) for s in PRODUCTION)
"""Each production track with the good it fills (p. 13)."""


def setup(ctx: Ctx, players: int, options: Options, seed: int) -> tuple[State, list[Event]]:
    """The opening position (§4): capitals, goods, buildings, prosperity cards, routes, era-1 stack."""
    rng = Rng.from_seed(seed)
    content = ctx.content
    cards = [c.id for c in content.prosperity]
    rng.shuffle(cards)
    seats = []
    for s in range(players):
        cap = content.capitals[s]
        seats.append(
            Player(
                colour=COLOURS[s],
                capital=cap.id,
                goods=replace(START_GOODS),
                buildings=[draw_building(ctx, rng) for _ in range(START_BUILDINGS)],
                cards=sorted(cards[s * PROSPERITY_DEALT : (s + 1) * PROSPERITY_DEALT]),
                layers=((f"capital:{cap.id}", options.capital_side, 0, 0),),
            )
        )
    first = options.first_player if 0 <= options.first_player < players else rng.below(players)
    state = State(
        rng=rng,
        options=options,
        players=seats,
        first=first,
        next_white=options.first_tile_white,
        general_left=content.routes.general_supply,
        alliance_left=content.routes.alliance_supply,
    )
    if players >= 3:
        # Each player's route starts at them and runs to the player on their left (p. 5).
        state.routes = [Route(kind="general", start=s, end=(s + 1) % players) for s in range(players)]
        state.general_left -= players
    events = [event("setup", first_seat=first, side=f"@patchistory.side.{options.capital_side}")]
    events += start_era(ctx, state)
    return state, events


def draw_building(ctx: Ctx, rng: Rng) -> str:
    """A random building tile from the supply (drawn with replacement, #25)."""
    return rng.choice(ctx.content.buildings).id


def start_era(ctx: Ctx, state: State) -> list[Event]:
    stack = ctx.content.era_tiles(state.era)
    state.rng.shuffle(stack)
    state.stack = stack
    return [event("era_start", era=state.era), *start_round(ctx, state)]


def start_round(ctx: Ctx, state: State) -> list[Event]:
    """Reset the round's flags and lay out the auction (phase 1)."""
    for p in state.players:
        clear_round(p)
    state.phase = Phase.AUCTION
    return [
        round_start(state),
        *auction.lay_out(ctx, state),
    ]


def clear_round(p: Player) -> None:
    """The player's flags and lists of a round cleared for the next: each written only where it
    is not clear already (most are)."""
    for flag in ROUND_FLAGS:
        if getattr(p, flag):
            setattr(p, flag, False)
    if p.moved:
        p.moved = []
    if p.menu:
        p.menu = []


ROUND_FLAGS = ("accepted_aid", "campaigned", "built_route", "used_gustav", "diplomacy_acted", "done")
"""What a player may do once a round, and whether it is done with the step it is in."""


def round_start(state: State) -> Event:
    """The event opening the round, marked as a new chapter of the game's story: what
    ``chapter(event("round_start", …))`` makes, made so at once, without a copy of the event."""
    message = msg("patchistory.round_start", era=state.era, round=state.round, first_seat=state.first)
    return unchecked.event(message, visible_to=None, reveals=False, data={CHAPTER: True})


def production(ctx: Ctx, state: State) -> list[Event]:
    """Phase 5 (p. 13): production tracks, route workers' spaces, then worker upkeep."""
    events: list[Event] = []
    content = ctx.content
    for seat, p in enumerate(state.players):
        # The seat's grid found once, for its board and its abilities.
        grid = grid_of(p, content)
        board = grid_stats(grid, p.workers, seat, content, state.routes)
        gains = {s: board[s] for s in PRODUCTION}
        have = abilities(p, content, grid)
        cyrus = "cyrus" in have
        for w in p.workers:
            if w.where == "land":
                continue
            if w.where == "rest":
                got = content.routes.rest_yields
            elif state.routes[w.route].kind == "general":
                got = content.routes.general[w.step].yields
            else:
                got = content.routes.alliance[
                    alliance_space(state.routes[w.route], seat, w.step, content)
                ].yields
            for s, n in got.items():
                gains[s] += n
            if cyrus and any(got.values()):
                gains[Stat.CULTURE] += 1
        goods = p.goods
        for s, good in PRODUCED:
            setattr(goods, good, getattr(goods, good) + gains[s])
        events.append(
            event(
                "produced",
                seat=seat,
                coins=gains[Stat.COINS],
                food=gains[Stat.FOOD],
                resources=gains[Stat.RESOURCES],
                culture=gains[Stat.CULTURE],
            )
        )
        upkeep = worker_upkeep(ctx, state, seat, have)
        short = pay(goods, "food", upkeep)
        lost = short * SHORT_FOOD_CULTURE
        pay(goods, "culture", lost)
        events.append(event("upkeep", seat=seat, food=upkeep - short, short=short, culture=lost))
    return events


def alliance_space(route: Route, seat: int, step: int, content: Content) -> int:
    """The alliance-route space a worker stands on: steps count from its owner's own Start, and the
    route's spaces are listed from the Start of ``route.start`` (p. 11, p. 12)."""
    return step if seat == route.start else len(content.routes.alliance) - 1 - step


def worker_upkeep(ctx: Ctx, state: State, seat: int, have: set[str] | None = None) -> int:
    """Highest visible descendant-track number (p. 13); Karl Marx: always 5 (p. 16). ``have``:
    the abilities the seat's empire shows, where read already."""
    p = state.players[seat]
    if "karl_marx" in (abilities(p, ctx.content) if have is None else have):
        return 5
    return ctx.content.descendant_upkeep.values[min(p.born(), 8)]


def great_upkeep(ctx: Ctx, state: State) -> list[Event]:
    """Phase 6 (p. 13): 2 food per Personality, 1 resource per Wonder; shortfalls cost culture."""
    events = []
    for seat, p in enumerate(state.players):
        persons = count_kind(p, ctx.content, "personality")
        wonders = count_kind(p, ctx.content, "wonder")
        short_food = pay(p.goods, "food", persons * PERSONALITY_UPKEEP_FOOD)
        short_res = pay(p.goods, "resources", wonders * WONDER_UPKEEP_RESOURCES)
        lost = short_food * SHORT_FOOD_CULTURE + short_res * SHORT_RESOURCE_CULTURE
        pay(p.goods, "culture", lost)
        if persons or wonders:
            events.append(
                event(
                    "great_upkeep",
                    seat=seat,
                    personalities=persons,
                    wonders=wonders,
                    short_food=short_food,
                    short_resources=short_res,
                    culture=lost,
                )
            )
    return events


def end_of_era(ctx: Ctx, state: State) -> list[Event]:
    """Phase 8 (p. 15): Wonders' and Personalities' era effects; votes back; next era or game end."""
    events = []
    for seat, p in enumerate(state.players):
        gain = era_effects(ctx, state, seat)
        if gain:
            p.goods.culture += gain
            events.append(event("era_culture", seat=seat, culture=gain))
        p.goods.votes = 0
    if state.era == ERAS:
        for seat, p in enumerate(state.players):
            if "wall_street" in abilities(p, ctx.content):
                gain = p.goods.coins // 2
                p.goods.culture += gain
                events.append(event("wall_street", seat=seat, culture=gain))
        state.phase = Phase.OVER
        scores = [p.goods.culture for p in state.players]
        events.append(event("game_over", scores=scores, reveals=True))
        return events
    state.era += 1
    state.round = 1
    state.first = (state.first + 1) % len(state.players)
    if state.options.unpatched_tiles == "era":
        events += set_aside_unpatched(state)
    return events + start_era(ctx, state)


def set_aside_unpatched(state: State) -> list[Event]:
    """The previous era's unused land tiles are set aside when an era starts (p. 15), the won
    tiles a player left unpatched among them."""
    events = []
    for seat, p in enumerate(state.players):
        if p.reserve:
            events.append(event("tiles_set_aside", seat=seat, count=len(p.reserve)))
            p.reserve = []
    return events


def era_effects(ctx: Ctx, state: State, seat: int) -> int:
    """Designed end-of-era culture of the named Wonders: the rulebook names the Pyramids and the
    Ziggurat as giving culture at the end of an era (p. 15) and the Eiffel Tower only on p. 1, and
    prints none of their values; Angkor Wat's and the Statue's clarifications are on p. 16.

    Pyramids of Giza: 2 per Wonder you control. Ziggurat of Ur: 1 per worker in your territory.
    Eiffel Tower: 1 per building in your empire. Angkor Wat: 2 per visible sea, wastelands counting
    as seas (p. 16). Statue of Liberty: 3 per wasteland you reclaimed (p. 16: only reclaimed ones).
    """
    p = state.players[seat]
    have = abilities(p, ctx.content)
    gain = 0
    if "pyramids" in have:
        gain += 2 * count_kind(p, ctx.content, "wonder")
    if "ziggurat" in have:
        gain += sum(1 for w in p.workers if w.where == "land")
    if "eiffel_tower" in have:
        grid = grid_of(p, ctx.content)
        gain += sum(1 for sq in grid.squares.values() if sq.building is not None)
    if "angkor_wat" in have:
        grid = grid_of(p, ctx.content)
        gain += 2 * sum(1 for sq in grid.squares.values() if sq.sea or sq.wasteland)
    if "statue_of_liberty" in have:
        gain += 3 * wastelands(p, ctx.content, reclaimed_only=True)
    return gain


def end_of_round(ctx: Ctx, state: State) -> list[Event]:
    """First player marker passes left; next round (p. 13)."""
    state.first = (state.first + 1) % len(state.players)
    state.round += 1
    return start_round(ctx, state)


def war_prep(era: int) -> int:
    return per_era(era, WAR_PREP)
