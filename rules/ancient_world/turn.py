"""The turn as one question (§5.2): every citizen on every place it may go, every winning attack and
Pass, each option saying what it costs and gives.

When all of those do not fit one prompt, the largest groups are folded back into two steps: a rank
("Citizen 3: choose where") or a Titan ("Attack: Stone Being", armies paid next). Every line of
play stays offered; the surcharge of Build and Recruit (p.10) is shown before the choice.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial

from rules.ancient_world import actions as act
from rules.ancient_world import attack, city
from rules.ancient_world.content import Content
from rules.ancient_world.effects import GAME, empire_cards_left, option
from rules.ancient_world.gives import action_description, empire_gives, symbol_parts
from rules.ancient_world.placement import EXPAND_COINS, EXPLORE_DRAW, build_choices, rank_check
from rules.ancient_world.rounds import rank_targets
from rules.ancient_world.state import Space, State
from rules.core import MAX_OPTIONS, Message, Option, Prompt, Seat, msg


def _m(key: str, **params: object) -> Message:
    return msg(f"{GAME}.{key}", **params)  # type: ignore[arg-type]


Lazy = Callable[[], Option]
"""An option not built yet: a turn finds far more ways to play than fit one menu, and those
folded into a further question are never built."""


@dataclass
class _Group:
    """The options of one rank, one Titan or one space's first question, and the single option that
    stands for them folded (their choice then comes as the next question)."""

    items: list[Lazy | _Group]
    folded: Lazy
    fold: bool = field(default=False)

    def count(self) -> int:
        """How many options :meth:`shown` gives, without building them."""
        if self.fold:
            return 1
        return sum(item.count() if isinstance(item, _Group) else 1 for item in self.items)

    def shown(self) -> list[Option]:
        if self.fold:
            return [self.folded()]
        return [o for item in self.items for o in (item.shown() if isinstance(item, _Group) else [item()])]

    def inner(self) -> list[_Group]:
        return [item for item in self.items if isinstance(item, _Group)]


def turn_prompt(content: Content, state: State, seat: Seat) -> Prompt:
    """Place a citizen, attack a Titan or pass, in one answer where it fits one menu."""
    spaces_seen: dict[tuple[Space, int], tuple[Message, list[FirstAnswer]]] = {}
    groups = [_rank_group(content, state, seat, r, spaces, cards, spaces_seen)
              for r, spaces, cards in rank_targets(content, state, seat)
              if spaces or cards]  # the ranks of placeable_ranks, each rank's targets found once
    attacks = [group for d in (1, 2, 3) if attack.top_titan(state, d) is not None
               if (group := attack_group(content, state, seat, d)).items]  # attack.can_attack, ways and all
    everything = groups + attacks
    while sum(g.count() for g in everything) + 1 > MAX_OPTIONS:
        _fold_largest(everything)
    options = [o for g in everything for o in g.shown()]
    options.append(option(act.Pass(), _m("opt.pass"), _m("desc.pass")))
    player = state.players[seat]
    kind = ("turn" if groups and attacks else "turn_place" if groups
            else "turn_attack" if attacks else "turn_pass")
    title = _m(f"ask.{kind}", round=state.round, coins=player.coins, knowledge=player.knowledge)
    return Prompt(seat=seat, title=title, options=tuple(options))


def _fold_largest(groups: list[_Group]) -> None:
    """Fold the largest space question still open; when none is left, the largest rank or Titan."""
    for candidates in ([i for g in groups if not g.fold for i in g.inner() if not i.fold], groups):
        sizes = [(g.count(), g) for g in candidates if not g.fold]
        open_ = [(size, g) for size, g in sizes if size > 1]
        if open_:
            max(open_, key=lambda sized: sized[0])[1].fold = True
            return
    raise AssertionError("every group is folded and the turn still does not fit")


def _rank_group(content: Content, state: State, seat: Seat, rank: int, spaces: list[Space],
                cards: list[str], spaces_seen: dict[tuple[Space, int], tuple[Message, list[FirstAnswer]]],
                ) -> _Group:
    options: list[Lazy | _Group] = [_place_group(content, state, seat, space, rank, spaces_seen)
                                    for space in spaces]
    options += [partial(_card_option, content, state, seat, c, rank) for c in cards]
    return _Group(options, partial(_citizen_option, rank, len(options)))


def _card_option(content: Content, state: State, seat: Seat, card: str, rank: int) -> Option:
    return option(act.UseCard(card=card, rank=rank),
                  _m("opt.card_citizen", card=city.card_name(content, card), rank=rank),
                  card_description(content, state, seat, card))


def card_description(content: Content, state: State, seat: Seat, card: str) -> Message:
    """What a citizen on one of the seat's own cards does (§12)."""
    action = city.card_action(content, card)
    return _m("desc.card_action", what=action_description(content, state, seat, action))


