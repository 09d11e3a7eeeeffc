"""The action board: five strips (Monday at the bottom), their spots, the weekend strip and
the week track. The strips and spots are a static layer per combination of strip sides; the
supervisors and the current-day ring are drawn on top each time."""

from __future__ import annotations

from engine.algae import data as D
from imaging.algae.model import GameModel
from imaging.algae.style import DAY_NAMES, action_label, bonus_chip
from imaging.kit import Box, Canvas
from imaging.kit import palette as pal

TITLE_H = 40
WEEKEND_H = 50
LABEL_W = 58
GAP = 12
SPOT_PAD = 6


def _geometry(box: Box) -> tuple[int, int, float, float]:
    """(spots left x, top of strip 5, strip height, column width)."""
    left = box[0] + LABEL_W
    top = box[1] + TITLE_H + WEEKEND_H
    strip_h = (box[3] - 8 - top) / D.DAYS
    col_w = (box[2] - 10 - left) / len(D.SPOTS)
    return left, top, strip_h, col_w


def spot_box(box: Box, strip: int, spot: int) -> Box:
    left, top, strip_h, col_w = _geometry(box)
    y0 = top + (D.DAYS - 1 - strip) * strip_h
    x0 = left + spot * col_w
    return (
        round(x0 + 4),
        round(y0 + GAP / 2),
        round(x0 + col_w - 4),
        round(y0 + strip_h - GAP / 2),
    )


def draw_static(cv: Canvas, box: Box, sides: tuple[int, ...], weekend_side: int) -> None:
    cv.card(box)
    with cv.panel("actionboard", box):
        cv.text((box[0] + 14, box[1] + 10), "Action board", 20, bold=True)
        left, top, strip_h, col_w = _geometry(box)
        # weekend strip: bonus k sits on the boundary between spots k-1 and k
        wy = box[1] + TITLE_H + WEEKEND_H / 2 - 4
        cv.draw.rounded_rectangle(
            (left, wy - 18, box[2] - 10, wy + 18), radius=8, fill=pal.PAPER_ALT
        )
        cv.text(
            (box[0] + 10, wy),
            "Wknd",
            15,
            fill=pal.MUTED,
            bold=True,
            anchor="lm",
            max_width=LABEL_W - 12,
        )
        if weekend_side == 0:
            for k, bonus in enumerate(D.WEEKEND_STRIP):
                x = left + k * col_w
                x = min(max(x, left + 4), box[2] - 54)
                bonus_chip(cv, (x - (0 if k == 0 else 14), wy), bonus, 24)
        else:
            cv.text(
                ((left + box[2]) / 2, wy),
                "no weekend bonus in week 4",
                15,
                fill=pal.MUTED,
                anchor="mm",
            )
        for strip in range(D.DAYS):
            y_mid = top + (D.DAYS - 1 - strip) * strip_h + strip_h / 2
            cv.text(
                (box[0] + 10, y_mid), DAY_NAMES[strip], 17, fill=pal.MUTED, bold=True, anchor="lm"
            )
            side = sides[strip] if strip < len(sides) else 0
            for spot, action in enumerate(D.STRIPS[strip][side]):
                b = spot_box(box, strip, spot)
                any_spot = action.endswith(":any")
                fill = (226, 236, 222) if action.startswith("team") else (228, 228, 240)
                if action == "recruit":
                    fill = (244, 230, 210)
                cv.draw.rounded_rectangle(
                    b, radius=7, fill=fill, outline=pal.PAPER_EDGE, width=2 if any_spot else 1
                )
                icon, letter, label = action_label(action)
                iy = b[1] + 15
                cv.icon(icon, (b[0] + 15, iy), 22, (90, 96, 110), letter)
                with cv.panel(f"spot{strip}{D.SPOTS[spot]}", b):
                    cv.text(
                        (b[0] + 29, iy),
                        label,
                        15,
                        bold=True,
                        anchor="lm",
                        max_width=b[2] - b[0] - 33,
                    )
                    cv.text(
                        (b[2] - 4, b[3] - 3),
                        f"{strip + 1}{D.SPOTS[spot]}",
                        11,
                        fill=pal.MUTED,
                        anchor="rd",
                    )
            if strip < D.DAYS - 1:  # connections to the next strip up
                for spot in range(len(D.SPOTS)):
                    for nxt in range(len(D.SPOTS)):
                        if D.connected(spot, nxt):
                            a, b2 = spot_box(box, strip, spot), spot_box(box, strip + 1, nxt)
                            ax = (a[0] + a[2]) / 2 + (nxt - spot) * 18
                            bx = (b2[0] + b2[2]) / 2 - (nxt - spot) * 18
                            cv.draw.line((ax, a[1], bx, b2[3]), fill=pal.FAINT, width=2)


