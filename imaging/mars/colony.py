"""The colony boards of the public picture: colony level and Remaining Missions marker with
the shuttle and round; the three missions with progress; the warehouse and the Life Support
track; the turn-order spaces and Orbit action slots.

Each board has a ``*_static`` part (card, titles, fixed labels: drawn once into the layer)
and a dynamic part drawn on every render.
"""

from __future__ import annotations

from imaging.kit import Box, Canvas
from imaging.kit import palette as pal
from imaging.kit.palette import mix
from imaging.kit.panel import changed_mark
from imaging.mars.model import GameModel, turn_bonus, turn_side
from imaging.mars.style import SIDE_TITLE, building_look, item_chip, item_look

LEVELS = 5
MARKER_MAX = 3
MARKER_LABEL = "Remaining Missions (3 = end)"
END_TEXT = {"trigger": "End triggered", "final": "Final round", "now": "Game ends"}


def _title(cv: Canvas, box: Box, text: str) -> None:
    cv.text((box[0] + 12, box[1] + 8), text, 16, fill=pal.MUTED, bold=True, max_width=220)


# ------------------------------------------------------------------ colony level
def colony_static(cv: Canvas, box: Box) -> None:
    cv.card(box)
    with cv.panel("colony", box):
        _title(cv, box, "COLONY LEVEL")
        cv.text((box[0] + 12, box[1] + 113), MARKER_LABEL, 14, fill=pal.MUTED, anchor="lm")


