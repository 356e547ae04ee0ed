"""Write the golden Patchistory playthroughs: ``python scripts/golden_patchistory.py``.

Each file in ``tests/golden/patchistory/`` is a complete seeded game between the random bots: every
step shows the seats owed a decision with their prompt and options (in English), the action applied,
the events as each reader sees them, what changed in the spectator's view and what each seat sees
beyond it, value by value (``scripts/golden_views.py``); the final scores close it.
``tests/patchistory/test_golden.py`` replays the same seeds and requires identical text, so any change
to the rules shows up as a reviewable diff.
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from rules.core import Rng, random_choice  # noqa: E402
from rules.core.messages import Message, render  # noqa: E402
from rules.patchistory import ENGINE  # noqa: E402
from scripts.golden_views import beyond, changes, flat_view  # noqa: E402

GOLDEN_DIR = ROOT / "tests" / "golden" / "patchistory"
GAMES = {"two_players_seed_1.txt": (2, 1), "three_players_seed_2.txt": (3, 2)}
PACKAGES = ("rules.patchistory", "rules.core")


def words(message: Message, players: int) -> str:
    return render(message, "en", PACKAGES, tuple(f"P{s}" for s in range(players)))


def playthrough(players: int, seed: int) -> str:
    """The golden text of one seeded random game."""
    state = ENGINE.new_game(players, {}, seed)
    rng = Rng.from_seed(seed * 7919 + 1)
    lines = [f"# Patchistory, {players} players, seed {seed}, random bots", ""]
    step = 0
    seen: dict[str, str] = {}
    while prompts := ENGINE.pending(state):
        lines.append(f"## step {step} · era {state.era} round {state.round} · {state.phase.value}")
        now = flat_view(ENGINE.view(state, None))
        lines += [f"  view changed {line}" for line in changes(seen, now)]
        seen = now
        for s in range(players):
            lines += [f"  P{s} also sees {line}" for line in beyond(flat_view(ENGINE.view(state, s)), now)]
        for seat, prompt in sorted(prompts.items()):
            options = " | ".join(words(o.label, players) for o in prompt.options)
            number = prompt.number
            bounds = f" [{number.low}..{number.high}]" if number is not None else ""
            lines.append(f"P{seat}: {words(prompt.title, players)}{bounds} :: {options}")
        seat = rng.choice(sorted(prompts))
        action = random_choice(prompts[seat], rng)
        lines.append(f"# Apply P{seat} {ENGINE.dump_action(ENGINE.parse_action(action))}")
        state, events = ENGINE.apply(state, seat, action)
        for event in events:
            who = "all" if event.visible_to is None else ",".join(f"P{s}" for s in sorted(event.visible_to))
            lines.append(f"  > [{who}] {words(event.message, players)}")
        step += 1
    result = ENGINE.result(state)
    assert result is not None
    lines.append("")
    lines.append("Final culture: " + ", ".join(f"P{s} {int(v)}" for s, v in sorted(result.scores.items())))
    lines.append("Ranks: " + ", ".join(f"P{s} {r}" for s, r in sorted(result.ranks.items())))
    return "\n".join(lines) + "\n"


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, (players, seed) in GAMES.items():
        (GOLDEN_DIR / name).write_text(playthrough(players, seed), "utf-8")
        print(f"wrote {GOLDEN_DIR / name}")


if __name__ == "__main__":
    main()
