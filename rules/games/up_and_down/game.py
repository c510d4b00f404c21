"""Up and Down the Block: rules as pure functions over `UpDownState` (rulings §10).

Ten hands, from 12 cards down to 4 and back up to 13, each with its own wild suit. A turn is
`draw` (the deck's top, seen by the drawer only) or `take` (the discard pile's top, seen by
all), then `discard` of one card. When the cards left then split whole into runs and sets, the
player chooses `go-out` (everyone else gets one more turn) or `play-on`. At the end of a hand
every player scores the face values the bot's best split leaves over; after hand 10 the
fewest points win. With four or more players two decks are shuffled together (G8).
"""

from __future__ import annotations

import random
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from rules.candy_kit import candy_deck, fewest_points
from rules.candy_kit.candy_deck import copy_mark, text_of
from rules.candy_kit.cards import SUITS, suit_name
from rules.contract import Action, AutoPlayOptions, Event, Game, Result, View, plural, say, say_winners
from rules.games.up_and_down.help import HELP_PAGES
from rules.games.up_and_down.melds import best_split, full_split, melds_all, rank_order
from rules.games.up_and_down.state import HandEnd, UpDownState, UpDownView
from rules.kit.words import message

DEALS = message(
    (
        "Hand {hand} of {hands} ({decks}): {who} deals {n} card each. Wild this hand: {wild}. "
        "{card} starts the discard pile and {first} goes first.",
        "Hand {hand} of {hands} ({decks}): {who} deals {n} cards each. Wild this hand: {wild}. "
        "{card} starts the discard pile and {first} goes first.",
    ),
    who=(
        "Hand {hand} of {hands} ({decks}): {who} deal {n} card each. Wild this hand: {wild}. "
        "{card} starts the discard pile and {first} goes first.",
        "Hand {hand} of {hands} ({decks}): {who} deal {n} cards each. Wild this hand: {wild}. "
        "{card} starts the discard pile and {first} goes first.",
    ),
    first=(
        "Hand {hand} of {hands} ({decks}): {who} deals {n} card each. Wild this hand: {wild}. "
        "{card} starts the discard pile and {first} go first.",
        "Hand {hand} of {hands} ({decks}): {who} deals {n} cards each. Wild this hand: {wild}. "
        "{card} starts the discard pile and {first} go first.",
    ),
)
DRAWS = message("{who} draws from the deck.", who="{who} draw from the deck.")
DREW = message("{who} drew {card}.")
TAKES = message("{who} takes {card} from the discard pile.", who="{who} take {card} from the discard pile.")
DISCARDS = message("{who} discards {card}.", who="{who} discard {card}.")
GOES_OUT = message(
    "{who} goes out with {melds}. Everyone else has one more turn.",
    who="{who} go out with {melds}. Everyone else has one more turn.",
)
#: Each seat's points for a hand (`got0`, `got1`, ...), one message for each number of players.
HAND_OVER = {
    players: message("Hand {hand} is over. Points: " + ", ".join(f"{{p{s}}} {{got{s}}}" for s in range(players)) + ".")
    for players in range(2, 9)
}
#: The game's end: one winner, or two or more sharing the win (`say_winners`).
WINS = message(
    "After ten hands {who} wins with the fewest points, {best}.",
    who="After ten hands {who} win with the fewest points, {best}.",
)
SHARE_WIN = message("After ten hands {who} share the win with the fewest points, {best}.")

#: Cards dealt in each of the ten hands, in order (FOUND): down the even side of the street,
#: then up the odd side.
HAND_SIZES: Final = (*range(12, 3, -2), *range(5, 14, 2))
#: Two decks from this many players (FOUND).
TWO_DECKS_FROM = 4
#: A hand nobody goes out of ends after this many turns per player (PROPOSED: the rulebook
#: has no end for a hand that stalls, and taking the discard back and forth could loop).
TURN_LIMIT = 30
ONE_DECK: Final = candy_deck.select()
BOTH_DECKS: Final = candy_deck.two_decks(ONE_DECK)
DRAW: Final = Action(kind="draw")
TAKE: Final = Action(kind="take")
GO_OUT: Final = Action(kind="go-out")
PLAY_ON: Final = Action(kind="play-on")
DISCARD: Final = {card: Action(kind="discard", args=(card,)) for card in BOTH_DECKS}
STALLED: Final = Event(kind="stall", text=f"Nobody went out in {TURN_LIMIT} turns each: the hand ends here.")
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final = tuple(frozenset({seat}) for seat in range(6))


