"""I Got a Rock: rules as pure functions over `RockState` (rulings §12).

Every hand the whole 53-card deck is dealt to the players still in and every pair of equal
rank is discarded at once. The offerer holds their cards out face down to the next player on
their left who still has cards; that player's only move is `take.N`: the card at position N of
the offered hand, whose order the rules shuffle (seeded) at that moment, so no real order of
the holder's can leak. Pairs go automatically; a player with no cards is safe for the hand; the
last player holding cards holds only The Rock and is out. The 2-player hand decides the game.
"""

from __future__ import annotations

import random
from typing import Final

from pydantic import BaseModel

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import NON_TREATS, THE_ROCK, card_of, text_of
from rules.contract import Action, AutoPlayOptions, Event, Game, Result, View, plural, say
from rules.games.i_got_a_rock.help import HELP_PAGES
from rules.games.i_got_a_rock.state import RockState, RockView
from rules.kit.words import for_reader, message

LAST_ONE_IN = message(
    "{who} wins: first with an empty hand in the last hand; everyone else was left holding The Rock once.",
    who="{who} win: first with an empty hand in the last hand; everyone else was left holding The Rock once.",
)
OFFERS = message("Hand {hand} · {who} offers · {pairs} down", who="Hand {hand} · {who} offer · {pairs} down")
SAFE = message("{who} has no cards left and is safe this hand.", who="{who} have no cards left and are safe this hand.")
LEFT_WITH_THE_ROCK = message(
    "{who} is left holding The Rock and is out.", who="{who} are left holding The Rock and are out."
)
EMPTIED = message(
    "{who} emptied their hand first and wins the game!", who="{who} emptied your hand first and win the game!"
)
DEALS = message(
    (
        "Hand {hand}: {who} deals all {cards} cards to {n} player.",
        "Hand {hand}: {who} deals all {cards} cards to {n} players.",
    ),
    who=(
        "Hand {hand}: {who} deal all {cards} cards to {n} player.",
        "Hand {hand}: {who} deal all {cards} cards to {n} players.",
    ),
)
DISCARDS_PAIRS = message(
    ("{who} discards {n} pair: {pairs}.", "{who} discards {n} pairs: {pairs}."),
    who=("{who} discard {n} pair: {pairs}.", "{who} discard {n} pairs: {pairs}."),
)
TAKES = message("{who} takes a card from {giver}.", who="{who} take a card from {giver}.")
TOOK = message("{who} took {card} from {giver}.")

#: The King Size and every Non-Treat but The Rock leave the deck: 53 cards, four of each rank
#: but 0, so every card but The Rock pairs off.
DECK: Final = tuple(card for card in candy_deck.select(king_size=False) if card not in NON_TREATS or card == THE_ROCK)
#: A hand never holds two cards of a rank (they pair off): at most 13 ranks and The Rock, one
#: more just after a take.
MOST_CARDS = 15
TAKE: Final = tuple(Action(kind="take", args=(n,)) for n in range(1, MOST_CARDS + 1))
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final = tuple(frozenset({seat}) for seat in range(10))


_RANKS: Final = {card: card_of(card).rank for card in DECK}


def rank(card: int) -> int:
    return _RANKS[card]


def pair_off(hand: list[int]) -> list[tuple[int, int]]:
    """Take every pair of equal rank out of `hand` (two pairs from four of a kind)."""
    waiting: dict[int, int] = {}
    pairs: list[tuple[int, int]] = []
    for card in hand:
        other = waiting.pop(rank(card), None)
        if other is None:
            waiting[rank(card)] = card
        else:
            pairs.append((other, card))
    if pairs:
        kept = set(waiting.values())
        hand[:] = [card for card in hand if card in kept]
    return pairs


