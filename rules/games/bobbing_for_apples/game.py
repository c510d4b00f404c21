"""Bobbing for Apples: rules as pure functions over `BobbingState` (rulings §14).

A turn is one of four moves with a hand card. `give.<card>` lays it loose in the stash.
`use.<card>` chooses it to build with, then `combine.<item>` or `pair.<item>` puts it on a
stash item (two steps, so a stash of any size fits Discord's menus). `take.<card>` shows it,
then `pick.<item>` takes stash items one at a time: picks form groups, a group closing as soon
as it adds up to the card's rank; the take ends by itself once the groups leave nothing worth
that rank in the stash. `back` returns to the choice of a move. Items are numbered from 1.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from functools import lru_cache
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import NON_TREATS, face_value, text_of
from rules.candy_kit.cards import KING_SIZE
from rules.contract import (
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
)
from rules.games.bobbing_for_apples.help import HELP_PAGES
from rules.games.bobbing_for_apples.scoring import hand_points
from rules.games.bobbing_for_apples.stash import completes, reaches, takeable
from rules.games.bobbing_for_apples.state import NOBODY, BobbingState, BobbingView, StashItem
from rules.kit.words import message

DEALS = message(
    "Hand {hand}: {dealer} deals; 5 cards start the stash and {first} goes first.",
    dealer="Hand {hand}: {dealer} deal; 5 cards start the stash and {first} goes first.",
    first="Hand {hand}: {dealer} deals; 5 cards start the stash and {first} go first.",
)
DEALS_MORE = message("{who} deals {n} more cards to everyone.", who="{who} deal {n} more cards to everyone.")
KEEPS = message("{who} keeps {card} after all.", who="{who} keep {card} after all.")
GIVES = message("{who} gives {card} to the stash.", who="{who} give {card} to the stash.")
#: `item` is a stash card, or "the stack of 7" / "the pair of 5".
COMBINES = message(
    "{who} combines {card} with {item}: a stack of {value}.",
    who="{who} combine {card} with {item}: a stack of {value}.",
)
PAIRS = message(
    "{who} pairs {card} with {item}: a pair of {value}.", who="{who} pair {card} with {item}: a pair of {value}."
)
SHOWS = message("{who} shows {card} to take with it.", who="{who} show {card} to take with it.")
TAKES = message(
    ("{who} takes with {card}: {cards} ({n} card in all).", "{who} takes with {card}: {cards} ({n} cards in all)."),
    who=("{who} take with {card}: {cards} ({n} card in all).", "{who} take with {card}: {cards} ({n} cards in all)."),
)
SWEEPS = message(
    (
        "The deck and hands are empty: {who} gets the {n} card left in the stash.",
        "The deck and hands are empty: {who} gets the {n} cards left in the stash.",
    ),
    who=(
        "The deck and hands are empty: {who} get the {n} card left in the stash.",
        "The deck and hands are empty: {who} get the {n} cards left in the stash.",
    ),
)
#: Each player's points for the hand (`h0` scored `s0`, ...), for 2 to 4 players.
HAND_POINTS = {
    k: message("Points this hand: " + ", ".join(f"{{h{i}}} {{s{i}}}" for i in range(k)) + ".") for k in range(2, 5)
}

#: 53 cards: the deck less its four Non-Treats (§14 deck).
DECK: Final = candy_deck.without(candy_deck.select(), NON_TREATS)
STASH_AT_DEAL = 5
EACH_DEAL = 4
TARGET = 31
_VALUE: Final = {card: face_value(card) for card in DECK}
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final = tuple(frozenset({seat}) for seat in range(4))
_MOST_ITEMS = len(DECK)
# Every action, built once: legal_actions runs at every move.
TAKE: Final = {card: Action(kind="take", args=(card,)) for card in DECK}
USE: Final = {card: Action(kind="use", args=(card,)) for card in DECK}
GIVE: Final = {card: Action(kind="give", args=(card,)) for card in DECK}
#: How many stash items one step of a long choice shows (`choice_key`).
_ITEMS_A_STEP: Final = 10
COMBINE: Final = tuple(Action(kind="combine", args=(n,)) for n in range(_MOST_ITEMS + 1))
PAIR: Final = tuple(Action(kind="pair", args=(n,)) for n in range(_MOST_ITEMS + 1))
PICK: Final = tuple(Action(kind="pick", args=(n,)) for n in range(_MOST_ITEMS + 1))
BACK: Final = Action(kind="back")


def value_of(card: int) -> int:
    """Face value: a Prank -1, a treat its rank, the King Size 13."""
    return _VALUE[card]


def deals_per_hand(players: int) -> int:
    """48 cards after the stash's 5: 6 deals at 2 players, 4 at 3, 3 at 4."""
    return (len(DECK) - STASH_AT_DEAL) // (EACH_DEAL * players)


