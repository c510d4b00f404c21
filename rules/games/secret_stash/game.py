"""Secret Stash: a Skat-like game for three players with the Best Candy deck (rulings §6).

A hand: the 33 cards of ranks 5-12 and the King Size, ten to each player and three face
down to the stash. An auction from the dealer's left settles who declares: a bid is a
number of tricks, a nil bid (first turn only) promises none and ends the auction. The
declarer plays without looking at the stash or looks and lays three of their thirteen
cards back, then declares a trump suit, Grand (only the King Size and the 12s are trump)
or No-trump, and leads. Everyone scores the hand's value times the multipliers they
earned. Three hands, each player deals once; the highest total wins.

Moves: `pass`, `bid.<n>`, `nil`; `look`, `no-look`; `lay.<card>` and `take-back.<card>`;
`declare.<suit|grand|notrump>`; `play.<card>.<suit|trump>` to lead, `play.<card>` to follow.
Following and the winner come from the shared core (rules/kit/tricks.py).
"""

from __future__ import annotations

import random

from pydantic import BaseModel

from rules.candy_kit.candy_deck import CARD_TEXT as TEXT
from rules.candy_kit.candy_deck import SUIT_TEXT, card_at, select
from rules.candy_kit.candy_tricks import (
    PLAY,
    card_named,
    deal_hands,
    first_deal,
    next_hand,
    play_to_trick,
    put_away,
    trick_won,
)
from rules.candy_kit.cards import DECK, KING_SIZE, SUITS, sort_key
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
    plural,
    rank_places,
    say,
    say_winners,
)
from rules.games.secret_stash.help import HELP_PAGES, render_view
from rules.games.secret_stash.state import HANDS, PLAYERS, STASH, TRICKS, HandSheet, StashState, StashView
from rules.kit.tricks import Play, auction_over, can_follow, deal_respecting_voids, following, next_bidder, winning_play
from rules.kit.words import message

WON_AUCTION = message(
    ("{who} wins the auction with 1 trick and declares.", "{who} wins the auction with {n} tricks and declares."),
    who=("{who} win the auction with 1 trick and declare.", "{who} win the auction with {n} tricks and declare."),
)
DEALS = message(
    "Hand {hand} of {hands}: {who} deals 10 cards each and 3 face down to the stash; {first} bids first.",
    who="Hand {hand} of {hands}: {who} deal 10 cards each and 3 face down to the stash; {first} bids first.",
    first="Hand {hand} of {hands}: {who} deals 10 cards each and 3 face down to the stash; {first} bid first.",
)
LOOKS = message("{who} looks at the stash.", who="{who} look at the stash.")
BLIND = message("{who} plays without looking at the stash.", who="{who} play without looking at the stash.")
LAYS = message("{who} lays 3 cards face down in the stash.", who="{who} lay 3 cards face down in the stash.")
BIDS_NIL = message(
    "{who} bids nil: no tricks at all. The auction is over; {who} declares No-trump.",
    who="{who} bid nil: no tricks at all. The auction is over; {who} declare No-trump.",
)
PASSES = message("{who} passes.", who="{who} pass.")
BIDS = message(
    ("{who} bids {n} trick.", "{who} bids {n} tricks."), who=("{who} bid {n} trick.", "{who} bid {n} tricks.")
)
DEALS_AGAIN = message("Everyone passes: {who} deals again.", who="Everyone passes: {who} deal again.")
DECLARES = message(
    "{who} declares {contract}: each multiplier is worth {value}.",
    who="{who} declare {contract}: each multiplier is worth {value}.",
)
#: One seat's hand score, with its total (`score`): a nil made or lost, a declarer short of the
#: bid, or the game value times the multiplier.
NIL_MADE = message(
    "{who} (no trick: nil made) scores {points}, now {score}.",
    who="{who} (no trick: nil made) score {points}, now {score}.",
)
NIL_LOST = message(
    "{who} (took a trick: nil lost) scores {points}, now {score}.",
    who="{who} (took a trick: nil lost) score {points}, now {score}.",
)
FELL_SHORT = message(
    "{who} fell short of the bid, scoring 0, now {score}.",
)
SCORES = message(
    "{who} scores {value} × {multiplier} = {points}, now {score}.",
    who="{who} score {value} × {multiplier} = {points}, now {score}.",
)

