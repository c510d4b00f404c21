"""Candy Pick!: a Piquet-like game for 2 players with the Best Candy deck (rulings §7).

A hand: 13 cards each from the 32 cards ranked 5-12, six left face down as the talon. The
non-dealer, then the dealer, swaps 1-4 cards with the talon (the dealer no more than it
holds); then both players' best Flush, Run and Set are compared and scored; then 13 tricks
without trump, scored by the table of tricks taken. Four hands, the deal alternating; the
highest total wins.

Moves: `discard.<card>` picks a card to swap and `take-back.<card>` keeps it after all; an
exchange of several cards is a sequence of such picks closed by `exchange` (so every
choice fits one select); `play.<card>.<suit>` leads a card naming the trick suit,
`play.<card>` follows. Who wins a trick and following suit come from rules/kit/tricks.py.
"""

from __future__ import annotations

import random

from pydantic import BaseModel

from rules.candy_kit.candy_deck import CARD_TEXT as TEXT
from rules.candy_kit.candy_deck import SUIT_TEXT, select
from rules.candy_kit.candy_tricks import (
    PLAY,
    card_named,
    deal_hands,
    first_deal,
    held_problem,
    next_hand,
    play_to_trick,
    put_away,
    trick_won,
)
from rules.candy_kit.cards import DECK, SUIT_SETS, sort_key
from rules.contract import (
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
)
from rules.games.candy_pick.declare import declare
from rules.games.candy_pick.help import HELP_PAGES, render_view
from rules.games.candy_pick.state import HAND_SIZE, HANDS, MOST_EXCHANGED, CandyPickState, CandyPickView
from rules.kit.tricks import Play, deal_respecting_voids, following, note_void, winning_play
from rules.kit.words import message

EXCHANGED = message(
    ("{who} discards a card face down and draws another.", "{who} discards {n} cards face down and draws as many."),
    who=("{who} discard a card face down and draw another.", "{who} discard {n} cards face down and draw as many."),
)
DEALS = message(
    "Hand {hand} of {hands}: {who} deals {size} cards each; {talon} stay face down. {first} exchanges first.",
    who="Hand {hand} of {hands}: {who} deal {size} cards each; {talon} stay face down. {first} exchanges first.",
    first="Hand {hand} of {hands}: {who} deals {size} cards each; {talon} stay face down. {first} exchange first.",
)
DRAWS = message("{who} draws {cards}.", who="{who} draw {cards}.")
MAY_EXCHANGE = message(("{who} may exchange 1 to {n} card.", "{who} may exchange 1 to {n} cards."))
EXCHANGES_ONE = message("{who} exchanges 1 card.", who="{who} exchange 1 card.")
LEADS_FIRST = message("{who} leads the first trick.", who="{who} lead the first trick.")
#: Each player's tricks (`took0`, `took1`: "1 trick", "5 tricks") and what they score.
HAND_OVER = message("Hand {hand} over: {p0} took {took0}, scoring {got0}; {p1} took {took1}, scoring {got1}.")
WINS = message(
    ("{who} wins with {n} point to {other}.", "{who} wins with {n} points to {other}."),
    who=("{who} win with {n} point to {other}.", "{who} win with {n} points to {other}."),
)
SHARE_WIN = message(
    ("{p0} and {p1} share the win with {n} point each.", "{p0} and {p1} share the win with {n} points each.")
)

#: The 32 cards ranked 5 to 12 of the four colours (no Prank, Non-Treat or King Size).
DECK_CARDS: tuple[int, ...] = select(ranks=range(5, 13), king_size=False)
PLAYERS = 2
#: Tricks taken -> points, as printed (ruling 7.10: 0-3 tricks score as much as 7-9).
TRICK_POINTS: tuple[int, ...] = (31, 31, 31, 31, 6, 12, 18, 31, 31, 31, 0, 0, 0, 0)

_DISCARD: tuple[Action, ...] = tuple(act("discard", c.id) for c in DECK)
_TAKE_BACK: tuple[Action, ...] = tuple(act("take-back", c.id) for c in DECK)
_LEAD: tuple[tuple[Action, ...], ...] = tuple(tuple(act("play", c.id, s) for s in c.suits) for c in DECK)
EXCHANGE = act("exchange")
_NOBODY: frozenset[int] = frozenset()
_ONLY: tuple[frozenset[int], ...] = (frozenset((0,)), frozenset((1,)))


