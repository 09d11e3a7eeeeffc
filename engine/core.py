"""The engine contract every layer stands on (DESIGN.md §2).

A game is a pure-Python object. Players act only through ``play(seat, move)`` with a move
taken from the options of their open ``Decision``; anything else raises ``IllegalMove``
before the state is touched, so an illegal move always leaves the game exactly as it was.

Concrete games subclass ``Game`` and implement four hooks:

* ``_decisions()``: the open decisions as ``(seat, prompt, options)`` triples;
* ``_apply(seat, move)``: apply one move already known to be legal, return the events;
* ``_dump()`` / ``_load(data)``: their own state as JSON-able data;

plus ``scores()`` and ``view(seat)``, and optionally ``progress()`` (where the game stands:
round and stage, in the words of the rules), ``turn_key()``, ``default_move(seat)`` and
``_live_state()`` (the state ``_dump`` copies, uncopied, for ``fingerprint``).

Restoring skips the subclass ``__init__``: ``Game.from_json`` runs only ``Game.__init__`` and
then ``_load(data)``, since ``__init__`` starts a new game (deals, shuffles) while a snapshot
holds one in progress. So ``_load`` must set every attribute the subclass ``__init__`` sets
(tests/test_core.py checks this for every registered game).

The base class owns the move record, the seeded random generator (``Rng``, engine/rng.py,
re-exported here), decision versions and move parsing, so every game gets them the same way.
``rebase_versions`` and ``version_base`` (added for the table layer's undo) let a game rebuilt
from fewer moves keep handing out decision versions above the ones it gave before.

``determinize(seat, rng)`` (added for the AI players, ``ai/``) is a contract addition: a copy of
the game as ``seat`` may imagine it, with every hidden thing (other seats' private cards,
face-down tiles, deck order, the random generator) dealt again from ``rng`` consistently with
what that seat has seen. A game with hidden information implements the ``_redeal`` hook; the
result depends only on what ``view(seat)`` shows, the moves, and ``rng`` (tests/ai prove it).

Atomicity against bugs: ``_apply`` of a validated move is expected not to fail. If it does,
the object may be half-changed; callers that must survive that (the table layer) keep the
committed snapshot and throw the object away, so nothing half-applied is ever stored.
"""

from __future__ import annotations

import marshal
import re
import zlib
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from engine.rng import Rng

SNAPSHOT_SCHEMA = 1
MAX_MOVE_CHARS = 200
MAX_SUGGESTIONS = 5
_SPACES = re.compile(r"\s+")


class IllegalMove(ValueError):
    """A move that is not legal now; ``reason`` is shown to the player."""

    def __init__(self, reason: str, suggestions: list[str] | tuple[str, ...] = ()) -> None:
        super().__init__(reason)
        self.reason = reason
        self.suggestions: tuple[str, ...] = tuple(suggestions)[:MAX_SUGGESTIONS]

    def __str__(self) -> str:
        if not self.suggestions:
            return self.reason
        return f"{self.reason} (try: {', '.join(self.suggestions)})"


@dataclass(frozen=True)
class Option:
    """One legal move: ``move`` is the stable notation, ``label`` what a person reads
    (cost first, short enough for a button), ``detail`` the rest of what it does (shown
    under the label where there is room, e.g. a select entry's description)."""

    move: str
    label: str
    group: str = ""
    detail: str = ""


@dataclass(frozen=True)
class Decision:
    """An open choice for one seat. ``version`` changes whenever its options change."""

    seat: int
    prompt: str
    options: tuple[Option, ...]
    version: int
    note: str = ""  # a line the menu shows under the prompt (set by the table layer)


@dataclass(frozen=True)
class Event:
    """One short line of what happened; ``seat`` is the actor, or None for the game."""

    text: str
    seat: int | None = None


@dataclass(frozen=True)
class ScoreLine:
    """A seat's score; ``breakdown`` maps a VP source to its points (complete at the end)."""

    seat: int
    player: str
    vp: int
    breakdown: dict[str, int] = field(default_factory=dict)
    rank: int = 0
    tiebreak: tuple[int, ...] = ()


@dataclass(frozen=True)
class Progress:
    """Where a game stands, as players read it (``Game.progress()``).

    ``round`` counts the game's rounds (None before the first, or in a game without them)
    and ``round_name`` is what the rules call one ("week" in Algae). ``stage`` names the
    phase or step in progress ("Work Week, day 3"); empty when the game has none.
    """

    round: int | None = None
    round_name: str = "round"
    stage: str = ""


