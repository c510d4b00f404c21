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
)
from rules.candy_kit.cards import COLOURS, DECK, KING_SIZE, SUIT_SETS, SUITS, sort_key
from rules.contract import Action, Event, Game, Result, View, act, say, say_winners
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
from rules.kit.words import Msgid, message

DEALS = message(
    "Hand {hand}: {dealer} deals {size} cards each{colours}. The stash: {cards}. {first} takes a card first.",
    dealer="Hand {hand}: {dealer} deal {size} cards each{colours}. The stash: {cards}. {first} takes a card first.",
    first="Hand {hand}: {dealer} deals {size} cards each{colours}. The stash: {cards}. {first} take a card first.",
)
#: The dealer is the first to take a stash card.
DEALS_AND_TAKES = message(
    "Hand {hand}: {who} deals {size} cards each{colours}. The stash: {cards}. {who} takes a card first.",
    who="Hand {hand}: {who} deal {size} cards each{colours}. The stash: {cards}. {who} take a card first.",
)
TAKES = message("{who} takes {card} from the stash.", who="{who} take {card} from the stash.")
LEADS_FIRST = message(
    "{who}, on the dealer's left, leads the first trick.", who="{who}, on the dealer's left, lead the first trick."
)
PRANK_LEADS = message("A Prank was in the trick: {who} leads.", who="A Prank was in the trick: {who} lead.")
#: A trick's winner (`who`: nobody played a suited card, or the highest card) and its gold card:
#: set aside, taken by the winner, or taken by another player (`taker`).
_LED = "{who} led and nobody played a suited card, so {who} takes the trick"
_LED_YOU = "{who} led and nobody played a suited card, so {who} take the trick"
_HIGHEST = "{who} wins the trick with {card}, the highest {suit}"
_HIGHEST_YOU = "{who} win the trick with {card}, the highest {suit}"
_ASIDE = "; nobody played {gold_suit}, so the gold card is set aside."
_OWN_GOLD = "; {who} takes the gold card {gold}."
_OWN_GOLD_YOU = "; {who} take the gold card {gold}."
_GOLD = "; {taker} takes the gold card {gold}."
_GOLD_YOU = "; {taker} take the gold card {gold}."
#: Indexed by [led: 0, highest: 1][set aside: 0, the winner's: 1, another's: 2].
TRICK_AND_GOLD: tuple[tuple[Msgid, Msgid, Msgid], ...] = tuple(
    (
        message(won + _ASIDE, who=won_you + _ASIDE),
        message(won + _OWN_GOLD, who=won_you + _OWN_GOLD_YOU),
        message(won + _GOLD, who=won_you + _GOLD, taker=won + _GOLD_YOU),
    )
    for won, won_you in ((_LED, _LED_YOU), (_HIGHEST, _HIGHEST_YOU))
)
#: Each player's points for the hand (`h0` scored `s0`, ...), for 2 to 6 players.
HAND_OVER = {k: message("Hand over: " + "; ".join(f"{{h{i}}} +{{s{i}}}" for i in range(k)) + ".") for k in range(2, 7)}
#: The end (`why`: how a tie on points was broken, or nothing).
WINS_WITH = message(
    ("{who} wins with {n} point{why}.", "{who} wins with {n} points{why}."),
    who=("{who} win with {n} point{why}.", "{who} win with {n} points{why}."),
)
SHARE_WIN_WITH = message(("{who} share the win with {n} point{why}.", "{who} share the win with {n} points{why}."))

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
    plays = [gold_play(c, (leader + k) % players, trick_suit, gold_suit) for k, c in enumerate(cards)]
    best = plays[winning_play(plays, gold_suit, None)]
    return best.seat if best.counts_as(gold_suit) else None


