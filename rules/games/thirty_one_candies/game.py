"""31 Candies: rules as pure functions over `ThirtyOneState` (rulings §9).

A turn is two actions by the same seat: `draw` (the deck's top, seen by the drawer only) or
`take` (the discard pile's top, seen by all), then `discard` of one card; or `knock` alone,
which freezes the knocker's hand for the rest of the round. Rounds, knocking and lives are
the shared frame of `rules.candy_kit.knocking`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Final

from pydantic import BaseModel

from rules.candy_kit import candy_deck, knocking
from rules.candy_kit.candy_deck import text_of
from rules.candy_kit.knocking import KnockOptions
from rules.contract import Action, Event, Game, Result, View, plural, say
from rules.games.thirty_one_candies.help import HELP_PAGES
from rules.games.thirty_one_candies.scoring import TARGET, hand_value
from rules.games.thirty_one_candies.state import ThirtyOneState, ThirtyOneView
from rules.kit.words import message

DEALS = message(
    "Round {round}: {who} deals; {card} starts the discard pile and {first} goes first.",
    who="Round {round}: {who} deal; {card} starts the discard pile and {first} goes first.",
    first="Round {round}: {who} deals; {card} starts the discard pile and {first} go first.",
)
DRAWS = message("{who} draws from the deck.", who="{who} draw from the deck.")
DREW = message("{who} drew {card}.")
TAKES = message("{who} takes {card} from the discard pile.", who="{who} take {card} from the discard pile.")
DISCARDS = message("{who} discards {card}.", who="{who} discard {card}.")
SHOWS = message("{who} shows {cards}: {value}.", who="{who} show {cards}: {value}.")

#: Cards each player holds between turns.
HAND = 3
DECK: Final = candy_deck.select()
KNOCK: Final = Action(kind="knock")
DRAW: Final = Action(kind="draw")
TAKE: Final = Action(kind="take")
DISCARD: Final = {card: Action(kind="discard", args=(card,)) for card in DECK}
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final = tuple(frozenset({seat}) for seat in range(8))


class Options(KnockOptions):
    pass


class ThirtyOneCandies(Game[ThirtyOneState]):
    id = "31-candies"
    name = "31 Candies"
    min_players = 2
    max_players = 8
    Options = Options
    state_type = ThirtyOneState
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-cards"

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        counts: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(self.min_players, self.max_players + 1)]
        return [*counts, (3, {"on_their_honor": True})]

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> ThirtyOneState:
        assert isinstance(options, Options)
        state = knocking.new_game(ThirtyOneState, players, seed, options)
        state.log.append(self._deal(state))
        return state

    def _deal(self, state: ThirtyOneState) -> Event:
        """Shuffle the whole deck, deal three to each player still in, turn one up (§9 deal)."""
        cards = list(DECK)
        state.chance().shuffle(cards)
        state.hands = [[] for _ in range(state.players)]
        state.known = [[] for _ in range(state.players)]
        for seat in knocking.in_play(state):
            state.hands[seat] = [cards.pop() for _ in range(HAND)]
        state.discard = [cards.pop()]
        state.pile = cards
        state.phase = "turn"
        state.taken = state.drawn = None
        roles = {"who": state.dealer, "first": state.turn}
        return say("deal", DEALS, roles, round=state.round, card=text_of(state.discard[0]))

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: ThirtyOneState) -> frozenset[int]:
        return _NOBODY if state.over else _ONLY[state.turn]

    def legal_actions(self, state: ThirtyOneState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        if state.phase == "discard":
            return [DISCARD[card] for card in sorted(state.hands[seat]) if card != state.taken]
        actions = [KNOCK] if knocking.may_knock(state) else []
        if state.pile or len(state.discard) > 1:
            actions.append(DRAW)
        actions.append(TAKE)
        return actions

    def _apply(self, state: ThirtyOneState, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        hand = state.hands[seat]
        if kind == "knock":
            events = [knocking.knock(state, seat)]
            return events + self._end_turn(state)
        if kind == "draw":
            card = candy_deck.draw(state, state.pile, state.discard)
            assert card is not None
            hand.append(card)
            state.drawn, state.phase = card, "discard"
            return [
                say("draw", DRAWS, {"who": seat}),
                say("drew", DREW, {"who": seat}, seats=(seat,), card=text_of(card)),
            ]
        if kind == "take":
            card = state.discard.pop()
            hand.append(card)
            state.known[seat].append(card)
            state.taken, state.phase = card, "discard"
            return [say("take", TAKES, {"who": seat}, card=text_of(card))]
        card = int(action.args[0])
        hand.remove(card)
        if card in state.known[seat]:
            state.known[seat].remove(card)
        state.discard.append(card)
        state.taken = state.drawn = None
        events = [say("discard", DISCARDS, {"who": seat}, card=text_of(card))]
        return events + self._end_turn(state)

    def _end_turn(self, state: ThirtyOneState) -> list[Event]:
        state.phase = "turn"
        if not knocking.pass_turn(state):
            return []
        return self._end_round(state)

    def _end_round(self, state: ThirtyOneState) -> list[Event]:
        """All hands are shown; the hand(s) farthest from 31 lose a life (§9.6)."""
        playing = knocking.in_play(state)
        values = {seat: hand_value(state.hands[seat])[0] for seat in playing}
        events = [
            say(
                "reveal",
                SHOWS,
                {"who": seat},
                cards=", ".join(text_of(c) for c in sorted(state.hands[seat])),
                value=values[seat],
            )
            for seat in playing
        ]
        losers = knocking.worst({seat: abs(TARGET - value) for seat, value in values.items()})
        hands = [sorted(hand) if seat in values else [] for seat, hand in enumerate(state.hands)]
        return events + knocking.end_round(state, hands, values, losers, self._deal)

    # ---- words ----------------------------------------------------------------

    def label(self, state: ThirtyOneState, seat: int, action: Action) -> str:
        kind = action.kind
        if kind == "knock":
            return "Knock"
        if kind == "draw":
            return "Draw from the deck"
        if kind == "take":
            return f"Take {text_of(state.discard[-1])}" if state.discard else "Take the discard"
        return f"Discard {text_of(int(action.args[0]))}"

    def why_illegal(self, state: ThirtyOneState, seat: int, action: Action) -> str:
        kind = action.kind
        if state.phase == "discard":
            if kind == "discard" and action.args and action.args[0] == state.taken:
                return "A card taken from the discard pile may not be let go on the same turn."
            if kind == "discard":
                return "Discard a card from your hand."
            return "You have drawn: now discard one card."
        if kind == "knock":
            return "Somebody has already knocked this round: only one knock a round."
        if kind == "draw":
            return "The deck and the discard pile are both empty: take the discard instead."
        if kind == "discard":
            return "Draw first (from the deck or the discard pile), then discard."
        return f"That is not a move in {self.name}: knock, draw or take the discard."

    # ---- information ----------------------------------------------------------

    def view(self, state: ThirtyOneState, seat: int | None) -> ThirtyOneView:
        mine = seat is not None
        return ThirtyOneView(
            seat=seat,
            hand=tuple(sorted(state.hands[seat])) if seat is not None else None,
            hand_sizes=tuple(len(hand) for hand in state.hands),
            known=tuple(tuple(sorted(cards)) for cards in state.known),
            discard=tuple(state.discard),
            pile_size=len(state.pile),
            lives=tuple(state.lives),
            dealer=state.dealer,
            turn=state.turn,
            knocker=state.knocker,
            phase=state.phase,
            taken=state.taken,
            drawn=state.drawn if mine and seat == state.turn else None,
            round=state.round,
            on_their_honor=state.on_their_honor,
            honored=tuple(state.honored),
            last_round=state.last_round,
            over=state.over,
        )

    def result(self, state: ThirtyOneState) -> Result | None:
        return knocking.result(state)

    def determinize(self, state: ThirtyOneState, seat: int, rng: random.Random) -> ThirtyOneState:
        """Everything `seat` has not seen is dealt again: the deck and the other hands, less the
        cards everyone saw taken from the discard pile."""
        return candy_deck.guess_unseen(self, state, seat, rng, redeal_unseen)

    def render_text(self, view: View) -> str:
        assert isinstance(view, ThirtyOneView)
        lines = [f"Round {view.round} · discard top: {text_of(view.discard[-1]) if view.discard else 'none'}"]
        for other, lives in enumerate(view.lives):
            knocked = " (knocked)" if view.knocker == other else ""
            cards = plural(view.hand_sizes[other], "card")
            lines.append(f"{{p{other}}}: {knocking.lives_text(lives)}, {cards}{knocked}")
        if view.hand is not None:
            value, suit = hand_value(view.hand)
            lines.append(f"Your hand: {', '.join(text_of(c) for c in view.hand)} = {value} in {suit}")
        return "\n".join(lines)


def redeal_unseen(state: ThirtyOneState, seat: int, arrange: Callable[[list[int]], None]) -> ThirtyOneState:
    """Every card `seat` cannot see (the deck, the other hands less their known cards) dealt
    again in the same places (`candy_deck.redeal_hidden`). Changes `state` and returns it."""
    candy_deck.redeal_hidden(state.pile, state.hands, seat, arrange, state.known)
    if state.drawn is not None and state.turn != seat:
        state.drawn = state.hands[state.turn][-1]
    return state
