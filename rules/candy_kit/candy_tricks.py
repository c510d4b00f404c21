"""What the Best Candy deck's trick games do alike around the trick core (rules/kit/tricks.py).

Appetite, Best House on the Block, Candy Pick!, Haunted House, How Many Candies do you Wish,
Scary and Secret Stash deal their hands, check a played card, write it in the log, put a
finished trick away and end a hand the same way; this module is that one way. Who may play
what, which suit a card may name, who wins a trick and how a hand scores stay in each game.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol, TypeVar

from rules.candy_kit.candy_deck import CARD_TEXT, SUIT_TEXT
from rules.candy_kit.cards import DECK, SUIT_SETS, SUITS, sort_key
from rules.contract import Action, Event, Game, act, say
from rules.kit.tricks import breaks, note_void
from rules.kit.words import Msgid, message

# Built once: legal_actions hands out these shared frozen objects.
#: `play.<card>`: a card that names no suit.
PLAY: tuple[Action, ...] = tuple(act("play", c.id) for c in DECK)
#: `play.<card>.<suit>`: a card that names the trick suit as it is played.
PLAY_AS: tuple[dict[str, Action], ...] = tuple({s: act("play", c.id, s) for s in SUITS} for c in DECK)

PLAYS = message("{who} plays {card}.", who="{who} play {card}.")
#: `naming` is how the game says the suit is named ("naming Chocolate", "leading trump").
PLAYS_NAMING = message("{who} plays {card}, {naming}.", who="{who} play {card}, {naming}.")
#: Why a trick was won (`trick_won`): nobody played a suited card, or the highest card of `suit`.
WON: tuple[Msgid, Msgid] = (
    message(
        "{who} led and nobody played a suited card, so {who} takes the trick.",
        who="{who} led and nobody played a suited card, so {who} take the trick.",
    ),
    message(
        "{who} wins the trick with {card}, the highest {suit}.",
        who="{who} win the trick with {card}, the highest {suit}.",
    ),
)


class Dealing(Protocol):
    """A trick game's state as the deal sees it (pydantic models satisfy it by their fields)."""

    players: int
    dealer: int
    hands: list[list[int]]
    log: list[Event]

    def chance(self) -> random.Random: ...


class TrickTable(Protocol):
    """The fields of the trick in play and of the last one finished."""

    hands: list[list[int]]
    leader: int
    trick: list[int]
    trick_suit: str | None
    last_trick: list[int]
    last_leader: int | None
    last_winner: int | None
    last_suit: str | None


class BreakingTable(TrickTable, Protocol):
    """A trick game where a suit may not be led until it is broken."""

    broken: bool
    voids: list[list[str]]


class Hands(Protocol):
    """A game played in hands, each dealt by the next dealer, until one ends it."""

    players: int
    hand_number: int
    dealer: int

    # A property, so that every game's own phase names (a Literal) fit: only "over" is set here.
    @property
    def phase(self) -> str: ...
    @phase.setter
    def phase(self, value: Literal["over"]) -> None: ...


D = TypeVar("D", bound=Dealing)
H = TypeVar("H", bound=Hands)


def first_deal(state: D, deal: Callable[[D], list[Event]]) -> D:
    """A new game: the first dealer is drawn at random and deals the first hand."""
    state.dealer = state.chance().randrange(state.players)
    state.log.extend(deal(state))
    return state


def deal_hands(state: Dealing, deck: Sequence[int], size: int) -> list[int]:
    """Shuffle `deck` by the state's seeded chance and deal `size` cards to each seat, each hand
    sorted; returns the cards left over (a stash, a talon), in their shuffled order."""
    cards = list(deck)
    state.chance().shuffle(cards)
    state.hands = [sorted(cards[s * size : (s + 1) * size], key=sort_key) for s in range(state.players)]
    return cards[state.players * size :]


def card_named(args: Sequence[int | str]) -> int | None:
    """The card of the deck a move names first; None when it names none."""
    first = args[0] if args else None
    return first if isinstance(first, int) and 0 <= first < len(DECK) else None


def held_problem(hand: Sequence[int], args: Sequence[int | str]) -> str | None:
    """Why a `play` move names no card of `hand` (a card, then at most the suit it names)."""
    card = card_named(args)
    if card is None or len(args) > 2:
        return "Name one of your cards to play."
    if card not in hand:
        return f"You do not hold the {CARD_TEXT[card]}."
    return None


