"""Sugarfree's help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**Sugarfree** — get rid of your cards by matching the top of the discard pile. 2-8 players; \
with 5 or more, two Best Candy decks are shuffled together (114 cards).

**A hand.** Everyone gets 7 cards and one card is turned up to start the discard pile. The player \
left of the dealer goes first and play always moves left; the deal moves one seat left each hand.

**Your turn.** Play one card that shares the top card's rank or at least one of its suits. \
Non-Treats, Pranks and the King Size are wild: they may go on anything. If you can play, you must. \
If you cannot, you draw one card at a time until you find one you can play, and you play it at \
once. If the deck and the discard pile (all but its top card, shuffled) are both used up, your \
turn simply passes.

**Wild cards**
• **Non-Treat**: anything may follow it, and you may add one more card of any kind right away, \
matching or not (or stop there). If that extra card is wild, it works as usual: another Non-Treat \
lets you add yet another card.
• **Prank**: anything may follow it. The next player draws 2 cards and loses their turn; the \
player after them plays next. With two players, you play again. Pranks do not stack.
• **King Size**: you name one of the ten suits; the next card must show that suit, or be wild.""",
    """**The first card.** If the card that starts the discard pile is wild, the first player may \
play anything; it makes nobody draw and names no suit.

**End of a hand.** The moment a player plays their last card, the hand is over, even if that card \
was a Prank or a Non-Treat. Everyone else scores the face values of the cards left in their hand: \
a Prank -1, a Non-Treat 0, the King Size 13, any other card its rank. Points add up from hand to \
hand.

**A stuck hand.** If every player in turn can neither play nor draw, the hand ends there and \
everyone scores what they hold.

**Winning.** After a hand in which somebody reaches 113 points or more, the game ends: the fewest \
points win, and players tied for the fewest share the win.

**Two decks.** Both copies of a card play exactly alike. When you hold both, your buttons mark \
them (A) and (B) so you can tell them apart.""",
)
