"""Sugarfree: rules as pure functions over `SugarfreeState` (rulings §11).

A turn is `play.<card>` of a card matching the top of the discard pile (its rank or one of its
suits; Pranks, Non-Treats and the King Size always), or, with nothing to play, `draw`: cards
come one at a time until one can be played, and that card is played at once. A Non-Treat lets
its player add one more card of any kind (`extra`, or `stop`); a Prank makes the next player
draw two and lose their turn; the King Size's player names a suit (`name.<suit>`). The hand
ends the moment someone plays their last card; the others score what they hold. With five or
more players two decks are shuffled together (G8); each physical card keeps its own id.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Final

from pydantic import BaseModel

from rules.candy_kit import candy_deck, fewest_points
from rules.candy_kit.candy_deck import COPY, card_of, copy_mark, face_value, text_of
from rules.candy_kit.cards import KING_SIZE, SUITS, suit_name
from rules.contract import Action, AutoPlayOptions, Event, Game, Result, View, plural, say
from rules.games.sugarfree.help import HELP_PAGES
from rules.games.sugarfree.state import SugarfreeState, SugarfreeView
from rules.kit.words import message

PRANKED = message(
    ("{who} draws a card and loses their turn.", "{who} draws {n} cards and loses their turn."),
    who=("{who} draw a card and lose your turn.", "{who} draw {n} cards and lose your turn."),
)
CANNOT_PLAY = message(
    ("{who} cannot play and draws a card.", "{who} cannot play and draws {n} cards."),
    who=("{who} cannot play and draw a card.", "{who} cannot play and draw {n} cards."),
)
LAST_CARD = message(
    "{who} has played their last card: the hand is over.", who="{who} have played your last card: the hand is over."
)
DEALS = message(
    "Hand {hand} ({decks}): {who} deals 7 cards each; {card} starts the discard pile and {first} goes first.",
    who="Hand {hand} ({decks}): {who} deal 7 cards each; {card} starts the discard pile and {first} goes first.",
    first="Hand {hand} ({decks}): {who} deals 7 cards each; {card} starts the discard pile and {first} go first.",
)
NAMES_SUIT = message(
    "{who} names {suit}: the next card must show it.", who="{who} name {suit}: the next card must show it."
)
PLAYS = message("{who} plays {card}.", who="{who} play {card}.")
MAY_ADD = message("{who} may add one more card of any kind.")
DREW = message("{who} drew {cards}.")
#: Each seat's points for a hand (`got0`, `got1`, ...), one message for each number of players.
HAND_POINTS = {
    players: message("Points this hand: " + ", ".join(f"{{p{s}}} {{got{s}}}" for s in range(players)) + ".")
    for players in range(2, 9)
}

#: A game ends after a hand in which somebody reaches this total.
TARGET = 113
HAND = 7
#: Two decks from this many players (FOUND).
TWO_DECKS_FROM = 5
ONE_DECK: Final = candy_deck.select()
BOTH_DECKS: Final = candy_deck.two_decks(ONE_DECK)
PLAY: Final = {card: Action(kind="play", args=(card,)) for card in BOTH_DECKS}
NAME: Final = {suit: Action(kind="name", args=(suit,)) for suit in SUITS}
DRAW: Final = Action(kind="draw")
STOP: Final = Action(kind="stop")
PRANK_DRAW = 2
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final = tuple(frozenset({seat}) for seat in range(8))


def is_wild(card: int) -> bool:
    """Non-Treats, Pranks and the King Size may always be played."""
    return not card_of(card).is_treat


def _matches(card: int, top: int, named: str | None) -> bool:
    if is_wild(card):
        return True
    printed, under = card_of(card), card_of(top)
    if under.is_king_size:
        return named is None or named in printed.suits
    if not under.is_treat:
        return True  # anything follows a Prank or a Non-Treat
    return printed.rank == under.rank or any(suit in under.suits for suit in printed.suits)


# Worked out once per pair of printed cards (and per named suit): the check runs for every
# card in hand at every turn.
_PRINTED = len(ONE_DECK)
_FITS: Final = tuple(_matches(card, top, None) for card in range(_PRINTED) for top in range(_PRINTED))
_FITS_NAMED: Final = {suit: tuple(_matches(card, KING_SIZE, suit) for card in range(_PRINTED)) for suit in SUITS}


def playable(card: int, top: int, named: str | None) -> bool:
    """Whether `card` may go on `top` (§11.2, §11.7, §11.8); `named` is the suit named on a
    King Size on top. Both copies of a card match alike (G8)."""
    if named is not None:
        return _FITS_NAMED[named][card % COPY]
    return _FITS[(card % COPY) * _PRINTED + top % COPY]


class Sugarfree(Game[SugarfreeState]):
    id = "sugarfree"
    name = "Sugarfree"
    min_players = 2
    max_players = 8
    Options = AutoPlayOptions
    state_type = SugarfreeState
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-cards"

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> SugarfreeState:
        state = SugarfreeState(players=players, seed=seed, two_decks=players >= TWO_DECKS_FROM, scores=[0] * players)
        state.dealer = state.chance().randrange(players)
        state.log.append(self._deal(state))
        return state

    def _deal(self, state: SugarfreeState) -> Event:
        cards = list(BOTH_DECKS if state.two_decks else ONE_DECK)
        state.chance().shuffle(cards)
        state.hands = [[cards.pop() for _ in range(HAND)] for _ in range(state.players)]
        state.discard = [cards.pop()]
        state.pile = cards
        state.turn = (state.dealer + 1) % state.players
        state.phase, state.named, state.passes = "play", None, 0
        decks = "two decks" if state.two_decks else "one deck"
        roles = {"who": state.dealer, "first": state.turn}
        return say("deal", DEALS, roles, hand=state.hand_number, decks=decks, card=text_of(state.discard[0]))

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: SugarfreeState) -> frozenset[int]:
        return _NOBODY if state.over else _ONLY[state.turn]

    def legal_actions(self, state: SugarfreeState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        hand = state.hands[seat]
        if state.phase == "name":
            return list(NAME.values())
        if state.phase == "extra":
            return [*(PLAY[card] for card in sorted(hand)), STOP]
        top, named = state.discard[-1], state.named
        plays = [PLAY[card] for card in sorted(hand) if playable(card, top, named)]
        return plays or [DRAW]

    def _apply(self, state: SugarfreeState, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind == "name":
            state.named = str(action.args[0])
            event = say("name", NAMES_SUIT, {"who": seat}, suit=suit_name(state.named))
            return [event, *self._next_turn(state, (seat + 1) % state.players)]
        if kind == "stop":
            return self._next_turn(state, (seat + 1) % state.players)
        if kind == "draw":
            return self._draw_until_playable(state, seat)
        return self._play(state, seat, int(action.args[0]))

    def _play(self, state: SugarfreeState, seat: int, card: int) -> list[Event]:
        state.hands[seat].remove(card)
        state.discard.append(card)
        state.named, state.passes = None, 0
        events = [say("play", PLAYS, {"who": seat}, card=text_of(card))]
        if not state.hands[seat]:
            return events + self._end_hand(state, seat)
        printed = card_of(card)
        if printed.is_king_size:
            state.phase = "name"
            return events
        if printed.is_non_treat:
            state.phase = "extra"
            events.append(say("extra", MAY_ADD, {"who": seat}))
            return events
        if printed.is_prank:
            victim = (seat + 1) % state.players
            got = self._draw(state, victim, PRANK_DRAW)
            events.append(say("prank", PRANKED, {"who": victim}, n=got))
            return events + self._next_turn(state, (seat + 2) % state.players)
        return events + self._next_turn(state, (seat + 1) % state.players)

    def _draw(self, state: SugarfreeState, seat: int, count: int) -> int:
        got = 0
        for _ in range(count):
            card = candy_deck.draw(state, state.pile, state.discard)
            if card is None:
                break
            state.hands[seat].append(card)
            got += 1
        return got

    def _draw_until_playable(self, state: SugarfreeState, seat: int) -> list[Event]:
        """§11.4: draw one at a time until a card can be played, which is then played at once;
        with nothing left to draw, the turn passes."""
        top, named = state.discard[-1], state.named
        drawn: list[int] = []
        found: int | None = None
        while found is None:
            card = candy_deck.draw(state, state.pile, state.discard)
            if card is None:
                break
            state.hands[seat].append(card)
            drawn.append(card)
            if playable(card, top, named):
                found = card
        events = [say("draw", CANNOT_PLAY, {"who": seat}, n=len(drawn))]
        if drawn:
            names = ", ".join(text_of(card) for card in drawn)
            events.append(say("drew", DREW, {"who": seat}, seats=(seat,), cards=names))
        if found is not None:
            return events + self._play(state, seat, found)
        events.append(Event(kind="pass", text="Nothing is left to draw: the turn passes."))
        state.passes += 1
        if state.passes >= state.players:
            events.append(Event(kind="stall", text="Nobody can play or draw: the hand ends."))
            return events + self._end_hand(state, None)
        return events + self._next_turn(state, (seat + 1) % state.players, keep_passes=True)

    def _next_turn(self, state: SugarfreeState, seat: int, keep_passes: bool = False) -> list[Event]:
        state.turn, state.phase = seat, "play"
        if not keep_passes:
            state.passes = 0
        return []

    def _end_hand(self, state: SugarfreeState, out: int | None) -> list[Event]:
        """§11.9-11.10: everyone else scores the face values in their hand, at once."""
        points = [sum(face_value(card) for card in hand) for hand in state.hands]
        state.last_points, state.last_out = points, out
        fewest_points.add_hand(state, points)
        events = []
        if out is not None:
            events.append(say("out", LAST_CARD, {"who": out}))
        sheet = {f"got{seat}": f"{got:+d}" for seat, got in enumerate(points)}
        seats = {f"p{seat}": seat for seat in range(state.players)}
        events.append(say("score", HAND_POINTS[state.players], seats, None, **sheet))
        if max(state.scores) >= TARGET:
            events.append(fewest_points.game_won(state, f"Somebody reached {TARGET}"))
            return events
        fewest_points.pass_deal(state)
        events.append(self._deal(state))
        return events

    # ---- words ----------------------------------------------------------------

    def label(self, state: SugarfreeState, seat: int, action: Action) -> str:
        kind = action.kind
        if kind == "name":
            return f"Name {suit_name(str(action.args[0]))}"
        if kind == "stop":
            return "No extra card: end my turn"
        if kind == "draw":
            return "Draw until I can play"
        card = int(action.args[0])
        return f"Play {text_of(card)}{copy_mark(state.hands[seat], card)}"

    def why_illegal(self, state: SugarfreeState, seat: int, action: Action) -> str:
        if state.phase == "name":
            return "Name one of the ten suits for your King Size."
        if action.kind == "draw":
            return "You have a card you can play, so you must play one."
        if action.kind == "play":
            return "That card does not match the top card by rank or suit, and it is not wild."
        return f"That is not a move in {self.name}: play a matching card, or draw when you have none."

    # ---- information ----------------------------------------------------------

    def view(self, state: SugarfreeState, seat: int | None) -> SugarfreeView:
        return SugarfreeView(
            seat=seat,
            two_decks=state.two_decks,
            phase=state.phase,
            hand=tuple(sorted(state.hands[seat])) if seat is not None else None,
            hand_sizes=tuple(len(hand) for hand in state.hands),
            discard=tuple(state.discard),
            pile_size=len(state.pile),
            named=state.named,
            dealer=state.dealer,
            turn=state.turn,
            hand_number=state.hand_number,
            scores=tuple(state.scores),
            last_points=tuple(state.last_points),
            last_out=state.last_out,
            over=state.over,
        )

    def result(self, state: SugarfreeState) -> Result | None:
        return fewest_points.result(state)

    def determinize(self, state: SugarfreeState, seat: int, rng: random.Random) -> SugarfreeState:
        """The deck and the other hands are dealt again from the cards `seat` has not seen."""
        return candy_deck.guess_unseen(self, state, seat, rng, redeal_unseen)

    def render_text(self, view: View) -> str:
        assert isinstance(view, SugarfreeView)
        named = f" (named {suit_name(view.named)})" if view.named else ""
        lines = [f"Hand {view.hand_number} · top: {text_of(view.discard[-1])}{named}"]
        for other, size in enumerate(view.hand_sizes):
            lines.append(f"{{p{other}}}: {plural(view.scores[other], 'point')}, {plural(size, 'card')}")
        if view.hand is not None:
            lines.append("Your hand: " + ", ".join(text_of(card) for card in view.hand))
        return "\n".join(lines)


def redeal_unseen(state: SugarfreeState, seat: int, arrange: Callable[[list[int]], None]) -> SugarfreeState:
    """Every card `seat` cannot see (the deck and the other hands) dealt again in the same
    places (`candy_deck.redeal_hidden`). Changes `state` and returns it."""
    candy_deck.redeal_hidden(state.pile, state.hands, seat, arrange)
    return state