class Options(AutoPlayOptions):
    model_config = ConfigDict(extra="forbid", frozen=True)

    must_hold: bool = Field(
        False,
        title="Hold the card to take it",
        description="Build or pair a stack only when you keep a card of its new value",
    )
    stay_with_stack: bool = Field(
        False,
        title="Stay with your stack",
        description="After building a stack, your next moves must use it until someone else does",
    )


def highest(state: BobbingState) -> int:
    """A stack may be built up to 13, or to 12 once the King Size is on the table or taken."""
    return 12 if state.king_out else 13


def build_targets(state: BobbingState, seat: int, card: int) -> list[Action]:
    """Where `card` may go (§14.4-14.5, option A §14.7): combine onto a loose card or a built
    stack for a new value of 1 up to the highest; pair onto an item of the same value."""
    value = _VALUE[card]
    top = highest(state)
    if state.must_hold:
        kept = list(state.hands[seat])
        kept.remove(card)
        ranks = {_VALUE[c] for c in kept}
    out: list[Action] = []
    for n, (worth, paired) in enumerate(zip(state.values, state.paired, strict=True), start=1):
        if not paired and 1 <= worth + value <= top and (not state.must_hold or worth + value in ranks):
            out.append(COMBINE[n])
        if worth == value and (not state.must_hold or value in ranks):
            out.append(PAIR[n])
    return out


def first_bound_take(state: BobbingState, seat: int, card: int) -> int | None:
    """The first stash item built by `seat` that a take with `card` can include (option B)."""
    target = _VALUE[card]
    for i, builder in enumerate(state.builders):
        if builder == seat:
            rest = state.values[:i] + state.values[i + 1 :]
            if completes(state.values[i], rest, target):
                return i
    return None


def is_bound(state: BobbingState, seat: int) -> bool:
    """Option B (§14.8): `seat` built a stack that is still theirs, and some move with a hand
    card uses one of their stacks (else they are free)."""
    if not state.stay_with_stack or seat not in state.builders:
        return False
    for card in state.hands[seat]:
        if first_bound_take(state, seat, card) is not None:
            return True
        if any(state.builders[int(a.args[0]) - 1] == seat for a in build_targets(state, seat, card)):
            return True
    return False


# legal_actions runs twice a move (the player's choice, then apply's check), and a search
# asks again and again about the same stash: both answers are pure functions of a few values.
@lru_cache(maxsize=8192)
def _free_moves(
    values: tuple[int, ...], paired: tuple[bool, ...], hand: tuple[int, ...], top: int, must_hold: bool
) -> tuple[Action, ...]:
    ranks = [_VALUE[card] for card in hand]
    can_take = takeable(values, ranks)
    loose = {w for w, pair in zip(values, paired, strict=True) if not pair}
    present = set(values)
    out: list[Action] = []
    for at, card in enumerate(hand):
        value = ranks[at]
        if must_hold:
            kept = set(ranks[:at] + ranks[at + 1 :])
            builds = any(1 <= w + value <= top and w + value in kept for w in loose) or (
                value in present and value in kept
            )
        else:
            builds = value in present or any(1 <= w + value <= top for w in loose)
        if value in can_take:
            out.append(TAKE[card])
        if builds:
            out.append(USE[card])
        out.append(GIVE[card])
    return tuple(out)


