"""Who knows where which card is, and resampling what a seat does not know.

Knowledge is kept as card ids per seat. Cards only move along paths everyone can
follow (top of a pile into the drawer's hand, a hand card onto the table), so a
seat that knows a card keeps knowing where it is. The one private move is an 8
putting two cards back in a chosen order: everyone else forgets those two.
Face-up cards and the Crypts of knocked-out seats are public and never listed.
"""

from __future__ import annotations

import random
from bisect import insort
from typing import NamedTuple

from rules.games.thirteen_ghosts.cards import ALL_NUMBERS, number_of, set_of
from rules.games.thirteen_ghosts.state import Place, Sighting, ThirteenGhostsState, ThirteenGhostsView
from rules.kit.copying import copy_model


def learn(state: ThirteenGhostsState, seat: int, cards: list[int]) -> None:
    """`seat` now knows where `cards` are."""
    known = state.known[seat]
    for card in cards:
        if card not in known:
            insort(known, card)


def forget(state: ThirteenGhostsState, seat: int, cards: list[int]) -> None:
    state.known[seat] = [c for c in state.known[seat] if c not in cards]


def is_public(state: ThirteenGhostsState, card: int) -> bool:
    if any(card in up for up in state.face_up):
        return True
    return any(out and crypt == card for out, crypt in zip(state.out, state.crypt, strict=True))


def sightings(state: ThirteenGhostsState, seat: int) -> tuple[Sighting, ...]:
    """Cards `seat` knows that are neither its own nor public, with where they are."""
    known = state.known[seat]
    if not known:
        return ()
    # Where each card is, as plain values: a seat's view is drawn at every move, and only the few
    # cards the seat knows become sightings.
    where: dict[int, tuple[Place, int | None, int | None, int | None]] = {}
    for other in range(state.players):
        if other == seat:
            continue
        crypt = state.crypt[other]
        if crypt is not None and not state.out[other]:
            where[crypt] = ("crypt", other, None, None)
        for card in state.hand[other]:
            where[card] = ("hand", other, None, None)
        for card in state.face_down[other]:
            where[card] = ("face_down", other, None, None)
    for index, pile in enumerate(state.pile):
        top = len(pile) - 1
        for position, card in enumerate(pile):
            where[card] = ("pile", None, index, top - position)
    found: list[Sighting] = []
    for card in known:
        place = where.get(card)
        if place is not None:
            kind, holder, pile_index, depth = place
            found.append(Sighting(number=number_of(card), where=kind, seat=holder, pile=pile_index, depth=depth))
    return tuple(found)


class _Slot(NamedTuple):
    """A place holding one card: which list, where in it, and the Crypt's owner (else None)."""

    holder: list[int | None] | list[int]
    position: int
    card: int
    owner: int | None


def hidden_slots(state: ThirteenGhostsState, seat: int, card_set: int) -> list[_Slot]:
    """Every place holding a card of `card_set` that `seat` cannot place, in a fixed order."""
    known = state.known[seat]
    slots: list[_Slot] = []

    def add(cards: list[int | None] | list[int], index: int, owner: int | None) -> None:
        card = cards[index]
        if card is not None and set_of(card) == card_set and card not in known:
            slots.append(_Slot(cards, index, card, owner))

    for other in range(state.players):
        if not state.out[other]:  # a knocked-out seat's Crypt was revealed by the hit
            add(state.crypt, other, other)
        for index in range(len(state.hand[other])):
            add(state.hand[other], index, None)
        for index in range(len(state.face_down[other])):
            add(state.face_down[other], index, None)
    for index in range(len(state.pile[card_set])):
        add(state.pile[card_set], index, None)
    return slots


def _crypt_choices(
    cards: list[int], owners: list[int], possible: list[int], chosen: list[int], out: list[list[int]]
) -> None:
    """All ways to give each owner in turn a distinct card index its public answers allow."""
    if len(chosen) == len(owners):
        out.append(list(chosen))
        return
    mask = possible[owners[len(chosen)]]
    for index, card in enumerate(cards):
        if index not in chosen and mask >> number_of(card) & 1:
            chosen.append(index)
            _crypt_choices(cards, owners, possible, chosen, out)
            chosen.pop()


