"""The turn as one question (§5.2): every citizen on every place it may go, every winning attack and
Pass, each option saying what it costs and gives.

When all of those do not fit one prompt, the largest groups are folded back into two steps: a rank
("Citizen 3: choose where") or a Titan ("Attack: Stone Being", armies paid next). Every line of
play stays offered; the surcharge of Build and Recruit (p.10) is shown before the choice.

The groups are counted before anything is built, and only the options shown are built. An option is
made from a few plain values (a rank, a space, a card id, a count…), and the same values make the
same option, which is frozen: each is built once and kept by those values (:func:`_kept`), since a
turn shows much the same places, answers and attacks as the turns before it.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, TypeVar

from rules.ancient_world import actions as act
from rules.ancient_world import attack, city
from rules.ancient_world.cards import own_card_options
from rules.ancient_world.content import Content
from rules.ancient_world.effects import GAME, empire_cards_left
from rules.ancient_world.gives import action_description, empire_gives, symbol_parts
from rules.ancient_world.placement import (
    EXPAND_COINS,
    EXPLORE_DRAW,
    Buildable,
    buildable,
    open_builds,
    rank_check,
    space_open,
)
from rules.ancient_world.rounds import rank_places
from rules.ancient_world.state import Player, Space, State
from rules.core import MAX_OPTIONS, Message, Option, Prompt, Seat, msg
from rules.core.unchecked import option, question


def _m(key: str, **params: object) -> Message:
    return msg(f"{GAME}.{key}", **params)  # type: ignore[arg-type]


KEPT_LIMIT = 20_000
"""Options kept per content before the store starts afresh (a long-running table sees many turns)."""

Then = act.Build | act.ExpandPay | act.Explore
FirstAnswer = tuple[Then, Message, Message]
AnswerKey = tuple[str, str, int, str]
"""What one first answer is made of: ("build", source, index, card id), ("expand", currency, 0,
district id or "" for Expand+), ("explore", mode, cards drawn, "")."""
Description = tuple[Space, Hashable]
"""What a space's description is made of: the space and the one figure of the state it names."""


def _kept(content: Content) -> dict[Hashable, Any]:
    """Options, answers and descriptions of this content, by the plain values they are made of."""
    memo = content.memo
    kept = memo.get(_KEPT)
    if not isinstance(kept, dict) or len(kept) > KEPT_LIMIT:
        kept = memo[_KEPT] = {}
    return kept


_KEPT = ("turn", "kept")
T = TypeVar("T")


def _once(kept: dict[Hashable, Any], key: Hashable, make: Callable[..., T], *args: Any) -> T:
    """What ``make(*args)`` made for ``key`` before, else made now and kept."""
    found: T | None = kept.get(key)
    if found is None:
        found = kept[key] = make(*args)
    return found


