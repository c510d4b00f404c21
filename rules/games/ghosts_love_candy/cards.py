"""All card data of Ghosts Love Candy, in one place so it can be corrected in one place.

Sources: /work/shared/games/ghosts-love-candy.md. Much of it is the house
(PROPOSED) card set; the help text says so. Ability texts are our own words.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

# ---- candy ---------------------------------------------------------------

#: Candy types by index; stashes, kids and the discard keep counts in this order.
CANDY_NAMES: tuple[str, ...] = ("Candy Corn", "Licorice", "Peppermint", "Gummies", "Lollipops", "Chocolate")
#: One candy of each type: "1 Lollipop", not "1 Lollipops".
CANDY_NAME_ONE: tuple[str, ...] = ("Candy Corn", "Licorice", "Peppermint", "Gummy", "Lollipop", "Chocolate")
#: One-word forms used in action arguments ("swapcandy.corn.3.chocolate").
CANDY_WORDS: tuple[str, ...] = ("corn", "licorice", "peppermint", "gummies", "lollipops", "chocolate")
CANDY_INDEX: dict[str, int] = {word: i for i, word in enumerate(CANDY_WORDS)}
CANDY_TYPES = len(CANDY_NAMES)
COPIES_PER_TYPE = 8
CORN, LICORICE, PEPPERMINT, GUMMIES, LOLLIPOPS, CHOCOLATE = range(CANDY_TYPES)

# ---- Love cards -------------------------------------------------------------

#: Love card number -> points per candy type (in CANDY_NAMES order). A Latin square of 5..0.
LOVE_CARDS: dict[int, tuple[int, ...]] = {
    1: (5, 0, 4, 2, 3, 1),
    2: (4, 5, 2, 1, 0, 3),
    3: (2, 3, 5, 4, 1, 0),
    4: (3, 1, 0, 5, 2, 4),
    5: (1, 4, 3, 0, 5, 2),
    6: (0, 2, 1, 3, 4, 5),
}

# ---- ghosts -----------------------------------------------------------------

#: One set per seat, by colour name (the last two are house names).
GHOST_SETS: tuple[str, ...] = ("McSpooky", "Sparkle", "Buster", "Joy", "Shadow", "Wisp")
FULL_SET: tuple[int, ...] = tuple(range(1, 10))
#: With five or six players these leave every set.
REMOVED_FOR_BIG_TABLES: tuple[int, ...] = (4, 6)


@dataclass(frozen=True)
class TableSize:
    kids_in_row: int
    rounds: int
    ghosts: tuple[int, ...]


def table_size(players: int) -> TableSize:
    if players <= 4:
        return TableSize(kids_in_row=6, rounds=8, ghosts=FULL_SET)
    return TableSize(kids_in_row=8, rounds=6, ghosts=tuple(v for v in FULL_SET if v not in REMOVED_FOR_BIG_TABLES))


# ---- kids -------------------------------------------------------------------

Box = Literal["blue", "yellow"]


@dataclass(frozen=True)
class Kid:
    number: int  # the small card number, 1-24: breaks turn-order ties (higher goes first)
    name: str
    courage: int
    box: Box  # blue: right after taking the candy; yellow: at its own moment
    optional: bool  # True when the player may decline the ability
    ability: str  # our own words


SKELETON = 1
WEREWOLF = 2
ZOMBIE = 3
WITCH = 4
CHEF = 5
MAGICIAN = 6
VAMPIRE = 7
PIRATE = 8
NINJA = 9
ROBOT = 10
SUPERHERO = 11
CLOWN = 12
DETECTIVE = 13
COWBOY = 14
CHEERLEADER = 15
ASTRONAUT = 16
BUMBLEBEE = 17
MUMMY = 18
BLACK_CAT = 19
PUMPKIN = 20
FAIRY = 21
PRINCESS = 22
MAD_SCIENTIST = 23
DINOSAUR = 24

_KIDS: tuple[Kid, ...] = (
    Kid(
        SKELETON,
        "Skeleton",
        15,
        "blue",
        True,
        "You may shift one kid out of any stash into a different player's stash.",
    ),
    Kid(
        WEREWOLF,
        "Werewolf",
        15,
        "blue",
        False,
        "If your ghost is not higher than the ghost it landed on, give him back 1 candy of your choice.",
    ),
    Kid(
        ZOMBIE,
        "Zombie",
        12,
        "yellow",
        False,
        "Kept in your stash, he walks back out the next time a kid is scared into your stash, "
        "taking that kid's spot instead of a new kid.",
    ),
    Kid(WITCH, "Witch", 15, "blue", True, "You may trade a ghost in your hand for one of yours lying in the discard."),
    Kid(CHEF, "Chef", 15, "blue", True, "You may trade 1 candy of your stash for 1 candy sitting on any kid."),
    Kid(MAGICIAN, "Magician", 15, "blue", True, "You may lift the top ghost off one kid and put it on top of another."),
    Kid(VAMPIRE, "Vampire", 15, "blue", False, "Pick 1 candy out of another player's stash and keep it."),
    Kid(PIRATE, "Pirate", 12, "blue", False, "Grab every candy from one of the two kids beside him as well."),
    Kid(NINJA, "Ninja", 12, "blue", False, "Pick 1 candy off any kid in the row and keep it."),
    Kid(
        ROBOT, "Robot", 15, "blue", True, "You may throw away 1 candy of yours to pick any 1 candy out of the discard."
    ),
    Kid(SUPERHERO, "Superhero", 18, "blue", False, "Knock the top ghost off some other kid into the discard."),
    Kid(CLOWN, "Clown", 12, "blue", False, "Two other kids trade spots, taking their candy and ghosts along."),
    Kid(DETECTIVE, "Detective", 10, "blue", False, "Take a secret look at one other player's Love card."),
    Kid(COWBOY, "Cowboy", 15, "blue", False, "Carry 1 candy from one kid over to a different kid."),
    Kid(
        CHEERLEADER,
        "Cheerleader",
        10,
        "yellow",
        False,
        "As long as she stands in the row, the kids beside her never get scared (she still can).",
    ),
    Kid(
        ASTRONAUT,
        "Astronaut",
        10,
        "blue",
        False,
        "Peek at the next 3 candies of the Candy deck and stack them back in the order you like.",
    ),
    Kid(
        BUMBLEBEE,
        "Bumblebee",
        10,
        "yellow",
        False,
        "When candy is handed out she receives 2 instead of 1 (the second only while the deck lasts).",
    ),
    Kid(MUMMY, "Mummy", 20, "yellow", False, "At the final count he costs 4 points in your stash, not 2."),
    Kid(
        BLACK_CAT,
        "Black Cat",
        20,
        "yellow",
        False,
        "At the final count she earns 2 points in your stash instead of costing 2.",
    ),
    Kid(
        PUMPKIN,
        "Pumpkin",
        18,
        "yellow",
        False,
        "Still in the row when the game ends: Candy Corn is worth 1 extra to all.",
    ),
    Kid(
        FAIRY, "Fairy", 18, "yellow", False, "Still in the row when the game ends: Lollipops are worth 1 extra to all."
    ),
    Kid(
        PRINCESS,
        "Princess",
        18,
        "yellow",
        False,
        "Still in the row when the game ends: Chocolate is worth 1 extra to all.",
    ),
    Kid(
        MAD_SCIENTIST,
        "Mad Scientist",
        20,
        "yellow",
        False,
        "Still in the row when the game ends: the candy your Love card rates 0 is worth 3 to you.",
    ),
    Kid(
        DINOSAUR, "Dinosaur", 20, "yellow", False, "When he gets scared, the kids beside him lose all their ghosts too."
    ),
)

#: Kid card number -> kid.
KIDS: dict[int, Kid] = {kid.number: kid for kid in _KIDS}
KID_NUMBERS: tuple[int, ...] = tuple(sorted(KIDS))

#: End-of-game kid penalty in a stash (points added), with the kids' own exceptions.
STASH_KID_POINTS = -2
STASH_KID_EXCEPTIONS: dict[int, int] = {MUMMY: -4, BLACK_CAT: 2}
#: Kids that add 1 to a candy type for everyone while they stay in the row at the end.
CANDY_BONUS_KIDS: dict[int, int] = {PUMPKIN: CORN, FAIRY: LOLLIPOPS, PRINCESS: CHOCOLATE}
#: What the Mad Scientist makes a Love card's 0-candy worth.
MAD_SCIENTIST_VALUE = 3
ASTRONAUT_PEEK = 3


def candy_counts(counts: Sequence[int]) -> str:
    """ "1 Lollipop, 2 Gummies" (the types held, in type order), or "no candy"."""
    parts = [f"{n} {CANDY_NAME_ONE[t] if n == 1 else CANDY_NAMES[t]}" for t, n in enumerate(counts) if n]
    return ", ".join(parts) if parts else "no candy"
