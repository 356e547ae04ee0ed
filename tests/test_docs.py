"""The repository's documents: every citation in a docstring or comment resolves inside it.

A module of a game that cites a section ("§6.3"), an interpretation ("I-23") or a worked example
("S14") names its game's ``docs/<game>/rules.md`` once in its module docstring, and every cited
label is a heading there. Every file path a docstring names exists.
"""

from __future__ import annotations

import ast
import io
import json
import re
import tokenize
from pathlib import Path
from types import ModuleType

import pytest

from tests.scripts import load

ROOT = Path(__file__).resolve().parent.parent

DOCUMENTED_GAMES = ("praetor", "rftg", "ancient_world", "patchistory")
"""The games whose rules notes are written; each must resolve every citation of its modules."""

CITATION = re.compile(r"§\s?(\d+(?:\.\d+)*)|\b(I-\d+|S\d+|X\d+)\b")
HEADING = re.compile(r"^#+\s+(?:§(\d+(?:\.\d+)*)|(I-\d+|S\d+|X\d+|#\d+))(?!\w)", re.MULTILINE)
NUMBERED = re.compile(r"(?<![\w&#])(#\d+)\b")
"""Patchistory numbers its interpretations "#N" (as in "#6 (p. 7)")."""
NUMBERED_GAMES = ("patchistory",)
PATH = re.compile(r"(?<![\w/.])((?:docs|rules|render|bot|storage|bench|scripts|tests)/[\w./-]*\w"
                  r"\.(?:md|py|json|txt))")
PACKAGES = ("rules", "render", "bot", "storage", "bench", "scripts")


def game_modules(game: str) -> list[Path]:
    modules = sorted((ROOT / "rules" / game).rglob("*.py"))
    picture = ROOT / "render" / f"{game}.py"
    return [*modules, picture] if picture.exists() else modules


def prose(source: str) -> str:
    """The docstrings and comments of a module: where citations are written."""
    tree = ast.parse(source)
    parts = [ast.get_docstring(node, clean=False) or "" for node in ast.walk(tree)
             if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))]
    parts += [node.value.value for node in ast.walk(tree)
              if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
              and isinstance(node.value.value, str)]
    parts += [tok.string for tok in tokenize.generate_tokens(io.StringIO(source).readline)
              if tok.type == tokenize.COMMENT]
    return "\n".join(parts)


def cited(text: str, game: str) -> set[str]:
    labels = {number or label for number, label in CITATION.findall(text)}
    if game in NUMBERED_GAMES:
        labels |= set(NUMBERED.findall(text))
    return labels


def headings(game: str) -> set[str]:
    text = (ROOT / "docs" / game / "rules.md").read_text(encoding="utf-8")
    return {number or label for number, label in HEADING.findall(text)}


@pytest.mark.parametrize("game", DOCUMENTED_GAMES)
def test_every_cited_section_is_a_heading_of_the_games_rules_notes(game: str) -> None:
    known = headings(game)
    missing = [f"{path.relative_to(ROOT)}: {label}" for path in game_modules(game)
               for label in sorted(cited(prose(path.read_text(encoding="utf-8")), game))
               if label not in known]
    assert not missing, f"cited but not a heading of docs/{game}/rules.md: {missing}"


@pytest.mark.parametrize("game", DOCUMENTED_GAMES)
def test_a_module_that_cites_sections_names_the_rules_notes(game: str) -> None:
    unnamed = []
    for path in game_modules(game):
        source = path.read_text(encoding="utf-8")
        named = f"docs/{game}/rules.md" in (ast.get_docstring(ast.parse(source)) or "")
        if cited(prose(source), game) and not named:
            unnamed.append(str(path.relative_to(ROOT)))
    assert not unnamed, f"cite sections without naming docs/{game}/rules.md: {unnamed}"


def test_every_file_a_docstring_names_exists() -> None:
    missing = []
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for named in sorted(set(PATH.findall(prose(path.read_text(encoding="utf-8"))))):
                if not (ROOT / named).exists():
                    missing.append(f"{path.relative_to(ROOT)}: {named}")
    assert not missing, f"named but not in the repository: {missing}"


def test_no_docstring_cites_a_document_outside_the_repository() -> None:
    outside = [str(path.relative_to(ROOT)) for package in PACKAGES
               for path in sorted((ROOT / package).rglob("*.py"))
               if "DESIGN.md" in prose(path.read_text(encoding="utf-8"))]
    assert not outside, f"cite DESIGN.md, which is not in the repository: {outside}"


def options_page_script() -> ModuleType:
    return load("options_doc")


def test_the_options_page_is_current_with_every_games_options_model() -> None:
    script = options_page_script()
    expected = script.page()
    assert (ROOT / "docs" / "options.md").read_text(encoding="utf-8") == expected, (
        "docs/options.md is not current: run python scripts/options_doc.py")


def test_the_options_page_lists_every_option_with_its_default() -> None:
    from rules import registry

    text = (ROOT / "docs" / "options.md").read_text(encoding="utf-8")
    for game_id in registry.GAMES:
        model = registry.get(game_id).options_type
        for name, field in model.model_fields.items():
            default = field.get_default(call_default_factory=True)
            assert f"| `{name}` | `{json.dumps(default, ensure_ascii=False)}` |" in text, (game_id, name)
