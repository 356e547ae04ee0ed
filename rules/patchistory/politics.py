"""Phase 2, Diplomacy & Administration (§8): PP budget, the action table, repeatable actions.

Diplomacy is played in turn order; Administration simultaneously. Costs come from the content's
``pp_costs`` table and the per-era goods costs of the screen (p. 9–10).

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import cache
from typing import NamedTuple

from rules.core import Event, Message, NumberChoice, Option, Prompt, Seat
from rules.core.unchecked import construct, option, question
from rules.patchistory.actions import (
    Aid,
    AnswerAid,
    Birth,
    BreakAlliance,
    Build,
    BuildRoute,
    Campaign,
    Done,
    Exchange,
    HonourPersonalities,
    HonourWonders,
    Pick,
    Reclaim,
    RemoveRoute,
    Threat,
    Trade,
)
from rules.patchistory.common import (
    MAX_MENU,
    Ctx,
    ask_turn_order_option,
    back,
    building_name,
    event,
    fail,
    gains,
    in_turn_order,
    label,
    need,
    pay,
    per_era,
    pick,
    row_options,
    spends,
    stat,
    token_faces,
    token_words,
    waits_for_turn,
    worded,
)
from rules.patchistory.content import Cell, Stat
from rules.patchistory.empire import (
    Grid,
    abilities,
    count_kind,
    free_spaces,
    grid_of,
    grid_stats,
    layout_key,
    stats,
    worked_by,
)
from rules.patchistory.flow import draw_building
from rules.patchistory.menus import SEPARATOR
from rules.patchistory.patching import allied
from rules.patchistory.state import (
    AidOffer,
    Goods,
    Phase,
    Player,
    State,
    Worker,
    goods_key,
    options_key,
    routes_key,
)

TRADE_FOOD = (2, 3, 4)
BIRTH_FOOD = (4, 5, 6)
HONOUR_WONDERS_RESOURCES = (1, 2, 3)
HONOUR_PERSONALITIES_FOOD = (1, 2, 3)
ROUTE_RESOURCES = 2
RECLAIM_RESOURCES = 1
AID_UNITS = 3
AID_ACCEPTED_CULTURE = 5
AID_REFUSED_CULTURE = 2
VALUE = {"resources": 2, "food": 1, "coins": 1}
"""Exchange rates: 1 resource = 2 food = 2 coins; 1 food = 1 coin (p. 10)."""


def start(ctx: Ctx, state: State) -> list[Event]:
    """PP are read once, at the start of the phase (#39)."""
    for seat, p in enumerate(state.players):
        carried = 0 if state.options.unspent_pp_lost else p.pp
        p.pp = stat(ctx, state, seat, Stat.POLITICS) + carried
        p.done = False
        p.menu = []
    state.phase = Phase.DIPLOMACY
    state.active = 0
    return [event("phase.diplomacy")]


def connected(state: State, a: Seat, b: Seat, *, general_only: bool) -> bool:
    return any({r.start, r.end} == {a, b} and (r.kind == "general" or not general_only) for r in state.routes)


# ---- Diplomacy -----------------------------------------------------------------------------------


def aid_targets(ctx: Ctx, state: State, seat: Seat) -> list[Seat]:
    p = state.players[seat]
    if p.accepted_aid or p.pp < ctx.content.pp_costs.aid:
        return []
    if p.goods.food + p.goods.coins + p.goods.resources < AID_UNITS:
        return []
    return [
        s for s in range(len(state.players)) if s != seat and connected(state, seat, s, general_only=False)
    ]


def threat_targets(ctx: Ctx, state: State, seat: Seat) -> list[Seat]:
    """A player joined by a general route and not allied (p. 10, #15)."""
    if state.players[seat].pp < ctx.content.pp_costs.threat:
        return []
    return [
        s
        for s in range(len(state.players))
        if s != seat and connected(state, seat, s, general_only=True) and not allied(state, seat, s)
    ]


def alliance_routes(state: State, seat: Seat) -> list[int]:
    return [i for i, r in enumerate(state.routes) if r.kind == "alliance" and seat in (r.start, r.end)]


def gustav_routes(ctx: Ctx, state: State, seat: Seat) -> list[int]:
    p = state.players[seat]
    if p.used_gustav or "schwerer_gustav" not in abilities(p, ctx.content):
        return []
    return [
        i
        for i, r in enumerate(state.routes)
        if (r.kind == "general" and r.start == seat) or (r.kind == "alliance" and seat in (r.start, r.end))
    ]


def diplomacy_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    if state.aid is not None:
        if state.aid.target != seat:
            return None
        a = state.aid
        return question(
            seat=seat,
            title=label("aid.offered", giver_seat=a.giver, food=a.food, coins=a.coins, resources=a.resources),
            options=(aid_answer(ctx, a.giver, True), aid_answer(ctx, a.giver, False)),
        )
    if state.order()[state.active] != seat:
        return None
    p = state.players[seat]
    menu = p.path[-1] if p.path else ""
    if menu.startswith("aid:"):
        return aid_mix_prompt(ctx, state, seat, int(menu[4:]))
    if menu == "aid":
        return menu_prompt(
            seat,
            "aid.choose_target",
            [
                option(
                    action=pick(f"aid:{s}"), label=label("target", target_seat=s),
                    description=aid_words(ctx),
                )
                for s in aid_targets(ctx, state, seat)
            ],
        )
    if menu == "threat":
        return menu_prompt(
            seat,
            "threat.choose",
            [
                threat_option(ctx, s, d, outcome)
                for s in threat_targets(ctx, state, seat)
                for outcome in (threat_outcome(ctx, state, seat, s),)
                for d in ("culture", "coins")
            ],
        )
    if menu == "break":
        broken = break_words(state, p.pp)
        return menu_prompt(
            seat,
            "break.choose",
            [
                option(
                    action=BreakAlliance(route=i),
                    label=label(
                        "route", route=i + 1, start_seat=state.routes[i].start, end_seat=state.routes[i].end
                    ),
                    description=broken,
                )
                for i in alliance_routes(state, seat)
            ],
        )
    if menu == "gustav":
        return menu_prompt(
            seat,
            "gustav.choose",
            [
                option(
                    action=RemoveRoute(route=i),
                    label=label(
                        "route", route=i + 1, start_seat=state.routes[i].start, end_seat=state.routes[i].end
                    ),
                    description=worded("describe.gustav"),
                )
                for i in gustav_routes(ctx, state, seat)
            ],
        )
    options = []
    if aid_targets(ctx, state, seat):
        options.append(diplomacy_step(ctx, state, "aid", p.pp))
    if threat_targets(ctx, state, seat):
        options.append(diplomacy_step(ctx, state, "threat", p.pp))
    if not p.diplomacy_acted and p.pp >= 1 and alliance_routes(state, seat):
        options.append(diplomacy_step(ctx, state, "break", p.pp))
    if gustav_routes(ctx, state, seat):
        options.append(diplomacy_step(ctx, state, "gustav", p.pp))
    options.append(ctx.actions.kept(("done_diplomacy", p.pp), lambda: option(
        action=Done(),
        label=label("action.done_diplomacy"),
        description=label("describe.done_diplomacy", pp=p.pp),
    )))
    return question(seat=seat, title=spendable(ctx, state, seat, "diplomacy.title"), options=tuple(options))


def diplomacy_step(ctx: Ctx, state: State, name: str, pp: int) -> Option:
    """The Diplomacy action ``name`` (Aid, Threat, Break an alliance, Schwerer Gustav) as a menu
    step, kept by all its description is drawn from besides its name (``Ctx.actions``): for a
    break, whether it gives votes and the seat's PP, which it takes; for the others, the costs of
    the content. The same step, offered move after move, is then the same option, which a fold
    finds its kept words by at once (``menus.same_step``)."""
    said = (state.options.break_alliance_gives_votes, pp) if name == "break" else None
    return ctx.actions.kept(("diplomacy", name, said), lambda: option(
        action=construct(Pick, choice=name),
        label=label(f"action.{name}"),
        description=diplomacy_words(ctx, state, name, pp),
    ))


def diplomacy_words(ctx: Ctx, state: State, name: str, pp: int) -> Message:
    """What the Diplomacy action ``name`` costs and does (p. 9-10)."""
    match name:
        case "aid":
            return aid_words(ctx)
        case "threat":
            return label("describe.threat", cost=spends(ctx.content.pp_costs.threat))
        case "break":
            return break_words(state, pp)
        case "gustav":
            return worded("describe.gustav")
    raise KeyError(name)


def aid_words(ctx: Ctx) -> Message:
    """What an Aid costs and brings (p. 9), worded once (``Ctx.words``): the content's PP cost
    and the rules' units and culture."""
    found = ctx.words.get("describe.aid")
    if found is None:
        found = ctx.words["describe.aid"] = label(
            "describe.aid",
            cost=spends(ctx.content.pp_costs.aid),
            units=AID_UNITS,
            accepted=AID_ACCEPTED_CULTURE,
            refused=AID_REFUSED_CULTURE,
        )
    return found


def break_words(state: State, pp: int) -> Message:
    """What breaking an alliance takes (the seat's ``pp``) and whether it gives votes (p. 10)."""
    return label(
        "describe.break" if state.options.break_alliance_gives_votes else "describe.break_no_votes", pp=pp
    )


def aid_answer(ctx: Ctx, giver: Seat, accept: bool) -> Option:
    """Accepting or refusing the Aid of ``giver`` (p. 9), kept by them (``Ctx.actions``)."""
    said = "accept" if accept else "refuse"
    culture = AID_ACCEPTED_CULTURE if accept else AID_REFUSED_CULTURE
    return ctx.actions.kept(("answer_aid", giver, accept), lambda: option(
        action=AnswerAid(accept=accept),
        label=label(f"aid.{said}"),
        description=label(f"describe.aid_{said}", giver_seat=giver, culture=culture),
    ))


def diplomacy_submenu_key(ctx: Ctx, state: State, seat: Seat, choice: str) -> tuple[object, ...] | None:
    """All that the answers of the Diplomacy menu step ``choice`` (``menus.fold``) are drawn
    from: the targets of an Aid and the mixes of its goods, each Threat's target and outcome,
    the alliance routes to break with the PP they take, the routes Schwerer Gustav may remove. A
    fold asks only while the seat is the one to act and no Aid waits for an answer, so those are
    the same for every state a key names."""
    p = state.players[seat]
    menu = choice.split(SEPARATOR)[-1]
    if menu == "aid":
        return (menu, tuple(aid_targets(ctx, state, seat)))
    if menu.startswith("aid:"):
        return ("aid:", menu, tuple(aid_mixes(p)))
    if menu == "threat":
        targets = threat_targets(ctx, state, seat)
        return (menu, tuple((s, threat_outcome(ctx, state, seat, s)) for s in targets))
    ends = [(i, state.routes[i].start, state.routes[i].end) for i in range(len(state.routes))]
    if menu == "break":
        routes = tuple(ends[i] for i in alliance_routes(state, seat))
        return (menu, routes, state.options.break_alliance_gives_votes, p.pp)
    if menu == "gustav":
        return (menu, tuple(ends[i] for i in gustav_routes(ctx, state, seat)))
    return None


def threat_option(ctx: Ctx, target: Seat, demand: str, outcome: int) -> Option:
    """The Threat of ``target`` with ``demand``, its ``outcome`` as :func:`threat_outcome` reads
    it, kept by them (``Ctx.actions``): the outcome is all its words read of the state."""
    return ctx.actions.kept(("threat", target, demand, outcome), lambda: option(
        action=Threat(target=target, demand=demand),
        label=label(f"threat.{demand}", target_seat=target),
        description=threat_gives(ctx, target, demand, outcome),
    ))


def threat_gives(ctx: Ctx, target: Seat, demand: str, outcome: int) -> Message:
    """What a Threat costs and what it would bring now (p. 9), its ``outcome`` read by
    :func:`threat_outcome`: the demand if Military wins, else nothing."""
    cost = spends(ctx.content.pp_costs.threat)
    if outcome == 0:
        return label("describe.threat_fails", cost=cost, target_seat=target)
    asked = THREAT_DEMAND[demand][outcome - 1]
    return label("describe.threat_wins", cost=cost, target_seat=target, gets=gains({demand: asked}))


def menu_prompt(seat: Seat, title: str, options: list[Option]) -> Prompt:
    return question(seat=seat, title=label(title), options=(*options[:MAX_MENU], back()))


def aid_mixes(p: Player) -> list[tuple[int, int, int]]:
    g = p.goods
    return [
        (f, c, AID_UNITS - f - c)
        for f in range(AID_UNITS + 1)
        for c in range(AID_UNITS + 1 - f)
        if f <= g.food and c <= g.coins and AID_UNITS - f - c <= g.resources
    ]


def aid_mix_prompt(ctx: Ctx, state: State, seat: Seat, target: Seat) -> Prompt:
    options = [aid_mix(ctx, target, mix) for mix in aid_mixes(state.players[seat])]
    return menu_prompt(seat, "aid.choose_mix", options)


def aid_mix(ctx: Ctx, target: Seat, mix: tuple[int, int, int]) -> Option:
    """The Aid of the goods ``mix`` (food, coins, resources) to ``target``, kept by them
    (``Ctx.actions``): the same mixes are offered whenever the goods allow them."""
    f, c, r = mix
    return ctx.actions.kept(("aid_mix", target, mix), lambda: option(
        action=Aid(target=target, food=f, coins=c, resources=r),
        label=label("aid.mix", food=f, coins=c, resources=r),
        description=worded_aid_mix(),
    ))


@cache
def worded_aid_mix() -> Message:
    """What an Aid's mix of goods brings, accepted or refused (p. 9), made once."""
    return label("describe.aid_mix", accepted=AID_ACCEPTED_CULTURE, refused=AID_REFUSED_CULTURE)


def check_diplomat(state: State, seat: Seat) -> Player:
    if state.phase != Phase.DIPLOMACY or state.aid is not None or state.order()[state.active] != seat:
        raise fail("It is not your diplomacy turn.", "not_diplomacy")
    return state.players[seat]


def spend_pp(p: Player, cost: int, what: str) -> None:
    cost = max(1, cost)
    if p.pp < cost:
        raise fail(f"{what} needs {cost} PP; you have {p.pp}.", "pp", need=cost, have=p.pp)
    p.pp -= cost


def play_aid(ctx: Ctx, state: State, seat: Seat, action: Aid) -> list[Event]:
    """Offer 3 goods to a connected player; accepted: +5 culture, refused: +2 (p. 9)."""
    p = check_diplomat(state, seat)
    if action.target not in aid_targets(ctx, state, seat):
        raise fail("You cannot offer Aid to that player now.", "aid_target")
    mix = (action.food, action.coins, action.resources)
    if min(mix) < 0 or sum(mix) != AID_UNITS:
        raise fail("Aid is exactly 3 goods of food, coins and resources.", "aid_mix")
    for good, n in zip(("food", "coins", "resources"), mix, strict=True):
        need(p.goods, good, n, "This Aid")
    spend_pp(p, ctx.content.pp_costs.aid, "Aid")
    p.diplomacy_acted = True
    p.menu = []
    state.aid = AidOffer(
        giver=seat, target=action.target, food=action.food, coins=action.coins, resources=action.resources
    )
    return [
        event(
            "aid.offer",
            seat=seat,
            target_seat=action.target,
            food=action.food,
            coins=action.coins,
            resources=action.resources,
        )
    ]


def play_answer_aid(ctx: Ctx, state: State, seat: Seat, action: AnswerAid) -> list[Event]:
    offer = state.aid
    if offer is None or offer.target != seat:
        raise fail("Nobody is offering you Aid.", "no_aid")
    giver = state.players[offer.giver]
    state.aid = None
    if action.accept:
        target = state.players[seat]
        for good in ("food", "coins", "resources"):
            n = getattr(offer, good)
            pay(giver.goods, good, n)
            setattr(target.goods, good, getattr(target.goods, good) + n)
        giver.goods.culture += AID_ACCEPTED_CULTURE
        target.accepted_aid = True
        return [event("aid.accepted", seat=seat, giver_seat=offer.giver, culture=AID_ACCEPTED_CULTURE)]
    giver.goods.culture += AID_REFUSED_CULTURE
    if not state.options.aid_block_on_accept_only:
        state.players[seat].accepted_aid = True
    return [event("aid.refused", seat=seat, giver_seat=offer.giver, culture=AID_REFUSED_CULTURE)]


def threat_outcome(ctx: Ctx, state: State, seat: Seat, target: Seat) -> int:
    """0 = fails, 1 = succeeds, 2 = succeeds by 5 or more (p. 10). Gandhi: target Military counts 0."""
    mine = stat(ctx, state, seat, Stat.MILITARY)
    board = stats(state.players[target], target, ctx.content, state.routes)
    theirs = 0 if "gandhi" in abilities(state.players[seat], ctx.content) else board[Stat.MILITARY]
    theirs += board[Stat.DEFENCE]
    if mine <= theirs:
        return 0
    return 2 if mine >= theirs + 5 else 1


THREAT_DEMAND = {"culture": (2, 4), "coins": (3, 5)}


def play_threat(ctx: Ctx, state: State, seat: Seat, action: Threat) -> list[Event]:
    p = check_diplomat(state, seat)
    if action.target not in threat_targets(ctx, state, seat):
        raise fail(
            "You can only threaten a player joined to you by a general route and not allied.", "threat_target"
        )
    spend_pp(p, ctx.content.pp_costs.threat, "Threat")
    p.diplomacy_acted = True
    p.menu = []
    outcome = threat_outcome(ctx, state, seat, action.target)
    if outcome == 0:
        return [event("threat.failed", seat=seat, target_seat=action.target)]
    asked = THREAT_DEMAND[action.demand][outcome - 1]
    victim = state.players[action.target]
    short = pay(victim.goods, action.demand, asked)
    setattr(p.goods, action.demand, getattr(p.goods, action.demand) + asked - short)
    events = [
        event(
            "threat.paid",
            seat=seat,
            target_seat=action.target,
            amount=asked - short,
            good=f"@patchistory.good.{action.demand}",
        )
    ]
    if "bismarck" in abilities(p, ctx.content):
        p.goods.culture += 5
        events.append(event("bismarck", seat=seat))
    return events


def play_break(ctx: Ctx, state: State, seat: Seat, action: BreakAlliance) -> list[Event]:
    """All your PP; the alliance ends; route workers go home; a vote per PP (p. 10, #11)."""
    p = check_diplomat(state, seat)
    if p.diplomacy_acted or p.pp < 1:
        raise fail("Break Alliance must be your first diplomacy action and takes all your PP.", "break_first")
    if action.route not in alliance_routes(state, seat):
        raise fail("That is not one of your alliance routes.", "not_your_route")
    spent = p.pp
    p.pp = 0
    p.diplomacy_acted = True
    p.menu = []
    votes = spent if state.options.break_alliance_gives_votes else 0
    p.goods.votes += votes
    events = [event("alliance_broken", seat=seat, route=action.route + 1, votes=votes)]
    return events + remove_route(state, action.route)


def play_remove_route(ctx: Ctx, state: State, seat: Seat, action: RemoveRoute) -> list[Event]:
    """Schwerer Gustav: once per round in its owner's diplomacy turn, no PP (§20.1 item 21)."""
    p = check_diplomat(state, seat)
    if action.route not in gustav_routes(ctx, state, seat):
        raise fail(
            "Schwerer Gustav can remove a general route you own or an alliance route you share.",
            "gustav_route",
        )
    p.used_gustav = True
    p.menu = []
    return [event("route_removed", seat=seat, route=action.route + 1), *remove_route(state, action.route)]


def remove_route(state: State, index: int) -> list[Event]:
    """Take a route off the table: its workers go home, a pending war on it lapses (#41)."""
    route = state.routes.pop(index)
    if route.kind == "general":
        state.general_left += 1
    else:
        state.alliance_left += 1
    for p in state.players:
        kept = []
        for w in p.workers:
            if w.where in ("route", "rest") and w.route == index:
                p.homing += 1
                continue
            later = w.where in ("route", "rest") and w.route > index
            kept.append(replace(w, route=w.route - 1) if later else w)
        p.workers = kept
    return []


def play_end_diplomacy(ctx: Ctx, state: State, seat: Seat) -> list[Event]:
    p = check_diplomat(state, seat)
    p.menu = []
    state.active += 1
    if state.active < len(state.players):
        return []
    state.phase = Phase.ADMINISTRATION
    state.in_turn_order = False
    for q in state.players:
        q.done = False
    return [event("phase.administration")]


# ---- Administration -----------------------------------------------------------------------------


def trade_cost(ctx: Ctx, state: State, seat: Seat) -> int:
    """The food a Trade costs the seat (:func:`trade_food`)."""
    return trade_food(state.era, "genghis_khan" in abilities(state.players[seat], ctx.content))


def trade_food(era: int, genghis: bool) -> int:
    """Food (2/3/4); Genghis Khan fixes it at 1 (p. 16)."""
    return 1 if genghis else per_era(era, TRADE_FOOD)


def trade_routes(state: State, seat: Seat) -> list[int]:
    """Routes a worker may enter: general routes starting at you with no worker, alliance routes
    you share without a worker of yours (p. 10, #14)."""
    out = []
    for i, r in enumerate(state.routes):
        on = [
            (s, w)
            for s, q in enumerate(state.players)
            for w in q.workers
            if w.where in ("route", "rest") and w.route == i
        ]
        if r.kind == "general" and r.start == seat and not on and not r.war_attackers:
            out.append(i)
        if r.kind == "alliance" and seat in (r.start, r.end) and all(s != seat for s, _ in on):
            out.append(i)
    return out


def land_workers(p: Player) -> list[int]:
    return [i for i, w in enumerate(p.workers) if w.where == "land"]


def one_by_one_cells(
    ctx: Ctx, p: Player, *, seas: bool, reclaimed: bool, built: bool = True
) -> list[tuple[int, int]]:
    """The 1x1 spaces of the empire, seas, reclaimed ones and ones holding a building only as
    asked, in reading order; found once per grid (``Grid.singles``)."""
    grid = grid_of(p, ctx.content)
    which = (seas, reclaimed, built)
    found = grid.singles.get(which)
    if found is None:
        found = grid.singles[which] = _one_by_one_cells(grid, seas=seas, reclaimed=reclaimed, built=built)
    return list(found)


def _one_by_one_cells(grid: Grid, *, seas: bool, reclaimed: bool, built: bool) -> list[Cell]:
    out = []
    for cells in grid.spaces.values():
        if len(cells) != 1:
            continue
        sq = grid.squares[cells[0]]
        if (sq.sea and not seas) or (sq.reclaimed and not reclaimed) or (sq.building and not built):
            continue
        out.append(cells[0])
    return sorted(out)


def build_cells(ctx: Ctx, state: State, p: Player) -> list[tuple[int, int]]:
    """Where Build Building may go: a 1x1 non-sea space (p. 10), also one already holding a building
    or a reclaimed wasteland, whose tile is then removed (#24); with ``build_over_tiles`` off,
    only a space with no building tile on it."""
    over = state.options.build_over_tiles
    return one_by_one_cells(ctx, p, seas=False, reclaimed=over, built=over)


class EmpireReads(NamedTuple):
    """What Administration's menu and moves read of a seat's empire (:func:`empire_reads`)."""

    transport: int
    """T, the most of one good an Exchange gives (p. 10)."""
    free: int
    """How many visible spaces have no worker (Birth needs one, p. 10)."""
    genghis: bool
    """Whether Genghis Khan is shown: a Trade then costs 1 food (p. 16)."""


def empire_reads(ctx: Ctx, state: State, seat: Seat) -> EmpireReads:
    """What Administration reads of the seat's empire whenever the seat has PP (the Transport,
    the spaces with no worker, Genghis Khan), read once per grid and the spaces its workers work
    (``Grid.reads``): the menu read the grid for each of them, and the Transport again for the
    Exchange steps' keys and the Exchange itself, after every action, where most actions change
    none of it. The Transport is the symbols of the spaces shown and worked (at least 0): the
    abilities that count workers or routes change other tracks (:func:`empire.grid_stats`). What
    only some goods make the menu read (the Wonders, the Personalities, a space to build on) is
    read as before, where they do: a Build or Reclaim makes a new grid, read afresh."""
    p = state.players[seat]
    grid = grid_of(p, ctx.content)
    worked = frozenset(worked_by(p.workers, grid))
    found: EmpireReads | None = grid.reads.get(worked)
    if found is None:
        found = grid.reads[worked] = EmpireReads(
            transport=grid_stats(grid, p.workers, seat, ctx.content, state.routes)[Stat.TRANSPORT],
            free=free_spaces(p, grid),
            genghis="genghis_khan" in abilities(p, ctx.content, grid),
        )
    return found


def admin_menu(ctx: Ctx, state: State, seat: Seat) -> list[Option]:
    """The actions ``seat`` can afford now."""
    p, c, era = state.players[seat], ctx.content.pp_costs, state.era
    g = p.goods
    # What an action's words say besides its name (:func:`admin_option`), and what the empire
    # allows, read only where the seat has the PP for an action that reads it: with none left,
    # the empire's grid is not read (nor drawn afresh after a Build or Reclaim) for a menu of
    # Done alone.
    food = transport = wonders = personalities = 0
    reads: EmpireReads | None = None
    if p.pp >= min(c.trade, c.exchange, c.birth, c.honour_wonders, c.honour_personalities, c.build_building):
        reads = empire_reads(ctx, state, seat)
    can: list[tuple[str, bool]] = [
        (
            "trade",
            reads is not None
            and p.pp >= c.trade
            and g.food >= (food := trade_food(era, reads.genghis))
            and bool(land_workers(p))
            and bool(trade_routes(state, seat)),
        ),
        (
            "exchange",
            reads is not None
            and p.pp >= c.exchange
            and (transport := reads.transport) > 0
            and (g.food + g.coins + g.resources) > 0,
        ),
        (
            "birth",
            reads is not None
            and p.pp >= c.birth
            and g.food >= per_era(era, BIRTH_FOOD)
            and p.born() < 8
            and reads.free > p.homing,
        ),
        (
            "honour_wonders",
            reads is not None
            and p.pp >= c.honour_wonders
            and g.resources >= per_era(era, HONOUR_WONDERS_RESOURCES)
            and (wonders := count_kind(p, ctx.content, "wonder")) > 0,
        ),
        (
            "honour_personalities",
            reads is not None
            and p.pp >= c.honour_personalities
            and g.food >= per_era(era, HONOUR_PERSONALITIES_FOOD)
            and (personalities := count_kind(p, ctx.content, "personality")) > 0,
        ),
        (
            "build_route",
            p.pp >= c.build_route
            and g.resources >= ROUTE_RESOURCES
            and not p.built_route
            and state.general_left > 0,
        ),
        ("reclaim", p.pp >= c.reclaim and g.resources >= RECLAIM_RESOURCES and bool(p.buildings)),
        (
            "build",
            reads is not None
            and p.pp >= c.build_building
            and bool(p.buildings)
            and any(ctx.content.buildings_by_id[b].cost <= g.resources for b in p.buildings)
            and bool(build_cells(ctx, state, p)),
        ),
        ("campaign", p.pp >= 1 and not p.campaigned),
    ]
    # Read above for each action offered.
    said: dict[str, object] = {
        "trade": food,
        "exchange": transport,
        "birth": era,
        "honour_wonders": (era, wonders),
        "honour_personalities": (era, personalities),
    }
    options = [admin_option(ctx, state, seat, name, said.get(name)) for name, ok in can if ok]
    if options:
        options += ask_turn_order_option(
            state, state.options.administration_in_turn_order, "turn_order.administration"
        )
    done = ("done_administration", state.options.unspent_pp_lost, p.pp)
    options.append(ctx.actions.kept(done, lambda: option(
        action=Done(), label=label("action.done_administration"), description=unspent(state, p.pp)
    )))
    return options


def admin_option(ctx: Ctx, state: State, seat: Seat, name: str, said: object) -> Option:
    """The Administration action ``name`` as a menu step, kept by all its description is drawn
    from (:func:`admin_description`, ``Ctx.actions``) besides its name, ``said``: the food of a
    Trade, the Transport, the era, with the Wonders or Personalities shown for Honour."""
    return ctx.actions.kept(("administration", name, said), lambda: option(
        action=pick(name),
        label=label(f"action.{name}"),
        description=admin_description(ctx, state, seat, name),
    ))


def admin_description(ctx: Ctx, state: State, seat: Seat, name: str) -> Message:
    """What the Administration action ``name`` costs and does (p. 10): PP, goods of the current
    era, effect."""
    p, c, era = state.players[seat], ctx.content.pp_costs, state.era
    match name:
        case "trade":
            return label("describe.trade", cost=spends(c.trade, food=trade_cost(ctx, state, seat)))
        case "exchange":
            return label(
                "describe.exchange", cost=spends(c.exchange), transport=stat(ctx, state, seat, Stat.TRANSPORT)
            )
        case "birth":
            return label("describe.birth", cost=spends(c.birth, food=per_era(era, BIRTH_FOOD)))
        case "honour_wonders":
            return label(
                "describe.honour_wonders",
                cost=spends(c.honour_wonders, resources=per_era(era, HONOUR_WONDERS_RESOURCES)),
                culture=count_kind(p, ctx.content, "wonder"),
            )
        case "honour_personalities":
            return label(
                "describe.honour_personalities",
                cost=spends(c.honour_personalities, food=per_era(era, HONOUR_PERSONALITIES_FOOD)),
                culture=count_kind(p, ctx.content, "personality"),
            )
        case "build_route":
            return label("describe.build_route", cost=spends(c.build_route, resources=ROUTE_RESOURCES))
        case "reclaim":
            return label("describe.reclaim", cost=spends(c.reclaim, resources=RECLAIM_RESOURCES))
        case "build":
            return label("describe.build", cost=spends(c.build_building))
        case "campaign":
            return label("describe.campaign")
    raise KeyError(name)


def unspent(state: State, pp: int) -> Message:
    """What becomes of the PP left when a seat ends Administration (#13, p. 9)."""
    return label("describe.pp_lost" if state.options.unspent_pp_lost else "describe.pp_kept", pp=pp)


def spendable(ctx: Ctx, state: State, seat: Seat, key: str) -> Message:
    """A title saying what the seat has to spend: PP and the goods actions are paid with, worded
    once per title and numbers (:attr:`Ctx.words`)."""
    p = state.players[seat]
    g = p.goods
    kept = ("spendable", key, p.pp, g.food, g.coins, g.resources)
    found = ctx.words.get(kept)
    if found is None:
        goods = gains({"food": g.food, "coins": g.coins, "resources": g.resources})
        found = ctx.words[kept] = label(key, pp=p.pp, goods=goods)
    return found


def admin_table(state: State) -> tuple[object, ...]:
    """What every seat's Administration prompt, folded, is drawn from besides its own player
    (:func:`admin_key`): the routes and the route workers of every seat (which routes a Trade
    may take), the routes left, the era, whose turn it would be when played in turn order, and
    the table options."""
    ordered = in_turn_order(state, state.options.administration_in_turn_order)
    return (
        "administration",
        routes_key(state.routes),
        tuple([tuple([(w.where, w.route) for w in q.workers if w.where != "land"]) for q in state.players]),
        state.general_left,
        state.era,
        state.in_turn_order,
        (state.first, tuple([q.done for q in state.players])) if ordered else None,
        options_key(state.options),
    )


def admin_key(ctx: Ctx, state: State, seat: Seat) -> tuple[object, ...]:
    """All that the seat's Administration prompt, folded, is drawn from (:func:`admin_prompt`)
    besides :func:`admin_table`: its goods, building tiles, empire (layers and tokens), workers,
    workers owed a space, tiles in hand, PP, menu, whether it is done, has campaigned or has
    built a route; another seat's action changes it only where it touches those. The rest of the
    seat's player (its colour and capital, which its layers name, its cards, the T read for
    Movement, and the flags and moved workers of Diplomacy, Movement and Patch) is left out: no
    rule of Administration reads it (an Exchange reads the Transport of the empire), and the key
    is read for every seat after every move."""
    p = state.players[seat]
    return (
        seat,
        goods_key(p.goods),
        tuple(p.buildings),
        layout_key(p, ctx.content),
        p.homing,
        tuple([(r.tile, r.side) for r in p.reserve]),
        p.pp,
        tuple(p.menu),
        p.done,
        p.campaigned,
        p.built_route,
    )


def admin_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    p = state.players[seat]
    if p.done:
        return None
    if in_turn_order(state, state.options.administration_in_turn_order) and waits_for_turn(
        state, seat, lambda s: not state.players[s].done
    ):
        return None
    title = spendable(ctx, state, seat, "administration.title")
    menu = p.path
    if not menu:
        return question(seat=seat, title=title, options=admin_menu(ctx, state, seat), simultaneous=True)
    head = menu[0]
    options = ADMIN_SUBMENUS[head](ctx, state, seat, menu[1:])
    number = None
    if head == "campaign":
        number = NumberChoice(
            low=1, high=max(1, p.pp), template=Campaign(pp=1), field="pp", label=label("campaign.pp")
        )
    return question(seat=seat, title=title, options=(*options, back()), simultaneous=True, number=number)


def trade_options(ctx: Ctx, state: State, seat: Seat, rest: list[str]) -> list[Option]:
    p = state.players[seat]
    trade = admin_description(ctx, state, seat, "trade")
    if not rest:
        return [
            option(
                action=pick(f"w:{i}"),
                label=label("worker", worker=i + 1, row=p.workers[i].row, col=p.workers[i].col),
                description=trade,
            )
            for i in land_workers(p)
        ]
    worker = int(rest[0][2:])
    return [
        option(
            action=Trade(worker=worker, route=r),
            label=label("route", route=r + 1, start_seat=state.routes[r].start, end_seat=state.routes[r].end),
            description=trade,
        )
        for r in trade_routes(state, seat)
    ][:MAX_MENU]


def exchange_options(ctx: Ctx, state: State, seat: Seat, rest: list[str]) -> list[Option]:
    """A step of the Exchange menu (p. 10, #35): the good to give, how much of it, the mix taken
    for it. Kept by all it is drawn from (:func:`exchange_key`)."""
    p = state.players[seat]
    t = empire_reads(ctx, state, seat).transport
    key = exchange_key(p.goods, t, rest)
    return list(ctx.exchanges.kept(key, lambda: tuple(_exchange_options(ctx, p.goods, t, rest))))


def exchange_key(goods: Goods, t: int, rest: list[str]) -> tuple[object, ...]:
    """All an Exchange menu step is drawn from: each good held and the most of it that may be
    given (Transport, p. 10), not how much more than that is held, so that an Exchange or a
    payment leaves the step as it was while every good held stays at or over T; then the good and
    the most of it (11 at most); then only the steps (the mixes of the amount, #35)."""
    if not rest:
        return (0, *(min(t, n) if n > 0 else None for n in (goods.food, goods.coins, goods.resources)))
    if len(rest) == 1:
        return (1, rest[0], min(t, getattr(goods, rest[0]), 11))
    return (2, *rest)


def _exchange_options(ctx: Ctx, goods: Goods, t: int, rest: list[str]) -> list[Option]:
    if not rest:
        return [
            option(
                action=pick(g),
                label=label("exchange.give", good=f"@patchistory.good_acc.{g}"),
                description=label("describe.exchange_give", most=min(t, getattr(goods, g))),
            )
            for g in ("food", "coins", "resources")
            if getattr(goods, g) > 0
        ]
    give = rest[0]
    c = ctx.content.pp_costs
    if len(rest) == 1:
        top = min(t, getattr(goods, give), 11)
        return [
            option(
                action=pick(f"n:{k}"),
                label=label("exchange.amount", amount=k, good=f"@patchistory.good.{give}"),
                description=label("describe.exchange_worth", cost=spends(c.exchange), value=k * VALUE[give]),
            )
            for k in range(1, top + 1)
        ]
    amount = int(rest[1][2:])
    return [
        option(
            action=a,
            label=label("exchange.mix", food=a.food, coins=a.coins, resources=a.resources),
            description=label(
                "describe.exchange_gives", cost=spends(c.exchange), gives=gains({give: amount})
            ),
        )
        for a in exchange_mixes(give, amount)
    ][:MAX_MENU]


def fair_exchange(action: Exchange) -> bool:
    """Whether ``action`` takes one of :func:`exchange_mixes` for what it gives: none of the good
    given, none of another below zero, and exactly the value given (1 resource = 2 food = 2
    coins). Read from its numbers, not by building every mix and comparing it (a move's check)."""
    food, coins, resources = action.food, action.coins, action.resources
    return (
        min(food, coins, resources) >= 0
        and getattr(action, action.give) == 0
        and 2 * resources + food + coins == action.amount * VALUE[action.give]
    )


def exchange_mixes(give: str, amount: int) -> list[Exchange]:
    """Every output mix of the other goods with exactly the input's value (#35)."""
    value = amount * VALUE[give]
    out = []
    for r in range(value // 2 + 1):
        for f in range(value - 2 * r + 1):
            c = value - 2 * r - f
            mix = {"resources": r, "food": f, "coins": c}
            if mix[give] == 0:
                out.append(Exchange(give=give, amount=amount, **mix))
    return out


def direct(action: object, key: str) -> Callable[[Ctx, State, Seat, list[str]], list[Option]]:
    return lambda ctx, state, seat, rest: [
        option(action=action, label=label(key), description=admin_description(ctx, state, seat, key[7:]))
    ]


def route_options(ctx: Ctx, state: State, seat: Seat, rest: list[str]) -> list[Option]:
    return [
        option(
            action=BuildRoute(target=s),
            label=label("target", target_seat=s),
            description=label(
                "describe.route_to",
                cost=spends(ctx.content.pp_costs.build_route, resources=ROUTE_RESOURCES),
                target_seat=s,
            ),
        )
        for s in range(len(state.players))
        if s != seat
    ]


def building_gives(ctx: Ctx, state: State, kind: str, building: str) -> Message:
    """Build Building pays the tile's resources and shows its symbols; Reclaim pays 1 resource and
    lays it Wasteland side up (p. 10); either way a new tile is drawn. Worded once per kind and
    tile (``Ctx.words``)."""
    key = ("building_gives", kind, None if kind == "reclaim" else building)
    found = ctx.words.get(key)
    if found is not None:
        return found
    c = ctx.content.pp_costs
    if kind == "reclaim":
        found = label("describe.reclaim_tile", cost=spends(c.reclaim, resources=RECLAIM_RESOURCES))
    else:
        b = ctx.content.buildings_by_id[building]
        cost = spends(c.build_building, resources=b.cost)
        found = label("describe.build_tile", cost=cost, gains=gains(dict(b.yields)))
    ctx.words[key] = found
    return found


def building_options(kind: str) -> Callable[[Ctx, State, Seat, list[str]], list[Option]]:
    def options(ctx: Ctx, state: State, seat: Seat, rest: list[str]) -> list[Option]:
        p = state.players[seat]
        if not rest:
            return [
                building_step(ctx, state, kind, i, b)
                for i, b in enumerate(p.buildings)
                if kind == "reclaim" or ctx.content.buildings_by_id[b].cost <= p.goods.resources
            ]
        return square_menu(ctx, state, seat, kind, rest)

    return options


def building_step(ctx: Ctx, state: State, kind: str, index: int, building: str) -> Option:
    """The step choosing the building tile ``building``, at ``index`` in hand, to build or reclaim
    with, kept by them (``Ctx.actions``): a new tile drawn changes one step of the menu."""
    return ctx.actions.kept(("building", kind, index, building), lambda: option(
        action=construct(Pick, choice=f"b:{index}"),
        label=label(
            "building",
            index=index + 1,
            building=building_name(ctx, building),
            cost=ctx.content.buildings_by_id[building].cost,
        ),
        description=building_gives(ctx, state, kind, building),
    ))


def square_menu(ctx: Ctx, state: State, seat: Seat, kind: str, rest: list[str]) -> list[Option]:
    """The squares a building tile (``rest``: the tile's step, then the row's) may be built on or
    reclaim, each saying what laying it there changes. Kept by all it is drawn from: the tile and
    its place in the seat's hand, the steps, the empire's tiles and tokens, the squares its
    workers stand on and whether a building may go over a tile (#24)."""
    index, laid, key = square_key(ctx, state, seat, kind, rest)
    return list(ctx.squares.kept(key, lambda: tuple(_square_menu(ctx, state, seat, kind, rest, index, laid))))


def square_key(
    ctx: Ctx, state: State, seat: Seat, kind: str, rest: list[str], empire: tuple[object, ...] | None = None
) -> tuple[int, str | None, tuple[object, ...]]:
    """The tile's place in hand, the tile laid (Build) and all :func:`square_menu` is drawn from;
    ``empire`` is :func:`empire_key` where read already."""
    p = state.players[seat]
    index = int(rest[0][2:])
    laid = p.buildings[index] if kind == "build" and 0 <= index < len(p.buildings) else None
    return index, laid, (kind, index, laid, tuple(rest), *(empire or empire_key(ctx, state, p)))


def empire_key(ctx: Ctx, state: State, p: Player) -> tuple[object, ...]:
    """What every square menu of the seat is drawn from besides the tile and the steps: the
    empire's tiles and tokens (named by their grid, ``Grid.name``: the keys of a fold's square
    steps held them as tuples, hashed again for each step), the squares its workers stand on and
    whether a building may go over a tile (#24)."""
    return (
        grid_of(p, ctx.content).name,
        tuple([(w.row, w.col) for w in p.workers if w.where == "land"]), state.options.build_over_tiles,
    )


def _square_menu(
    ctx: Ctx, state: State, seat: Seat, kind: str, rest: list[str], index: int, laid: str | None
) -> list[Option]:
    p = state.players[seat]
    if kind == "reclaim":
        cells = one_by_one_cells(ctx, p, seas=True, reclaimed=False)
    else:
        cells = build_cells(ctx, state, p)
    picked_row = next((int(m.split(":")[1]) for m in rest if m.startswith("row:")), None)
    if len(cells) > MAX_MENU and picked_row is None:
        return row_options(sorted({r for r, _ in cells}), [r for r, _ in cells])
    return square_options(
        ctx, state, seat, kind, index, laid, [c for c in cells if picked_row is None or c[0] == picked_row]
    )


def square_options(
    ctx: Ctx, state: State, seat: Seat, kind: str, index: int, laid: str | None, cells: list[Cell]
) -> list[Option]:
    """A Build or Reclaim option for each of ``cells``, each kept by the tile's place in hand, the
    square and what laying the tile there says (:attr:`Ctx.cells`)."""
    face = token_faces(ctx, state, seat, laid)
    key = f"{kind}.at"
    kept = ctx.cells
    # Worded only where a square's option is not kept (its grid and workers read then).
    words: list[Callable[[Cell], Message]] = []

    def made(r: int, c: int) -> Option:
        if not words:
            words.append(token_words(ctx, state, seat, laid))
        action: Reclaim | Build
        if kind == "reclaim":
            action = construct(Reclaim, building=index, row=r, col=c)
        else:
            action = construct(Build, building=index, row=r, col=c)
        return option(action=action, label=label(key, row=r, col=c), description=words[0]((r, c)))

    options = []
    for r, c in cells:
        square = (kind, index, r, c, face((r, c)))
        found = kept.get(square)
        options.append(kept.put(square, made(r, c)) if found is None else found)
    return options


ADMIN_SUBMENUS: dict[str, Callable[[Ctx, State, Seat, list[str]], list[Option]]] = {
    "trade": trade_options,
    "exchange": exchange_options,
    "birth": direct(Birth(), "action.birth"),
    "honour_wonders": direct(HonourWonders(), "action.honour_wonders"),
    "honour_personalities": direct(HonourPersonalities(), "action.honour_personalities"),
    "build_route": route_options,
    "reclaim": building_options("reclaim"),
    "build": building_options("build"),
    "campaign": lambda ctx, state, seat, rest: [],
}


def submenu_keys(ctx: Ctx, state: State, seat: Seat) -> Callable[[str], tuple[object, ...] | None]:
    """For each step ``choice`` of the seat's Administration menu, all that its answers
    (``menus.fold``) are drawn from, narrower than the seat's whole prompt (:func:`admin_key`): an
    action that spends PP or goods leaves most of the menu's steps alone. A fold asks only while
    the seat's prompt is open, so whether it is done or waits for its turn is the same for every
    state a key names. What the steps share (the steps taken, the Transport, the empire a square
    menu is drawn from) is read once: a fold reads a key for each of some twenty steps."""
    p = state.players[seat]
    taken = p.path
    # Read once a step needs them.
    transport: list[int] = []
    empire: list[tuple[object, ...]] = []

    def key(choice: str) -> tuple[object, ...] | None:
        path = [*taken, *choice.split(SEPARATOR)]
        head, rest = path[0], path[1:]
        match head:
            case "trade":
                land = tuple((i, p.workers[i].row, p.workers[i].col) for i in land_workers(p))
                ends = tuple(
                    (r, state.routes[r].start, state.routes[r].end) for r in trade_routes(state, seat)
                )
                return (head, tuple(rest), trade_cost(ctx, state, seat), land, ends)
            case "exchange":
                t = 0
                if len(rest) < 2:
                    if not transport:
                        transport.append(empire_reads(ctx, state, seat).transport)
                    t = transport[0]
                return (head, exchange_key(p.goods, t, rest))
            case "birth":
                return (head, tuple(rest), state.era)
            case "honour_wonders" | "honour_personalities":
                kind = "wonder" if head == "honour_wonders" else "personality"
                return (head, tuple(rest), state.era, count_kind(p, ctx.content, kind))
            case "build_route":
                return (head, tuple(rest), seat, len(state.players))
            case "campaign":
                return (head, tuple(rest))
            case "reclaim" if not rest:
                # Every tile in hand may be reclaimed with, whatever it costs to build.
                return (head, tuple(p.buildings))
            case "build" if not rest:
                resources = p.goods.resources
                costs = ctx.content.buildings_by_id
                return (head, tuple(p.buildings), tuple(costs[b].cost <= resources for b in p.buildings))
            case "reclaim" | "build":
                if not empire:
                    empire.append(empire_key(ctx, state, p))
                return ("squares", square_key(ctx, state, seat, head, rest, empire[0])[2])
        return None

    return key


def check_admin(state: State, seat: Seat) -> Player:
    p = state.players[seat]
    if state.phase != Phase.ADMINISTRATION or p.done:
        raise fail("Administration is not open for you now.", "not_administration")
    p.menu = []
    return p


def play_trade(ctx: Ctx, state: State, seat: Seat, action: Trade) -> list[Event]:
    p = check_admin(state, seat)
    if action.worker not in land_workers(p):
        raise fail("Choose one of your workers in your territory.", "no_worker")
    if action.route not in trade_routes(state, seat):
        raise fail("Your worker cannot enter that route.", "route_closed")
    food = trade_cost(ctx, state, seat)
    need(p.goods, "food", food, "Trade")
    spend_pp(p, ctx.content.pp_costs.trade, "Trade")
    p.goods.food -= food
    p.workers[action.worker] = Worker(where="route", route=action.route, step=0)
    return [event("trade", seat=seat, route=action.route + 1)]


def play_exchange(ctx: Ctx, state: State, seat: Seat, action: Exchange) -> list[Event]:
    p = check_admin(state, seat)
    t = empire_reads(ctx, state, seat).transport
    if not 1 <= action.amount <= t:
        raise fail(f"One Exchange gives up to T = {t} units of one good.", "exchange_t", t=t)
    if not fair_exchange(action):
        raise fail(
            "The goods received must be worth exactly what you give, in other goods.", "exchange_value"
        )
    need(p.goods, action.give, action.amount, "This Exchange")
    spend_pp(p, ctx.content.pp_costs.exchange, "Exchange")
    setattr(p.goods, action.give, getattr(p.goods, action.give) - action.amount)
    p.goods.food += action.food
    p.goods.coins += action.coins
    p.goods.resources += action.resources
    return [event("exchange", seat=seat)]


def play_birth(ctx: Ctx, state: State, seat: Seat) -> list[Event]:
    p = check_admin(state, seat)
    if p.born() >= 8:
        raise fail("All your workers are born.", "no_descendant")
    if empire_reads(ctx, state, seat).free <= p.homing:
        raise fail("A newborn worker needs an empty space.", "no_space")
    food = per_era(state.era, BIRTH_FOOD)
    need(p.goods, "food", food, "Birth")
    spend_pp(p, ctx.content.pp_costs.birth, "Birth")
    p.goods.food -= food
    p.homing += 1
    return [event("birth", seat=seat)]


def play_honour(ctx: Ctx, state: State, seat: Seat, kind: str) -> list[Event]:
    p = check_admin(state, seat)
    if kind == "wonder":
        good, cost, pp = (
            "resources",
            per_era(state.era, HONOUR_WONDERS_RESOURCES),
            ctx.content.pp_costs.honour_wonders,
        )
    else:
        good, cost, pp = (
            "food",
            per_era(state.era, HONOUR_PERSONALITIES_FOOD),
            ctx.content.pp_costs.honour_personalities,
        )
    need(p.goods, good, cost, "Honour")
    spend_pp(p, pp, "Honour")
    setattr(p.goods, good, getattr(p.goods, good) - cost)
    gain = count_kind(p, ctx.content, kind)
    p.goods.culture += gain
    return [event("honour", seat=seat, culture=gain, kind=f"@patchistory.kind.{kind}")]


def play_build_route(ctx: Ctx, state: State, seat: Seat, action: BuildRoute) -> list[Event]:
    p = check_admin(state, seat)
    if p.built_route:
        raise fail("You may build one trade route per round.", "one_route")
    if not 0 <= action.target < len(state.players) or action.target == seat:
        raise fail("Build the route to another player.", "bad_target")
    if state.general_left <= 0:
        raise fail("No general trade route is left in the supply.", "no_routes")
    need(p.goods, "resources", ROUTE_RESOURCES, "Build Trade Route")
    spend_pp(p, ctx.content.pp_costs.build_route, "Build Trade Route")
    p.goods.resources -= ROUTE_RESOURCES
    p.built_route = True
    state.general_left -= 1
    from rules.patchistory.state import Route

    state.routes.append(Route(kind="general", start=seat, end=action.target))
    return [event("route_built", seat=seat, other_seat=action.target)]


def play_reclaim(ctx: Ctx, state: State, seat: Seat, action: Reclaim) -> list[Event]:
    p = check_admin(state, seat)
    if not 0 <= action.building < len(p.buildings):
        raise fail("You have no such building tile.", "no_building")
    if (action.row, action.col) not in one_by_one_cells(ctx, p, seas=True, reclaimed=False):
        raise fail("Reclaim a 1x1 space of your territory.", "reclaim_space")
    need(p.goods, "resources", RECLAIM_RESOURCES, "Reclaim")
    spend_pp(p, ctx.content.pp_costs.reclaim, "Reclaim")
    p.goods.resources -= RECLAIM_RESOURCES
    lay_token(p, action.row, action.col, None)
    p.buildings[action.building] = draw_building(ctx, state.rng)
    return [event("reclaimed", seat=seat, row=action.row, col=action.col, reveals=True)]


def lay_token(p: Player, row: int, col: int, building: str | None) -> None:
    p.tokens = (*[t for t in p.tokens if (t[0], t[1]) != (row, col)], (row, col, building))


def play_build(ctx: Ctx, state: State, seat: Seat, action: Build) -> list[Event]:
    p = check_admin(state, seat)
    if not 0 <= action.building < len(p.buildings):
        raise fail("You have no such building tile.", "no_building")
    if (action.row, action.col) not in build_cells(ctx, state, p):
        if not state.options.build_over_tiles:
            raise fail("At this table, build on a free 1x1 space that is not a sea.", "build_free_space")
        raise fail("Build on a 1x1 space of your territory that is not a sea.", "build_space")
    building = p.buildings[action.building]
    need(p.goods, "resources", ctx.content.buildings_by_id[building].cost, "This building")
    spend_pp(p, ctx.content.pp_costs.build_building, "Build Building")
    p.goods.resources -= ctx.content.buildings_by_id[building].cost
    lay_token(p, action.row, action.col, building)
    p.buildings[action.building] = draw_building(ctx, state.rng)
    return [
        event(
            "built",
            seat=seat,
            building=building_name(ctx, building),
            row=action.row,
            col=action.col,
            reveals=True,
        )
    ]


def play_campaign(ctx: Ctx, state: State, seat: Seat, action: Campaign) -> list[Event]:
    p = check_admin(state, seat)
    if p.campaigned:
        raise fail("Campaign is once per round.", "campaign_once")
    if not 1 <= action.pp <= p.pp:
        raise fail(f"Spend 1 to {p.pp} PP on the Campaign.", "campaign_pp", high=p.pp)
    p.pp -= action.pp
    p.goods.votes += action.pp
    p.campaigned = True
    return [event("campaign", seat=seat, votes=action.pp)]


def play_end_admin(ctx: Ctx, state: State, seat: Seat) -> list[Event]:
    p = check_admin(state, seat)
    p.done = True
    if state.options.unspent_pp_lost:
        p.pp = 0
    return [event("admin_done", seat=seat)]
