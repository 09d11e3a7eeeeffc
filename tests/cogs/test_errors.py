"""The tree-wide error answer: expected errors plainly, bugs with a reference id, and an
answer whatever state the interaction is in."""

from __future__ import annotations

import logging
from types import SimpleNamespace

import discord

from cogs.errors import report
from engine.core import IllegalMove


class FakeResponse:
    def __init__(self, done: bool) -> None:
        self.done = done
        self.sent: list[tuple[str, dict]] = []

    def is_done(self) -> bool:
        return self.done

    async def send_message(self, text: str, **kwargs) -> None:
        self.sent.append((text, kwargs))


class FakeFollowup:
    def __init__(self) -> None:
        self.sent: list[tuple[str, dict]] = []

    async def send(self, text: str, **kwargs) -> None:
        self.sent.append((text, kwargs))


def fake(done: bool = False):
    return SimpleNamespace(
        id=1,
        type=discord.InteractionType.application_command,
        response=FakeResponse(done),
        followup=FakeFollowup(),
        command=None,
        data={"custom_id": "alg:o:1:0:0:0"},
        user=SimpleNamespace(id=5),
    )


async def test_an_illegal_move_is_answered_ephemerally() -> None:
    ix = fake()
    await report(ix, IllegalMove("no such spot", ["spot 1a"]))
    ((text, kwargs),) = ix.response.sent
    assert "no such spot" in text and "spot 1a" in text
    assert kwargs["ephemeral"] is True
    assert kwargs["allowed_mentions"].to_dict()["parse"] == []


async def test_a_bug_is_logged_with_the_reference_shown(caplog) -> None:
    ix = fake(done=True)  # already deferred: the answer comes as a follow-up
    with caplog.at_level(logging.ERROR, logger="algae.errors"):
        await report(ix, RuntimeError("boom"))
    ((text, kwargs),) = ix.followup.sent
    ref = text.split("`")[1]
    assert len(ref) == 8 and kwargs["ephemeral"] is True
    assert any(ref in r.getMessage() and r.exc_info for r in caplog.records)


async def test_an_expired_interaction_is_a_warning_without_a_traceback(caplog) -> None:
    """Unknown interaction (10062: past the 3 s deadline) is expected under load."""
    from discord import app_commands

    response = SimpleNamespace(status=404, reason="Not Found")
    gone = discord.NotFound(response, {"code": 10062, "message": "Unknown interaction"})
    wrapped = app_commands.CommandInvokeError(SimpleNamespace(name="x"), gone)  # type: ignore[arg-type]
    for error in (gone, wrapped):
        ix = fake()
        caplog.clear()
        with caplog.at_level(logging.WARNING, logger="algae.errors"):
            await report(ix, error)
        assert ix.response.sent == [] and ix.followup.sent == []
        assert [r.levelno for r in caplog.records] == [logging.WARNING]
        assert caplog.records[0].exc_info is None and "10062" in caplog.records[0].getMessage()


def test_discord_pys_own_log_of_an_expired_answer_is_a_warning_without_traceback() -> None:
    from cogs.errors import ExpiredIsWarning

    response = SimpleNamespace(status=404, reason="Not Found")
    gone = discord.NotFound(response, {"code": 10062, "message": "Unknown interaction"})
    record = logging.LogRecord(
        "discord.app_commands.tree",
        logging.ERROR,
        "x",
        1,
        "Ignoring exception in %s",
        ("play",),
        (type(gone), gone, None),
    )
    assert ExpiredIsWarning().filter(record)
    assert record.levelno == logging.WARNING and record.exc_info is None
    assert "10062" in record.getMessage() and "play" in record.getMessage()
    bug = RuntimeError("boom")
    other = logging.LogRecord("x", logging.ERROR, "x", 1, "m", (), (RuntimeError, bug, None))
    ExpiredIsWarning().filter(other)
    assert other.levelno == logging.ERROR and other.exc_info is not None


def test_a_refusal_is_plain_after_cogs_errors_loads_as_an_extension() -> None:
    """The bot loads cogs.errors as an extension: discord.py executes the module afresh.
    A refusal raised by a module that imported the other copy (a component handler whose
    module came first, as in the test bots' preloaded zygote) is still answered plainly,
    not as a bug with a reference id."""
    import importlib.util

    from cogs import errors

    spec = importlib.util.find_spec("cogs.errors")
    assert spec is not None and spec.loader is not None
    fresh = importlib.util.module_from_spec(spec)  # as load_extension does
    spec.loader.exec_module(fresh)
    assert fresh.describe(errors.UserFacingError("no")) == "no"
    assert errors.describe(fresh.UserFacingError("no")) == "no"


def test_a_refusal_quoting_the_move_shows_it_tamed() -> None:
    """An illegal move's reason may echo what was typed: no direction override, no markdown."""
    from cogs.errors import describe

    text = describe(IllegalMove("'\u202e**bold**' is not a legal move now"))
    assert text is not None and "\u202e" not in text and "**bold**" not in text
    assert text.startswith("That move is not legal:") and "bold" in text
