"""The On Mars final-scores picture: the winner in large type, then one row per player in
rank order with their OP by source as a table (every number, negatives in red with a minus
sign) and a bar under it (gains to the right of the zero line, losses hatched to the left).

Ranks and breakdowns come from ``scores`` (the engine's ScoreLines, or dicts with the same
fields) when given, else from the view's ``scores`` key, else from each player's OP.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from imaging.kit import Canvas, png_of
from imaging.kit import palette as pal
from imaging.kit.headings import winners_line
from imaging.kit.scores import rank_and_seat, rank_card, score_rows, source_colours
from imaging.mars.model import read_game

WIDTH = 1200
M = 16
HEADER_H = 170
ROW_H = 104
NAME_W = 260
TOTAL_W = 110
NEGATIVE = (190, 30, 40)


def score_lines(view: dict[str, Any], scores: Any = None) -> list[dict[str, Any]]:
    """Score rows in rank order: seat, player, vp, breakdown {source: OP}, rank."""
    game = read_game(view)
    fallback = [
        {"seat": p.seat, "vp": p.op, "breakdown": {"op track": p.op}, "rank": 0}
        for p in game.players
    ]
    raw = scores if scores is not None else game.scores
    return score_rows(raw, fallback, {p.seat: p.name for p in game.players})


def _sources(lines: list[dict[str, Any]]) -> list[str]:
    seen: list[str] = []
    for line in lines:
        for k in line["breakdown"]:
            if k not in seen:
                seen.append(k)
    return seen


def _header(cv: Canvas, view: dict[str, Any], lines: list[dict[str, Any]]) -> None:
    with cv.panel("header", (0, 0, WIDTH, HEADER_H)):
        cv.text((M + 4, 10), "ON MARS · FINAL SCORES", 20, fill=pal.FRAME_MUTED, bold=True)
        winners = winners_line(cv, lines, width=WIDTH, margin=M)
        if not winners:
            return
        vb = cv.text((M + 4, 110), f"{winners[0]['vp']} OP", 34, fill=pal.FRAME_INK, bold=True)
        game = read_game(view)
        extra = f"after round {game.round} · colony level {game.level}"
        solo = game.solo_rating or winners[0].get("solo")
        if solo:
            extra = f"solo rating: {solo} · " + extra
        cv.text(
            (vb[2] + 20, 118),
            extra,
            22,
            fill=pal.FRAME_MUTED,
            max_width=WIDTH - vb[2] - 40 - M,
        )


def _hatch(cv: Canvas, box: tuple[int, int, int, int]) -> None:
    """Diagonal light stripes inside ``box``: a loss reads as hatched, not by colour only."""
    w, h = box[2] - box[0], box[3] - box[1]
    if w <= 2 or h <= 2:
        return
    tile = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    d = ImageDraw.Draw(tile)
    for hx in range(-h, w, 8):
        d.line((hx, h, hx + h, 0), fill=(*pal.PAPER, 255), width=2)
    cv.image.paste(tile, (box[0], box[1]), tile)


def draw_final(view: dict[str, Any], scores: Any = None) -> Canvas:
    lines = score_lines(view, scores)
    sources = _sources(lines)
    colour = source_colours(sources)
    height = HEADER_H + 40 + len(lines) * (ROW_H + 10) + M
    cv = Canvas.new(WIDTH, height, pal.FRAME)
    _header(cv, view, lines)
    col_w = (WIDTH - 2 * M - NAME_W - TOTAL_W) / max(1, len(sources))
    tx0 = M + NAME_W
    with cv.panel("columns", (0, HEADER_H, WIDTH, HEADER_H + 40)):
        for i, k in enumerate(sources):
            cx = tx0 + i * col_w + col_w / 2
            cv.draw.rectangle(
                (cx - col_w / 2 + 4, HEADER_H + 30, cx + col_w / 2 - 4, HEADER_H + 36),
                fill=colour[k],
            )
            cv.text(
                (cx, HEADER_H + 14),
                k,
                15,
                fill=pal.FRAME_INK,
                bold=True,
                anchor="mm",
                max_width=col_w - 6,
                min_size=10,
            )
        cv.text(
            (WIDTH - M - 10, HEADER_H + 14), "total", 15, fill=pal.FRAME_INK, bold=True, anchor="rm"
        )
    most = max([sum(v for v in ln["breakdown"].values() if v > 0) for ln in lines] + [1])
    worst = max([-sum(v for v in ln["breakdown"].values() if v < 0) for ln in lines] + [0])
    y = HEADER_H + 40
    for line in lines:
        box = (M, y, WIDTH - M, y + ROW_H)
        rank_card(cv, line, box)
        with cv.panel(f"row{line.get('seat')}", box):
            cy = y + 34
            rank_and_seat(cv, line, (box[0] + 12, cy), (30, 40, 58))
            cv.text(
                (box[0] + 98, cy),
                line["player"],
                30,
                bold=True,
                anchor="lm",
                max_width=NAME_W - 100,
                key=True,
            )
            for i, k in enumerate(sources):
                v = line["breakdown"].get(k, 0)
                cx = tx0 + i * col_w + col_w / 2
                text = f"−{-v}" if v < 0 else str(v)
                ink = NEGATIVE if v < 0 else (pal.INK if v else pal.FAINT)
                cv.text((cx, cy), text, 24, fill=ink, bold=v != 0, anchor="mm", max_width=col_w - 6)
            vb = cv.text(
                (box[2] - 12, cy),
                str(line["vp"]).replace("-", "−"),
                38,
                bold=True,
                anchor="rm",
                key=True,
            )
            cv.icon("star", (vb[0] - 20, cy), 28, pal.VP)
            # the bar: losses left of the zero line, gains right of it
            bx0, bx1 = box[0] + 98, box[2] - 12
            scale = (bx1 - bx0) / max(1, most + worst)
            zero = bx0 + worst * scale
            top, bottom = y + 66, y + ROW_H - 14
            x = zero
            for k in sources:
                v = line["breakdown"].get(k, 0)
                if v > 0:
                    cv.draw.rectangle(
                        (round(x), top, round(x + v * scale), bottom),
                        fill=colour[k],
                        outline=pal.PAPER,
                    )
                    x += v * scale
            x = zero
            for k in sources:
                v = line["breakdown"].get(k, 0)
                if v < 0:
                    seg = (round(x + v * scale), top, round(x), bottom)
                    cv.draw.rectangle(seg, fill=colour[k], outline=NEGATIVE, width=2)
                    _hatch(cv, seg)
                    x += v * scale
            cv.draw.line((zero, top - 4, zero, bottom + 4), fill=pal.INK, width=2)
        y += ROW_H + 10
    return cv


render_final = png_of(draw_final)
