"""What a turn costs players in Discord (issue 12, "Done when"): a full Algae week with 3
players and 3 On Mars rounds with 2, played through the stand-in by ``tests.e2e.budget``,
printing the issue's table (run with ``-s`` to see it) and holding the targets:

* a player is pinged at most once per turn of theirs, and never with nothing to choose;
* no question with a single option is ever asked (forced moves are played for them);
* median clicks per turn <= 3 in both games (a turn as the engine names it, ``turn_key``;
  a Play session that goes on into the player's next turn is also shown as a whole);
* public posts per Algae week <= one per player-turn, plus one for each simultaneous step
  (Monday's steps D and E, the weekend, and in week 1 the setup picks).
"""

from __future__ import annotations

import re
import statistics

import pytest

import engine
from devkit.standin import BotProcess, StandIn
from tables import Tables
from tests.e2e.budget import Table, markdown
from tests.e2e.helpers import is_turn_post

pytestmark = [
    pytest.mark.e2e,
    pytest.mark.shared_bot,
    pytest.mark.skipif(
        not {"algae", "mars"} <= set(engine.GAMES), reason="Algae and On Mars are needed"
    ),
]

ROWS: dict[str, dict[str, str]] = {}


async def start(standin: StandIn, tables: Tables, kind: str, names: list[str], seed: int):
    users = [standin.user(n) for n in names]
    await standin.slash(users[0], standin.games, "game new", game=kind, seed=seed)
    for user in users[1:]:
        await standin.slash(user, standin.games, "game join")
    await standin.slash(users[0], standin.games, "game start")
    await standin.wait_for_message(standin.games, is_turn_post)
    table = Table(standin, tables, users, seed)
    table.game_id = (await tables.game_in(standin.games.id)).id
    return table


def check_targets(table: Table) -> None:
    tally = table.tally
    assert not tally.one_option, f"questions with one option asked: {tally.one_option}"
    assert not tally.forced_pings, f"pinged with nothing to choose: {tally.forced_pings}"
    assert not tally.double_pings, f"pinged twice before their turn: {tally.double_pings}"
    clicks = tally.clicks
    assert statistics.median(clicks) <= 3, clicks


async def test_an_algae_week_with_three_players(
    standin: StandIn, bot: BotProcess, tables: Tables
) -> None:
    table = await start(standin, tables, "algae", ["ann", "bob", "cy"], seed=5)
    await table.play_until(lambda view: view.get("week", 1) > 1)
    await table.settle()
    ROWS["Algae, 3 players, 1 week"] = table.tally.row()
    print("\n" + markdown(ROWS))
    check_targets(table)
    tally = table.tally
    # one post per player-turn (a turn in turn order: Monday step A, a work-day turn), plus
    # one for each simultaneous step (setup, Monday steps D and E, the weekend: its players
    # finishing one by one make no post of their own), plus the game's opening post
    bound = 1 + tally.ordered + tally.shared_steps
    assert tally.posts <= bound, (tally.posts, tally.ordered, tally.shared_steps)
    await small_things(standin, table)


async def small_things(standin: StandIn, table: Table) -> None:
    """Issue 12 item 11 on a long game: /log opens on the latest page, /status says the
    week and day, /mygames says in words where a game stands."""
    ann = table.users[0]
    ix = await standin.slash(ann, standin.games, "log")
    pages = re.search(r"page (\d+)/(\d+)", await ix.wait_text("page "))
    assert pages and pages[1] == pages[2] != "1", ix.text
    assert "Older" in ix.original.labels and "Newer" in ix.original.labels
    ix = await standin.slash(ann, standin.games, "status")
    assert "Week 2" in ix.text, ix.text
    acting = await table.to_act()
    idle = next(u for u in table.users if u not in acting)
    ix = await standin.slash(idle, standin.games, "mygames")
    text = await ix.wait_text("Algae")
    assert "waiting for others, last move" in text and "active, active" not in text


async def test_three_on_mars_rounds_with_two_players(
    standin: StandIn, bot: BotProcess, tables: Tables
) -> None:
    # A random walk of about 12 turns: its median moves with any engine change (On Mars rules 7,
    # seeds 1-7: 3, 3, 3, 3, 3.5, 2, 2; rules 6: 3, 3, 2.5, 4, 3, 3, 3).
    table = await start(standin, tables, "mars", ["ann", "bob"], seed=1)
    await table.play_until(lambda view: view.get("round", 1) > 3)
    await table.settle()
    ROWS["On Mars, 2 players, 3 rounds"] = table.tally.row()
    print("\n" + markdown(ROWS))
    check_targets(table)
