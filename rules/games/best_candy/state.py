"""Best Candy's options and state, as plain pydantic values.

Seats are players 0..n-1 and "left" is the next seat. A solo game has two
hands: the player's (0) and the automaton opponent's (1), which is not a seat:
it never appears in `to_act` and moves by itself (see solo.py). So everything
per hand below is indexed by *hand*, of which there are `hand_count`.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field, field_validator

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
    king_cards: bool = Field(
        default=False,
        title="King cards",
        description="King-Sized expansion: add King cards to the deck (2 to 6 players).",
    )
    chosen_kings: str = Field(
        default="",
        title="Chosen King cards",
        description="King cards picked by the host, e.g. tax veto trade 1 5 9 (empty: drawn at random).",
    )
    new_suit_cards: str = Field(
        default="",
        title="New suit cards",
        description="New white suit cards: all, none, or some of three_flavors one_flavor black orange green purple.",
    )
    teams: bool = Field(
        default=False,
        title="Team play",
        description="4 or 6 players in two teams (partners alternate seats) sharing a combo suit card.",
    )
    team_target: int = Field(
        default=0,
        title="Team target",
        ge=0,
        le=300,
        description="Team play: points a team needs to win (0: 31 for each player in a team).",
    )
    redraw_colours: bool = Field(
        default=False,
        title="New colours each hand",
        description="With King cards and 2-3 players: draw the deck's colours again every hand.",
    )

    @field_validator("chosen_kings", "new_suit_cards")
    @classmethod
    def _words(cls, value: str) -> str:
        """Lower case, single spaces: "Tax, Veto" and "tax veto" are the same choice."""
        return " ".join(value.replace(",", " ").lower().split())


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
    #: Points from King cards taken: +2 for the 6 (not with a belly ache), -1 for the 10.
    #: The 12's -1 is counted with the Pranks. Not bonus points for the tie-break.
    king_points: int = 0


class Pending(BaseModel):
    """A choice a King card asks of one player before the trick goes on (see kings.py)."""

    model_config = ConfigDict(frozen=True)

    #: name (the 1's new suit), veto, pair (the Trade), tax, keep_one (the 10), favourite (8), trump (12).
    kind: str
    seat: int
    card: int


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

    # ---- the King-Sized expansion (all empty in the base game) ----
    #: The King cards in this game's deck (fixed for the whole game).
    kings: list[int] = Field(default_factory=list)
    #: The new white suit cards in this game's suit deck.
    white_cards: list[str] = Field(default_factory=list)
    #: Per card of `trick`, the seat that counts as having played it (changed by the 11).
    trick_seats: list[int] = Field(default_factory=list)
    #: Per card of `trick`, whether it lies face down (the 5).
    trick_hidden: list[bool] = Field(default_factory=list)
    #: Cards thrown out of the trick in progress by the Mom Veto (so the turn still moves on).
    trick_removed: int = 0
    #: Cards of its player's take pile put under the Trade.
    paired: list[int] = Field(default_factory=list)
    #: Stash cards the 9 added to the trick.
    trick_stash: list[int] = Field(default_factory=list)
    #: Choices waiting, first one first.
    pending: list[Pending] = Field(default_factory=list)
    #: How far the finished trick's resolution has gone (kings.py), "play" while cards are played.
    stage: str = "play"
    trick_winner: int | None = None
    next_lead: int | None = None
    last_trick_seats: list[int] = Field(default_factory=list)
    # ---- team play (teams.py) ----
    #: Face-down green combo suit cards (order secret).
    combo_deck: list[str] = Field(default_factory=list)
    #: Each team's kept combo card ("" while the team votes); team t is the seats s with s % 2 == t.
    team_cards: list[str] = Field(default_factory=list)
    #: Each seat's secret vote for its team's card ("" not yet).
    votes: list[str] = Field(default_factory=list)

    @property
    def solo(self) -> bool:
        return self.players == 1

    @property
    def hand_count(self) -> int:
        return max(self.players, 2)

    @property
    def turn(self) -> int:
        """The hand to play next to the trick in progress."""
        return (self.leader + len(self.trick) + self.trick_removed) % self.hand_count

    @property
    def trick_full(self) -> bool:
        """Everyone has played to the trick in progress (vetoed cards count as played)."""
        return len(self.trick) + self.trick_removed >= self.hand_count
