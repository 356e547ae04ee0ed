"""What each seat may see (§13) and the scramble of a seat's secrets for the conformance check.

Secret to their owner: stored Empire cards, the cards drawn while exploring, the Titans seen with
Forest Hideout and the Districts offered by Expand+. Everyone sees how many stored cards a player
has, and everything else on the table (§13). A view names cards by id and carries a ``cards`` table
of the cards it mentions (name, kind, banners, symbols), so a picture needs nothing else.

Sections (§) are those of docs/ancient_world/rules.md.
"""

from __future__ import annotations

from pydantic import BaseModel, Field

from rules.ancient_world import city, scoring
from rules.ancient_world.content import (
    ActionEffect,
    CardAction,
    Content,
    MilitaryCard,
    Scoring,
    ScoringEffect,
    TextEffect,
)
from rules.ancient_world.gives import empire_gives, military_gives, symbol_parts
from rules.ancient_world.placement import covered
from rules.ancient_world.state import Citizen, Space, State, StepKind
from rules.core import Message, Rng, Seat, msg

SECRET_STEPS = frozenset({StepKind.EXPLORE_STORE, StepKind.HIDEOUT_ORDER, StepKind.EXPAND_PICK,
                          StepKind.CRANE})
"""Steps whose cards only their seat sees (a Crane question may be about a stored card)."""
SYMBOLS = ("food", "capacity", "army_limit", "swords", "arrows", "income_coins", "income_knowledge",
           "citizens", "explore_bonus")


class CardInfo(BaseModel):
    """What a picture needs to show a card."""

    name: str
    kind: str
    banners: dict[str, int] = Field(default_factory=dict)
    symbols: dict[str, int] = Field(default_factory=dict)
    cost: tuple[int, int] = (0, 0)
    """Coins and knowledge (Empire), recruit cost (Military), defence (Titan) in the first place."""
    text: str = ""
    gives: Message | None = None
    """What the card gives, in the catalogues' words (banners, symbols, action, text, Legacy)."""


class BuiltView(BaseModel):
    card: str
    damaged: bool
    citizen: int | None = None


class ArmyView(BaseModel):
    cards: list[str]
    name_coins: int
    picture_coins: int


class StepView(BaseModel):
    """A decision the table waits for; ``cards`` only for its own seat when they are secret."""

    kind: str
    seat: Seat
    count: int
    cards: list[str] | None = None
    hidden_cards: int = 0


class PlayerView(BaseModel):
    coins: int
    knowledge: int
    owned: list[int]
    hungry: list[int]
    placed: list[int]
    empire: list[BuiltView]
    stored_count: int
    stored: list[str] | None
    """Only in the owner's view."""
    districts: list[str]
    titans: list[str]
    armies: list[ArmyView]
    conscription: int
    passed: bool
    food: int
    capacity: int
    army_limit: int
    banners: dict[str, int]


class View(BaseModel):
    seat: Seat | None
    round: int
    current: Seat
    first_player: Seat
    token_hand_up: bool
    era: str
    over: bool
    spaces: dict[str, list[Citizen]]
    covered: list[str]
    empire_row: list[str]
    military_row: list[str]
    empire_deck: int
    empire_discard: int
    military_deck: int
    district_top: str | None
    district_deck: int
    titan_tops: list[str | None]
    titan_decks: list[int]
    waiting: list[StepView]
    players: list[PlayerView]
    cards: dict[str, CardInfo]
    final: dict[int, dict[str, float]] | None = None
    """At the end: each seat's score by source (hunger, banners, special, total) and rank."""


def _info(content: Content, card_id: str) -> CardInfo:
    key = ("card_info", card_id)
    found = content.memo.get(key)
    if not isinstance(found, CardInfo):
        found = content.memo[key] = _make_info(content, card_id)
    return found


def _make_info(content: Content, card_id: str) -> CardInfo:
    for kind, lookup in (("empire", content.empire_card), ("titan", content.titan),
                         ("district", content.district)):
        try:
            card = lookup(card_id)
        except KeyError:
            continue
        symbols = {s: int(getattr(card, s)) for s in SYMBOLS if getattr(card, s)}
        banners = {str(t): n for t, n in card.banners.items()}
        cost = (0, 0)
        text = ""
        if kind == "empire":
            empire = content.empire_card(card_id)
            cost = (empire.cost_coins, empire.cost_knowledge)
            text = _effect_text(empire.action, empire.text, empire.scoring)
        elif kind == "titan":
            titan = content.titan(card_id)
            cost = (titan.defence, 1 if titan.arrows_allowed else 0)
        if kind == "empire":
            gives = empire_gives(content, content.empire_card(card_id))
        else:
            gives = msg("ancient_world.gives.list", parts=symbol_parts(card, banners))  # type: ignore[arg-type]
        return CardInfo(name=card.name, kind=kind, banners=banners, symbols=symbols, cost=cost, text=text,
                        gives=gives)
    mil: MilitaryCard = content.military_card(card_id)
    symbols = {s: int(getattr(mil, s)) for s in ("swords", "arrows", "spoils", "spy", "repair",
                                                  "legacy_swords", "legacy_arrows", "legacy_spoils",
                                                  "legacy_spy", "legacy_repair") if getattr(mil, s)}
    return CardInfo(name=mil.name, kind="military", symbols=symbols, cost=(mil.recruit_cost, 0),
                    gives=military_gives(mil))


def _effect_text(action: CardAction | None, text: TextEffect | None, scoring: Scoring | None) -> str:
    """A few words for a card's action, text and scoring (for pictures; the rules are in §12)."""
    words = []
    if action is not None:
        words.append("act: " + _action_words(action))
    if text is not None:
        words.append(TEXT_WORDS[text])
    if scoring is not None:
        words.append(_scoring_words(scoring))
    return "; ".join(words)


