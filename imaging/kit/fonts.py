"""Fonts shipped with the project (imaging/fonts/), never a system font.

DejaVu Sans Condensed, regular and bold. Loaded once per size; FreeType fonts are safe to
share between threads for measuring and drawing in Pillow.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "fonts"
REGULAR = FONT_DIR / "DejaVuSansCondensed.ttf"
BOLD = FONT_DIR / "DejaVuSansCondensed-Bold.ttf"


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """The project font at ``size`` pixels (em size)."""
    return ImageFont.truetype(str(BOLD if bold else REGULAR), max(4, int(size)))


def text_width(text: str, size: int, bold: bool = False) -> float:
    return font(size, bold).getlength(text)
