"""The deployment guide names commands and settings that exist."""

import importlib.util
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GUIDE = (ROOT / "docs" / "deploy.md").read_text(encoding="utf-8")


def test_every_module_the_guide_runs_exists() -> None:
    modules = set(re.findall(r"python -m ([\w.]+)", GUIDE))
    assert {"bot", "storage.backup", "storage.copy"} <= modules
    for module in modules:
        assert importlib.util.find_spec(module) is not None, module


def test_every_setting_the_guide_sets_is_in_the_example_env_file() -> None:
    example = (ROOT / ".env.example").read_text(encoding="utf-8")
    settings = set(re.findall(r"^(?:Environment=)?([A-Z][A-Z_]+)=", GUIDE, re.M))
    settings |= set(re.findall(r"`([A-Z][A-Z_]+_SECONDS)`", GUIDE))
    assert {"DATABASE_URL", "SHARD_COUNT", "SHARD_IDS", "AGORA_LEASE_SECONDS"} <= settings
    for name in settings:
        assert re.search(rf"^#? ?{name}=", example, re.M), name


def test_the_guide_is_linked_from_the_readme() -> None:
    assert "(docs/deploy.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
