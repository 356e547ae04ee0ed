"""The decision each seat owes now (§16), as prompts of at most 25 options.

Reactive prompts (Distant Outpost, Scribe Guild, Zori Dramatists, the Hunger box) list their
timeout default first: decline, or the lowest rank (I-16). Where §16 gives a timeout default
(Distant Outpost, Scribe Guild, the Hunger box), the prompt names it as its ``default``, which the
table service takes for a player who lets their time run out.

A list of choices with no fixed bound (the cards of a big city, say) is shown a page at a time with
a More option (:func:`rules.core.paged`); the options that open or close the list stay on every page.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from rules.ancient_world import actions as act
from rules.ancient_world import attack, city
from rules.ancient_world.cards import opponent_cards
from rules.ancient_world.content import Content
from rules.ancient_world.effects import (
    GAME,
    damaged_indices,
    empire_cards_left,
    intact_indices,
)
from rules.ancient_world.gives import empire_gives, legacy_parts, military_gives, symbol_parts
from rules.ancient_world.placement import (
    EXPAND_COINS,
    build_choices,
    recruit_choices,
    retire_targets,
)
from rules.ancient_world.rounds import citizen_targets
from rules.ancient_world.scoring import HUNGER_VP
from rules.ancient_world.state import ROUNDS, State, Step, StepKind
from rules.ancient_world.turn import (
    attack_options,
    card_description,
    explore_answers,
    place_description,
    turn_prompt,
)
from rules.core import MAX_OPTIONS, Message, Option, Prompt, Seat, msg, paged
from rules.core.unchecked import option, question


def _m(key: str, **params: Any) -> Message:
    return msg(f"{GAME}.{key}", **params)


NAVIGATION = (act.Back, act.More)
"""Ways through a decision rather than answers to it."""


def _opt(action: act.Action, key: str, description: Message | None = None, **params: Any) -> Option:
    return option(action, _m(f"opt.{key}", **params), description, navigation=isinstance(action, NAVIGATION))


FIXED = (act.Decline, act.Accept, act.StoreBlind, act.Confirm, act.Back, act.Done)
"""Options kept in place on every page of a long list: declining, accepting, confirming, going back,
finishing, and Zori Dramatists' blind store."""


def _prompt(seat: Seat, title: str, options: list[Option], page: int = 0, **params: Any) -> Prompt:
    """A prompt of ``options``, one ``page`` at a time when they do not fit (the fixed options that
    open or close the list stay on every page)."""
    start = next((i for i, o in enumerate(options) if not isinstance(o.action, FIXED)), len(options))
    end = len(options)
    while end > start and isinstance(options[end - 1].action, FIXED):
        end -= 1
    shown = paged(options[start:end], page, _more, before=options[:start], after=options[end:])
    return question(seat, _m(f"ask.{title}", **params), shown)


def _more(page: int, shown: int, pages: int) -> Option:
    return _opt(act.More(page=page), "more", page=shown, pages=pages)


def pending(content: Content, state: State) -> dict[Seat, Prompt]:
    if state.over:
        return {}
    if not state.steps:
        return {state.current: turn_prompt(content, state, state.current)}
    return {current.seat: step_prompt(content, state, current) for current in _asked(state)}


def owing(state: State) -> list[Seat]:
    """The seats :func:`pending` asks, without building their prompts: the seat whose turn it is,
    the seat of the first decision queued, or every seat with a citizen to send to the Hunger box."""
    if state.over:
        return []
    if not state.steps:
        return [state.current]
    return list(dict.fromkeys(current.seat for current in _asked(state)))


def _asked(state: State) -> list[Step]:
    """The queued decisions asked now: the first, or the Hunger box choices at its head, which
    every seat answers at once."""
    first = state.steps[0]
    if first.kind is not StepKind.HUNGER:
        return [first]
    asked = []
    for current in state.steps:
        if current.kind is not StepKind.HUNGER:
            break
        asked.append(current)
    return asked


