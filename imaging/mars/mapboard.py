"""The hex map of Mars: ground (static layer), then buildings, complexes, crystals, tiles,
Bots and Rovers, the hexes the last turn changed, and every hex's name on top (dynamic).

Inside a hex, top to bottom: the hex name (light on the ground, never covered: every move
names a hex), then the Building tile in the middle (type colour and letter; its owner is a
thick frame in the seat colour with the seat shape on a white badge inside the top-right
corner, an Advanced marker the upgrader's shape with "A" inside the top-left, a Colonist a
person bottom-left), a crystal gem and a Discovery ("?") or Research tile (a pale framed
square with its letter, unlike any player marker) at the sides, Bots (bare seat shapes) and
Rovers (seat shape with "R") along the bottom. Adjacent Buildings of one type (a complex)
are joined by a thick bar in the type colour.
"""

from __future__ import annotations

import math

from imaging.kit import Box, Canvas
from imaging.kit import palette as pal
from imaging.kit.palette import RGB, ink_on, mix
from imaging.mars.model import RESEARCH_LOOK, Building, GameModel, Hex
from imaging.mars.style import ITEM, MARS, MARS_DARK, MARS_EDGE, building_look

SQ3 = math.sqrt(3)
EXTENT_X = 4 * SQ3 + SQ3 / 2  # half width of the map in hex sizes (pointy-top, radius 4)
EXTENT_Y = 6 + 1  # half height


def geometry(box: Box, title_h: int = 30) -> tuple[float, float, float]:
    """(hex size, centre x, centre y) to fit the radius-4 map into ``box``, top-aligned (the
    legend goes in the space left below)."""
    x0, y0, x1, y1 = box
    w, h = x1 - x0 - 16, y1 - y0 - title_h - 12
    size = min(w / (2 * EXTENT_X), h / (2 * EXTENT_Y))
    return size, (x0 + x1) / 2, y0 + title_h + EXTENT_Y * size


def map_bottom(box: Box) -> int:
    size, _, cy = geometry(box)
    return int(cy + EXTENT_Y * size)


