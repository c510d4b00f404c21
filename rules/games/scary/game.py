"""Scary: a Mighty-like game for 5 players with the Best Candy deck (rulings §5).

A hand: 53 cards (no Pranks), 10 each and 3 face down to the stash. An auction in turn
order for a count of good candy (ranks 8-13) with a trump suit; the winner is the ghost,
takes the stash, lays 3 cards away and names a card whose holder is the secret friend. Ten
tricks; the King Size wins any trick, then the Vampire Teeth (unless the Candy Corn is in
the trick), then the highest trump, then the highest card of the named suit. The ghost's
side scores if its good candy reaches the bid, else each ghostbuster scores. After a hand in
which anyone has 31 or more, the most points win.

Moves: `bid.<count>.<suit>` and `pass`; `discard.<card>` (three times); `call.<card>`;
`play.<card>.<suit>` for a card that names the trick suit (a lead, or the first suited card
after a Non-Treat lead), `play.<card>` for any other card. Following and the order of the
auction come from rules/kit/tricks.py; the deck from rules/candy_kit/candy_deck.py.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from pydantic import BaseModel

from rules.candy_kit.candy_deck import CANDY_CORN, PRANKS, SUIT_TEXT, VAMPIRE_TEETH, select, without
from rules.candy_kit.candy_deck import CARD_TEXT as TEXT
from rules.candy_kit.candy_tricks import (
    card_named,
    deal_hands,
    first_deal,
    next_hand,
    play_problem,
    play_to_trick,
    plays_of,
    put_away,
)
from rules.candy_kit.cards import DECK, KING_SIZE, SUIT_SETS, SUITS, sort_key
from rules.contract import (
    SHARE_WIN_WITH_POINTS,
    WINS_WITH_POINTS,
    Action,
    AutoPlayOptions,
    Event,
    Game,
    Result,
    View,
    act,
    rank_places,
    say,
    say_winners,
)
from rules.games.scary.help import HELP_PAGES, render_view
from rules.games.scary.state import HandSheet, ScaryState, ScaryView
from rules.kit.tricks import Play, auction_over, can_follow, deal_respecting_voids, following, next_bidder, winning_play
from rules.kit.words import Msgid, message

BECOMES_GHOST = message(
    "{who} is the ghost: {count} good candy with {trump} as trump. {who} takes the stash and lays 3 cards away.",
    who="{who} are the ghost: {count} good candy with {trump} as trump. {who} take the stash and lay 3 cards away.",
)
LAID_AWAY = message(
    "{who} has laid 3 cards away and names a friend's card.",
    who="{who} have laid 3 cards away and name a friend's card.",
)
DEALS = message(
    "Hand {hand}: {who} deals 10 cards each and 3 face down to the stash; {first} bids first.",
    who="Hand {hand}: {who} deal 10 cards each and 3 face down to the stash; {first} bids first.",
    first="Hand {hand}: {who} deals 10 cards each and 3 face down to the stash; {first} bid first.",
)
PASSES = message("{who} passes.", who="{who} pass.")
BIDS = message(
    "{who} bids {count} good candy with {trump} as trump.", who="{who} bid {count} good candy with {trump} as trump."
)
FINDS = message("{who} finds {cards} in the stash.", who="{who} find {cards} in the stash.")
LAYS_AWAY = message("{who} lays away {card}.", who="{who} lay away {card}.")
CALLS = message(
    "{who} names {card}: whoever holds it is the ghost's secret friend. {who} leads.",
    who="{who} name {card}: whoever holds it is the ghost's secret friend. {who} lead.",
)
OWN_CARD = message(
    "That was the ghost's own card: {who} plays alone.", who="That was the ghost's own card: {who} play alone."
)
IS_FRIEND = message("{who} is the ghost's friend!", who="{who} are the ghost's friend!")
WAS_FRIEND = message(
    "{who} was the ghost's friend: the named card never came out.",
    who="{who} were the ghost's friend: the named card never came out.",
)


def _won(why: str) -> Msgid:
    """A trick's winner and why (`why`), with the good candy it holds (`n`)."""
    third = "{who} wins the trick with {card}" + why + "; {n} good candy."
    you = third.replace("{who} wins", "{who} win")
    return message((third, third), who=(you, you))


