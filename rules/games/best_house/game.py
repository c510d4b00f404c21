"""Best House on the Block: a trick game for 2-5 players with the Best Candy deck (rulings §1).

A hand: the base game's deal (12 cards each, 10 with 5 players, from the King Size and whole
colours), the face-up stash drafted one card each (lowest score first, going left), then 13
tricks (11 with 5 players) led first by the dealer's left. Nobody has to follow. Before each
lead a gold trick-or-treater card is turned up: the trick goes to the highest card of the named
suit, the gold card to the highest card of its own suit. A hand scores 1 a trick plus the gold
won, less 1 a Prank taken, never below 0; a hand that leaves anyone at 31+ ends the game.

Moves: `take.<card>` drafts a stash card; `play.<card>.<suit>` plays a card that names the trick
suit (a lead, or the first suited card after a Prank or Non-Treat lead), `play.<card>` any other.
Who wins a trick, the suits a card may name and the lead after a Prank are the base game's
(rules/games/best_candy/trick.py on the shared core rules/kit/tricks.py); the deal is the base game's too.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, ClassVar

from pydantic import BaseModel

from rules.candy_kit.candy_deck import CARD_TEXT as TEXT
from rules.candy_kit.candy_deck import SUIT_TEXT, card_move_label
from rules.candy_kit.candy_tricks import (
    PLAY,
    PLAY_AS,
    card_named,
    deal_hands,
    next_hand,
    play_problem,
    play_to_trick,
    put_away,
    won_by,
)
from rules.candy_kit.cards import COLOURS, DECK, KING_SIZE, SUIT_SETS, SUITS, sort_key
from rules.contract import Action, Event, Game, Result, View, act, plural, winning
from rules.games.best_candy.deal import base_hand_size, deck_cards, random_colours
from rules.games.best_candy.trick import next_leader, suit_choices, trick_winner
from rules.games.best_house.gold import GOLD_CARDS, GOLD_SUIT, GOLD_VALUE, gold_text
from rules.games.best_house.help import HELP_PAGES, render_view
from rules.games.best_house.state import (
    TARGET,
    BestHouseOptions,
    BestHouseState,
    BestHouseTable,
    BestHouseView,
    HandSheet,
)
from rules.kit.tricks import Play, redeal_others, winning_play

IS_PRANK: tuple[bool, ...] = tuple(card.is_prank for card in DECK)
RANK: tuple[int, ...] = tuple(card.rank for card in DECK)

# Actions are built once: legal_actions hands out these shared frozen objects.
_TAKE: tuple[Action, ...] = tuple(act("take", c.id) for c in DECK)
_NOBODY: frozenset[int] = frozenset()
_ONLY: tuple[frozenset[int], ...] = tuple(frozenset((seat,)) for seat in range(5))


@cache
def names(card: int, trump: str | None, leading: bool) -> tuple[str, ...]:
    """The suits a card may name as the trick's first suited card (the base game's rule: a
    treat one of its suits, trump when a led card carries it; the King Size any suit but
    trump; a Prank or Non-Treat none)."""
    return suit_choices(card, trump, leading)


@cache
def plays(card: int, trump: str | None, naming: bool, leading: bool) -> tuple[Action, ...]:
    """The moves that play `card`: one per suit it may name while the trick has no suit, else one."""
    suits = names(card, trump, leading) if naming else ()
    return tuple(PLAY_AS[card][s] for s in suits) if suits else (PLAY[card],)


def gold_winner(cards: list[int], leader: int, players: int, trick_suit: str | None, gold_suit: str) -> int | None:
    """The seat whose card takes the gold card (ruling 1.9): the highest card showing the gold
    suit, trump ignored, the earlier of equal ranks; the King Size counts only when the gold
    suit is the named trick suit. None when no card shows the gold suit (ruling 1.10)."""
    plays = [
        Play(
            seat=(leader + k) % players,
            suits=SUIT_SETS[c]
            | (frozenset((gold_suit,)) if c == KING_SIZE and trick_suit == gold_suit else frozenset()),
            rank=RANK[c],
        )
        for k, c in enumerate(cards)
    ]
    best = plays[winning_play(plays, gold_suit, None)]
    return best.seat if best.counts_as(gold_suit) else None


def hand_sheet(tricks: int, gold: list[int], taken: list[int]) -> HandSheet:
    """A seat's hand score (ruling 1.12): 1 a trick, the gold won, less 1 a Prank taken, at least 0."""
    value = sum(GOLD_VALUE[g] for g in gold)
    pranks = sum(1 for c in taken if IS_PRANK[c])
    return HandSheet(tricks=tricks, gold=value, pranks=pranks, total=max(0, tricks + value - pranks))


