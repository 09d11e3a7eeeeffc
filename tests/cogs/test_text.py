"""Escaping, bounding and paging of text for Discord."""

from __future__ import annotations

from cogs.text import clean, clip, label, page_of, paginate, relative_time, safe


def test_clip_marks_the_cut_and_respects_the_limit() -> None:
    assert clip("abc", 5) == "abc"
    assert clip("abcdefgh", 5) == "abcd…" and len(clip("x" * 3000, 2000)) == 2000


def test_safe_neutralises_mass_pings_role_and_user_mentions_and_markdown() -> None:
    text = safe("@everyone @here <@&123> <@456> <#789> **bold** __u__ `code` ||spoiler||", 200)
    assert "@everyone" not in text and "@here" not in text
    assert "<@&123>" not in text and "<@456>" not in text and "<#789>" not in text
    assert "**" not in text.replace("\\*", "") and "\\*\\*bold\\*\\*" in text
    assert "\\`code\\`" in text and "\\|\\|spoiler\\|\\|" in text


def test_clean_removes_control_and_bidi_characters_and_newlines() -> None:
    assert clean("a\nb\x00c\u202ed   e", 40) == "a bcd e"
    assert len(clean("x" * 100, 40)) == 40


def test_labels_are_one_bounded_line_never_empty() -> None:
    assert len(label("y" * 200)) == 80
    assert label("\n\n") == "?"


def test_paginate_keeps_every_line_and_each_page_under_the_limit() -> None:
    lines = [f"line {i} " + "x" * (i % 50) for i in range(300)]
    pages = paginate(lines, 500)
    assert all(len(p) <= 500 for p in pages)
    assert "\n".join(pages).splitlines() == lines
    assert paginate([], 500) == [""]
    assert paginate(["z" * 900], 500)[0].endswith("…")


def test_page_of_clamps_the_page_number() -> None:
    lines = ["a" * 90] * 50
    text, page, pages = page_of(lines, 99, 1000)
    assert page == pages and pages > 1 and text
    assert page_of(lines, 0, 1000)[1] == 1


def test_relative_time_is_a_discord_timestamp() -> None:
    assert relative_time(1700000000.7) == "<t:1700000000:R>"
    assert relative_time(None) == "just now"
