"""The terminal client run on the sealed-bid fixture game, fed from a string, writing no pictures."""

from __future__ import annotations

import io

from bot.local import main
from rules import registry
from tests.fixtures.sealed_bid import ENGINE

FIXTURE = ["--engine", "tests.fixtures.sealed_bid:ENGINE", "--out", ""]


def run(args: list[str], answers: str) -> tuple[int, str]:
    """The exit code and everything shown when ``answers`` are typed, line by line; the fixture game
    is forgotten afterwards, so the next run registers it afresh."""
    out = io.StringIO()
    code = main([*FIXTURE, *args], stdin=io.StringIO(answers), stdout=out)
    registry.unregister(ENGINE.info.id)
    return code, out.getvalue()
