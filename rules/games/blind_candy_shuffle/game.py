"""Blind Candy Shuffle: rules as pure functions over `BlindState` (rulings §8).

Each player has four face-down slots. On their first turn of a round a player first `look`s at
two slots. A turn is then `knock`, or `take.N` (the discard pile's top into slot N, the slot's
card face up onto the pile), or `draw` (the deck's top, seen by the drawer alone) followed by
`place.N` (into slot N, unseen, the slot's card discarded) or `drop` (the drawn card discarded).
Rounds, knocking and lives are the shared frame of `rules.candy_kit.knocking`; the highest four-card total
is best and the lowest loses a piece of candy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import combinations
from typing import Any, Final

from pydantic import BaseModel, Field

from rules.candy_kit import candy_deck, knocking
from rules.candy_kit.candy_deck import face_value, text_of
from rules.candy_kit.knocking import KnockOptions
from rules.contract import Action, Event, Game, Result, View, plural, say
from rules.games.blind_candy_shuffle.help import HELP_PAGES
from rules.games.blind_candy_shuffle.state import SLOTS, BlindState, BlindView
from rules.kit.words import message

DEALS = message(
    "Round {round}: {dealer} deals four face-down cards each; {card} starts the discard pile and {first} goes first.",
    dealer="Round {round}: {dealer} deal four face-down cards each; "
    "{card} starts the discard pile and {first} goes first.",
    first="Round {round}: {dealer} deals four face-down cards each; "
    "{card} starts the discard pile and {first} go first.",
)
LOOKS = message("{who} looks at slots {first} and {second}.", who="{who} look at slots {first} and {second}.")
#: What the looker saw, shown to them alone (past tense: the same words for "you").
SAW = message("{who} saw {seen}.", who="{who} saw {seen}.")
DRAWS = message("{who} draws from the deck.", who="{who} draw from the deck.")
DREW = message("{who} drew {card}.", who="{who} drew {card}.")
DROPPED = message(
    "{who} drew {card} from the deck and discarded it.", who="{who} drew {card} from the deck and discarded it."
)
TOOK = message(
    "{who} took {card} from the discard pile into slot {slot} and discarded {old} from it.",
    who="{who} took {card} from the discard pile into slot {slot} and discarded {old} from it.",
)
PUT = message(
    "{who} put the card drawn into slot {slot} and discarded {old} from it.",
    who="{who} put the card drawn into slot {slot} and discarded {old} from it.",
)
TURNS_UP = message("{who} turns up {cards}: {total}.", who="{who} turn up {cards}: {total}.")

DECK: Final = candy_deck.select()
KNOCK: Final = Action(kind="knock")
DRAW: Final = Action(kind="draw")
DROP: Final = Action(kind="drop")
#: Slots are numbered 1-4 as players say them.
LOOK: Final = tuple(Action(kind="look", args=pair) for pair in combinations(range(1, SLOTS + 1), 2))
TAKE: Final = tuple(Action(kind="take", args=(slot,)) for slot in range(1, SLOTS + 1))
PLACE: Final = tuple(Action(kind="place", args=(slot,)) for slot in range(1, SLOTS + 1))
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final = tuple(frozenset({seat}) for seat in range(8))


class Options(KnockOptions):
    memory_aid: bool = Field(
        True, title="Memory aid", description="Your screen keeps showing the cards you have seen and their slots"
    )


def everyone(players: int) -> int:
    """The bit mask of every seat: a card everyone saw."""
    return (1 << players) - 1


def total(cards: list[int]) -> int:
    """A round's score: the face values of the four cards (Prank -1, Non-Treat 0, King Size 13)."""
    return sum(face_value(card) for card in cards)


