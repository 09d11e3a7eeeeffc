"""A process killed with SIGKILL mid-stream leaves a database (SQLite file or PostgreSQL)
with every committed move."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.core import replay
from tables import open_tables
from tests.storage.conftest import peek

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
async def test_sigkill_mid_stream_keeps_every_committed_move(backend) -> None:
    db = backend.target
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.storage.crash_child", str(db)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    reported: list[tuple[int, int, str]] = []
    deadline = time.monotonic() + 30
    try:
        assert child.stdout is not None
        while len(reported) < 60 and time.monotonic() < deadline:
            line = child.stdout.readline()
            if not line:
                break
            _, raw_id, raw_seq, move = line.rstrip("\n").split(" ", 3)
            reported.append((int(raw_id), int(raw_seq), move))
        os.kill(child.pid, signal.SIGKILL)  # while it is streaming more moves
    finally:
        out, err = child.communicate(timeout=10)
    assert child.returncode == -signal.SIGKILL, err
    for line in out.splitlines():  # lines already in the pipe were committed too
        _, raw_id, raw_seq, move = line.split(" ", 3)
        reported.append((int(raw_id), int(raw_seq), move))
    assert len(reported) >= 60, err

    if not backend.postgres:
        assert peek(db, "PRAGMA integrity_check") == [("ok",)]
    rows = await backend.peek("SELECT game_id, seq, move FROM moves")
    stored = {(g, s): m for g, s, m in rows}
    for game_id, seq, move in reported:
        assert stored.get((game_id, seq)) == move

    tables = await open_tables(db)
    try:
        for game_id in sorted({g for g, _, _ in reported}):
            info, game = await tables.load(None, game_id=game_id, fresh=True)
            assert game.version == info.version == len(await tables.store.moves(game_id))
            rebuilt = replay(game.record())
            assert json.dumps(rebuilt.to_json(), sort_keys=True) == json.dumps(
                game.to_json(), sort_keys=True
            )
    finally:
        await tables.close()