def determinize(state: ThirteenGhostsState, seat: int, rng: random.Random) -> ThirteenGhostsState:
    """A copy where every card `seat` cannot place is dealt again, consistently with all answers.

    Exact, not rejection sampling: the only public constraints are on Crypts (answers
    and missed attacks narrow each `possible` mask), and at most two Crypts per set are
    unknown to a seat, so we list every consistent way to fill the constrained Crypts
    (at most 13 x 12), pick one uniformly, then shuffle the other unknown cards freely.
    Each choice has the same number of completions, so the result is uniform over all
    deals consistent with what `seat` knows. Other seats' knowledge follows the cards'
    places, and secret log lines `seat` could not see are dropped.
    """
    copy = copy_model(state)
    copy.seed = rng.randrange(2**62)
    copy.draws = 0
    copy.log = copy.visible_log(seat)
    moved: dict[int, int] = {}
    for card_set in range(len(copy.pile)):
        slots = hidden_slots(copy, seat, card_set)
        cards = [slot.card for slot in slots]
        constrained = [
            k for k, slot in enumerate(slots) if slot.owner is not None and copy.possible[slot.owner] != ALL_NUMBERS
        ]
        owners = [owner for k in constrained if (owner := slots[k].owner) is not None]
        picks: list[int] = []
        if constrained:
            options: list[list[int]] = []
            _crypt_choices(cards, owners, copy.possible, [], options)
            # The true deal is always consistent, so options is never empty; keep it if it were.
            picks = rng.choice(options) if options else list(constrained)
        rest = [card for index, card in enumerate(cards) if index not in picks]
        rng.shuffle(rest)
        # The chosen Crypt cards go to their Crypts, the shuffled rest everywhere else.
        fill = iter(rest)
        for k, slot in enumerate(slots):
            new = cards[picks[constrained.index(k)]] if k in constrained else next(fill)
            slot.holder[slot.position] = new
            moved[slot.card] = new
    follow_moved_cards(copy, seat, moved)
    return copy


def follow_moved_cards(state: ThirteenGhostsState, seat: int, moved: dict[int, int]) -> None:
    """After `seat`'s unknown cards were dealt anew (`moved`: old card -> new card in its place),
    what the other seats knew, and the peek, follow the cards to where they now are."""
    for other in range(state.players):
        if other != seat:
            state.known[other] = sorted(moved.get(c, c) for c in state.known[other])
    state.peeked = [moved.get(c, c) for c in state.peeked]


def crypt_candidates(view: ThirteenGhostsView, target: int) -> list[int]:
    """Numbers `target`'s Crypt may still hold, as far as the view's reader knows: the public
    answers and misses (`possible`), every card face up, and, for a seat, its own hand, Crypt
    and face-down cards and every card it has seen. The table's hint (a spectator's view) and
    the computer players use this one reading, so neither knows more than the other shows."""
    teams = view.players == 4
    side = target % 2 if teams else 0
    for sighting in view.sightings:
        if sighting.where == "crypt" and sighting.seat == target:
            return [sighting.number]
    seen: set[int] = set()

    def same_set(seat: int) -> bool:
        # With four players each team's cards are their own set of 1-13.
        return not teams or seat % 2 == side

    for seat, board in enumerate(view.seats):
        if same_set(seat):
            seen.update(board.face_up)
            if board.crypt is not None and seat != target:
                seen.add(board.crypt)
    if view.seat is not None and same_set(view.seat):
        if view.my_crypt is not None:
            seen.add(view.my_crypt)
        seen.update(view.my_hand)
        seen.update(view.my_face_down)
    for sighting in view.sightings:
        if sighting.where == "pile":
            if not teams or sighting.pile == side:
                seen.add(sighting.number)
        elif sighting.seat is not None and same_set(sighting.seat):
            # Anywhere but the target's Crypt (that case returned above): not the target's Crypt.
            seen.add(sighting.number)
    allowed = [n for n in view.seats[target].possible if n not in seen]
    return allowed or list(view.seats[target].possible)