def play_problem(
    hand: Sequence[int],
    args: Sequence[int | str],
    names: Callable[[int], Sequence[str]],
    not_now: Callable[[int], str | None] = lambda card: None,
) -> str | None:
    """Why a `play` move is refused: no card of `hand` named; a held card the game does not let
    be played now (`not_now` says why, or None when it may be); a missing or wrong trick suit
    (`names`: the suits the card may name, none when it names no suit). None when it is fine."""
    problem = held_problem(hand, args)
    if problem is not None:
        return problem
    card = int(args[0])
    refused = not_now(card)
    if refused is not None:
        return refused
    allowed = names(card)
    named = args[1] if len(args) == 2 else None
    if allowed and named not in allowed:
        return "Name the trick suit: one of " + ", ".join(SUIT_TEXT[s] for s in allowed) + "."
    if not allowed and named is not None:
        return "This card does not name the trick suit: play it without a suit."
    return None


def plays_of(card: int, names: Sequence[str]) -> list[Action]:
    """The moves that play `card`: one per suit it may name, or the one that names none."""
    return [PLAY_AS[card][s] for s in names] if names else [PLAY[card]]


def play_to_trick(state: TrickTable, seat: int, card: int, named: str | None, naming: str | None = None) -> Event:
    """`seat` plays `card` from its hand to the trick, naming the trick suit when `named` is
    given (said as `naming` where a game words it its own way); returns the log line."""
    state.hands[seat].remove(card)
    state.trick.append(card)
    if named is None:
        return say("play", PLAYS, {"who": seat}, card=CARD_TEXT[card])
    state.trick_suit = named
    return say("play", PLAYS_NAMING, {"who": seat}, card=CARD_TEXT[card], naming=naming or f"naming {SUIT_TEXT[named]}")


def play_breaking(state: BreakingTable, seat: int, card: int, named: str | None, suit: str) -> list[Event]:
    """`play_to_trick` where `suit` may not be led before it is broken (Haunted House's
    Halloween, How Many Candies' Candy): a seat that cannot follow shows a void, and the
    card that breaks the suit says so in the log."""
    before = state.trick_suit
    could_follow = note_void(state.voids[seat], [SUIT_SETS[c] for c in state.hands[seat]], before)
    events = [play_to_trick(state, seat, card, named)]
    if not state.broken and breaks(suit, SUIT_SETS[card], before, could_follow):
        state.broken = True
        events.append(Event(kind="broken", text=f"{SUIT_TEXT[suit]} is broken: it may be led from now on."))
    return events


def trick_won(
    winner: int,
    best: int,
    suit: str | None,
    highest: str | None = None,
    texts: tuple[Msgid, Msgid] = WON,
    **args: int | str,
) -> Event:
    """Why `winner` takes the trick, as a worded log line: it led and nobody played a suited card
    (`texts[0]`), or its card `best` is the highest `{card}` of the trick suit or of `highest`, as the
    game says it: trump (`texts[1]`). `texts` may carry more of the game's own `args` (a count `n`)."""
    if suit is None:
        return say("trick", texts[0], {"who": winner}, None, **args)
    return say("trick", texts[1], {"who": winner}, None, card=CARD_TEXT[best], suit=highest or SUIT_TEXT[suit], **args)


def put_away(state: TrickTable, winner: int) -> None:
    """The finished trick becomes the last trick (everyone may look back at it); the table is
    cleared for the next one."""
    state.last_trick, state.last_leader = list(state.trick), state.leader
    state.last_winner, state.last_suit = winner, state.trick_suit
    state.trick = []
    state.trick_suit = None


def next_hand(
    game: Game[Any],
    state: H,
    over: bool,
    deal: Callable[[H], list[Event]],
    dealer: int | None = None,
    said_over: Callable[[H], Event] | None = None,
) -> list[Event]:
    """After a scored hand: when `over`, the game ends and its result is the last line (worded by
    `said_over` where the game has it as a message); else the deal passes to the seat left of the
    dealer (or to `dealer`) and the next hand is dealt."""
    if over:
        state.phase = "over"
        result = game.result(state)
        assert result is not None
        return [said_over(state) if said_over is not None else result.event()]
    state.hand_number += 1
    state.dealer = (state.dealer + 1) % state.players if dealer is None else dealer
    return deal(state)
