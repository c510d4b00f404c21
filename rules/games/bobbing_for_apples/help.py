"""Bobbing for Apples' help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**Bobbing for Apples** — fish cards out of the stash by adding them up. 2-4 players.

**The deck.** 53 cards: everything but the four Non-Treats. A Prank counts -1, a treat its \
rank, the King Size 13. Five cards are dealt face up as the stash and everyone gets 4. When \
every hand is empty the dealer hands out 4 more each, until the deck is gone (6 deals with 2 \
players, 4 with 3, 3 with 4). The player left of the dealer goes first.

**The stash** holds loose cards and stacks. A stack shows its value and whether it is *built* \
(cards added up) or a *pair* (cards of one value).

**Your turn: one move with one card from your hand**
• **Take**: show a card. It takes stash items that make up its rank: an item worth exactly \
that much, or several items that add up to it (a Prank takes 1 off). You may only take when \
something makes the rank. Pick the items one by one: a group closes as soon as it adds up to \
the rank, so pick Pranks first when you want them inside a bigger group. The take ends by \
itself once nothing left in the stash makes the rank; you keep the shown card and all you took.
• **Build** (combine): put a card on a loose card or a built stack. The new value is the sum and \
must be from 1 to 13, or 1 to 12 once the King Size is in the stash or taken (nobody could \
ever take a 13 then).
• **Build** (pair): put a card on a loose card or stack of the same value. It becomes a pair of \
that value: more cards of that value may join it, but nothing can be added up onto it.
• **Give**: lay a card loose in the stash. You may always do this.""",
    """**End of a hand.** When the deck and every hand are empty, whoever took last gets what is \
left in the stash (the dealer, if nobody took at all).

**Scoring a hand** (21 points in all)
• Most cards taken: 3. Most Halloween cards taken: 3. A tie for either scores nobody.
• Green 11: 4. Green 5: 3. Green 2: 2. King Size: 2. Each 12: 1.

**Winning.** Points add up from hand to hand; the deal moves one seat left. After a hand in \
which someone has 31 or more, the highest total wins; if the leaders are tied, play another hand.

**Table options** (off unless the host turns them on)
• **Hold the card to take it**: you may build or pair a stack only if you keep in your hand a \
card of its new value.
• **Stay with your stack**: after you build or pair a stack, each of your turns must take it, \
build onto it or pair with it (you may not give), until another player builds on it or takes \
it. A take you start then begins with that stack. If no move of yours can use it, you are free.""",
)
