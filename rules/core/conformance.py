"""The conformance kit: every engine, played to the end many times, must keep the contract.

:func:`check_games` plays complete seeded games with bot seats and checks, at every step:

* every option of every pending prompt applies without error (legal actions never raise);
* :meth:`Engine.prompts` (remembered per state, also as a game's :meth:`Engine.play` left them,
  :meth:`Engine.settled`) equals :meth:`Engine.pending` computed anew;
* :meth:`Engine.owing` names exactly the seats with a pending prompt (a game may answer it
  without building the prompts);
* no prompt asks a question with a single possible answer (:attr:`Prompt.answers` below two): the
  engine plays a forced answer itself;
* a prompt's parts (:class:`~rules.core.contract.Parts`) make at least two combinations, and every
  combination (a sample of them when there are many) either applies or is refused with a
  :class:`RuleError` that changes nothing; at least one applies, and the combination of the
  menus' defaults, when every menu has one, applies;
* malformed and illegal input (a seat that owes nothing, out-of-bounds numbers, unknown kinds,
  mangled fields) raises :class:`RuleError` and leaves the state byte-identical;
* the state round-trips through JSON exactly;
* no seat's view or prompt changes when another seat's secrets are scrambled
  (:meth:`Engine.scramble`), and for a game with secrets the scramble is seen by its owner at least
  once (so the check is not vacuous);
* the game ends within ``GameInfo.max_actions`` with a :class:`Result` ranking every seat;
* replaying the action log from the seed rebuilds the final state exactly, even with the global
  :mod:`random` disturbed between steps.

The first violation raises :class:`ConformanceError` naming the seed and step that reproduce it.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from statistics import mean
from typing import Any

from pydantic import BaseModel

from rules.core.bots import Bot
from rules.core.contract import Parts, Prompt, Seat
from rules.core.engine import Engine
from rules.core.errors import RuleError
from rules.core.rng import Rng

PARTS_SAMPLE = 24
"""Combinations of a prompt's parts applied at each step (all of them when there are fewer)."""
PARTS_SAMPLE_FAST = 4
"""The same without ``every_option``."""


class ConformanceError(AssertionError):
    """An engine broke the contract; the message names the seed and step to reproduce it."""


@dataclass
class Summary:
    """What a batch of games showed."""

    games: int = 0
    actions: int = 0
    seconds: float = 0.0
    winning_scores: list[float] = field(default_factory=list)
    margins: list[float] = field(default_factory=list)
    wins: dict[str, float] = field(default_factory=dict)
    """Wins per bot name (a shared first place counts as a fraction)."""

    def add(self, other: Summary) -> None:
        """Fold in another batch's figures (its seconds too; a parallel run sets wall time itself)."""
        self.games += other.games
        self.actions += other.actions
        self.seconds += other.seconds
        self.winning_scores += other.winning_scores
        self.margins += other.margins
        for name, wins in other.wins.items():
            self.wins[name] = self.wins.get(name, 0.0) + wins

    @property
    def actions_per_second(self) -> float:
        return self.actions / self.seconds if self.seconds else 0.0

    def line(self, game_id: str) -> str:
        """One line for the shell."""
        if not self.games:
            return f"{game_id}: no games played"
        wins = ", ".join(f"{k} {v:g}" for k, v in sorted(self.wins.items()))
        return (
            f"{game_id}: {self.games} games, {self.actions} actions, "
            f"{self.actions_per_second:,.0f} actions/s, winning score "
            f"{min(self.winning_scores):g}–{max(self.winning_scores):g} "
            f"(mean {mean(self.winning_scores):.1f}), mean margin {mean(self.margins):.1f}; wins: {wins}"
        )


def bot_lineup(engine: Engine[Any, Any], names: str, players: int) -> list[Bot]:
    """Bots for ``players`` seats from a comma list cycled over the seats (``"greedy,random"``)."""
    available = engine.bots()
    wanted = [n.strip() for n in names.split(",") if n.strip()] or ["random"]
    unknown = [n for n in wanted if n not in available]
    if unknown:
        raise ValueError(f"no bot {unknown[0]!r} for {engine.info.id}; have {sorted(available)}")
    return [available[wanted[i % len(wanted)]] for i in range(players)]


