"""Words the pictures print: counts with the right plural."""

from __future__ import annotations


def plural(n: int, word: str) -> str:
    """``1 city``, ``2 cities``, ``0 cities``; ``1 tile``, ``3 tiles``."""
    if n == 1:
        return f"1 {word}"
    return f"{n} {word[:-1]}ies" if word.endswith("y") else f"{n} {word}s"
