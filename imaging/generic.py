"""A readable card for any game's view: title, whose turn, scores, then key/value lines.

The fallback picture for a kind without its own renderer (``imaging.render`` uses it), so a
new game or the test-only "tally" still gets a board in Discord. It only guesses at a few
common keys (``players``, ``vp``/``scores``, ``turn``/``to_act``, ``round``/``week``); every
other key is shown as text, one line each, cut with an ellipsis when too long.
"""

from __future__ import annotations

import json
from typing import Any

from imaging.kit import Canvas, encode_png
from imaging.kit import palette as pal

WIDTH = 900
PAD = 24
HEADER_H = 150
LINE_H = 30
MAX_LINES = 36
MAX_PLAYERS = 6


def _names(view: dict[str, Any]) -> list[str]:
    players = view.get("players")
    if not isinstance(players, list):
        return []
    out = []
    for i, p in enumerate(players):
        if isinstance(p, dict):
            out.append(str(p.get("name") or p.get("player") or f"Seat {i + 1}"))
        else:
            out.append(str(p))
    return out


def _scores(view: dict[str, Any], n: int) -> list[Any] | None:
    for key in ("vp", "scores", "score", "points"):
        value = view.get(key)
        if isinstance(value, list) and len(value) == n:
            return [v.get("vp") if isinstance(v, dict) else v for v in value]
    players = view.get("players")
    if isinstance(players, list) and players and all(isinstance(p, dict) for p in players):
        vals = [p.get("vp", p.get("score")) for p in players]
        if any(v is not None for v in vals):
            return vals
    return None


def _to_act(view: dict[str, Any], names: list[str]) -> list[int]:
    for key in ("to_act", "acting", "waiting"):
        value = view.get(key)
        if isinstance(value, list):
            return [int(v) for v in value if isinstance(v, int) and 0 <= v < len(names)]
    turn = view.get("turn")
    if isinstance(turn, int) and 0 <= turn < len(names):
        return [turn]
    return []


def _short(value: Any) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bool) or value is None:
        return {True: "yes", False: "no", None: "—"}[value]
    if isinstance(value, int | float):
        return str(value)
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False, default=str)


def _lines(view: dict[str, Any], names: list[str]) -> list[tuple[str, str]]:
    skip = {"kind", "players", "vp", "scores", "to_act", "turn"}
    lines = []
    for key, value in view.items():
        if key in skip:
            continue
        label = str(key).replace("_", " ")
        if isinstance(value, list) and names and len(value) == len(names):
            text = "   ".join(f"{n}: {_short(v)}" for n, v in zip(names, value, strict=True))
        else:
            text = _short(value)
        lines.append((label, text))
    if len(lines) > MAX_LINES:
        lines = [*lines[: MAX_LINES - 1], ("…", f"{len(lines) - MAX_LINES + 1} more")]
    return lines


def draw_generic(view: dict[str, Any], title: str | None = None, subtitle: str = "") -> Canvas:
    names = _names(view)[:MAX_PLAYERS]
    scores = _scores(view, len(names)) if names else None
    acting = _to_act(view, names)
    lines = _lines(view, names)
    players_h = 56 if names else 0
    height = HEADER_H + players_h + PAD + len(lines) * LINE_H + PAD * 2
    cv = Canvas.new(WIDTH, height, pal.FRAME)
    title = title or str(view.get("kind", "Game")).title()
    with cv.panel("header", (0, 0, WIDTH, HEADER_H)):
        cv.text((PAD, 18), title, 40, fill=pal.FRAME_INK, bold=True, max_width=WIDTH - 2 * PAD)
        status = subtitle
        if not status and acting:
            status = "To act: " + ", ".join(names[s] for s in acting)
        elif not status and view.get("stage") == "over":
            status = "Game over"
        if status:
            cv.text((PAD, 76), status, 40, fill=pal.HIGHLIGHT, bold=True, max_width=WIDTH - 2 * PAD)
    y = HEADER_H
    if names:
        slot = (WIDTH - 2 * PAD) / len(names)
        for i, name in enumerate(names):
            x0 = PAD + i * slot
            box = (round(x0), y, round(x0 + slot - 8), y + players_h - 8)
            seat = pal.seat(i)
            cv.card(
                box,
                fill=seat.light,
                outline=pal.HIGHLIGHT if i in acting else seat.colour,
                width=4 if i in acting else 2,
            )
            with cv.panel(f"player{i}", box):
                cv.icon(
                    seat.shape,
                    (box[0] + 26, (box[1] + box[3]) / 2),
                    34,
                    seat.colour,
                    name[:1].upper(),
                )
                score = "" if scores is None or scores[i] is None else f"{scores[i]}"
                right = box[2] - 10
                if score:
                    sb = cv.text((right, (box[1] + box[3]) / 2), score, 30, bold=True, anchor="rm")
                    right = sb[0] - 8
                cv.text(
                    (box[0] + 50, (box[1] + box[3]) / 2),
                    ("▶ " if i in acting else "") + name,
                    24,
                    anchor="lm",
                    max_width=right - box[0] - 50,
                )
        y += players_h
    body = (PAD, y + PAD // 2, WIDTH - PAD, height - PAD)
    cv.card(body)
    with cv.panel("lines", body):
        label_w = 220
        for i, (label, text) in enumerate(lines):
            ly = body[1] + PAD // 2 + i * LINE_H + LINE_H / 2
            if i % 2:
                cv.draw.rectangle(
                    (body[0] + 4, ly - LINE_H / 2, body[2] - 4, ly + LINE_H / 2), fill=pal.PAPER_ALT
                )
            cv.text(
                (body[0] + 14, ly), label, 20, fill=pal.MUTED, anchor="lm", max_width=label_w - 20
            )
            cv.text(
                (body[0] + label_w, ly),
                text,
                20,
                bold=True,
                anchor="lm",
                max_width=body[2] - body[0] - label_w - 14,
            )
    return cv


def render_generic(view: dict[str, Any]) -> bytes:
    return encode_png(draw_generic(view).image)


def render_generic_final(view: dict[str, Any]) -> bytes:
    return encode_png(draw_generic(view, subtitle="Final scores").image)
