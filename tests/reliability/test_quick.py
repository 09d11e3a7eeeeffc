"""The quick form of the reliability suite (CI): a few channels of Algae and On Mars
through the real bot process, double clicks, a SIGKILL, injected faults and a few hundred
hostile commands. Timings are reported, not asserted (they live in the benchmark:
``python3 bot.py --bench reliability``); what must always hold is asserted."""

from __future__ import annotations

import pytest

from devkit.reliability.suite import Config, format_report, run

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

QUICK = Config(
    channels=3, moves=6, kill_moves=3, fault_moves=3, kills=1, hostile=300, long_retry=False
)


async def test_the_bot_keeps_every_promise_under_load_kills_faults_and_hostile_input() -> None:
    report = await run(QUICK)
    print(format_report(report))
    f, h = report.findings, report.hostile
    assert report.load.moves >= QUICK.channels * 3, "the tables played"
    assert report.load.refused_legal == [] and report.other.refused_legal == []
    assert report.double_cases >= 1 and report.double_problems == []
    assert report.kills == QUICK.kills and f.lost_or_twice == []
    assert (f.missing_posts, f.duplicate_posts, f.dead_posts, f.pending_posts) == ([], [], 0, 0)
    assert f.out_of_order == [] and f.stale_play_buttons == []
    assert h.sent >= QUICK.hostile and h.blocked >= 1, "reached the bot; Discord's blocks apart"
    assert (h.unanswered, h.public, h.pinging) == ([], [], [])
    assert report.state_changed == [], "a refused command changed the game or settings"
    assert report.hostile_tracebacks == [] and report.tracebacks == []
    assert f.replay_mismatches == []
