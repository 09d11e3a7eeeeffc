"""After a game ends, the public board's header shows the final standings and the winner,
not the running score (issue 13: On Mars showed in-game OP 0 and 2 for final 8 and 15)."""

from __future__ import annotations

import pytest

from imaging.algae.public import draw_public as algae_public
from imaging.mars.public import draw_public as mars_public
from tests.imaging import algae_games, mars_games


@pytest.mark.parametrize("kind", ["algae", "mars"])
def test_the_header_of_an_ended_game_shows_final_scores_and_winner(kind) -> None:
    games, draw = (algae_games, algae_public) if kind == "algae" else (mars_games, mars_public)
    ready = games.algae_ready() if kind == "algae" else games.mars_ready()
    if not ready:
        pytest.skip("engine not in this checkout")
    game = games.random_game(3, 13, 100_000)
    assert game.over
    texts = [
        t.text for t in draw(game.view(None)).texts if t.panel == "header" or "chip" in t.panel
    ]
    scores = game.scores()
    winners = [s.player for s in scores if s.rank == 1]
    assert any(t.startswith("Game over") and winners[0] in t for t in texts), texts
    for s in scores:
        assert str(s.vp) in texts, f"{s.player}'s final {s.vp} is in a chip"
