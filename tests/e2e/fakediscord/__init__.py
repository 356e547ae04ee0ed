"""A local fake Discord (REST + gateway) that the real bot process talks to in e2e tests."""

from tests.e2e.fakediscord.payloads import FakeUser
from tests.e2e.fakediscord.server import Captured, FakeDiscord, Ix

__all__ = ["Captured", "FakeDiscord", "FakeUser", "Ix"]
