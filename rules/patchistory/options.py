"""Table options: the capital side and the spec's chosen interpretations (spec 19), with defaults."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Options(BaseModel):
    """Every field is a rule reading the table may change; the defaults are the spec's choices."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)

    capital_side: Literal["liberty", "equality"] = "equality"
    """Which side every capital uses (p. 2, p. 5). Liberty players place 2 first workers, Equality 1."""
    first_player: int = Field(-1, ge=-1, le=3)
    """Seat of the first player; -1 draws it at random (p. 5: "by any method")."""
    first_tile_white: bool = True
    """#5: the first tile laid out in the game shows its White side; sides alternate from there."""
    buyer_keeps_shown_side: bool = True
    """#4: in 3–4 player auctions the buyer uses the side shown in the auction."""
    keep_unpatched_tiles: bool = True
    """#6: a won tile left unpatched stays in the player's reserve for later rounds (else discarded)."""
    two_player_both_pay: bool = True
    """#7 (p. 15): in the 2-player auction each player pays the coins revealed. Off: a player who
    was outbid on the tile both chose takes the other tile free (only tiles bid on are paid for)."""
    broke_conversion_culture: int = Field(3, ge=0)
    """p. 7: a player with 0 coins at the auction start converts this much culture into 1 coin (#9)."""
    broke_short_culture_gets_coin: bool = True
    """#9 (p. 7): a broke player with less culture than the conversion pays all of it and still gets
    the coin. Off: they get no coin and sit that auction out (no bid, no tile)."""
    break_alliance_gives_votes: bool = True
    """#11: Break Alliance gives one vote per PP spent."""
    unspent_pp_lost: bool = True
    """#13: PP not spent in Diplomacy & Administration are lost."""
    sea_over_land: bool = True
    """#1 (p. 7): a sea of the new tile may be laid over non-sea squares ("seas patch over any
    non-sea square"). Off: "nothing is placed over or under a sea" also keeps new seas off every
    existing square."""
    sea_adjacency_diagonal: bool = False
    """#2: seas may not touch orthogonally; set to forbid diagonal contact too."""
    patch_between_building: bool = True
    """#37: laying a tile over a built building may keep the building on top (else it is covered)."""
    build_over_tiles: bool = True
    """#24 (p. 10): Build Building may go on any 1x1 non-sea space, also one holding a building or a
    reclaimed wasteland (that tile is removed). Off: only on a space with no building tile on it."""
    vasco_mandatory: bool = True
    """#22: Vasco da Gama's owner must take a tile before the auction (off: the owner bids as usual)."""
    attack_without_preparation: bool = True
    """#17 (p. 12): an attacker who cannot pay the war preparation (0/1/2 resources) pays what they
    can and the war is still declared. Off: only a player who can pay it may choose red."""
    great_victory_margin: int = Field(5, ge=1)
    """p. 12: margin for a great victory."""
    great_victory_steal: int = Field(7, ge=0)
    """p. 12: culture the great victor takes from the loser (#20: only what the loser has)."""
    discard_all_tied_lowest: bool = True
    """#28: in 3–4 players every card tied for fewest votes is discarded."""
    aid_block_on_accept_only: bool = True
    """#43: only a player who accepted Aid may not offer Aid that round."""
    alliance_rest_at_t0: bool = True
    """#40 (p. 11): with T = 0 at the start of Movement, workers on alliance routes also go to rest
    and come home at the end of the next Movement. Off: the rule is read as written for general
    routes only, and an alliance-route worker stays where it is until T is above 0."""
    administration_in_turn_order: bool = False
    """p. 9: any player may ask that Administration be played in turn order instead of at once."""
    movement_in_turn_order: bool = False
    """p. 11: any player may ask that Movement be played in turn order instead of at once."""
    two_player_patch_in_turn_order: bool = True
    """p. 15: in the 2-player game players patch in turn order (3–4 players patch at once)."""
    military_card_counts_military_only: bool = True
    """#29: the Military Strength card compares the Military track (not Military + Defence)."""
