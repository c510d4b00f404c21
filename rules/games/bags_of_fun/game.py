"""Bags of Fun: rules as pure functions over `BagsState` (rulings §16).

Each player secretly owns one of players + 2 bags and secretly dislikes one white suit card;
some suit cards are face up (their treats count double for everyone), three stay face down.
A turn is `put.<pile>.<bag>`: the top card of one of three face-up piles into a bag holding
fewer than 7. Play ends when all bags but one are full (or the piles run out); each player
scores their own bag.
"""

from __future__ import annotations

import random
from typing import Any, Final

from pydantic import BaseModel, ConfigDict, Field

from rules.candy_kit import candy_deck
from rules.candy_kit.candy_deck import card_of, carries, text_of, white_card_name
from rules.candy_kit.cards import SUITS
from rules.contract import (
    SHARE_WIN_WITH_POINTS,
    WINS_WITH_POINTS,
    Action,
    AutoPlayOptions,
    Event,
    Game,
    Result,
    View,
    rank_places,
    say,
    say_winners,
)
from rules.games.bags_of_fun.help import HELP_PAGES
from rules.games.bags_of_fun.state import BagsState, BagsView
from rules.kit.words import message

DEALS = message(
    (
        "{dealer} deals: {n} bag, one secretly yours; face-up suits (double): {doubles}. {first} goes first.",
        "{dealer} deals: {n} bags, one secretly yours; face-up suits (double): {doubles}. {first} goes first.",
    ),
    dealer=(
        "{dealer} deal: {n} bag, one secretly yours; face-up suits (double): {doubles}. {first} goes first.",
        "{dealer} deal: {n} bags, one secretly yours; face-up suits (double): {doubles}. {first} goes first.",
    ),
    first=(
        "{dealer} deals: {n} bag, one secretly yours; face-up suits (double): {doubles}. {first} go first.",
        "{dealer} deals: {n} bags, one secretly yours; face-up suits (double): {doubles}. {first} go first.",
    ),
)
PUTS = message(
    "{who} puts {card} from pile {pile} into bag {bag}.", who="{who} put {card} from pile {pile} into bag {bag}."
)
#: Past tense: the same words whoever reads it.
REVEALS = message("{who} owned bag {bag}, disliked {suit}, scoring {score}.")

FULL = 7
PILES = 3
#: Suit cards that stay face down all game.
FACE_DOWN = 3
DECK: Final = candy_deck.select()
_NOBODY: Final[frozenset[int]] = frozenset()
_ONLY: Final = tuple(frozenset({seat}) for seat in range(6))
PUT: Final = {(pile, bag): Action(kind="put", args=(pile, bag)) for pile in range(1, PILES + 1) for bag in range(1, 9)}


class Options(AutoPlayOptions):
    model_config = ConfigDict(extra="forbid", frozen=True)

    new_white_cards: bool = Field(
        False,
        title="New white cards",
        description="Add the six white suit cards of the King-Sized set: four colours, 1 Flavor, 3 Flavors",
    )


def worth(card: int, least: str, doubles: list[str] | tuple[str, ...]) -> int:
    """One card of a player's bag (§16.7): Prank -1, Non-Treat 0, King Size 13 (never doubled);
    a treat carrying the least favourite is minus its rank, before any double; a treat carrying
    a face-up suit counts twice its rank, once however many; any other treat its rank."""
    printed = card_of(card)
    if not printed.is_treat:
        return printed.rank
    if carries(card, least):
        return -printed.rank
    if any(carries(card, key) for key in doubles):
        return 2 * printed.rank
    return printed.rank


