"""The blue kid abilities: the choices each one offers and what each choice does.

`options` lists every concrete choice (an optional ability adds `decline` in the
game); an empty list means the ability cannot be done and is skipped. Yellow
abilities act at their own moments and live in game.py (placing, scaring, scoring).
"""

from __future__ import annotations

from functools import cache
from itertools import permutations

from rules.contract import Action, Event, say
from rules.games.ghosts_love_candy.cards import (
    ASTRONAUT,
    ASTRONAUT_PEEK,
    CANDY_INDEX,
    CANDY_NAME_ONE,
    CANDY_NAMES,
    CANDY_WORDS,
    CHEF,
    CLOWN,
    COWBOY,
    DETECTIVE,
    KIDS,
    LOVE_CARDS,
    MAGICIAN,
    NINJA,
    PIRATE,
    ROBOT,
    SKELETON,
    SUPERHERO,
    VAMPIRE,
    WEREWOLF,
    WITCH,
    candy_counts,
)
from rules.games.ghosts_love_candy.state import GlcState, Spot
from rules.kit.words import message


@cache
def action(kind: str, *args: int | str) -> Action:
    """Actions are immutable, so each distinct one is built once (keeps legal_actions cheap)."""
    return Action(kind=kind, args=args)


DECLINE = action("decline")

#: The action kind each blue kid's choice uses.
CHOICE_KIND: dict[int, str] = {
    SKELETON: "movekid",
    WEREWOLF: "feed",
    WITCH: "swapghost",
    CHEF: "swapcandy",
    MAGICIAN: "moveghost",
    VAMPIRE: "steal",
    PIRATE: "raid",
    NINJA: "snatch",
    ROBOT: "recycle",
    SUPERHERO: "banish",
    CLOWN: "swapkids",
    DETECTIVE: "peek",
    COWBOY: "movecandy",
    ASTRONAUT: "stack",
}


def kid_name(number: int | None) -> str:
    return "an empty spot" if number is None else "the " + KIDS[number].name


def kid_name_first(number: int | None) -> str:
    """`kid_name` at the start of a sentence."""
    name = kid_name(number)
    return name[0].upper() + name[1:]


def candy_list(counts: list[int]) -> str:
    return candy_counts(counts)


def werewolf_hungry(spot: Spot) -> bool:
    """True when the ghost just placed is not higher than the one it covered."""
    return len(spot.ghosts) >= 2 and spot.ghosts[-1].value <= spot.ghosts[-2].value


def candy_top(state: GlcState) -> list[int]:
    """The Astronaut's cards, top first."""
    return state.candy_deck[-ASTRONAUT_PEEK:][::-1]