#: The 33 cards: ranks 5 to 12 of the four colours, and the King Size.
DECK_CARDS: tuple[int, ...] = select(ranks=range(5, 13))
TRUMP = "trump"
GRAND = "grand"
NOTRUMP = "notrump"
CONTRACTS: tuple[str, ...] = (*SUITS, GRAND, NOTRUMP)
#: What a hand is worth per multiplier (ruling 6.10).
VALUES: dict[str, int] = {
    GRAND: 13,
    "coconut": 12,
    "marshmallow": 12,
    "gummy": 11,
    "sour": 11,
    "halloween": 10,
    "nuts": 10,
    "fruit": 9,
    "caramel": 9,
    "chocolate": 8,
    "candy": 8,
    NOTRUMP: 7,
}
NIL_POINTS = 130
NO_KING_SIZE = 3
MOST_TRICKS = 3
TIED_MOST = 1
NO_LOOK = 1
BID_MADE = 2
#: The top trumps, highest first (ruling 6.6): they rank above every other trump.
TOP_TRUMPS: tuple[int, ...] = (
    KING_SIZE,
    card_at("orange", 12),
    card_at("green", 12),
    card_at("purple", 12),
    card_at("black", 12),
)
TWELVES = frozenset(TOP_TRUMPS[1:])
TOP_TAKEN = frozenset(TOP_TRUMPS)


def _suits_in(card: int, contract: str) -> frozenset[str]:
    """The suits a card counts as under a contract (rulings 6.7-6.8): in suit and Grand hands
    the King Size and the 12s are trump only; a card carrying the trump suit is trump and
    still follows its other suits; in No-trump every card keeps its printed suits."""
    printed = frozenset(DECK[card].suits)
    if contract == NOTRUMP:
        return printed
    if card in TOP_TAKEN:
        return frozenset((TRUMP,))
    if contract in printed:
        return (printed - {contract}) | {TRUMP}
    return printed


def _power(card: int, contract: str) -> int:
    """A card's rank in a trick: the top trumps above everything, then the printed rank."""
    if contract != NOTRUMP and card in TOP_TAKEN:
        return 100 + len(TOP_TRUMPS) - TOP_TRUMPS.index(card)
    return DECK[card].rank


#: Worked out once per contract: each card's suits and rank in a trick.
SUITS_IN: dict[str, tuple[frozenset[str], ...]] = {
    k: tuple(_suits_in(c.id, k) if c.id in DECK_CARDS else frozenset() for c in DECK) for k in CONTRACTS
}
POWER: dict[str, tuple[int, ...]] = {k: tuple(_power(c.id, k) for c in DECK) for k in CONTRACTS}


def names(card: int, contract: str) -> tuple[str, ...]:
    """What a led card may name as the trick suit: trump for a trump card (G3), any suit for
    the King Size in No-trump (G6), else one of its printed suits."""
    suits = SUITS_IN[contract][card]
    if TRUMP in suits:
        return (TRUMP,)
    if contract == NOTRUMP and card == KING_SIZE:
        return SUITS
    return DECK[card].suits


def contract_text(contract: str) -> str:
    if contract == GRAND:
        return "Grand"
    if contract == NOTRUMP:
        return "No-trump"
    return f"{SUIT_TEXT[contract]} trump"


def suit_word(suit: str) -> str:
    return "trump" if suit == TRUMP else SUIT_TEXT[suit]


_BID: tuple[Action, ...] = tuple(act("bid", n) for n in range(TRICKS + 1))
_PASS = act("pass")
_NIL = act("nil")
_LOOK = act("look")
_NO_LOOK = act("no-look")
_LAY: tuple[Action, ...] = tuple(act("lay", c.id) for c in DECK)
_TAKE_BACK: tuple[Action, ...] = tuple(act("take-back", c.id) for c in DECK)
_DECLARE: dict[str, Action] = {k: act("declare", k) for k in CONTRACTS}
#: A lead names one of the ten suits, or trump (a suit of this game's own).
_PLAY_AS: tuple[dict[str, Action], ...] = tuple({s: act("play", c.id, s) for s in (*SUITS, TRUMP)} for c in DECK)
_NOBODY: frozenset[int] = frozenset()
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(PLAYERS))


def left_of(seat: int) -> int:
    return (seat + 1) % PLAYERS