class BagsOfFun(Game[BagsState]):
    id = "bags-of-fun"
    name = "Bags of Fun"
    min_players = 2
    max_players = 6
    Options = Options
    state_type = BagsState
    house_card_set = True
    help_pages = HELP_PAGES
    family = "candy-cards"

    def configurations(self) -> list[tuple[int, dict[str, Any]]]:
        counts: list[tuple[int, dict[str, Any]]] = [(n, {}) for n in range(self.min_players, self.max_players + 1)]
        return [*counts, (3, {"new_white_cards": True}), (6, {"new_white_cards": True})]

    # ---- set-up -----------------------------------------------------------

    def setup(self, players: int, options: BaseModel, seed: int) -> BagsState:
        assert isinstance(options, Options)
        state = BagsState(players=players, seed=seed, new_white_cards=options.new_white_cards)
        rng = state.chance()
        state.dealer = rng.randrange(players)
        state.turn = (state.dealer + 1) % players
        numbers = list(range(1, players + 3))
        rng.shuffle(numbers)
        state.bag_of, state.nobody = numbers[:players], sorted(numbers[players:])
        state.bags = [[] for _ in range(players + 2)]
        suit_cards = [*SUITS, *(candy_deck.NEW_WHITE_CARDS if options.new_white_cards else ())]
        rng.shuffle(suit_cards)
        state.least = suit_cards[:players]
        state.hidden = sorted(suit_cards[players : players + FACE_DOWN])
        state.doubles = sorted(suit_cards[players + FACE_DOWN :])
        cards = list(DECK)
        rng.shuffle(cards)
        size = len(cards) // PILES
        state.piles = [cards[n * size : (n + 1) * size] for n in range(PILES)]
        doubles = ", ".join(white_card_name(key) for key in state.doubles) or "none"
        roles = {"dealer": state.dealer, "first": state.turn}
        state.log.append(say("deal", DEALS, roles, n=players + 2, doubles=doubles))
        for seat in range(players):
            secret = (
                f"Your bag is bag {state.bag_of[seat]}; your least favourite is {white_card_name(state.least[seat])}."
            )
            state.log.append(Event(kind="secret", text=secret, seats=(seat,)))
        return state

    # ---- play ---------------------------------------------------------------

    def to_act(self, state: BagsState) -> frozenset[int]:
        return _NOBODY if state.over else _ONLY[state.turn]

    def legal_actions(self, state: BagsState, seat: int) -> list[Action]:
        if state.over or seat != state.turn:
            return []
        open_bags = [n for n, bag in enumerate(state.bags, start=1) if len(bag) < FULL]
        return [PUT[(pile, bag)] for pile in range(1, PILES + 1) if state.piles[pile - 1] for bag in open_bags]

    def _apply(self, state: BagsState, seat: int, action: Action) -> list[Event]:
        pile, bag = (int(arg) for arg in action.args)
        card = state.piles[pile - 1].pop()
        state.bags[bag - 1].append(card)
        events = [say("put", PUTS, {"who": seat}, card=text_of(card), pile=pile, bag=bag)]
        full = sum(1 for b in state.bags if len(b) >= FULL)
        if full >= len(state.bags) - 1 or not any(state.piles):
            return events + self._finish(state)
        state.turn = (state.turn + 1) % state.players
        return events

    def _finish(self, state: BagsState) -> list[Event]:
        state.over = True
        scores = self.scores(state)
        events = [Event(kind="end", text="The bags are filled: everyone shows their bag card and least favourite.")]
        for seat in range(state.players):
            least = white_card_name(state.least[seat])
            events.append(say("reveal", REVEALS, {"who": seat}, bag=state.bag_of[seat], suit=least, score=scores[seat]))
        hidden = ", ".join(white_card_name(key) for key in state.hidden)
        events.append(Event(kind="hidden", text=f"The face-down suit cards were {hidden}."))
        return events

    def scores(self, state: BagsState) -> list[int]:
        return [
            sum(worth(card, state.least[seat], state.doubles) for card in state.bags[state.bag_of[seat] - 1])
            for seat in range(state.players)
        ]

    # ---- words ----------------------------------------------------------------

    def label(self, state: BagsState, seat: int, action: Action) -> str:
        pile, bag = (int(arg) for arg in action.args)
        top = state.piles[pile - 1][-1] if state.piles[pile - 1] else None
        what = text_of(top) if top is not None else f"pile {pile}"
        return f"{what} into bag {bag}"

    def why_illegal(self, state: BagsState, seat: int, action: Action) -> str:
        if action.kind != "put" or len(action.args) != 2:
            return f"That is not a move in {self.name}: take a pile's top card and put it into a bag."
        return "Pick a pile that still has cards and a bag holding fewer than 7 cards."

    # ---- information ----------------------------------------------------------

    def view(self, state: BagsState, seat: int | None) -> BagsView:
        return BagsView(
            seat=seat,
            new_white_cards=state.new_white_cards,
            tops=tuple(pile[-1] if pile else None for pile in state.piles),
            pile_sizes=tuple(len(pile) for pile in state.piles),
            bags=tuple(tuple(bag) for bag in state.bags),
            doubles=tuple(state.doubles),
            my_bag=state.bag_of[seat] if seat is not None else None,
            my_least=state.least[seat] if seat is not None else None,
            dealer=state.dealer,
            turn=state.turn,
            over=state.over,
            bag_of=tuple(state.bag_of) if state.over else None,
            least=tuple(state.least) if state.over else None,
            hidden=tuple(state.hidden) if state.over else None,
            scores=tuple(self.scores(state)) if state.over else None,
        )

    def result(self, state: BagsState) -> Result | None:
        if not state.over:
            return None
        scores = self.scores(state)
        places = rank_places(scores)
        winners = [s for s, place in enumerate(places) if place == 1]
        return Result.worded(
            scores, places, say_winners("game-over", winners, WINS_WITH_POINTS, SHARE_WIN_WITH_POINTS, n=max(scores))
        )

    def determinize(self, state: BagsState, seat: int, rng: random.Random) -> BagsState:
        """What `seat` cannot see is dealt again: the other seats' bag numbers, the other least
        favourites and the face-down suit cards, and every pile's cards below its top."""
        copy = self.copy_state(state)
        unseen_piles(copy, rng.shuffle)
        unseen_secrets(copy, seat, rng.shuffle)
        copy.seed = rng.getrandbits(63)
        copy.draws = 0
        return copy

    def render_text(self, view: View) -> str:
        assert isinstance(view, BagsView)
        tops = " | ".join("empty" if top is None else text_of(top) for top in view.tops)
        lines = [f"Piles: {tops}", "Double: " + (", ".join(white_card_name(k) for k in view.doubles) or "none")]
        for number, bag in enumerate(view.bags, start=1):
            lines.append(f"Bag {number} ({len(bag)}/{FULL}): " + ", ".join(text_of(card) for card in bag))
        if view.my_bag is not None and view.my_least is not None:
            lines.append(f"Yours: bag {view.my_bag}, least favourite {white_card_name(view.my_least)}")
        return "\n".join(lines)


def unseen_piles(state: BagsState, arrange: Any) -> None:
    """The cards under the three tops, gathered, arranged and put back in the same sizes."""
    under = [card for pile in state.piles for card in pile[:-1]]
    arrange(under)
    for pile in state.piles:
        if pile:
            top = pile[-1]
            pile[:] = [*(under.pop() for _ in range(len(pile) - 1)), top]


def unseen_secrets(state: BagsState, seat: int, arrange: Any) -> None:
    """The other seats' bag numbers (with the two nobody holds), and the other least favourites
    (with the three face-down suit cards), arranged and dealt back."""
    others = [other for other in range(state.players) if other != seat]
    if state.over:
        return
    numbers = [*(state.bag_of[other] for other in others), *state.nobody]
    arrange(numbers)
    for other in others:
        state.bag_of[other] = numbers.pop()
    state.nobody = sorted(numbers)
    suits = [*(state.least[other] for other in others), *state.hidden]
    arrange(suits)
    for other in others:
        state.least[other] = suits.pop()
    state.hidden = sorted(suits)
