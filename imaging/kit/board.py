"""The public board's frame, the same in every game: read the view, take a copy of the
board's static layer, work out the change marks (those a post carries, else from the view
before), draw the header (with the final standings once the game is over), then the game's
own pieces. Each game gives a ``BoardRecipe``; ``board_drawer`` makes its ``draw_public``."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from imaging.kit.canvas import Canvas
from imaging.kit.header import Header, draw_header, with_final


@dataclass(frozen=True)
class BoardRecipe:
    """How one game draws its public board: each function takes that game's model."""

    read: Callable[[dict[str, Any]], Any]  # view -> the game's model
    background: Callable[[Any], Canvas]  # game -> a copy of its static layer
    marks: Callable[[Any, Any, Any], Any]  # (game, previous view, carried marks) -> changes
    header: Callable[[Any, list[str] | None], Header]  # (game, a post's lines) -> header
    pieces: Callable[[Canvas, Any, Any], None]  # (canvas, game, changes): all that moves
    width: int
    margin: int


def board_drawer(recipe: BoardRecipe) -> Callable[..., Canvas]:
    """The ``draw`` of a game's public board (view, previous=, marks=, lines= -> Canvas)."""

    def draw_public(
        view: dict[str, Any],
        previous: dict[str, Any] | None = None,
        marks: dict[str, Any] | None = None,
        lines: list[str] | None = None,
    ) -> Canvas:
        """The board; changes since ``previous`` (or the ``marks`` a post carries) are
        marked; ``lines`` (a post's events since the post before) say what the last turn
        did."""
        game = recipe.read(view)
        cv = recipe.background(game)
        found = recipe.marks(game, previous, marks)
        head = with_final(recipe.header(game, lines), view.get("scores"))
        draw_header(cv, head, width=recipe.width, margin=recipe.margin)
        recipe.pieces(cv, game, found)
        return cv

    return draw_public
