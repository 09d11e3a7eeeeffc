"""The terminal table driven by scripts on stdin, as a new user or a scenario test does."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import imaging
from engine.core import GAMES
from tables import terminal
from tables.terminal import main

ROOT = Path(__file__).resolve().parents[2]

# seed 4, alice and bob: a whole game of Tally (scores 24 and 29)
FULL_GAME = """\
# round 1
alice: stake 2
bob: Stake 3
alice: draw
alice: draw
alice: done
alice: aim a1
bob: draw
bob: draw
bob: done
bob: aim a1

# round 2
alice: stake 2
bob: stake 3
alice: draw
alice: done
alice: aim b2
bob: draw
bob: draw
bob: done
bob: aim b2
"""


def run(monkeypatch, db: Path, script: str, *args: str) -> int:
    monkeypatch.setattr(sys, "stdin", io.StringIO(script))
    return main(["--db", str(db), "--game", "tally", *args])


def test_a_whole_game_from_a_script(monkeypatch, capsys, tmp_path) -> None:
    code = run(monkeypatch, tmp_path / "l.db", FULL_GAME, "--seed", "4", "--strict")
    out = capsys.readouterr().out
    assert code == 0
    assert "waiting for: alice (Choose your stake), bob (Choose your stake)" in out
    assert "  alice drew 2\n" in out and "  bob aimed at b2 and scored 16\n" in out
    assert "The game is over.\n  1. bob: 29 VP\n  2. alice: 24 VP" in out


def test_strict_stops_at_the_first_refused_line(monkeypatch, capsys, tmp_path) -> None:
    script = "# setup\n\nalice: stake 2\nalice: stake 3\nbob: stake 1\n"
    code = run(monkeypatch, tmp_path / "l.db", script, "--strict")
    captured = capsys.readouterr()
    assert code == 1
    assert captured.err.strip() == "line 4: it is not your turn: waiting for bob"
    assert "bob chose" not in captured.out  # nothing after the refused line ran
    # what came before the refusal is kept: a second run resumes the game
    code = run(monkeypatch, tmp_path / "l.db", "log\n", "--strict")
    assert code == 0
    assert "1. alice: stake 2 — alice chose a stake" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("alice: fly", "'fly' is not a legal move now (try: "),
        ("carol: stake 1", "there is no player called 'carol'"),
        ("dance", "unknown command 'dance'"),
        ("moves carol", "there is no player called 'carol'"),
        ("alice: " + "x" * 300, "too long"),
        ("alice:", "the move is empty"),
    ],
)
def test_strict_reasons(monkeypatch, capsys, tmp_path, line, reason) -> None:
    code = run(monkeypatch, tmp_path / "l.db", f"status\n{line}\n", "--strict")
    err = capsys.readouterr().err
    assert code == 1 and err.startswith("line 2: ") and reason in err


def test_without_strict_refusals_are_reported_and_play_goes_on(
    monkeypatch, capsys, tmp_path
) -> None:
    code = run(monkeypatch, tmp_path / "l.db", "bob: draw\nalice: stake 1\nquit\nbob: stake 1\n")
    out = capsys.readouterr().out
    assert code == 0
    assert "refused: it is not your turn" not in out  # both may choose a stake at once
    assert "refused: 'draw' is not a legal move now" in out
    assert "alice chose a stake" in out and "bob chose" not in out  # stopped at quit


def test_moves_lists_options_of_everyone_to_act(monkeypatch, capsys, tmp_path) -> None:
    code = run(monkeypatch, tmp_path / "l.db", "moves\nalice: stake 1\nmoves bob\nmoves alice\n")
    out = capsys.readouterr().out
    assert code == 0
    first = out.split("alice chose a stake")[0]
    assert "alice — Choose your stake:" in first and "bob — Choose your stake:" in first
    assert "  stake 3                  Stake 3" in first
    after = out.split("alice chose a stake")[1]
    assert "bob — Choose your stake:" in after and "alice has nothing to do now" in after


def test_resume_and_new(monkeypatch, capsys, tmp_path) -> None:
    db = tmp_path / "l.db"
    assert run(monkeypatch, db, "alice: stake 1\n", "--players", "alice,bob,cat") == 0
    first = capsys.readouterr().out
    assert "players: alice, bob, cat" in first
    assert run(monkeypatch, db, "cat: stake 2\nlog\n", "--strict") == 0
    out = capsys.readouterr().out
    assert "1. alice: stake 1" in out and "2. cat: stake 2" in out
    assert run(monkeypatch, db, "log\n", "--new", "--strict") == 0
    out = capsys.readouterr().out
    assert "aborted the previous local game #1" in out and "Tally (test game) #2" in out
    assert "(no moves yet)" in out and "players: alice, bob\n" not in out


def test_board_writes_a_png_or_a_text_summary(monkeypatch, capsys, tmp_path) -> None:
    db = tmp_path / "l.db"
    assert run(monkeypatch, db, "board\n", "--strict") == 0
    path = Path(capsys.readouterr().out.strip().splitlines()[-1])
    assert path.parent == tmp_path and path.read_bytes().startswith(b"\x89PNG")
    monkeypatch.setattr(imaging, "render", lambda kind, picture, view, **kw: None)
    assert run(monkeypatch, db, "board\n", "--strict") == 0
    out = capsys.readouterr().out
    assert '  stage: "stake"' in out and "no picture exists for this game yet" in out


def test_the_default_db_comes_from_algae_db(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.setenv("ALGAE_DB", str(tmp_path / "env.db"))
    monkeypatch.setattr(sys, "stdin", io.StringIO("status\n"))
    assert main(["--game", "tally"]) == 0
    assert (tmp_path / "env.db").exists()


def test_no_game_installed_is_a_clear_message(monkeypatch, capsys, tmp_path) -> None:
    monkeypatch.delenv("ALGAE_EXTRA_GAMES", raising=False)
    monkeypatch.setattr(terminal, "GAMES", {})
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["--db", str(tmp_path / "l.db")]) == 2
    assert "No game is installed yet" in capsys.readouterr().err
    assert "tally" in GAMES  # the real registry was left alone


def bot(tmp_path: Path, script: str, *args: str) -> subprocess.CompletedProcess[str]:
    # ALGAE_NO_BOOTSTRAP: we already run in the venv; never let the test install anything
    env = dict(os.environ, ALGAE_EXTRA_GAMES="devkit.toygame:register_toy", ALGAE_NO_BOOTSTRAP="1")
    env.pop("DISCORD_TOKEN", None)
    return subprocess.run(
        [sys.executable, "bot.py", "--local", "--game", "tally", *args],
        cwd=ROOT,
        env=env,
        input=script,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_bot_py_local_runs_a_script(tmp_path) -> None:
    db = str(tmp_path / "b.db")
    done = bot(tmp_path, FULL_GAME, "--db", db, "--seed", "4", "--strict")
    assert done.returncode == 0, done.stderr
    assert "1. bob: 29 VP" in done.stdout
    # the finished game is kept; a new run opens a new game in the same file
    refused = bot(tmp_path, "status\nalice: fly\n", "--db", db, "--strict")
    assert refused.returncode == 1
    assert "Tally (test game) #2" in refused.stdout
    assert refused.stderr.startswith("line 2: 'fly' is not a legal move now")


def test_a_solo_game_against_ai_seats(monkeypatch, capsys, tmp_path) -> None:
    """Issue 10: ``--ai NAME[:level]`` seats play by themselves after each of alice's moves."""
    script = "alice: stake 2\nalice: draw\nalice: done\nalice: aim a1\n" * 2
    code = run(
        monkeypatch, tmp_path / "l.db", script, "--seed", "4", "--strict",
        "--ai", "robo:easy", "--ai", "hal",
    )  # fmt: skip
    out = capsys.readouterr().out
    assert code == 0, out
    assert "players: alice, robo (AI, easy), hal (AI, normal)" in out
    assert (
        "  robo (AI, easy) chose a stake\n" in out and "  hal (AI, normal) chose a stake\n" in out
    )
    assert out.index("players: alice") < out.index("robo (AI, easy) chose a stake")
    assert "The game is over." in out, out[-600:]


