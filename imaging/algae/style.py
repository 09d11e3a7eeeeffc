"""Algae colours, labels and the little icon+number chips used on every Algae picture."""

from __future__ import annotations

import re

from imaging.kit import Canvas
from imaging.kit import palette as pal
from imaging.kit.palette import RGB

# Cubes: algae species, byproducts and finished goods. Each also carries a letter.
CUBE: dict[str, tuple[RGB, str]] = {
    "green": ((72, 160, 64), "G"),
    "red": ((200, 56, 48), "R"),
    "brown": ((140, 96, 56), "B"),
    "lipid": ((236, 200, 60), "L"),
    "fiber": ((150, 150, 160), "F"),
    "goods": ((250, 250, 250), ""),
}
GOODS: RGB = (250, 250, 250)

TEAM_LABEL = {"operators": "Operators", "engineers": "Engineers", "scientists": "Scientists"}
TEAM_SHORT = {"operators": "Ops", "engineers": "Eng", "scientists": "Sci"}
TEAM_LETTER = {"operators": "O", "engineers": "E", "scientists": "S", "any": "?"}
DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri")

# bonus word -> (icon kind, colour, letter on the icon)
_BONUS_ICON: dict[str, tuple[str, RGB, str]] = {
    "money": ("coin", pal.MONEY, ""),
    "energy": ("bolt", pal.ENERGY, ""),
    "science": ("flask", pal.SCIENCE, ""),
    "vp": ("star", pal.VP, ""),
    "choice": ("token", (70, 120, 190), "C"),
    "wild": ("token", (150, 70, 160), "W"),
    "freelance": ("person", (90, 90, 100), "F"),
    "value": ("token", pal.GOOD, "+"),
    "byp": ("cube", CUBE["fiber"][0], "+"),
    "upgrade": ("gear", (90, 90, 100), ""),
}
_INCOME = {"sci_inc": "Sci", "oper_inc": "Ops", "eng_inc": "Eng", "vp_inc": "VP"}


def action_label(action: str) -> tuple[str, str, str]:
    """(icon kind, letter, label) for an action-board spot: recruit / team:x / machine:x."""
    if action == "recruit":
        return "person", "+", "Recruit"
    kind, _, what = action.partition(":")
    if kind == "team":
        if what == "any":
            return "person", "?", "Any team"
        return "person", TEAM_LETTER.get(what, "?"), TEAM_LABEL.get(what, what.title())
    if kind == "machine":
        if what == "any":
            return "gear", "?", "Any machine"
        return "gear", what.upper(), f"Machine {what.upper()}"
    return "token", "", action


def bonus_parts(name: str) -> tuple[str, RGB, str, str]:
    """(icon, colour, letter, number) for a bonus word such as ``money2`` or ``vp_inc``."""
    if name in _INCOME:
        return "token", (60, 60, 70), "i", _INCOME[name]
    m = re.fullmatch(r"([a-z]+?)(\d*)", name)
    word, number = (m.group(1), m.group(2)) if m else (name, "")
    icon, colour, letter = _BONUS_ICON.get(word, ("token", pal.TOKEN, word[:1].upper()))
    return icon, colour, letter, number


def bonus_chip(
    cv: Canvas, xy: tuple[float, float], name: str, size: int, ink: RGB = pal.INK
) -> int:
    """Icon (and count) for a bonus word, left-middle at ``xy``; returns the right x."""
    if not name:
        return int(xy[0])
    icon, colour, letter, number = bonus_parts(name)
    box = cv.icon(icon, (xy[0] + size / 2, xy[1]), size, colour, letter)
    if number:
        return cv.text(
            (box[2] + 2, xy[1]), number, round(size * 0.8), fill=ink, bold=True, anchor="lm"
        )[2]
    return box[2]


def cube_look(kind: str) -> tuple[RGB, str]:
    return CUBE.get(kind, (GOODS, kind[:1].upper()))