TEXT_WORDS = {
    TextEffect.AQUEDUCT: "new citizen: coin per food",
    TextEffect.CRANE: "discard: build free",
    TextEffect.DISTANT_OUTPOST: "right educates: -1 army coin",
    TextEffect.SCRIBE_GUILD: "left educates: 1c → 1k",
    TextEffect.ZORI_DRAMATISTS: "first pass: store a card",
}


def _action_words(action: CardAction) -> str:
    match action.effect:
        case ActionEffect.GAIN:
            gains = ([f"+{action.coins}c"] if action.coins else []) + (
                [f"+{action.knowledge}k"] if action.knowledge else [])
            return " ".join(gains)
        case ActionEffect.REPAIR:
            return f"repair {action.count}"
        case ActionEffect.EXPLORE:
            return f"explore +{action.coins}c"
        case ActionEffect.COINS_PER_FOOD:
            return "coin per food"
        case ActionEffect.USE_OPPONENT:
            return "use a rival's card"
        case ActionEffect.FOREST_HIDEOUT:
            return "order a Titan deck, attack"
        case ActionEffect.TOWN_HALL:
            return "+1k, first player"
    return str(action.effect)


def _scoring_words(scoring: Scoring) -> str:
    match scoring.effect:
        case ScoringEffect.TRIBE_BANNERS:
            return f"VP for {scoring.tribe} banners"
        case ScoringEffect.BANNER_SETS:
            return f"{scoring.vp} VP per 5 colours"
        case ScoringEffect.PER_TITAN:
            return f"{scoring.vp} VP per Titan"
        case ScoringEffect.PER_DISTRICT:
            return f"{scoring.vp} VP per District"
    return str(scoring.effect)


def view(content: Content, state: State, seat: Seat | None) -> View:
    mentioned: set[str] = set()
    players = []
    for s, p in enumerate(state.players):
        own = seat == s
        empire = [BuiltView.model_construct(card=b.card, damaged=b.damaged, citizen=p.on_cards.get(b.card))
                  for b in p.empire]
        players.append(PlayerView.model_construct(
            coins=p.coins, knowledge=p.knowledge, owned=list(p.owned), hungry=sorted(p.hungry),
            placed=sorted(p.placed), empire=empire, stored_count=len(p.stored),
            stored=list(p.stored) if own else None, districts=list(p.districts), titans=list(p.titans),
            armies=[ArmyView.model_construct(cards=list(a.cards), name_coins=a.name_coins,
                                             picture_coins=a.picture_coins) for a in p.armies],
            conscription=p.conscription, passed=p.passed, food=city.food(content, p),
            capacity=city.capacity(content, p), army_limit=city.army_limit(content, p),
            banners={str(t): n for t, n in city.banners(content, p).items()},
        ))
        mentioned |= {b.card for b in p.empire} | set(p.districts) | set(p.titans)
        mentioned |= {c for a in p.armies for c in a.cards}
        if own:
            mentioned |= set(p.stored)
    waiting = []
    for current in state.steps:
        secret = current.kind in SECRET_STEPS and current.source != "row"
        shown = None
        if current.cards and (not secret or current.seat == seat):
            shown = [*current.chosen, *current.cards]
            mentioned |= set(shown)
        hidden = len(current.cards) + len(current.chosen) if shown is None else 0
        waiting.append(StepView.model_construct(kind=str(current.kind), seat=current.seat,
                                                count=current.count, cards=shown, hidden_cards=hidden))
    tops = [d[0] if d and up else None for d, up in zip(state.titan_decks, state.titan_face_up, strict=True)]
    district_top = state.district_deck[0] if state.district_deck else None
    mentioned |= set(state.empire_row) | set(state.military_row) | {t for t in tops if t}
    if district_top:
        mentioned.add(district_top)
    return View.model_construct(
        seat=seat, round=state.round, current=state.current, first_player=state.first_player,
        token_hand_up=state.token_hand_up, era=state.era, over=state.over,
        spaces={str(s): list(state.spaces[s]) for s in Space},
        covered=[str(s) for s in Space if covered(state, s)],
        empire_row=list(state.empire_row), military_row=list(state.military_row),
        empire_deck=len(state.empire_deck), empire_discard=len(state.empire_discard),
        military_deck=len(state.military_deck), district_top=district_top,
        district_deck=len(state.district_deck), titan_tops=tops,
        titan_decks=[len(d) for d in state.titan_decks], waiting=waiting, players=players,
        cards={c: _info(content, c) for c in sorted(mentioned)},
        final=_final(content, state),
    )


def _final(content: Content, state: State) -> dict[int, dict[str, float]] | None:
    result = scoring.result(content, state)
    if result is None:
        return None
    return {seat: {**result.details[seat], "rank": result.ranks[seat]} for seat in result.scores}


def scramble(content: Content, state: State, seat: Seat, rng: Rng) -> State:
    """Change what only ``seat`` knows: its stored cards and the cards of its secret steps."""
    new = state.model_copy(deep=True)
    pool = [c.id for c in content.empire if c.deck != "start"]
    player = new.players[seat]
    building = any(s.seat == seat and s.kind in (StepKind.BUILD_CARD, StepKind.CRANE) for s in new.steps)
    if not building:  # mid-Build the stored cards are the options on offer; keep them consistent
        player.stored = [rng.choice(pool) for _ in player.stored]
    for current in new.steps:
        if current.seat != seat or current.kind not in SECRET_STEPS or current.source == "row":
            continue
        if current.kind is StepKind.CRANE:
            continue
        if current.kind is StepKind.EXPLORE_STORE:
            current.cards = [rng.choice(pool) for _ in current.cards]
        else:
            rng.shuffle(current.cards)
    return new