@lru_cache(maxsize=8192)
def _fitting_values(values: tuple[int, ...], open_sum: int, target: int) -> frozenset[int]:
    """The values among the free items (`values`, sorted) that can join an open group adding up
    to `open_sum` so that it can still make `target`: items of equal value leave the same rest."""
    fits: set[int] = set()
    for at, worth in enumerate(values):
        if (at == 0 or values[at - 1] != worth) and completes(open_sum + worth, values[:at] + values[at + 1 :], target):
            fits.add(worth)
    return frozenset(fits)


class BobbingForApples(Game[BobbingState]):
    id = "bobbing-for-apples"
    name = "Bobbing for Apples"
    min_players = 2
    max_players = 4
    Options = Options
    state_type = BobbingState
    help_pages = HELP_PAGES
    family = "candy-cards"

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        return [
            (2, {}),
            (3, {}),
            (4, {}),
            (2, {"must_hold": True}),
            (3, {"stay_with_stack": True}),
            (4, {"must_hold": True, "stay_with_stack": True}),
        ]

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> BobbingState:
        assert isinstance(options, Options)
        state = BobbingState(
            players=players,
            seed=seed,
            must_hold=options.must_hold,
            stay_with_stack=options.stay_with_stack,
            scores=[0] * players,
        )
        state.dealer = state.chance().randrange(players)
        state.log.append(self._deal(state))
        return state

    def _deal(self, state: BobbingState) -> Event:
        cards = list(DECK)
        state.chance().shuffle(cards)
        stash = [cards.pop() for _ in range(STASH_AT_DEAL)]
        state.items = [[card] for card in stash]
        state.values = [_VALUE[card] for card in stash]
        state.paired = [False] * STASH_AT_DEAL
        state.builders = [NOBODY] * STASH_AT_DEAL
        state.hands = [[cards.pop() for _ in range(EACH_DEAL)] for _ in range(state.players)]
        state.pile = cards
        state.captures = [[] for _ in range(state.players)]
        state.last_taker = NOBODY
        state.king_out = KING_SIZE in stash
        state.deal_number = 1
        state.turn = (state.dealer + 1) % state.players
        self._clear(state)
        return say("deal", DEALS, {"dealer": state.dealer, "first": state.turn}, hand=state.hand_number)

    @staticmethod
    def _clear(state: BobbingState) -> None:
        # Only what changed: a playout clears after every move.
        if state.phase != "play":
            state.phase, state.holding, state.taking = "play", None, None
        if state.picked or state.group:
            state.picked, state.group = [], []

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: BobbingState) -> frozenset[int]:
        return _NOBODY if state.over else _ONLY[state.turn]

    def legal_actions(self, state: BobbingState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        if state.phase == "take":
            return [*self._picks(state), BACK]
        bound = is_bound(state, seat)
        if state.phase == "build":
            assert state.holding is not None
            targets = build_targets(state, seat, state.holding)
            if bound:
                targets = [a for a in targets if state.builders[int(a.args[0]) - 1] == seat]
            return [*targets, BACK]
        if not bound:
            return self._moves(state, seat)
        out: list[Action] = []
        for card in sorted(state.hands[seat]):
            targets = build_targets(state, seat, card)
            if bound:
                if first_bound_take(state, seat, card) is not None:
                    out.append(TAKE[card])
                if any(state.builders[int(a.args[0]) - 1] == seat for a in targets):
                    out.append(USE[card])
        return out

    def _moves(self, state: BobbingState, seat: int) -> list[Action]:
        """Every move of a free player: take, build, give with each card, worked out by value."""
        key = (tuple(state.values), tuple(state.paired), tuple(sorted(state.hands[seat])))
        return list(_free_moves(*key, highest(state), state.must_hold))

    def _picks(self, state: BobbingState) -> list[Action]:
        """Stash items that can still join the open group (or start a new one) so that it adds up
        to the shown card's rank with items not picked yet."""
        assert state.taking is not None
        used = set(state.picked) | set(state.group)
        open_sum = sum(state.values[i] for i in state.group)
        free = [i for i in range(len(state.values)) if i not in used]
        values = [state.values[j] for j in free]
        fits = _fitting_values(tuple(sorted(values)), open_sum, _VALUE[state.taking])
        return [PICK[i + 1] for i, worth in zip(free, values, strict=True) if worth in fits]

    def _apply(self, state: BobbingState, seat: int, action: Action) -> list[Event]:
        who = {"who": seat}
        kind = action.kind
        if kind == "back":
            if state.taking is not None:
                state.hands[seat].append(state.taking)
                events = [say("back", KEEPS, who, card=text_of(state.taking))]
            else:
                events = []
            self._clear(state)
            return events
        if kind == "use":
            state.holding, state.phase = int(action.args[0]), "build"
            return []
        if kind == "take":
            return self._start_take(state, seat, int(action.args[0]))
        if kind == "pick":
            return self._pick(state, seat, int(action.args[0]) - 1)
        if kind == "give":
            card = int(action.args[0])
            self._play(state, seat, card)
            state.items.append([card])
            state.values.append(_VALUE[card])
            state.paired.append(False)
            state.builders.append(NOBODY)
            events = [say("give", GIVES, who, card=text_of(card))]
            return events + self._end_turn(state)
        assert state.holding is not None
        card, i = state.holding, int(action.args[0]) - 1
        self._play(state, seat, card)
        before = self._item_words(state, i)
        state.items[i].append(card)
        state.builders[i] = seat if state.stay_with_stack else NOBODY
        if kind == "combine":
            state.values[i] += _VALUE[card]
        else:
            state.paired[i] = True
        said = COMBINES if kind == "combine" else PAIRS
        event = say(kind, said, who, card=text_of(card), item=before, value=state.values[i])
        return [event, *self._end_turn(state)]

    @staticmethod
    def _play(state: BobbingState, seat: int, card: int) -> None:
        state.hands[seat].remove(card)
        if card == KING_SIZE:
            state.king_out = True

    def _start_take(self, state: BobbingState, seat: int, card: int) -> list[Event]:
        """§14.3: the card is shown; with option B and a stack of the player's own that it can
        take, that stack starts the first group."""
        bound = is_bound(state, seat)
        state.hands[seat].remove(card)
        state.taking, state.phase, state.picked, state.group = card, "take", [], []
        events = [say("show", SHOWS, {"who": seat}, card=text_of(card))]
        if bound:
            first = first_bound_take(state, seat, card)
            assert first is not None
            events += self._pick(state, seat, first)
        return events

    def _pick(self, state: BobbingState, seat: int, i: int) -> list[Event]:
        assert state.taking is not None
        target = _VALUE[state.taking]
        state.group.append(i)
        if sum(state.values[j] for j in state.group) != target:
            return []
        state.picked += state.group
        state.group = []
        rest = [v for j, v in enumerate(state.values) if j not in state.picked]
        if reaches(rest, target):
            return []
        return self._finish_take(state, seat)

    def _finish_take(self, state: BobbingState, seat: int) -> list[Event]:
        assert state.taking is not None
        card = state.taking
        gone = set(state.picked)
        taken = [card, *(c for j in sorted(gone) for c in state.items[j])]
        keep = [j for j in range(len(state.items)) if j not in gone]
        state.items = [state.items[j] for j in keep]
        state.values = [state.values[j] for j in keep]
        state.paired = [state.paired[j] for j in keep]
        state.builders = [state.builders[j] for j in keep]
        state.captures[seat] += taken
        state.last_taker = seat
        if card == KING_SIZE:
            state.king_out = True
        names = ", ".join(text_of(c) for c in taken[1:])
        event = say("take", TAKES, {"who": seat}, card=text_of(card), cards=names, n=len(taken))
        return [event, *self._end_turn(state)]

    def _end_turn(self, state: BobbingState) -> list[Event]:
        self._clear(state)
        state.turn = (state.turn + 1) % state.players
        if any(state.hands):
            return []
        if state.pile:
            for hand in state.hands:
                hand.extend(state.pile.pop() for _ in range(EACH_DEAL))
            state.deal_number += 1
            return [say("deal", DEALS_MORE, {"who": state.dealer}, n=EACH_DEAL)]
        return self._end_hand(state)

    def _end_hand(self, state: BobbingState) -> list[Event]:
        """§14.9-14.11: the stash left goes to the last taker (the dealer when nobody took);
        the hand is scored; 31 or more and one clear leader ends the game."""
        sweeper = state.last_taker if state.last_taker != NOBODY else state.dealer
        left = [card for item in state.items for card in item]
        state.captures[sweeper] += left
        state.items, state.values, state.paired, state.builders = [], [], [], []
        events = [say("sweep", SWEEPS, {"who": sweeper}, n=len(left))]
        points = hand_points(state.captures)
        state.last_points = points
        state.scores = [total + got for total, got in zip(state.scores, points, strict=True)]
        got: dict[str, int | str] = {f"s{seat}": points[seat] for seat in range(state.players)}
        seats = {f"h{seat}": seat for seat in range(state.players)}
        events.append(say("score", HAND_POINTS[state.players], seats, None, **got))
        best = max(state.scores)
        if best >= TARGET and state.scores.count(best) == 1:
            state.over = True
            return events
        if best >= TARGET:
            events.append(Event(kind="tie", text=f"The leaders are tied at {best}: one more hand."))
        state.hand_number += 1
        state.dealer = (state.dealer + 1) % state.players
        events.append(self._deal(state))
        return events

    # ---- words ----------------------------------------------------------------

    @staticmethod
    def _item_words(state: BobbingState, i: int) -> str:
        cards = state.items[i]
        if len(cards) == 1:
            return text_of(cards[0])
        kind = "pair" if state.paired[i] else "stack"
        return f"the {kind} of {state.values[i]}"

    def choice_key(self, state: BobbingState, seat: int, action: Action) -> tuple[int | str, ...] | None:
        # A big stash: first ten items at a time (#1 to #10...), then the item.
        if action.kind in ("pick", "combine", "pair"):
            return (action.kind, (int(action.args[0]) - 1) // _ITEMS_A_STEP)
        return super().choice_key(state, seat, action)

    def choice_group_label(self, state: BobbingState, seat: int, members: Sequence[Action]) -> str:
        first, last = int(members[0].args[0]), int(members[-1].args[0])
        verb = {"pick": "Take", "combine": "Combine onto", "pair": "Pair with"}.get(members[0].kind)
        if verb is None:
            return super().choice_group_label(state, seat, members)
        return f"{verb} one of #{first} to #{last}…"

    def label(self, state: BobbingState, seat: int, action: Action) -> str:
        kind = action.kind
        if kind == "back":
            return "Back: choose another move"
        if kind in ("take", "use", "give"):
            card = text_of(int(action.args[0]))
            return {"take": f"Take with {card}", "use": f"Build with {card}", "give": f"Give {card}"}[kind]
        i = int(action.args[0]) - 1
        item = f"#{i + 1} {self._item_words(state, i)}"
        if kind == "pick":
            return f"Take {item}"
        assert state.holding is not None
        if kind == "combine":
            return f"Combine onto {item}: makes {state.values[i] + _VALUE[state.holding]}"
        return f"Pair with {item}"

    def why_illegal(self, state: BobbingState, seat: int, action: Action) -> str:
        if state.phase == "take":
            return "Pick a stash item that can still make up the rank of the card you showed, or go back."
        if state.phase == "build":
            return "Put your card on a stash item it can combine or pair with, or go back."
        if state.stay_with_stack and is_bound(state, seat):
            return "You must keep playing with the stack you built (take it, combine onto it or pair with it)."
        if action.kind == "take":
            return "Nothing in the stash adds up to that card's rank, so it cannot take."
        if action.kind == "use":
            return "That card cannot be combined or paired with anything in the stash."
        return "That card is not in your hand."

    # ---- information ----------------------------------------------------------

    def view(self, state: BobbingState, seat: int | None) -> BobbingView:
        stash = tuple(
            StashItem(
                cards=tuple(cards),
                value=value,
                kind="paired" if paired else "loose" if len(cards) == 1 else "built",
                builder=None if builder == NOBODY else builder,
            )
            for cards, value, paired, builder in zip(
                state.items, state.values, state.paired, state.builders, strict=True
            )
        )
        return BobbingView(
            seat=seat,
            must_hold=state.must_hold,
            stay_with_stack=state.stay_with_stack,
            phase=state.phase,
            hand=tuple(sorted(state.hands[seat])) if seat is not None else None,
            holding=state.holding if seat is not None and seat == state.turn else None,
            hand_sizes=tuple(len(hand) for hand in state.hands),
            pile_size=len(state.pile),
            stash=stash,
            taking=state.taking,
            picked=tuple(state.picked),
            group=tuple(state.group),
            captures=tuple(tuple(c) for c in state.captures),
            last_taker=None if state.last_taker == NOBODY else state.last_taker,
            highest=highest(state),
            dealer=state.dealer,
            turn=state.turn,
            hand_number=state.hand_number,
            deal_number=state.deal_number,
            deals=deals_per_hand(state.players),
            scores=tuple(state.scores),
            last_points=tuple(state.last_points),
            over=state.over,
        )

    def result(self, state: BobbingState) -> Result | None:
        if not state.over:
            return None
        places = rank_places(state.scores)
        line = say("game-over", WINS_WITH_POINTS, {"who": places.index(1)}, n=max(state.scores))
        return Result.worded(state.scores, places, line)

    def determinize(self, state: BobbingState, seat: int, rng: random.Random) -> BobbingState:
        """The deck and the other hands are dealt again from the cards `seat` has not seen; a card
        another seat is building with stays in that hand (that seat's own choice)."""
        copy = self.copy_state(state)
        known: list[list[int]] = [[] for _ in range(state.players)]
        if state.holding is not None:
            known[state.turn] = [state.holding]
        candy_deck.redeal_hidden(copy.pile, copy.hands, seat, rng.shuffle, known)
        copy.seed = rng.getrandbits(63)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, BobbingView)
        lines = [
            f"Hand {view.hand_number}, deal {view.deal_number} of {view.deals} · deck: {plural(view.pile_size, 'card')}"
            f" · stacks up to {view.highest}"
        ]
        for number, item in enumerate(view.stash, start=1):
            cards = ", ".join(text_of(card) for card in item.cards)
            kind = {"loose": "", "built": f" stack of {item.value}:", "paired": f" pair of {item.value}:"}[item.kind]
            lines.append(f"#{number}{kind} {cards}")
        if view.taking is not None:
            chosen = ", ".join(f"#{i + 1}" for i in (*view.picked, *view.group)) or "nothing yet"
            lines.append(f"Taking with {text_of(view.taking)}: {chosen}")
        for other, size in enumerate(view.hand_sizes):
            lines.append(
                f"{{p{other}}}: {plural(view.scores[other], 'point')}, {plural(size, 'card')} in hand, "
                f"{plural(len(view.captures[other]), 'card')} taken"
            )
        if view.hand is not None:
            lines.append("Your hand: " + (", ".join(text_of(card) for card in view.hand) or "empty"))
        return "\n".join(lines)
