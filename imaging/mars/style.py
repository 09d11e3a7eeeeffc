"""On Mars colours, labels and icon chips shared by every Mars picture.

Every resource and building type has an icon shape as well as a colour (mineral cube,
battery bolt, water drop, plant leaf, oxygen ring-disk, crystal gem), and buildings carry
their type letter, so nothing is told by colour alone.
"""

from __future__ import annotations

from imaging.kit import Canvas
from imaging.kit import palette as pal
from imaging.kit.palette import RGB

# item -> (icon kind, colour, letter)
ITEM: dict[str, tuple[str, RGB, str]] = {
    "mineral": ("cube", (150, 120, 100), ""),
    "battery": ("bolt", (240, 150, 0), ""),
    "water": ("drop", (50, 130, 210), ""),
    "plant": ("leaf", (60, 160, 60), ""),
    "oxygen": ("circle", (170, 220, 235), "O₂"),
    "crystal": ("gem", (200, 70, 170), ""),
    "colonist": ("person", (235, 235, 235), ""),
    "working": ("person", (120, 120, 130), ""),
    "op": ("star", pal.VP, ""),
}
ITEM_TITLE = {
    "mineral": "Mineral",
    "battery": "Battery",
    "water": "Water",
    "plant": "Plant",
    "oxygen": "Oxygen",
    "crystal": "Crystal",
    "colonist": "Colonist",
    "working": "Worker",
}

# building type -> (colour, letter, short label)
BUILDING: dict[str, tuple[RGB, str, str]] = {
    "mine": ((150, 120, 100), "M", "Mine"),
    "gen": ((240, 150, 0), "G", "Gen"),
    "water": ((50, 130, 210), "W", "Water"),
    "green": ((60, 160, 60), "P", "Green"),
    "oxy": ((150, 210, 228), "O", "Oxy"),
    "shelter": ((235, 225, 205), "S", "Shelter"),
}
PRODUCT = {"mine": "mineral", "gen": "battery", "water": "water", "green": "plant", "oxy": "oxygen"}
TECH_LOOK: dict[str, tuple[str, RGB, str]] = {
    "rover": ("token", (110, 90, 150), "R"),
    "ship": ("token", (90, 110, 130), "Sh"),
    "upgrade": ("gear", (130, 130, 140), ""),
}
TECH_SHORT = {
    "mine": "Mine",
    "gen": "Gen",
    "water": "Water",
    "green": "Green",
    "oxy": "Oxy",
    "rover": "Rover",
    "ship": "Ship",
    "upgrade": "Upgrade",
    "shelter": "Shelt",
}
MARS: RGB = (190, 96, 60)  # the map ground
MARS_DARK: RGB = (150, 70, 44)
MARS_EDGE: RGB = (112, 52, 34)
SIDE_TITLE = {"orbit": "Orbit", "colony": "Colony"}


def building_look(kind: str) -> tuple[RGB, str, str]:
    return BUILDING.get(kind, ((200, 200, 200), kind[:1].upper(), kind.title()))


def item_chip(
    cv: Canvas,
    xy: tuple[float, float],
    item: str,
    value: object,
    size: int,
    *,
    ink: RGB = pal.INK,
    faint: bool = False,
    max_width: float | None = None,
) -> int:
    """Icon and number for an item, left-middle at ``xy``; returns the right x."""
    icon, colour, letter = item_look(item)
    if faint:
        colour, ink = pal.FAINT, pal.MUTED
    return cv.icon_value(icon, xy, value, size, colour, ink=ink, letter=letter, max_width=max_width)


def item_look(item: str) -> tuple[str, RGB, str]:
    if item in ITEM:
        return ITEM[item]
    if item in BUILDING:
        colour, letter, _ = BUILDING[item]
        return "square", colour, letter
    return "token", pal.TOKEN, item[:1].upper()


def tech_look(kind: str) -> tuple[str, RGB, str]:
    """(icon, colour, letter) for a Tech of ``kind``: building Techs show the building."""
    if kind in BUILDING:
        colour, letter, _ = BUILDING[kind]
        return "square", colour, letter
    return TECH_LOOK.get(kind, ("token", pal.TOKEN, kind[:1].upper()))


def reward_chip(cv: Canvas, xy: tuple[float, float], word: str, size: int) -> int:
    """A reward word such as ``crystal2`` or ``op4`` as icon + count; returns the right x."""
    if not word:
        return int(xy[0])
    base = word.rstrip("0123456789")
    n = word[len(base) :] or "1"
    return item_chip(cv, xy, base, n, size)
