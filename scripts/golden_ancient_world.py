"""Write the golden playthroughs of The Ancient World: tests/golden/ancient_world/*.txt.

    python scripts/golden_ancient_world.py

Each file is one seeded game played by bots. Every step shows the prompts owed (title and option
labels in English, each option's description in brackets,
navigation marked), the action played in short notation, the events with who may see them, a line
summarising the spectator's view, what changed in it, and what each seat sees beyond it (its own
secrets), value by value (scripts/golden_views.py), so that any change to what a seat sees shows up
in the diff. tests/ancient_world/test_golden.py checks that the engine still plays each file exactly.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from rules.ancient_world import ENGINE  # noqa: E402
from rules.ancient_world.actions import notation  # noqa: E402
from rules.ancient_world.views import View  # noqa: E402
from rules.core import Event, Message, Rng  # noqa: E402
from rules.core.conformance import bot_lineup  # noqa: E402
from rules.core.messages import render  # noqa: E402
from scripts.golden_views import beyond, changes, flat_view  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "golden" / "ancient_world"
GAMES = {
    "random_2p_seed1": (2, 1, "random"),
    "greedy_random_3p_seed2": (3, 2, "greedy,random"),
    "greedy_4p_seed3": (4, 3, "greedy"),
}
PACKAGES = ("rules.ancient_world",)


def words(message: Message, players: int) -> str:
    names = tuple(f"P{i + 1}" for i in range(players))
    return render(message, "en", PACKAGES, names)


def summary(view: View) -> str:
    parts = []
    for i, p in enumerate(view.players):
        empire = ",".join(b.card + ("*" if b.damaged else "") for b in p.empire)
        armies = ";".join("/".join(a.cards) + f"({a.name_coins}|{a.picture_coins})" for a in p.armies)
        stored = ",".join(p.stored) if p.stored is not None else f"{p.stored_count} hidden"
        parts.append(f"P{i + 1}[c{p.coins} k{p.knowledge} cit{p.owned} hungry{p.hungry} emp {empire} "
                     f"dist {','.join(p.districts)} titans {','.join(p.titans)} armies {armies} "
                     f"stored {stored}]")
    return "  view: " + " ".join(parts)


def event_line(event: Event, players: int) -> str:
    to = "all" if event.visible_to is None else ",".join(f"P{s + 1}" for s in sorted(event.visible_to))
    return f"  event [{to}] {words(event.message, players)}"


def playthrough(players: int, seed: int, bots: str) -> str:
    """The text of one seeded game."""
    lineup = bot_lineup(ENGINE, bots, players)
    rng = Rng.from_seed(seed ^ 0xA11CE)
    state = ENGINE.new_game(players, {}, seed)
    lines = [f"# The Ancient World golden playthrough: {players} players, seed {seed}, bots {bots}"]
    step = 0
    seen = flat_view(ENGINE.view(state, None))
    while prompts := ENGINE.pending(state):
        lines.append(f"step {step} round {state.round}")
        for seat, prompt in sorted(prompts.items()):
            labels = " | ".join(words(o.label, players)
                                + (f" [{words(o.description, players)}]" if o.description else "")
                                + (" (nav)" if o.navigation else "") for o in prompt.options)
            lines.append(f"  prompt P{seat + 1}: {words(prompt.title, players)} :: {labels}")
        seat = min(prompts)
        action = lineup[seat].choose(ENGINE, state, seat, prompts[seat], rng.fork())
        lines.append(f"  play P{seat + 1}: {notation(action)}")
        state, events = ENGINE.apply(state, seat, action)
        lines += [event_line(e, players) for e in events]
        spectator = ENGINE.view(state, None)
        lines.append(summary(spectator))
        now = flat_view(spectator)
        lines += [f"    changed {line}" for line in changes(seen, now)]
        seen = now
        for s in range(players):
            own = flat_view(ENGINE.view(state, s))
            lines += [f"    P{s + 1} also sees {line}" for line in beyond(own, now)]
        step += 1
    result = ENGINE.result(state)
    assert result is not None
    lines.append(f"result scores {result.scores} ranks {result.ranks}")
    lines += [f"  tiebreak {words(m, players)}" for m in result.tiebreak]
    return "\n".join(lines) + "\n"


def main() -> int:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, (players, seed, bots) in GAMES.items():
        path = GOLDEN_DIR / f"{name}.txt"
        path.write_text(playthrough(players, seed, bots), "utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
