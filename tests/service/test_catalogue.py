"""The service's own words ship in English and Greek with the same keys and placeholders."""

import json
from pathlib import Path

from rules.core.messages import placeholders

MESSAGES = Path(__file__).resolve().parents[2] / "bot" / "service" / "messages"


def _load(locale: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((MESSAGES / f"{locale}.json").read_text("utf-8"))
    return data


def test_english_and_greek_have_the_same_keys() -> None:
    assert set(_load("en")) == set(_load("el"))


def test_each_entry_has_the_same_placeholders_in_both_languages() -> None:
    en, el = _load("en"), _load("el")
    mismatched = {k for k in en if placeholders(en[k]) != placeholders(el[k])}
    assert mismatched == set()


def test_every_key_is_prefixed_with_service() -> None:
    assert all(key.startswith("service.") for key in _load("en"))


def test_every_error_class_has_a_catalogue_entry() -> None:
    from bot.service import errors

    keys = {
        cls.default_key
        for cls in vars(errors).values()
        if isinstance(cls, type) and issubclass(cls, errors.ServiceError)
    }
    assert keys - set(_load("en")) == set()