def step_prompt(content: Content, state: State, current: Step) -> Prompt:
    seat = current.seat
    player = state.players[seat]
    options: list[Option] = []
    match current.kind:
        case StepKind.TARGET:
            spaces, cards = citizen_targets(content, state, seat, current.count)
            rank = current.count
            options = [_opt(act.Place(space=s), "place", place_description(content, state, seat, s, rank),
                            space=f"@{GAME}.space.{s}") for s in spaces]
            options += [_opt(act.UseCard(card=c), "use_card", card_description(content, state, seat, c),
                             card=city.card_name(content, c)) for c in cards]
            options.append(_opt(act.Back(), "back"))
            return _prompt(seat, "target", options, page=current.page, rank=current.count)
        case StepKind.ATTACK_PAY:
            return _attack_prompt(content, state, current)
        case StepKind.ATTACK_CHOOSE:
            titan = content.titan(state.titan_decks[current.deck - 1][0])
            options = [*attack_options(content, state, seat, current.deck)[0], _opt(act.Back(), "back")]
            return _prompt(seat, "attack_choose", options, page=current.page, titan=titan.name,
                           defence=titan.defence,
                           arrows="@ancient_world.arrows." + ("yes" if titan.arrows_allowed else "no"))
        case StepKind.BUILD_CARD:
            seen: set[tuple[str, str]] = set()
            for choice in build_choices(content, state, seat, current.count, paid=True):
                if (choice.source, choice.card) in seen:
                    continue
                seen.add((choice.source, choice.card))
                built = content.empire_card(choice.card)
                options.append(_opt(act.Build(source=choice.source, index=choice.index),
                                    f"build_{choice.source}", empire_gives(content, built, short=True),
                                    card=built.name, coins=built.cost_coins, knowledge=built.cost_knowledge))
            return _prompt(seat, "build", options, page=current.page, coins=player.coins,
                           knowledge=player.knowledge)
        case StepKind.CRANE:
            card = content.empire_card(current.cards[0]).name
            options = _crane_options(content, state, current)
            return _prompt(seat, "crane", options, page=current.page, card=card)
        case StepKind.EXPAND_PAY:
            if player.knowledge >= 1:
                options.append(_opt(act.ExpandPay(currency="knowledge"), "pay_knowledge",
                                    _leaves(player.coins, player.knowledge - 1)))
            if player.coins >= EXPAND_COINS:
                left = _leaves(player.coins - EXPAND_COINS, player.knowledge)
                options.append(_opt(act.ExpandPay(currency="coins"), "pay_coins", left, coins=EXPAND_COINS))
            return _prompt(seat, "expand_pay", options, page=current.page)
        case StepKind.EXPAND_PICK:
            options = [_opt(act.TakeDistrict(index=i), "district", _district_gives(content, c),
                            card=content.district(c).name) for i, c in enumerate(current.cards)]
            return _prompt(seat, "expand_pick", options, page=current.page)
        case StepKind.REBUILD_REPAIR | StepKind.REPAIR:
            options = [_opt(act.Repair(index=i), "repair", _empire_gives_at(content, state, seat, i),
                            card=_empire_name(content, state, seat, i)) for i in damaged_indices(player)]
            if current.kind is StepKind.REBUILD_REPAIR:
                left = _m("desc.repair_done", count=len(damaged_indices(player)))
                options.append(_opt(act.Done(), "done", left))
            return _prompt(seat, "repair", options, page=current.page, count=current.count)
        case StepKind.RECRUIT_CARD:
            seen_ids: set[str] = set()
            for i in recruit_choices(content, state, seat, 0):
                card_id = state.military_row[i]
                if card_id in seen_ids:
                    continue
                seen_ids.add(card_id)
                mil = content.military_card(card_id)
                options.append(_opt(act.Recruit(index=i), "recruit", military_gives(mil), card=mil.name,
                                    coins=mil.recruit_cost))
            return _prompt(seat, "recruit", options, page=current.page, coins=player.coins)
        case StepKind.RETIRE:
            new_army, retirable = retire_targets(content, state, seat)
            if new_army:
                options.append(_opt(act.Retire(army=-1), "new_army",
                                    _m("desc.new_army", army=len(player.armies) + 1)))
            options += [_opt(act.Retire(army=i), "retire", _retire_description(content, state, seat, i),
                             army=i + 1, card=content.military_card(player.armies[i].active).name)
                        for i in retirable]
            return _prompt(seat, "retire", options, page=current.page,
                           card=content.military_card(current.cards[0]).name)
        case StepKind.EXPLORE_MODE:
            options = [_opt(explore, f"explore_{explore.mode}", gives)
                       for explore, _, gives in explore_answers(content, state, seat)
                       if isinstance(explore, act.Explore)]
            return _prompt(seat, "explore", options, page=current.page)
        case StepKind.EXPLORE_STORE:
            pile = state.empire_row if current.source == "row" else current.cards
            return _prompt(seat, "store", _store_options(content, pile), page=current.page)
        case StepKind.DAMAGE:
            options = [_opt(act.Damage(index=i), "damage", _empire_gives_at(content, state, seat, i),
                            card=_empire_name(content, state, seat, i)) for i in intact_indices(player)]
            return _prompt(seat, "damage", options, page=current.page, count=current.count)
        case StepKind.DISCARD_ARMY:
            options = [_opt(act.DiscardArmy(army=i), "discard_army",
                            _m("desc.discard_army", cards=len(a.cards), coins=a.name_coins + a.picture_coins),
                            army=i + 1, card=content.military_card(a.active).name)
                       for i, a in enumerate(player.armies)]
            return _prompt(seat, "discard_army", options, page=current.page, count=current.count)
        case StepKind.HUNGER:
            ranks = sorted(r for r in player.owned if r not in player.hungry)
            options = [_opt(act.Hungry(rank=r), "hungry", _hunger_cost(state, r), rank=r) for r in ranks]
            hunger = _prompt(seat, "hunger", options, page=current.page, count=current.count)
            return replace(hunger, simultaneous=True, default=0)
        case StepKind.OUTPOST:
            options = [_opt(act.Decline(), "decline", _m("desc.outpost_decline"))]
            for i, a in enumerate(player.armies):
                name = content.military_card(a.active).name
                if a.name_coins:
                    unused = "desc.outpost_unused" if a.name_coins == 1 else "desc.outpost"
                    options.append(_opt(act.Outpost(army=i, area="name"), "outpost_name",
                                        _m(unused, card=name, cost=a.use_cost - 1), army=i + 1, card=name))
                if a.picture_coins:
                    options.append(_opt(act.Outpost(army=i, area="picture"), "outpost_picture",
                                        _m("desc.outpost", card=name, cost=a.use_cost - 1), army=i + 1,
                                        card=name))
            return replace(_prompt(seat, "outpost", options, page=current.page), default=0)
        case StepKind.SCRIBE:
            keep = _m("desc.decline_keep", coins=player.coins, knowledge=player.knowledge)
            options = [_opt(act.Decline(), "decline", keep),
                       _opt(act.Accept(), "scribe_yes", _leaves(player.coins - 1, player.knowledge + 1))]
            return replace(_prompt(seat, "scribe", options, page=current.page), default=0)
        case StepKind.ZORI:
            options = [_opt(act.Decline(), "decline", _m("desc.zori_decline"))]
            if empire_cards_left(state):
                options.append(_opt(act.StoreBlind(), "store_blind", _m("desc.store_blind")))
            options += _store_options(content, state.empire_row)
            return _prompt(seat, "zori", options, page=current.page)
        case StepKind.OPPONENT_CARD:
            options = [_opt(act.OpponentCard(owner_seat=o, card=c), "opponent_card",
                            card_description(content, state, seat, c), owner_seat=o,
                            card=city.card_name(content, c)) for o, c in opponent_cards(content, state, seat)]
            return _prompt(seat, "opponent_card", options, page=current.page)
        case StepKind.HIDEOUT_DECK:
            options = [_opt(act.Hideout(deck=d), "hideout_deck", stars=d)
                       for d in (1, 2, 3) if state.titan_decks[d - 1]]
            return _prompt(seat, "hideout_deck", options, page=current.page)
        case StepKind.HIDEOUT_ORDER:
            options = [_opt(act.PutNext(index=i), "put_next", titan=content.titan(c).name)
                       for i, c in enumerate(current.cards)]
            return _prompt(seat, "hideout_order", options, page=current.page,
                           position=len(current.chosen) + 1)
        case StepKind.HIDEOUT_ATTACK:
            ways, folded = attack_options(content, state, seat, current.deck)
            options = [_opt(act.Decline(), "decline"), *(ways if len(ways) < MAX_OPTIONS else [folded])]
            return _prompt(seat, "hideout_attack", options, page=current.page)
    raise AssertionError(current.kind)


