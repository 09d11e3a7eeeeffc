"""/rules quotes the documents in seeds/."""

from __future__ import annotations

from cogs import rulebook


def test_topics_come_from_seeds_and_pages_fit_a_message() -> None:
    topics = rulebook.topics()
    assert topics and all(t.title for t in topics)
    for topic in topics:
        assert all(len(page) <= rulebook.PAGE for page in topic.pages())


def test_find_by_key_title_or_text() -> None:
    first = rulebook.topics()[0]
    assert rulebook.find(first.key) == first
    assert rulebook.find(first.title.lower()[:6]) is not None
    assert rulebook.find("zzzz-not-there") is None
    assert rulebook.matching("")[:1] == [first]


def test_topics_of_two_games_have_distinct_titles() -> None:
    """Issue 12 item 11: both games have an "Actions" document; each title names its game
    and "/rules mars actions" opens On Mars's."""
    from cogs import rulebook

    titles = [t.title for t in rulebook.topics()]
    assert len(set(titles)) == len(titles), titles
    assert "On Mars: Actions" in titles and "Algae, Inc.: Actions" in titles
    found = rulebook.find("mars actions")
    assert found is not None and found.title == "On Mars: Actions"
    assert [t.title for t in rulebook.matching("actions")] == [
        "Algae, Inc.: Actions",
        "On Mars: Actions",
    ]
