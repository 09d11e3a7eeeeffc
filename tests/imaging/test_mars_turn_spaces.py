"""The turn-order panel draws what each space gives in this game (MARS-GAP-30): rules 6 and
later give a Colonist, a Tech, Bot steps... on spaces that lie on the Orbit (1-4) or the
Colony side (5-8); rules 1-5 games keep their resources. Before, every game was drawn with
rules 5's resources, so a rules-6 board showed a battery where the space gives a Colonist."""

from __future__ import annotations

import pytest

import engine
import imaging
from engine.mars import data as D
from engine.mars import order
from imaging.mars import colony
from imaging.mars.model import read_game, turn_bonus, turn_side
from tests.imaging.mars_games import mars_ready

pytestmark = pytest.mark.skipif(not mars_ready(), reason="the On Mars engine is not registered")


def _game(rules: int):
    return engine.new_game("mars", ["ann", "bob"], seed=2, options={"rules": rules})


@pytest.mark.parametrize("rules", [D.RULES_LATEST, 6, 5, 1])
def test_the_model_reads_each_spaces_benefit_and_side_from_the_view(rules: int) -> None:
    game = read_game(_game(rules).view(None))
    spaces = range(D.TURN_SPACES)
    if rules >= 6:
        assert [turn_bonus(game, i) for i in spaces] == list(D.TURN_BENEFIT_6)
        assert [turn_side(game, i) for i in spaces] == ["orbit"] * 4 + ["colony"] * 4
    else:
        assert [turn_bonus(game, i) for i in spaces] == list(D.TURN_BONUS)
        assert [turn_side(game, i) for i in spaces] == [None] * D.TURN_SPACES


def test_the_view_says_what_the_setup_question_offers() -> None:
    """The words beside each space are the ones its option reads (MARS-GAP-30)."""
    g = _game(D.RULES_LATEST)
    view = g.view(None)
    labels = [o.label for o in g.pending()[0].options]
    for i, text in enumerate(view["turn_space_text"]):
        assert any(label.startswith(f"space {i + 1}") and text in label for label in labels)
    assert view["turn_space_text"][3] == order.benefit_text(3) == "gain 1 Colonist"


@pytest.mark.parametrize(
    ("rules", "drawn", "not_drawn"), [(7, "colonist", "battery"), (5, "battery", "colonist")]
)
def test_the_panel_draws_the_games_own_benefits(
    monkeypatch: pytest.MonkeyPatch, rules: int, drawn: str, not_drawn: str
) -> None:
    """On the picture itself: the empty spaces of a new game show its own benefits."""
    seen: list[str | None] = []
    draw = colony._space_bonus

    def spy(cv, cx, cy, bonus):
        seen.append(bonus)
        draw(cv, cx, cy, bonus)

    monkeypatch.setattr(colony, "_space_bonus", spy)
    imaging.render("mars", "public", _game(rules).view(None))
    assert drawn in seen and not_drawn not in seen
