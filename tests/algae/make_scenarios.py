"""Re-freeze the scenario scripts: ``python -m tests.algae.make_scenarios [--rules N]``.

Run it only when a rule change is meant to change whole games; review the new scores.
``--rules N`` writes ``vN_game_*p.json``: games on an older rules version (tests/algae/
test_rules_version.py), played on the current engine's menus.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.algae.bot import play_bot_game

CASES = [
    (1, 11, ["cosmetics"]),
    (2, 12, ["food", "bioplastics"]),
    (3, 13, ["biofuel", "cosmetics", "food"]),
    (4, 14, ["bioplastics", "biofuel", "cosmetics", "food"]),
]


def main() -> None:
    import sys

    rules = int(sys.argv[2]) if sys.argv[1:2] == ["--rules"] else None
    here = Path(__file__).parent / "scenarios"
    here.mkdir(exist_ok=True)
    for n, seed, depts in CASES:
        game, moves = play_bot_game(n, seed, depts, rules)
        rec = {
            "about": f"{n}-player game, seed {seed}, played by tests/algae/bot.py and frozen",
            "players": [f"p{i + 1}" for i in range(n)],
            "seed": seed,
            "options": {"departments": depts, **({"rules": rules} if rules else {})},
            "moves": moves,
            "final": [
                {"vp": ln.vp, "rank": ln.rank, "breakdown": ln.breakdown} for ln in game.scores()
            ],
        }
        path = here / f"{f'v{rules}_' if rules else ''}game_{n}p.json"
        path.write_text(json.dumps(rec, separators=(",", ":")) + "\n")
        print(path.name, [(ln.vp, ln.rank) for ln in game.scores()])


if __name__ == "__main__":
    main()
