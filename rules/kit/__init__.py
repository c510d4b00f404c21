"""What every game may build on, whatever its cards: the rule error (`errors`), the seeded
random streams (`rng`), the trick-taking core (`tricks`: follow suit, trump, who wins a trick)
and the helpers of a game's computer-player heuristics (`heuristics`).

Nothing here knows a game or a deck; it imports nothing of `rules` outside `rules.kit`.
"""
