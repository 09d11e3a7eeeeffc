"""The rules documents in ``seeds/`` as topics to quote (pure; no discord.py)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from cogs.text import paginate

SEEDS = Path(__file__).resolve().parent.parent / "seeds"
PAGE = 1900  # leaves room for the "page x/y" line under Discord's 2,000 characters


@dataclass(frozen=True)
class Topic:
    key: str  # the file stem, stable: what autocomplete returns as the value
    title: str
    text: str

    def pages(self) -> list[str]:
        return paginate(self.text.splitlines(), PAGE)


# which game a document is about, by the names it uses (two games both have "Actions")
GAME_WORDS = (("Algae, Inc.", ("algae",)), ("On Mars", ("mars", "martian", "colony")))


def game_of(text: str) -> str:
    """The game a rules document is about, or "" when it names neither."""
    low = text.lower()
    best = max(GAME_WORDS, key=lambda g: sum(low.count(w) for w in g[1]))
    return best[0] if any(w in low for w in best[1]) else ""


@lru_cache(maxsize=1)
def topics() -> tuple[Topic, ...]:
    found = []
    for path in sorted(SEEDS.glob("*.txt")):
        text = path.read_text(encoding="utf-8", errors="replace").strip()
        title = next((line.strip() for line in text.splitlines() if line.strip()), path.stem)
        game = game_of(text)
        if game and not title.lower().startswith(game.lower()):
            title = f"{game}: {title}"  # "Algae, Inc.: Actions", "On Mars: Actions"
        found.append(Topic(path.stem, title[:90], text))
    return tuple(found)


def find(query: str) -> Topic | None:
    """The topic with this key, or whose title contains ``query`` (case-insensitive)."""
    query = query.strip().lower()
    for topic in topics():
        if topic.key.lower() == query:
            return topic
    for topic in topics():
        if query and query in topic.title.lower():
            return topic
    words = query.replace(",", " ").split()
    for topic in topics():  # "mars actions": every word in the title
        if words and all(w in topic.title.lower() for w in words):
            return topic
    for topic in topics():  # fall back to the body text, e.g. "/rules export"
        if query and query in topic.text.lower():
            return topic
    return None


def matching(query: str, limit: int = 25) -> list[Topic]:
    query = query.strip().lower()
    words = query.replace(",", " ").split()
    return [
        t
        for t in topics()
        if query in t.title.lower() or query in t.key or all(w in t.title.lower() for w in words)
    ][:limit]
