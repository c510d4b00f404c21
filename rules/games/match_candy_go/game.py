"""Match Candy-Go: rules as pure functions over `MatchState` (rulings §13).

A turn has two steps by the same seat. First a hand card: `join.<card>.<stack>` onto a stack
it matches (compulsory when any hand card matches any stack), else `lay.<card>` as a new stack.
Then the deck's top card is turned up: onto a stack of the player's choice (`put.<stack>`) when
it matches one, else it becomes a new stack by itself. Adding to two different stacks, or
bringing a stack to 4 cards, captures every stack added to that turn.
"""

from __future__ import annotations

import random
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import card_of, text_of
from rules.candy_kit.cards import KING_SIZE, SUITS
from rules.contract import (
    SHARE_WIN_WITH_POINTS,
    WINS_WITH_POINTS,
    Action,
    AutoPlayOptions,
    Event,
    Game,
    Result,
    View,
    plural,
    rank_places,
    say,
    say_winners,
)
from rules.games.match_candy_go.help import HELP_PAGES
from rules.games.match_candy_go.scoring import hand_points
from rules.games.match_candy_go.state import MatchState, MatchView
from rules.kit.words import Msgid, message

DEALS = message(
    (
        "Hand {hand}: {who} deals; {n} card starts the stash and {first} goes first.",
        "Hand {hand}: {who} deals; {n} cards start the stash and {first} goes first.",
    ),
    who=(
        "Hand {hand}: {who} deal; {n} card starts the stash and {first} goes first.",
        "Hand {hand}: {who} deal; {n} cards start the stash and {first} goes first.",
    ),
    first=(
        "Hand {hand}: {who} deals; {n} card starts the stash and {first} go first.",
        "Hand {hand}: {who} deals; {n} cards start the stash and {first} go first.",
    ),
)
#: A card added to a stack, which then holds `n` cards.
PUTS = message(
    (
        "{who} puts the deck card {card} on stack {number} ({n} card).",
        "{who} puts the deck card {card} on stack {number} ({n} cards).",
    ),
    who=(
        "{who} put the deck card {card} on stack {number} ({n} card).",
        "{who} put the deck card {card} on stack {number} ({n} cards).",
    ),
)
PLAYS = message(
    ("{who} plays {card} on stack {number} ({n} card).", "{who} plays {card} on stack {number} ({n} cards)."),
    who=("{who} play {card} on stack {number} ({n} card).", "{who} play {card} on stack {number} ({n} cards)."),
)
LAYS = message("{who} lays {card} as a new stack.", who="{who} lay {card} as a new stack.")
PICKS_STACK = message(
    "The deck card is {card}: {who} picks its stack.", who="The deck card is {card}: {who} pick its stack."
)
CAPTURES = message(
    ("{who} captures {n} card: {cards}.", "{who} captures {n} cards: {cards}."),
    who=("{who} capture {n} card: {cards}.", "{who} capture {n} cards: {cards}."),
)
SWEEPS = message(
    "The hands are empty: {who} takes the rest of the stash.",
    who="The hands are empty: {who} take the rest of the stash.",
)
#: Each seat's points for a hand (`got0`, `got1`, ...), one message for each number of players.
HAND_POINTS = {
    players: message("Points this hand: " + ", ".join(f"{{p{s}}} {{got{s}}}" for s in range(players)) + ".")
    for players in (2, 3)
}

DECK: Final = candy_deck.select(ranks=range(1, 13))
#: (stash, each hand) by player count (§13 deal).
DEAL: Final = {2: (9, 10), 3: (7, 8)}
CAPTURE_AT = 4
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final = tuple(frozenset({seat}) for seat in range(3))
_ALL_SUITS: Final = frozenset(SUITS)


_SUITS_OF: Final = {card: _ALL_SUITS if card == KING_SIZE else frozenset(card_of(card).suits) for card in DECK}
#: More stacks than a stash can ever hold (49 cards).
MOST_STACKS = len(DECK)
# Every action, built once: legal_actions runs at every move.
JOIN: Final = {(card, n): Action(kind="join", args=(card, n)) for card in DECK for n in range(1, MOST_STACKS + 1)}
LAY: Final = {card: Action(kind="lay", args=(card,)) for card in DECK}
PUT: Final = tuple(Action(kind="put", args=(n,)) for n in range(MOST_STACKS + 1))


def suits_of(card: int) -> frozenset[str]:
    """The King Size carries every suit (§13.2)."""
    return _SUITS_OF[card]


