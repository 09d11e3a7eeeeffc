"""Players read the names the rules and pictures use, never internal ids (issue 12 item 6).

Random playouts of Algae (3 players) and On Mars (2 players) collect every text a player
can read: decision prompts, option labels, option details (select descriptions), log lines
(the lines of the turn posts). None may hold an internal id
("cap2", "meal_old", "inc_sci", "d-min", "shelter0", "rover1", a raw belt edge "green>s1"),
a number with the wrong plural ("1 cities", "2 move(s)"), or, in On Mars, the points of the
other game ("VP", "op": the game says OP).
"""

from __future__ import annotations

import random
import re

import pytest

import engine
from engine.core import new_game
from engine.wording import fit, tidy

COMMON = {
    "snake_case id": re.compile(r"\b[a-z]+_[a-z0-9_]+\b"),
    "id with a number": re.compile(
        r"\b(cap|conv|combo|gen|inc|sec|shelter|water|rover|mine|green|oxy|ship|upgrade|tile)"
        r"\d+[a-z]?\b"
    ),
    "raw station id": re.compile(r"\bs\d\b"),
    "raw edge": re.compile(r"\b[a-z0-9]+>[a-z0-9]+\b"),
    "dashed id": re.compile(r"\b[a-z]-[a-z]{3,}\b|\b[a-z]+-\d[a-z]\b"),
    "(s) plural": re.compile(r"\w\(s\)"),
    "singular number, plural word": re.compile(
        r"(?<![\d.,+-])\b1 (cities|points|cubes|moves|scientists|operators|engineers|tiles|"
        r"steps|crystals|minerals|batteries|cards|goods|spots|tokens|actions|Bots)\b"
    ),
}
MARS_ONLY = {
    "VP in On Mars": re.compile(r"\bVP\b"),
    "lower-case op": re.compile(r"\bop\b"),
}


def texts(kind: str, players: int, seed: int) -> list[str]:
    """Every player-readable text of one random playout."""
    rnd = random.Random(seed)
    game = new_game(kind, ["ann", "bob", "cy", "dee"][:players], seed=seed)
    out: list[str] = []
    for _ in range(4000):
        if game.over:
            break
        decision = rnd.choice(game.pending())
        out.append(decision.prompt)
        for option in decision.options:
            out.append(option.label)
            out.append(option.detail)
        option = rnd.choice(decision.options)
        out += [e.text for e in game.play(decision.seat, option.move)]
    return [t for t in out if t]


def offences(kind: str, lines: list[str]) -> dict[str, set[str]]:
    rules = dict(COMMON, **(MARS_ONLY if kind == "mars" else {}))
    found: dict[str, set[str]] = {}
    for text in lines:
        for name, pattern in rules.items():
            if pattern.search(text):
                found.setdefault(name, set()).add(text)
    return found


@pytest.mark.parametrize(("kind", "players"), [("algae", 3), ("mars", 2)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_no_internal_ids_or_bad_plurals(kind: str, players: int, seed: int) -> None:
    if kind not in engine.GAMES:
        pytest.skip(f"{kind} is not installed")
    found = offences(kind, texts(kind, players, seed))
    shown = {k: sorted(v)[:4] for k, v in found.items()}
    assert not found, shown


def test_the_scan_catches_what_the_issue_quotes() -> None:
    quoted = [
        "places cap2 on cap_c",
        "moves a cube green → s1",
        "Add a meal_old",
        "Remove inc_sci (length 2)",
        "Earth Contract d-min",
        "Blueprint shelter-1b",
        "shelter0",
        "rover1 … level 2",
        "— move green>s1",
        "Export: up to 1 cities",
        "Machine A: 2 move(s) left",
    ]
    for text in quoted:
        assert offences("algae", [text]), text
    assert offences("mars", ["gains 3 op"]) and offences("mars", ["12 VP"])
    assert not offences("algae", ["Machine A: 2 moves left", "Export to up to 1 city"])


def labelled_options(kind: str, players: int, seed: int):
    rnd = random.Random(seed)
    game = new_game(kind, ["ann", "bob", "cy", "dee"][:players], seed=seed)
    for _ in range(4000):
        if game.over:
            return
        decision = rnd.choice(game.pending())
        yield from decision.options
        game.play(decision.seat, rnd.choice(decision.options).move)


@pytest.mark.parametrize(("kind", "players"), [("algae", 3), ("mars", 2)])
def test_labels_fit_a_button_and_a_token_spent_is_said_first(kind: str, players: int) -> None:
    """Issue 12 item 1: a label fits a button (80 characters) and a move that spends a
    token says so at the start of its label, whatever is cut off after."""
    if kind not in engine.GAMES:
        pytest.skip(f"{kind} is not installed")
    spending = 0
    for seed in (1, 2, 3):
        for option in labelled_options(kind, players, seed):
            assert len(option.label) <= 80, option
            assert len(option.detail) <= 100, option
            if option.move.startswith(("choice ", "wild ")):
                spending += 1
                assert re.match(r"Spend an? (choice|wild) token: ", option.label), option
    assert kind != "algae" or spending, "the playouts offered token moves"


def test_fit_keeps_the_head_and_moves_the_tail_into_the_detail() -> None:
    long = "Spend a choice token: Activate your 3 scientists: gain 3 science or place up to 3"
    head, detail = fit(long + " science tiles")
    assert head == "Spend a choice token: Activate your 3 scientists"
    assert detail == "gain 3 science or place up to 3 science tiles"
    assert fit("short") == ("short", "")
    assert tidy("1 more tile(s), 2 cube(s), 1 city(s), 3 city(s)") == (
        "1 more tile, 2 cubes, 1 city, 3 cities"
    )


def test_a_long_detail_is_cut_at_a_boundary_within_discords_100() -> None:
    """A select option's description over 100 characters makes Discord refuse the whole
    message: a detail passed with a short label is clipped too, at its last "; "."""
    detail = "level 1 Water Extractor; action: welcome a Ship (1 plant + 1 water), 1 more "
    detail += "Colonist; produces 1 water; end +3/-3 OP"
    head, out = fit("1 mineral: Private Ship (level 1 Water Extractor Blueprint)", detail)
    assert head.startswith("1 mineral") and len(out) <= 100
    assert out == (
        "level 1 Water Extractor; action: welcome a Ship (1 plant + 1 water), 1 more Colonist"
    )
    assert fit("short", "x" * 30) == ("short", "x" * 30)
