"""Write a database as this release stores it: tests/fixtures/releases/<name>.db.

    python scripts/release_database.py NAME

One table of each shipped game, started with seed 1 by a person (Ada) and a random bot, played
for some of Ada's decisions (her first option each time) and left mid-game, with a snapshot every
few entries; a finished Sealed Bid-free lobby table too. tests/service/test_releases.py opens every
such file with the current code, replays each table and plays on. Keep the files of released
builds: never regenerate an existing one (it stands for what that release wrote).
"""

from __future__ import annotations

import asyncio
import sqlite3
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bot.service import TableService  # noqa: E402
from rules import registry  # noqa: E402
from storage.sqlite import SqliteRepository  # noqa: E402

RELEASES = ROOT / "tests" / "fixtures" / "releases"
ADA = 100
DECISIONS = 6
"""Ada's decisions played at each table before it is left waiting for her."""


async def write(path: Path) -> None:
    now = datetime(2026, 12, 1, 12, 0, tzinfo=UTC)
    repo = await SqliteRepository.open(path)
    try:
        service = TableService(repo, clock=lambda: now, snapshot_every=5, seed_source=lambda: 1)
        for game in registry.available():
            table = await service.create_table(game, 1, 2, ADA, "Ada", {})
            await service.add_bot(table.id, ADA, "random")
            await service.start(table.id, ADA, seed=1, shuffle_seats=False)
            for _ in range(DECISIONS):
                prompt = await service.prompt_for(table.id, ADA)
                if prompt is None:
                    break
                action = prompt.prompt.number.action(prompt.prompt.number.low) if prompt.prompt.number \
                    else prompt.prompt.options[0].action
                outcome = await service.act(table.id, ADA, action, expected_seq=prompt.seq)
                if outcome.announce_through is not None:
                    await service.mark_announced(table.id, outcome.announce_through)
                now += timedelta(minutes=5)
        await service.create_table(registry.available()[0], 1, 2, ADA, "Ada", {})  # a lobby
    finally:
        await repo.close()
    with sqlite3.connect(path) as plain:  # one small self-contained file
        plain.execute("PRAGMA journal_mode = DELETE")
        plain.execute("PRAGMA page_size = 1024")
        plain.execute("VACUUM")
    plain.close()


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    path = RELEASES / f"{argv[0]}.db"
    if path.exists():
        print(f"{path} exists: a release's database is never regenerated", file=sys.stderr)
        return 1
    RELEASES.mkdir(parents=True, exist_ok=True)
    asyncio.run(write(path))
    print(f"wrote {path} ({path.stat().st_size} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