def check_games(
    engine: Engine[Any, Any],
    *,
    players: int,
    games: int,
    seed: int = 0,
    bots: str = "random",
    options: dict[str, Any] | None = None,
    every_option: bool = True,
    secrets_every: int = 1,
    forced_answers_played: bool = False,
) -> Summary:
    """Play ``games`` complete games and check the contract at every step.

    ``every_option`` applies every option of every pending prompt (slower, thorough);
    ``secrets_every`` scrambles secrets every that many steps; ``forced_answers_played`` fails a
    prompt that offers fewer than two answers.

    :raises ConformanceError: on the first violation, with the seed and step.
    """
    summary = Summary()
    started = time.perf_counter()
    scramble_seen = False
    for game in range(games):
        game_seed = seed + game
        checker = _GameCheck(
            engine, players, game_seed, bots, options or {}, every_option, secrets_every,
            forced_answers_played,
        )
        checker.run()
        scramble_seen |= checker.scramble_seen
        summary.games += 1
        summary.actions += checker.steps
        result = checker.result
        best = max(result.scores.values())
        summary.winning_scores.append(best)
        others = sorted(result.scores.values(), reverse=True)
        summary.margins.append(others[0] - others[1] if len(others) > 1 else 0.0)
        winners = [s for s, r in result.ranks.items() if r == 1]
        for s in winners:
            name = checker.lineup[s].name
            summary.wins[name] = summary.wins.get(name, 0.0) + 1 / len(winners)
    summary.seconds = time.perf_counter() - started
    if engine.info.has_secrets and games and not scramble_seen:
        raise ConformanceError(
            f"{engine.info.id}: scramble() never changed what its owner sees; the secrets check "
            "proved nothing"
        )
    return summary


