"""
The registry of games: ``GAMES``, ``get_game`` and ``register_game``.

Games come from two places. Installed packages name theirs in the entry-point group
``cardrules.games`` (value ``"package.module:GAME"``); the three built-in games
register the same way, in cardrules' own ``pyproject.toml``. A program can also
register a game made at run time with :func:`register_game`.

Nothing is imported until a game is used: ``get_game("beggar")`` imports Beggar-
my-neighbour alone, and only iterating :data:`GAMES` loads every game. A broken
entry point (it cannot be imported, it lacks the attribute, it gives no
:class:`~cardrules.Game`, or its name clashes with another) is kept as a
:class:`~cardrules.CardrulesError` naming it: :func:`get_game` of its name raises
that error, and :data:`GAMES` lists the games that work.

>>> import cardrules
>>> cardrules.get_game("allegra").name
'allegra'
"""

from __future__ import annotations

import importlib
import pkgutil
import re
import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Protocol, TypeVar

from cardrules.errors import CardrulesError, WrongTypeError
from cardrules.game import AnyGame, Game

__all__ = ["GAMES", "get_game", "register_game"]

GROUP = "cardrules.games"
"""The entry-point group that installed games are listed in."""

_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")

G = TypeVar("G", bound=Game[Any, Any, Any, Any])


class _EntryPoint(Protocol):
    """What the registry needs of an :class:`importlib.metadata.EntryPoint`."""

    @property
    def name(self) -> str: ...

    @property
    def value(self) -> str: ...

    def load(self) -> Any: ...


class _Source:
    """Where a game not loaded yet comes from: an entry point or a built-in module."""

    def __init__(
        self, name: str, value: str, load: Callable[[], Any], *, builtin: bool = False
    ) -> None:
        self.name = name
        self.value = value
        self.load = load
        self.builtin = builtin

    def __str__(self) -> str:
        if self.builtin:
            return f"built-in game '{self.name} = {self.value}'"
        return f"entry point '{self.name} = {self.value}' (group {GROUP})"


def _installed() -> Iterable[_EntryPoint]:
    """The entry points of the ``cardrules.games`` group in installed metadata."""
    from importlib.metadata import entry_points  # only when a game is first used

    return entry_points(group=GROUP)


def _builtin_sources() -> list[_Source]:
    """
    The game subpackages of cardrules itself, for a source tree without metadata.

    A subpackage is a game when it defines ``GAME``; the others (if any) are skipped.
    """
    import cardrules

    found = []
    for info in pkgutil.iter_modules(cardrules.__path__):
        if not info.ispkg or info.name.startswith("_"):
            continue
        module = f"cardrules.{info.name}"

        def load(module: str = module) -> Any:
            return getattr(importlib.import_module(module), "GAME", None)

        found.append(_Source(info.name, f"{module}:GAME", load, builtin=True))
    return found


class _Registry:
    """
    The games by name: loaded ones, ones still to load, and broken ones.

    ``discover`` lists the entry points; it is called once, on first use.
    """

    def __init__(self, discover: Callable[[], Iterable[_EntryPoint]] = _installed) -> None:
        self._discover = discover
        self._lock = threading.RLock()
        self._found = False
        # One entry per name, in registry order; a name is in exactly one of these.
        self._order: list[str] = []
        self._games: dict[str, AnyGame] = {}
        self._pending: dict[str, _Source] = {}
        self._broken: dict[str, CardrulesError] = {}

    # ------------------------------------------------------------------ discovery

    def _find(self) -> None:
        if self._found:
            return
        self._found = True
        points = list(self._discover())
        sources = [_Source(p.name, p.value, p.load) for p in points]
        # Without installed metadata for cardrules itself (a bare source tree), its own
        # game subpackages are found by looking; a subpackage without GAME is no game.
        own = any(s.value.startswith("cardrules.") for s in sources)
        builtin = [] if own else _builtin_sources()
        # cardrules' own games first, then the others by name: a stable order.
        sources.sort(key=lambda s: not s.value.startswith("cardrules."))
        by_name: dict[str, list[_Source]] = {}
        for source in [*sources, *builtin]:
            same = by_name.setdefault(source.name, [])
            if all(s.value != source.value for s in same):
                same.append(source)
        for name, same in by_name.items():
            if name in self._order:  # registered at run time before discovery
                continue
            self._order.append(name)
            if len(same) > 1:
                listed = " and ".join(str(s) for s in same)
                self._broken[name] = CardrulesError(
                    f"game name clash: {listed} both name a game {name!r}"
                )
            elif same[0].builtin:
                self._pending[name] = _Source(
                    name, same[0].value, _optional(same[0]), builtin=True
                )
            else:
                self._pending[name] = same[0]

    def _load(self, name: str) -> None:
        """Import the pending game ``name``; on failure keep the error as broken."""
        source = self._pending.pop(name)
        try:
            obj = source.load()
        except _NotAGame:
            self._order.remove(name)
            return
        except Exception as exc:
            self._broken[name] = CardrulesError(f"{source} is broken: {type(exc).__name__}: {exc}")
            self._broken[name].__cause__ = exc
            return
        problem = _problem(obj, name)
        if problem is not None:
            self._broken[name] = CardrulesError(f"{source} is broken: {problem}")
            return
        self._games[name] = obj

    # ------------------------------------------------------------------ access

    def get(self, name: str) -> AnyGame | None:
        """The working game ``name``; ``None`` if unknown; raise if it is broken."""
        with self._lock:
            self._find()
            if name in self._pending:
                self._load(name)
            if name in self._broken:
                error = self._broken[name]
                raise CardrulesError(str(error)) from error.__cause__
            return self._games.get(name)

    def loaded(self, name: str) -> AnyGame | None:
        """The game ``name`` if it is loaded and working, else ``None``: one ``dict``
        read (atomic), without the lock or discovery, for the hot paths of ``dumps``
        and ``loads``; :meth:`get` finds, loads and reports everything else."""
        return self._games.get(name)

    def names(self) -> list[str]:
        """Every working game's name, in registry order (loading every game)."""
        with self._lock:
            self._find()
            for name in list(self._pending):
                if name in self._pending:
                    self._load(name)
            return [name for name in self._order if name in self._games]

    def register(self, game: G, *, replace: bool) -> G:
        problem = _problem(game, None)
        if problem is not None:
            raise CardrulesError(f"cannot register {game!r}: {problem}")
        name = game.name
        with self._lock:
            self._find()
            if not replace:
                if name in self._pending:
                    self._load(name)
                if self._games.get(name) is game:
                    return game  # the same object again: nothing to do
                if name in self._games or name in self._broken:
                    where = self._broken.get(name) or "a registered game"
                    raise CardrulesError(
                        f"a game named {name!r} is already registered ({where}); "
                        "pass replace=True to replace it"
                    )
            self._pending.pop(name, None)
            self._broken.pop(name, None)
            if name not in self._order:
                self._order.append(name)
            self._games[name] = game
            return game

    def _unregister(self, name: str) -> None:
        """Forget ``name`` (for tests that register a game for a while)."""
        with self._lock:
            self._games.pop(name, None)
            self._pending.pop(name, None)
            self._broken.pop(name, None)
            if name in self._order:
                self._order.remove(name)


