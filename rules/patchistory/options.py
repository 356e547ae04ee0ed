"""Table options: the capital side and the chosen interpretations (§19), with defaults.

Each field's default is the chosen reading; a table sets another value with ``/game new ...
options: name=value`` (``Engine.parse_options`` refuses unknown names and bad values).

Where each numbered interpretation of §19 lives (rulebook pages in brackets); "fixed" means
it is not a choice between readings, for the reason given:

* #1 ``sea_over_land`` [p. 7]. That a reclaimed sea is a wasteland is fixed: p. 10 lays the
  building tile Wasteland side up on it.
* #2 ``sea_adjacency_diagonal`` [p. 7].
* #3 fixed [p. 7]: every multi-square space printed is a Personality, Wonder or Special Building,
  so the whole-area rule covers them all; the other reading would leave half-visible spaces whose
  symbols the rulebook never defines.
* #4 ``buyer_keeps_shown_side`` [p. 6, p. 15].
* #5 ``first_tile_white`` [p. 6].
* #6 ``unpatched_tiles`` [p. 7, p. 15]. The Greek rulebook sets aside the previous era's unused
  land tiles at the start of an era (p. 15), which the default follows; the spec's reading (they
  stay across eras) and discarding them at once are the other values.
* #7 ``two_player_both_pay`` [p. 15].
* #8 fixed [p. 9, p. 15]: the special first auction is written for 3–4 players; the 2-player
  auction replaces the auction whole.
* #9 ``broke_short_culture_gets_coin`` [p. 7]; the price itself is ``broke_conversion_culture``.
* #10 fixed [p. 2, p. 12]: Defence track = shields is the only reading in which "Military +
  Defence" does not count Military twice.
* #11 ``break_alliance_gives_votes`` [p. 10]; the "every PP is a vote" reading is refuted by the
  Gwanggaeto example, so it is not offered.
* #12 content, not an option [p. 9–10]: PP costs are printed components, ``pp_costs`` in
  ``content/content.json``, corrected there by an owner of the game.
* #13 ``unspent_pp_lost`` [p. 9].
* #14 fixed [p. 10]: a general route's spaces run from its Start, so only its Start player enters.
* #15 fixed [p. 9]: "connected by a general route" has no direction; allies may not threaten.
* #16 fixed [p. 12]: allies may not go to war and share one alliance route, so a negotiation
  between them could change nothing.
* #17 ``attack_without_preparation`` [p. 12].
* #18 fixed [p. 12]: a war is fought "in the next round" and its rewards are read then; there is
  no round after era 3.
* #19 fixed [p. 12]: the text moves the worker to War/Return in the next round.
* #20 fixed [p. 6, p. 12]: culture is taken from the loser and never goes below 0. The margin and
  the amount are ``great_victory_margin`` and ``great_victory_steal``.
* #21 fixed [p. 12]: explicit text.
* #22 ``vasco_mandatory`` [p. 16]; one bidder left with one tile pays the 1-coin minimum, which
  follows from the auction rules.
* #23 fixed [p. 10, p. 11]: one worker per space is explicit; the fallback is what that leaves.
* #24 ``build_over_tiles`` [p. 10].
* #25 fixed [p. 10]: "the supply is unlimited" is explicit.
* #26 fixed [p. 11]: a large space "counts as one space" is explicit.
* #27 fixed [p. 10, p. 13, p. 16]: workers leave the track in one order, so a returned worker goes
  back where the last one left.
* #28 ``discard_all_tied_lowest`` [p. 14].
* #29 ``military_card_counts_military_only`` [p. 14].
* #30, #31 content [p. 16]: eras and abilities come from the tile data (``land_tiles``).
* #32 fixed [p. 15]: there is no tie-breaker, so the victory is shared.
* #33 fixed [p. 6, p. 13–15]: the phase list (8 phases in round 5).
* #34 content [p. 11]: route yields come from ``routes`` in the content.
* #35 fixed [p. 10]: only food, coins and resources have rates; an exchange giving change away is
  the exact one with fewer goods given, so nothing is lost by requiring exact value.
* #36 fixed [p. 9]: "as often as you like unless stated otherwise".
* #37 ``patch_between_building`` [p. 8].
* #38 fixed [p. 7–8]: the text knows only "over" and "under".
* #39 fixed [p. 10, p. 11]: the examples read PP and T at the start of their phases.
* #40 ``alliance_rest_at_t0`` [p. 11].
* #41 fixed [p. 16]: Constantine's text; a removed route carries no war.
* #42 fixed [p. 9]: an auction needs as many tiles as players.
* #43 ``aid_block_on_accept_only`` [p. 9].

Options that are not §19 readings: ``capital_side`` and ``first_player`` (p. 5), and the
requests any player may make: ``administration_in_turn_order`` (p. 9), ``movement_in_turn_order``
(p. 11), ``two_player_patch_in_turn_order`` (p. 15).

Sections (§N) and interpretations (#N) are those of docs/patchistory/rules.md.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class Options(BaseModel):
    """Every field is a rule reading the table may change; the defaults are the chosen readings."""

    model_config = ConfigDict(extra="forbid", frozen=True, use_attribute_docstrings=True)
    """Frozen: the options never change in a game, and a state's copy shares them."""

    @model_validator(mode="before")
    @classmethod
    def _earlier_names(cls, data: Any) -> Any:
        """Options stored before ``unpatched_tiles`` had a yes/no ``keep_unpatched_tiles``: yes kept
        tiles across eras, no discarded them at once."""
        if isinstance(data, dict) and "keep_unpatched_tiles" in data:
            data = dict(data)
            keep = data.pop("keep_unpatched_tiles")
            if isinstance(keep, str):
                keep = keep.strip().lower() in ("true", "yes", "on", "1")
            data.setdefault("unpatched_tiles", "game" if keep else "round")
        return data

    capital_side: Literal["liberty", "equality"] = "equality"
    """Which side every capital uses (p. 2, p. 5). Liberty players place 2 first workers, Equality 1."""
    first_player: int = Field(-1, ge=-1, le=3)
    """Seat of the first player; with -1 it is drawn at random (p. 5: "by any method")."""
    first_tile_white: bool = True
    """#5 (p. 6): the first tile laid out in the game shows its White side; sides alternate from there.
    Off: Black first."""
    buyer_keeps_shown_side: bool = True
    """#4 (p. 6): in 3–4 player auctions the buyer uses the side shown. Off: the buyer chooses."""
    unpatched_tiles: Literal["era", "game", "round"] = "era"
    """#6 (p. 7, p. 15): a won tile left unpatched stays in the player's reserve for later rounds
    and is set aside with the era's other unused land tiles when the next era starts (``era``);
    ``game``: it stays across eras too; ``round``: it is discarded at the end of the patching step."""
    two_player_both_pay: bool = True
    """#7 (p. 15): in the 2-player auction each player pays the coins revealed. Off: a player who
    was outbid on the tile both chose takes the other tile free (only tiles bid on are paid for)."""
    broke_conversion_culture: int = Field(3, ge=0)
    """p. 7: a player with 0 coins at the auction start converts this much culture into 1 coin (#9)."""
    broke_short_culture_gets_coin: bool = True
    """#9 (p. 7): a broke player with less culture than the conversion pays all of it and still gets
    the coin. Off: they get no coin and sit that auction out (no bid, no tile)."""
    break_alliance_gives_votes: bool = True
    """#11 (p. 10): Break Alliance gives one vote per PP spent. Off: it gives no votes."""
    unspent_pp_lost: bool = True
    """#13 (p. 9): PP not spent in Diplomacy & Administration are lost. Off: they carry over."""
    sea_over_land: bool = True
    """#1 (p. 7): a sea of the new tile may be laid over non-sea squares ("seas patch over any
    non-sea square"). Off: "nothing is placed over or under a sea" also keeps new seas off every
    existing square."""
    sea_adjacency_diagonal: bool = False
    """#2 (p. 7): seas may not touch orthogonally; set to forbid diagonal contact too."""
    patch_between_building: bool = True
    """#37 (p. 8): laying a tile over a built building may keep the building on top (else it is
    covered and removed)."""
    build_over_tiles: bool = True
    """#24 (p. 10): Build Building may go on any 1x1 non-sea space, also one holding a building or a
    reclaimed wasteland (that tile is removed). Off: only on a space with no building tile on it."""
    vasco_mandatory: bool = True
    """#22 (p. 16): Vasco da Gama's owner must take a tile before the auction (off: the owner bids
    as usual)."""
    attack_without_preparation: bool = True
    """#17 (p. 12): an attacker who cannot pay the war preparation (0/1/2 resources) pays what they
    can and the war is still declared. Off: only a player who can pay it may choose red."""
    great_victory_margin: int = Field(5, ge=1)
    """p. 12: margin for a great victory."""
    great_victory_steal: int = Field(7, ge=0)
    """p. 12: culture the great victor takes from the loser (#20: only what the loser has)."""
    discard_all_tied_lowest: bool = True
    """#28 (p. 14): in 3–4 players every card tied for fewest votes is discarded. Off: only the
    first of them revealed."""
    aid_block_on_accept_only: bool = True
    """#43 (p. 9): only a player who accepted Aid may not offer Aid that round. Off: refusing an
    offer blocks too."""
    alliance_rest_at_t0: bool = True
    """#40 (p. 11): with Transport 0 at the start of Movement, workers on alliance routes also go to
    rest and come home at the end of the next Movement. Off: the rule is read as written for general
    routes only, and an alliance-route worker stays where it is until Transport is above 0."""
    administration_in_turn_order: bool = False
    """p. 9: any player may ask that Administration be played in turn order instead of at once."""
    movement_in_turn_order: bool = False
    """p. 11: any player may ask that Movement be played in turn order instead of at once."""
    two_player_patch_in_turn_order: bool = True
    """p. 15: in the 2-player game players patch in turn order (3–4 players patch at once)."""
    military_card_counts_military_only: bool = True
    """#29 (p. 14): the Military Strength card compares the Military track. Off: Military +
    Defence."""