def reachable(game: GameModel) -> set[tuple[int, int]]:
    """The spots of today's strip a player to act can move to (ALG-WORK-04..07: any spot on
    the first day, then one connected to the spot below); once they stand on today's
    strip, the spot they are acting on."""
    strip = game.day - 1
    if game.over or not 0 <= strip < D.DAYS:
        return set()
    out = set()
    for p in game.players:
        if p.seat not in game.to_act:
            continue
        if p.supervisor and p.supervisor[0] >= strip:
            out.add(p.supervisor)
            continue
        below = p.supervisor[1] if p.supervisor else None
        out |= {(strip, i) for i in range(len(D.SPOTS)) if below is None or D.connected(below, i)}
    return out


def draw_dynamic(cv: Canvas, box: Box, game: GameModel, changed_sup: set[int]) -> None:
    with cv.panel("actionboard", box):
        # week track in the title row
        x = box[2] - 14
        for w in range(D.WEEKS, 0, -1):
            current = w == game.week
            r = 15
            cv.draw.ellipse(
                (x - 2 * r, box[1] + 6, x, box[1] + 6 + 2 * r),
                fill=pal.INK if current else pal.PAPER_ALT,
                outline=pal.PAPER_EDGE,
            )
            cv.text(
                (x - r, box[1] + 6 + r),
                str(w),
                17,
                fill=pal.WHITE if current else pal.MUTED,
                bold=True,
                anchor="mm",
            )
            x -= 2 * r + 6
        cv.text((x - 4, box[1] + 21), "Week", 16, fill=pal.MUTED, anchor="rm")
        if 1 <= game.week <= len(game.bonus_tiles):
            tx = box[0] + 160
            end = cv.text((tx, box[1] + 21), "Export bonus:", 15, fill=pal.MUTED, anchor="lm")[2]
            bonus_chip(cv, (end + 6, box[1] + 21), game.bonus_tiles[game.week - 1], 22)
        for strip, spot in reachable(game):
            a = spot_box(box, strip, spot)
            cv.draw.rounded_rectangle(
                (a[0] - 3, a[1] - 3, a[2] + 3, a[3] + 3), radius=9, outline=pal.HIGHLIGHT, width=4
            )
        # supervisors: along the bottom of their spot
        on_spot: dict[tuple[int, int], list[int]] = {}
        for p in game.players:
            if p.supervisor is not None:
                on_spot.setdefault(p.supervisor, []).append(p.seat)
        for (strip, spot), seats in on_spot.items():
            if not (0 <= strip < D.DAYS and 0 <= spot < len(D.SPOTS)):
                continue
            b = spot_box(box, strip, spot)
            size = min(24, round((b[3] - b[1]) * 0.5))
            step = min(size + 2, (b[2] - b[0] - 30) / max(1, len(seats)))
            for i, seat in enumerate(seats):
                s = pal.seat(seat)
                cx, cy = b[0] + 4 + size / 2 + i * step, b[3] - size / 2 - 3
                if seat in changed_sup:
                    cv.icon("ring", (cx, cy), size + 10, pal.CHANGED, outline=None)
                cv.icon(s.shape, (cx, cy), size, s.colour, game.players[seat].name[:1].upper())
