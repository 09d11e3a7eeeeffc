"""The map legend, drawn once into the static layer below the map: building letters, piece
shapes, markers, tiles and the 'changed last turn' outline."""

from __future__ import annotations

from imaging.kit import Box, Canvas
from imaging.kit import palette as pal
from imaging.mars.mapboard import building_tile, map_bottom
from imaging.mars.model import RESEARCH_LOOK, Building
from imaging.mars.style import BUILDING, ITEM, building_look

INK = (236, 224, 214)


def draw(cv: Canvas, box: Box) -> None:
    x0, _, x1, y1 = box
    top = map_bottom(box) + 8
    if y1 - top < 40:
        return
    with cv.panel("map", box):
        x, y = x0 + 14, top + 12
        for kind in BUILDING:
            colour, letter, label = building_look(kind)
            cv.icon("square", (x + 10, y), 20, colour, letter)
            x = cv.text((x + 24, y), label, 14, fill=INK, anchor="lm")[2] + 12
        y += 30
        x = x0 + 14
        s0 = pal.seat(0)
        cv.icon(s0.shape, (x + 9, y), 18, s0.colour)
        x = cv.text((x + 22, y), "Bot", 14, fill=INK, anchor="lm")[2] + 12
        cv.icon(s0.shape, (x + 10, y), 21, s0.colour, "R")
        x = cv.text((x + 24, y), "Rover", 14, fill=INK, anchor="lm")[2] + 12
        cv.icon(s0.shape, (x + 9, y), 18, s0.colour, "A")
        x = cv.text((x + 22, y), "Advanced", 14, fill=INK, anchor="lm")[2] + 12
        cv.icon("person", (x + 9, y), 18, s0.colour)
        x = cv.text((x + 22, y), "Colonist", 14, fill=INK, anchor="lm")[2] + 12
        cv.icon("gem", (x + 9, y), 18, ITEM["crystal"][1])
        x = cv.text((x + 22, y), "Crystal", 14, fill=INK, anchor="lm")[2] + 12
        y += 28
        x = x0 + 14
        cv.icon("token", (x + 9, y), 18, (240, 232, 210), "?")
        x = cv.text((x + 22, y), "Discovery", 14, fill=INK, anchor="lm")[2] + 12
        cv.icon("tile", (x + 9, y), 18, RESEARCH_LOOK["red"], "A")
        x = cv.text((x + 22, y), "Research", 14, fill=INK, anchor="lm")[2] + 12
        building_tile(cv, (x, y - 14, x + 28, y + 14), Building("mine", 0, None, None, None), 30)
        x = cv.text((x + 34, y), "owned", 14, fill=INK, anchor="lm")[2] + 12
        cv.draw.regular_polygon((x + 10, y, 10), 6, rotation=30, outline=pal.CHANGED, width=3)
        x = cv.text(
            (x + 26, y), "changed last turn", 14, fill=INK, anchor="lm", max_width=x1 - x - 30
        )[2]
