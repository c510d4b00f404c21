"""Lives, knocking and the last round after a knock: the frame shared by the knock games.

Blind Candy Shuffle and 31 Candies (rulings §8, §9) play rounds the same way: the deal passes
left (G1), the player left of the dealer starts, a player may knock instead of a turn (once a
round), then every other player still in has exactly one more turn; the worst hand(s) of the
round lose a life ("a piece of candy"), and the last player with lives wins. A game keeps these
fields in its state by subclassing `KnockState` and calls the functions below; what a turn is and
how a hand scores stay in the game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from rules.contract import AutoPlayOptions, Event, GameState, Result, plural, say, say_winners
from rules.kit.words import message

LAST_WITH_CANDY = message(
    (
        "{who} wins as the last player with candy, after {n} round.",
        "{who} wins as the last player with candy, after {n} rounds.",
    ),
    who=(
        "{who} win as the last player with candy, after {n} round.",
        "{who} win as the last player with candy, after {n} rounds.",
    ),
)
NO_CANDY_LEFT = message("{who} has no candy left and is out.", who="{who} have no candy left and are out.")
WINS_THE_POT = message(
    "{who} is the last player with candy and wins the pot!", who="{who} are the last player with candy and win the pot!"
)
KNOCKS = message("{who} knocks: everyone else has one last turn.", who="{who} knock: everyone else has one last turn.")
LOSES_CANDY = message("{who} loses a piece of candy.", who="{who} lose a piece of candy.")
#: Several players at once (`say_winners` joins them): the verb is plural whoever reads it.
LOSE_CANDY = message("{who} lose a piece of candy.")
#: Worded with no possessive, so it reads right with "you" among the players named.
ALL_OUT = message("{who} would all be out of candy, so nobody loses a piece: the round is replayed.")
ON_HONOR = message(
    "{who} is out of candy but plays on, on their honor.", who="{who} are out of candy but play on, on your honor."
)

#: Lives each player starts with (rulings §8, §9).
LIVES = 3


class KnockOptions(AutoPlayOptions):
    """The host options both knock games share (rulings G10, §19)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    on_their_honor: bool = Field(
        False,
        title="On their honor",
        description="The first player to lose their last candy stays in until a fourth loss",
    )


class RoundEnd(BaseModel):
    """A finished round, as everyone saw it when the cards were turned up."""

    round: int
    #: Every seat's cards (empty for a player who was already out).
    hands: list[list[int]]
    #: Every seat's score for the round (None for a player who was already out).
    scores: list[int | None]
    losers: list[int]
    replayed: bool = False


class KnockState(GameState):
    lives: list[int]
    on_their_honor: bool = False
    #: Whether the on-their-honor extra life has been given (only the first player out gets it).
    honor_given: bool = False
    #: The seat(s) that got it, for the screens.
    honored: list[int] = Field(default_factory=list)
    dealer: int = 0
    #: The seat whose turn it is.
    turn: int = 0
    #: The seat that knocked this round, or None.
    knocker: int | None = None
    round: int = 1
    #: Per seat, the round in which they lost their last life (None while in).
    out_in_round: list[int | None] = Field(default_factory=list)
    over: bool = False
    #: The round before this one, turned face up.
    last_round: RoundEnd | None = None


K = TypeVar("K", bound=KnockState)


def new_game(state_type: type[K], players: int, seed: int, options: KnockOptions, **fields: Any) -> K:
    """A knock game's state at the start: everyone with full lives, the first dealer drawn (G1).
    `fields` are the game's own settings."""
    state = state_type(
        players=players,
        seed=seed,
        lives=[LIVES] * players,
        on_their_honor=options.on_their_honor,
        out_in_round=[None] * players,
        **fields,
    )
    first_dealer(state)
    return state


def alive(state: KnockState, seat: int) -> bool:
    return state.lives[seat] > 0


def in_play(state: KnockState) -> list[int]:
    return [seat for seat in range(state.players) if state.lives[seat] > 0]


def next_alive(state: KnockState, seat: int) -> int:
    """The next seat to the left of `seat` that still has lives."""
    for step in range(1, state.players + 1):
        other = (seat + step) % state.players
        if state.lives[other] > 0:
            return other
    return seat


