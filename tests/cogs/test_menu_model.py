"""Menus built from decisions: buttons, a select, or two levels; ids and labels in bounds."""

from __future__ import annotations

from cogs import custom_ids, menu_model
from engine.core import Decision, Option


def decision(n: int, groups: int = 0, label_len: int = 10) -> Decision:
    options = tuple(
        Option(
            f"move {i}",
            f"Option {i} " + "x" * label_len,
            group=f"Group {i % groups}" if groups else "",
        )
        for i in range(n)
    )
    return Decision(seat=3, prompt="Pick one", options=options, version=123456)


GAME = 9_999_999


def all_ids(menu: menu_model.Menu) -> list[str]:
    return [c.custom_id for c in menu.components]


def test_up_to_five_options_are_buttons_carrying_game_seat_version_and_index() -> None:
    menu = menu_model.build(GAME, decision(5))
    assert [c.kind for c in menu.components] == ["button"] * 5
    assert all_ids(menu)[4] == f"alg:o:{GAME}:3:123456:4"


def test_six_to_25_options_are_one_select_with_indices_as_values() -> None:
    menu = menu_model.build(GAME, decision(25))
    (select,) = menu.components
    assert select.kind == "select" and len(select.choices) == 25
    assert [c.value for c in select.choices] == [str(i) for i in range(25)]
    assert select.custom_id == f"alg:s:{GAME}:3:123456"


def test_more_than_25_options_go_by_group_then_back() -> None:
    d = decision(30, groups=3)
    top = menu_model.build(GAME, d)
    (groups,) = top.components
    assert [c.label for c in groups.choices] == ["Group 0", "Group 1", "Group 2"]
    inner = menu_model.build(GAME, d, section=1)
    select, back = inner.components
    assert [d.options[int(c.value)].group for c in select.choices] == ["Group 1"] * 10
    assert back.kind == "button" and back.custom_id.startswith("alg:b:")
    assert back.row != select.row


def test_a_big_ungrouped_decision_is_cut_into_runs_of_25() -> None:
    d = decision(60)
    parts = menu_model.sections(d)
    assert [len(idx) for _, idx in parts] == [25, 25, 10]
    assert sorted(i for _, idx in parts for i in idx) == list(range(60))


def test_a_huge_group_is_split_in_numbered_parts() -> None:
    d = decision(70, groups=1)
    names = [name for name, _ in menu_model.sections(d)]
    assert names == ["Group 0 1/3", "Group 0 2/3", "Group 0 3/3"]


def test_labels_and_ids_stay_within_discord_limits() -> None:
    d = decision(700, groups=0, label_len=300)
    top = menu_model.build(GAME, d)
    assert len(top.components[0].choices) == 25 and top.note
    for section in (None, 0, 24):
        menu = menu_model.build(GAME, d, section)
        for comp in menu.components:
            assert len(comp.custom_id) < 100 and len(comp.label) <= 100
            assert len(comp.choices) <= 25
            for choice in comp.choices:
                assert len(choice.label) <= 80 and len(choice.description) <= 100
                assert len(choice.value) <= 100
    assert len(custom_ids.play_id(2**63 - 1, 2**40)) < 100


async def test_menu_views_are_fully_dynamic_so_nothing_is_kept_per_message() -> None:
    import discord

    from cogs.menus import menu_view, play_view

    for menu in (
        menu_model.build(GAME, decision(3)),
        menu_model.build(GAME, decision(20)),
        menu_model.build(GAME, decision(30, groups=3), section=2),
    ):
        view = menu_view(GAME, menu)
        assert view.children and all(isinstance(i, discord.ui.DynamicItem) for i in view.children)
        # every child is a DynamicItem (checked above): the filter only narrows the type
        ids = [i.custom_id for i in view.children if isinstance(i, discord.ui.DynamicItem)]
        assert ids == [c.custom_id for c in menu.components]
    assert all(isinstance(i, discord.ui.DynamicItem) for i in play_view(GAME, 4).children)


def test_every_menu_shape_carries_the_decisions_hand_line() -> None:
    """The line of what the seat holds (Game.hand_line, set on the decision by the table layer)
    comes with buttons, a select and grouped menus alike, so a phone player reads their
    Resources next to the choice instead of in the player picture's small print."""
    from dataclasses import replace

    from cogs.menus import menu_text

    for n, groups in ((3, 0), (12, 0), (30, 3)):
        d = replace(decision(n, groups), note="You hold 2 mineral · 1 battery")
        menu = menu_model.build(GAME, d)
        assert menu.note.startswith("You hold 2 mineral"), (n, menu.note)
        assert "\n-# You hold 2 mineral · 1 battery" in menu_text(d, menu)
    assert menu_model.build(GAME, decision(3)).note == ""
