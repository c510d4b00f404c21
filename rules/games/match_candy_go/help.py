"""Match Candy-Go's help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**Match Candy-Go** — match candy by suit, capture stacks, and collect whole sets. 2-3 players.

**The deck.** 49 cards: ranks 1 to 12 of the four colours and the King Size (no Pranks, no \
Non-Treats). With 2 players, 9 cards start the stash face up and everyone gets 10; with 3 players, \
7 and 8. The rest is the deck. The player left of the dealer goes first.

**Matching.** Every card of the stash is a stack. A card may go on a one-card stack when the two \
share a suit; on a bigger stack only when one suit is shown by that card and by every card of the \
stack (the King Size is left out of that check). The King Size shows every suit.

**Your turn**
1. If any card in your hand can go on any stack, you must play one onto a stack (you choose which \
card and which stack). If none can, lay one card as a new stack.
2. Then the deck's top card is turned up. If it can go on a stack (the one you just made too), you \
put it on the one you choose; otherwise it lies alone as a new stack.
3. If you added cards to two different stacks this turn, or a stack you added to now holds 4 cards \
or more, you capture every stack you added to this turn. Laying a new stack is not adding to one.

With 3 players the deck runs out six turns early: from then on the second step is skipped.""",
    """**End of a hand.** When all hands are empty, the dealer takes whatever is left in the stash. \
There is one hand per player (the deal moves left); points add up, the highest total wins and tied \
players share the win.

**Scoring a hand**
• **Sets**: a set counts only when one player captured all of it, for 1 point per card: Twist \
candies 3, Healthy snacks 3, Gummy creatures 4, Halloween toys 4, Treats on sticks 5, Balls 5, \
Candy bars 7 (with the King Size).
• **Junk**: your captured cards that are not in a set you completed. Whoever has the most junk \
gains half of it, rounded down; tied players each gain.
• **Pair bonus** (a table option, off unless the host turns it on): 1 point for each of these pairs \
you captured, even without the rest of its set: the two cups (orange 3 and 4), the two coconut bars \
(orange 7 and 9), the two apples on sticks (black 11 and green 10), the two marshmallows on sticks \
(purple 7 and 8) and the two coconut balls (purple 5 and 6).""",
)
