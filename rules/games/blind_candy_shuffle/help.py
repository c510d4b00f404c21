"""Blind Candy Shuffle's help pages, in our own words."""

from __future__ import annotations

HELP_PAGES: tuple[str, ...] = (
    """**Blind Candy Shuffle** — four cards lie face down in front of you, and you know only some \
of them. Aim for the highest total. 2-8 players.

**Candy.** Everyone starts with 3 pieces of candy (your lives). Lose them all and you are out; \
the last player holding candy wins the game.

**A round.** The whole Best Candy deck (57 cards) is shuffled and everyone still in gets 4 cards \
face down in slots 1 to 4, unseen even by their owner; one card is turned up to start the discard \
pile. The deal moves one seat to the left each round, skipping players who are out, and the player \
left of the dealer goes first.

**Your first look.** At the start of your first turn in a round you pick two slots and see those \
two cards, privately. That is the only peek you get.

**Your turn** is one of:
• **Draw from the deck.** Only you see the card. Either discard it face up, or put it into a slot \
of your choice without looking at the card already there, which goes face up on the discard pile.
• **Take the top of the discard pile.** It must go into a slot; the card it replaces is discarded \
face up. Everyone saw the card you took and where it went.
• **Knock** instead of drawing (after your first look, on any turn). Every other player then has \
exactly one more turn and the round ends. There is one knock a round.

If the deck runs out, the discard pile except its top card is shuffled into a new deck.""",
    """**Scoring a round.** All cards are turned up. Each player adds up their four cards: a Prank \
counts -1, a Non-Treat 0, the King Size 13, any other card its rank. The lowest total loses a piece \
of candy; if several players tie for lowest, all of them lose one. Totals start again every round.

**If everyone would be out at once**, nobody loses anything and the round is dealt again by the \
same dealer.

**Memory aid** (a table option, on unless the host turns it off): your own screen keeps listing \
the cards you have seen and the slot each is in. With it off, each card is shown to you once, when \
you see it, and after that you must remember it.

**On their honor** (a table option, off unless the host turns it on): the first player to lose \
their last piece of candy stays in with one more, so they are only out at their fourth loss. Only \
the first player out gets this; if two or more run out in the same round, each of them does.

**Places.** The winner is first; the others are placed by how long they stayed in, and players who \
went out in the same round share a place.""",
)
