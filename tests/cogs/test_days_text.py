"""The texts of reminders, DMs, /mygames and /settings: hostile names, limits, pings."""

from __future__ import annotations

from cogs.reminders import jump_link, notice_mentions, notice_text
from cogs.settings import mygames_lines, prefs_text
from cogs.text import MESSAGE_LIMIT, page_of
from tables.models import GameInfo
from tables.schedule import Quiet
from tables.time_models import MyGame, Notice, Prefs

EVIL = "@everyone **bold** <@&123> `tick` " + "x" * 500


def notice(kind: str, **payload) -> Notice:
    data = {
        "game_id": 7,
        "title": EVIL,
        "name": EVIL,
        "prompt": EVIL,
        "since": 1_700_000_000,
        "user_id": 42,
        "host_id": 9,
        "limit_hours": 2.0,
        **payload,
    }
    channel = None if kind == "turn_dm" else 500
    return Notice(1, 7, 42 if kind != "host" else 9, channel, kind, data, 0, 0.0)


def test_notices_are_bounded_escaped_and_ping_only_their_person() -> None:
    for kind in ("remind", "limit", "host", "turn_dm"):
        n = notice(kind)
        text = notice_text(n, jump_link(1, 500, 600))
        assert len(text) <= MESSAGE_LIMIT
        assert "@everyone" not in text and "<@&123>" not in text and "**bold**" not in text
        assert "<t:1700000000:R>" in text or kind == "turn_dm"
    remind = notice("remind")
    assert notice_text(remind).startswith("⏰ <@42>")
    users = notice_mentions(remind).users
    assert not isinstance(users, bool)
    assert [u.id for u in users] == [42]
    host = notice("host", no_default=True)
    assert "<@9>" in notice_text(host) and "no safe default move" in notice_text(host)
    users = notice_mentions(host).users
    assert not isinstance(users, bool)
    assert [u.id for u in users] == [9]
    dm = notice("turn_dm")
    assert notice_mentions(dm).users is False or not notice_mentions(dm).users
    assert notice_text(dm, jump_link(1, 500, 600)).endswith(
        "https://discord.com/channels/1/500/600"
    )
    assert jump_link(None, 5) == "https://discord.com/channels/@me/5"


def _game(gid: int, status: str = "active") -> GameInfo:
    return GameInfo(
        id=gid,
        kind="tally",
        title=EVIL,
        guild_id=1,
        channel_id=100 + gid,
        status=status,
        host_id=1,
        seats=(),
        seed=1,
        options={},
        hotseat=False,
        max_seats=2,
        min_players=1,
        version=0,
        created_at=0.0,
        updated_at=1_700_000_000.0,
    )


def test_mygames_lines_page_under_the_limit() -> None:
    games = [MyGame(_game(i), i % 2 == 0, 1_700_000_000.0 + i, (EVIL,)) for i in range(60)]
    lines = mygames_lines(games)
    assert lines[0].startswith("**Waiting on you (30)**")
    assert "**Your other games**" in lines
    assert all("@everyone" not in line for line in lines)
    text, _, pages = page_of(lines, 1, MESSAGE_LIMIT - 40)
    assert pages > 1 and len(text) <= MESSAGE_LIMIT - 40
    assert "https://discord.com/channels/1/100" in text


def test_settings_text_says_why_dms_are_off() -> None:
    prefs = Prefs(
        tz="Asia/Tokyo",
        quiet=Quiet("Asia/Tokyo", 22, 7),
        dm=False,
        dm_failures=3,
        dm_off_reason="turned off after 3 direct messages Discord refused",
    )
    text = prefs_text(prefs, 1_700_000_000.0)
    assert "turned off after 3" in text and "22:00–07:00" in text
    assert "it is 07:13 there" in text  # 22:13 UTC
    refused = prefs_text(Prefs(dm=True, dm_failed_at=1_700_000_000.0), 1_700_000_000.0)
    assert "refused" in refused and "Turn DMs: on" in refused


def test_a_reminder_warns_that_a_default_move_is_coming() -> None:
    """Issue 12 item 11: with the time limit set to play the default move, the reminder
    says when it will be played; without it, it says nothing of the sort."""
    warned = notice_text(notice("remind", default_at=1_700_050_000))
    assert "<t:1700050000:R>" in warned and "safe default move is played for you" in warned
    assert "default move" not in notice_text(notice("remind"))
