"""The log lines of Ghosts Love Candy that name a player, as catalogued messages (rules.kit.words).

Most are in the past tense, which reads the same for the player they name; the lines listing
every player (or every tied player) have one message per number of players, each role `s0`,
`s1`... reading the same for its own player."""

from __future__ import annotations

from rules.kit.words import Msgid, message

LET_GO = message("{who} let the {kid}'s ability go.")
HAS_CHOSEN = message("{who} has chosen a ghost.", who="{who} have chosen a ghost.")
TOOK_BACK = message("{who} takes their ghost back to choose again.", who="{who} take your ghost back to choose again.")
NOWHERE_TO_HAUNT = message("No kid is left to haunt: {who}'s ghost {value} is discarded.")
HAUNTED = message("{who} haunted {kid} with ghost {value} and took {candies}.")
SCARED = message(
    (
        "{kid} is scared ({n} ghost point against courage {courage}) and goes to {who}'s stash "
        "({who} haunted it last); its ghosts and {candies} are discarded.",
        "{kid} is scared ({n} ghost points against courage {courage}) and goes to {who}'s stash "
        "({who} haunted it last); its ghosts and {candies} are discarded.",
    )
)
ZOMBIE_WALKS = message("The Zombie walks out of {who}'s stash and takes the empty spot.")


def _listing(text: str, count: int) -> Msgid:
    """A message naming `count` players by the roles `s0`, `s1`...; each reads it as it is."""
    return message(text, **{f"s{k}": text for k in range(count)})


def _items(item: str, count: int) -> str:
    return ", ".join(item.format(k=k) for k in range(count))


#: By the number of players (3 to 6): each player's revealed ghost `g0`...
REVEALED = {n: _listing("Ghosts revealed: " + _items("{{s{k}}} {{g{k}}}", n) + ".", n) for n in range(2, 7)}
#: By the number of tied players: each one's revealed kid `k0` and its card number `c0`...
TIE_BROKEN = {
    n: _listing("Tie at {value}, broken by kids revealed: " + _items("{{s{k}}} the {{k{k}}} ({{c{k}}})", n) + ".", n)
    for n in range(7)
}
#: By the number of players: each one's Love card `l0`... and score `p0`...
GAME_OVER = {
    n: _listing(
        "Game over. Love cards: "
        + _items("{{s{k}}} card {{l{k}}}", n)
        + ". Scores: "
        + _items("{{s{k}}} {{p{k}}}", n)
        + ".",
        n,
    )
    for n in range(2, 7)
}