class _Turn:
    """One turn's ways to play, counted: each rank's places (a space with its first answers when
    there are several) and own cards, and each Titan's winning ways; then folded until they fit
    one menu, and the options shown built."""

    def __init__(self, content: Content, state: State, seat: Seat) -> None:
        self.content, self.state, self.seat = content, state, seat
        self.kept = _kept(content)
        self.held = held = city.facts(content, state.players[seat])  # what the city's cards give, once
        self.cards = own_card_options(content, state, seat, held)
        self.descriptions: dict[Space, Description] = {}

        builds: list[Buildable] = []

        def known() -> Buildable:
            if not builds:
                builds.append(buildable(content, state, seat, held))
            return builds[0]

        def answers(space: Space, surcharge: int) -> list[AnswerKey] | None:
            return _answers_if_open(content, state, seat, space, surcharge, known, held)

        self.ranks = [(rank, places) for rank, places in rank_places(state, seat, answers)
                      if places or self.cards]
        self.attacks = attack.turn_attacks(content, state, seat, held)
        # what each group shows unfolded: 1 an option, n >= 2 a space's first answers
        self.sizes = [[len(a) if len(a) > 1 else 1 for _, _, a in places] + [1] * len(self.cards)
                      for _, places in self.ranks]
        self.sizes += [[1] * len(ways) for _, _, _, ways in self.attacks]
        self.folded = [False] * len(self.sizes)
        self.inner_folded = [[False] * len(sizes) for sizes in self.sizes]

    def fold(self) -> None:
        """Fold the largest groups until every option and Pass fit one menu: the largest space
        question still open first (the first of the largest), and when none is left the largest rank
        or Titan."""
        counts = [sum(sizes) for sizes in self.sizes]
        total = sum(counts) + 1
        while total > MAX_OPTIONS:
            best, at = 1, (-1, -1)
            for g, sizes in enumerate(self.sizes):
                if not self.folded[g]:
                    for i, size in enumerate(sizes):
                        if size > best and not self.inner_folded[g][i]:
                            best, at = size, (g, i)
            if at[0] >= 0:
                g, i = at
                self.inner_folded[g][i] = True
                counts[g] -= best - 1
            else:
                for g, count in enumerate(counts):
                    if count > best and not self.folded[g]:
                        best, at = count, (g, 0)
                if at[0] < 0:
                    raise AssertionError("every group is folded and the turn still does not fit")
                g = at[0]
                self.folded[g] = True
                counts[g] = 1
            total -= best - 1

    def options(self) -> list[Option]:
        """The options shown: each group folded into one, or its places, cards and ways. Most were
        built for an earlier turn: each is looked up in what is kept before it is built."""
        content, state, seat, kept = self.content, self.state, self.seat, self.kept
        find = kept.get
        out: list[Option] = []
        for g, (rank, places) in enumerate(self.ranks):
            if self.folded[g]:
                count = len(places) + len(self.cards)
                out.append(_once(kept, ("citizen", rank, count), _citizen_option, rank, count))
                continue
            for i, (space, surcharge, answers) in enumerate(places):
                if len(answers) == 1 or (len(answers) > 1 and not self.inner_folded[g][i]):
                    for answer in answers:
                        key = ("then", space, rank, surcharge, answer)
                        out.append(find(key) or _once(kept, key, _then_option, content, kept, space, rank,
                                                      surcharge, answer))
                else:
                    description = self._description(space)
                    at = ("place", rank, surcharge, description)
                    out.append(find(at) or _once(kept, at, _plain_option, content, kept, rank, surcharge,
                                                 description))
            if self.cards:
                food = self.held.sums["food"]  # all of the state a card's words name
                for card in self.cards:
                    mine = ("card", card, rank, food)
                    out.append(find(mine) or _once(kept, mine, _card_option, content, state, seat, card,
                                                   rank))
        for g, (deck, titan_id, power, ways) in enumerate(self.attacks, start=len(self.ranks)):
            if self.folded[g]:
                out.append(_once(kept, ("titan", deck, titan_id, len(ways)), _attack_folded, content, deck,
                                 titan_id, len(ways)))
            else:
                out += [_attack_option(content, kept, state.players[seat], deck, titan_id, power, armies)
                        for armies in ways]
        return out

    def _description(self, space: Space) -> Description:
        found = self.descriptions.get(space)
        if found is None:
            found = self.descriptions[space] = _description_key(self.content, self.state, self.seat, space,
                                                                self.held)
        return found


def turn_prompt(content: Content, state: State, seat: Seat) -> Prompt:
    """Place a citizen, attack a Titan or pass, in one answer where it fits one menu."""
    turn = _Turn(content, state, seat)
    turn.fold()
    options = turn.options()
    options.append(_once(turn.kept, ("pass",), _pass_option))
    player = state.players[seat]
    kind = ("turn" if turn.ranks and turn.attacks else "turn_place" if turn.ranks
            else "turn_attack" if turn.attacks else "turn_pass")
    title = _m(f"ask.{kind}", round=state.round, coins=player.coins, knowledge=player.knowledge)
    return question(seat, title, options)


def _pass_option() -> Option:
    return option(act.Pass(), _m("opt.pass"), _m("desc.pass"))


