"""A turn's card: face up with its ability, or face down (or bare) as an attack."""

from __future__ import annotations

from itertools import product

from rules.contract import Event, say
from rules.games.thirteen_ghosts.cards import GHOSTS, Ghost, number_of
from rules.games.thirteen_ghosts.knowledge import forget, learn
from rules.games.thirteen_ghosts.rounds import finish_turn, knock_out
from rules.games.thirteen_ghosts.seating import is_teams, opponents, target_pile, teammate
from rules.games.thirteen_ghosts.state import Answer, Move, ThirteenGhostsState
from rules.kit.words import message

SHIELD = message(
    "{who} answers no questions until their next turn.", who="{who} answer no questions until your next turn."
)
PEEK_PILE = message(
    ("{who} looks at the {where} card of the pile.", "{who} looks at the {where} {n} cards of the pile."),
    who=("{who} look at the {where} card of the pile.", "{who} look at the {where} {n} cards of the pile."),
)
PEEK_TEAM = message(
    (
        "{who} looks at the {where} card of the other team's pile.",
        "{who} looks at the {where} {n} cards of the other team's pile.",
    ),
    who=(
        "{who} look at the {where} card of the other team's pile.",
        "{who} look at the {where} {n} cards of the other team's pile.",
    ),
)
PLAYS_FACE_UP = message("{who} plays {number} face up: {ghost}", who="{who} play {number} face up: {ghost}")
COPIES = message("{who} copies {number}: {ghost}", who="{who} copy {number}: {ghost}")
PUTS_BACK = message("{who} puts the two cards back on the pile.", who="{who} put the two cards back on the pile.")
KEEPS_QUIET = message("{who} keeps what they saw to themselves.", who="{who} keep what you saw to yourself.")
TELLS = message("{who} tells {mate} what they saw.", who="{who} tell {mate} what you saw.")
TOLD = message("{who} saw, from higher to lower in the pile: {listed}.")
#: How an opponent answers a question: shielded, yes or no.
ANSWER_WORDS = {None: "{%s} is shielded", True: "{%s} yes", False: "{%s} no"}


def _answers(replies: tuple[bool | None, ...]) -> str:
    """The message for the answers of one, two or three opponents (roles `o0`, `o1`...), each
    shielded (None), yes or no. A shielded reader "are" shielded; a "yes" or "no" reads the same
    for its own player (and is no verb to put in the second person)."""
    text = 'Asked "{question}": ' + ", ".join(ANSWER_WORDS[r] % f"o{k}" for k, r in enumerate(replies)) + "."
    you = {f"o{k}": text.replace(f"{{o{k}}} is", f"{{o{k}}} are") for k in range(len(replies))}
    msgid = message(text, **you)
    assert isinstance(msgid, str)
    return msgid


ANSWERS = {replies: _answers(replies) for count in (1, 2, 3) for replies in product((None, True, False), repeat=count)}
#: An attack (a red card's, with a card face down, with no card left): on a miss, on a hit.
ATTACK_TEXTS = {
    "attack": (
        message("{who} attacks: {number}. A miss."),
        message("{who} attacks: {number}. A hit on {victim}'s Crypt!"),
    ),
    "face_down": (
        message(
            "{who} plays a card face down and attacks: {number}. A miss.",
            who="{who} play a card face down and attack: {number}. A miss.",
        ),
        message(
            "{who} plays a card face down and attacks: {number}. A hit on {victim}'s Crypt!",
            who="{who} play a card face down and attack: {number}. A hit on {victim}'s Crypt!",
        ),
    ),
    "bare": (
        message("{who} attacks with no card: {number}. A miss."),
        message("{who} attacks with no card: {number}. A hit on {victim}'s Crypt!"),
    ),
}


def copyable(state: ThirteenGhostsState) -> list[int]:
    """Numbers a 2 may copy: cards played face up this round by anyone, except 2s.
    (Revealed Crypts were never played, so they are not on this list.)"""
    numbers = {number_of(card) for cards in state.face_up for card in cards}
    numbers.discard(2)
    return sorted(numbers)


def play_face_up(state: ThirteenGhostsState, seat: int) -> list[Event]:
    card = state.hand[seat].pop()
    state.face_up[seat].append(card)
    number = number_of(card)
    move = Move(seat=seat, card=number)
    state.moves.append(move)
    ghost = GHOSTS[number]
    events = [say("play", PLAYS_FACE_UP, {"who": seat}, number=number, ghost=ghost.short)]
    return events + _resolve(state, seat, ghost, move)


def _resolve(state: ThirteenGhostsState, seat: int, ghost: Ghost, move: Move) -> list[Event]:
    """Carry out `ghost`'s ability for `seat` (played, or copied by a 2)."""
    effect = ghost.effect
    if effect == "question":
        return _ask(state, seat, ghost, move) + finish_turn(state)
    if effect == "copy":
        if not copyable(state):
            events = [Event(kind="copy", text="Nothing played face up this round to copy: the 2 does nothing.")]
            return events + finish_turn(state)
        state.step = "copy"
        return []
    if effect == "shield":
        state.shield[seat] = True
        state.step = "attack"
        return [say("shield", SHIELD, {"who": seat})]
    if effect == "extra_turn":
        state.extra_turn = True
        return finish_turn(state)
    return _peek(state, seat, move, top=effect == "peek_top")