class _GameCheck:
    def __init__(
        self,
        engine: Engine[Any, Any],
        players: int,
        seed: int,
        bots: str,
        options: dict[str, Any],
        every_option: bool,
        secrets_every: int,
        forced_answers_played: bool = False,
    ) -> None:
        self.engine = engine
        self.players = players
        self.seed = seed
        self.options = options
        self.every_option = every_option
        self.secrets_every = max(1, secrets_every)
        self.forced_answers_played = forced_answers_played
        self.lineup = bot_lineup(engine, bots, players)
        self.rng = Rng.from_seed(seed ^ 0x5EED_C0DE)
        self.log: list[tuple[Seat, str]] = []
        self.steps = 0
        self.scramble_seen = False
        self.result: Any = None

    def fail(self, what: str) -> ConformanceError:
        return ConformanceError(
            f"{self.engine.info.id} ({self.players} players) seed {self.seed} step {self.steps}: {what}"
        )

    def run(self) -> None:
        engine = self.engine
        try:
            state = engine.new_game(self.players, self.options, self.seed)
        except Exception as exc:
            raise self.fail(f"setup raised {exc!r}") from exc
        self.check_round_trip(state)
        while prompts := self.call("pending()", engine.pending, state):
            if self.steps >= engine.info.max_actions:
                raise self.fail(f"no end after {self.steps} actions")
            self.check_prompts(state, prompts)
            if self.steps % self.secrets_every == 0:
                self.check_secrets(state, prompts)
            self.check_rejections(state, prompts)
            seat = self.rng.choice(sorted(prompts))
            bot = self.lineup[seat]
            action = self.call(
                f"bot {bot.name} for seat {seat}",
                bot.choose, engine, state, seat, prompts[seat], self.rng.fork(),
            )
            state = self.apply_legal(state, seat, action)
            self.log.append((seat, engine.dump_action(engine.parse_action(action))))
            self.steps += 1
            random.random()  # disturb the global generator: engines must not depend on it
            self.check_round_trip(state)
        self.result = engine.result(state)
        if self.result is None:
            raise self.fail("no prompts left but result() is None")
        if set(self.result.ranks) != set(range(self.players)):
            raise self.fail(f"result ranks {self.result.ranks} do not cover every seat")
        replayed = self.call("replay", engine.replay, self.players, self.options, self.seed, self.log)
        if engine.dump(replayed) != engine.dump(state):
            raise self.fail("replaying the action log from the seed gives a different state")

    def call(self, what: str, function: Any, *args: Any) -> Any:
        try:
            return function(*args)
        except ConformanceError:
            raise
        except Exception as exc:
            raise self.fail(f"{what} raised {exc!r}") from exc

    def apply_legal(self, state: BaseModel, seat: Seat, action: Any) -> Any:
        before = self.engine.dump(state)
        try:
            new_state, _events = self.engine.apply(state, seat, action)
        except Exception as exc:
            raise self.fail(f"legal action {action!r} for seat {seat} raised {exc!r}") from exc
        if self.engine.dump(state) != before:
            raise self.fail("apply() modified the state it was given")
        return new_state

    def check_prompts(self, state: BaseModel, prompts: dict[Seat, Prompt]) -> None:
        remembered = self.call("prompts()", self.engine.prompts, state)
        if remembered != prompts:
            raise self.fail("prompts() (remembered for the state) differ from pending() computed anew")
        owing = self.call("owing()", self.engine.owing, state)
        if sorted(owing) != sorted(prompts):
            raise self.fail(f"owing() says seats {sorted(owing)}, the prompts are for {sorted(prompts)}")
        for seat, prompt in prompts.items():
            if prompt.seat != seat:
                raise self.fail(f"prompt for seat {seat} says seat {prompt.seat}")
            labels = [o.label for o in prompt.options]
            if len(set(map(repr, labels))) != len(labels):
                raise self.fail(f"duplicate option labels for seat {seat}: {labels}")
            if self.forced_answers_played and prompt.answers < 2:
                raise self.fail(
                    f"seat {seat} is asked {prompt.title!r} with a single possible answer; "
                    "the engine must play it itself"
                )
            if self.every_option:
                for option in prompt.options:
                    self.apply_legal(state, seat, option.action)
            if prompt.number is not None:
                for value in {prompt.number.low, prompt.number.high}:
                    self.apply_legal(state, seat, prompt.number.action(value))
            if prompt.parts is not None:
                self.check_parts(state, seat, prompt.parts)

    def check_parts(self, state: BaseModel, seat: Seat, parts: Parts) -> None:
        """Every combination the parts allow (a sample of :data:`PARTS_SAMPLE` when there are more)
        is legal or refused cleanly; one at least is legal, and so are the defaults."""
        if parts.combinations < 2:
            raise self.fail(f"seat {seat}'s parts make {parts.combinations} combination; a prompt with "
                            "parts offers at least two answers (or the engine plays the one itself)")
        limit = PARTS_SAMPLE if self.every_option else PARTS_SAMPLE_FAST
        every = list(parts.every())
        if len(every) > limit:
            every = [every[self.rng.below(len(every))] for _ in range(limit)]
        defaults = parts.defaults
        if all(d is not None for d in defaults):
            self.apply_legal(state, seat, parts.action([d for d in defaults if d is not None]))
        before = self.engine.dump(state)
        applied = 0
        for picks in every:
            action = parts.action(picks)
            try:
                self.engine.apply(state, seat, action)
            except RuleError as refusal:
                if not str(refusal).strip():
                    raise self.fail(f"parts combination {action!r} was refused without a message") from None
            except Exception as exc:
                raise self.fail(f"parts combination {action!r} raised {exc!r}, not a RuleError") from exc
            else:
                applied += 1
            if self.engine.dump(state) != before:
                raise self.fail(f"parts combination {action!r} changed the state it was given")
        if not applied:
            raise self.fail(f"none of {len(every)} combinations of seat {seat}'s parts is legal")

    def check_rejections(self, state: BaseModel, prompts: dict[Seat, Prompt]) -> None:
        engine = self.engine
        before = engine.dump(state)
        idle = [s for s in range(self.players) if s not in prompts]
        samples: list[tuple[Seat, Any, bool]] = []
        some_prompt = prompts[min(prompts)]
        parts = some_prompt.parts
        if some_prompt.options or parts is not None:
            action = (some_prompt.options[0].action if parts is None
                      else parts.action([0] * len(parts.menus)))
            samples += [(s, action, True) for s in idle[:1]]
            samples += [(min(prompts), m, False) for m in _mangled(action)]
        number = some_prompt.number
        if number is not None:
            samples.append((some_prompt.seat, number.action(number.high + 1), True))
            samples.append((some_prompt.seat, number.action(number.low - 1), True))
        samples.append((min(prompts), {"kind": "no-such-move"}, True))
        for seat, action, must_fail in samples:
            try:
                engine.apply(state, seat, action)
            except RuleError:
                pass
            except Exception as exc:
                raise self.fail(f"{action!r} for seat {seat} raised {exc!r}, not a RuleError") from exc
            else:
                if must_fail:
                    raise self.fail(f"illegal {action!r} for seat {seat} was accepted")
            if engine.dump(state) != before:
                raise self.fail(f"rejected {action!r} changed the state")

    def check_secrets(self, state: BaseModel, prompts: dict[Seat, Prompt]) -> None:
        engine = self.engine
        seats: list[Seat | None] = [None, *range(self.players)]
        views = {s: engine.view(state, s) for s in seats}
        for owner in range(self.players):
            scrambled = engine.scramble(state, owner, self.rng.fork())
            if engine.view(scrambled, owner) != views[owner]:
                self.scramble_seen = True
            other_prompts = engine.pending(scrambled)
            for seat in seats:
                if seat == owner:
                    continue
                if engine.view(scrambled, seat) != views[seat]:
                    who = "a spectator" if seat is None else f"seat {seat}"
                    raise self.fail(f"{who} can see a secret of seat {owner} (its view changed)")
                if seat is not None and other_prompts.get(seat) != prompts.get(seat):
                    raise self.fail(f"seat {seat}'s prompt depends on a secret of seat {owner}")

    def check_round_trip(self, state: BaseModel) -> None:
        text = self.engine.dump(state)
        again = self.engine.load(text)
        if again != state or self.engine.dump(again) != text:
            raise self.fail("the state does not round-trip through JSON exactly")


def _mangled(action: Any) -> list[Any]:
    """Variants of a legal action with fields pushed out of range or mistyped."""
    if not isinstance(action, BaseModel):
        return []
    data = action.model_dump(mode="json")
    out: list[Any] = []
    for name, value in data.items():
        if name == "kind":
            continue
        if isinstance(value, bool):
            continue
        if isinstance(value, int):
            out += [{**data, name: 10_000}, {**data, name: -10_000}, {**data, name: "x"}]
        elif isinstance(value, str):
            out.append({**data, name: "\u0000no such thing"})
    return out