def _answers_if_open(content: Content, state: State, seat: Seat, space: Space, surcharge: int,
                     known: Callable[[], Buildable], held: city.Facts) -> list[AnswerKey] | None:
    """The first answers of a citizen going on ``space`` with ``surcharge``, or ``None`` where it
    may not go (:func:`rules.ancient_world.placement.space_open`). ``known`` gives Build's cards
    before the coins are counted, found once for every surcharge; ``held`` is the seat's
    :func:`rules.ancient_world.city.facts`."""
    if space is Space.BUILD:
        builds = _build_answers(content, state, seat, surcharge, known())
        return builds or None
    if not space_open(content, state, seat, space, surcharge, held):
        return None
    return _answer_keys(content, state, seat, space, surcharge, held)


def _build_answers(content: Content, state: State, seat: Seat, surcharge: int,
                   known: Buildable | None = None) -> list[AnswerKey]:
    """Build: which card, each card of the row and of the stored pile once."""
    seen: set[tuple[str, str]] = set()
    out: list[AnswerKey] = []
    for source, index, card, _, _ in open_builds(content, state, seat, surcharge, known):
        if (source, card) not in seen:
            seen.add((source, card))
            out.append(("build", source, index, card))
    return out


def _answer_keys(content: Content, state: State, seat: Seat, space: Space, surcharge: int,
                 held: city.Facts | None = None) -> list[AnswerKey]:
    """Build: which card; Expand: which payment; Explore: deck or row. ``held``: the seat's
    :func:`rules.ancient_world.city.facts`, found already."""
    player = state.players[seat]
    out: list[AnswerKey] = []
    match space:
        case Space.BUILD:
            return _build_answers(content, state, seat, surcharge)
        case Space.EXPAND:
            district = _district_shown(state)
            if player.knowledge >= 1:
                out.append(("expand", "knowledge", 0, district))
            if player.coins >= EXPAND_COINS:
                out.append(("expand", "coins", 0, district))
        case Space.EXPLORE:
            if empire_cards_left(state):
                drawn = EXPLORE_DRAW + (held or city.facts(content, player)).sums["explore_bonus"]
                out.append(("explore", "deck", drawn, ""))
            if state.empire_row:
                out.append(("explore", "row", 0, ""))
    return out


def _first_answer(content: Content, key: AnswerKey) -> FirstAnswer:
    """One first answer: the action's choice, its label and what it gives."""
    kind, choice, number, card_id = key
    if kind == "build":
        card = content.empire_card(card_id)
        return (act.Build(source="row" if choice == "row" else "stored", index=number),
                _m(f"opt.where_build_{choice}", card=card.name),
                _m("desc.build_knowledge" if card.cost_knowledge else "desc.build",
                   coins=card.cost_coins, knowledge=card.cost_knowledge,
                   gives=empire_gives(content, card, short=True)))
    if kind == "expand":
        return (act.ExpandPay(currency="knowledge" if choice == "knowledge" else "coins"),
                _m(f"opt.where_expand_{choice}"), _district_description(content, card_id))
    if choice == "deck":
        return act.Explore(mode="deck"), _m("opt.where_explore_deck"), _m("desc.explore_deck", count=number)
    return act.Explore(mode="row"), _m("opt.where_explore_row"), _m("desc.explore_row")


def _district_shown(state: State) -> str:
    """The District Expand takes, or "" where it takes any (Expand+)."""
    if state.options.expand_plus or not state.district_deck:
        return ""
    return state.district_deck[0]


def _district_description(content: Content, district_id: str) -> Message:
    if not district_id:
        return _m("desc.expand_plus_take")
    district = content.district(district_id)
    parts = symbol_parts(district, {str(t): n for t, n in district.banners.items()}, short=True)
    return _m("desc.expand_take", card=district.name, gives=parts)


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


def _plain_option(content: Content, kept: dict[Hashable, Any], rank: int, surcharge: int,
                  description: Description) -> Option:
    """The citizen on a space, its first question left for the next prompt."""
    space = description[0]
    effect = _once(kept, ("description", description), _description, content, description)
    return _place_option(space, rank, None, f"@{GAME}.space.{space}", surcharge, effect)


