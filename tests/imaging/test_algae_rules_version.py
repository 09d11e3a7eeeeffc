"""A game keeps its rules version in its pictures too (ALG-GAP-17, rules 2): the factory's
belt badges and the dispatch values are drawn from the department board of the seat's own
rules version. Rules 2 moved Bioplastics' loss belt from Station 2 → bag to Station 1 →
press, and made a bag worth 3 (rules 1: 2); rules 3 swapped which algae storage
Bioplastics has covered (green; rules 1 and 2: red). A game begun on an older version is
drawn as that version."""

from __future__ import annotations

import pytest

import engine
import imaging
from engine.algae import data as D
from imaging.algae.model import department, read_game
from tests.imaging.algae_games import algae_ready

pytestmark = pytest.mark.skipif(not algae_ready(), reason="Algae engine not in this checkout")

DEPTS = ["bioplastics", "food"]


def _game(rules: int | None):
    options = {"departments": DEPTS, **({"rules": rules} if rules else {})}
    return engine.new_game("algae", ["a", "b"], seed=5, options=options)


@pytest.mark.parametrize(
    ("rules", "loss_on", "bag", "locked"),
    [(None, "s1>press", 3, "green"), (2, "s1>press", 3, "red"), (1, "s2>bag", 2, "red")],
)
def test_the_picture_reads_the_seats_own_department_board(
    rules: int | None, loss_on: str, bag: int, locked: str
):
    model = read_game(_game(rules).view(None))
    bio = model.players[0]
    assert bio.rules == (rules or D.RULES_VERSION)
    assert {b[0]: b[1] for b in department(bio)["secondary"]}["sec3"] == loss_on
    assert department(bio)["values"]["bag"][0] == bag
    assert department(bio)["locked"] == (locked,)
    assert [sp for sp, is_open in bio.storage_open.items() if not is_open] == [locked]


def _loss_badges(rules: int, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The machines whose belts carry a loss badge (€1) on the drawn Bioplastics factory."""
    from imaging.algae import factory

    drawn: list[str] = []
    draw = factory._belt_labels

    def spy(cv, p, mx, my, machine, is_open, sec):
        if p.dept == "bioplastics" and sec and sec[1] == "pay1":
            drawn.append(machine)
        draw(cv, p, mx, my, machine, is_open, sec)

    monkeypatch.setattr(factory, "_belt_labels", spy)
    imaging.render("algae", "player", _game(rules).view(0))
    return drawn


def test_the_drawn_loss_badge_sits_on_the_seats_own_belt(monkeypatch: pytest.MonkeyPatch):
    """On the picture itself: a rules-1 game's badge is on Station 2 → bag (Machine C), a
    current one's on Station 1 → press (Machine B); before, every game was drawn with the
    current board."""
    assert _loss_badges(1, monkeypatch) == ["c"]
    assert _loss_badges(D.RULES_VERSION, monkeypatch) == ["b"]


@pytest.mark.parametrize(
    ("rules", "m10", "vp"), [(1, "10 cities", (10, 8, 6, 4)), (2, "8 cities", (10, 8, 6, 4))]
)
def test_the_milestone_panel_shows_the_games_own_milestones(
    rules: int, m10: str, vp: tuple[int, ...]
):
    """ALG-GAP-12: rules 1's last city milestone was 10 cities (rules 2: 8). The map board's
    milestone rows come from the game's view, not from the current table."""
    rows = read_game(_game(rules).view(None)).milestone_rows
    assert rows["m10"] == (m10, vp)
    assert list(rows) == list(D.MILESTONES)
