"""I Got a Rock's help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**I Got a Rock** — get rid of your cards in pairs, and do not be the one left holding The \
Rock. 2-10 players.

**The deck.** 53 cards: the King Size and three of the four Non-Treats are left out. The purple \
Non-Treat, **The Rock**, stays in. Every other rank has four cards, so everything pairs off except \
The Rock.

**A hand.** The whole deck is dealt, one card at a time from the dealer's left, to everyone still \
in (some get one card more). Every pair of equal rank is discarded face up at once, by the table \
for you: there is no choice to make, and four of a kind makes two pairs.

**Taking cards.** The dealer starts by holding their cards out, face down, to the next player on \
their left who still has cards. That player takes one blind: the table shuffles the offered cards \
and you pick a position, 1 to the number offered. Only the two of you see which card moved. A new \
pair is discarded at once. Then the player who took offers their own cards to their left, and so \
on. If the dealer has no cards left after the first pairs, the next player on their left with \
cards offers first; if a taker has just emptied their hand, the next player on their left with \
cards offers instead.""",
    """**Safe.** A player with no cards left, however it happened, is safe for the rest of the hand \
and is skipped.

**The Rock.** When only one player still holds cards, they hold only The Rock: they are out of the \
game. The others are dealt a new hand; the deal moves to the next player on the left who is still in.

**Winning.** The hand with two players left decides the game: whoever empties their hand first \
wins. The others are placed by how long they stayed in.

Every move here is luck, as in the card game it is based on: which card you pick is a blind guess, \
so computer players of every level play alike.""",
)