def _hunger_cost(state: State, rank: int) -> Message:
    """A citizen in the Hunger box is not placed in the next round; after round 6 it costs 2 VP
    at the end (§5.3, I-16; the scoring, rulebook p. 9)."""
    if state.round < ROUNDS:
        return _m("desc.hungry", rank=rank, round=state.round + 1)
    return _m("desc.hungry_end", rank=rank, vp=-HUNGER_VP)


def _retire_description(content: Content, state: State, seat: Seat, army: int) -> Message:
    """Retiring the army's active card (§7.7): its coins go to the player (to the bank with
    ``retired_coins_to_bank``, I-9) and its Legacy joins the army's attacks."""
    stack = state.players[seat].armies[army]
    legacy = legacy_parts(content.military_card(stack.active)) or [_m("gives.no_legacy")]
    key = "desc.retire_bank" if state.options.retired_coins_to_bank else "desc.retire"
    return _m(key, coins=stack.name_coins + stack.picture_coins, legacy=legacy)


def _crane_options(content: Content, state: State, current: Step) -> list[Option]:
    """Pay the card's coins and keep Crane, or discard Crane (p.14) and keep the coins; with
    ``crane_waives_surcharge`` (I-52) the surcharge paid comes back too."""
    player = state.players[current.seat]
    cost = content.empire_card(current.cards[0]).cost_coins
    back = current.count if state.options.crane_waives_surcharge else 0
    pay = _m("desc.crane_no", cost=cost, coins=player.coins - cost)
    discard = _m("desc.crane_yes", coins=player.coins + back)
    return [_opt(act.UseCrane(use=False), "crane_no", pay),
            _opt(act.UseCrane(use=True), "crane_yes", discard)]