def stack_suits(stack: list[int]) -> frozenset[str]:
    """The suits a card must share one of to join `stack` (§13.3): a one-card stack's suits;
    for a larger stack, the suits every card of it carries, the King Size left out."""
    if len(stack) == 1:
        return _SUITS_OF[stack[0]]
    common = _ALL_SUITS
    for other in stack:
        if other != KING_SIZE:
            common = common & _SUITS_OF[other]
    return common


def joins(card: int, stack: list[int]) -> bool:
    """A card joins a stack when it carries one of the stack's suits (the King Size carries all)."""
    return bool(_SUITS_OF[card] & stack_suits(stack))


class Options(AutoPlayOptions):
    model_config = ConfigDict(extra="forbid", frozen=True)

    pair_bonus: bool = Field(
        False, title="Pair bonus", description="One more point for each of the five named pairs you capture"
    )


class MatchCandyGo(Game[MatchState]):
    id = "match-candy-go"
    name = "Match Candy-Go"
    min_players = 2
    max_players = 3
    Options = Options
    state_type = MatchState
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-cards"

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        return [(2, {}), (3, {}), (2, {"pair_bonus": True})]

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> MatchState:
        assert isinstance(options, Options)
        state = MatchState(players=players, seed=seed, pair_bonus=options.pair_bonus, scores=[0] * players)
        state.dealer = state.chance().randrange(players)
        state.log.append(self._deal(state))
        return state

    def _deal(self, state: MatchState) -> Event:
        stash, each = DEAL[state.players]
        cards = list(DECK)
        state.chance().shuffle(cards)
        state.stacks = [[cards.pop()] for _ in range(stash)]
        state.hands = [[cards.pop() for _ in range(each)] for _ in range(state.players)]
        state.pile = cards
        state.captures = [[] for _ in range(state.players)]
        state.turn = (state.dealer + 1) % state.players
        state.phase, state.added, state.turned = "hand", [], None
        return say("deal", DEALS, {"who": state.dealer, "first": state.turn}, hand=state.hand_number, n=stash)

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: MatchState) -> frozenset[int]:
        return _NOBODY if state.over else _ONLY[state.turn]

    def legal_actions(self, state: MatchState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        if state.phase == "deck":
            assert state.turned is not None
            card = state.turned
            return [PUT[n] for n, stack in enumerate(state.stacks, start=1) if joins(card, stack)]
        hand = sorted(state.hands[seat])
        accepts = [(n, stack_suits(stack)) for n, stack in enumerate(state.stacks, start=1)]
        plays = [JOIN[(card, n)] for card in hand for n, suits in accepts if _SUITS_OF[card] & suits]
        return plays or [LAY[card] for card in hand]

    def _apply(self, state: MatchState, seat: int, action: Action) -> list[Event]:
        who = {"who": seat}
        if action.kind == "put":
            assert state.turned is not None
            number = int(action.args[0])
            events = [self._add(state, state.turned, number, PUTS, who)]
            state.turned = None
            return events + self._end_turn(state, seat)
        card = int(action.args[0])
        state.hands[seat].remove(card)
        if action.kind == "join":
            events = [self._add(state, card, int(action.args[1]), PLAYS, who)]
        else:
            state.stacks.append([card])
            events = [say("lay", LAYS, who, card=text_of(card))]
        return events + self._turn_up(state, seat)

    def _add(self, state: MatchState, card: int, number: int, what: Msgid, who: dict[str, int]) -> Event:
        stack = state.stacks[number - 1]
        stack.append(card)
        if number - 1 not in state.added:
            state.added.append(number - 1)
        return say("add", what, who, card=text_of(card), number=number, n=len(stack))

    def _turn_up(self, state: MatchState, seat: int) -> list[Event]:
        """§13.5: the deck's top card, turned up, goes on a stack the player picks when it can;
        otherwise it lies alone. With the deck gone (3 players, §13.7) this step is skipped."""
        if not state.pile:
            return self._end_turn(state, seat)
        card = state.pile.pop()
        if any(joins(card, stack) for stack in state.stacks):
            state.turned, state.phase = card, "deck"
            return [say("turn-up", PICKS_STACK, {"who": seat}, card=text_of(card))]
        state.stacks.append([card])
        events = [Event(kind="turn-up", text=f"The deck card {text_of(card)} matches nothing and lies alone.")]
        return events + self._end_turn(state, seat)

    def _end_turn(self, state: MatchState, seat: int) -> list[Event]:
        """§13.6: two different stacks added to, or one now of 4+ cards, and every stack added
        to this turn is captured."""
        events: list[Event] = []
        added = sorted(state.added)
        if len(added) >= 2 or any(len(state.stacks[n]) >= CAPTURE_AT for n in added):
            taken = [card for n in added for card in state.stacks[n]]
            state.captures[seat] += taken
            state.stacks = [stack for n, stack in enumerate(state.stacks) if n not in added]
            names = ", ".join(text_of(card) for card in taken)
            events.append(say("capture", CAPTURES, {"who": seat}, n=len(taken), cards=names))
        state.added, state.phase = [], "hand"
        if any(state.hands):
            state.turn = (state.turn + 1) % state.players
            return events
        return events + self._end_hand(state)

    def _end_hand(self, state: MatchState) -> list[Event]:
        left = [card for stack in state.stacks for card in stack]
        state.captures[state.dealer] += left
        state.stacks = []
        events = [say("sweep", SWEEPS, {"who": state.dealer})]
        points = hand_points(state.captures, state.pair_bonus)
        state.last_points = points
        state.scores = [total + got for total, got in zip(state.scores, points, strict=True)]
        sheet = {f"got{seat}": got for seat, got in enumerate(points)}
        seats = {f"p{seat}": seat for seat in range(state.players)}
        events.append(say("score", HAND_POINTS[state.players], seats, None, **sheet))
        if state.hand_number >= state.players:
            state.over = True
            return events
        state.hand_number += 1
        state.dealer = (state.dealer + 1) % state.players
        events.append(self._deal(state))
        return events

    # ---- words ----------------------------------------------------------------

    def label(self, state: MatchState, seat: int, action: Action) -> str:
        if action.kind == "put":
            return f"Deck card onto stack {action.args[0]}"
        card = text_of(int(action.args[0]))
        if action.kind == "join":
            return f"{card} onto stack {action.args[1]}"
        return f"Lay {card} as a new stack"

    def why_illegal(self, state: MatchState, seat: int, action: Action) -> str:
        if state.phase == "deck":
            return "Put the turned-up deck card on a stack it matches."
        if action.kind == "lay":
            return "One of your cards matches a stack, so you must play a card onto a stack."
        return "That card does not match that stack: it must share a suit with every card of it."

    # ---- information ----------------------------------------------------------

    def view(self, state: MatchState, seat: int | None) -> MatchView:
        return MatchView(
            seat=seat,
            pair_bonus=state.pair_bonus,
            phase=state.phase,
            hand=tuple(sorted(state.hands[seat])) if seat is not None else None,
            hand_sizes=tuple(len(hand) for hand in state.hands),
            pile_size=len(state.pile),
            stacks=tuple(tuple(stack) for stack in state.stacks),
            added=tuple(state.added),
            turned=state.turned,
            captures=tuple(tuple(c) for c in state.captures),
            dealer=state.dealer,
            turn=state.turn,
            hand_number=state.hand_number,
            scores=tuple(state.scores),
            last_points=tuple(state.last_points),
            over=state.over,
        )

    def result(self, state: MatchState) -> Result | None:
        if not state.over:
            return None
        places = rank_places(state.scores)
        winners = [s for s, place in enumerate(places) if place == 1]
        line = say_winners("game-over", winners, WINS_WITH_POINTS, SHARE_WIN_WITH_POINTS, n=max(state.scores))
        return Result.worded(state.scores, places, line)

    def determinize(self, state: MatchState, seat: int, rng: random.Random) -> MatchState:
        """The deck and the other hands are dealt again from the cards `seat` has not seen."""
        copy = self.copy_state(state)
        candy_deck.redeal_hidden(copy.pile, copy.hands, seat, rng.shuffle)
        copy.seed = rng.getrandbits(63)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, MatchView)
        lines = [f"Hand {view.hand_number} · deck: {plural(view.pile_size, 'card')}"]
        for number, stack in enumerate(view.stacks, start=1):
            lines.append(f"Stack {number}: " + ", ".join(text_of(card) for card in stack))
        for other, size in enumerate(view.hand_sizes):
            lines.append(f"{{p{other}}}: {plural(view.scores[other], 'point')}, {plural(size, 'card')} in hand")
        if view.hand is not None:
            lines.append("Your hand: " + ", ".join(text_of(card) for card in view.hand))
        return "\n".join(lines)
