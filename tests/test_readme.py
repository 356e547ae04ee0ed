"""The README's two commands are the ones CI runs and the ones that work."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def readme_commands() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Two commands", 1)[1].split("\n## ", 1)[0]
    return re.findall(r"```sh\n(.+?)\n```", section)


def test_readme_opens_with_two_set_up_commands() -> None:
    run_bot, run_tests = readme_commands()
    assert run_bot.endswith("python -m bot")
    assert "pytest" in run_tests


def test_ci_runs_the_readme_test_command_verbatim() -> None:
    _, run_tests = readme_commands()
    assert run_tests in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
