"""The "Full board" button under every turn post: the whole board, privately, one click
after the phone-readable turn card.

Routed by ``cogs.components`` (custom id ``alg:board:{game}:{version}``). The table layer
answers only where the game is seen: its own channel or one of its spectator channels (a
forged id from elsewhere gets a clear private refusal and no picture). The board is drawn
as of that post, with the marks and lines the post carried when this process drew it.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

import discord

from cogs.components import route, where
from cogs.custom_ids import CustomId
from cogs.render import as_file, picture
from cogs.services import tables_of
from cogs.text import safe

NONE = discord.AllowedMentions.none()
_EXTRA: OrderedDict[tuple[int, int], dict[str, Any]] = OrderedDict()  # what posts marked


def remember_extra(game_id: int, version: int, extra: dict[str, Any]) -> None:
    """The ``marks``/``lines`` a post's picture used, for the button under it."""
    _EXTRA[(game_id, version)] = extra
    _EXTRA.move_to_end((game_id, version))
    while len(_EXTRA) > 256:
        _EXTRA.popitem(last=False)


@route("board")
async def show_board(interaction: discord.Interaction, cid: CustomId) -> None:
    assert cid.game_id is not None and cid.version is not None
    tables = tables_of(interaction)
    info, version, view = await tables.post_board(where(interaction), cid.game_id, cid.version)
    await interaction.response.defer(ephemeral=True, thinking=True)
    extra = _EXTRA.get((cid.game_id, version), {})
    png = await picture(info.kind, "public", view, **extra)
    text = f"**{safe(info.title, 60)}** · game #{info.id} · the full board at move {version}"
    file = as_file(png)
    if file is None:
        await interaction.followup.send(text, ephemeral=True, allowed_mentions=NONE)
        return
    await interaction.followup.send(text, file=file, ephemeral=True, allowed_mentions=NONE)
