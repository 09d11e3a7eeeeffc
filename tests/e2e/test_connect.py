"""The bot connects to the stand-in as deployed and answers a slash command."""

from __future__ import annotations

from pathlib import Path

import pytest

from devkit.standin import BotProcess, StandIn

pytestmark = pytest.mark.e2e


@pytest.mark.shared_bot  # the shared bot: identified once, never synced
async def test_help_answers_ephemerally(standin: StandIn, bot: BotProcess) -> None:
    assert standin.identify is not None
    assert standin.identify["intents"] == 1  # guilds only: no privileged intents
    alice = standin.user("alice")
    ix = await standin.slash(alice, standin.games, "help")
    assert ix.response_type == 4
    assert ix.ephemeral
    assert "/game new" in ix.text
    assert ix.original is not None
    assert ix.original.allowed_mentions is not None
    assert standin.calls_to("PUT", "/applications/{app_id}/commands") == []  # no sync on start


async def test_sync_registers_commands_and_exits(standin: StandIn, tmp_path) -> None:
    proc = BotProcess(standin, tmp_path / "bot.sqlite3", tmp_path / "sync.log")
    assert await proc.run("--sync", "--guild", str(standin.guild.id)) == 0, proc.tail()
    commands = standin.commands[str(standin.guild.id)]
    names = {c["name"] for c in commands}
    assert names == {
        *("help", "rules", "board", "me", "status", "log", "play", "game", "spectate"),
        *("settings", "vacation", "mygames"),
        *("history", "undo", "export", "import", "stats"),
    }
    game = next(c for c in commands if c["name"] == "game")
    subs = {o["name"] for o in game["options"]}
    assert subs == {
        *("new", "join", "leave", "start", "abort", "kick", "replace", "seats", "list"),
        *("add-ai", "remove-ai"),
        "settings",
        "resign",
    }

    def check(entry: dict) -> None:  # Discord's limits for names, descriptions, options
        assert 1 <= len(entry["name"]) <= 32 and entry["name"] == entry["name"].lower()
        assert 1 <= len(entry.get("description") or "") <= 100, entry
        assert len(entry.get("options") or []) <= 25
        for option in entry.get("options") or []:
            check(option)

    for command in commands:
        check(command)
    play = next(c for c in commands if c["name"] == "play")
    assert play["options"][0]["autocomplete"] is True
    assert "fake-token" not in proc.log_path.read_text()
    assert standin.connections == 0  # --sync never opens the gateway


async def test_a_refused_token_exits_with_a_clear_error_and_is_not_logged(
    standin: StandIn, tmp_path
) -> None:
    secret = "wrong-token-ABC123"
    proc = BotProcess(
        standin, tmp_path / "bot.sqlite3", tmp_path / "bad.log", {"DISCORD_TOKEN": secret}
    )
    assert await proc.run() == 2
    log = proc.log_path.read_text()
    assert "refused the token" in log and secret not in log


async def test_the_bot_reconnects_after_the_gateway_drops(
    standin: StandIn, bot: BotProcess
) -> None:
    before = standin.connections
    await standin.drop_gateway()
    await standin.wait_connected(before + 1, timeout=30)
    ix = await standin.slash(standin.user("alice"), standin.games, "help")
    assert "/play" in ix.text


async def test_the_bot_started_as_deployed_connects_answers_and_stops_cleanly(
    standin: StandIn, tmp_path
) -> None:
    """The other tests fork their bots from a preloaded process (devkit/standin/zygote.py);
    this one starts ``python bot.py`` itself, as deployed."""
    proc = BotProcess(standin, tmp_path / "bot.sqlite3", tmp_path / "bot.log", fresh=True)
    await proc.start()
    try:
        assert proc.proc is not None
        cmdline = Path(f"/proc/{proc.proc.pid}/cmdline").read_bytes().split(b"\0")
        assert b"bot.py" in cmdline and b"devkit.standin.zygote" not in cmdline
        ix = await standin.slash(standin.user("alice"), standin.games, "help")
        assert ix.ephemeral and "/game new" in ix.text
    finally:
        code = await proc.stop()
    assert code == 0, proc.tail()
    assert "Traceback" not in proc.log_path.read_text()