def options(state: GlcState, kid: int, seat: int, at: int) -> list[Action]:
    """Every choice the kid at spot `at` offers `seat` now."""
    row = state.row
    stashes = state.stashes
    out: list[Action] = []
    if kid == SKELETON:
        for owner, stash in enumerate(stashes):
            for number in stash.kids:
                out.extend(action("movekid", number, owner, to) for to in range(state.players) if to != owner)
    elif kid == WEREWOLF:
        if werewolf_hungry(row[at]):
            out = [action("feed", CANDY_WORDS[t]) for t, n in enumerate(stashes[seat].candies) if n]
    elif kid == WITCH:
        mine = sorted(g.value for g in state.ghost_discard if g.owner == seat)
        out = [action("swapghost", held, lost) for held in state.hands[seat] for lost in mine]
    elif kid == CHEF:
        for give, n in enumerate(stashes[seat].candies):
            if not n:
                continue
            for pos, spot in enumerate(row):
                out.extend(
                    action("swapcandy", CANDY_WORDS[give], pos, CANDY_WORDS[take])
                    for take, m in enumerate(spot.candies)
                    if m and take != give
                )
    elif kid == MAGICIAN:
        for src, spot in enumerate(row):
            if spot.ghosts:
                out.extend(
                    action("moveghost", src, dst)
                    for dst, other in enumerate(row)
                    if dst != src and other.kid is not None
                )
    elif kid == VAMPIRE:
        for victim, stash in enumerate(stashes):
            if victim != seat:
                out.extend(action("steal", victim, CANDY_WORDS[t]) for t, n in enumerate(stash.candies) if n)
    elif kid == PIRATE:
        out = [action("raid", pos) for pos in (at - 1, at + 1) if 0 <= pos < len(row) and any(row[pos].candies)]
    elif kid == NINJA:
        for pos, spot in enumerate(row):
            out.extend(action("snatch", pos, CANDY_WORDS[t]) for t, n in enumerate(spot.candies) if n)
    elif kid == ROBOT:
        discard = state.candy_discard
        for give, n in enumerate(stashes[seat].candies):
            if n:
                out.extend(
                    action("recycle", CANDY_WORDS[give], CANDY_WORDS[take])
                    for take, m in enumerate(discard)
                    if m and take != give
                )
    elif kid == SUPERHERO:
        out = [action("banish", pos) for pos, spot in enumerate(row) if pos != at and spot.ghosts]
    elif kid == CLOWN:
        others = [pos for pos, spot in enumerate(row) if pos != at and spot.kid is not None]
        out = [action("swapkids", a, b) for i, a in enumerate(others) for b in others[i + 1 :]]
    elif kid == DETECTIVE:
        out = [action("peek", other) for other in range(state.players) if other != seat]
    elif kid == COWBOY:
        for src, spot in enumerate(row):
            for t, n in enumerate(spot.candies):
                if n:
                    out.extend(
                        action("movecandy", src, CANDY_WORDS[t], dst)
                        for dst, other in enumerate(row)
                        if dst != src and other.kid is not None
                    )
    elif kid == ASTRONAUT:
        top = candy_top(state)
        if top:
            orders = sorted(set(permutations(top)))
            out = [action("stack", *(CANDY_WORDS[t] for t in order)) for order in orders]
    return out


#: What a kid's ability did, in the past tense: the same words for the player it names, but for a
#: stash that becomes the reader's ("to yours").
MOVED_KID = message(
    "{who} moved {kid} from {owner}'s stash to {to}'s.", to="{who} moved {kid} from {owner}'s stash to yours."
)
MOVED_KID_HOME = message(
    "{who} moved {kid} from {owner}'s stash to {who}'s.", who="{who} moved {kid} from {owner}'s stash to yours."
)
GAVE_WEREWOLF = message("{who} had to give the Werewolf 1 {candy}.")
TRADED_GHOST = message("{who} traded ghost {held} from hand for ghost {lost} from the discard.")
TRADED_CANDY = message("{who} traded 1 {give} for 1 {take} on {kid}.")
MOVED_GHOST = message("{who} moved ghost {value} from {source} to {target}.")
TOOK_CANDY = message("{who} took 1 {candy} from {victim}'s stash.")
GRABBED = message("{who} also grabbed {candies} from {kid}.")
SNATCHED = message("{who} snatched 1 {candy} from {kid}.")
SWAPPED_CANDY = message("{who} threw away 1 {give} and took 1 {take} from the discard.")
KNOCKED_OFF = message("{who} knocked ghost {value} off {kid} into the discard.")
SWAPPED_KIDS = message("{who} made {first} and {second} trade places.")
LOOKED_AT_LOVE = message("{who} secretly looked at {other}'s Love card.")
HOLDS_LOVE = message("{other} holds Love card {card}: {values}.", other="{other} hold Love card {card}: {values}.")
MOVED_CANDY = message("{who} moved 1 {candy} from {source} to {target}.")
STACKED = message(
    (
        "{who} looked at the next {n} candy and stacked it back.",
        "{who} looked at the next {n} candies and stacked them back.",
    )
)