def _ask(state: ThirteenGhostsState, seat: int, ghost: Ghost, move: Move) -> list[Event]:
    """The engine answers for every opponent still in the round, truthfully and publicly."""
    move.asked = ghost.number
    replies: list[bool | None] = []
    others = opponents(state, seat)
    for other in others:
        if state.shield[other]:
            move.answers.append(Answer(seat=other, yes=None))
            replies.append(None)
            continue
        crypt = state.crypt[other]
        assert crypt is not None
        yes = number_of(crypt) in ghost.yes
        move.answers.append(Answer(seat=other, yes=yes))
        state.possible[other] &= ghost.yes_mask if yes else ~ghost.yes_mask
        replies.append(yes)
    roles = {f"o{k}": other for k, other in enumerate(others)}
    return [say("answer", ANSWERS[tuple(replies)], roles, question=ghost.short)]


def _peek(state: ThirteenGhostsState, seat: int, move: Move, top: bool) -> list[Event]:
    index = target_pile(state, seat)
    pile = state.pile[index]
    # The top of a pile is its last card; `peeked` lists top-most first.
    seen = pile[::-1][:2] if top else pile[:2][::-1]
    state.peeked = seen
    move.peeked = len(seen)
    learn(state, seat, seen)
    where = "top" if top else "bottom"
    whose = " of the other team's pile" if is_teams(state) else " of the pile"
    events = [say("peek", PEEK_PILE if whose == " of the pile" else PEEK_TEAM, {"who": seat}, n=len(seen), where=where)]
    if seen:
        listed = ", ".join(str(number_of(c)) for c in seen)
        events.append(Event(kind="peek", text=f"You see, from higher to lower in the pile: {listed}.", seats=(seat,)))
    if top and len(seen) == 2:
        state.step = "order"
        return events
    return events + after_peek(state, seat)


def after_peek(state: ThirteenGhostsState, seat: int) -> list[Event]:
    """Four players may tell the teammate (if still in); then the red card's attack."""
    if is_teams(state) and state.peeked and not state.out[teammate(seat)]:
        state.step = "tell"
    else:
        state.step = "attack"
    return []


def put_back(state: ThirteenGhostsState, seat: int, swap: bool) -> list[Event]:
    """An 8's two cards go back in the order the seat likes; nobody else can follow them."""
    pile = state.pile[target_pile(state, seat)]
    if swap:
        pile[-1], pile[-2] = pile[-2], pile[-1]
        state.peeked.reverse()
    for other in range(state.players):
        if other != seat:
            forget(state, other, state.peeked)
    events = [
        say("order", PUTS_BACK, {"who": seat}),
        Event(kind="order", text=f"You put {number_of(state.peeked[0])} on top.", seats=(seat,)),
    ]
    return events + after_peek(state, seat)


def tell(state: ThirteenGhostsState, seat: int, share: bool) -> list[Event]:
    mate = teammate(seat)
    state.step = "attack"
    if not share:
        return [say("tell", KEEPS_QUIET, {"who": seat})]
    learn(state, mate, state.peeked)
    listed = ", ".join(str(number_of(c)) for c in state.peeked)
    return [
        say("tell", TELLS, {"who": seat, "mate": mate}),
        say("tell", TOLD, {"who": seat}, seats=(seat, mate), listed=listed),
    ]


def copy(state: ThirteenGhostsState, seat: int, number: int) -> list[Event]:
    move = state.moves[-1]
    move.copied = number
    state.step = ""
    ghost = GHOSTS[number]
    events = [say("copy", COPIES, {"who": seat}, number=number, ghost=ghost.short)]
    return events + _resolve(state, seat, ghost, move)


def attack(state: ThirteenGhostsState, seat: int, number: int) -> list[Event]:
    """Name a number: a red card's attack (its card is already face up), else the hand
    card goes face down (or, with no card left, a bare attack)."""
    if state.step == "attack":
        move = state.moves[-1]
        how = "attack"
    else:
        hand = state.hand[seat]
        move = Move(seat=seat, face_down=bool(hand))
        if hand:
            state.face_down[seat].append(hand.pop())
        state.moves.append(move)
        how = "face_down" if move.face_down else "bare"
    move.attack = number
    state.step = ""
    hit: list[int] = []
    for other in opponents(state, seat):
        crypt = state.crypt[other]
        if crypt is not None and number_of(crypt) == number:
            hit.append(other)
        else:
            state.possible[other] &= ~(1 << number)
    if not hit:
        return [say("attack", ATTACK_TEXTS[how][0], {"who": seat}, number=number), *finish_turn(state)]
    victim = hit[0]  # Crypts of one set are all different, so one hit at most
    move.hit = [victim]
    events = [say("attack", ATTACK_TEXTS[how][1], {"who": seat, "victim": victim}, number=number)]
    round_before = state.round
    events += knock_out(state, seat, victim)
    if state.phase == "play" and state.round == round_before:
        events += finish_turn(state)
    return events