def _corners(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    return [
        (
            cx + r * math.cos(math.radians(-90 + 60 * i)),
            cy + r * math.sin(math.radians(-90 + 60 * i)),
        )
        for i in range(6)
    ]


def _centre(h: Hex, geo: tuple[float, float, float]) -> tuple[float, float]:
    size, cx, cy = geo
    return cx + h.x * size, cy + h.y * size


def draw_static(cv: Canvas, box: Box, hexes: list[tuple[str, float, float]]) -> None:
    """The map card, Mars ground and every hex with its name (hexes: (id, x, y))."""
    cv.card(box, fill=(58, 40, 36), outline=MARS_EDGE)
    geo = geometry(box)
    size = geo[0]
    with cv.panel("map", box):
        cv.text((box[0] + 12, box[1] + 8), "MARS", 18, fill=(240, 210, 190), bold=True)
        for hid, x, y in hexes:
            c = (geo[1] + x * size, geo[2] + y * size)
            shade = MARS if sum(map(ord, hid)) % 3 else mix(MARS, MARS_DARK, 0.35)
            cv.draw.polygon(_corners(*c, size - 1), fill=shade, outline=MARS_EDGE, width=2)


def _complex_bars(cv: Canvas, game: GameModel, geo: tuple[float, float, float]) -> None:
    size = geo[0]
    by_pos = {(round(h.x, 2), round(h.y, 2)): h for h in game.hexes if h.building}
    for h in by_pos.values():
        assert h.building is not None
        colour = mix(building_look(h.building.type)[0], pal.BLACK, 0.25)
        for dx, dy in ((SQ3, 0.0), (SQ3 / 2, 1.5), (-SQ3 / 2, 1.5)):
            o = by_pos.get((round(h.x + dx, 2), round(h.y + dy, 2)))
            if o and o.building and o.building.type == h.building.type:
                a, b = _centre(h, geo), _centre(o, geo)
                cv.draw.line((*a, *b), fill=pal.BLACK, width=max(6, round(size * 0.42)))
                cv.draw.line((*a, *b), fill=colour, width=max(4, round(size * 0.3)))


LABEL_INK: RGB = (255, 240, 228)


def label_size(size: float) -> int:
    return max(12, round(size * 0.36))


def _label(cv: Canvas, h: Hex, c: tuple[float, float], size: float) -> None:
    """The hex name at the top of the hex, light and bold, with a dark halo."""
    cv.text(
        (c[0], c[1] - size * 0.68),
        h.id,
        label_size(size),
        fill=LABEL_INK,
        bold=True,
        anchor="mm",
        halo=MARS_EDGE,
    )


def _tile_rect(c: tuple[float, float], size: float) -> tuple[float, float, float, float]:
    half, cy = size * 0.44, c[1] + size * 0.1
    return (c[0] - half, cy - half, c[0] + half, cy + half)


def _building(cv: Canvas, h: Hex, c: tuple[float, float], size: float) -> None:
    assert h.building is not None
    building_tile(cv, _tile_rect(c, size), h.building, size)


def building_tile(cv: Canvas, rect: tuple[float, ...], b: Building, size: float) -> None:
    """A Building tile: type colour and letter, owner frame and badge, markers."""
    colour, letter, _ = building_look(b.type)
    cv.draw.rounded_rectangle(rect, radius=size * 0.12, fill=colour, outline=pal.BLACK, width=2)
    if b.owner is not None:  # the owner: a thick frame in the seat colour
        inner = (rect[0] + 2, rect[1] + 2, rect[2] - 2, rect[3] - 2)
        frame = pal.seat(b.owner).colour
        cv.draw.rounded_rectangle(inner, radius=size * 0.1, outline=frame, width=4)
    cv.block(rect)  # type: ignore[arg-type]
    middle = ((rect[0] + rect[2]) / 2, (rect[1] + rect[3]) / 2)
    cv.text(middle, letter, round(size * 0.38), fill=ink_on(colour), bold=True, anchor="mm")
    _tile_marks(cv, b, rect, size)


def _tile_marks(cv: Canvas, b: Building, rect: tuple[float, ...], size: float) -> None:
    """Owner badge (top right), Advanced marker (top left), Colonist (bottom left)."""
    small = max(11, round(size * 0.3))
    corner = 3  # pinned on the corners, half outside: the letter keeps the middle
    if b.owner is not None:
        s = pal.seat(b.owner)
        x, y = rect[2] - corner, rect[1] + corner
        cv.draw.rounded_rectangle(
            (x - small / 2, y - small / 2, x + small / 2, y + small / 2),
            radius=3,
            fill=pal.WHITE,
            outline=pal.BLACK,
        )
        cv.icon(s.shape, (x, y), small - 3, s.colour)
    if b.advanced is not None:
        s = pal.seat(b.advanced)
        cv.icon(s.shape, (rect[0] + corner, rect[1] + corner), small, s.colour, "A")
    if b.colonist is not None:
        s = pal.seat(b.colonist)
        cv.icon("person", (rect[0] + corner, rect[3] - corner), small, s.colour)


def _pieces(cv: Canvas, h: Hex, c: tuple[float, float], size: float) -> None:
    """Rovers and Bots: bare seat shapes along the bottom of the hex."""
    items = [("R", s) for s in h.rovers] + [("", s) for s in h.bots]
    if not items:
        return
    # a row of more than 3 (all four Rovers on the starting Mine, MARS-ROVER-01) shrinks to stay
    # inside its hex, clear of the neighbours' labels
    icon = max(12, round(size * 0.4))
    if len(items) > 3:
        icon = min(icon, round(size * 1.3 / len(items)) - 2)
    step = icon - 1
    y = c[1] + size * (0.74 if h.building else 0.3)
    x = c[0] - step * (len(items) - 1) / 2
    for letter, seat in items:
        s = pal.seat(seat)
        cv.icon(s.shape, (x, y), icon + (3 if letter else 0), s.colour, letter)
        x += step


def _extras(cv: Canvas, h: Hex, c: tuple[float, float], size: float) -> None:
    """A crystal (right) and a Discovery or Research tile (left) beside the middle."""
    side = size * (0.66 if h.building else 0.3)
    y = c[1] + size * (0.02 if h.building else -0.1)
    crowded = bool(h.building) or bool(h.crystal and h.tile)
    if h.crystal:
        _, colour, _ = ITEM["crystal"]
        x = c[0] + side if crowded else c[0]
        cv.icon("gem", (x, y), round(size * 0.38), colour)
    if h.tile:
        x = c[0] - side if crowded else c[0]
        tile = round(size * 0.4)
        if h.tile.startswith("research:"):
            code = h.tile.split(":", 1)[1]
            colour = RESEARCH_LOOK.get(code[:-1], pal.TOKEN)
            cv.icon("tile", (x, y), tile, colour, code[-1:].upper())
        else:
            cv.icon("token", (x, y), tile, (240, 232, 210), "?")


def draw_dynamic(
    cv: Canvas,
    box: Box,
    game: GameModel,
    changed: set[str],
    moved: set[str],
    within: Box | None = None,
) -> None:
    """Everything on the map that moves; ``changed`` hexes get a thick magenta outline and
    ``moved`` (pieces arrived) a dashed one. With ``within`` (a turn card's close-up), only
    the hexes that reach into that box."""
    geo = geometry(box)
    size = geo[0]
    hexes = [h for h in game.hexes if within is None or _reaches(_centre(h, geo), size, within)]
    with cv.panel("map", box):
        for h in hexes:
            if h.id in changed or h.id in moved:
                c = _centre(h, geo)
                pts = _corners(*c, size - 2)
                cv.draw.polygon(pts, outline=pal.CHANGED, width=4 if h.id in changed else 3)
        _complex_bars(cv, game, geo)
        for h in hexes:
            c = _centre(h, geo)
            if h.building:
                _building(cv, h, c, size)
            _extras(cv, h, c, size)
            _pieces(cv, h, c, size)
            _label(cv, h, c, size)


def _reaches(centre: tuple[float, float], size: float, box: Box) -> bool:
    """Whether a hex (and the pieces and labels around it) can show inside ``box``."""
    x, y = centre
    reach = size * 1.6
    return box[0] - reach <= x <= box[2] + reach and box[1] - reach <= y <= box[3] + reach