#: Why a trick was won: the King Size, the Vampire Teeth, the Candy Corn catching them, or the
#: highest trump or card of the trick suit (`caught`: the Candy Corn stopped the Vampire Teeth).
TRICK_WON = {
    "king-size": _won(", which beats everything"),
    "teeth": _won(", which beat all but the King Size"),
    "corn": _won(", which caught the Vampire Teeth"),
    "trump": _won(", the highest {suit} (trump)"),
    "trump-caught": _won(", the highest {suit} (trump) (the Candy Corn stopped the Vampire Teeth)"),
    "suit": _won(", the highest {suit}"),
    "suit-caught": _won(", the highest {suit} (the Candy Corn stopped the Vampire Teeth)"),
}
#: A hand's end: the ghost (`who`) alone or with the friend, made or not.
MADE_ALONE = message("{who} took {good} good candy of {bid} bid: made! {who} +{gain}.")
MADE = message("{who} and {friend} took {good} good candy of {bid} bid: made! {who} +{gain}, {friend} +{friend_gain}.")
MISSED_ALONE = message("{who} took {good} good candy of {bid} bid: the ghostbusters score +{gain} each.")
MISSED = message("{who} and {friend} took {good} good candy of {bid} bid: the ghostbusters score +{gain} each.")

PLAYERS = 5
TRICKS = 10
HAND_SIZE = 10
STASH_SIZE = 3
#: The 53 cards: the whole main deck less the four Pranks.
DECK_CARDS: tuple[int, ...] = without(select(), PRANKS)
#: Good candy: ranks 8-12 of the four colours and the King Size (21 cards).
GOOD_RANK = 8
GOOD: frozenset[int] = frozenset(c for c in DECK_CARDS if DECK[c].rank >= GOOD_RANK)
LOWEST_BID = 11
HIGHEST_BID = len(GOOD)
#: Halloween may never be trump.
TRUMP_SUITS: tuple[str, ...] = tuple(s for s in SUITS if s != "halloween")
GHOST_POINTS = 13
FRIEND_POINTS = 10
BUSTER_POINTS = 8
TARGET = 31
#: Tricks (0-based) in which the Vampire Teeth may be played; the last of them forces them out.
TEETH_TRICKS = range(1, TRICKS - 1)
TEETH_LAST = TRICKS - 2
#: The pseudo-suit a seat is void in when it cannot hold the Vampire Teeth (for a search's guesses).
TEETH = "teeth"

RANK: tuple[int, ...] = tuple(card.rank for card in DECK)
IS_NON_TREAT: tuple[bool, ...] = tuple(card.is_non_treat for card in DECK)
#: Cards that may be played whatever the trick suit: the Non-Treats and the King Size.
IS_FREE: tuple[bool, ...] = tuple(card.is_non_treat or card.is_king_size for card in DECK)

_BID: dict[tuple[int, str], Action] = {
    (n, s): act("bid", n, s) for n in range(LOWEST_BID, HIGHEST_BID + 1) for s in TRUMP_SUITS
}
_PASS = act("pass")
#: Every legal auction move once the lowest bid allowed is known: pass first, then by count and suit.
_BIDS_FROM: dict[int, tuple[Action, ...]] = {
    low: (_PASS, *(_BID[n, s] for n in range(low, HIGHEST_BID + 1) for s in TRUMP_SUITS))
    for low in range(LOWEST_BID, HIGHEST_BID + 2)
}
_DISCARD: tuple[Action, ...] = tuple(act("discard", c.id) for c in DECK)
_CALL: tuple[Action, ...] = tuple(act("call", c.id) for c in DECK)
_NOBODY: frozenset[int] = frozenset()
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(PLAYERS))


def suits_for_guess(card: int) -> frozenset[str]:
    """A card's suits, the Vampire Teeth also carrying the pseudo-suit a seat can be void in."""
    return SUIT_SETS[card] | {TEETH} if card == VAMPIRE_TEETH else SUIT_SETS[card]


def trick_winner(cards: Sequence[int], trick_suit: str | None, trump: str | None) -> int:
    """Index of the card that wins a trick (ruling 5.13): the King Size outright; else the
    Vampire Teeth unless the Candy Corn is in the trick (then the teeth cannot win at all);
    else the highest trump; else the highest card of the named suit, earlier on equal ranks.
    When the teeth named the suit and nothing else counts, the Candy Corn that caught them wins."""
    if KING_SIZE in cards:
        return list(cards).index(KING_SIZE)
    caught = CANDY_CORN in cards
    if VAMPIRE_TEETH in cards and not caught:
        return list(cards).index(VAMPIRE_TEETH)
    plays = [
        Play(seat=k, suits=frozenset() if c == VAMPIRE_TEETH else SUIT_SETS[c], rank=RANK[c])
        for k, c in enumerate(cards)
    ]
    if not any(p.is_trump(trump) or p.counts_as(trick_suit) for p in plays):
        return list(cards).index(CANDY_CORN)
    return winning_play(plays, trick_suit, trump)


