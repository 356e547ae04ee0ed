"""What each seat owes now, as prompts of at most 25 options (DESIGN.md, "Prompts").

On a turn the choice goes in steps: the tile (or the tile type, then which tile of it), then the
worker, then the cell, each legal cell labelled with the favour it would give (24 a page). Market
trades are one unit at a time. When the flat list of first steps would exceed 25, it is grouped
into build / activate / special first.
"""

from __future__ import annotations

from rules.core import MAX_OPTIONS, Message, NumberChoice, Option, Prompt, msg
from rules.praetor.actions import Activate, Back, Build, Done, Emergency, Pass, Pick, Trade
from rules.praetor.content import GOODS, Content
from rules.praetor.grid import open_cells
from rules.praetor.legal import activatable, buildable, exps, specials
from rules.praetor.rounds import academy_choices, emergency_due
from rules.praetor.state import Draft, State
from rules.praetor.table import placed, tile_label
from rules.praetor.turns import build_favour, current_seat

CELLS_PER_PAGE = MAX_OPTIONS - 2
"""Cells on one page, leaving room for "more cells" and "back"."""


def pending(content: Content, state: State) -> dict[int, Prompt]:
    if state.phase == "over":
        return {}
    if state.phase == "academy":
        return {s: _academy_prompt(content, state, s) for s in state.order
                if s not in state.choices and academy_choices(content, state, s)}
    if state.phase == "emergency":
        return {s: _emergency_prompt(s) for s in state.order
                if s not in state.choices and emergency_due(state, s)}
    seat = current_seat(state)
    assert seat is not None
    if state.market is not None:
        return {seat: _market_prompt(content, state, seat)}
    return {seat: turn_prompt(content, state, seat)}


def _academy_prompt(content: Content, state: State, seat: int) -> Prompt:
    options = []
    for choice in academy_choices(content, state, seat):
        if not choice.skip:
            label = msg("praetor.opt.academy_no")
        elif choice.pay_to is None:
            label = msg("praetor.opt.academy_free")
        else:
            label = msg("praetor.opt.academy_pay", owner_seat=choice.pay_to)
        options.append(Option(action=choice, label=label))
    return Prompt(seat=seat, title=msg("praetor.ask.academy", count=state.players[seat].level1),
                  options=tuple(options), simultaneous=True)


def _emergency_prompt(seat: int) -> Prompt:
    return Prompt(seat=seat, title=msg("praetor.ask.emergency"), simultaneous=True,
                  options=(Option(action=Emergency(hire=True), label=msg("praetor.opt.emergency_yes")),
                           Option(action=Emergency(hire=False), label=msg("praetor.opt.emergency_no"))))


def _market_prompt(content: Content, state: State, seat: int) -> Prompt:
    player = state.players[seat]
    prices = content.board(player.board).market
    options = []
    for good in GOODS:
        word = f"@praetor.res.{good}"
        if player.stock.gold >= prices[good].buy:
            options.append(Option(action=Trade.model_validate({"resource": good, "buy": True}),
                                  label=msg("praetor.opt.buy", resource=word, gold=prices[good].buy)))
        if player.stock.get(good) > 0:
            options.append(Option(action=Trade.model_validate({"resource": good, "buy": False}),
                                  label=msg("praetor.opt.sell", resource=word, gold=prices[good].sell)))
    options.append(Option(action=Done(), label=msg("praetor.opt.done")))
    return Prompt(seat=seat, title=msg("praetor.ask.market", gold=player.stock.gold), options=tuple(options))


def turn_prompt(content: Content, state: State, seat: int) -> Prompt:
    """The step the seat's draft has reached (see the module docstring)."""
    draft = state.draft
    back = Option(action=Back(), label=msg("praetor.opt.back"))
    if draft.build is not None:
        return _worker_or_cells(content, state, seat, draft, back)
    if draft.type is not None or draft.tile is not None:
        return _activation(content, state, seat, draft, back)
    if draft.via is not None:
        items = _targets(content, state, seat, draft.via)
        return Prompt(seat=seat, title=msg("praetor.ask.target"), options=(*items, back))
    items = _first_steps(content, state, seat)
    if draft.group is not None:
        chosen = [o for o in items if _group(o) == draft.group]
        return Prompt(seat=seat, title=msg("praetor.ask.turn", round=state.round), options=(*chosen, back))
    if len(items) + 1 > MAX_OPTIONS:
        groups = sorted({_group(o) for o in items}, key=["build", "activate", "special"].index)
        items = [Option(action=Pick.model_validate({"group": g}), label=msg(f"praetor.opt.group_{g}"))
                 for g in groups]
    return Prompt(seat=seat, title=msg("praetor.ask.turn", round=state.round),
                  options=(*items, Option(action=Pass(), label=msg("praetor.opt.pass"))))


def _group(option: Option) -> str:
    action = option.action
    assert isinstance(action, Pick)
    return "build" if action.build else ("special" if action.via else "activate")


def _first_steps(content: Content, state: State, seat: int) -> list[Option]:
    items = [Option(action=Pick(build=uid), label=msg("praetor.opt.build", tile=tile_label(content, uid)))
             for uid in buildable(content, state, seat)]
    items += _types(content, state, seat, None)
    for uid in specials(content, state, seat):
        label = msg("praetor.opt.special", tile=tile_label(content, uid))
        items.append(Option(action=Pick(via=uid), label=label))
    return items


