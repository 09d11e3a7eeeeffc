"""Words players read: plurals that agree with their number, labels that fit a button.

Shared by the games' text functions (issue 12 items 1 and 6): ``tidy`` turns "2 move(s)"
into "2 moves" and "1 tile(s)" into "1 tile"; ``fit`` keeps a label within a button's 80
characters by moving the tail (after "; ", ": " or " (") into the option's detail, which
a select shows as its description, so what is cut is never lost and the head, where the
cost stands, always stays.
"""

from __future__ import annotations

import re
from functools import lru_cache

from engine.core import Option

LABEL_LIMIT = 80
DETAIL_LIMIT = 100

# "<number> [up to two words] word(s)": the word agrees with the number
_COUNTED = re.compile(r"\b(\d+)((?: [A-Za-z+-]+){0,2}?) ([A-Za-z]+)\(s\)")
_BARE = re.compile(r"([A-Za-z])\(s\)")
_IRREGULAR = {"city": "cities", "battery": "batteries", "body": "bodies", "copy": "copies"}
_SINGULAR = {v: k for k, v in _IRREGULAR.items()}


def plural(word: str) -> str:
    """The plural of an English noun of the games ("cube" -> "cubes", "city" -> "cities")."""
    if word in _IRREGULAR:
        return _IRREGULAR[word]
    if word.endswith(("s", "x", "ch", "sh")):
        return word + "es"
    return word + "s"


def count(n: int, word: str) -> str:
    """ "1 city", "3 cities"."""
    return f"{n} {word if n == 1 else plural(word)}"


@lru_cache(maxsize=8192)
def tidy(text: str) -> str:
    """Make every "n word(s)" agree with n; a "(s)" with no number before it reads plural.

    Cached: AI rollouts word the same few thousand labels hundreds of thousands of times."""

    def agree(m: re.Match[str]) -> str:
        n, between, word = int(m[1]), m[2], m[3]
        return f"{m[1]}{between} {word if n == 1 else plural(word)}"

    text = _COUNTED.sub(agree, text)
    return _BARE.sub(lambda m: m[1] + "s", text)


def fit(label: str, detail: str = "", limit: int = LABEL_LIMIT) -> tuple[str, str]:
    """(label, detail) with the label within ``limit``: a longer one is cut at its last
    "; " (else ": ", " (", " — ", ", ", a space) that keeps at least a third of it; the
    rest goes first into the detail."""
    if len(label) <= limit:
        return label, clip(detail)
    for sep in ("; ", ": ", " (", " — ", ", "):
        cut = label.rfind(sep, 0, limit)
        if cut >= limit // 3:
            break
    else:
        cut = label.rfind(" ", 0, limit - 1)
        if cut < limit // 3:
            cut = limit - 1
    head = label[:cut].rstrip(" ;:,(—")
    rest = label[cut:].lstrip(" ;:,—")
    if rest.startswith("(") and rest.endswith(")") and rest.count("(") == 1:
        rest = rest[1:-1]
    tail = f"{rest}; {detail}" if detail else rest
    return head, clip(tail)


def clip(detail: str, limit: int = DETAIL_LIMIT) -> str:
    """A detail within Discord's 100 characters of a select option's description: cut at its
    last "; " (else a space) that keeps at least half of it, never mid-word."""
    if len(detail) <= limit:
        return detail
    cut = detail.rfind("; ", 0, limit)
    if cut < limit // 2:
        cut = detail.rfind(" ", 0, limit)
    return detail[: cut if cut > 0 else limit].rstrip(" ;:,(")


@lru_cache(maxsize=16384)
def option(move: str, label: str, group: str = "", detail: str = "") -> Option:
    """An engine option as players read it: plurals agreeing, the label fitting a button.

    Cached (an Option is frozen, so one may serve every game): AI rollouts list the same
    options hundreds of thousands of times."""
    head, rest = fit(tidy(label), tidy(detail))
    return Option(move, head, group, rest)