class IGotARock(Game[RockState]):
    id = "i-got-a-rock"
    name = "I Got a Rock"
    min_players = 2
    max_players = 10
    Options = AutoPlayOptions
    state_type = RockState
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-cards"

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> RockState:
        state = RockState(
            players=players,
            seed=seed,
            out_in_hand=[None] * players,
            last_taken=[None] * players,
            last_given=[None] * players,
        )
        state.dealer = state.chance().randrange(players)
        state.log.extend(self._deal(state))
        return state

    def in_game(self, state: RockState) -> list[int]:
        return [seat for seat in range(state.players) if state.out_in_hand[seat] is None]

    def next_holding(self, state: RockState, seat: int) -> int | None:
        """The next player to the left of `seat` who still holds cards (None: nobody else)."""
        for step in range(1, state.players):
            other = (seat + step) % state.players
            if state.hands[other]:
                return other
        return None

    def first_holding(self, state: RockState, seat: int) -> int:
        """`seat` if they hold cards, else the next player on their left who does."""
        if state.hands[seat]:
            return seat
        following = self.next_holding(state, seat)
        return seat if following is None else following

    def _deal(self, state: RockState) -> list[Event]:
        """Deal the whole deck one card at a time from the dealer's left, among the players
        still in; everybody discards their pairs; the dealer offers first (§12.1-12.3)."""
        cards = list(DECK)
        state.chance().shuffle(cards)
        players = self.in_game(state)
        start = players.index(state.dealer) + 1
        order = players[start:] + players[:start]
        state.hands = [[] for _ in range(state.players)]
        state.pairs = []
        state.last_taken = [None] * state.players
        state.last_given = [None] * state.players
        for n, card in enumerate(cards):
            state.hands[order[n % len(order)]].append(card)
        events = [say("deal", DEALS, {"who": state.dealer}, hand=state.hand_number, cards=len(cards), n=len(players))]
        for seat in order:
            events += self._pair(state, seat)
        state.offerer = self.first_holding(state, state.dealer)
        return events + self._check_end(state)

    def _pair(self, state: RockState, seat: int) -> list[Event]:
        pairs = pair_off(state.hands[seat])
        events = []
        if pairs:
            for first, second in pairs:
                state.pairs += [first, second]
            shown = "; ".join(f"{text_of(a)} and {text_of(b)}" for a, b in pairs)
            events.append(say("pairs", DISCARDS_PAIRS, {"who": seat}, n=len(pairs), pairs=shown))
        if not state.hands[seat]:
            events.append(say("safe", SAFE, {"who": seat}))
        return events

    # ---- play ---------------------------------------------------------------

    def taker(self, state: RockState) -> int | None:
        if state.winner is not None:
            return None
        return self.next_holding(state, state.offerer)

    def to_act(self, state: RockState) -> frozenset[int]:
        taker = self.taker(state)
        return _NOBODY if taker is None else _ONLY[taker]

    def legal_actions(self, state: RockState, seat: int) -> list[Action]:
        if seat != self.taker(state):
            return []
        return list(TAKE[: len(state.hands[state.offerer])])

    def _apply(self, state: RockState, seat: int, action: Action) -> list[Event]:
        offerer = state.offerer
        offered = state.hands[offerer]
        # The offered hand is held out in an order of the rules' chance, never its owner's.
        state.chance().shuffle(offered)
        card = offered.pop(int(action.args[0]) - 1)
        state.hands[seat].append(card)
        state.last_taken[seat], state.last_given[offerer] = card, card
        events = [
            say("take", TAKES, {"who": seat, "giver": offerer}),
            say("took", TOOK, {"who": seat, "giver": offerer}, seats=(seat, offerer), card=text_of(card)),
        ]
        if not offered:
            events.append(say("safe", SAFE, {"who": offerer}))
        events += self._pair(state, seat)
        # The taker offers next; one who has just emptied their hand passes it on to their left.
        state.offerer = self.first_holding(state, seat)
        return events + self._check_end(state)

    def _check_end(self, state: RockState) -> list[Event]:
        """A hand ends when one player alone holds cards: The Rock, and only it (§12.7-12.8)."""
        holding = [seat for seat in range(state.players) if state.hands[seat]]
        if len(holding) > 1:
            return []
        loser = holding[0]
        state.out_in_hand[loser] = state.hand_number
        events = [say("rock", LEFT_WITH_THE_ROCK, {"who": loser})]
        left = self.in_game(state)
        if len(left) == 1:
            state.winner = left[0]
            events.append(say("win", EMPTIED, {"who": left[0]}))
            return events
        state.hand_number += 1
        # G1: the deal passes to the next player on the left who is still in.
        state.dealer = next((s for s in left if s > state.dealer), left[0])
        return events + self._deal(state)

    # ---- words ----------------------------------------------------------------

    def label(self, state: RockState, seat: int, action: Action) -> str:
        return f"Card {action.args[0]}"

    def why_illegal(self, state: RockState, seat: int, action: Action) -> str:
        count = len(state.hands[state.offerer])
        return f"Pick one of the {plural(count, 'face-down card')} offered: a number from 1 to {count}."

    # ---- information ----------------------------------------------------------

    def view(self, state: RockState, seat: int | None) -> RockView:
        return RockView(
            seat=seat,
            hand=tuple(sorted(state.hands[seat])) if seat is not None else None,
            hand_sizes=tuple(len(hand) for hand in state.hands),
            pairs=tuple(state.pairs),
            out_in_hand=tuple(state.out_in_hand),
            hand_number=state.hand_number,
            dealer=state.dealer,
            offerer=state.offerer,
            taker=self.taker(state),
            last_taken=state.last_taken[seat] if seat is not None else None,
            last_given=state.last_given[seat] if seat is not None else None,
            winner=state.winner,
        )

    def result(self, state: RockState) -> Result | None:
        if state.winner is None:
            return None
        lasted = [state.hand_number + 1 if out is None else out for out in state.out_in_hand]
        places = tuple(1 + sum(1 for other in lasted if other > mine) for mine in lasted)
        line = say("game-over", LAST_ONE_IN, {"who": state.winner})
        return Result.worded([lasted[seat] - 1 for seat in range(state.players)], places, line)

    def determinize(self, state: RockState, seat: int, rng: random.Random) -> RockState:
        """The other hands are dealt again from the cards `seat` cannot see, keeping their sizes
        and, since pairs always go at once, never two cards of a rank in one hand."""
        copy = self.copy_state(state)
        deal_unseen(copy, seat, rng)
        copy.seed = rng.getrandbits(63)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, RockView)
        pairs = plural(len(view.pairs) // 2, "pair")
        lines = [for_reader(OFFERS, {"who": view.offerer}, view.seat, {"hand": view.hand_number, "pairs": pairs})]
        for other, size in enumerate(view.hand_sizes):
            out = view.out_in_hand[other]
            state = f"out in hand {out}" if out is not None else plural(size, "card")
            lines.append(f"{{p{other}}}: {state}")
        if view.hand is not None:
            lines.append("Your hand: " + (", ".join(text_of(card) for card in view.hand) or "empty"))
        return "\n".join(lines)


def deal_unseen(state: RockState, seat: int, rng: random.Random) -> None:
    """Deal the cards of the other hands again, in place: same sizes, no two of a rank in one
    hand. A few random tries; the (rare) dead end keeps the hands as they are."""
    others = [other for other in range(state.players) if other != seat and state.hands[other]]
    pool = sorted(card for other in others for card in state.hands[other])
    for _ in range(20):
        dealt = _try_deal(pool, [len(state.hands[other]) for other in others], rng)
        if dealt is not None:
            for other, hand in zip(others, dealt, strict=True):
                state.hands[other] = hand
            return


def _try_deal(pool: list[int], sizes: list[int], rng: random.Random) -> list[list[int]] | None:
    cards = list(pool)
    rng.shuffle(cards)
    # The ranks with most copies first: they are the hardest to place.
    counts: dict[int, int] = {}
    for card in cards:
        counts[rank(card)] = counts.get(rank(card), 0) + 1
    cards.sort(key=lambda card: -counts[rank(card)])
    hands: list[list[int]] = [[] for _ in sizes]
    ranks: list[set[int]] = [set() for _ in sizes]
    for card in cards:
        room = [n for n, size in enumerate(sizes) if len(hands[n]) < size and rank(card) not in ranks[n]]
        if not room:
            return None
        weights = [sizes[n] - len(hands[n]) for n in room]
        pick = rng.choices(room, weights)[0]
        hands[pick].append(card)
        ranks[pick].add(rank(card))
    return hands