def seats_from(leader: int, count: int) -> list[int]:
    return [(leader + i) % PLAYERS for i in range(count)]


def trick_winner(cards: list[int] | tuple[int, ...], leader: int, suit: str, contract: str) -> int:
    """The index in `cards` of the card that takes the trick (ruling 6.9)."""
    suits, power = SUITS_IN[contract], POWER[contract]
    plays = [
        Play(seat=s, suits=suits[c], rank=power[c], always_trick_suit=contract == NOTRUMP and c == KING_SIZE)
        for s, c in zip(seats_from(leader, len(cards)), cards, strict=True)
    ]
    return winning_play(plays, suit, None if contract == NOTRUMP else TRUMP)


def score_hand(
    declarer: int, bid: int, looked: bool, contract: str, tricks: list[int], won: list[list[int]]
) -> list[HandSheet]:
    """Every seat's multipliers and points for a hand (rulings 6.11-6.13)."""
    value = VALUES[contract]
    most = max(tricks)
    leaders = [s for s in range(PLAYERS) if tricks[s] == most]
    sheets = []
    for seat in range(PLAYERS):
        taken = won[seat]
        no_king = 0 if KING_SIZE in taken else NO_KING_SIZE
        twelves = sum(1 for c in taken if c in TWELVES)
        top = (MOST_TRICKS if len(leaders) == 1 else TIED_MOST) if seat in leaders else 0
        is_declarer = seat == declarer
        no_look = NO_LOOK if is_declarer and not looked else 0
        made = is_declarer and tricks[seat] >= bid
        bid_made = BID_MADE if made and bid > 0 else 0
        multiplier = no_king + twelves + top + no_look + bid_made
        nil = is_declarer and bid == 0
        if nil:
            points = NIL_POINTS if tricks[seat] == 0 else 0
        elif is_declarer and not made:
            points = 0
        else:
            points = value * multiplier
        sheets.append(
            HandSheet(
                seat=seat,
                declarer=is_declarer,
                tricks=tricks[seat],
                no_king_size=no_king,
                twelves=twelves,
                most_tricks=top,
                no_look=no_look,
                bid_made=bid_made,
                multiplier=multiplier,
                value=value,
                points=points,
                nil=nil,
            )
        )
    return sheets