def colony_dynamic(cv: Canvas, box: Box, game: GameModel) -> None:
    x0, y0, x1, _ = box
    with cv.panel("colony", box):
        w = min(52, (x1 - x0 - 24 - 4 * 6) // LEVELS)
        for i in range(1, LEVELS + 1):
            bx = x0 + 12 + (i - 1) * (w + 6)
            cell = (bx, y0 + 34, bx + w, y0 + 34 + 56)
            on = i == game.level
            past = i < game.level
            fill = (
                (190, 96, 60)
                if on
                else (mix((190, 96, 60), pal.PAPER, 0.6) if past else pal.PAPER_ALT)
            )
            cv.draw.rounded_rectangle(
                cell,
                radius=8,
                fill=fill,
                outline=pal.INK if on else pal.FAINT,
                width=3 if on else 1,
            )
            cv.text(
                ((cell[0] + cell[2]) / 2, (cell[1] + cell[3]) / 2),
                str(i),
                34 if on else 22,
                fill=pal.WHITE if on else pal.MUTED,
                bold=True,
                anchor="mm",
            )
        # the Remaining Missions marker: 0..3, the end triggers at 3
        mx = x0 + 12 + cv.text_width(MARKER_LABEL, 14) + 12
        for i in range(MARKER_MAX + 1):
            c = (mx + i * 26 + 10, y0 + 113)
            on = i == game.marker
            cv.draw.ellipse(
                (c[0] - 10, c[1] - 10, c[0] + 10, c[1] + 10),
                fill=pal.INK if on else pal.PAPER_ALT,
                outline=pal.INK,
                width=2,
            )
            cv.text(c, str(i), 13, fill=pal.WHITE if on else pal.MUTED, bold=True, anchor="mm")
        sx = x0 + LEVELS * (w + 6) + 24
        side = SIDE_TITLE.get(game.shuttle, game.shuttle.title())
        cv.text((sx, y0 + 40), "Shuttle", 14, fill=pal.MUTED, max_width=x1 - sx - 8)
        cv.text((sx, y0 + 56), side, 24, bold=True, max_width=x1 - sx - 8)
        cv.text((sx, y0 + 88), f"Round {game.round}", 16, fill=pal.MUTED, max_width=x1 - sx - 8)
        if game.end:
            cv.text(
                (x1 - 12, y0 + 8),
                "▲ " + END_TEXT.get(game.end, game.end),
                16,
                fill=pal.CHANGED,
                bold=True,
                anchor="ra",
                max_width=x1 - x0 - 200,
            )


# ---------------------------------------------------------------------- missions
def missions_static(cv: Canvas, box: Box) -> None:
    cv.card(box)
    with cv.panel("missions", box):
        _title(cv, box, "MISSIONS")


def missions_dynamic(cv: Canvas, box: Box, game: GameModel, marks: set[str]) -> None:
    x0, y0, x1, y1 = box
    with cv.panel("missions", box):
        y = y0 + 40
        row_h = max(26, min(34, (y1 - y - 6) // max(1, len(game.missions))))
        for m in game.missions:
            cy = y + row_h / 2
            if m.done:
                cv.draw.rounded_rectangle(
                    (x0 + 6, y + 1, x1 - 6, y + row_h - 1), radius=6, fill=(210, 236, 220)
                )
            left = cv.text(
                (x1 - 12, cy),
                "done ✓" if m.done else f"{m.left} left",
                18,
                fill=pal.GOOD if m.done else pal.INK,
                bold=True,
                anchor="rm",
            )
            item_chip(cv, (left[0] - 58, cy), "crystal", f"{m.crystals}", 18)
            if f"mission.{m.id}" in marks:
                changed_mark(cv, (left[0], left[1], left[2] - 10, left[3]))
            cv.text(
                (x0 + 12, cy),
                m.title,
                18,
                bold=not m.done,
                anchor="lm",
                max_width=left[0] - 66 - x0 - 12,
            )
            y += row_h


# ------------------------------------------------------------ warehouse and LSS
def stores_static(cv: Canvas, box: Box) -> None:
    cv.card(box)
    with cv.panel("stores", box):
        _title(cv, box, "WAREHOUSE")
        cv.text((box[0] + 12, box[1] + 64), "LIFE SUPPORT (LSS)", 16, fill=pal.MUTED, bold=True)


def stores_dynamic(cv: Canvas, box: Box, game: GameModel, marks: set[str]) -> None:
    x0, y0, x1, _ = box
    with cv.panel("stores", box):
        x = x0 + 130
        for item, n in game.warehouse.items():
            right = item_chip(cv, (x, y0 + 18), item, n, 20, faint=n == 0)
            if f"wh.{item}" in marks:
                changed_mark(cv, (x, y0 + 8, right - 6, y0 + 28))
            x = right + 14
        if game.discovery_up:  # rules 2+: public, and the Rover's next targets (GAP-10)
            what = "Discovery face up: " + " · ".join(game.discovery_up)
            cv.text((x0 + 12, y0 + 44), what, 14, fill=pal.INK, anchor="lm", max_width=x1 - x0 - 24)
        y = y0 + 92
        for kind, (count, reward) in game.lss.items():
            colour, letter, label = building_look(kind)
            cv.icon("square", (x0 + 22, y), 22, colour, letter)
            cv.text((x0 + 38, y), f"{label} ×{count}", 16, bold=True, anchor="lm", max_width=90)
            cv.text((x0 + 132, y), reward, 14, fill=pal.MUTED, anchor="lm", max_width=x1 - x0 - 144)
            y += 24


# ------------------------------------------------------- turn order and Orbit slots
SIDE_FILL = {"orbit": (226, 234, 242), "colony": (240, 224, 214)}  # rules 6+: the two sides
SIDE_KEYS = ("O = Orbit side · C = Colony side", "O Orbit · C Colony")
# rules 6+ benefits without an item icon: a short word (the option labels say it in full)
BENEFIT_WORD = {
    "warehouse": "1 item",
    "tech": "Tech",
    "bots": "Bots 2",
    "blueprint": "Bluepr.",
    "discovery": "Discov.",
}


def _space_bonus(cv: Canvas, cx: float, cy: float, bonus: str | None) -> None:
    """What an empty turn-order space gives: an item icon (×2 for "crystal2") or a word."""
    if not bonus:
        return
    if bonus in BENEFIT_WORD:
        cv.text((cx, cy), BENEFIT_WORD[bonus], 11, bold=True, anchor="mm")
        return
    base = bonus.rstrip("2")
    icon, colour, letter = item_look(base)
    two = bonus != base
    cv.icon(icon, (cx - (5 if two else 0), cy), 20, colour, letter)
    if two:
        cv.text((cx + 12, cy + 4), "2", 12, bold=True, anchor="mm")


def order_static(cv: Canvas, box: Box) -> None:
    cv.card(box)
    with cv.panel("order", box):
        _title(cv, box, "TURN ORDER")


def order_dynamic(cv: Canvas, box: Box, game: GameModel, marks: set[str]) -> None:
    x0, y0, x1, _ = box
    with cv.panel("order", box):
        x = x0 + 36 + cv.text_width("TURN ORDER", 16, True)
        seat: int | None  # a seat in the order; an empty turn-order space below
        for i, seat in enumerate(game.order):
            s = pal.seat(seat)
            p = game.player(seat)
            cv.icon(s.shape, (x, y0 + 18), 24, s.colour, p.initial if p else "?")
            x += 20
            if i < len(game.order) - 1:
                cv.text((x, y0 + 18), "›", 16, fill=pal.MUTED, anchor="mm")
                x += 20
        n = max(1, len(game.turn_spaces))
        w = min(50, (x1 - x0 - 24) // n)
        for i, seat in enumerate(game.turn_spaces):
            cell = (x0 + 12 + i * w, y0 + 40, x0 + 12 + i * w + w - 4, y0 + 92)
            new = f"space.{i}" in marks
            side = turn_side(game, i)
            cv.draw.rounded_rectangle(
                cell,
                radius=6,
                fill=SIDE_FILL.get(side or "", pal.PAPER_ALT),
                outline=pal.CHANGED if new else pal.FAINT,
                width=3 if new else 1,
            )
            cx = (cell[0] + cell[2]) / 2
            number = f"{i + 1} {side[0].upper()}" if side else str(i + 1)
            cv.text((cx, cell[1] + 9), number, 12, fill=pal.MUTED, anchor="mm")
            if seat is not None:
                s = pal.seat(seat)
                p = game.player(seat)
                cv.icon(s.shape, (cx, cell[1] + 32), 26, s.colour, p.initial if p else "?")
            else:
                _space_bonus(cv, cx, cell[1] + 32, turn_bonus(game, i))
        if any(game.turn_side):  # the key to the spaces' letters, where the order leaves room
            room = x1 - 12 - (x + 16)
            key = next((k for k in SIDE_KEYS if cv.text_width(k, 12) <= room), "")
            if key:
                cv.text((x1 - 12, y0 + 18), key, 12, fill=pal.MUTED, anchor="rm")
        y = y0 + 104
        x = cv.text((x0 + 12, y), "Orbit:", 14, bold=True, anchor="lm")[2] + 8
        for action, seats in game.orbit_slots.items():
            label = {
                "rnd": "R&D",
                "learn": "Learn",
                "blueprint": "Blueprint",
                "resupply": "Resupply",
            }.get(action, action.title())
            if x + 120 > x1:
                break
            right = cv.text((x, y), label, 14, fill=pal.MUTED, anchor="lm", max_width=90)[2]
            x = right + 6
            for seat in seats:
                s = pal.seat(seat)
                cv.icon(s.shape, (x + 9, y), 18, s.colour)
                x += 19
            x += 14