def gold_play(card: int, seat: int, trick_suit: str | None, gold_suit: str) -> Play:
    """A card as it competes for the gold card: its own suits, the King Size the gold suit too
    when that is the named trick suit."""
    king_size = card == KING_SIZE and trick_suit == gold_suit
    return Play(
        seat=seat, suits=SUIT_SETS[card] | (frozenset((gold_suit,)) if king_size else frozenset()), rank=RANK[card]
    )


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
        args: dict[str, int | str] = {"hand": state.hand_number, "size": size, "colours": colours, "cards": shown}
        if first == state.dealer:
            return [say("deal", DEALS_AND_TAKES, {"who": first}, None, **args)]
        return [say("deal", DEALS, {"dealer": state.dealer, "first": first}, None, **args)]

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
        events = [say("draft", TAKES, {"who": seat}, card=TEXT[card])]
        if state.drafters:
            return events
        state.phase = "play"
        if state.options.trump:
            state.trump = state.chance().choice(SUITS)
            events.append(Event(kind="trump", text=f"Trump is {SUIT_TEXT[state.trump]}."))
        state.leader = state.turn = (state.dealer + 1) % state.players
        events.append(say("lead", LEADS_FIRST, {"who": state.leader}))
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
        won: dict[str, int | str] = (
            {} if suit is None else {"card": TEXT[best], "suit": "trump" if by_trump else SUIT_TEXT[suit]}
        )
        texts = TRICK_AND_GOLD[suit is not None]
        if taker is None:
            state.gold_unclaimed.append(gold)
            event = say("trick", texts[0], {"who": winner}, None, gold_suit=SUIT_TEXT[GOLD_SUIT[gold]], **won)
        elif taker == winner:
            state.gold_won[taker].append(gold)
            event = say("trick", texts[1], {"who": winner}, None, gold=gold_text(gold), **won)
        else:
            state.gold_won[taker].append(gold)
            event = say("trick", texts[2], {"who": winner, "taker": taker}, None, gold=gold_text(gold), **won)
        events = [event]
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
            events.append(say("lead", PRANK_LEADS, {"who": state.leader}))
        events.append(self._turn_up_gold(state))
        return events

    def _score_hand(self, state: BestHouseState) -> list[Event]:
        players = state.players
        sheets = [hand_sheet(state.tricks_won[s], state.gold_won[s], state.taken[s]) for s in range(players)]
        for s in range(players):
            state.scores[s] += sheets[s].total
        state.last_hand = sheets
        state.last_king_size = next((s for s in range(players) if KING_SIZE in state.taken[s]), None)
        over = say(
            "hand",
            HAND_OVER[players],
            {f"h{s}": s for s in range(players)},
            None,
            **{f"s{s}": sheets[s].total for s in range(players)},
        )
        return [over, *next_hand(self, state, max(state.scores) >= TARGET, self._deal, said_over=self._over)]

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
        places = self._standing(state)[0]
        return Result.worded(state.scores, places, self._over(state))

    def _standing(self, state: BestHouseState) -> tuple[tuple[int, ...], list[int], str]:
        """Each seat's place, the winners, and how a tie on points was broken ("" if it was not)."""
        players = state.players
        keys = [(state.scores[s], state.last_hand[s].gold, int(state.last_king_size == s)) for s in range(players)]
        places = tuple(1 + sum(1 for other in keys if other > keys[s]) for s in range(players))
        winners = [s for s in range(players) if places[s] == 1]
        best = state.scores[winners[0]]
        level = [s for s in range(players) if state.scores[s] == best]
        why = ""
        if len(winners) < len(level):
            decided_by_gold = any(keys[s][1] < keys[winners[0]][1] for s in level)
            why = (
                " (level on points: the most gold in the last hand decides)"
                if decided_by_gold
                else " (level on points and gold: the King Size taken in the last hand decides)"
            )
        return places, winners, why

    def _over(self, state: BestHouseState) -> Event:
        """The game's last line: the winner(s), their points and how a tie was broken."""
        _, winners, why = self._standing(state)
        return say_winners("game-over", winners, WINS_WITH, SHARE_WIN_WITH, n=state.scores[winners[0]], why=why)

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
