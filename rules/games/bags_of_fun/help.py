"""Bags of Fun's help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**Bags of Fun** — everyone fills the same bags, but each bag belongs to someone secretly. \
Fill yours with good candy without showing which one it is. 2-6 players.

**Set-up.** There are two bags more than players, numbered from 1. Each player is secretly told \
which bag is theirs; two bags belong to nobody, and nobody knows which. Each player also gets a \
secret **least favourite** suit card. Of the other suit cards, three stay face down all game and \
the rest are turned face up: those suits count **double** for everyone. The whole Best Candy deck \
is shuffled into three face-up piles of 19; only the top card of each pile can be seen.

**Your turn.** Take the top card of any pile and put it into any bag that holds fewer than 7 \
cards. You must. The player left of the dealer goes first, then play goes left.

**The end.** Play stops as soon as every bag but one holds 7 cards (or the piles run out). Everyone \
then shows their bag number and least favourite, and the face-down suit cards are turned up.""",
    """**Scoring your own bag**
• A Prank counts -1 and a Non-Treat 0. The King Size counts 13 and is never doubled.
• A treat showing your least favourite suit counts **minus** its rank, even if it also shows a \
double suit.
• Otherwise a treat showing any face-up suit counts **twice** its rank (only twice, however many \
it shows).
• Any other treat counts its rank.
Bags that belong to nobody score for nobody. The highest score wins; tied players share the win.

**New white cards** (a table option, off unless the host turns it on): the six white suit cards of \
the King-Sized set join the suit cards. A colour card (Black, Orange, Green, Purple) stands for the \
treats of that colour, **1 Flavor** for treats with one suit and **3 Flavors** for treats with three \
suits; they work like any suit card, as a least favourite or as a double. Pranks and Non-Treats never \
count for them.""",
)