@dataclass(frozen=True)
class GameSpec:
    """What the registry knows of a game kind."""

    kind: str
    title: str
    min_players: int
    max_players: int
    cls: type[Game]
    summary: str = ""
    option_help: dict[str, str] = field(default_factory=dict)
    points: str = "VP"  # what the game calls its points ("OP" in On Mars)


GAMES: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game kind to the registry (each game package does this on import)."""
    GAMES[spec.kind] = spec
    return spec


def normalize(text: str) -> str:
    """Lower case, trimmed, runs of white space folded to one space."""
    return _SPACES.sub(" ", text.strip().lower())


class Game:
    """Base of every game; see the module docstring for the hooks a game implements."""

    kind: ClassVar[str] = ""

    def __init__(
        self,
        players: list[str],
        *,
        seed: int,
        options: dict[str, Any] | None = None,
    ) -> None:
        self.players: list[str] = list(players)
        self.seed = seed
        self.options: dict[str, Any] = dict(options or {})
        self.rng = Rng.from_seed(seed)
        self.moves: list[tuple[int, str]] = []
        self._seat_sig: list[int] = [0] * len(players)
        self._seat_ver: list[int] = [0] * len(players)
        self._pending_cache: list[Decision] | None = None
        self._barrier = 0  # moves before this index revealed something; never undone freely
        self._revealed = False
        self._ver_base = 0  # added to decision versions; see rebase_versions()

    # ----------------------------------------------------------------- hooks
    def _decisions(self) -> list[tuple[int, str, list[Option]]]:
        raise NotImplementedError

    def _apply(self, seat: int, move: str) -> list[Event]:
        raise NotImplementedError

    def _dump(self) -> dict[str, Any]:
        raise NotImplementedError

    def _load(self, data: dict[str, Any]) -> None:
        raise NotImplementedError

    def scores(self) -> list[ScoreLine]:
        raise NotImplementedError

    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def start_notes(self) -> list[str]:
        """Lines the start post adds after who plays: what the players must know before the
        first move that no picture says in words (Algae: each department's head start)."""
        return []

    def turn_key(self) -> str | None:
        """Names the current turn (e.g. week, day and seat), or None.

        Front ends make one public post per completed turn; a game whose single player
        acts through many decisions in a row (solo, or a long chain) tells them here when
        one turn has ended and the next begun. None: judge by who is to act.
        """
        return None

    def default_move(self, seat: int) -> str | None:
        """A safe move for an absent player, or None when the game has none."""
        return None

    def hand_line(self, seat: int) -> str | None:
        """What ``seat`` holds, in one short line for its private menu (a phone cannot read
        the player picture's small print), or None. Only what that seat may see."""
        return None

    def progress(self) -> Progress:
        """The round and the stage the game is in (for /status and the log's round filter)."""
        return Progress()

    def _redeal(self, seat: int, rng: Rng) -> None:
        """Deal again, from ``rng``, everything ``seat`` cannot see (called on a copy).

        It must not read what it replaces in a way that leaks: collect the hidden things,
        put them in a canonical order (sorted), then shuffle with ``rng`` and deal them back
        to the same places. An open-information game keeps the default (nothing hidden).
        """

    def determinize(self, seat: int, rng: Rng) -> Game:
        """A copy of this game as ``seat`` may imagine it, for search (the AI players).

        The copy's hidden things and random generator come from ``rng``, not from this
        game, so two games that look the same to ``seat`` give equal copies for equal
        ``rng`` states. The copy is for looking ahead only: its record does not replay to it.
        """
        copy = type(self).from_json(self.to_json(copy=False), typed=True)
        copy.redeal(seat, rng)
        return copy

    def redeal(self, seat: int, rng: Rng) -> None:
        """``determinize`` in place: this object becomes such a copy (used on a game just
        rebuilt from a snapshot, to save one copy per look-ahead)."""
        self.rng = Rng(rng.next64())
        self._redeal(seat, rng)
        self._pending_cache = None

    # -------------------------------------------------------------- contract
    @property
    def version(self) -> int:
        """How many moves have been accepted."""
        return len(self.moves)

    @property
    def over(self) -> bool:
        return not self.pending()

    def pending(self) -> list[Decision]:
        """Open decisions, in seat order; several at once when a step is simultaneous."""
        if self._pending_cache is None:
            self._pending_cache = self._compute_pending()
        return list(self._pending_cache)

    def invalidate(self) -> None:
        """Forget the open decisions worked out so far; the next ``pending()`` asks again.

        ``play`` does this itself. Call it after changing the state any other way (tests
        that set up a position by hand, benchmarks that time the real work).
        """
        self._pending_cache = None

    def decision_for(self, seat: int) -> Decision | None:
        if self._pending_cache is None:
            self._pending_cache = self._compute_pending()
        for decision in self._pending_cache:
            if decision.seat == seat:
                return decision
        return None

    def play(self, seat: int, move: str) -> list[Event]:
        """Apply one move for ``seat``; raise IllegalMove without touching the state."""
        self.check_seat(seat)
        decision = self.decision_for(seat)
        # an option's own move (normalised notation) needs no parsing: what the AI plays
        option = next((o for o in decision.options if o.move == move), None) if decision else None
        if option is None:
            from engine.move_text import check_move_text, resolve  # it imports this module

            text = check_move_text(move)
            if decision is None:
                raise IllegalMove(self._not_your_turn(seat))
            option = resolve(decision, text)
        rng_before = self.rng.state
        self._revealed = False
        events = self._apply(seat, option.move)
        self.moves.append((seat, option.move))
        if self._revealed or self.rng.state != rng_before:
            self._barrier = len(self.moves)
        self._seat_sig[seat] = 0  # the mover's next decision is always a new version
        self._pending_cache = None
        self.pending()
        return events

    def check_seat(self, seat: object) -> None:
        """Refuse a seat that is not one of this game's (a float or a bool is not a seat)."""
        if type(seat) is not int or not 0 <= seat < len(self.players):
            raise IllegalMove(f"there is no seat {seat!r} in this game")

    def mark_reveal(self) -> None:
        """Record that the move being applied revealed hidden information.

        Called by games that reveal something without drawing from ``self.rng`` (a drawn
        card is detected automatically). Moves up to here can no longer be undone freely.
        """
        self._revealed = True

    @property
    def undo_barrier(self) -> int:
        """Index of the first move that may still be taken back without revealing anything."""
        return self._barrier

    @property
    def version_base(self) -> int:
        """What ``rebase_versions`` added to decision versions (0 for an ordinary game)."""
        return self._ver_base

    def rebase_versions(self, base: int) -> None:
        """Number decision versions from ``base + version`` on, and lift the open ones to it.

        Added for the table layer's undo (tables/undo.py): a game rebuilt by replaying fewer
        moves would hand out decision versions that menus made before the undo still carry,
        so a stale menu could pass for a fresh one. The table layer passes its log position
        minus the live moves, which keeps every later version above every earlier one.
        """
        self._ver_base = int(base)
        self._seat_ver = [self._ver_base + self.version] * len(self.players)
        self._pending_cache = None

    def _not_your_turn(self, seat: int) -> str:
        if not self.pending():
            return "the game is over"
        waiting = sorted({self.players[d.seat] for d in self.pending()})
        return f"it is not {self.players[seat]}'s turn: waiting for {', '.join(waiting)}"

    def _compute_pending(self) -> list[Decision]:
        result: list[Decision] = []
        for seat, prompt, options in sorted(self._decisions(), key=lambda d: d[0]):
            text = "\x1f".join([prompt, *(f"{o.move}\x1e{o.label}" for o in options)])
            sig = zlib.crc32(text.encode()) or 1
            if sig != self._seat_sig[seat]:
                self._seat_sig[seat] = sig
                self._seat_ver[seat] = self._ver_base + self.version
            result.append(Decision(seat, prompt, tuple(options), self._seat_ver[seat]))
        return result

    def record(self) -> dict[str, Any]:
        """Everything needed to rebuild this game with ``replay``."""
        return {
            "kind": self.kind,
            "players": list(self.players),
            "seed": self.seed,
            "options": dict(self.options),
            "moves": [[seat, move] for seat, move in self.moves],
        }

    def to_json(self, *, copy: bool = True) -> dict[str, Any]:
        """The snapshot; ``copy=False`` shares the live state (read only, and only while the
        game does not change: a search copying one position many times)."""
        return self._snapshot(self._dump() if copy else self._live_state())

    def fingerprint(self) -> bytes:
        """``to_json()`` as bytes (marshal format 2), made without copying the state: equal
        fingerprints mean equal snapshots (equal data in another order may differ). For
        checks that something left a game exactly as it was, such as a refused move in
        the random playouts, where a full copy at every step was most of the time."""
        return marshal.dumps(self._snapshot(self._live_state()), 2)

    def _live_state(self) -> Any:
        """The state ``_dump`` returns a copy of, itself (a game keeping it in one object
        returns that; by default the copy)."""
        return self._dump()

    def _snapshot(self, state: Any) -> dict[str, Any]:
        self.pending()  # versions are part of the snapshot; settle them first
        return {
            "schema": SNAPSHOT_SCHEMA,
            "kind": self.kind,
            "players": list(self.players),
            "seed": self.seed,
            "options": dict(self.options),
            "moves": [[seat, move] for seat, move in self.moves],
            "rng": self.rng.state,
            "sig": list(self._seat_sig),
            "ver": list(self._seat_ver),
            "barrier": self._barrier,
            "vbase": self._ver_base,
            "state": state,
        }

    def _load_typed(self, data: dict[str, Any]) -> None:
        """``_load`` of a state of JSON types only (``from_json(typed=True)``), to copy."""
        self._load(data)

    @classmethod
    def from_json(cls, data: dict[str, Any], *, typed: bool = False) -> Game:
        """The game a ``to_json`` snapshot holds, without replaying its moves.

        The subclass ``__init__`` is not run (it would start a new game): ``Game.__init__``
        sets the base fields, then ``_load`` must set every field of the subclass. Data is
        normalised to JSON types (a copy behaves as the stored game will) unless ``typed``:
        the caller knows it holds JSON types only, as parsed JSON and every ``to_json()``
        do (tests/test_snapshot_types.py), and it is only copied (for the AI's search).
        """
        if data.get("schema") != SNAPSHOT_SCHEMA:
            raise ValueError(f"unknown snapshot schema {data.get('schema')!r}")
        game_cls = GAMES[data["kind"]].cls if cls is Game else cls
        game = game_cls.__new__(game_cls)
        Game.__init__(game, data["players"], seed=data["seed"], options=data["options"])
        if typed:
            game.moves = list(map(tuple, data["moves"]))
        else:
            game.moves = [(int(seat), str(move)) for seat, move in data["moves"]]
        game.rng = Rng(int(data["rng"]))
        game._seat_sig = [int(x) for x in data["sig"]]
        game._seat_ver = [int(x) for x in data["ver"]]
        game._barrier = int(data.get("barrier", 0))
        game._ver_base = int(data.get("vbase", 0))
        (game._load_typed if typed else game._load)(data["state"])
        return game


def new_game(
    kind: str,
    players: list[str],
    *,
    seed: int,
    options: dict[str, Any] | None = None,
) -> Game:
    """Start a game of a registered kind; raises ValueError for a bad kind or count."""
    spec = GAMES.get(kind)
    if spec is None:
        raise ValueError(f"unknown game {kind!r}; known: {', '.join(sorted(GAMES)) or 'none'}")
    if not spec.min_players <= len(players) <= spec.max_players:
        raise ValueError(
            f"{spec.title} takes {spec.min_players} to {spec.max_players} players, "
            f"not {len(players)}"
        )
    return spec.cls(list(players), seed=seed, options=options)


def replay(
    record: dict[str, Any],
    *,
    upto: int | None = None,
    on_move: Callable[[int, Game], None] | None = None,
) -> Game:
    """Rebuild a game from its record; ``upto`` stops after that many moves.

    A move that does not apply raises IllegalMove whose reason names the move number.
    """
    game = new_game(
        record["kind"], list(record["players"]), seed=record["seed"], options=record["options"]
    )
    moves = record["moves"] if upto is None else record["moves"][:upto]
    for number, (seat, move) in enumerate(moves, start=1):
        try:
            game.play(int(seat), str(move))
        except IllegalMove as exc:
            raise IllegalMove(f"move {number} ({move!r} by seat {seat}): {exc.reason}") from exc
        if on_move is not None:
            on_move(number, game)
    return game
