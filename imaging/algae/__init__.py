"""Algae, Inc. pictures: the public board, one player's department, the final scores."""

from imaging import register, register_changes
from imaging.algae.public import render_public

register("algae", "public", render_public)
from imaging.algae.player import render_player  # noqa: E402

register("algae", "player", render_player)
from imaging.algae.final import render_final  # noqa: E402

register("algae", "final", render_final)
from imaging.algae.changes import change_data  # noqa: E402

register_changes("algae", change_data)
from imaging.algae.card import render_card  # noqa: E402

register("algae", "card", render_card)
