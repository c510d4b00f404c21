"""Best Candy's options and state, as plain pydantic values.

Seats are players 0..n-1 and "left" is the next seat. A solo game has two
hands: the player's (0) and the automaton opponent's (1), which is not a seat:
it never appears in `to_act` and moves by itself (see solo.py). So everything
per hand below is indexed by *hand*, of which there are `hand_count`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import GameState

#: Index of the automaton's hand in a solo game.
OPPONENT = 1


class BestCandyOptions(BaseModel):
    """Settings chosen at the lobby. The King-Sized expansion and the variant
    games will add their fields here (each defaulting to the base game)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    solo_difficulty: int = Field(
        default=2,
        title="Solo difficulty",
        ge=1,
        le=3,
        description="Solo only: how many suit cards the opponent keeps (1 easier, 2 standard, 3 harder).",
    )


class Phase(StrEnum):
    FAVOURITE = "favourite"  # everyone keeps one of their suit cards, at once
    DRAFT = "draft"  # one card each from the revealed stash
    TRICKS = "tricks"
    OVER = "over"


class HandScore(BaseModel):
    """One hand's score sheet for one hand of cards (shown after the hand, favourites revealed)."""

    model_config = ConfigDict(frozen=True)

    tricks: int
    pranks: int
    #: Taken cards matching the favourite suit(s), whether or not they scored.
    favourite_cards: int
    belly_ache: bool
    #: Bonus points actually scored (0 with a belly ache); the second tie-break.
    bonus: int
    points: int
    king_size: bool
    favourites: tuple[str, ...]


class BestCandyState(GameState):
    options: BestCandyOptions = BestCandyOptions()
    phase: Phase = Phase.FAVOURITE
    hand_number: int = 0
    #: Colours in this hand's deck (all four with 4-5 players).
    colours: list[str] = Field(default_factory=list)
    #: Cards held, per hand. The solo opponent's is face down and ordered: top first.
    hands: list[list[int]] = Field(default_factory=list)
    #: Suit cards dealt to each hand and not yet decided on.
    offers: list[list[str]] = Field(default_factory=list)
    #: Kept suit cards, per hand (the solo opponent may keep several).
    favourites: list[list[str]] = Field(default_factory=list)
    #: Face-down suit cards (order secret).
    suit_deck: list[str] = Field(default_factory=list)
    trump: str | None = None
    #: Face down until every favourite is kept, then revealed; what is left after the draft stays out of play.
    stash: list[int] = Field(default_factory=list)
    #: Hands still to draft, next first.
    drafters: list[int] = Field(default_factory=list)
    leader: int = 0
    #: Cards of the trick in progress, in playing order from `leader`.
    trick: list[int] = Field(default_factory=list)
    trick_suit: str | None = None
    taken: list[list[int]] = Field(default_factory=list)
    tricks_won: list[int] = Field(default_factory=list)
    scores: list[int] = Field(default_factory=list)
    last_trick: list[int] = Field(default_factory=list)
    last_trick_leader: int = 0
    last_trick_winner: int | None = None
    last_hand: list[HandScore] = Field(default_factory=list)
    #: Trick suits named so far, most recent first, each once (the solo opponent's King Size lead).
    named_suits: list[str] = Field(default_factory=list)

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def hand_count(self) -> int:
        return max(self.players, 2)

    @property
    def turn(self) -> int:
        """The hand to play next to the trick in progress."""
        return (self.leader + len(self.trick)) % self.hand_count

    def clone(self) -> BestCandyState:
        """A copy whose mutable parts are new lists (cards, suits and events are immutable values)."""
        return self.model_copy(
            update={
                "colours": list(self.colours),
                "hands": [list(h) for h in self.hands],
                "offers": [list(o) for o in self.offers],
                "favourites": [list(f) for f in self.favourites],
                "suit_deck": list(self.suit_deck),
                "stash": list(self.stash),
                "drafters": list(self.drafters),
                "trick": list(self.trick),
                "taken": [list(t) for t in self.taken],
                "tricks_won": list(self.tricks_won),
                "scores": list(self.scores),
                "last_trick": list(self.last_trick),
                "last_hand": list(self.last_hand),
                "named_suits": list(self.named_suits),
                "log": list(self.log),
            }
        )
