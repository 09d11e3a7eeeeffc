"""What a decision looks like as a Discord menu (pure data, no discord.py; unit-tested).

Shapes, by the number of options of the decision (DESIGN.md §3):

* up to 5: one button per option;
* up to 25: one select;
* more: two levels. The first is a select of *sections* (the options' ``group``, a group of
  more than 25 options split into numbered parts; options without a group are cut into
  runs of 25); picking a section shows that section's options in a select, plus a Back
  button.

Custom ids (``cogs.custom_ids``) carry everything a click needs after a restart: the game
id, the seat, the decision version (a stale menu is recognised) and, for options, the
option's index in the decision. They stay far below Discord's 100 characters.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cogs.custom_ids import back_id, option_id, section_id, select_id, undo_turn_id
from cogs.text import LABEL_LIMIT, MAX_OPTIONS, SELECT_DESCRIPTION_LIMIT, label
from engine.core import Decision

MAX_BUTTONS = 5
UNDO_LABEL = "Undo my turn"
MAX_SECTIONS = 25


@dataclass(frozen=True)
class Choice:
    """One entry of a select: what is shown and the value sent back."""

    label: str
    value: str
    description: str = ""


@dataclass(frozen=True)
class Component:
    """A button (``choices`` empty) or a select; ``row`` is the action row (0-4)."""

    kind: str  # "button" | "select"
    custom_id: str
    label: str = ""
    choices: tuple[Choice, ...] = ()
    style: str = "secondary"  # buttons: primary, secondary, danger
    row: int = 0


@dataclass(frozen=True)
class Menu:
    prompt: str
    components: tuple[Component, ...] = field(default_factory=tuple)
    note: str = ""


def sections(decision: Decision) -> list[tuple[str, list[int]]]:
    """The option indices grouped for the first level; each section holds at most 25."""
    order: list[str] = []
    members: dict[str, list[int]] = {}
    for index, option in enumerate(decision.options):
        key = option.group or ""
        if key not in members:
            order.append(key)
            members[key] = []
        members[key].append(index)
    result: list[tuple[str, list[int]]] = []
    for key in order:
        indices = members[key]
        chunks = [indices[i : i + MAX_OPTIONS] for i in range(0, len(indices), MAX_OPTIONS)]
        for n, chunk in enumerate(chunks, start=1):
            name = key or "Options"
            if len(chunks) > 1 or not key:
                first = decision.options[chunk[0]].label
                name = f"{name} {n}/{len(chunks)}" if key else f"{first} …"
            result.append((name, chunk))
    return result


def _option_choices(decision: Decision, indices: list[int]) -> tuple[Choice, ...]:
    out = []
    for i in indices:
        option = decision.options[i]
        desc = option.detail  # never the raw move: players read words, not notation
        out.append(Choice(label(option.label), str(i), label(desc, SELECT_DESCRIPTION_LIMIT)))
    return tuple(out)


def build(game_id: int, decision: Decision, section: int | None = None) -> Menu:
    """The menu for ``decision``; ``section`` picks a second-level page (many options)."""
    seat, version = decision.seat, decision.version
    prompt = label(decision.prompt, 200)
    options = decision.options
    if len(options) <= MAX_BUTTONS:
        buttons = tuple(
            Component(
                "button",
                option_id(game_id, seat, version, i),
                label(o.label, LABEL_LIMIT),
                style="primary" if i == 0 else "secondary",
            )
            for i, o in enumerate(options)
        )
        return Menu(prompt, buttons, decision.note)
    if len(options) <= MAX_OPTIONS:
        select = Component(
            "select",
            select_id(game_id, seat, version),
            label("Choose…"),
            _option_choices(decision, list(range(len(options)))),
        )
        return Menu(prompt, (select,), decision.note)
    parts = sections(decision)
    shown = parts[:MAX_SECTIONS]
    note = decision.note
    if len(parts) > MAX_SECTIONS:
        more = f"Only the first {MAX_SECTIONS} sections fit here; type /play to reach the rest."
        note = f"{note}\n-# {more}" if note else more
    if section is None or not 0 <= section < len(shown):
        choices = tuple(
            Choice(label(name), str(n), label(f"{len(idx)} options", SELECT_DESCRIPTION_LIMIT))
            for n, (name, idx) in enumerate(shown)
        )
        comp = Component("select", section_id(game_id, seat, version), "Choose a group…", choices)
        return Menu(prompt, (comp,), note)
    name, indices = shown[section]
    select = Component(
        "select",
        select_id(game_id, seat, version),
        label(f"{name}: choose…"),
        _option_choices(decision, indices),
    )
    back = Component("button", back_id(game_id, seat, version), "Back", row=1)
    return Menu(f"{prompt} — {label(name)}", (select, back), note)


def with_undo(menu: Menu, game_id: int, decision: Decision) -> Menu:
    """The menu with an "Undo my turn" button in the last row (the caller's moves of this
    turn, not yet posted, can be taken back at once)."""
    undo = Component(
        "button",
        undo_turn_id(game_id, decision.seat, decision.version),
        UNDO_LABEL,
        style="danger",
        row=4,
    )
    return Menu(menu.prompt, (*menu.components, undo), menu.note)