class Options(AutoPlayOptions):
    """The host options of the rulings (§19)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    new_white_cards: bool = Field(
        False,
        title="New white cards",
        description="Turn the wild suit from all 16 white cards: colour cards and 1 or 3 Flavors too",
    )
    meld_helper: bool = Field(
        True,
        title="Meld helper",
        description="Show each player the best runs and sets in their hand and what is left over",
    )


def wild_name(key: str) -> str:
    """How a wild-suit card is named: "Sour", or a new white card: "Black", "3 Flavors"."""
    return suit_name(key) if key in SUITS else candy_deck.white_card_name(key)


def wild_keys(new_white_cards: bool) -> tuple[str, ...]:
    """The white cards the wild suits are turned from (§10.2)."""
    return (*SUITS, *candy_deck.NEW_WHITE_CARDS) if new_white_cards else SUITS


def meld_text(cards: list[int] | tuple[int, ...]) -> str:
    return " ".join(text_of(card) for card in cards)


class UpAndDownTheBlock(Game[UpDownState]):
    id = "up-and-down-the-block"
    name = "Up and Down the Block"
    min_players = 2
    max_players = 6
    Options = Options
    state_type = UpDownState
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-cards"

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        counts: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(self.min_players, self.max_players + 1)]
        return [*counts, (3, {"new_white_cards": True}), (5, {"new_white_cards": True}), (2, {"meld_helper": False})]

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> UpDownState:
        assert isinstance(options, Options)
        state = UpDownState(
            players=players,
            seed=seed,
            two_decks=players >= TWO_DECKS_FROM,
            new_white_cards=options.new_white_cards,
            meld_helper=options.meld_helper,
            scores=[0] * players,
        )
        rng = state.chance()
        keys = list(wild_keys(options.new_white_cards))
        rng.shuffle(keys)
        state.wild_cards = keys[: len(HAND_SIZES)]
        state.dealer = rng.randrange(players)
        state.log.append(self._deal(state))
        return state

    def _deal(self, state: UpDownState) -> Event:
        """Shuffle, deal this hand's size to each, turn one card up (§10 deal, ruling 1)."""
        cards = list(BOTH_DECKS if state.two_decks else ONE_DECK)
        state.chance().shuffle(cards)
        size = HAND_SIZES[state.hand_number - 1]
        state.hands = [[cards.pop() for _ in range(size)] for _ in range(state.players)]
        state.discard = [cards.pop()]
        state.pile = cards
        state.turn = (state.dealer + 1) % state.players
        state.phase, state.taken, state.out, state.out_melds, state.turns = "draw", None, None, [], 0
        state.known = [[] for _ in range(state.players)]
        decks = "two decks" if state.two_decks else "one deck"
        return say(
            "deal",
            DEALS,
            {"who": state.dealer, "first": state.turn},
            hand=state.hand_number,
            hands=len(HAND_SIZES),
            decks=decks,
            n=size,
            wild=wild_name(wild(state)),
            card=text_of(state.discard[0]),
        )

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: UpDownState) -> frozenset[int]:
        return _NOBODY if state.over else _ONLY[state.turn]

    def legal_actions(self, state: UpDownState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        if state.phase == "draw":
            return [DRAW, TAKE] if can_draw(state) else [TAKE]
        if state.phase == "going-out":
            return [GO_OUT, PLAY_ON]
        return [DISCARD[card] for card in sorted(state.hands[seat], key=rank_order) if card != state.taken]

    def _apply(self, state: UpDownState, seat: int, action: Action) -> list[Event]:
        who = {"who": seat}
        kind = action.kind
        if kind == "draw":
            card = candy_deck.draw(state, state.pile, state.discard)
            assert card is not None
            state.hands[seat].append(card)
            state.phase = "discard"  # nothing was taken: `taken` is already None
            return [
                say("draw", DRAWS, who),
                say("drew", DREW, who, seats=(seat,), card=text_of(card)),
            ]
        if kind == "take":
            card = state.discard.pop()
            state.hands[seat].append(card)
            state.phase, state.taken = "discard", card
            state.known[seat].append(card)
            return [say("take", TAKES, who, card=text_of(card))]
        if kind == "go-out":
            return self._go_out(state, seat)
        if kind == "play-on":
            return self._end_turn(state)
        card = int(action.args[0])
        state.hands[seat].remove(card)
        state.discard.append(card)
        if card in state.known[seat]:
            state.known[seat].remove(card)
        events = [say("discard", DISCARDS, who, card=text_of(card))]
        if state.out is None and melds_all(state.hands[seat], wild(state)):
            state.phase, state.taken = "going-out", None
            return events
        return events + self._end_turn(state)

    def _go_out(self, state: UpDownState, seat: int) -> list[Event]:
        """§10.7-10.8: the hand is shown split into melds; everyone else has one more turn."""
        split = full_split(state.hands[seat], wild(state))
        assert split is not None
        state.out = seat
        state.out_melds = [list(meld) for meld in split.melds]
        shown = " · ".join(meld_text(meld) for meld in split.melds)
        return [say("out", GOES_OUT, {"who": seat}, melds=shown), *self._end_turn(state)]

    def _end_turn(self, state: UpDownState) -> list[Event]:
        state.turns += 1
        following = (state.turn + 1) % state.players
        if state.out is not None and following == state.out:
            return self._end_hand(state)
        if state.out is None and state.turns >= TURN_LIMIT * state.players:
            return [STALLED, *self._end_hand(state)]
        state.turn, state.phase = following, "draw"
        if state.taken is not None:
            state.taken = None
        return []

    def _end_hand(self, state: UpDownState) -> list[Event]:
        """§10.9: each hand is split the way that leaves the least over; that is its score."""
        splits = [best_split(hand, wild(state)) for hand in state.hands]
        points = [split.value for split in splits]
        state.last_hand = HandEnd(
            hand_number=state.hand_number,
            wild=wild(state),
            out=state.out,
            melds=[[list(meld) for meld in split.melds] for split in splits],
            left=[list(split.left) for split in splits],
            points=points,
        )
        fewest_points.add_hand(state, points)
        sheet = {f"got{seat}": f"{got:+d}" for seat, got in enumerate(points)}
        seats = {f"p{seat}": seat for seat in range(state.players)}
        events = [say("score", HAND_OVER[state.players], seats, None, hand=state.hand_number, **sheet)]
        if state.hand_number == len(HAND_SIZES):
            state.over = True
            best = min(state.scores)
            winners = [seat for seat, total in enumerate(state.scores) if total == best]
            events.append(say_winners("win", winners, WINS, SHARE_WIN, best=best))
            return events
        fewest_points.pass_deal(state)
        events.append(self._deal(state))
        return events

    # ---- words ----------------------------------------------------------------

    def label(self, state: UpDownState, seat: int, action: Action) -> str:
        kind = action.kind
        if kind == "draw":
            return "Draw from the deck"
        if kind == "take":
            return f"Take {text_of(state.discard[-1])}"
        if kind == "go-out":
            return "Go out"
        if kind == "play-on":
            return "Keep playing"
        card = int(action.args[0])
        return f"Discard {text_of(card)}{copy_mark(state.hands[seat], card)}"

    def why_illegal(self, state: UpDownState, seat: int, action: Action) -> str:
        if state.phase == "going-out":
            return "Your cards all fit in runs and sets: go out, or keep playing."
        if state.phase == "draw":
            if action.kind == "draw":
                return "The deck is empty and the discard pile has no cards to shuffle: take the top discard."
            return "First draw from the deck or take the top card of the discard pile."
        if action.kind == "discard" and action.args and action.args[0] == state.taken:
            return "You just took that card from the discard pile: discard another card this turn."
        if action.kind == "discard":
            return "That card is not in your hand."
        return "You have drawn: now discard one card."

    # ---- information ----------------------------------------------------------

    def view(self, state: UpDownState, seat: int | None) -> UpDownView:
        hand = tuple(sorted(state.hands[seat], key=rank_order)) if seat is not None else None
        melds: tuple[tuple[int, ...], ...] = ()
        left: tuple[int, ...] = ()
        value: int | None = None
        if hand is not None and state.meld_helper and not state.over:
            split = best_split(hand, wild(state))
            melds, left, value = split.melds, split.left, split.value
        return UpDownView(
            seat=seat,
            two_decks=state.two_decks,
            meld_helper=state.meld_helper,
            hand_number=state.hand_number,
            deal_size=HAND_SIZES[state.hand_number - 1],
            wild=wild(state),
            dealer=state.dealer,
            turn=state.turn,
            phase=state.phase,
            hand=hand,
            taken=state.taken,
            known=tuple(tuple(cards) for cards in state.known),
            hand_sizes=tuple(len(h) for h in state.hands),
            discard=tuple(state.discard),
            pile_size=len(state.pile),
            out=state.out,
            out_melds=tuple(tuple(meld) for meld in state.out_melds),
            turns_left=max(0, TURN_LIMIT * state.players - state.turns) if state.out is None else 0,
            scores=tuple(state.scores),
            last_hand=state.last_hand,
            melds=melds,
            left=left,
            left_value=value,
            over=state.over,
        )

    def result(self, state: UpDownState) -> Result | None:
        return fewest_points.result(state, WINS, SHARE_WIN)

    def determinize(self, state: UpDownState, seat: int, rng: random.Random) -> UpDownState:
        """The deck, the other hands and the wild suits still to come are dealt again from what
        `seat` has not seen; a hand shown when its player went out stays as it is."""
        # Not `candy_deck.guess_unseen`: the wild cards still to come are shuffled by the same
        # `rng` before the new seed is drawn, and the guesses depend on that order.
        copy = redeal_unseen(self.copy_state(state), seat, rng.shuffle)
        future = unseen_wilds(copy)
        rng.shuffle(future)
        copy.wild_cards[copy.hand_number :] = future[: len(HAND_SIZES) - copy.hand_number]
        copy.seed = rng.getrandbits(63)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, UpDownView)
        top = text_of(view.discard[-1]) if view.discard else "none"
        lines = [f"Hand {view.hand_number} · wild: {wild_name(view.wild)} · top discard: {top}"]
        for other, size in enumerate(view.hand_sizes):
            lines.append(f"{{p{other}}}: {plural(view.scores[other], 'point')}, {plural(size, 'card')}")
        if view.hand is not None:
            lines.append("Your hand: " + ", ".join(text_of(card) for card in view.hand))
        return "\n".join(lines)


def wild(state: UpDownState) -> str:
    """This hand's wild suit (or new white card)."""
    return state.wild_cards[state.hand_number - 1]


def can_draw(state: UpDownState) -> bool:
    """The deck has a card, or the discard pile has cards under its top to make one (G7)."""
    return bool(state.pile) or len(state.discard) > 1


def unseen_wilds(state: UpDownState) -> list[str]:
    """The white cards not turned up yet, in a fixed order."""
    seen = set(state.wild_cards[: state.hand_number])
    return [key for key in wild_keys(state.new_white_cards) if key not in seen]


def redeal_unseen(state: UpDownState, seat: int, arrange: Any) -> UpDownState:
    """Every card `seat` cannot see dealt again in the same places (`candy_deck.redeal_hidden`);
    a hand shown by going out, and cards taken from the discard pile, are seen by all. Changes
    `state` and returns it."""
    known = [state.hands[other] if other == state.out else state.known[other] for other in range(state.players)]
    candy_deck.redeal_hidden(state.pile, state.hands, seat, arrange, known)
    return state
