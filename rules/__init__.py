"""Pure game logic: no discord, no asyncio, no clock, no I/O.

Import a game through `rules.registry.get(game_id)`; the contract is in
`rules.contract`.
"""
