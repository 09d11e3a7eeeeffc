"""The final-scores picture: the winner in large type, then one row per player in rank
order with a stacked bar of their VP by source and the number for each source.

Ranks and breakdowns come from ``scores`` (the engine's ScoreLines, or dicts with the same
fields) when given, else from the view's ``scores`` key, else from each player's VP sources.
"""

from __future__ import annotations

from typing import Any

from imaging.algae.model import read_game
from imaging.kit import Canvas, png_of
from imaging.kit import palette as pal
from imaging.kit.headings import winners_line
from imaging.kit.scores import rank_and_seat, rank_card, score_rows, source_colours

WIDTH = 1200
M = 16
HEADER_H = 150
ROW_H = 96


def _lines(view: dict[str, Any], scores: Any) -> list[dict[str, Any]]:
    game = read_game(view)
    fallback = [
        {"seat": p.seat, "player": p.name, "vp": p.vp, "breakdown": p.vp_sources, "rank": 0}
        for p in game.players
    ]
    raw = scores if scores is not None else view.get("scores")
    rows = score_rows(raw, fallback, {p.seat: p.name for p in game.players})
    for line in rows:
        seat = int(line.get("seat", 0))
        if seat < len(game.players):
            line["dept"] = game.players[seat].dept_title
    return rows


def draw_final(view: dict[str, Any], scores: Any = None) -> Canvas:
    lines = _lines(view, scores)
    totals: dict[str, int] = {}
    for line in lines:
        for k, v in line["breakdown"].items():
            totals[k] = totals.get(k, 0) + v
    sources = sorted(totals, key=lambda k: -totals[k])
    colour = source_colours(sources)
    legend_rows = (len(sources) + 4) // 5
    height = HEADER_H + len(lines) * (ROW_H + 10) + 30 + legend_rows * 30 + M
    cv = Canvas.new(WIDTH, height, pal.FRAME)
    with cv.panel("header", (0, 0, WIDTH, HEADER_H)):
        cv.text((M + 4, 10), "ALGAE, INC. · FINAL SCORES", 20, fill=pal.FRAME_MUTED, bold=True)
        winners = winners_line(cv, lines, width=WIDTH, margin=M)
        if winners:
            vb = cv.text((M + 4, 106), f"{winners[0]['vp']} VP", 34, fill=pal.FRAME_INK, bold=True)
            if view.get("solo_rating"):
                cv.text(
                    (vb[2] + 20, 112),
                    f"solo rating: {view['solo_rating']}",
                    26,
                    fill=pal.FRAME_MUTED,
                    max_width=WIDTH - vb[2] - 40,
                )
    most = max([line["vp"] for line in lines] + [1])
    y = HEADER_H
    for line in lines:
        box = (M, y, WIDTH - M, y + ROW_H)
        rank_card(cv, line, box)
        with cv.panel(f"row{line.get('seat')}", box):
            cy = y + ROW_H / 2
            rank_and_seat(cv, line, (box[0] + 14, cy), (34, 44, 72))
            cv.text(
                (box[0] + 116, cy - 14),
                str(line["player"]),
                30,
                bold=True,
                anchor="lm",
                max_width=240,
                key=True,
            )
            cv.text(
                (box[0] + 116, cy + 20),
                str(line.get("dept", "")),
                16,
                fill=pal.MUTED,
                anchor="lm",
                max_width=240,
            )
            vb = cv.text((box[2] - 14, cy), f"{line['vp']}", 44, bold=True, anchor="rm", key=True)
            cv.icon("star", (vb[0] - 22, cy), 32, pal.VP)
            # stacked bar with numbers in the segments that have room
            bx0, bx1 = box[0] + 370, vb[0] - 50
            x = bx0
            for k in sources:
                v = line["breakdown"].get(k, 0)
                if v <= 0:
                    continue
                w = max(3, (bx1 - bx0) * v / most)
                seg = (round(x), y + 12, round(x + w), y + 52)
                cv.draw.rectangle(seg, fill=colour[k], outline=pal.PAPER)
                if w >= 26:
                    with cv.panel(f"seg{line.get('seat')}-{k}", seg):
                        cv.text(
                            (x + w / 2, y + 32),
                            str(v),
                            20,
                            fill=pal.ink_on(colour[k]),
                            bold=True,
                            anchor="mm",
                            max_width=w - 4,
                        )
                x += w
            parts = [f"{k} {line['breakdown'][k]}" for k in sources if line["breakdown"].get(k)]
            cv.text(
                (bx0, y + 72),
                " · ".join(parts) or "no VP",
                16,
                fill=pal.MUTED,
                anchor="lm",
                max_width=bx1 - bx0 + 40,
            )
        y += ROW_H + 10
    # legend: source name, colour and each total
    with cv.panel("legend", (0, y, WIDTH, height)):
        cv.text((M + 4, y + 8), "VP by source (totals over all players):", 16, fill=pal.FRAME_MUTED)
        for i, k in enumerate(sources):
            lx = M + 4 + (i % 5) * ((WIDTH - 2 * M) / 5)
            ly = y + 44 + (i // 5) * 30
            cv.draw.rectangle((lx, ly - 9, lx + 18, ly + 9), fill=colour[k], outline=pal.FRAME_INK)
            label, w = f"{k} {totals[k]}", (WIDTH - 2 * M) / 5 - 34
            cv.text((lx + 26, ly), label, 17, fill=pal.FRAME_INK, anchor="lm", max_width=w)
    return cv


render_final = png_of(draw_final)