def _leaves(coins: int, knowledge: int) -> Message:
    return _m("desc.pay_leaves", coins=coins, knowledge=knowledge)


def _empire_gives_at(content: Content, state: State, seat: Seat, index: int) -> Message:
    return empire_gives(content, content.empire_card(state.players[seat].empire[index].card), short=True)


def _district_gives(content: Content, card_id: str) -> Message:
    district = content.district(card_id)
    return _m("gives.list", parts=symbol_parts(district, {str(t): n for t, n in district.banners.items()},
                                                 short=True))


def _empire_name(content: Content, state: State, seat: Seat, index: int) -> str:
    return content.empire_card(state.players[seat].empire[index].card).name


def _store_options(content: Content, pile: list[str]) -> list[Option]:
    seen: set[str] = set()
    options = []
    for i, card_id in enumerate(pile):
        if card_id in seen:
            continue
        seen.add(card_id)
        card = content.empire_card(card_id)
        options.append(_opt(act.Store(index=i), "store", empire_gives(content, card, short=True),
                                    card=card.name))
    return options


def _attack_prompt(content: Content, state: State, current: Step) -> Prompt:
    """Pay for Military cards one at a time, then attack; only cards that keep a win reachable."""
    seat = current.seat
    player = state.players[seat]
    titan_id = state.titan_decks[current.deck - 1][0]
    titan = content.titan(titan_id)
    options = [_opt(act.Pay(army=i), "pay", army=i + 1,
                    card=content.military_card(player.armies[i].active).name, coins=player.armies[i].use_cost)
               for i in attack.payable_next(content, state, seat, current.picks, titan_id)]
    if attack.winning(content, state, seat, current.picks, titan_id):
        total = attack.attack_total(content, state, seat, current.picks, titan_id)
        options.insert(0, _opt(act.Confirm(), "confirm", total=total,
                               coins=attack.selection_cost(state, seat, current.picks)))
    options.append(_opt(act.Back(), "back"))
    return _prompt(seat, "attack", options, page=current.page, titan=titan.name, defence=titan.defence,
                   arrows="@ancient_world.arrows." + ("yes" if titan.arrows_allowed else "no"))
