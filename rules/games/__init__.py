"""The games, one package each; its `__init__` defines `GAME`.

`rules.registry` finds every package here, so adding a game is adding a folder.
"""
