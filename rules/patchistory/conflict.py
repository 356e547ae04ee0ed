"""Phase 4, Negotiations & War (§10): secret red/blue, alliances, war declared, war resolved.

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from dataclasses import replace

from rules.core import Event, NumberChoice, Prompt, Seat
from rules.core.messages import Param
from rules.core.unchecked import option, question
from rules.patchistory.actions import Agree, Choose, ChooseWar, Done, Orient, Reclaim, Spend
from rules.patchistory.common import (
    Ctx,
    back,
    building_name,
    cell_options,
    change_words,
    event,
    fail,
    gains,
    label,
    pay,
    per_era,
    pick,
    stat,
    token_change,
)
from rules.patchistory.content import Stat
from rules.patchistory.empire import abilities
from rules.patchistory.flow import draw_building, war_prep
from rules.patchistory.patching import allied
from rules.patchistory.politics import lay_token, one_by_one_cells
from rules.patchistory.state import Negotiation, Phase, Route, State, War

ATTACKER_CULTURE = (5, 10, 15)
DEFENDER_CULTURE = (3, 6, 9)


def route_worker(state: State, index: int, step: int) -> tuple[Seat, int] | None:
    """(owner, worker index) of the worker at ``step`` on general route ``index``."""
    for seat, p in enumerate(state.players):
        for i, w in enumerate(p.workers):
            if w.where == "route" and w.route == index and w.step == step:
                return seat, i
    return None


def start(ctx: Ctx, state: State) -> list[Event]:
    """Queue negotiations then wars in turn order of the route owners (p. 12)."""
    routes = ctx.content.routes
    order = state.order()

    def queue(step: int) -> list[int]:
        found = [
            i for i, r in enumerate(state.routes) if r.kind == "general" and route_worker(state, i, step)
        ]
        return sorted(found, key=lambda i: order.index(state.routes[i].start))

    if state.routes:
        negotiations = [i for i in queue(routes.negotiation) if not state.routes[i].war_attackers]
        wars = [i for i in queue(routes.war) if state.routes[i].war_attackers]
    else:
        negotiations, wars = [], []
    # Each queue written only where it changes (most rounds queue nothing).
    if state.negotiations != negotiations:
        state.negotiations = negotiations
    if state.wars != wars:
        state.wars = wars
    state.phase = Phase.NEGOTIATION
    return [event("phase.negotiation")] if state.negotiations or state.wars else []


def send_home(state: State, route: int, step: int) -> None:
    found = route_worker(state, route, step)
    if found is not None:
        seat, i = found
        p = state.players[seat]
        p.workers.pop(i)
        p.homing += 1


def advance(ctx: Ctx, state: State) -> list[Event]:
    """Open the next negotiation or war; ``[]`` and phase left unchanged while one is open."""
    events: list[Event] = []
    while state.negotiation is None and state.negotiations:
        index = state.negotiations.pop(0)
        r = state.routes[index]
        if allied(state, r.start, r.end):
            send_home(state, index, ctx.content.routes.negotiation)  # #16
            events.append(event("no_negotiation_allies", seat=r.start, other_seat=r.end))
            continue
        state.negotiation = Negotiation(route=index)
        events.append(event("negotiation", seat=r.start, other_seat=r.end))
    if state.negotiation is not None:
        return events
    for index in list(state.wars):
        r = state.routes[index]
        if allied(state, r.start, r.end):
            state.wars.remove(index)
            state.routes[index] = replace(r, war_attackers=[], war_declared=None)
            send_home(state, index, ctx.content.routes.war)  # #41
            events.append(event("war_lapsed", seat=r.start, other_seat=r.end))
    if state.war is None and state.wars and state.war_chooser is None:
        chooser = next(s for s in state.order() if any(s in parties(state, i) for i in state.wars))
        theirs = [i for i in state.wars if chooser in parties(state, i)]
        if len(theirs) > 1:
            # p. 12: on their turn, a player chooses the order of the wars they are in.
            state.war_chooser = chooser
            return events
        events += open_war(state, theirs[0])
    return events


def parties(state: State, route: int) -> tuple[Seat, Seat]:
    r = state.routes[route]
    return r.start, r.end


def prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    if state.stealth is not None:
        return stealth_prompt(ctx, state, seat)
    if state.war_chooser is not None:
        return war_order_prompt(state, seat)
    n = state.negotiation
    if n is not None:
        if seat not in parties(state, n.route):
            return None
        if n.stage == "choose" and seat not in n.choices:
            sides = tuple(
                option(
                    action=Choose(colour=colour),
                    label=label(f"negotiation.{colour}"),
                    description=label(f"describe.{colour}", resources=war_prep(state.era)),
                )
                for colour in ("red", "blue")
                if colour == "blue" or may_attack(state, seat)
            )
            return question(
                seat=seat,
                title=label("negotiation.title", other_seat=other(state, n.route, seat)),
                options=sides,
                secret=True,
                simultaneous=True,
            )
        if n.stage == "orient":
            return orient_prompt(ctx, state, seat)
        if n.stage == "ally" and seat not in n.consent:
            answers = (
                option(
                    action=Agree(ally=True),
                    label=label("negotiation.ally"),
                    description=label("describe.ally"),
                ),
                option(
                    action=Agree(ally=False),
                    label=label("negotiation.no_ally"),
                    description=label("describe.no_ally"),
                ),
            )
            return question(
                seat=seat, title=label("negotiation.both_blue"), options=answers, simultaneous=True
            )
        return None
    w = state.war
    if w is None or seat not in parties(state, w.route) or seat in w.spend:
        return None
    p = state.players[seat]
    joan = "joan_of_arc" in abilities(p, ctx.content) and p.goods.votes > 0
    votes = next((int(m[2:]) for m in p.path if m.startswith("v:")), None)
    title = label("war.title", resources=p.goods.resources, votes=p.goods.votes if joan else 0)
    if joan and votes is None:
        options = [
            option(
                action=pick(f"v:{k}"),
                label=label("war.votes", votes=k),
                description=label("describe.war_votes", votes=k, left=p.goods.votes - k),
            )
            for k in range(min(p.goods.votes, 24) + 1)
        ]
        return question(seat=seat, title=title, options=tuple(options), secret=True, simultaneous=True)
    number = NumberChoice(
        low=0,
        high=p.goods.resources,
        template=Spend(resources=0, votes=votes or 0),
        field="resources",
        label=label("war.resources"),
    )
    return question(
        seat=seat,
        title=title,
        options=(back(),) if votes is not None else (),
        number=number,
        secret=True,
        simultaneous=True,
    )


def other(state: State, route: int, seat: Seat) -> Seat:
    a, b = parties(state, route)
    return b if seat == a else a


def may_attack(state: State, seat: Seat) -> bool:
    """An attacker who cannot pay the war preparation still attacks, paying what they can (§19
    #17); with ``attack_without_preparation`` off, only a player who can pay it may choose red."""
    if state.options.attack_without_preparation:
        return True
    return state.players[seat].goods.resources >= war_prep(state.era)


def play_choose(ctx: Ctx, state: State, seat: Seat, action: Choose) -> list[Event]:
    n = state.negotiation
    if n is None or n.stage != "choose" or seat not in parties(state, n.route) or seat in n.choices:
        raise fail("You have no negotiation choice to make.", "no_negotiation")
    if action.colour == "red" and not may_attack(state, seat):
        cost = war_prep(state.era)
        raise fail(
            f"Attacking needs the war preparation of {cost} resources at this table.", "war_prep", need=cost
        )
    n.choices[seat] = action.colour
    if len(n.choices) < 2:
        return [event("chose", seat=seat)]
    r = state.routes[n.route]
    reds = [s for s in (r.start, r.end) if n.choices[s] == "red"]
    events = [
        event(
            "negotiation.revealed",
            seat=r.start,
            colour=f"@patchistory.colour.{n.choices[r.start]}",
            other_seat=r.end,
            other_colour=f"@patchistory.colour.{n.choices[r.end]}",
            reveals=True,
        )
    ]
    if reds:
        state.routes[n.route] = replace(r, war_attackers=reds, war_declared=(state.era, state.round))
        cost = war_prep(state.era)
        for s in reds:
            short = pay(state.players[s].goods, "resources", cost)
            events.append(event("war_declared", seat=s, paid=cost - short))
        state.negotiation = None
        return events
    if state.alliance_left > 0:
        n.stage = "ally"
        return events
    send_home(state, n.route, ctx.content.routes.negotiation)
    state.negotiation = None
    return events


def play_agree(ctx: Ctx, state: State, seat: Seat, action: Agree) -> list[Event]:
    n = state.negotiation
    if n is None or n.stage != "ally" or seat not in parties(state, n.route) or seat in n.consent:
        raise fail("No alliance is being proposed to you.", "no_alliance")
    n.consent[seat] = action.ally
    if len(n.consent) < 2:
        return []
    r = state.routes[n.route]
    if all(n.consent.values()) and state.alliance_left > 0 and not allied(state, r.start, r.end):
        if not orientation_matters(ctx):
            return form_alliance(ctx, state, r.start)
        n.stage = "orient"
        return []
    send_home(state, n.route, ctx.content.routes.negotiation)
    state.negotiation = None
    return []


def orientation_matters(ctx: Ctx) -> bool:
    """Whether the alliance route reads differently from its two ends (its spaces' yields)."""
    spaces = [s.yields for s in ctx.content.routes.alliance]
    return spaces != spaces[::-1]


def form_alliance(ctx: Ctx, state: State, start: Seat) -> list[Event]:
    """Both agreed (p. 12): an alliance route between them, its Start on ``start``'s side; the
    negotiating worker goes home."""
    n = state.negotiation
    assert n is not None
    r = state.routes[n.route]
    state.alliance_left -= 1
    end = r.end if start == r.start else r.start
    state.routes.append(Route(kind="alliance", start=start, end=end))
    send_home(state, n.route, ctx.content.routes.negotiation)
    state.negotiation = None
    return [event("alliance", seat=r.start, other_seat=r.end)]


def orient_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    """The owner of the negotiating worker chooses the alliance route's orientation (p. 12)."""
    n = state.negotiation
    assert n is not None
    r = state.routes[n.route]
    if seat != r.start:
        return None
    spaces = ctx.content.routes.alliance
    options = []
    for start, key in ((r.start, "negotiation.orient_mine"), (r.end, "negotiation.orient_theirs")):
        mine = [s.yields for s in spaces] if start == seat else [s.yields for s in spaces][::-1]
        path: list[Param] = [
            label("route_space", number=i, gains=gains(yields)) for i, yields in enumerate(mine[1:-1], 1)
        ]
        options.append(
            option(
                action=Orient(start=start),
                label=label(key, other_seat=r.end),
                description=label("negotiation.orient_path", path=path),
            )
        )
    return question(
        seat=seat, title=label("negotiation.orient_title", other_seat=r.end), options=tuple(options)
    )


def play_orient(ctx: Ctx, state: State, seat: Seat, action: Orient) -> list[Event]:
    n = state.negotiation
    if n is None or n.stage != "orient" or seat != state.routes[n.route].start:
        raise fail("You have no alliance route to place.", "no_orient")
    r = state.routes[n.route]
    if action.start not in (r.start, r.end):
        raise fail("The alliance route starts at one of the two allies.", "bad_target")
    return form_alliance(ctx, state, action.start)


def play_spend(ctx: Ctx, state: State, seat: Seat, action: Spend) -> list[Event]:
    w = state.war
    if w is None or seat not in parties(state, w.route) or seat in w.spend:
        raise fail("You have no war to commit resources to.", "no_war")
    p = state.players[seat]
    if not 0 <= action.resources <= p.goods.resources:
        raise fail(f"Commit 0 to {p.goods.resources} resources.", "spend_range", high=p.goods.resources)
    if action.votes and (
        "joan_of_arc" not in abilities(p, ctx.content) or not 0 <= action.votes <= p.goods.votes
    ):
        raise fail("Only Joan of Arc lets you spend votes, up to what you hold.", "spend_votes")
    if action.votes < 0:
        raise fail("Votes cannot be negative.", "spend_votes")
    w.spend[seat] = (action.resources, action.votes)
    p.menu = []
    if len(w.spend) < 2:
        return [event("committed", seat=seat)]
    return resolve(ctx, state)


def strength(ctx: Ctx, state: State, war: War, seat: Seat) -> int:
    """Attackers: Military; the defender: Military + Defence; plus what was spent (p. 12)."""
    base = stat(ctx, state, seat, Stat.MILITARY)
    if seat == war.defender:
        base += stat(ctx, state, seat, Stat.DEFENCE)
    res, votes = war.spend.get(seat, (0, 0))
    return base + res + votes


def resolve(ctx: Ctx, state: State) -> list[Event]:
    """Higher total wins; a tie goes to the defender, or nobody when both attacked (p. 12)."""
    w = state.war
    assert w is not None
    a, b = parties(state, w.route)
    for s in (a, b):
        res, votes = w.spend[s]
        state.players[s].goods.resources -= res
        state.players[s].goods.votes -= votes
    ta, tb = strength(ctx, state, w, a), strength(ctx, state, w, b)
    events = [
        event(
            "war.revealed",
            seat=a,
            total=ta,
            other_seat=b,
            other_total=tb,
            spent=w.spend[a][0] + w.spend[a][1],
            other_spent=w.spend[b][0] + w.spend[b][1],
            reveals=True,
        )
    ]
    winner = w.defender if ta == tb else (a if ta > tb else b)
    state.routes[w.route] = replace(state.routes[w.route], war_attackers=[], war_declared=None)
    send_home(state, w.route, ctx.content.routes.war)
    state.war = None
    if winner is None:
        return [*events, event("war.no_winner")]
    loser = b if winner == a else a
    table = DEFENDER_CULTURE if winner == w.defender else ATTACKER_CULTURE
    gain = per_era(state.era, table)
    win_p, lose_p = state.players[winner], state.players[loser]
    win_p.goods.culture += gain
    events.append(event("war.won", seat=winner, other_seat=loser, culture=gain))
    margin = abs(ta - tb)
    if margin >= state.options.great_victory_margin:
        steal = state.options.great_victory_steal
        short = pay(lose_p.goods, "culture", steal)
        win_p.goods.culture += steal - short
        events.append(event("war.great", seat=winner, other_seat=loser, culture=steal - short))
    if "stealth_aircraft" in abilities(win_p, ctx.content) and win_p.buildings:
        state.stealth = (winner, loser)
    return events


def stealth_prompt(ctx: Ctx, state: State, seat: Seat) -> Prompt | None:
    """Stealth Aircraft: reclaim a 1x1 space of the defeated player for free (p. 16)."""
    assert state.stealth is not None
    winner, loser = state.stealth
    if seat != winner:
        return None
    p = state.players[seat]
    tile = next((int(m[2:]) for m in p.path if m.startswith("b:")), None)
    if tile is None:
        # First the building tile given up (Wasteland side up), then the square.
        options = [
            option(
                action=pick(f"b:{i}"),
                label=label("stealth.tile", index=i + 1, building=building_name(ctx, b)),
                description=label("describe.stealth_tile"),
            )
            for i, b in enumerate(p.buildings)
        ]
        skip = option(action=Done(), label=label("stealth.skip"), description=label("describe.stealth_skip"))
        options.append(skip)
        return question(seat=seat, title=label("stealth.title", other_seat=loser), options=tuple(options))
    cells = one_by_one_cells(ctx, state.players[loser], seas=True, reclaimed=False)
    options, _ = cell_options(
        cells,
        lambda r, c: Reclaim(building=tile, row=r, col=c),
        p.path[1:],
        "",
        "stealth.at",
        lambda r, c: label(
            "describe.their_square",
            other_seat=loser,
            change=change_words(token_change(ctx, state, loser, (r, c), None)),
        ),
        other_seat=loser,
    )
    options.append(back())
    return question(seat=seat, title=label("stealth.title", other_seat=loser), options=tuple(options))


def play_stealth(ctx: Ctx, state: State, seat: Seat, action: Reclaim | Done) -> list[Event]:
    assert state.stealth is not None
    winner, loser = state.stealth
    if seat != winner:
        raise fail("Only the Stealth Aircraft's owner decides now.", "not_stealth")
    p = state.players[seat]
    p.menu = []
    if isinstance(action, Done):
        state.stealth = None
        return []
    victim = state.players[loser]
    if not 0 <= action.building < len(p.buildings):
        raise fail("You have no such building tile.", "no_building")
    if (action.row, action.col) not in one_by_one_cells(ctx, victim, seas=True, reclaimed=False):
        raise fail("Choose a 1x1 space of the defeated player's empire.", "reclaim_space")
    lay_token(victim, action.row, action.col, None)
    p.buildings[action.building] = draw_building(ctx, state.rng)
    state.stealth = None
    return [event("stealth", seat=seat, other_seat=loser, row=action.row, col=action.col, reveals=True)]


def lapse_final_wars(state: State) -> None:
    """Spec 19 #18: a war declared in the last round of era 3 is never resolved."""
    state.routes[:] = [replace(r, war_attackers=[], war_declared=None) for r in state.routes]


def war_order_prompt(state: State, seat: Seat) -> Prompt | None:
    if seat != state.war_chooser:
        return None
    options = [
        option(
            action=ChooseWar(route=i),
            label=label("war.pick", route=i + 1, other_seat=other(state, i, seat)),
            description=label("describe.war_first"),
        )
        for i in state.wars
        if seat in parties(state, i)
    ]
    return question(seat=seat, title=label("war.order"), options=tuple(options[:25]))


def play_choose_war(ctx: Ctx, state: State, seat: Seat, action: ChooseWar) -> list[Event]:
    """The chooser's war to fight next; the others follow in their turn (p. 12)."""
    mine = action.route in state.wars and seat in parties(state, action.route)
    if seat != state.war_chooser or not mine:
        raise fail("Choose one of your own wars to fight next.", "war_order")
    state.war_chooser = None
    return open_war(state, action.route)


def open_war(state: State, index: int) -> list[Event]:
    state.wars.remove(index)
    r = state.routes[index]
    defender = next((s for s in (r.start, r.end) if s not in r.war_attackers), None)
    state.war = War(route=index, attackers=list(r.war_attackers), defender=defender)
    return [event("war", seat=r.start, other_seat=r.end)]
