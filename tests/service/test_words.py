"""The service's messages and refusals in the reader's language."""

from __future__ import annotations

from bot.service import NotYourTurn, TableFull
from bot.service.words import render, render_refusal
from rules.core import RuleError, msg


def test_seat_parameters_become_player_names() -> None:
    assert render(msg("service.joined", seat=1), "en", "sealed_bid", ("Ada", "Bo")) == "Bo joins the table."


def test_greek_readers_get_greek_sentences() -> None:
    assert render(msg("service.abandoned"), "el", "sealed_bid") == "Το τραπέζι εγκαταλείφθηκε."


def test_a_refusal_is_worded_from_the_catalogue_with_its_params() -> None:
    refusal = TableFull("Table 3 is full (4 players).", table=3, max=4)
    assert render_refusal(refusal, "el", "sealed_bid") == "Το τραπέζι 3 είναι γεμάτο (4 παίκτες)."


def test_a_refusal_without_a_catalogue_entry_keeps_its_english_sentence() -> None:
    refusal = RuleError("Bid 0 to 5 coins.", key="sealed.not_in_any_catalogue", high=5)
    assert render_refusal(refusal, "el", "sealed_bid") == "Bid 0 to 5 coins."
    assert render_refusal(NotYourTurn("It is not your turn yet."), "en") == "It is not your turn yet."
