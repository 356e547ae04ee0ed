"""Write (or check) the golden Praetor playthroughs in tests/golden/praetor/.

    python scripts/golden_praetor.py          # rewrite the files
    python scripts/golden_praetor.py --check  # exit 1 if the engine no longer reproduces them

Each file is one complete game from a fixed seed with bot seats: at every step the prompts owed
(title and option labels in English, a panel's button with its menus and their sizes), the action
played in short notation, and the events; at each round start every seat's favour, morale, gold and
workers; at the end the result.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rules.core import Message, Rng  # noqa: E402
from rules.core.messages import render  # noqa: E402
from rules.praetor import ENGINE  # noqa: E402
from rules.praetor.actions import notation  # noqa: E402
from rules.praetor.state import State  # noqa: E402

GOLDEN = ROOT / "tests" / "golden" / "praetor"
GAMES: dict[str, tuple[int, int, str, dict[str, object]]] = {
    "two_players_greedy_seed_7": (2, 7, "greedy,random", {}),
    "three_players_expert_seed_11": (3, 11, "greedy", {"expert": True}),
    "four_players_hard_boards_seed_3": (4, 3, "greedy,random",
                                        {"hard": True, "boards": ["A", "B1", "B2", "B3"]}),
}


def _words(message: Message, players: int) -> str:
    names = tuple(f"Seat {s + 1}" for s in range(players))
    return render(message, "en", ("rules.praetor", "rules.core"), seat_names=names)


def _summary(state: State) -> list[str]:
    lines = []
    for seat, p in enumerate(state.players):
        track = ENGINE.content.board(p.board).morale
        workers = ",".join(str(w.exp) for w in p.workers) or "-"
        lines.append(f"  seat {seat + 1}: favour {p.favour}, morale {track[p.morale]:+d}, "
                     f"{p.stock.as_dict()}, workers [{workers}], village {p.peasants}, "
                     f"apprentices {p.level1}+{p.level2}, retired {p.retired}, walls {len(p.walls)}")
    return lines


def playthrough(players: int, seed: int, bots: str, options: dict[str, object]) -> str:
    """The golden text of one game."""
    lineup = [ENGINE.bots()[name] for name in (bots.split(",") * players)[:players]]
    rng = Rng.from_seed(seed)
    state = ENGINE.new_game(players, options, seed)
    out = [f"# Praetor, {players} players, seed {seed}, bots {bots}, options {options}", ""]
    last_round = 0
    step = 0
    while prompts := ENGINE.pending(state):
        if state.round != last_round and state.phase == "actions":
            last_round = state.round
            order = " ".join(str(s + 1) for s in state.order)
            out += [f"== round {state.round}: order {order}; available {state.available}; wall {state.wall}",
                    *_summary(state)]
        seat = min(prompts)
        prompt = prompts[seat]
        labels = " | ".join(_words(o.label, players) for o in prompt.options)
        number = f" | number {prompt.number.low}..{prompt.number.high}" if prompt.number else ""
        if prompt.parts is not None:
            menus = "; ".join(f"{_words(m.label, players)} ({len(m.choices)})" for m in prompt.parts.menus)
            number += f" | {_words(prompt.parts.label, players)}: {menus}"
        action = lineup[seat].choose(ENGINE, state, seat, prompt, rng.fork())
        action = ENGINE.parse_action(action)
        state, events = ENGINE.apply(state, seat, action)
        step += 1
        out.append(f"{step}. seat {seat + 1} [{_words(prompt.title, players)}] {labels}{number}")
        out.append(f"   > {notation(action)}")
        out += [f"   - {_words(e.message, players)}" for e in events]
    result = ENGINE.result(state)
    assert result is not None
    out += ["== final", *_summary(state)]
    out += [f"  seat {s + 1}: {result.scores[s]:g} favour, rank {result.ranks[s]}, {result.details[s]}"
            for s in range(players)]
    return "\n".join(out) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    args = parser.parse_args(argv)
    GOLDEN.mkdir(parents=True, exist_ok=True)
    stale = []
    for name, (players, seed, bots, options) in GAMES.items():
        path = GOLDEN / f"{name}.txt"
        text = playthrough(players, seed, bots, options)
        if args.check:
            if not path.is_file() or path.read_text("utf-8") != text:
                stale.append(name)
        else:
            path.write_text(text, "utf-8")
    for name in stale:
        print(f"golden playthrough {name} differs; rerun scripts/golden_praetor.py and review the diff")
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
