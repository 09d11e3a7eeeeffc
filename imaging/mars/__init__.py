"""On Mars pictures: the public board, one player's board, the final scores."""

from imaging import register, register_changes
from imaging.mars.public import render_public

register("mars", "public", render_public)
from imaging.mars.player import render_player  # noqa: E402

register("mars", "player", render_player)
from imaging.mars.final import render_final  # noqa: E402

register("mars", "final", render_final)
from imaging.mars.changes import change_data  # noqa: E402

register_changes("mars", change_data)
from imaging.mars.card import render_card  # noqa: E402

register("mars", "card", render_card)
