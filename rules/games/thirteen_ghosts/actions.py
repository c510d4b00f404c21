"""Every action of the game, built once (actions are immutable), and their labels."""

from __future__ import annotations

from itertools import permutations

from rules.contract import Action, act
from rules.games.thirteen_ghosts.cards import GHOSTS, NUMBERS

#: Hide a card in your Crypt (two and three players).
HIDE = {n: act("crypt", n) for n in NUMBERS}
#: Four players: the chooser's Crypt and their teammate's Crypt.
CRYPTS = {(a, b): act("crypts", a, b) for a, b in permutations(NUMBERS, 2)}
#: Four players: the teammate keeps this card and passes the other back.
KEEP = {n: act("keep", n) for n in NUMBERS}
#: Play the hand card face up and use its ability.
FACE_UP = {n: act("up", n) for n in NUMBERS}
#: Name a number: with the hand card face down, bare, or for a red card face up.
ATTACK = {n: act("attack", n) for n in NUMBERS}
ATTACKS = tuple(ATTACK[n] for n in NUMBERS)
#: A 2 uses the ability of this number.
COPY = {n: act("copy", n) for n in NUMBERS if n != 2}
#: An 8: put the two top cards back as they were, or the other way round.
KEEP_ORDER = act("order", "keep")
SWAP_ORDER = act("order", "swap")
#: Four players: share what an 8 or a 10 showed with the teammate, or not.
TELL = act("tell")
QUIET = act("quiet")


def label(action: Action, peeked: tuple[int, ...] = ()) -> str:
    """Button text in the game's words. `peeked`: numbers an 8 just showed, top first."""
    kind, args = action.kind, action.args
    if kind == "crypt":
        return f"Hide {args[0]} in your Crypt"
    if kind == "crypts":
        return f"Crypts: {args[0]} for you, {args[1]} for your teammate"
    if kind == "keep":
        return f"Keep {args[0]}, pass the other back"
    if kind == "up":
        number = int(args[0])
        return f"Play {number} face up ({GHOSTS[number].short})"
    if kind == "attack":
        return f"Attack: {args[0]}"
    if kind == "copy":
        number = int(args[0])
        return f"Copy {number} ({GHOSTS[number].short})"
    if kind == "order":
        if len(peeked) == 2:
            top = peeked[0] if args[0] == "keep" else peeked[1]
            return f"Put them back with {top} on top"
        return "Keep the order" if args[0] == "keep" else "Swap them"
    if kind == "tell":
        return "Tell your teammate what you saw"
    if kind == "quiet":
        return "Keep it to yourself"
    return action.token()


class ActionList(list[Action]):
    """A plain list of actions whose `in` tries identity before equality.

    The base `apply` checks `action in legal_actions(...)`; actions here are the shared
    objects above, so a caller passing one back is found without pydantic's slower
    field-by-field `==` on every earlier entry. Parsed actions still match by equality.
    """

    def __contains__(self, item: object) -> bool:
        for action in self:
            if action is item:
                return True
        return super().__contains__(item)