def test_board_of_a_player_and_files_never_shared(monkeypatch, capsys, tmp_path) -> None:
    """``board NAME`` / ``board me``: that player's own board, from their own view (private
    goals only there); every database, game and picture gets its own file (issue 13)."""
    drawn: list[tuple[str, dict, dict]] = []
    real = imaging.render

    def spy(kind: str, picture: str, view: dict[str, Any], **extra: Any) -> bytes | None:
        drawn.append((picture, view, extra))
        return real(kind, picture, view, **extra)

    monkeypatch.setattr(imaging, "render", spy)
    paths = []
    for db in (tmp_path / "one.db", tmp_path / "two.db"):
        script = "board\nboard alice\nboard bob\nboard me\n"
        args = ("--strict", "--game", "mars", "--players", "alice,bob", "--seed", "3")
        monkeypatch.setattr(sys, "stdin", io.StringIO(script))
        assert main(["--db", str(db), *args]) == 0
        lines = capsys.readouterr().out.strip().splitlines()
        paths += [Path(line) for line in lines if line.endswith(".png")]
    assert len(paths) == 8 and len(set(paths)) == 6, "board me is the board of one named player"
    assert all(p.read_bytes().startswith(b"\x89PNG") for p in paths)
    pictures = [(p, e.get("seat")) for p, _, e in drawn]
    assert pictures[:3] == [("public", None), ("player", 0), ("player", 1)]
    alice, bob = drawn[1][1], drawn[2][1]
    assert alice["seats"][0].get("goals") is not None, "alice sees her own private goals"
    assert bob["seats"][0].get("goals") is None, "bob's picture never holds alice's goals"


def test_board_me_needs_one_player_to_act(monkeypatch, capsys, tmp_path) -> None:
    code = run(monkeypatch, tmp_path / "l.db", "board me\n", "--strict", "--seed", "4")
    assert code == 1
    assert "'me' is the one player to act" in capsys.readouterr().err
