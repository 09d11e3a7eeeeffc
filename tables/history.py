"""Views of a game at earlier moves, for pictures of late posts and change marks.

A post records the version it announces and the version of the post before it; the poster
draws the board at that version and marks what changed since the earlier one, even when
the post is retried after newer moves. Earlier states come from replaying the record (the
log is the truth), off the event loop.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

from engine.core import Game, replay

if TYPE_CHECKING:
    from tables.models import GameInfo


def views_at(game: Game, versions: set[int], seat: int | None = None) -> dict[int, dict[str, Any]]:
    """The views of ``seat`` (None: public) after each move count in ``versions``.

    One replay pass serves every version asked; the live object serves its own version.
    """
    wanted = {v for v in versions if 0 <= v <= game.version}
    found: dict[int, dict[str, Any]] = {}
    if game.version in wanted:
        found[game.version] = game.view(seat)
    earlier = wanted - found.keys()
    if not earlier:
        return found
    upto = max(earlier)

    def keep(number: int, state: Game) -> None:
        if number in earlier:
            found[number] = state.view(seat)

    start = replay({**game.record(), "moves": []})
    if 0 in earlier:
        found[0] = start.view(seat)
    replay(game.record(), upto=upto, on_move=keep)
    return found


class HistoryMixin:
    """``Tables`` methods that look back in a game's history."""

    if TYPE_CHECKING:

        async def load(
            self, channel_id: int | None, *, game_id: int | None = None, fresh: bool = False
        ) -> tuple[GameInfo, Game]: ...

    async def public_views(
        self, game_id: int, versions: set[int] | list[int]
    ) -> tuple[GameInfo, bool, dict[int, dict[str, Any]]]:
        """The game's info, whether it is over, and its public view at each version."""
        info, game = await self.load(None, game_id=game_id)
        wanted = set(versions)
        if wanted <= {game.version}:
            return info, game.over, views_at(game, wanted)
        views = await asyncio.to_thread(views_at, game, wanted)
        return info, game.over, views