def _then_option(content: Content, kept: dict[Hashable, Any], space: Space, rank: int, surcharge: int,
                 key: AnswerKey) -> Option:
    """The citizen on a space with one answer to the action's first question."""
    then, label, effect = _once(kept, ("answer", key), _first_answer, content, key)
    return _place_option(space, rank, then, label, surcharge, effect, explain=False)


def _place_option(space: Space, rank: int, then: Then | None, where: Message | str, surcharge: int,
                  effect: Message, *, explain: bool = True) -> Option:
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
    return [_first_answer(content, key) for key in _answer_keys(content, state, seat, Space.EXPLORE, 0)]


def space_description(content: Content, state: State, seat: Seat, space: Space) -> Message:
    """What a board action gives and costs (§7), in a few words."""
    return _description(content, _description_key(content, state, seat, space))


def _description_key(content: Content, state: State, seat: Seat, space: Space,
                     held: city.Facts | None = None) -> Description:
    """The one figure of the state a space's description names, if any. ``held``: the seat's
    :func:`rules.ancient_world.city.facts`, found already."""
    match space:
        case Space.CONSCRIPTION:
            return space, len(state.spaces[space]) + 1
        case Space.EXPAND:
            return space, _district_shown(state)
        case Space.REBUILD:
            return space, state.token_hand_up
        case Space.EXPLORE:
            held = held or city.facts(content, state.players[seat])
            return space, EXPLORE_DRAW + held.sums["explore_bonus"]
    return space, None


def _description(content: Content, key: Description) -> Message:
    space, figure = key
    match space:
        case Space.CONSCRIPTION:
            return _m("desc.space.conscription", bonus=figure)
        case Space.EXPAND:
            if not figure:
                return _m("desc.space.expand_plus")
            assert isinstance(figure, str)
            return _m("desc.space.expand", card=content.district(figure).name)
        case Space.REBUILD:
            return _m("desc.space.rebuild" if not figure else "desc.space.rebuild_no_token")
        case Space.EXPLORE:
            return _m("desc.space.explore", count=figure)
    return _m(f"desc.space.{space}")


def attack_options(content: Content, state: State, seat: Seat, deck: int) -> tuple[list[Option], Option]:
    """Each winning way to pay for an attack on the deck's Titan, and the option that leaves the
    armies to the next question."""
    titan_id = attack.top_titan(state, deck)
    assert titan_id is not None
    power = attack.strength(content, state, seat, titan_id)
    ways = power.ways(attack.unused_armies(state, seat))
    player, kept = state.players[seat], _kept(content)
    shown = [_attack_option(content, kept, player, deck, titan_id, power, armies) for armies in ways]
    return shown, _once(kept, ("titan", deck, titan_id, len(ways)), _attack_folded, content, deck, titan_id,
                        len(ways))


def _attack_option(content: Content, kept: dict[Hashable, Any], player: Player, deck: int, titan_id: str,
                   power: attack.Strength, armies: tuple[int, ...]) -> Option:
    actives = tuple(player.armies[i].active for i in armies)
    cost = sum(power.cost[i] for i in armies)
    total = power.base + sum(power.attack[i] for i in armies)  # attack.attack_total
    return _once(kept, ("attack", deck, titan_id, armies, actives, cost, total), _attack_way, content, deck,
                 titan_id, armies, actives, cost, total)


def _attack_folded(content: Content, deck: int, titan_id: str, count: int) -> Option:
    titan = content.titan(titan_id)
    return option(act.Attack(deck=deck, armies=()), _m("opt.attack", titan=titan.name, defence=titan.defence),
                  _m("desc.attack_choose", count=count))


def _attack_way(content: Content, deck: int, titan_id: str, armies: tuple[int, ...], actives: tuple[str, ...],
                cost: int, total: int) -> Option:
    """Attack the Titan paying for ``armies`` (whose active cards are ``actives``): what it costs, the
    attack total against the defence, and the damage dice."""
    titan = content.titan(titan_id)
    names = [content.military_card(card).name for card in actives]
    return option(act.Attack(deck=deck, armies=armies),
                  _m("opt.attack_with", titan=titan.name, armies=" + ".join(names)),
                  _m("desc.attack", coins=cost, total=total, defence=titan.defence,
                     dice=sum(titan.banners.values())))