def resolve(state: GlcState, kid: int, seat: int, at: int, choice: Action) -> list[Event]:
    """Carry out one chosen option of the kid at spot `at`."""
    row = state.row
    stashes = state.stashes
    mine = stashes[seat].candies
    args = choice.args
    me = {"who": seat}
    if kid == SKELETON:
        number, owner, to = int(args[0]), int(args[1]), int(args[2])
        stashes[owner].kids.remove(number)
        stashes[to].kids.append(number)
        if to == seat:
            return [say("ability", MOVED_KID_HOME, {"who": seat, "owner": owner}, kid=kid_name(number))]
        return [say("ability", MOVED_KID, {"who": seat, "owner": owner, "to": to}, kid=kid_name(number))]
    if kid == WEREWOLF:
        t = CANDY_INDEX[str(args[0])]
        mine[t] -= 1
        row[at].candies[t] += 1
        return [say("ability", GAVE_WEREWOLF, me, candy=CANDY_NAME_ONE[t])]
    if kid == WITCH:
        held, lost = int(args[0]), int(args[1])
        hand = state.hands[seat]
        hand.remove(held)
        hand.append(lost)
        hand.sort()
        for ghost in state.ghost_discard:
            if ghost.owner == seat and ghost.value == lost:
                ghost.value = held  # the same card slot now holds the ghost given up
                break
        return [say("ability", TRADED_GHOST, me, held=held, lost=lost)]
    if kid == CHEF:
        give, pos, take = CANDY_INDEX[str(args[0])], int(args[1]), CANDY_INDEX[str(args[2])]
        mine[give] -= 1
        mine[take] += 1
        row[pos].candies[take] -= 1
        row[pos].candies[give] += 1
        traded = {"give": CANDY_NAME_ONE[give], "take": CANDY_NAME_ONE[take], "kid": kid_name(row[pos].kid)}
        return [say("ability", TRADED_CANDY, me, None, **traded)]
    if kid == MAGICIAN:
        src, dst = int(args[0]), int(args[1])
        ghost = row[src].ghosts.pop()
        row[dst].ghosts.append(ghost)
        source, target = kid_name(row[src].kid), kid_name(row[dst].kid)
        return [say("ability", MOVED_GHOST, me, value=ghost.value, source=source, target=target)]
    if kid == VAMPIRE:
        victim, t = int(args[0]), CANDY_INDEX[str(args[1])]
        stashes[victim].candies[t] -= 1
        mine[t] += 1
        return [say("ability", TOOK_CANDY, {"who": seat, "victim": victim}, candy=CANDY_NAME_ONE[t])]
    if kid == PIRATE:
        pos = int(args[0])
        taken = row[pos].candies
        grabbed = say("ability", GRABBED, me, candies=candy_list(taken), kid=kid_name(row[pos].kid))
        for t, n in enumerate(taken):
            mine[t] += n
        row[pos].candies = [0] * len(taken)
        return [grabbed]
    if kid == NINJA:
        pos, t = int(args[0]), CANDY_INDEX[str(args[1])]
        row[pos].candies[t] -= 1
        mine[t] += 1
        return [say("ability", SNATCHED, me, candy=CANDY_NAME_ONE[t], kid=kid_name(row[pos].kid))]
    if kid == ROBOT:
        give, take = CANDY_INDEX[str(args[0])], CANDY_INDEX[str(args[1])]
        mine[give] -= 1
        state.candy_discard[give] += 1
        state.candy_discard[take] -= 1
        mine[take] += 1
        return [say("ability", SWAPPED_CANDY, me, give=CANDY_NAME_ONE[give], take=CANDY_NAME_ONE[take])]
    if kid == SUPERHERO:
        pos = int(args[0])
        ghost = row[pos].ghosts.pop()
        state.ghost_discard.append(ghost)
        return [say("ability", KNOCKED_OFF, me, value=ghost.value, kid=kid_name(row[pos].kid))]
    if kid == CLOWN:
        a, b = int(args[0]), int(args[1])
        row[a], row[b] = row[b], row[a]
        return [say("ability", SWAPPED_KIDS, me, first=kid_name(row[b].kid), second=kid_name(row[a].kid))]
    if kid == DETECTIVE:
        other = int(args[0])
        known = state.love_known[seat]
        if other not in known:
            known.append(other)
            known.sort()
        card = state.love[other]
        values = ", ".join(f"{CANDY_NAMES[t]} {v}" for t, v in enumerate(LOVE_CARDS[card]))
        return [
            say("ability", LOOKED_AT_LOVE, {"who": seat, "other": other}),
            say("secret", HOLDS_LOVE, {"other": other}, seats=(seat,), card=card, values=values),
        ]
    if kid == COWBOY:
        src, t, dst = int(args[0]), CANDY_INDEX[str(args[1])], int(args[2])
        row[src].candies[t] -= 1
        row[dst].candies[t] += 1
        source, target = kid_name(row[src].kid), kid_name(row[dst].kid)
        return [say("ability", MOVED_CANDY, me, candy=CANDY_NAME_ONE[t], source=source, target=target)]
    if kid == ASTRONAUT:
        order = [CANDY_INDEX[str(word)] for word in args]
        deck = state.candy_deck
        del deck[len(deck) - len(order) :]
        deck.extend(reversed(order))
        for other in range(state.players):
            # Anyone else who had seen these cards no longer knows their order.
            state.candy_known[other] = len(order) if other == seat else 0
        names = ", ".join(CANDY_NAMES[t] for t in order)
        return [
            say("ability", STACKED, me, n=len(order)),
            Event(kind="secret", text=f"You stacked the Candy deck (top first): {names}.", seats=(seat,)),
        ]
    raise AssertionError(f"kid {kid} has no choice to resolve")