def called_text(card: int) -> str:
    """A named card as the ghost names it, colour and rank first: "green 9 (Candy/Sour)"."""
    printed = DECK[card]
    if printed.suits:
        what = "/".join(SUIT_TEXT[s] for s in printed.suits)
    elif printed.is_non_treat:
        what = f"Non-Treat: {printed.name}"
    else:
        what = "King Size"
    return f"{printed.colour} {printed.rank} ({what})"


def good_count(cards: Sequence[int]) -> int:
    return sum(1 for c in cards if c in GOOD)


class Scary(Game[ScaryState]):
    id = "scary"
    name = "Scary"
    min_players = PLAYERS
    max_players = PLAYERS
    Options = AutoPlayOptions
    state_type = ScaryState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-tricks"

    # ---- set-up -----------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> ScaryState:
        state = ScaryState(players=players, seed=seed, scores=[0] * players)
        return first_deal(state, self._deal)

    def _deal(self, state: ScaryState) -> list[Event]:
        state.stash = sorted(deal_hands(state, DECK_CARDS, HAND_SIZE), key=sort_key)
        state.from_stash = []
        state.bid_counts = [None] * PLAYERS
        state.bid_suits = [None] * PLAYERS
        state.passed = [False] * PLAYERS
        state.high_bidder = state.ghost = state.trump = state.called = state.friend = None
        state.contract = 0
        state.discards = []
        state.revealed = False
        state.trick_number = 0
        state.trick = []
        state.trick_suit = None
        state.taken = [[] for _ in range(PLAYERS)]
        state.voids = [[] for _ in range(PLAYERS)]
        state.phase = "bid"
        state.turn = (state.dealer + 1) % PLAYERS
        return [say("deal", DEALS, {"who": state.dealer, "first": state.turn}, hand=state.hand_number)]

    # ---- play ---------------------------------------------------------------------

    def to_act(self, state: ScaryState) -> frozenset[int]:
        return _NOBODY if state.phase == "over" else _ONLY[state.turn]

    def legal_actions(self, state: ScaryState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.turn:
            return []
        if state.phase == "bid":
            return list(_BIDS_FROM[self._lowest_bid(state)])
        if state.phase == "discard":
            return [_DISCARD[c] for c in state.hands[seat]]
        if state.phase == "call":
            return [_CALL[c] for c in DECK_CARDS]
        return [a for card in self._playable(state, seat) for a in plays_of(card, self._names(state, card))]

    def _playable(self, state: ScaryState, seat: int) -> list[int]:
        hand = state.hands[seat]
        number = state.trick_number
        teeth = VAMPIRE_TEETH in hand and number in TEETH_TRICKS
        # Ruling 5.11: the teeth must come out at trick 9, or once the Candy Corn is in the trick.
        if teeth and (number == TEETH_LAST or CANDY_CORN in state.trick):
            return [VAMPIRE_TEETH]
        trump = state.trump
        others = [c for c in hand if c != VAMPIRE_TEETH]
        if not state.trick and number == 0:
            # Ruling 5.7: the ghost's first lead carries no trump and is not the King Size.
            cards = [c for c in others if trump not in SUIT_SETS[c] and c != KING_SIZE] or others
        elif not state.trick or state.trick_suit is None:
            cards = others
        else:
            suits = [SUIT_SETS[c] for c in others]
            cards = [others[i] for i in following(suits, state.trick_suit, [IS_FREE[c] for c in others])]
        if state.trick and number == 0:
            cards = self._first_trick_ban(cards, state.trick_suit, trump)
        if teeth:
            cards.append(VAMPIRE_TEETH)
        chosen = set(cards)
        return [c for c in hand if c in chosen] or list(hand)

    @staticmethod
    def _first_trick_ban(cards: list[int], trick_suit: str | None, trump: str | None) -> list[int]:
        """Ruling 5.10: no card carrying trump in trick 1, unless such cards are the only way to
        follow, or the player has nothing else it may play."""
        clean = [c for c in cards if trump not in SUIT_SETS[c]]
        if trick_suit is not None:
            followers = [c for c in cards if trick_suit in SUIT_SETS[c]]
            if followers and not any(trump not in SUIT_SETS[c] for c in followers):
                return cards
        return clean or cards

    def _names(self, state: ScaryState, card: int) -> tuple[str, ...]:
        """The suits this card may name (ruling 5.8): none once a trick suit exists or for a
        Non-Treat; any of the ten for the King Size; trump for a card carrying it from trick 2
        on (G3); else one of its own suits."""
        if state.trick_suit is not None or IS_NON_TREAT[card]:
            return ()
        if card == KING_SIZE:
            return SUITS
        trump = state.trump
        if state.trick_number > 0 and trump is not None and trump in SUIT_SETS[card]:
            return (trump,)
        return DECK[card].suits

    def why_illegal(self, state: ScaryState, seat: int, action: Action) -> str:
        return self._problem(state, seat, action) or super().why_illegal(state, seat, action)

    def _problem(self, state: ScaryState, seat: int, action: Action) -> str | None:
        args = action.args
        card = card_named(args)
        if action.kind in ("bid", "pass"):
            if state.phase != "bid":
                return "The bidding is over for this hand."
            if action.kind == "pass":
                return "Passing takes no number or suit." if args else None
            return self._bid_problem(state, args)
        if action.kind == "discard":
            if state.phase != "discard":
                return "Only the ghost lays cards away, right after taking the stash."
            if card is None or len(args) != 1 or card not in state.hands[seat]:
                return "Lay away one of the cards in your hand."
            return None
        if action.kind == "call":
            if state.phase != "call":
                return "The ghost names the friend's card after laying 3 cards away."
            if card is None or len(args) != 1 or card not in DECK_CARDS:
                return "Name one card of the deck: its holder becomes your friend."
            return None
        if action.kind != "play":
            return f"There is no such move in {self.name}: bid, pass, lay away, name a card or play a card."
        if state.phase != "play":
            return "No cards are played before the bidding, the stash and the friend's card are settled."
        return play_problem(
            state.hands[seat],
            args,
            lambda card: self._names(state, card),
            lambda card: None if card in self._playable(state, seat) else self._why_not_card(state, seat, card),
        )

    @staticmethod
    def _lowest_bid(state: ScaryState) -> int:
        """The smallest count a bid may name now: 11 to open, else one more than the high bid."""
        high = state.high_bidder
        return LOWEST_BID if high is None else (state.bid_counts[high] or 0) + 1

    def _bid_problem(self, state: ScaryState, args: tuple[int | str, ...]) -> str | None:
        if len(args) != 2 or not isinstance(args[0], int) or args[1] not in SUITS:
            return "Bid a number of good candy and a trump suit."
        if args[1] not in TRUMP_SUITS:
            return "Halloween cannot be trump: name another suit."
        low = self._lowest_bid(state)
        if low > HIGHEST_BID:
            return f"Nobody can bid more than {HIGHEST_BID}: pass."
        if not low <= args[0] <= HIGHEST_BID:
            return f"Bid from {low} to {HIGHEST_BID} good candy, or pass."
        return None

    def _why_not_card(self, state: ScaryState, seat: int, card: int) -> str:
        number = state.trick_number
        hand = state.hands[seat]
        if card == VAMPIRE_TEETH:
            return "The Vampire Teeth may not be played in the first or the last trick."
        if VAMPIRE_TEETH in hand and number in TEETH_TRICKS:
            if number == TEETH_LAST:
                return "This is the ninth trick: the Vampire Teeth must be played now."
            return "The Candy Corn is in this trick: the Vampire Teeth must be played."
        if not state.trick and number == 0:
            return "The first lead may not carry trump, and may not be the King Size."
        if number == 0 and state.trump is not None and state.trump in SUIT_SETS[card]:
            return "No trump in the first trick while you can play something else."
        assert state.trick_suit is not None
        suit = SUIT_TEXT[state.trick_suit]
        if can_follow([SUIT_SETS[c] for c in hand], state.trick_suit):
            return f"You hold {suit}: follow {suit} (or play a Non-Treat or the King Size)."
        return "That card may not be played now."

    def _apply(self, state: ScaryState, seat: int, action: Action) -> list[Event]:
        if action.kind == "pass":
            return self._pass(state, seat)
        if action.kind == "bid":
            return self._bid(state, seat, int(action.args[0]), str(action.args[1]))
        card = int(action.args[0])
        if action.kind == "discard":
            return self._discard(state, seat, card)
        if action.kind == "call":
            return self._call(state, seat, card)
        named = str(action.args[1]) if len(action.args) == 2 else None
        return self._play(state, seat, card, named)

    def _pass(self, state: ScaryState, seat: int) -> list[Event]:
        state.passed[seat] = True
        events = [say("pass", PASSES, {"who": seat})]
        return events + self._next_bidder(state, seat)

    def _bid(self, state: ScaryState, seat: int, count: int, suit: str) -> list[Event]:
        state.bid_counts[seat] = count
        state.bid_suits[seat] = suit
        state.high_bidder = seat
        events = [say("bid", BIDS, {"who": seat}, count=count, trump=SUIT_TEXT[suit])]
        return events + self._next_bidder(state, seat)

    def _next_bidder(self, state: ScaryState, seat: int) -> list[Event]:
        if not auction_over(state.passed, state.high_bidder):
            state.turn = next_bidder(seat, PLAYERS, state.passed)
            return []
        ghost = state.high_bidder
        if ghost is None:
            # Ruling 5.3: nobody bid; the next dealer deals again and nobody scores.
            events = [Event(kind="no-bid", text="Everyone passed: the cards are dealt again.")]
            state.hand_number += 1
            state.dealer = (state.dealer + 1) % PLAYERS
            return events + self._deal(state)
        count, suit = state.bid_counts[ghost], state.bid_suits[ghost]
        assert count is not None
        assert suit is not None
        state.ghost, state.contract, state.trump = ghost, count, suit
        state.from_stash = list(state.stash)
        state.hands[ghost] = sorted(state.hands[ghost] + state.stash, key=sort_key)
        state.stash = []
        state.phase = "discard"
        state.turn = ghost
        seen = ", ".join(TEXT[c] for c in state.from_stash)
        return [
            say("ghost", BECOMES_GHOST, {"who": ghost}, count=count, trump=SUIT_TEXT[suit]),
            say("stash", FINDS, {"who": ghost}, seats=(ghost,), cards=seen),
        ]

    def _discard(self, state: ScaryState, seat: int, card: int) -> list[Event]:
        state.hands[seat].remove(card)
        state.discards.append(card)
        events = [say("discard", LAYS_AWAY, {"who": seat}, seats=(seat,), card=TEXT[card])]
        if len(state.discards) == STASH_SIZE:
            state.phase = "call"
            events.append(say("laid-away", LAID_AWAY, {"who": seat}))
        return events

    def _call(self, state: ScaryState, seat: int, card: int) -> list[Event]:
        state.called = card
        holder = next((s for s in range(PLAYERS) if card in state.hands[s]), seat)
        state.friend = holder
        state.phase = "play"
        state.leader = state.turn = seat
        return [say("call", CALLS, {"who": seat}, card=called_text(card))]

    def _play(self, state: ScaryState, seat: int, card: int, named: str | None) -> list[Event]:
        before = state.trick_suit
        free = IS_FREE[card] or card == VAMPIRE_TEETH
        if before is not None and not free and before not in SUIT_SETS[card] and before not in state.voids[seat]:
            state.voids[seat].append(before)
        if card != VAMPIRE_TEETH:
            self._no_teeth_shown(state, seat)
        events = [play_to_trick(state, seat, card, named)]
        if card == state.called and not state.revealed:
            state.revealed = True
            if state.friend == state.ghost:
                events.append(say("friend", OWN_CARD, {"who": seat}))
            else:
                events.append(say("friend", IS_FRIEND, {"who": seat}))
        if len(state.trick) == PLAYERS:
            events.extend(self._close_trick(state))
        else:
            state.turn = (seat + 1) % PLAYERS
        return events

    @staticmethod
    def _no_teeth_shown(state: ScaryState, seat: int) -> None:
        """A seat that had to play the Vampire Teeth now and did not cannot hold them."""
        number = state.trick_number
        forced = number in TEETH_TRICKS and (number == TEETH_LAST or CANDY_CORN in state.trick)
        if forced and TEETH not in state.voids[seat]:
            state.voids[seat].append(TEETH)

    def _close_trick(self, state: ScaryState) -> list[Event]:
        leader, suit = state.leader, state.trick_suit
        index = trick_winner(state.trick, suit, state.trump)
        winner = (leader + index) % PLAYERS
        best = state.trick[index]
        state.taken[winner].extend(state.trick)
        good = good_count(state.trick)
        why, said = self._why(state, best)
        events = [say("trick", TRICK_WON[why], {"who": winner}, None, card=TEXT[best], n=good, **said)]
        put_away(state, winner)
        state.trick_number += 1
        if state.trick_number == TEETH_LAST + 1:
            for voids in state.voids:
                if TEETH not in voids:
                    voids.append(TEETH)
        if state.trick_number == TRICKS:
            events.extend(self._score_hand(state))
        else:
            state.leader = state.turn = winner
        return events

    def _why(self, state: ScaryState, best: int) -> tuple[str, dict[str, str]]:
        """Why `best` won the trick: a key of `TRICK_WON`, and the suit it names."""
        cards, suit, trump = state.trick, state.trick_suit, state.trump
        if best == KING_SIZE:
            return "king-size", {}
        if best == VAMPIRE_TEETH:
            return "teeth", {}
        if (
            best == CANDY_CORN
            and VAMPIRE_TEETH in cards
            and not ((trump is not None and trump in SUIT_SETS[best]) or (suit is not None and suit in SUIT_SETS[best]))
        ):
            return "corn", {}
        caught = "-caught" if VAMPIRE_TEETH in cards else ""
        if trump is not None and trump in SUIT_SETS[best] and suit != trump:
            return "trump" + caught, {"suit": SUIT_TEXT[trump]}
        assert suit is not None
        return "suit" + caught, {"suit": SUIT_TEXT[suit]}

    def _score_hand(self, state: ScaryState) -> list[Event]:
        ghost, friend = state.ghost, state.friend
        assert ghost is not None
        assert friend is not None
        assert state.trump is not None
        side = {ghost, friend}
        good = sum(good_count(state.taken[s]) for s in side)
        made = good >= state.contract
        gains = [0] * PLAYERS
        if made:
            gains[ghost] = GHOST_POINTS
            if friend != ghost:
                gains[friend] = FRIEND_POINTS
        else:
            for s in range(PLAYERS):
                if s not in side:
                    gains[s] = BUSTER_POINTS
        for s in range(PLAYERS):
            state.scores[s] += gains[s]
        alone = friend == ghost
        events: list[Event] = []
        if not state.revealed:
            state.revealed = True
            if alone:
                events.append(Event(kind="friend", text="The ghost played alone: the named card never came out."))
            else:
                events.append(say("friend", WAS_FRIEND, {"who": friend}))
        state.last_hand = HandSheet(
            ghost=ghost,
            friend=None if alone else friend,
            bid=state.contract,
            trump=state.trump,
            good=good,
            made=made,
            gains=tuple(gains),
        )
        roles = {"who": ghost} if alone else {"who": ghost, "friend": friend}
        if made:
            text = MADE_ALONE if alone else MADE
            events.append(
                say("hand", text, roles, good=good, bid=state.contract, gain=GHOST_POINTS, friend_gain=FRIEND_POINTS)
            )
        else:
            text = MISSED_ALONE if alone else MISSED
            events.append(say("hand", text, roles, good=good, bid=state.contract, gain=BUSTER_POINTS))
        return events + next_hand(self, state, max(state.scores) >= TARGET, self._deal, said_over=self._over)

    def _over(self, state: ScaryState) -> Event:
        best = max(state.scores)
        return say_winners(
            "game-over",
            [s for s in range(PLAYERS) if state.scores[s] == best],
            WINS_WITH_POINTS,
            SHARE_WIN_WITH_POINTS,
            n=best,
        )

    # ---- information ------------------------------------------------------------------

    def choice_key(self, state: ScaryState, seat: int, action: Action) -> tuple[int | str, ...] | None:
        # Naming a card from the whole deck: first its colour, then the card.
        if action.kind == "call":
            return ("call", DECK[int(action.args[0])].colour)
        return super().choice_key(state, seat, action)

    def label(self, state: ScaryState, seat: int, action: Action) -> str:
        if action.kind == "pass":
            return "Pass"
        if action.kind == "bid":
            return f"Bid {action.args[0]} with {SUIT_TEXT[str(action.args[1])]} as trump"
        card = int(action.args[0])
        if action.kind == "discard":
            return f"Lay away {TEXT[card]}"
        if action.kind == "call":
            return f"Name {called_text(card)}"
        if len(action.args) == 2:
            return f"Play {TEXT[card]} as {SUIT_TEXT[str(action.args[1])]}"
        return f"Play {TEXT[card]}"

    def friend_seen_by(self, state: ScaryState, seat: int | None) -> int | None:
        """The friend as `seat` may know it: everyone once revealed; the friend itself (it holds
        the card); the ghost only when the card was its own (it then plays alone)."""
        if state.friend is None:
            return None
        if state.revealed:
            return state.friend
        if seat is not None and (seat == state.friend != state.ghost):
            return state.friend
        if seat is not None and seat == state.ghost == state.friend:
            return state.friend
        return None

    def view(self, state: ScaryState, seat: int | None) -> ScaryView:
        ghost_self = seat is not None and seat == state.ghost
        return ScaryView(
            seat=seat,
            players=PLAYERS,
            phase=state.phase,
            hand_number=state.hand_number,
            dealer=state.dealer,
            scores=tuple(state.scores),
            hand_sizes=tuple(len(h) for h in state.hands),
            stash_size=len(state.stash),
            bid_counts=tuple(state.bid_counts),
            bid_suits=tuple(state.bid_suits),
            passed=tuple(state.passed),
            high_bidder=state.high_bidder,
            ghost=state.ghost,
            trump=state.trump,
            contract=state.contract,
            called=state.called,
            friend=self.friend_seen_by(state, seat),
            revealed=state.revealed,
            trick_number=state.trick_number,
            leader=state.leader,
            turn=None if state.phase == "over" else state.turn,
            trick=tuple(state.trick),
            trick_suit=state.trick_suit,
            good_taken=tuple(good_count(t) for t in state.taken),
            last_trick=tuple(state.last_trick),
            last_leader=state.last_leader,
            last_winner=state.last_winner,
            last_suit=state.last_suit,
            last_hand=state.last_hand,
            my_hand=None if seat is None else tuple(state.hands[seat]),
            my_stash=tuple(state.from_stash) if ghost_self else (),
            my_discards=tuple(state.discards) if ghost_self else (),
        )

    def result(self, state: ScaryState) -> Result | None:
        if state.phase != "over":
            return None
        return Result.worded(state.scores, rank_places(state.scores), self._over(state))

    def hidden_from(self, state: ScaryState, seat: int) -> dict[int, list[int]]:
        """What `seat` cannot see, by where it lies: the other hands (keys 0-4), the stash
        (key 5) and, unless `seat` is the ghost, the cards laid away (key 6)."""
        hidden = {s: list(state.hands[s]) for s in range(PLAYERS) if s != seat}
        hidden[PLAYERS] = list(state.stash)
        hidden[PLAYERS + 1] = [] if seat == state.ghost else list(state.discards)
        return hidden

    def determinize(self, state: ScaryState, seat: int, rng: random.Random) -> ScaryState:
        """Every card `seat` cannot see is dealt again among the places it may be, keeping each
        place's size and no suit a seat has shown it lacks; the friend is whoever now holds the
        named card (unless everyone already knows)."""
        copy = self.copy_state(state)
        hidden = self.hidden_from(state, seat)
        pool = [c for cards in hidden.values() for c in cards]
        sizes = {place: len(cards) for place, cards in hidden.items()}
        voids = {place: state.voids[place] if place < PLAYERS else [] for place in hidden}
        dealt = deal_respecting_voids(pool, sizes, voids, suits_for_guess, rng)
        if dealt is not None:
            for place, cards in dealt.items():
                if place < PLAYERS:
                    copy.hands[place] = sorted(cards, key=sort_key)
            copy.stash = sorted(dealt[PLAYERS], key=sort_key)
            if seat != state.ghost:
                copy.discards = dealt[PLAYERS + 1]
            if state.called is not None and not state.revealed and state.ghost is not None:
                copy.friend = next((s for s in range(PLAYERS) if state.called in copy.hands[s]), state.ghost)
        if seat != state.ghost:
            copy.from_stash = []
        copy.log = [event for event in copy.log if event.visible_to(seat)]
        copy.seed = rng.randrange(2**62)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, ScaryView)
        return render_view(view)
