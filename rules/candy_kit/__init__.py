"""What the games played with the Best Candy deck share.

- `cards.py`: the deck itself, as data (the one place a card is corrected).
- `candy_deck.py`: sub-decks, two decks together, the draw pile, guessing unseen cards.
- `candy_tricks.py`: the deal, the play and the put-away of the deck's trick games.
- `passing.py`: the simultaneous pass before the tricks (Haunted House, Appetite).
- `knocking.py`: lives, knocking and the last round (Blind Candy Shuffle, 31 Candies).
- `fewest_points.py`: hands scored against you (Candy Climb, Sugarfree, Up and Down the Block).

It builds on `rules.kit` and the contract, never on a game.
"""