def trick_points(tricks: int) -> int:
    """What taking this many tricks of a hand scores (ruling 7.10)."""
    return TRICK_POINTS[tricks]


def most_exchanged(state: CandyPickState) -> int:
    """The most cards the exchanging seat may swap: four, and never more than the talon holds."""
    return min(MOST_EXCHANGED, len(state.talon))


class CandyPick(Game[CandyPickState]):
    id = "candy-pick"
    name = "Candy Pick!"
    min_players = 2
    max_players = 2
    Options = AutoPlayOptions
    state_type = CandyPickState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-tricks"

    # ---- set-up -----------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> CandyPickState:
        state = CandyPickState(players=players, seed=seed, scores=[0] * players)
        return first_deal(state, self._deal)

    def _deal(self, state: CandyPickState) -> list[Event]:
        state.talon = deal_hands(state, DECK_CARDS, HAND_SIZE)
        state.picks = [[], []]
        state.discards = [[], []]
        state.drawn = [[], []]
        state.exchanged = [None, None]
        state.declared = [0, 0]
        state.announced = []
        state.tricks_won = [0, 0]
        state.voids = [[], []]
        state.played = []
        state.trick_number = 0
        state.trick = []
        state.trick_suit = None
        state.phase = "exchange"
        state.turn = 1 - state.dealer
        roles = {"who": state.dealer, "first": state.turn}
        said = {"hand": state.hand_number, "hands": HANDS, "size": HAND_SIZE, "talon": len(state.talon)}
        return [say("deal", DEALS, roles, None, **said)]

    # ---- play ---------------------------------------------------------------------

    def to_act(self, state: CandyPickState) -> frozenset[int]:
        return _NOBODY if state.phase == "over" else _ONLY[state.turn]

    def legal_actions(self, state: CandyPickState, seat: int) -> list[Action]:
        if state.phase == "over" or seat != state.turn:
            return []
        hand = state.hands[seat]
        if state.phase == "exchange":
            picks = state.picks[seat]
            out = [_DISCARD[c] for c in hand if c not in picks] if len(picks) < most_exchanged(state) else []
            out.extend(_TAKE_BACK[c] for c in picks)
            if picks:
                out.append(EXCHANGE)
            return out
        if not state.trick:
            return [a for c in hand for a in _LEAD[c]]
        return [PLAY[hand[i]] for i in following([SUIT_SETS[c] for c in hand], state.trick_suit)]

    def why_illegal(self, state: CandyPickState, seat: int, action: Action) -> str:
        return self._problem(state, seat, action) or super().why_illegal(state, seat, action)

    def _problem(self, state: CandyPickState, seat: int, action: Action) -> str | None:
        args = action.args
        card = card_named(args)
        if action.kind in ("discard", "take-back", "exchange"):
            if state.phase != "exchange":
                return "The exchange is over for this hand: play a card."
            if action.kind == "exchange":
                return "Pick at least one card to discard first." if not state.picks[seat] else None
            if card is None or len(args) != 1:
                return "Pick one of your cards to discard."
            if action.kind == "take-back":
                return None if card in state.picks[seat] else f"You have not picked the {TEXT[card]}."
            if card not in state.hands[seat]:
                return f"You do not hold the {TEXT[card]}."
            if card in state.picks[seat]:
                return f"You have already picked the {TEXT[card]}."
            most = most_exchanged(state)
            return f"You may exchange at most {plural(most, 'card')}." if len(state.picks[seat]) >= most else None
        if action.kind != "play":
            return f"There is no such move in {self.name}: you can exchange cards or play a card."
        if state.phase == "exchange":
            return "First both players exchange cards."
        problem = held_problem(state.hands[seat], args)
        if problem is not None:
            return problem
        assert card is not None  # a card held is a card named
        if state.trick:
            assert state.trick_suit is not None
            if len(args) == 2:
                return "Only the leader names the trick suit: play the card without a suit."
            suit = SUIT_TEXT[state.trick_suit]
            return f"You hold {suit}: follow {suit}."
        return "Name the trick suit: one of " + ", ".join(SUIT_TEXT[s] for s in DECK[card].suits) + "."

    def _apply(self, state: CandyPickState, seat: int, action: Action) -> list[Event]:
        if action.kind == "exchange":
            return self._exchange(state, seat)
        card = int(action.args[0])
        if action.kind == "take-back":
            state.picks[seat].remove(card)
            return []
        if action.kind == "discard":
            state.picks[seat].append(card)
            return []
        named = str(action.args[1]) if len(action.args) == 2 else None
        return self._play(state, seat, card, named)

    def _exchange(self, state: CandyPickState, seat: int) -> list[Event]:
        picks = state.picks[seat]
        count = len(picks)
        drawn, state.talon = state.talon[:count], state.talon[count:]
        hand = [c for c in state.hands[seat] if c not in picks]
        state.hands[seat] = sorted(hand + drawn, key=sort_key)
        state.discards[seat] = list(picks)
        state.drawn[seat] = sorted(drawn, key=sort_key)
        state.exchanged[seat] = count
        state.picks[seat] = []
        events = [
            say("exchange", EXCHANGED, {"who": seat}, n=count),
            say("drew", DRAWS, {"who": seat}, seats=(seat,), cards=", ".join(TEXT[c] for c in state.drawn[seat])),
        ]
        if seat != state.dealer:
            state.turn = state.dealer
            left = most_exchanged(state)
            dealer = {"who": state.dealer}
            events.append(
                say("your-exchange", MAY_EXCHANGE, dealer, n=left)
                if left > 1
                else say("your-exchange", EXCHANGES_ONE, dealer)
            )
            return events
        events.extend(self._declare(state))
        return events

    def _declare(self, state: CandyPickState) -> list[Event]:
        result = declare(state.hands, state.dealer)
        state.declared = list(result.points)
        state.announced = list(result.events)
        for s in range(PLAYERS):
            state.scores[s] += result.points[s]
        events = list(result.events)
        state.phase = "play"
        state.leader = state.turn = 1 - state.dealer
        events.append(say("lead", LEADS_FIRST, {"who": state.leader}))
        return events

    def _play(self, state: CandyPickState, seat: int, card: int, named: str | None) -> list[Event]:
        note_void(state.voids[seat], [SUIT_SETS[c] for c in state.hands[seat]], state.trick_suit)
        events = [play_to_trick(state, seat, card, named)]
        if len(state.trick) == PLAYERS:
            events.extend(self._close_trick(state))
        else:
            state.turn = 1 - seat
        return events

    def _close_trick(self, state: CandyPickState) -> list[Event]:
        leader, suit = state.leader, state.trick_suit
        plays = [
            Play(seat=(leader + k) % PLAYERS, suits=SUIT_SETS[c], rank=DECK[c].rank) for k, c in enumerate(state.trick)
        ]
        index = winning_play(plays, suit, None)
        winner = plays[index].seat
        assert suit is not None
        events = [trick_won(winner, state.trick[index], suit)]
        state.tricks_won[winner] += 1
        state.played.extend(state.trick)
        put_away(state, winner)
        state.trick_number += 1
        if not state.hands[winner]:
            events.extend(self._score_hand(state))
            return events
        state.leader = state.turn = winner
        return events

    def _score_hand(self, state: CandyPickState) -> list[Event]:
        points = [trick_points(t) for t in state.tricks_won]
        for s in range(PLAYERS):
            state.scores[s] += points[s]
        state.last_declared = list(state.declared)
        state.last_tricks = list(state.tricks_won)
        state.last_trick_points = points
        sheet: dict[str, int | str] = {"hand": state.hand_number}
        for s in range(PLAYERS):
            sheet |= {f"took{s}": plural(state.tricks_won[s], "trick"), f"got{s}": points[s]}
        events = [say("hand", HAND_OVER, {f"p{s}": s for s in range(PLAYERS)}, None, **sheet)]
        return events + next_hand(self, state, state.hand_number >= HANDS, self._deal, said_over=self._over)

    def _over(self, state: CandyPickState) -> Event:
        best = max(state.scores)
        winners = [s for s in range(PLAYERS) if state.scores[s] == best]
        if len(winners) > 1:
            return say("game-over", SHARE_WIN, {"p0": 0, "p1": 1}, n=best)
        return say("game-over", WINS, {"who": winners[0]}, n=best, other=min(state.scores))

    # ---- information ------------------------------------------------------------------

    def label(self, state: CandyPickState, seat: int, action: Action) -> str:
        if action.kind == "exchange":
            return f"Exchange {plural(len(state.picks[seat]), 'card')}"
        card = int(action.args[0])
        if action.kind == "discard":
            return f"Discard {TEXT[card]}"
        if action.kind == "take-back":
            return f"Keep {TEXT[card]} after all"
        if len(action.args) == 2:
            return f"Lead {TEXT[card]} as {SUIT_TEXT[str(action.args[1])]}"
        return f"Play {TEXT[card]}"

    def view(self, state: CandyPickState, seat: int | None) -> CandyPickView:
        own: tuple[list[int], ...] = ([], [], [])
        if seat is not None:
            own = (state.picks[seat], state.discards[seat], state.drawn[seat])
        exchanging = state.phase == "exchange"
        return CandyPickView(
            seat=seat,
            players=state.players,
            phase=state.phase,
            hand_number=state.hand_number,
            hands_in_game=HANDS,
            dealer=state.dealer,
            scores=tuple(state.scores),
            hand_sizes=tuple(len(h) for h in state.hands),
            talon_size=len(state.talon),
            exchanged=tuple(state.exchanged),
            exchanging=state.turn if exchanging else None,
            most_exchanged=most_exchanged(state) if exchanging else 0,
            declared=tuple(state.declared),
            announced=tuple(state.announced),
            tricks_won=tuple(state.tricks_won),
            voids=tuple(tuple(v) for v in state.voids),
            played=tuple(state.played),
            trick_number=state.trick_number,
            leader=state.leader,
            turn=state.turn if state.phase == "play" else None,
            trick=tuple(state.trick),
            trick_suit=state.trick_suit,
            last_trick=tuple(state.last_trick),
            last_leader=state.last_leader,
            last_winner=state.last_winner,
            last_suit=state.last_suit,
            last_declared=tuple(state.last_declared),
            last_tricks=tuple(state.last_tricks),
            last_trick_points=tuple(state.last_trick_points),
            my_hand=None if seat is None else tuple(state.hands[seat]),
            my_picks=tuple(own[0]),
            my_discards=tuple(own[1]),
            my_drawn=tuple(own[2]),
        )

    def result(self, state: CandyPickState) -> Result | None:
        if state.phase != "over":
            return None
        return Result.worded(state.scores, rank_places(state.scores), self._over(state))

    def determinize(self, state: CandyPickState, seat: int, rng: random.Random) -> CandyPickState:
        """What `seat` cannot see dealt again: the other hand (keeping its size and no suit it
        has shown it lacks), the other's discards and the talon, from the cards they hold
        together. The other's pending picks become the first cards of its new hand."""
        copy = self.copy_state(state)
        other = 1 - seat
        guess = deal_hidden(state, seat, rng)
        if guess is not None:
            copy.hands[other], copy.discards[other], copy.talon = guess
            copy.picks[other] = copy.hands[other][: len(state.picks[other])]
            copy.drawn[other] = []
        copy.seed = rng.randrange(2**62)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, CandyPickView)
        return render_view(view)


#: Stand-in seats for the two hidden piles when the unseen cards are shared out again.
_DISCARDS, _TALON = 2, 3


def deal_hidden(state: CandyPickState, seat: int, rng: random.Random) -> tuple[list[int], list[int], list[int]] | None:
    """A random guess, from `seat`'s side, of the other hand, the other's discards and the
    talon (in that order), respecting the suits the other player has shown it lacks."""
    other = 1 - seat
    pool = [*state.hands[other], *state.discards[other], *state.talon]
    sizes = {other: len(state.hands[other]), _DISCARDS: len(state.discards[other]), _TALON: len(state.talon)}
    voids = {other: state.voids[other], _DISCARDS: [], _TALON: []}
    dealt = deal_respecting_voids(pool, sizes, voids, SUIT_SETS.__getitem__, rng)
    if dealt is None:
        return None
    return sorted(dealt[other], key=sort_key), dealt[_DISCARDS], dealt[_TALON]