def label(state: GlcState, kid: int, choice: Action) -> str:
    """Button text for one choice, in the game's words."""
    row = state.row
    args = choice.args

    def spot(pos: int | str) -> str:
        return KIDS[row[int(pos)].kid or 0].name if row[int(pos)].kid else "empty spot"

    def candy(word: int | str) -> str:  # always one candy: "1 Lollipop"
        return CANDY_NAME_ONE[CANDY_INDEX[str(word)]]

    def player(seat: int | str) -> str:
        return f"player {int(seat) + 1}"

    kind = choice.kind
    if kind == "movekid":
        return f"Move the {KIDS[int(args[0])].name} from {player(args[1])} to {player(args[2])}"
    if kind == "feed":
        return f"Give the Werewolf 1 {candy(args[0])}"
    if kind == "swapghost":
        return f"Trade ghost {args[0]} for ghost {args[1]}"
    if kind == "swapcandy":
        return f"Give 1 {candy(args[0])}, take 1 {candy(args[2])} from the {spot(args[1])}"
    if kind == "moveghost":
        ghost = row[int(args[0])].ghosts[-1].value
        return f"Move ghost {ghost} from the {spot(args[0])} to the {spot(args[1])}"
    if kind == "steal":
        return f"Take 1 {candy(args[1])} from {player(args[0])}"
    if kind == "raid":
        return f"Grab the candy of the {spot(args[0])} ({sum(row[int(args[0])].candies)})"
    if kind == "snatch":
        return f"Take 1 {candy(args[1])} from the {spot(args[0])}"
    if kind == "recycle":
        return f"Discard 1 {candy(args[0])}, take 1 {candy(args[1])}"
    if kind == "banish":
        return f"Knock ghost {row[int(args[0])].ghosts[-1].value} off the {spot(args[0])}"
    if kind == "swapkids":
        return f"Swap the {spot(args[0])} and the {spot(args[1])}"
    if kind == "peek":
        return f"Look at {player(args[0])}'s Love card"
    if kind == "movecandy":
        return f"Move 1 {candy(args[1])} from the {spot(args[0])} to the {spot(args[2])}"
    if kind == "stack":
        return "Stack (top first): " + ", ".join(candy(a) for a in args)
    if kind == "decline":
        return f"Skip the {KIDS[kid].name}'s ability"
    return choice.token()
