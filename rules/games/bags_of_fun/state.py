"""Bags of Fun state and view: plain JSON values; cards are ids of the Best Candy deck, white
suit cards are keys of `rules.candy_kit.candy_deck` (a suit, or a new white card)."""

from __future__ import annotations

from pydantic import Field

from rules.contract import GameState, View


class BagsState(GameState):
    new_white_cards: bool = False
    #: Three face-up piles, the top last; only each top is seen.
    piles: list[list[int]] = Field(default_factory=list)
    #: Bag n (numbered from 1) is `bags[n - 1]`.
    bags: list[list[int]] = Field(default_factory=list)
    #: Each seat's secret bag number, and the two numbers dealt to nobody.
    bag_of: list[int] = Field(default_factory=list)
    nobody: list[int] = Field(default_factory=list)
    #: Each seat's secret least favourite suit card, the face-up ones, the three face down.
    least: list[str] = Field(default_factory=list)
    doubles: list[str] = Field(default_factory=list)
    hidden: list[str] = Field(default_factory=list)
    dealer: int = 0
    turn: int = 0
    over: bool = False


class BagsView(View):
    new_white_cards: bool
    tops: tuple[int | None, ...]
    pile_sizes: tuple[int, ...]
    bags: tuple[tuple[int, ...], ...]
    doubles: tuple[str, ...]
    #: The viewer's own bag number and least favourite (None for a spectator).
    my_bag: int | None
    my_least: str | None
    dealer: int
    turn: int
    over: bool
    #: Revealed once the game is over: every seat's bag and least favourite, the hidden suits.
    bag_of: tuple[int, ...] | None
    least: tuple[str, ...] | None
    hidden: tuple[str, ...] | None
    scores: tuple[int, ...] | None
