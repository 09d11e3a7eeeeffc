"""The post path at move 5 and late in a game (issue 13: the same cost at move 500).

What a turn post needs besides its own picture is what changed since the post before.
Before, the poster replayed the game from move 0 to draw the board of the post before
("replay" rows, growing with the game); now the post carries the marks, computed at the
commit from the board the previous post showed, which the table layer keeps ("marks"
rows). The card row is the picture drawn from the carried marks.
"""

from __future__ import annotations

import random

from benchmarks.kit import Row, measure, row

N = 15


def _game_at(moves: int):
    import engine

    rnd = random.Random(11)
    game = engine.new_game("algae", ["Ann", "Bob", "Cy", "Dee"], seed=11)
    while game.version < moves and not game.over:
        decision = rnd.choice(game.pending())
        game.play(decision.seat, rnd.choice(decision.options).move)
    return game


def run() -> list[Row]:
    import imaging
    from tables.history import views_at

    rows = []
    for moves in (5, 500):
        game = _game_at(moves)
        at = game.version
        before = views_at(game, {at - 1})[at - 1]
        now = game.view(None)

        def marks(now=now, before=before, game=game):
            return imaging.changes("algae", game.view(None), before)

        def replay(game=game, at=at):
            return views_at(game, {at - 1})

        carried = imaging.changes("algae", now, before)

        def card(now=now, carried=carried):
            return imaging.render("algae", "card", now, marks=carried)

        rows += [
            row("posts", f"move {at}: marks from the kept board (now)", measure(marks, N)),
            row("posts", f"move {at}: card drawn from carried marks", measure(card, N)),
            row("posts", f"move {at}: replay to the post before (before)", measure(replay, 5)),
        ]
    return rows
