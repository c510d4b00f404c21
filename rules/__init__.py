"""Pure game logic: no discord, no asyncio, no clock, no I/O.

The layers, each building only on those listed before it:

    kit/          what every game may build on, whatever its cards: `errors` (RuleError),
                  `rng` (seeded random streams), `tricks` (follow suit, trump, who wins a trick),
                  `heuristics` (helpers of a game's computer player),
                  `copying` (a quick copy of a state that shares nothing it changes)
    contract.py   the Game/State contract every game implements (Options, setup, apply, view, ...)
    candy_kit/    what the games played with the Best Candy deck share: the deck itself
                  (`cards`), sub-decks and the draw pile (`candy_deck`), the deck's trick games
                  (`candy_tricks`), passing, knocking, and hands scored against you (`fewest_points`)
    games/<game>/ one package per game: its rules, state, help and heuristics (`ai.py`). A game
                  builds on another game only as its variant (Best House on the Block deals and
                  plays its tricks as Best Candy does)
    registry.py   every game by id: `rules.registry.get(game_id)`, found by scanning `games/`
    ai/           the computer players (easy, normal, hard) for every game, fed by each game's `ai.py`
    players.py    a computer player by level name, for any game
    families.py   the shelves that group the games of one deck in a front end's lists

A front end needs the contract, the registry, players and families. tests/test_import_layers.py
holds these arrows.
"""
