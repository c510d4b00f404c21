"""The King-Sized expansion's set-up: which King cards and new suit cards a game uses,
the deck for each player count, and the checks on the host's choices.

The table (rulings §17.1): players -> King cards added, cards dealt, stash.
2: two random colours without their 0s and 1s; 3: three colours without their 0s and 1s;
4: all four colours without the 0s and 1s; 5 and 6: the whole main deck. The King Size
is always in. Six players deal 10 and need at least two new white suit cards.
"""

from __future__ import annotations

import random

from rules.candy_kit.cards import BY_COLOUR, COLOURS, DECK, KING_CARDS, KING_PICK_NAMES, KING_SIZE, WHITE_CARDS
from rules.games.best_candy.state import BestCandyOptions
from rules.kit.errors import RuleError

#: King cards added to the deck, by player count.
KINGS_FOR: dict[int, int] = {2: 4, 3: 6, 4: 8, 5: 13, 6: 15}
#: The stash the table gives (deal x players + stash = the deck).
STASH_FOR: dict[int, int] = {2: 5, 3: 7, 4: 9, 5: 10, 6: 12}
#: Fewest new white suit cards a 6-player suit deck holds (12 suit cards for 6 players).
SIX_PLAYER_WHITE = 2


#: Six seats exist only in the expansion: a 6-player table plays it whatever the King cards option says.
SIX = 6


def uses_kings(players: int, options: BestCandyOptions) -> bool:
    return options.king_cards or players == SIX


def hand_size(players: int) -> int:
    return 10 if players == 6 else 12


def picked_kings(options: BestCandyOptions) -> list[int]:
    """The King cards the host named, in card order (empty: drawn at random)."""
    words = options.chosen_kings.split()
    unknown = [w for w in words if w not in KING_PICK_NAMES]
    if unknown:
        known = ", ".join(KING_PICK_NAMES)
        raise RuleError(f"There is no King card called {unknown[0]!r}. King cards are named {known}.")
    if len(set(words)) != len(words):
        raise RuleError("Each King card can be chosen only once.")
    return sorted(KING_PICK_NAMES[w] for w in words)


def picked_white_cards(players: int, options: BestCandyOptions) -> list[str]:
    """The new white suit cards in the suit deck: none by default, all six with 6 players."""
    words = options.new_suit_cards.split()
    if not words:
        return list(WHITE_CARDS) if players == 6 else []
    if words == ["none"]:
        return []
    if words == ["all"]:
        return list(WHITE_CARDS)
    if {"all", "none"} & set(words):
        raise RuleError("Say all or none on its own, or name the new suit cards you want.")
    unknown = [w for w in words if w not in WHITE_CARDS]
    if unknown:
        raise RuleError(
            f"There is no new suit card called {unknown[0]!r}. Say all, none, or some of: {', '.join(WHITE_CARDS)}."
        )
    if len(set(words)) != len(words):
        # "black black" is one card named twice, not two cards: refused as King cards are.
        raise RuleError("Each new suit card can be chosen only once.")
    return [w for w in WHITE_CARDS if w in words]


def check_choices(options: BestCandyOptions) -> None:
    """Refuse what the host chose that no player count can use: unknown or repeated names, a
    number of King cards no table takes, King cards chosen for a deck without them."""
    chosen = picked_kings(options)
    picked_white_cards(SIX, options)
    if chosen and len(chosen) not in KINGS_FOR.values():
        counts = ", ".join(f"{kings} with {players} players" for players, kings in KINGS_FOR.items())
        raise RuleError(f"A deck takes {counts}; {len(chosen)} King cards were chosen.")
    if chosen and not options.king_cards and len(chosen) != KINGS_FOR[SIX]:
        raise RuleError("Choosing King cards needs the King cards option on.")


def check(players: int, options: BestCandyOptions) -> None:
    """Refuse host choices the expansion's table does not allow, with the reason."""
    if not uses_kings(players, options):
        if options.chosen_kings:
            raise RuleError("Choosing King cards needs the King cards option on.")
        return
    chosen = picked_kings(options)
    wanted = KINGS_FOR[players]
    if chosen and len(chosen) != wanted:
        raise RuleError(
            f"With {players} players the deck takes exactly {wanted} King cards; {len(chosen)} were chosen."
        )
    white = len(picked_white_cards(players, options))
    if players == 6 and white < SIX_PLAYER_WHITE:
        chosen_text = "none is chosen" if white == 0 else "only one is chosen"
        raise RuleError(f"Six players need at least two new white suit cards in the suit deck; {chosen_text}.")


def choose_kings(players: int, options: BestCandyOptions, rng: random.Random) -> list[int]:
    """The host's King cards, or the table's count drawn at random; fixed for the whole game."""
    return picked_kings(options) or sorted(rng.sample(KING_CARDS, KINGS_FOR[players]))


def colour_count(players: int) -> int:
    return min(players, len(COLOURS))


def deck_cards(colours: list[str], players: int, kings: list[int]) -> list[int]:
    """The expansion deck: the King Size, the colours' cards (without the 0s and 1s below 5
    players) and the King cards."""
    drop_low = players <= 4
    cards = [KING_SIZE, *kings]
    for colour in colours:
        cards.extend(c for c in BY_COLOUR[colour] if not (drop_low and DECK[c].rank in (0, 1)))
    return sorted(cards)
