"""How Many Candies do you Wish: a Spades-like game for two teams of two (rulings §3).

A hand: 48 cards dealt 12 each, every player bids in turn how many tricks they will take
(0 is nil), the Candy Corn's holder leads, and 12 tricks are played with Candy as
permanent trump, which may not be led before it is broken. A team that takes at least the
sum of its bids scores ten per trick bid plus one per extra trick (a bag); ten bags cost
a hundred. Each nil scores or costs a hundred on its own. After a hand in which a team is
at the target or above, the higher team wins.

Moves: `bid.<n>`, then `play.<card>.<suit>` to lead (naming a suit of the card) and
`play.<card>` to follow. Following, breaking and the winner come from rules/kit/tricks.py.
"""

from __future__ import annotations

import random
from typing import Any

from pydantic import BaseModel

from rules.candy_kit.candy_deck import CANDY_CORN, SUIT_TEXT, select
from rules.candy_kit.candy_deck import CARD_TEXT as TEXT
from rules.candy_kit.candy_tricks import (
    PLAY,
    PLAY_AS,
    deal_hands,
    held_problem,
    next_hand,
    play_breaking,
    put_away,
    trick_won,
)
from rules.candy_kit.cards import DECK, SUIT_SETS, sort_key
from rules.contract import Action, Event, Game, Result, View, act, plural, rank_places, say
from rules.games.how_many_candies.help import HELP_PAGES, render_view
from rules.games.how_many_candies.state import TEAMS, HandSheet, HowManyOptions, HowManyState, HowManyView
from rules.kit.tricks import Play, before_broken, following, redeal_others, winning_play
from rules.kit.words import message

FIRST_LEADER = message(
    "{who} holds the Candy Corn and leads the first trick.", who="{who} hold the Candy Corn and lead the first trick."
)
TEAMS_ARE = message("Teams: {who} and {partner} against {other} and {other_partner}.")
DEALS = message(
    "Hand {hand}: {who} deals 12 cards each; {first} bids first.",
    who="Hand {hand}: {who} deal 12 cards each; {first} bids first.",
    first="Hand {hand}: {who} deals 12 cards each; {first} bid first.",
)
BIDS_NIL = message("{who} bids nil.", who="{who} bid nil.")
BIDS = message(
    ("{who} bids {n} trick.", "{who} bids {n} tricks."),
    who=("{who} bid {n} trick.", "{who} bid {n} tricks."),
)
#: A team's hand: its bid, the tricks it took (`outcome`: made or missed), then its nil bonus or
#: penalty and its ten-bag penalty where it has them.
TEAM_HAND = message("{who} and {partner}: bid {bid}, took {took} ({outcome}): {total}, now {score}.")
TEAM_HAND_NIL = message("{who} and {partner}: bid {bid}, took {took} ({outcome}), nil {nil}: {total}, now {score}.")
TEAM_HAND_BAGS = message(
    "{who} and {partner}: bid {bid}, took {took} ({outcome}), ten bags -{bags}: {total}, now {score}."
)
TEAM_HAND_NIL_BAGS = message(
    "{who} and {partner}: bid {bid}, took {took} ({outcome}), nil {nil}, ten bags -{bags}: {total}, now {score}."
)
TEAM_WINS = message(("{who} and {partner} win with {n} point.", "{who} and {partner} win with {n} points."))

TRUMP = "candy"
PLAYERS = 4
TRICKS = 12
#: Ranks 1-12 of the four colours: no Pranks, Non-Treats or King Size.
DECK_CARDS: tuple[int, ...] = select(ranks=range(1, 13), king_size=False)
NIL_POINTS = 100
BAG_LIMIT = 10
BAG_PENALTY = 100

_BID: tuple[Action, ...] = tuple(act("bid", n) for n in range(TRICKS + 1))
_NOBODY: frozenset[int] = frozenset()
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(PLAYERS))


