"""Write the Roll for the Galaxy golden playthroughs: tests/golden/rftg/*.txt.

    .venv/bin/python scripts/golden_rftg.py          # regenerate every file
    .venv/bin/python scripts/golden_rftg.py --check  # exit 1 if any file differs

Each file is a greedy-bot game from a fixed seed: every step shows the pending prompts with their
labels, the action applied, and the events with who may see them; the spectator view is written at
the start of every round and at the end, with the result. Review changes to these files as diffs.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.core import Message, Rng  # noqa: E402
from rules.rftg import ENGINE  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "rftg"
GAMES = ((2, 1), (3, 2))
"""(players, seed) of each golden game."""


def _m(message: Message) -> str:
    params = ",".join(f"{k}={v}" for k, v in message.params.items())
    return f"{message.key}({params})" if params else message.key


def playthrough(players: int, seed: int) -> str:
    """The golden text of one seeded greedy game."""
    lines = [f"# Roll for the Galaxy golden playthrough: {players} players, seed {seed}, greedy bots"]
    state = ENGINE.new_game(players, {}, seed)
    bot = ENGINE.bots()["greedy"]
    rng = Rng.from_seed(seed)
    step, last_round = 0, 0
    while prompts := ENGINE.pending(state):
        if state.round != last_round and state.stage == "assign":
            last_round = state.round
            lines.append(f"## round {state.round}")
            lines.append("view " + ENGINE.view(state, None).model_dump_json())
        for seat, prompt in sorted(prompts.items()):
            labels = " | ".join(_m(o.label) for o in prompt.options)
            lines.append(f"prompt {seat} {_m(prompt.title)}: {labels}")
        seat = rng.choice(sorted(prompts))
        action: Any = bot.choose(ENGINE, state, seat, prompts[seat], rng.fork())
        lines.append(f"{step} seat {seat} plays {ENGINE.dump_action(action)}")
        state, events = ENGINE.apply(state, seat, action)
        for event in events:
            who = "all" if event.visible_to is None else ",".join(map(str, sorted(event.visible_to)))
            lines.append(f"  event [{who}] {_m(event.message)}")
        step += 1
    result = ENGINE.result(state)
    assert result is not None
    lines.append("## end")
    lines.append("view " + ENGINE.view(state, None).model_dump_json())
    lines.append("result " + json.dumps(result.model_dump(mode="json"), sort_keys=True))
    return "\n".join(lines) + "\n"


def path(players: int, seed: int) -> Path:
    return GOLDEN / f"greedy_{players}p_seed{seed}.txt"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    GOLDEN.mkdir(parents=True, exist_ok=True)
    stale = []
    for players, seed in GAMES:
        text = playthrough(players, seed)
        target = path(players, seed)
        if check:
            if not target.exists() or target.read_text("utf-8") != text:
                stale.append(target.name)
        else:
            target.write_text(text, "utf-8")
            print(f"wrote {target.relative_to(ROOT)} ({text.count(chr(10))} lines)")
    if stale:
        print("out of date: " + ", ".join(stale))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