class BlindCandyShuffle(Game[BlindState]):
    id = "blind-candy-shuffle"
    name = "Blind Candy Shuffle"
    min_players = 2
    max_players = 8
    Options = Options
    state_type = BlindState
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-cards"

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        counts: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(self.min_players, self.max_players + 1)]
        return [*counts, (3, {"on_their_honor": True, "memory_aid": False})]

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> BlindState:
        assert isinstance(options, Options)
        state = knocking.new_game(BlindState, players, seed, options, memory_aid=options.memory_aid)
        state.log.append(self._deal(state))
        return state

    def _deal(self, state: BlindState) -> Event:
        """Shuffle the whole deck, four face-down cards to each player still in, one face up."""
        cards = list(DECK)
        state.chance().shuffle(cards)
        state.slots = [[] for _ in range(state.players)]
        for seat in knocking.in_play(state):
            state.slots[seat] = [cards.pop() for _ in range(SLOTS)]
        state.knows = [[0] * len(slots) for slots in state.slots]
        state.looked = [False] * state.players
        state.discard = [cards.pop()]
        state.pile = cards
        state.phase = "look"
        state.drawn = None
        roles = {"dealer": state.dealer, "first": state.turn}
        return say("deal", DEALS, roles, round=state.round, card=text_of(state.discard[0]))

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: BlindState) -> frozenset[int]:
        return _NOBODY if state.over else _ONLY[state.turn]

    def legal_actions(self, state: BlindState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        if state.phase == "look":
            return list(LOOK)
        if state.phase == "drawn":
            return [*PLACE, DROP]
        actions = [KNOCK] if knocking.may_knock(state) else []
        if state.pile or len(state.discard) > 1:
            actions.append(DRAW)
        return [*actions, *TAKE]

    def _apply(self, state: BlindState, seat: int, action: Action) -> list[Event]:
        kind = action.kind
        who = {"who": seat}
        mine = 1 << seat
        if kind == "look":
            first, second = (int(a) for a in action.args)
            state.knows[seat][first - 1] |= mine
            state.knows[seat][second - 1] |= mine
            state.looked[seat] = True
            state.phase = "turn"
            seen = ", ".join(f"slot {n}: {text_of(state.slots[seat][n - 1])}" for n in (first, second))
            return [
                say("look", LOOKS, who, first=first, second=second),
                say("seen", SAW, who, (seat,), seen=seen),
            ]
        if kind == "knock":
            return [knocking.knock(state, seat), *self._end_turn(state)]
        if kind == "draw":
            card = candy_deck.draw(state, state.pile, state.discard)
            assert card is not None
            state.drawn, state.phase = card, "drawn"
            return [
                say("draw", DRAWS, who),
                say("drew", DREW, who, (seat,), card=text_of(card)),
            ]
        if kind == "drop":
            card = state.drawn
            assert card is not None
            state.discard.append(card)
            state.drawn = None
            event = say("drop", DROPPED, who, card=text_of(card))
            return [event, *self._end_turn(state)]
        slot = int(action.args[0]) - 1
        old = state.slots[seat][slot]
        if kind == "take":
            card, knows = state.discard.pop(), everyone(state.players)
            event = say(kind, TOOK, who, card=text_of(card), slot=slot + 1, old=text_of(old))
        else:  # place
            card, knows = state.drawn, mine
            assert card is not None
            state.drawn = None
            event = say(kind, PUT, who, slot=slot + 1, old=text_of(old))
        state.slots[seat][slot], state.knows[seat][slot] = card, knows
        state.discard.append(old)
        return [event, *self._end_turn(state)]

    def _end_turn(self, state: BlindState) -> list[Event]:
        if not knocking.pass_turn(state):
            state.phase = "turn" if state.looked[state.turn] else "look"
            return []
        return self._end_round(state)

    def _end_round(self, state: BlindState) -> list[Event]:
        """Every slot is turned up; the lowest total(s) lose a piece of candy (§8.9-8.10)."""
        playing = knocking.in_play(state)
        totals = {seat: total(state.slots[seat]) for seat in playing}
        events = [
            say("reveal", TURNS_UP, {"who": seat}, cards=", ".join(map(text_of, state.slots[seat])), total=totals[seat])
            for seat in playing
        ]
        losers = knocking.worst({seat: -points for seat, points in totals.items()})
        hands = [list(slots) for slots in state.slots]
        return events + knocking.end_round(state, hands, totals, losers, self._deal)

    # ---- words ----------------------------------------------------------------

    def label(self, state: BlindState, seat: int, action: Action) -> str:
        kind, args = action.kind, action.args
        if kind == "look":
            return f"Look at slots {args[0]} and {args[1]}"
        if kind == "knock":
            return "Knock"
        if kind == "draw":
            return "Draw from the deck"
        if kind == "drop":
            return "Discard the card drawn"
        if kind == "take":
            top = text_of(state.discard[-1]) if state.discard else "the discard"
            return f"Take {top} into slot {args[0]}"
        return f"Put it into slot {args[0]}"

    def why_illegal(self, state: BlindState, seat: int, action: Action) -> str:
        kind = action.kind
        if state.phase == "look":
            return "First look at two of your face-down cards: pick two different slots, 1 to 4."
        if state.phase == "drawn":
            return "Put the card you drew into a slot (1 to 4), or discard it."
        if kind == "knock":
            return "Somebody has already knocked this round: only one knock a round."
        if kind == "draw":
            return "The deck and the discard pile are both empty: take the discard instead."
        if kind in {"take", "place"}:
            return "Name a slot from 1 to 4."
        return f"That is not a move in {self.name}: knock, draw from the deck or take the discard."

    # ---- information ----------------------------------------------------------

    def view(self, state: BlindState, seat: int | None) -> BlindView:
        every = everyone(state.players)
        public = tuple(
            tuple(card if knows == every else None for card, knows in zip(cards, state.knows[owner], strict=True))
            for owner, cards in enumerate(state.slots)
        )
        if seat is None:
            slots = public
        else:
            mine = 1 << seat
            slots = tuple(
                tuple(card if knows & mine else None for card, knows in zip(cards, state.knows[owner], strict=True))
                for owner, cards in enumerate(state.slots)
            )
        return BlindView(
            seat=seat,
            memory_aid=state.memory_aid,
            phase=state.phase,
            slots=slots,
            public=public,
            discard=tuple(state.discard),
            pile_size=len(state.pile),
            drawn=state.drawn if seat is not None and seat == state.turn else None,
            looked=tuple(state.looked),
            lives=tuple(state.lives),
            dealer=state.dealer,
            turn=state.turn,
            knocker=state.knocker,
            round=state.round,
            on_their_honor=state.on_their_honor,
            honored=tuple(state.honored),
            last_round=state.last_round,
            over=state.over,
        )

    def result(self, state: BlindState) -> Result | None:
        return knocking.result(state)

    def determinize(self, state: BlindState, seat: int, rng: random.Random) -> BlindState:
        """Every card `seat` has not seen is dealt again into the places of unseen cards."""
        return candy_deck.guess_unseen(self, state, seat, rng, redeal_unseen)

    def render_text(self, view: View) -> str:
        assert isinstance(view, BlindView)
        top = text_of(view.discard[-1]) if view.discard else "none"
        lines = [f"Round {view.round} · discard top: {top} · deck: {plural(view.pile_size, 'card')}"]
        for owner, cards in enumerate(view.slots):
            knocked = " (knocked)" if view.knocker == owner else ""
            shown = " | ".join("?" if card is None else text_of(card) for card in cards) or "out"
            lines.append(f"{{p{owner}}}: {knocking.lives_text(view.lives[owner])}: {shown}{knocked}")
        if view.drawn is not None:
            lines.append(f"Drawn: {text_of(view.drawn)}")
        return "\n".join(lines)


def redeal_unseen(state: BlindState, seat: int, arrange: Callable[[list[int]], None]) -> BlindState:
    """Gather every card `seat` has not seen (the deck, unseen slots, a card someone else drew),
    `arrange` them (shuffled, or sorted for the computer's canonical guess) and put them back
    in the same places. Changes `state` in place and returns it."""
    mine = 1 << seat
    places = [
        (owner, slot) for owner, knows in enumerate(state.knows) for slot, mask in enumerate(knows) if not mask & mine
    ]
    unseen = [*state.pile, *(state.slots[owner][slot] for owner, slot in places)]
    other_drew = state.drawn is not None and state.turn != seat
    if other_drew:
        assert state.drawn is not None
        unseen.append(state.drawn)
    arrange(unseen)
    if other_drew:
        state.drawn = unseen.pop()
    for owner, slot in places:
        state.slots[owner][slot] = unseen.pop()
    state.pile = unseen
    return state