class _NotAGame(Exception):
    """A built-in subpackage without ``GAME``: not a game, so not listed."""


def _optional(source: _Source) -> Callable[[], Any]:
    def load() -> Any:
        obj = source.load()
        if obj is None:
            raise _NotAGame(source.name)
        return obj

    return load


def _problem(obj: object, name: str | None) -> str | None:
    """Why ``obj`` cannot be the game called ``name`` (any name if ``None``)."""
    if not isinstance(obj, Game):
        return f"{type(obj).__name__} object does not satisfy the cardrules.Game protocol"
    game_name = obj.name
    if type(game_name) is not str or not _NAME.match(game_name):
        return (
            f"the game's name {game_name!r} is not lower case letters, digits and '_' "
            "starting with a letter"
        )
    if name is not None and game_name != name:
        return f"it gives a game named {game_name!r}, not {name!r}"
    return None


_REGISTRY = _Registry()


class _Games(Mapping[str, AnyGame]):
    """
    Every registered game that works, by name (read-only).

    Iterating it loads every game; ``GAMES[name]`` and ``name in GAMES`` load that one.
    A game whose entry point is broken is not listed (:func:`get_game` tells why).

    >>> sorted(GAMES)[:3]
    ['allegra', 'beggar', 'biggenbende']
    """

    def __getitem__(self, name: str) -> AnyGame:
        try:
            game = _REGISTRY.get(name)
        except CardrulesError:
            raise KeyError(name) from None
        if game is None:
            raise KeyError(name)
        return game

    def __iter__(self) -> Iterator[str]:
        return iter(_REGISTRY.names())

    def __len__(self) -> int:
        return len(_REGISTRY.names())

    def __contains__(self, name: object) -> bool:
        if not isinstance(name, str):
            return False
        try:
            return _REGISTRY.get(name) is not None
        except CardrulesError:
            return False

    def __repr__(self) -> str:
        return f"GAMES({dict(self)!r})"


GAMES: Mapping[str, AnyGame] = _Games()
"""Every registered game that works, by name (read-only); see :class:`_Games`."""


def get_game(name: str) -> AnyGame:
    """
    The registered game called ``name``.

    Raises:
        WrongTypeError: ``name`` is not a ``str``.
        CardrulesError: for an unknown name (the message lists the known ones), or a
            game whose entry point is broken (the message names the entry point).

    >>> get_game("beggar").name
    'beggar'
    """
    if not isinstance(name, str):
        raise WrongTypeError(f"expected a game name (str), got {type(name).__name__}")
    # Through the module's GAMES, so that a test may put a mapping of its own there.
    try:
        return GAMES[name]
    except (KeyError, TypeError):  # unknown, broken, or an unhashable name
        pass
    if isinstance(name, str):
        _REGISTRY.get(name)  # raises the error of a broken entry point
    known = ", ".join(sorted(GAMES))
    shown = repr(name) if len(name) <= 40 else repr(name[:37] + "...")
    raise CardrulesError(f"unknown game {shown}; known games: {known}")


def register_game(game: G, *, replace: bool = False) -> G:
    """
    Register a game made at run time, so that every part of cardrules knows it.

    After this, :func:`get_game`, :data:`GAMES`, ``dumps``/``loads``, ``Record``,
    ``replay``, the bots and the command line work with the game. Registering the same
    object again does nothing. Installed packages usually register through the
    ``cardrules.games`` entry-point group instead (see the how-to "Add your own game").

    Args:
        game: the game, usually a :class:`~cardrules.GameSpec`; its ``name`` is lower
            case letters, digits and ``_``.
        replace: replace a game registered under the same name instead of failing.

    Returns:
        ``game`` itself.

    Raises:
        CardrulesError: ``game`` is not a :class:`~cardrules.Game`, its name is not
            valid, or another game (or a broken entry point) has that name already.

    >>> import attrs, cardrules
    >>> beggar = cardrules.get_game("beggar")
    >>> try:
    ...     register_game(attrs.evolve(beggar, rules_version=2))
    ... except cardrules.CardrulesError as exc:
    ...     print(str(exc)[:48])
    a game named 'beggar' is already registered (a r
    >>> register_game(beggar) is beggar
    True
    """
    return _REGISTRY.register(game, replace=replace)
