"""Starting a hand: build the deck, deal cards and suit cards, then the draft and trump.

Each step is a function of the state so the King-Sized expansion (more cards,
6 players) and the variant games can replace one step and keep the others.
"""

from __future__ import annotations

import random

from rules.candy_kit.cards import BY_COLOUR, COLOURS, DECK, KING_SIZE, SUIT_DECK, WHITE_CARDS, card_text, suit_name
from rules.contract import Event, say
from rules.games.best_candy import kingsized, teams
from rules.games.best_candy.state import OPPONENT, BestCandyState, Phase
from rules.kit.words import Msgid, message

STASH_REVEALED = message(
    "The stash is revealed: {cards}. {who} takes first.", who="The stash is revealed: {cards}. {who} take first."
)
TRUMP_TURNED = message(
    "Trump is {suit}. {who} leads the first trick.", who="Trump is {suit}. {who} lead the first trick."
)


def who(state: BestCandyState, hand: int, starts_sentence: bool = True) -> str:
    """How the log names a hand: a seat, or the solo opponent."""
    if state.solo and hand == OPPONENT:
        return "The opponent" if starts_sentence else "the opponent"
    return f"{{p{hand}}}"


def tell(
    state: BestCandyState, kind: str, msgid: Msgid, hand: int, seats: tuple[int, ...] | None = None, **args: int | str
) -> Event:
    """A log line whose `{who}` is `hand`: a seat (said to that player as "you"), or the solo
    opponent, who holds no seat and is named in the line itself (at the start of a sentence)."""
    if state.solo and hand == OPPONENT:
        return say(kind, msgid, {}, seats, who=who(state, hand), **args)
    return say(kind, msgid, {"who": hand}, seats, **args)


def deck_colours(state: BestCandyState) -> list[str]:
    """All four colours with 4-5 players; otherwise one random colour per hand, drawn
    afresh every hand (a solo game is set up as a 2-player one). With King cards the colours
    stay for the whole game unless the host asked for new ones each hand."""
    if state.hand_count >= len(COLOURS):
        return list(COLOURS)
    if state.kings and state.colours and not state.options.redraw_colours:
        return list(state.colours)
    return random_colours(state.hand_count, state.chance())


def random_colours(count: int, rng: random.Random) -> list[str]:
    """`count` whole colours drawn at random, in deck order: the 2-3 player deck (a variant
    game played with the base deck draws its colours here too)."""
    return sorted(rng.sample(COLOURS, count), key=COLOURS.index)


def deck_cards(colours: list[str]) -> list[int]:
    """The King Size plus every card of the chosen colours."""
    cards = [KING_SIZE]
    for colour in colours:
        cards.extend(BY_COLOUR[colour])
    return sorted(cards)


def hand_size(state: BestCandyState) -> int:
    if state.kings:
        return kingsized.hand_size(state.players)
    return base_hand_size(state.players)


def base_hand_size(players: int) -> int:
    """Cards dealt to each player from the base deck: 12, or 10 with 5 players."""
    return 10 if players == 5 else 12


def suit_cards_dealt(state: BestCandyState) -> int:
    return 3 if state.hand_count <= 3 else 2


def start_hand(state: BestCandyState) -> list[Event]:
    """Shuffle and deal a new hand; everyone then keeps a favourite suit."""
    state.hand_number += 1
    state.colours = deck_colours(state)
    deck = kingsized.deck_cards(state.colours, state.players, state.kings) if state.kings else deck_cards(state.colours)
    state.chance().shuffle(deck)
    size = hand_size(state)
    count = state.hand_count
    state.hands = [deck[h * size : (h + 1) * size] for h in range(count)]
    state.stash = deck[count * size :]

    suit_deck = [*SUIT_DECK, *state.white_cards]
    state.chance().shuffle(suit_deck)
    dealt = 0 if state.options.teams else suit_cards_dealt(state)
    state.offers = []
    state.favourites = []
    for _seat in range(state.players):
        state.offers.append(suit_deck[:dealt])
        del suit_deck[:dealt]
        state.favourites.append([])
    if state.options.teams:
        # No suit card is dealt to a player: the teams share combo cards; trump still comes from the suit deck.
        teams.deal_team_cards(state)
    if state.solo:
        # The opponent keeps every suit card it is dealt.
        keep = state.options.solo_difficulty
        state.offers.append([])
        state.favourites.append(suit_deck[:keep])
        del suit_deck[:keep]
    state.suit_deck = suit_deck
    state.trump = None
    state.drafters = []
    clear_trick(state)
    state.taken = [[] for _ in range(count)]
    state.tricks_won = [0] * count
    state.phase = Phase.FAVOURITE
    colours = "" if len(state.colours) == len(COLOURS) else " with the " + ", ".join(state.colours) + " cards"
    asks = "Each team votes for its team card." if state.options.teams else "Keep one suit card as your favourite."
    return [Event(kind="deal", text=f"Hand {state.hand_number} is dealt{colours}: {size} cards each. {asks}")]


def clear_trick(state: BestCandyState) -> None:
    """An empty trick, ready for the next lead. Only what the expansion changed is reset: this
    runs after every trick of every search playout, and each state write costs."""
    state.trick = []
    state.trick_suit = None
    if state.kings:
        state.trick_seats = []
        state.trick_hidden = []
        if state.trick_removed:
            state.trick_removed = 0
        if state.paired:
            state.paired = []
        if state.trick_stash:
            state.trick_stash = []
        state.stage = "play"
        state.trick_winner = None
        state.next_lead = None


def begin_draft(state: BestCandyState) -> list[Event]:
    """Reveal the stash; the lowest score (a random one of the tied) drafts first, then to the left."""
    low = min(state.scores)
    tied = [h for h, score in enumerate(state.scores) if score == low]
    first = tied[0] if len(tied) == 1 else state.chance().choice(tied)
    count = state.hand_count
    state.drafters = [(first + k) % count for k in range(count)]
    state.phase = Phase.DRAFT
    shown = ", ".join(card_text(c) for c in state.stash)
    return [tell(state, "stash", STASH_REVEALED, first, cards=shown)]


def reveal_trump(state: BestCandyState, last_drafter: int) -> list[Event]:
    """Shuffle the suit deck (the returned cards included) and turn up trump; the last drafter leads."""
    state.chance().shuffle(state.suit_deck)
    state.trump = turn_up_trump(state)
    if state.solo:
        # Its pile is shuffled once its stash card joins it, so that card is not always last.
        state.chance().shuffle(state.hands[OPPONENT])
    state.leader = OPPONENT if state.solo else last_drafter
    state.phase = Phase.TRICKS
    return [tell(state, "trump", TRUMP_TURNED, state.leader, suit=suit_name(state.trump))]


def turn_up_trump(state: BestCandyState) -> str:
    """The first real suit card of the shuffled suit deck. A new white card is never trump: any
    turned up before it are set aside, then go back and the face-down deck is shuffled again."""
    deck = state.suit_deck
    first = next(k for k, suit in enumerate(deck) if suit not in WHITE_CARDS)
    trump = deck.pop(first)
    if first:
        state.chance().shuffle(deck)
    return trump


def stash_card_text(card_id: int) -> str:
    """A stash card with its name, said once ("King 0 (Dad Tax)", "9 Marshmallow/Halloween
    (Marshmallow Ghosts)")."""
    text, name = card_text(card_id), DECK[card_id].name
    return text if f"({name})" in text else f"{text} ({name})"
