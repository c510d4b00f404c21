"""Up and Down the Block's help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**Up and Down the Block** — a rummy game walked down one side of the street and back up the \
other. 2-6 players; with 4 or more, two Best Candy decks are shuffled together (114 cards). Over \
ten hands, collect runs and sets; the cards you cannot fit cost you points. Fewest points after \
the tenth hand wins.

**Hand sizes.** The hands shrink, then grow: 12 cards each in the first hand, then 10, 8, 6 and \
4 as you walk down the street; back up the other side it is 5, 7, 9, 11 and 13 for the last hand. \
After the deal one card goes face up to start the discard pile. The player left of the dealer \
goes first, play moves left, and the deal moves one seat left every hand.

**The wild suit.** The ten white suit cards are shuffled once at the start; each hand turns the \
next one up, so every suit is wild exactly once. Every card showing the wild suit is wild, and \
the King Size is always wild.

**Your turn.** Take the top card of the deck or of the discard pile, then discard one card. A card \
you just took from the discard pile cannot go straight back this turn; everyone saw you take it, \
so the table shows it next to your name until you let it go. When the deck runs out, the discard \
pile (all but its top card) is shuffled into a new deck.""",
    """**Runs and sets**
• A **set** is 3 or more cards of the same rank. Pranks (-1) and Non-Treats (0) can make sets too, \
and both copies of a card may sit in the same set.
• A **run** is 3 or more cards on ranks one after another, from 1 up to 12 (no wrapping round), one \
card per rank, with one suit shown on every card that is not wild. Pranks and Non-Treats never go \
in runs.
• A wild card can stand in for any card: any rank 1-12 and any suit in a run, any rank at all in a \
set. A meld may be made of wild cards only.

**Going out.** After your discard, if every card you still hold fits into runs and sets, you may go \
out: your hand is shown to everyone, and each other player has exactly one more turn. You may also \
keep playing instead. Nobody adds cards to anyone else's melds.

**A hand that drags on.** If nobody has gone out after 30 turns each, the hand ends there and \
everyone scores what they hold.""",
    """**Scoring a hand.** When the hand ends, the bot splits every hand (the one that went out too) \
into runs and sets the way that leaves the lowest total over, and that total is your score for the \
hand: a Prank counts -1, a Non-Treat 0, a wild card its printed rank, the King Size 13, any other \
card its rank. Keeping a Prank out of a meld lowers your total, so a hand's score can be below \
zero. Scores add up over the ten hands.

**Winning.** After the tenth hand the fewest points win; players tied for the fewest share the win.

**Host options**
• **New white cards**: the wild suit is turned from all 16 white cards. A colour card makes every \
treat of that colour wild; 1 Flavor makes the one-suit treats wild; 3 Flavors the three-suit treats.
• **Meld helper** (on unless the host turns it off): your hand shows the best runs and sets the bot \
finds in it and what the cards left over would cost.

**Two decks.** Both copies of a card play exactly alike. When you hold both, your buttons mark them \
(A) and (B) so you can tell them apart.""",
)
