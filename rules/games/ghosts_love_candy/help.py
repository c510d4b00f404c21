"""The rules in our own words, one markdown page each (kept short for Discord)."""

from __future__ import annotations

from rules.games.ghosts_love_candy.cards import KID_NUMBERS, KIDS

_OVERVIEW = """\
**Ghosts Love Candy** (3-6 players). You are a pack of ghosts out to gobble the candy that trick-or-treating \
kids are carrying. Spook a kid too much, though, and the frightened kid ends up in your stash, which costs points.

**Set-up.** Each player holds ghosts numbered 1 to 9 and a secret Love card that says what each of the six \
candies (Candy Corn, Licorice, Peppermint, Gummies, Lollipops, Chocolate) is worth to them, from 5 down to 0. \
With 3-4 players six kids stand in the neighborhood row and the game lasts 8 rounds; with 5-6 players eight \
kids stand in the row, it lasts 6 rounds and the 4 and 6 ghosts are left out.

**A round.**
1. Every kid in the row receives one candy from the Candy deck.
2. Everybody secretly picks one ghost from their hand. Nobody sees the others' picks until all have picked; \
until then you may take your pick back and pick again. Then all are shown together.
3. The highest ghost plays first, then the next highest, and so on. Players who tie each turn over a kid \
from the Kid deck: the bigger card number goes first. Those kids are then thrown away.
4. On your turn put your ghost on top of one kid's ghost pile, grab all the candy that kid holds, and use the \
kid's blue ability. Then look for scared kids.
"""

_SCARES = """\
**Scared kids.** A kid whose pile of ghosts adds up to its courage or more is scared. Kids are checked one \
at a time starting from the end of the row next to the Kid deck, each once. A scared kid goes into the \
stash of whoever owns the top ghost of its pile; its ghosts and any candy on it are discarded, and the next \
kid of the Kid deck steps into its spot. When the Kid deck is empty, the discarded kids are shuffled into a \
new one.

**End.** The round in which the Candy deck runs out is the last one. Then every Love card is shown. Each \
candy in your stash scores what your Love card says, after the kids still in the row change those values. \
Each kid in your stash costs 2 points unless the kid says otherwise. Most points wins; players who tie share \
the place (shout BOO! and play again).

**Abilities.** Blue abilities happen right after you take the candy; yellow ones work at their own moment. \
If an ability asks for something impossible, it is skipped. Abilities that say "may" can be declined. \
When an ability asks for a choice, you make it with the buttons.

**Our own card texts**: the printed cards were not available, so the kids' courage values and most \
abilities, two ghost colours and three Love cards are our own design. They may differ from your copy.
"""


def _kid_lines(numbers: tuple[int, ...]) -> str:
    lines = []
    for number in numbers:
        kid = KIDS[number]
        lines.append(f"**{kid.name}** ({number:02d}, courage {kid.courage}, {kid.box}): {kid.ability}")
    return "\n".join(lines)


HELP_PAGES: tuple[str, ...] = (
    _OVERVIEW,
    _SCARES,
    "**The kids (1/2)**\n" + _kid_lines(KID_NUMBERS[:12]),
    "**The kids (2/2)**\n" + _kid_lines(KID_NUMBERS[12:]),
)
