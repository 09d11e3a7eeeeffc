"""Algae, Inc. pictures: the public board, one player's department, the final scores."""

from imaging import register
from imaging.algae.public import render_public

register("algae", "public", render_public)
