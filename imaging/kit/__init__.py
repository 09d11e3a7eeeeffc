"""The shared drawing kit: palette, fonts, icons, a recording canvas, layer cache, PNG."""

from imaging.kit.canvas import Box, Canvas, TextRecord
from imaging.kit.fonts import font
from imaging.kit.layers import static_layer
from imaging.kit.png import encode_png, png_of

__all__ = ["Box", "Canvas", "TextRecord", "encode_png", "font", "png_of", "static_layer"]