def first_dealer(state: KnockState) -> None:
    """G1: the first dealer is drawn at random; the player on their left starts."""
    state.dealer = state.chance().randrange(state.players)
    state.turn = next_alive(state, state.dealer)


def next_round(state: KnockState, *, replay: bool = False) -> None:
    """G1: the deal passes one seat left, skipping players who are out; a replayed round
    (everyone out at once) is dealt again by the same dealer."""
    state.round += 1
    state.knocker = None
    if not replay:
        state.dealer = next_alive(state, state.dealer)
    state.turn = next_alive(state, state.dealer)


def knock(state: KnockState, seat: int) -> Event:
    state.knocker = seat
    return say("knock", KNOCKS, {"who": seat})


def may_knock(state: KnockState) -> bool:
    """One knock a round; a player may knock on any turn (after their first look, where there is one)."""
    return state.knocker is None


def worst(badness: dict[int, int]) -> list[int]:
    """Every seat tied for the worst (largest) badness: they all lose a life."""
    top = max(badness.values())
    return sorted(seat for seat, bad in badness.items() if bad == top)


def pass_turn(state: KnockState) -> bool:
    """Move the turn to the next player still in. True when the round is over: the turn came
    back to the knocker, so everyone else has had their last turn."""
    state.turn = next_alive(state, state.turn)
    return state.turn == state.knocker


def settle(state: KnockState, losers: Sequence[int]) -> tuple[list[Event], bool]:
    """Take a life from each of `losers` (every player tied for worst), with the two rulings
    that soften it: on their honor (the first player(s) out get one extra life, once a game)
    and everyone out at once (no life is lost; the round is played again). Ends the game when
    one player is left. Returns the log lines and whether the round is to be replayed."""
    after = list(state.lives)
    for seat in losers:
        after[seat] -= 1
    events: list[Event] = []
    run_out = [seat for seat in losers if after[seat] == 0]
    honored: list[int] = []
    if state.on_their_honor and not state.honor_given and run_out:
        # Players who run out in the same round are equally "the first out": each plays on.
        honored = run_out
        for seat in honored:
            after[seat] = 1
    if not any(after):
        events.append(say_winners("replay", losers, ALL_OUT, ALL_OUT))
        return events, True
    state.lives = after
    if honored:
        state.honor_given = True
        state.honored = honored
    events.append(say_winners("life", losers, LOSES_CANDY, LOSE_CANDY))
    for seat in honored:
        events.append(say("honor", ON_HONOR, {"who": seat}))
    for seat in losers:
        if after[seat] == 0:
            state.out_in_round[seat] = state.round
            events.append(say("out", NO_CANDY_LEFT, {"who": seat}))
    left = in_play(state)
    if len(left) == 1:
        state.over = True
        winner = left[0]
        events.append(say("win", WINS_THE_POT, {"who": winner}))
    return events, False


def end_round(
    state: K, hands: list[list[int]], scores: dict[int, int], losers: list[int], deal: Callable[[K], Event]
) -> list[Event]:
    """After the cards of a round are turned up (`hands`, and `scores` for the players still in):
    `losers` lose a life (`settle`), the round is kept face up for the screens and, unless the
    game is over, the next round is dealt."""
    events, replay = settle(state, losers)
    state.last_round = RoundEnd(
        round=state.round,
        hands=hands,
        scores=[scores.get(seat) for seat in range(state.players)],
        losers=losers,
        replayed=replay,
    )
    if not state.over:
        next_round(state, replay=replay)
        events.append(deal(state))
    return events


def lives_text(lives: int) -> str:
    return plural(lives, "piece of candy", "pieces of candy")


def result(state: KnockState) -> Result | None:
    """The last player in wins; the others are placed by how long they lasted (out in the same
    round: the same place)."""
    if not state.over:
        return None
    last = state.round + 1
    lasted = [last if out is None else out for out in state.out_in_round]
    places = tuple(1 + sum(1 for other in lasted if other > mine) for mine in lasted)
    line = say("game-over", LAST_WITH_CANDY, {"who": places.index(1)}, n=state.round)
    return Result.worded(state.lives, places, line)
