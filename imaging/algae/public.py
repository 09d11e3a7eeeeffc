"""The public Algae board, posted after every turn (from ``view(None)``).

Layout, 1600 px wide: a header on the dark frame (week and day, who is to act, one score
chip per player, the last turn in a line) sized to stay legible in Discord's ~550 px inline
preview; then the action board (left) and the map with tanks and milestones (right); then
one compact panel per player. Backgrounds are a static layer per strip-side combination.
"""

from __future__ import annotations

from typing import Any

from engine.algae import data as D
from imaging.algae import actionboard, mapboard, panels
from imaging.algae.model import GameModel, PlayerModel, read_game
from imaging.algae.style import DAY_NAMES
from imaging.kit import Canvas, encode_png, static_layer
from imaging.kit import palette as pal
from imaging.kit.headings import last_turn_line

WIDTH = 1600
M = 16  # outer margin
HEADER_H = 170
BODY_H = 540
PANEL_H = 350
HEIGHT = HEADER_H + BODY_H + 12 + PANEL_H + M
ACTION_BOX = (M, HEADER_H, 640, HEADER_H + BODY_H)
MAP_BOX = (652, HEADER_H, WIDTH - M, HEADER_H + BODY_H)
PANEL_TOP = HEADER_H + BODY_H + 12
PANEL_MAX_W = 520


def panel_boxes(n: int) -> list[tuple[int, int, int, int]]:
    gap = 12
    w = min(PANEL_MAX_W, (WIDTH - 2 * M - gap * (n - 1)) // max(1, n))
    left = (WIDTH - (w * n + gap * (n - 1))) // 2
    return [
        (left + i * (w + gap), PANEL_TOP, left + i * (w + gap) + w, PANEL_TOP + PANEL_H)
        for i in range(n)
    ]


def status_line(game: GameModel) -> str:
    if game.over:
        return "Game over"
    if game.phase.startswith("mon"):
        return f"Week {game.week} · Monday morning"
    if game.phase.startswith("setup"):
        return "Setup"
    day = DAY_NAMES[game.day - 1] if 1 <= game.day <= D.DAYS else "—"
    return f"Week {game.week} · {day} (day {game.day}/5)"


def _draw_header(cv: Canvas, game: GameModel) -> None:
    with cv.panel("header", (0, 0, WIDTH, HEADER_H)):
        cv.text((M + 4, 8), "ALGAE, INC.", 18, fill=pal.FRAME_MUTED, bold=True)
        left = cv.text(
            (M + 4, 30), status_line(game), 46, fill=pal.FRAME_INK, bold=True, max_width=760
        )
        x = WIDTH - M - 4
        acting = [p for p in game.players if p.seat in game.to_act]
        if acting and not game.over:
            names = ", ".join(p.name for p in acting) if len(acting) > 1 else acting[0].name
            avail = x - left[2] - 240
            nb = cv.text(
                (x, 56),
                names,
                46,
                fill=pal.HIGHLIGHT,
                bold=True,
                anchor="rm",
                max_width=avail,
                min_size=28,
            )
            if len(acting) == 1:
                s = pal.seat(acting[0].seat)
                cv.icon(s.shape, (nb[0] - 30, 56), 44, s.colour, acting[0].name[:1].upper())
                nb = (nb[0] - 54, *nb[1:])
            cv.text((nb[0] - 10, 56), "To act ▶", 34, fill=pal.HIGHLIGHT, anchor="rm")
        # score chips, the leader first is not needed: seat order keeps colours stable
        n = max(1, len(game.players))
        gap = 10
        w = min(390, (WIDTH - 2 * M - gap * (n - 1)) // n)
        for i, p in enumerate(game.players):
            box = (M + i * (w + gap), 94, M + i * (w + gap) + w, 140)
            s = pal.seat(p.seat)
            on = p.seat in game.to_act and not game.over
            cv.draw.rounded_rectangle(
                box,
                radius=10,
                fill=s.light,
                outline=pal.HIGHLIGHT if on else s.colour,
                width=4 if on else 2,
            )
            with cv.panel(f"chip{p.seat}", box):
                cy = (box[1] + box[3]) / 2
                cv.icon(s.shape, (box[0] + 24, cy), 34, s.colour, p.name[:1].upper())
                vb = cv.text((box[2] - 10, cy), str(p.vp), 34, bold=True, anchor="rm")
                cv.icon("star", (vb[0] - 16, cy), 24, pal.VP)
                cv.text(
                    (box[0] + 46, cy),
                    p.name,
                    26,
                    bold=True,
                    anchor="lm",
                    max_width=vb[0] - 34 - box[0] - 46,
                    min_size=16,
                )
        last_turn_line(cv, game.last, width=WIDTH, margin=M)


def _changes(
    game: GameModel, prev: GameModel | None
) -> tuple[dict[int, set[str]], set[int], dict[str, set[int]]]:
    """What differs from the previous view: per player fields, moved supervisors, new disks."""
    if prev is None or len(prev.players) != len(game.players):
        return {}, set(), {}
    fields: dict[int, set[str]] = {}
    moved = set()
    for p, q in zip(game.players, prev.players, strict=True):
        f = _player_changes(p, q)
        if f:
            fields[p.seat] = f
        if p.supervisor != q.supervisor and p.supervisor is not None:
            moved.add(p.seat)
    disks = {}
    for city, info in game.cities.items():
        new = set(info["disks"]) - set(prev.cities.get(city, {}).get("disks", []))
        if new:
            disks[city] = new
    return fields, moved, disks


def _player_changes(p: PlayerModel, q: PlayerModel) -> set[str]:
    out = {
        k for k in ("vp", "money", "energy", "science", "disks") if getattr(p, k) != getattr(q, k)
    }
    out |= {k for k, v in p.tokens.items() if q.tokens.get(k) != v}
    out |= {f"staff.{t}" for t, v in p.staff.items() if q.staff.get(t) != v}
    out |= {f"cell.{c}" for c, v in p.cells.items() if q.cells.get(c) != v}
    return out


def _build_static(cv: Canvas, sides: tuple[int, ...], weekend_side: int, n: int) -> None:
    actionboard.draw_static(cv, ACTION_BOX, sides, weekend_side)
    mapboard.draw_static(cv, MAP_BOX)


def draw_public(view: dict[str, Any], previous: dict[str, Any] | None = None) -> Canvas:
    game = read_game(view)
    prev = read_game(previous) if previous else None
    sides = tuple(game.strip_side)
    n = len(game.players)
    cv = static_layer(
        ("algae-public", sides, game.weekend_side, n),
        (WIDTH, HEIGHT),
        pal.FRAME,
        lambda c: _build_static(c, sides, game.weekend_side, n),
    )
    fields, moved, disks = _changes(game, prev)
    _draw_header(cv, game)
    actionboard.draw_dynamic(cv, ACTION_BOX, game, moved)
    mapboard.draw_dynamic(cv, MAP_BOX, game, disks)
    for p, box in zip(game.players, panel_boxes(n), strict=True):
        panels.draw_panel(
            cv,
            box,
            p,
            acting=p.seat in game.to_act and not game.over,
            first=p.seat == game.first,
            changed=fields.get(p.seat, set()),
        )
    return cv


def render_public(view: dict[str, Any], previous: dict[str, Any] | None = None) -> bytes:
    return encode_png(draw_public(view, previous).image)
