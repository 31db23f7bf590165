"""
Old names that keep working, with a warning, for one minor version after a rename.

The compatibility policy (docs: *Compatibility policy*) keeps a renamed public name
importable and working for one minor version. Two shapes cover every case:

- a renamed **function** keeps its old name as a wrapper marked with
  :func:`typing_extensions.deprecated`: :func:`renamed_function`;
- a renamed **class or constant** stays the very same object (so ``isinstance``, equality
  and the serialiser keep working) and is served with a warning by the module's
  ``__getattr__``: :func:`renamed_names`.

Both warn with :class:`DeprecationWarning`, naming the new name and the version that
removes the old one.
"""

from __future__ import annotations

import functools
import sys
import warnings
from collections.abc import Callable, Mapping
from typing import Any, ParamSpec, TypeVar

from typing_extensions import deprecated

_P = ParamSpec("_P")
_T = TypeVar("_T")


def _message(old: str, new: str, *, since: str, removal: str) -> str:
    return f"{old} is deprecated since {since} and goes in {removal}: use {new}"


def renamed_function(
    new: Callable[_P, _T], old: str, *, since: str, removal: str
) -> Callable[_P, _T]:
    """
    The function ``new`` under its old name ``old``, warning on every call.

    The wrapper carries ``__deprecated__`` (set by :func:`typing_extensions.deprecated`)
    and the signature and docstring of ``new``.

    >>> import warnings
    >>> def total(values: list[int]) -> int:
    ...     return sum(values)
    >>> add_up = renamed_function(total, "add_up", since="0.2.0", removal="0.3.0")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     add_up([1, 2])
    3
    >>> print(caught[0].message)
    add_up is deprecated since 0.2.0 and goes in 0.3.0: use total
    """
    message = _message(old, new.__name__, since=since, removal=removal)

    @functools.wraps(new)
    def alias(*args: _P.args, **kwargs: _P.kwargs) -> _T:
        return new(*args, **kwargs)

    alias.__name__ = alias.__qualname__ = old
    return deprecated(message, category=DeprecationWarning)(alias)


def renamed_names(
    module: str, renamed: Mapping[str, str], *, since: str, removal: str
) -> Callable[[str], Any]:
    """
    A module ``__getattr__`` that serves each old name in ``renamed`` (old -> new) as
    the object now called new, with a :class:`DeprecationWarning`.

    Use it as ``__getattr__ = renamed_names(__name__, {"OldName": "NewName"}, ...)``.
    The old names stay out of ``__all__``; the pinned public API lists them as
    deprecated aliases (the hook's ``renamed`` attribute).

    >>> import warnings
    >>> hook = renamed_names("cardrules", {"Game_": "Game"}, since="0.2.0", removal="0.3.0")
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     hook("Game_").__name__
    'Game'
    >>> print(caught[0].message)
    cardrules.Game_ is deprecated since 0.2.0 and goes in 0.3.0: use cardrules.Game
    """
    table = dict(renamed)

    def __getattr__(name: str) -> Any:  # noqa: N807 - a module's __getattr__
        if name not in table:
            raise AttributeError(f"module {module!r} has no attribute {name!r}")
        new = table[name]
        message = _message(f"{module}.{name}", f"{module}.{new}", since=since, removal=removal)
        warnings.warn(message, DeprecationWarning, stacklevel=2)
        return getattr(sys.modules[module], new)

    __getattr__.renamed = table  # type: ignore[attr-defined]
    return __getattr__
