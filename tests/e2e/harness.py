"""The real bot entrypoint (``python -m bot``) as a subprocess, pointed at a :class:`FakeDiscord`.

Everything is configured by environment variables, as in production, plus the testing hooks:
``DISCORD_API_BASE``/``DISCORD_GATEWAY_URL`` (the fake), ``AGORA_EXTRA_GAMES`` (the Sealed Bid
fixture game), ``AGORA_CLOCK_FILE`` (a clock the test moves) and a short reminder poll.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from tests.e2e.fakediscord import FakeDiscord
from tests.e2e.fakediscord.server import PATIENCE

ROOT = Path(__file__).resolve().parents[2]

BAD_LOG = ("Traceback", " ERROR ", " CRITICAL ")


class BotProcess:
    """One run of the bot process; ``start`` again after ``kill`` or ``stop`` for a restart."""

    def __init__(self, fake: FakeDiscord, workdir: Path, **env: str) -> None:
        self.fake = fake
        self.workdir = workdir
        self.clock_file = workdir / "clock"
        self.clock_file.write_text("0")
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("DISCORD_", "AGORA_", "DATABASE_"))},
            "PYTHONPATH": str(ROOT),
            "DISCORD_TOKEN": "test-token",
            "DISCORD_API_BASE": fake.api_base,
            "DISCORD_GATEWAY_URL": fake.gateway_url,
            "DATABASE_URL": f"sqlite:///{workdir / 'agora.db'}",
            "DEV_GUILD_ID": str(fake.guild_id),
            "AGORA_EXTRA_GAMES": "tests.fixtures.sealed_bid:ENGINE",
            "AGORA_GUILD_READY_TIMEOUT": "0.05",
            "AGORA_CLOCK_FILE": str(self.clock_file),
            "AGORA_REMINDER_POLL_SECONDS": "0.2",
            "AGORA_SEED": "1",
            "LOG_LEVEL": "INFO",
            **env,
        }
        self.proc: asyncio.subprocess.Process | None = None
        self.lines: list[str] = []
        self.runs = 0
        self.run_mark = 0
        self._reader: asyncio.Task[None] | None = None

    async def start(self) -> None:
        self.proc = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot",
            cwd=self.workdir,
            env=self.env,
            stdout=asyncio.subprocess.PIPE,
            stderr=asyncio.subprocess.STDOUT,
        )
        self.runs += 1
        ready_mark = self.run_mark = len(self.lines)
        self._reader = asyncio.create_task(self._read(self.proc))
        await self.fake.wait_connected(self.runs)
        await self.wait_log("Agora is ready", since=ready_mark)

    async def settled(self) -> None:
        """Wait until this run's first reminder pass is over: startup recovery, the announcements
        it owed and one pass of the scheduler are done, so a "nothing happened" check after it
        proves that the bot got that far and did nothing."""
        await self.wait_log("first reminder pass done", since=self.run_mark)

    async def _read(self, proc: asyncio.subprocess.Process) -> None:
        assert proc.stdout is not None
        async for raw in proc.stdout:
            self.lines.append(raw.decode(errors="replace").rstrip())

    async def wait_log(self, text: str, since: int = 0, timeout: float = PATIENCE) -> None:
        async def until() -> None:
            while not any(text in line for line in self.lines[since:]):
                if self.proc is not None and self.proc.returncode is not None:
                    raise AssertionError(f"the bot exited ({self.proc.returncode}):\n{self.log()}")
                await asyncio.sleep(0.02)

        try:
            await asyncio.wait_for(until(), timeout)
        except TimeoutError:
            raise AssertionError(f"no {text!r} in the bot's log:\n{self.log()}") from None

    def set_clock(self, seconds: float) -> None:
        """Move the bot's clock to ``seconds`` after the real time."""
        self.clock_file.write_text(str(seconds))

    async def stop(self) -> int:
        """Ask the bot to shut down (SIGINT) and wait; return its exit status."""
        assert self.proc is not None
        if self.proc.returncode is None:
            self.proc.send_signal(signal.SIGINT)
        # A bound, not a measure: on a machine busy with other work, finishing the interactions in
        # flight and closing the gateway can take well over the usual second.
        try:
            rc = await asyncio.wait_for(self.proc.wait(), 90)
        except TimeoutError:
            raise AssertionError(f"the bot did not stop within 90 s of SIGINT:\n{self.log()}") from None
        if self._reader is not None:
            await self._reader
        return rc

    async def kill(self) -> None:
        """``kill -9``: no chance to clean up."""
        assert self.proc is not None
        self.proc.kill()
        await self.proc.wait()
        if self._reader is not None:
            await self._reader

    def log(self) -> str:
        return "\n".join(self.lines[-200:])

    def problems(self) -> list[str]:
        """Log lines that show a bot-side exception or error."""
        return [line for line in self.lines if any(bad in line for bad in BAD_LOG)]


@asynccontextmanager
async def running(fake: FakeDiscord, workdir: Path, **env: str) -> AsyncIterator[BotProcess]:
    """The bot started with ``env`` for the block, then stopped: it must exit 0 and have logged no
    exception or error (checked when the block itself succeeded)."""
    process = BotProcess(fake, workdir, **env)
    await process.start()
    try:
        yield process
    finally:
        rc = await process.stop()
    assert process.problems() == [], process.log()
    assert rc == 0, process.log()