def _citizen_option(rank: int, count: int) -> Option:
    return option(act.Citizen(rank=rank), _m("opt.citizen", rank=rank), _m("desc.citizen", count=count))


def _place_group(content: Content, state: State, seat: Seat, space: Space, rank: int,
                 spaces_seen: dict[tuple[Space, int], tuple[Message, list[FirstAnswer]]]) -> Lazy | _Group:
    """The citizen on ``space``: one option, or one per answer to the action's first question.
    What the space gives depends on the rank only through the surcharge, so it is found once per
    space and surcharge (``spaces_seen``) for all the ranks of a turn."""
    _, surcharge = rank_check(state, space, rank)
    seen = spaces_seen.get((space, surcharge))
    if seen is None:
        seen = spaces_seen[space, surcharge] = (space_description(content, state, seat, space),
                                                _first_answers(content, state, seat, space, surcharge))
    description, first_answers = seen
    plain = partial(_place_option, space, rank, None, f"@{GAME}.space.{space}", surcharge, description)
    variants: list[Lazy] = [partial(_place_option, space, rank, then, label, surcharge, effect, explain=False)
                            for then, label, effect in first_answers]
    if len(variants) < 2:
        return variants[0] if variants else plain
    return _Group(list[Lazy | _Group](variants), plain)


def _place_option(space: Space, rank: int, then: act.Build | act.ExpandPay | act.Explore | None,
                  where: Message | str, surcharge: int, effect: Message, *, explain: bool = True) -> Option:
    """The label names the surcharge; the description explains it where there is room."""
    action = act.place(space, rank, then)
    if surcharge and not explain:
        return option(action, _m("opt.place_surcharge", space=where, rank=rank, coins=surcharge), effect)
    if surcharge:
        return option(action, _m("opt.place_surcharge", space=where, rank=rank, coins=surcharge),
                      surcharged(effect, surcharge))
    return option(action, _m("opt.place_citizen", space=where, rank=rank), effect)


def surcharged(effect: Message, surcharge: int) -> Message:
    """A space's effect with the surcharge a citizen pays there first (p.10), when there is one."""
    return _m("desc.surcharge", coins=surcharge, effect=effect) if surcharge else effect


def place_description(content: Content, state: State, seat: Seat, space: Space, rank: int) -> Message:
    """What the citizen of ``rank`` costs and gives on ``space``: the surcharge, then the action."""
    _, surcharge = rank_check(state, space, rank)
    return surcharged(space_description(content, state, seat, space), surcharge)


def explore_answers(content: Content, state: State, seat: Seat) -> list[FirstAnswer]:
    """Explore's two ways (§7.8), deck then row, each with what it gives."""
    return _first_answers(content, state, seat, Space.EXPLORE, 0)


FirstAnswer = tuple[act.Build | act.ExpandPay | act.Explore, Message, Message]