class SecretStash(Game[StashState]):
    id = "secret-stash"
    name = "Secret Stash"
    min_players = PLAYERS
    max_players = PLAYERS
    Options = AutoPlayOptions
    state_type = StashState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-tricks"

    # ---- set-up -----------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> StashState:
        return first_deal(StashState(players=players, seed=seed), self._deal)

    def _deal(self, state: StashState) -> list[Event]:
        state.stash = sorted(deal_hands(state, DECK_CARDS, TRICKS), key=sort_key)
        state.bids = [None] * PLAYERS
        state.passed = [False] * PLAYERS
        state.spoken = [False] * PLAYERS
        state.high_bid = 0
        state.high_bidder = None
        state.declarer = None
        state.bid = 0
        state.looked = None
        state.contract = None
        state.trick = []
        state.trick_suit = None
        state.tricks = [0] * PLAYERS
        state.won = [[] for _ in range(PLAYERS)]
        state.voids = [[] for _ in range(PLAYERS)]
        state.phase = "auction"
        state.turn = state.leader = left_of(state.dealer)
        return [say("deal", DEALS, {"who": state.dealer, "first": state.turn}, hand=state.hand_number, hands=HANDS)]

    # ---- play ---------------------------------------------------------------------

    def to_act(self, state: StashState) -> frozenset[int]:
        return _NOBODY if state.phase == "over" else _ONLY[state.turn]

    def legal_actions(self, state: StashState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.turn:
            return []
        if state.phase == "auction":
            out = [_PASS, *_BID[state.high_bid + 1 :]]
            if not state.spoken[seat]:
                out.append(_NIL)
            return out
        if state.phase == "stash":
            return [_LOOK, _NO_LOOK]
        if state.phase == "exchange":
            return [*(_LAY[c] for c in state.hands[seat]), *(_TAKE_BACK[c] for c in state.stash)]
        contract = state.contract
        if state.phase == "declare" or contract is None:
            return [_DECLARE[NOTRUMP]] if state.bid == 0 else [_DECLARE[k] for k in CONTRACTS]
        if not state.trick:
            return [_PLAY_AS[c][name] for c in state.hands[seat] for name in names(c, contract)]
        return [PLAY[c] for c in self._followers(state, seat)]

    def _followers(self, state: StashState, seat: int) -> list[int]:
        assert state.contract is not None
        hand = state.hands[seat]
        suits = SUITS_IN[state.contract]
        free = [state.contract == NOTRUMP and c == KING_SIZE for c in hand]
        return [hand[i] for i in following([suits[c] for c in hand], state.trick_suit, free)]

    def why_illegal(self, state: StashState, seat: int, action: Action) -> str:
        return self._problem(state, seat, action) or super().why_illegal(state, seat, action)

    def _problem(self, state: StashState, seat: int, action: Action) -> str | None:
        kind, args = action.kind, action.args
        phase_of = {
            "pass": "auction",
            "bid": "auction",
            "nil": "auction",
            "look": "stash",
            "no-look": "stash",
            "lay": "exchange",
            "take-back": "exchange",
            "declare": "declare",
            "play": "play",
        }
        if kind not in phase_of:
            return f"There is no such move in {self.name}."
        if phase_of[kind] != state.phase:
            return {
                "auction": "The auction is on: bid, pass or (on your first turn) bid nil.",
                "stash": "Say first whether you look at the stash.",
                "exchange": "Lay cards face down in the stash until it holds three again.",
                "declare": "Declare a trump suit, Grand or No-trump first.",
                "play": "The hand is being played: play a card.",
            }.get(state.phase, "Nobody can move now.")
        bad_bid = len(args) != 1 or not isinstance(args[0], int) or not state.high_bid < args[0] <= TRICKS
        if kind == "bid" and bad_bid:
            if state.high_bid >= TRICKS:
                return "Nobody can bid above 10 tricks: pass."
            return f"Bid more than the highest bid so far: {state.high_bid + 1} to {TRICKS} tricks."
        if kind == "nil" and state.spoken[seat]:
            return "A nil bid is only allowed on your first turn of the auction."
        if kind == "declare" and state.bid == 0 and args != (NOTRUMP,):
            return "You bid nil, so you must declare No-trump."
        if kind in ("lay", "take-back", "play"):
            card = card_named(args)
            if card is None:
                return "Name one of your cards."
            if kind == "take-back" and card not in state.stash:
                return f"The {TEXT[card]} was not laid in the stash."
            if kind != "take-back" and card not in state.hands[seat]:
                return f"You do not hold the {TEXT[card]}."
            if kind == "play":
                return self._play_problem(state, seat, card, args[1:])
        return None

    def _play_problem(self, state: StashState, seat: int, card: int, rest: tuple[int | str, ...]) -> str | None:
        contract = state.contract
        assert contract is not None
        if not state.trick:
            options = names(card, contract)
            if len(rest) != 1 or rest[0] not in options:
                if options == (TRUMP,):
                    return "That card is trump: it leads trump."
                return "Name the trick suit: " + " or ".join(SUIT_TEXT[s] for s in options) + "."
            return None
        if rest:
            return "Only the leader names the trick suit: play the card without a suit."
        if card not in self._followers(state, seat):
            assert state.trick_suit is not None
            suit = suit_word(state.trick_suit)
            return f"You hold {suit}: follow {suit}."
        return None

    def _apply(self, state: StashState, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        if kind in ("pass", "bid", "nil"):
            return self._auction(state, seat, action)
        if kind == "look":
            state.looked = True
            state.hands[seat] = sorted([*state.hands[seat], *state.stash], key=sort_key)
            state.stash = []
            state.phase = "exchange"
            return [say("look", LOOKS, {"who": seat})]
        if kind == "no-look":
            state.looked = False
            state.phase = "declare"
            return [say("look", BLIND, {"who": seat})]
        if kind == "lay":
            card = int(action.args[0])
            state.hands[seat].remove(card)
            state.stash = sorted([*state.stash, card], key=sort_key)
            if len(state.stash) < STASH:
                return []
            state.phase = "declare"
            return [say("exchange", LAYS, {"who": seat})]
        if kind == "take-back":
            card = int(action.args[0])
            state.stash.remove(card)
            state.hands[seat] = sorted([*state.hands[seat], card], key=sort_key)
            return []
        if kind == "declare":
            return self._declare(state, seat, str(action.args[0]))
        named = str(action.args[1]) if len(action.args) == 2 else None
        return self._play(state, seat, int(action.args[0]), named)

    def _auction(self, state: StashState, seat: int, action: Action) -> list[Event]:
        state.spoken[seat] = True
        if action.kind == "nil":
            state.bids[seat] = 0
            state.declarer, state.bid = seat, 0
            state.phase = "stash"
            return [say("bid", BIDS_NIL, {"who": seat})]
        if action.kind == "pass":
            state.passed[seat] = True
            events = [say("bid", PASSES, {"who": seat})]
        else:
            bid = int(action.args[0])
            state.bids[seat] = state.high_bid = bid
            state.high_bidder = seat
            events = [say("bid", BIDS, {"who": seat}, n=bid)]
        if not auction_over(state.passed, state.high_bidder):
            state.turn = next_bidder(seat, PLAYERS, state.passed)
            return events
        if state.high_bidder is None:
            # Ruling 6.3: everyone passed: the same dealer deals again; the hand does not count.
            state.redeals += 1
            events.append(say("redeal", DEALS_AGAIN, {"who": state.dealer}))
            events.extend(self._deal(state))
            return events
        state.declarer = state.turn = state.high_bidder
        state.bid = state.high_bid
        state.phase = "stash"
        events.append(say("declarer", WON_AUCTION, {"who": state.declarer}, n=state.bid))
        return events

    def _declare(self, state: StashState, seat: int, contract: str) -> list[Event]:
        state.contract = contract
        state.phase = "play"
        state.leader = state.turn = seat
        return [say("declare", DECLARES, {"who": seat}, contract=contract_text(contract), value=VALUES[contract])]

    def _play(self, state: StashState, seat: int, card: int, named: str | None) -> list[Event]:
        contract = state.contract
        assert contract is not None
        hand = state.hands[seat]
        before = state.trick_suit
        suits = SUITS_IN[contract]
        if before is not None and not can_follow([suits[c] for c in hand], before) and before not in state.voids[seat]:
            state.voids[seat].append(before)
        events = [play_to_trick(state, seat, card, named, "leading trump" if named == TRUMP else None)]
        if len(state.trick) == PLAYERS:
            events.extend(self._close_trick(state))
        else:
            state.turn = left_of(seat)
        return events

    def _close_trick(self, state: StashState) -> list[Event]:
        contract, suit = state.contract, state.trick_suit
        assert contract is not None
        assert suit is not None
        index = trick_winner(state.trick, state.leader, suit, contract)
        winner = seats_from(state.leader, PLAYERS)[index]
        best = state.trick[index]
        state.tricks[winner] += 1
        state.won[winner].extend(state.trick)
        by_trump = TRUMP in SUITS_IN[contract][best] and suit != TRUMP
        events = [trick_won(winner, best, suit, "trump" if by_trump else suit_word(suit))]
        put_away(state, winner)
        if not state.hands[winner]:
            events.extend(self._score(state))
        else:
            state.leader = state.turn = winner
        return events

    def _score(self, state: StashState) -> list[Event]:
        assert state.declarer is not None
        assert state.contract is not None
        assert state.looked is not None
        sheets = score_hand(state.declarer, state.bid, state.looked, state.contract, state.tricks, state.won)
        events = [
            Event(kind="stash", text="The stash held " + ", ".join(TEXT[c] for c in state.stash) + "."),
        ]
        for sheet in sheets:
            state.scores[sheet.seat] += sheet.points
            events.append(said_sheet(sheet, state.scores[sheet.seat]))
        state.last_hand = sheets
        state.last_stash = list(state.stash)
        state.last_contract = state.contract
        return events + next_hand(self, state, state.hand_number >= HANDS, self._deal, said_over=self._over)

    def _over(self, state: StashState) -> Event:
        high = max(state.scores)
        return say_winners(
            "game-over",
            [s for s in range(PLAYERS) if state.scores[s] == high],
            WINS_WITH_POINTS,
            SHARE_WIN_WITH_POINTS,
            n=high,
        )

    # ---- information ------------------------------------------------------------------

    def label(self, state: StashState, seat: int, action: Action) -> str:
        kind, args = action.kind, action.args
        if kind == "pass":
            return "Pass"
        if kind == "bid":
            return f"Bid {plural(int(args[0]), 'trick')}"
        if kind == "nil":
            return "Bid nil (take no trick)"
        if kind == "look":
            return "Look at the stash"
        if kind == "no-look":
            return "Play without looking"
        if kind == "lay":
            return f"Lay down {TEXT[int(args[0])]}"
        if kind == "take-back":
            return f"Take back {TEXT[int(args[0])]}"
        if kind == "declare":
            contract = str(args[0])
            return f"Declare {contract_text(contract)} (×{VALUES[contract]})"
        card = int(args[0])
        if len(args) == 2:
            named = str(args[1])
            return f"Lead {TEXT[card]} (trump)" if named == TRUMP else f"Lead {TEXT[card]} as {SUIT_TEXT[named]}"
        return f"Play {TEXT[card]}"

    def view(self, state: StashState, seat: int | None) -> StashView:
        sees_stash = seat is not None and seat == state.declarer and bool(state.looked)
        return StashView(
            seat=seat,
            players=PLAYERS,
            phase=state.phase,
            hand_number=state.hand_number,
            hands_total=HANDS,
            dealer=state.dealer,
            bids=tuple(state.bids),
            passed=tuple(state.passed),
            high_bid=state.high_bid,
            high_bidder=state.high_bidder,
            declarer=state.declarer,
            bid=state.bid,
            looked=state.looked,
            contract=state.contract,
            leader=state.leader,
            turn=None if state.phase == "over" else state.turn,
            trick=tuple(state.trick),
            trick_suit=state.trick_suit,
            tricks=tuple(state.tricks),
            top_taken=tuple(tuple(c for c in won if c in TOP_TAKEN) for won in state.won),
            hand_sizes=tuple(len(h) for h in state.hands),
            scores=tuple(state.scores),
            last_trick=tuple(state.last_trick),
            last_leader=state.last_leader,
            last_winner=state.last_winner,
            last_suit=state.last_suit,
            last_hand=tuple(state.last_hand),
            last_stash=tuple(state.last_stash),
            last_contract=state.last_contract,
            my_hand=None if seat is None else tuple(state.hands[seat]),
            stash=tuple(state.stash) if sees_stash else None,
            stash_size=len(state.stash),
        )

    def result(self, state: StashState) -> Result | None:
        if state.phase != "over":
            return None
        return Result.worded(state.scores, rank_places(state.scores), self._over(state))

    def determinize(self, state: StashState, seat: int, rng: random.Random) -> StashState:
        """The cards `seat` cannot see (the other hands, and the stash unless `seat` is the
        declarer who looked) are dealt again among the same places, keeping each place's size
        and no suit a seat has shown it lacks."""
        copy = self.copy_state(state)
        others = [s for s in range(PLAYERS) if s != seat]
        knows_stash = seat == state.declarer and bool(state.looked)
        places: dict[int, list[int]] = {s: state.hands[s] for s in others}
        if not knows_stash:
            places[PLAYERS] = state.stash
        pool = [c for cards in places.values() for c in cards]
        voids = {s: state.voids[s] if s < PLAYERS and state.voids else [] for s in places}
        contract = state.contract or NOTRUMP
        suits = SUITS_IN[contract]
        dealt = deal_respecting_voids(
            pool, {p: len(cards) for p, cards in places.items()}, voids, suits.__getitem__, rng
        )
        if dealt is not None:
            for place, cards in dealt.items():
                if place == PLAYERS:
                    copy.stash = sorted(cards, key=sort_key)
                else:
                    copy.hands[place] = sorted(cards, key=sort_key)
        copy.seed = rng.randrange(2**62)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, StashView)
        return render_view(view)


def said_sheet(sheet: HandSheet, score: int) -> Event:
    """One seat's hand score in words, with its new total `score`, for the log."""
    who = {"who": sheet.seat}
    if sheet.nil:
        return say("hand", NIL_MADE if sheet.tricks == 0 else NIL_LOST, who, points=sheet.points, score=score)
    if sheet.declarer and sheet.points == 0 and sheet.bid_made == 0:
        return say("hand", FELL_SHORT, who, score=score)
    return say("hand", SCORES, who, value=sheet.value, multiplier=sheet.multiplier, points=sheet.points, score=score)