class BestHouse(Game[BestHouseState]):
    id = "best-house"
    name = "Best House on the Block"
    min_players = 2
    max_players = 5
    Options: ClassVar[type[BaseModel]] = BestHouseTable
    state_type = BestHouseState
    hidden_information = True
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-tricks"

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        base: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(2, 6)]
        return [
            *base,
            (2, {"redraw_colours": True}),
            (3, {"trump": True, "redraw_colours": True}),
            (5, {"trump": True}),
        ]

    # ---- set-up -----------------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> BestHouseState:
        assert isinstance(options, BestHouseTable)
        # The state keeps the game's options only, so a saved game reads the same as before auto-play.
        rules = BestHouseOptions(**{name: getattr(options, name) for name in BestHouseOptions.model_fields})
        state = BestHouseState(players=players, seed=seed, scores=[0] * players, options=rules)
        state.dealer = state.chance().randrange(players)
        state.colours = self._colours(state)
        state.log.extend(self._deal(state))
        return state

    def _colours(self, state: BestHouseState) -> list[str]:
        """Whole colours as the base game deals them: all four with 4-5 players, else one a player,
        drawn at the start and (host option, ruling 1.14) again every hand."""
        if state.players >= len(COLOURS):
            return list(COLOURS)
        return random_colours(state.players, state.chance())

    def _deal(self, state: BestHouseState) -> list[Event]:
        players = state.players
        if state.hand_number > 1 and state.options.redraw_colours and players < len(COLOURS):
            state.colours = self._colours(state)
        size = base_hand_size(players)
        state.stash = sorted(deal_hands(state, deck_cards(state.colours), size), key=sort_key)
        state.drafted = [None] * players
        state.gold_deck = list(GOLD_CARDS)
        state.chance().shuffle(state.gold_deck)
        state.gold = None
        state.gold_won = [[] for _ in range(players)]
        state.gold_unclaimed = []
        state.taken = [[] for _ in range(players)]
        state.tricks_won = [0] * players
        state.trick_number = 0
        state.trick = []
        state.trick_suit = None
        state.trump = None
        state.phase = "draft"
        low = min(state.scores)
        tied = [s for s in range(players) if state.scores[s] == low]
        first = tied[0] if len(tied) == 1 else state.chance().choice(tied)
        state.drafters = [(first + k) % players for k in range(players)]
        colours = "" if len(state.colours) == len(COLOURS) else " from the " + " and ".join(state.colours) + " cards"
        shown = ", ".join(TEXT[c] for c in state.stash)
        return [
            Event(
                kind="deal",
                text=f"Hand {state.hand_number}: {{p{state.dealer}}} deals {size} cards each{colours}. "
                f"The stash: {shown}. {{p{first}}} takes a card first.",
            )
        ]

    # ---- play ---------------------------------------------------------------------

    def to_act(self, state: BestHouseState) -> frozenset[int]:
        if state.phase == "draft":
            return _ONLY[state.drafters[0]]
        if state.phase == "play":
            return _ONLY[state.turn]
        return _NOBODY

    def legal_actions(self, state: BestHouseState, seat: int) -> list[Action]:
        if state.phase == "draft":
            return [_TAKE[c] for c in state.stash] if seat == state.drafters[0] else []
        if state.phase != "play" or seat != state.turn:
            return []
        out: list[Action] = []
        trump, naming, leading = state.trump, state.trick_suit is None, not state.trick
        for card in state.hands[seat]:  # nobody has to follow (ruling 1.7): every card is legal
            out.extend(plays(card, trump, naming, leading))
        return out

    def why_illegal(self, state: BestHouseState, seat: int, action: Action) -> str:
        return self._problem(state, action) or super().why_illegal(state, seat, action)

    def _problem(self, state: BestHouseState, action: Action) -> str | None:
        args = action.args
        card = card_named(args)
        if action.kind == "take":
            if state.phase != "draft":
                return "The stash has been drafted for this hand: play a card."
            if card is None or len(args) != 1 or card not in state.stash:
                return "Take one of the cards in the stash."
            return None
        if action.kind != "play":
            return f"There is no such move in {self.name}: you can take a stash card or play a card."
        if state.phase == "draft":
            return "First everyone takes a card from the stash."
        # Nobody has to follow (ruling 1.7): every card held may be played.
        return play_problem(
            state.hands[state.turn],
            args,
            lambda card: names(card, state.trump, not state.trick) if state.trick_suit is None else (),
        )

    def _apply(self, state: BestHouseState, seat: int, action: Action) -> list[Event]:
        card = int(action.args[0])
        if action.kind == "take":
            return self._take(state, seat, card)
        named = str(action.args[1]) if len(action.args) == 2 else None
        return self._play(state, seat, card, named)

    def _take(self, state: BestHouseState, seat: int, card: int) -> list[Event]:
        state.stash.remove(card)
        state.hands[seat].append(card)
        state.hands[seat].sort(key=sort_key)
        state.drafted[seat] = card
        state.drafters.pop(0)
        events = [Event(kind="draft", text=f"{{p{seat}}} takes {TEXT[card]} from the stash.")]
        if state.drafters:
            return events
        state.phase = "play"
        if state.options.trump:
            state.trump = state.chance().choice(SUITS)
            events.append(Event(kind="trump", text=f"Trump is {SUIT_TEXT[state.trump]}."))
        state.leader = state.turn = (state.dealer + 1) % state.players
        events.append(Event(kind="lead", text=f"{{p{state.leader}}}, on the dealer's left, leads the first trick."))
        events.append(self._turn_up_gold(state))
        return events

    def _turn_up_gold(self, state: BestHouseState) -> Event:
        state.gold = state.gold_deck.pop()
        return Event(kind="gold", text=f"Trick-or-treaters at the door: gold card {gold_text(state.gold)}.")

    def _play(self, state: BestHouseState, seat: int, card: int, named: str | None) -> list[Event]:
        events = [play_to_trick(state, seat, card, named)]
        if len(state.trick) == state.players:
            events.extend(self._close_trick(state))
        else:
            state.turn = (seat + 1) % state.players
        return events

    def _close_trick(self, state: BestHouseState) -> list[Event]:
        players, leader, suit, trick = state.players, state.leader, state.trick_suit, state.trick
        assert state.gold is not None
        gold = state.gold
        winner = trick_winner(trick, leader, players, suit, state.trump)
        best = trick[(winner - leader) % players]
        taker = gold_winner(trick, leader, players, suit, GOLD_SUIT[gold])
        state.taken[winner].extend(trick)
        state.tricks_won[winner] += 1
        by_trump = state.trump is not None and state.trump in SUIT_SETS[best] and suit != state.trump
        why = won_by(winner, best, suit, "trump" if by_trump else None)
        if taker is None:
            state.gold_unclaimed.append(gold)
            gets = f"nobody played {SUIT_TEXT[GOLD_SUIT[gold]]}, so the gold card is set aside"
        else:
            state.gold_won[taker].append(gold)
            gets = f"{{p{taker}}} takes the gold card {gold_text(gold)}"
        events = [Event(kind="trick", text=f"{why}; {gets}.")]
        state.last_gold, state.last_gold_winner = gold, taker
        put_away(state, winner)
        state.leader = state.turn = next_leader(state.last_trick, winner, players)
        prank = state.leader != winner
        state.gold = None
        state.trick_number += 1
        if not state.hands[winner]:
            events.extend(self._score_hand(state))
            return events
        if prank:
            events.append(Event(kind="lead", text=f"A Prank was in the trick: {{p{state.leader}}} leads."))
        events.append(self._turn_up_gold(state))
        return events

    def _score_hand(self, state: BestHouseState) -> list[Event]:
        players = state.players
        sheets = [hand_sheet(state.tricks_won[s], state.gold_won[s], state.taken[s]) for s in range(players)]
        for s in range(players):
            state.scores[s] += sheets[s].total
        state.last_hand = sheets
        state.last_king_size = next((s for s in range(players) if KING_SIZE in state.taken[s]), None)
        text = "Hand over: " + "; ".join(f"{{p{s}}} +{sheets[s].total}" for s in range(players)) + "."
        return [Event(kind="hand", text=text), *next_hand(self, state, max(state.scores) >= TARGET, self._deal)]

    # ---- information ------------------------------------------------------------------

    def label(self, state: BestHouseState, seat: int, action: Action) -> str:
        if action.kind == "take":
            return f"Take {TEXT[int(action.args[0])]}"
        return card_move_label(action)

    def view(self, state: BestHouseState, seat: int | None) -> BestHouseView:
        return BestHouseView(
            seat=seat,
            players=state.players,
            phase=state.phase,
            hand_number=state.hand_number,
            dealer=state.dealer,
            scores=tuple(state.scores),
            colours=tuple(state.colours),
            hand_sizes=tuple(len(h) for h in state.hands),
            stash=tuple(state.stash),
            drafters=tuple(state.drafters) if state.phase == "draft" else (),
            drafted=tuple(state.drafted),
            trump=state.trump,
            gold=state.gold,
            gold_left=len(state.gold_deck),
            gold_won=tuple(tuple(g) for g in state.gold_won),
            gold_unclaimed=tuple(state.gold_unclaimed),
            taken=tuple(tuple(t) for t in state.taken),
            tricks_won=tuple(state.tricks_won),
            trick_number=state.trick_number,
            tricks_per_hand=base_hand_size(state.players) + 1,
            leader=state.leader,
            turn=state.turn if state.phase == "play" else None,
            trick=tuple(state.trick),
            trick_suit=state.trick_suit,
            last_trick=tuple(state.last_trick),
            last_leader=state.last_leader,
            last_winner=state.last_winner,
            last_suit=state.last_suit,
            last_gold=state.last_gold,
            last_gold_winner=state.last_gold_winner,
            last_hand=tuple(state.last_hand),
            my_hand=None if seat is None else tuple(state.hands[seat]),
        )

    def result(self, state: BestHouseState) -> Result | None:
        """Most points wins; level players are split by the gold won in the last hand, then by
        who took the King Size in it (ruling 1.13); still level, they share the win."""
        if state.phase != "over":
            return None
        players = state.players
        keys = [(state.scores[s], state.last_hand[s].gold, int(state.last_king_size == s)) for s in range(players)]
        places = tuple(1 + sum(1 for other in keys if other > keys[s]) for s in range(players))
        winners = [s for s in range(players) if places[s] == 1]
        best = state.scores[winners[0]]
        who = winning(winners)
        level = [s for s in range(players) if state.scores[s] == best]
        why = ""
        if len(winners) < len(level):
            decided_by_gold = any(keys[s][1] < keys[winners[0]][1] for s in level)
            why = (
                " (level on points: the most gold in the last hand decides)"
                if decided_by_gold
                else " (level on points and gold: the King Size taken in the last hand decides)"
            )
        return Result(
            scores=tuple(state.scores),
            places=places,
            summary=f"{who} with {plural(best, 'point')}{why}.",
        )

    def determinize(self, state: BestHouseState, seat: int, rng: random.Random) -> BestHouseState:
        """The others' hands are redealt from the cards they hold together, each keeping its
        size and the stash card it drafted (everyone saw it) while unplayed; the gold cards
        still face down are shuffled."""
        copy = self.copy_state(state)
        kept = {s: [c] for s, c in enumerate(state.drafted) if s != seat and c is not None and c in state.hands[s]}
        voids: list[list[str]] = [[] for _ in range(state.players)]
        dealt = redeal_others(state.hands, seat, voids, kept, SUIT_SETS.__getitem__, sort_key, rng)
        if dealt is not None:
            copy.hands = dealt
        rng.shuffle(copy.gold_deck)
        copy.seed = rng.randrange(2**62)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, BestHouseView)
        return render_view(view)