def hands_limit(target: int) -> int:
    """Hands after which the game ends even if no team reached the target (a tenth of it)."""
    return target // 10


def team_of(state: HowManyState, seat: int) -> int:
    return state.order.index(seat) % TEAMS


def left_of(state: HowManyState, seat: int) -> int:
    return state.order[(state.order.index(seat) + 1) % PLAYERS]


def score_team(bids: tuple[int, int], tricks: tuple[int, int], bags: int) -> tuple[HandSheet, int]:
    """One team's hand (ruling 3.9-3.11) and its bag count after it."""
    bid = sum(bids)
    taken = sum(tricks)
    made = taken >= bid
    contract = 10 * bid if made else 0
    extra = taken - bid if made else 0
    nil = sum((NIL_POINTS if won == 0 else -NIL_POINTS) for b, won in zip(bids, tricks, strict=True) if b == 0)
    bags += extra
    penalty = 0
    while bags >= BAG_LIMIT:
        bags -= BAG_LIMIT
        penalty += BAG_PENALTY
    total = contract + extra + nil - penalty
    sheet = HandSheet(bid=bid, tricks=taken, contract=contract, bags=extra, nil=nil, bag_penalty=penalty, total=total)
    return sheet, bags


class HowManyCandies(Game[HowManyState]):
    id = "how-many-candies"
    name = "How Many Candies do you Wish"
    min_players = PLAYERS
    max_players = PLAYERS
    Options = HowManyOptions
    state_type = HowManyState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-tricks"

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        return [(4, {}), (4, {"target": 500}), (4, {"random_teams": False})]

    # ---- set-up -----------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> HowManyState:
        assert isinstance(options, HowManyOptions)
        state = HowManyState(players=players, seed=seed, target=options.target)
        order = [0, 1, 2, 3]
        events: list[Event] = []
        if options.random_teams:
            partner = state.chance().choice([1, 2, 3])
            rest = [s for s in (1, 2, 3) if s != partner]
            order = [0, rest[0], partner, rest[1]]
        state.order = order
        teams = {"who": order[0], "partner": order[2], "other": order[1], "other_partner": order[3]}
        events.append(say("teams", TEAMS_ARE, teams))
        state.dealer = state.chance().choice(order)
        events.extend(self._deal(state))
        state.log.extend(events)
        return state

    def _deal(self, state: HowManyState) -> list[Event]:
        deal_hands(state, DECK_CARDS, TRICKS)
        state.bids = [None] * PLAYERS
        state.tricks = [0] * PLAYERS
        state.voids = [[] for _ in range(PLAYERS)]
        state.trick = []
        state.trick_suit = None
        state.broken = False
        state.phase = "bid"
        state.turn = left_of(state, state.dealer)
        return [say("deal", DEALS, {"who": state.dealer, "first": state.turn}, hand=state.hand_number)]

    # ---- play ---------------------------------------------------------------------

    def to_act(self, state: HowManyState) -> frozenset[int]:
        return _NOBODY if state.phase == "over" else _ONLY[state.turn]

    def legal_actions(self, state: HowManyState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.turn:
            return []
        if state.phase == "bid":
            return list(_BID)
        out: list[Action] = []
        for card in self._playable(state, seat):
            if state.trick:
                out.append(PLAY[card])
            else:
                out.extend(PLAY_AS[card][s] for s in self._names(card))
        return out

    def _playable(self, state: HowManyState, seat: int) -> list[int]:
        hand = state.hands[seat]
        suits = [SUIT_SETS[c] for c in hand]
        if not state.trick:
            return list(hand) if state.broken else [hand[i] for i in before_broken(suits, TRUMP)]
        return [hand[i] for i in following(suits, state.trick_suit)]

    @staticmethod
    def _names(card: int) -> tuple[str, ...]:
        """A led card names one of its suits; one carrying Candy names Candy (G3)."""
        return (TRUMP,) if TRUMP in SUIT_SETS[card] else DECK[card].suits

    def why_illegal(self, state: HowManyState, seat: int, action: Action) -> str:
        return self._problem(state, seat, action) or super().why_illegal(state, seat, action)

    def _problem(self, state: HowManyState, seat: int, action: Action) -> str | None:
        args = action.args
        if action.kind == "bid":
            if state.phase != "bid":
                return "The bidding is over for this hand: play a card."
            if len(args) != 1 or not isinstance(args[0], int) or not 0 <= args[0] <= TRICKS:
                return f"Bid a number of tricks from 0 (nil) to {TRICKS}."
            return None
        if action.kind != "play":
            return f"There is no such move in {self.name}: you can bid or play a card."
        if state.phase == "bid":
            return "Everyone bids before the first card."
        problem = held_problem(state.hands[seat], args)
        if problem is not None:
            return problem
        card = int(args[0])
        if card not in self._playable(state, seat):
            if not state.trick:
                return "Candy is not broken yet: lead a card without Candy."
            assert state.trick_suit is not None
            suit = SUIT_TEXT[state.trick_suit]
            return f"You hold {suit}: follow {suit}."
        named = args[1] if len(args) == 2 else None
        if not state.trick and named not in self._names(card):
            return "Name the trick suit: " + " or ".join(SUIT_TEXT[s] for s in self._names(card)) + "."
        if state.trick and named is not None:
            return "Only the leader names the trick suit: play the card without a suit."
        return None

    def _apply(self, state: HowManyState, seat: int, action: Action) -> list[Event]:
        if action.kind == "bid":
            return self._bid(state, seat, int(action.args[0]))
        named = str(action.args[1]) if len(action.args) == 2 else None
        return self._play(state, seat, int(action.args[0]), named)

    def _bid(self, state: HowManyState, seat: int, bid: int) -> list[Event]:
        state.bids[seat] = bid
        events = [say("bid", BIDS_NIL, {"who": seat}) if bid == 0 else say("bid", BIDS, {"who": seat}, n=bid)]
        if all(b is not None for b in state.bids):
            state.phase = "play"
            holder = next(s for s in range(PLAYERS) if CANDY_CORN in state.hands[s])
            state.leader = state.turn = holder
            events.append(say("lead", FIRST_LEADER, {"who": holder}))
        else:
            state.turn = left_of(state, seat)
        return events

    def _play(self, state: HowManyState, seat: int, card: int, named: str | None) -> list[Event]:
        events = play_breaking(state, seat, card, named, TRUMP)
        if len(state.trick) == PLAYERS:
            events.extend(self._close_trick(state))
        else:
            state.turn = left_of(state, seat)
        return events

    def _close_trick(self, state: HowManyState) -> list[Event]:
        seats = [state.leader]
        for _ in range(PLAYERS - 1):
            seats.append(left_of(state, seats[-1]))
        plays = [Play(seat=s, suits=SUIT_SETS[c], rank=DECK[c].rank) for s, c in zip(seats, state.trick, strict=True)]
        index = winning_play(plays, state.trick_suit, TRUMP)
        winner, best = seats[index], state.trick[index]
        state.tricks[winner] += 1
        suit = state.trick_suit
        assert suit is not None
        by_trump = TRUMP in SUIT_SETS[best] and suit != TRUMP
        events = [trick_won(winner, best, suit, "Candy (trump)" if by_trump else None)]
        put_away(state, winner)
        if not state.hands[winner]:
            events.extend(self._score_hand(state))
        else:
            state.leader = state.turn = winner
        return events

    def _score_hand(self, state: HowManyState) -> list[Event]:
        events: list[Event] = []
        sheets: list[HandSheet] = []
        for team in range(TEAMS):
            a, b = state.order[team], state.order[team + TEAMS]
            bids = (state.bids[a] or 0, state.bids[b] or 0)
            sheet, state.bags[team] = score_team(bids, (state.tricks[a], state.tricks[b]), state.bags[team])
            state.scores[team] += sheet.total
            sheets.append(sheet)
            text = (TEAM_HAND_NIL_BAGS if sheet.bag_penalty else TEAM_HAND_NIL) if sheet.nil else None
            text = text or (TEAM_HAND_BAGS if sheet.bag_penalty else TEAM_HAND)
            said = {
                "bid": sheet.bid,
                "took": sheet.tricks,
                "outcome": "made" if sheet.tricks >= sheet.bid else "missed",
                "nil": f"{sheet.nil:+d}",
                "bags": sheet.bag_penalty,
                "total": f"{sheet.total:+d}",
                "score": state.scores[team],
            }
            events.append(say("hand", text, {"who": a, "partner": b}, None, **said))
        state.last_hand = sheets
        high = max(state.scores)
        leaders = [t for t in range(TEAMS) if state.scores[t] == high]
        at_target = high >= state.target and len(leaders) == 1
        over = at_target or state.hand_number >= hands_limit(state.target)
        if high >= state.target and not over:
            events.append(Event(kind="tie", text="Both teams are level at the target: one more hand."))
        # The deal passes round the playing order, which random partners may have changed.
        return events + next_hand(
            self, state, over, self._deal, dealer=left_of(state, state.dealer), said_over=self._over
        )

    def _over(self, state: HowManyState) -> Event:
        high = max(state.scores)
        winners = [t for t in range(TEAMS) if state.scores[t] == high]
        if len(winners) > 1:
            return Event(kind="game-over", text=f"The teams share the win, level at {plural(high, 'point')}.")
        team = {"who": state.order[winners[0]], "partner": state.order[winners[0] + TEAMS]}
        return say("game-over", TEAM_WINS, team, n=high)

    # ---- information ------------------------------------------------------------------

    def label(self, state: HowManyState, seat: int, action: Action) -> str:
        if action.kind == "bid":
            n = int(action.args[0])
            return "Bid nil (0)" if n == 0 else f"Bid {n}"
        card = int(action.args[0])
        if len(action.args) == 2:
            return f"Lead {TEXT[card]} as {SUIT_TEXT[str(action.args[1])]}"
        return f"Play {TEXT[card]}"

    def view(self, state: HowManyState, seat: int | None) -> HowManyView:
        return HowManyView(
            seat=seat,
            players=PLAYERS,
            target=state.target,
            hands_limit=hands_limit(state.target),
            phase=state.phase,
            hand_number=state.hand_number,
            order=tuple(state.order),
            dealer=state.dealer,
            bids=tuple(state.bids),
            tricks=tuple(state.tricks),
            hand_sizes=tuple(len(h) for h in state.hands),
            scores=tuple(state.scores),
            bags=tuple(state.bags),
            leader=state.leader,
            turn=None if state.phase == "over" else state.turn,
            trick=tuple(state.trick),
            trick_suit=state.trick_suit,
            broken=state.broken,
            last_trick=tuple(state.last_trick),
            last_leader=state.last_leader,
            last_winner=state.last_winner,
            last_suit=state.last_suit,
            last_hand=tuple(state.last_hand),
            my_hand=None if seat is None else tuple(state.hands[seat]),
        )

    def result(self, state: HowManyState) -> Result | None:
        if state.phase != "over":
            return None
        per_seat = [state.scores[team_of(state, s)] for s in range(PLAYERS)]
        return Result.worded(per_seat, rank_places(per_seat), self._over(state))

    def determinize(self, state: HowManyState, seat: int, rng: random.Random) -> HowManyState:
        """The others' hands are redealt from the cards they hold together, keeping each hand's
        size and no suit a seat has shown it lacks."""
        copy = self.copy_state(state)
        dealt = redeal_others(state.hands, seat, state.voids, {}, SUIT_SETS.__getitem__, sort_key, rng)
        if dealt is not None:
            copy.hands = dealt
        copy.seed = rng.randrange(2**62)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, HowManyView)
        return render_view(view)