def _first_answers(content: Content, state: State, seat: Seat, space: Space,
                   surcharge: int) -> list[FirstAnswer]:
    """Build: which card; Expand: which payment; Explore: deck or row, each with its label and effect."""
    player = state.players[seat]
    out: list[FirstAnswer] = []
    match space:
        case Space.BUILD:
            seen: set[tuple[str, str]] = set()
            for choice in build_choices(content, state, seat, surcharge):
                if (choice.source, choice.card) not in seen:
                    seen.add((choice.source, choice.card))
                    card = content.empire_card(choice.card)
                    out.append((act.Build(source=choice.source, index=choice.index),
                                _m(f"opt.where_build_{choice.source}", card=card.name),
                                _m("desc.build_knowledge" if card.cost_knowledge else "desc.build",
                                   coins=card.cost_coins, knowledge=card.cost_knowledge,
                                   gives=empire_gives(content, card, short=True))))
        case Space.EXPAND:
            if player.knowledge >= 1:
                out.append((act.ExpandPay(currency="knowledge"), _m("opt.where_expand_knowledge"),
                            _district_description(content, state)))
            if player.coins >= EXPAND_COINS:
                out.append((act.ExpandPay(currency="coins"), _m("opt.where_expand_coins"),
                            _district_description(content, state)))
        case Space.EXPLORE:
            if empire_cards_left(state):
                bonus = city.total(content, player, "explore_bonus")
                out.append((act.Explore(mode="deck"), _m("opt.where_explore_deck"),
                            _m("desc.explore_deck", count=EXPLORE_DRAW + bonus)))
            if state.empire_row:
                out.append((act.Explore(mode="row"), _m("opt.where_explore_row"), _m("desc.explore_row")))
    return out


def _district_description(content: Content, state: State) -> Message:
    if state.options.expand_plus or not state.district_deck:
        return _m("desc.expand_plus_take")
    district = content.district(state.district_deck[0])
    parts = symbol_parts(district, {str(t): n for t, n in district.banners.items()}, short=True)
    return _m("desc.expand_take", card=district.name, gives=parts)


def space_description(content: Content, state: State, seat: Seat, space: Space) -> Message:
    """What a board action gives and costs (§7), in a few words."""
    match space:
        case Space.CONSCRIPTION:
            return _m("desc.space.conscription", bonus=len(state.spaces[space]) + 1)
        case Space.EXPAND:
            if state.options.expand_plus or not state.district_deck:
                return _m("desc.space.expand_plus")
            return _m("desc.space.expand", card=content.district(state.district_deck[0]).name)
        case Space.REBUILD:
            return _m("desc.space.rebuild" if not state.token_hand_up else "desc.space.rebuild_no_token")
        case Space.EXPLORE:
            bonus = city.total(content, state.players[seat], "explore_bonus")
            return _m("desc.space.explore", count=EXPLORE_DRAW + bonus)
    return _m(f"desc.space.{space}")


def attack_options(content: Content, state: State, seat: Seat, deck: int) -> tuple[list[Option], Option]:
    """Each winning way to pay for an attack on the deck's Titan, and the option that leaves the
    armies to the next question."""
    group = attack_group(content, state, seat, deck)
    return [item() for item in group.items if not isinstance(item, _Group)], group.folded()


def attack_group(content: Content, state: State, seat: Seat, deck: int) -> _Group:
    titan_id = attack.top_titan(state, deck)
    assert titan_id is not None
    titan = content.titan(titan_id)
    ways: list[Lazy | _Group] = [partial(_attack_option, content, state, seat, deck, titan_id, armies)
                                 for armies in attack.winning_selections(content, state, seat, titan_id)]
    folded = partial(option, act.Attack(deck=deck, armies=()), _m("opt.attack", titan=titan.name,
                                                                   defence=titan.defence),
                     _m("desc.attack_choose", count=len(ways)))
    return _Group(ways, folded)


def _attack_option(content: Content, state: State, seat: Seat, deck: int, titan_id: str,
                   armies: list[int]) -> Option:
    titan = content.titan(titan_id)
    player = state.players[seat]
    names = [content.military_card(player.armies[i].active).name for i in armies]
    return option(act.Attack(deck=deck, armies=tuple(armies)),
                  _m("opt.attack_with", titan=titan.name, armies=" + ".join(names)),
                  _m("desc.attack", coins=attack.selection_cost(state, seat, armies),
                     total=attack.attack_total(content, state, seat, armies, titan_id),
                     defence=titan.defence, dice=sum(titan.banners.values())))
