"""Helpers shared by the Best Candy tests (no tests here): cards by colour and rank,
and hand-built states in the middle of a hand."""

from __future__ import annotations

from rules.candy_kit.cards import DECK, KING_SIZE
from rules.contract import Action, Event, act
from rules.games.best_candy import GAME
from rules.games.best_candy.state import BestCandyState, Phase

KING = KING_SIZE


def card(colour: str, rank: int) -> int:
    """The id of the card of this colour and rank."""
    return next(c.id for c in DECK if c.colour == colour and c.rank == rank)


def trick_state(
    hands: list[list[int]],
    trump: str,
    leader: int = 0,
    players: int | None = None,
    favourites: list[list[str]] | None = None,
    scores: list[int] | None = None,
) -> BestCandyState:
    """A game in the middle of a hand: these hands, this trump, `leader` to lead."""
    count = players if players is not None else len(hands)
    state = GAME.new_game(count, {}, 1)
    state.phase = Phase.TRICKS
    state.hands = [list(h) for h in hands]
    state.stash = []
    state.drafters = []
    state.trump = trump
    state.leader = leader
    state.trick = []
    state.trick_suit = None
    state.taken = [[] for _ in hands]
    state.tricks_won = [0] * len(hands)
    chosen = favourites or [["halloween"] for _ in hands]
    state.favourites = [list(f) for f in chosen]
    state.offers = [list(f) for f in chosen[:count]]
    if scores is not None:
        state.scores = list(scores)
    return state


def play(state: BestCandyState, seat: int, card_id: int, suit: str | None = None) -> list[Event]:
    return GAME.apply(state, seat, play_action(card_id, suit))


def play_action(card_id: int, suit: str | None = None) -> Action:
    return act("play", card_id) if suit is None else act("play", card_id, suit)


def legal_plays(state: BestCandyState, seat: int) -> set[tuple[int, str | None]]:
    """(card, suit) of every legal play of `seat`."""
    out: set[tuple[int, str | None]] = set()
    for action in GAME.legal_actions(state, seat):
        assert action.kind == "play"
        suit = action.args[1] if len(action.args) > 1 else None
        out.add((int(action.args[0]), None if suit is None else str(suit)))
    return out


def legal_cards(state: BestCandyState, seat: int) -> set[int]:
    return {c for c, _ in legal_plays(state, seat)}


def king_state(
    hands: list[list[int]],
    trump: str,
    leader: int = 0,
    taken: list[list[int]] | None = None,
    stash: list[int] | None = None,
) -> BestCandyState:
    """A King-Sized game in the middle of a hand (King cards on), like `trick_state`."""
    state = GAME.new_game(len(hands), {"king_cards": True}, 1)
    state.phase = Phase.TRICKS
    state.hands = [list(h) for h in hands]
    state.stash = list(stash or [])
    state.drafters = []
    state.trump = trump
    state.leader = leader
    state.taken = [list(t) for t in (taken or [[] for _ in hands])]
    state.tricks_won = [0] * len(hands)
    state.favourites = [["halloween"] for _ in hands]
    state.offers = [["halloween"] for _ in hands]
    state.suit_deck = ["candy", "sour", "nuts", "gummy"]
    return state


def answer(state: BestCandyState, seat: int, kind: str, arg: int | str | None = None) -> list[Event]:
    """Answer a King card's choice."""
    return GAME.apply(state, seat, act(kind) if arg is None else act(kind, arg))


def asked(state: BestCandyState) -> tuple[str, int] | None:
    """(kind, seat) of the choice the game waits on."""
    return (state.pending[0].kind, state.pending[0].seat) if state.pending else None