def _types(content: Content, state: State, seat: int, via: str | None) -> list[Option]:
    seen: dict[str, None] = {}
    for uid in activatable(content, state, seat, via):
        seen.setdefault(content.type_of(uid).id, None)
    return [Option(action=Pick(type=t), label=msg("praetor.opt.activate",
                                                 tile=next(k.name for k in content.tile_types if k.id == t)))
            for t in seen]


def _targets(content: Content, state: State, seat: int, via: str) -> list[Option]:
    items = []
    if state.options.encampment_can_build:
        items = [Option(action=Pick(build=uid), label=msg("praetor.opt.build", tile=tile_label(content, uid)))
                 for uid in buildable(content, state, seat, via)]
    return items + _types(content, state, seat, via)


def _worker_or_cells(content: Content, state: State, seat: int, draft: Draft, back: Option) -> Prompt:
    assert draft.build is not None
    workers = exps(content, state, seat, draft.via)
    if draft.exp is None and len(workers) > 1:
        options = [Option(action=Pick(exp=e), label=msg("praetor.opt.worker", exp=e)) for e in workers]
        return Prompt(seat=seat, title=msg("praetor.ask.worker", tile=tile_label(content, draft.build)),
                      options=(*options, back))
    exp = draft.exp if draft.exp is not None else workers[0]
    cells = open_cells((t.x, t.y) for t in state.city)
    scored = []
    for x, y in cells:
        printed, bonus = build_favour(content, state, draft.build, x, y)
        scored.append((-(printed + bonus), -y, x, printed + bonus))
    scored.sort()
    pages = max(1, -(-len(scored) // CELLS_PER_PAGE))
    page = draft.page % pages
    shown = scored[page * CELLS_PER_PAGE:(page + 1) * CELLS_PER_PAGE]
    options = [Option(action=Build(tile=draft.build, exp=exp, x=x, y=-ny, via=draft.via),
                      label=msg("praetor.opt.cell", x=x, y=-ny, favour=fav)) for _, ny, x, fav in shown]
    if pages > 1:
        options.append(Option(action=Pick(page=(page + 1) % pages),
                              label=msg("praetor.opt.more_cells", page=page + 1, pages=pages)))
    return Prompt(seat=seat, title=msg("praetor.ask.cell", tile=tile_label(content, draft.build)),
                  options=(*options, back))


def _activation(content: Content, state: State, seat: int, draft: Draft, back: Option) -> Prompt:
    tile = draft.tile
    if tile is None:
        legal = [u for u in activatable(content, state, seat, draft.via)
                 if content.type_of(u).id == draft.type]
        if len(legal) > 1:
            options = [Option(action=Pick(tile=u), label=_where(content, state, u))
                       for u in legal[:MAX_OPTIONS - 1]]
            return Prompt(seat=seat, title=msg("praetor.ask.tile"), options=(*options, back))
        tile = legal[0]
    kind = content.type_of(tile)
    workers = exps(content, state, seat, draft.via)
    if kind.effect == "forge":
        if draft.exp is None and len(workers) > 1:
            options = [Option(action=Pick(tile=tile, exp=e), label=msg("praetor.opt.worker", exp=e))
                       for e in workers]
            return Prompt(seat=seat, title=msg("praetor.ask.worker", tile=tile_label(content, tile)),
                          options=(*options, back))
        exp = draft.exp if draft.exp is not None else workers[0]
        high = _forge_limit(content, state, seat, tile, exp, draft.via)
        return Prompt(seat=seat, title=msg("praetor.ask.forge", high=high), options=(back,),
                      number=NumberChoice(low=0, high=high, field="amount",
                                          template=Activate(tile=tile, exp=exp, via=draft.via),
                                          label=msg("praetor.opt.forge")))
    options = [Option(action=Activate(tile=tile, exp=e, via=draft.via),
                      label=msg("praetor.opt.worker", exp=e)) for e in workers]
    return Prompt(seat=seat, title=msg("praetor.ask.worker", tile=tile_label(content, tile)),
                  options=(*options, back))


def _forge_limit(content: Content, state: State, seat: int, uid: str, exp: int, via: str | None) -> int:
    wood = state.players[seat].stock.wood
    spent = 0
    tile = placed(state, uid)
    assert tile is not None
    if tile.owner not in (None, seat):
        spent += content.type_of(uid).activation_cost.get("wood", 0)
    if via is not None:
        enc = placed(state, via)
        if enc is not None and enc.owner not in (None, seat):
            spent += content.type_of(via).activation_cost.get("wood", 0)
    return max(0, min(exp, wood - spent))


def _where(content: Content, state: State, uid: str) -> Message:
    tile = placed(state, uid)
    assert tile is not None
    if tile.owner is None:
        return msg("praetor.opt.tile_unowned", tile=tile_label(content, uid), x=tile.x, y=tile.y)
    return msg("praetor.opt.tile_owned", tile=tile_label(content, uid), owner_seat=tile.owner,
               x=tile.x, y=tile.y)
