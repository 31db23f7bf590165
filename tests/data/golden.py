"""
Golden data: saves written by an earlier cardrules, kept for ever, and playthrough digests.

The files under ``tests/data/<game>/v<format>/`` were written once, by the cardrules of
that format version, and are never rewritten: ``tests/test_golden.py`` checks that every
one of them still loads, and that the records among them replay to the outcome written
beside them in ``manifest.json``.

``tests/data/digests.json`` holds, for every game and player count, a digest of a few
seeded playthroughs. A digest covers only what makes the game (who is to move, the legal
moves, the move chosen, and the outcome), not how it is saved, so that a change of the
save format leaves it alone and a change of the game does not.

When a game's format version goes up, run ``python tests/data/golden.py write GAME`` to
add the files of its new version (the script refuses to overwrite a version's folder), and
``python tests/data/golden.py digests`` to print the digests of the current code.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cardrules
from cardrules.game import AnyGame

DATA = Path(__file__).parent
"""This folder."""

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {
    "beggar": (2, 3, 4),
    "biggenbende": (3, 4, 5, 6),
    "allegra": (2, 3, 4, 5, 6),
}
"""Every player count of every built-in game."""

DIGEST_SEEDS: tuple[int, ...] = (0, 1, 2)
"""The seeds of the digested playthroughs, for every game and player count."""


def choose(seed: int, step: int, count: int) -> int:
    """
    The index of the move chosen at ``step`` among ``count`` legal moves.

    It depends on nothing in cardrules, so that the digests pin the games alone.

    >>> choose(1, 0, 1)
    0
    """
    digest = hashlib.sha256(f"{seed}:{step}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % count


def playthrough(game: AnyGame, rules: Any, seed: int) -> Iterator[tuple[Any, Any | None]]:
    """Every ``(state, move)`` of the seeded game, then ``(final, None)``."""
    state = game.new_game(rules, seed=seed)
    step = 0
    while not game.is_over(state):
        moves = game.legal_moves(state)
        move = moves[choose(seed, step, len(moves))]
        yield state, move
        state = game.apply(state, move)
        step += 1
    yield state, None


def digest(game: AnyGame, rules: Any, seed: int) -> str:
    """
    The SHA-256 of one seeded playthrough: seat to move, legal moves, choice, outcome.

    Moves enter as their JSON data (``{"type": "Play", ...}``), the outcome as its fields.
    """
    conv = cardrules.make_converter()
    hasher = hashlib.sha256()
    step = 0
    state = game.new_game(rules, seed=seed)
    while not game.is_over(state):
        moves = game.legal_moves(state)
        index = choose(seed, step, len(moves))
        line = [game.to_move(state), [conv.unstructure(m) for m in moves], index]
        hasher.update(json.dumps(line, separators=(",", ":")).encode() + b"\n")
        state = game.apply(state, moves[index])
        step += 1
    outcome = game.outcome(state)
    assert outcome is not None
    end = [
        list(outcome.scores),
        sorted(outcome.winners),
        outcome.reason,
        list(outcome.cut_rounds),
    ]
    hasher.update(json.dumps(end, separators=(",", ":")).encode())
    return hasher.hexdigest()


def rules_variants(name: str, players: int) -> dict[str, Any]:
    """The rules saved for one game and player count: the defaults, and a short variant."""
    game = cardrules.get_game(name)
    variants = {"default": game.Rules(players=players)}
    if name == "beggar":
        variants["limit"] = game.Rules(players=players, max_cards=300)
    elif name == "biggenbende":
        variants["short"] = game.Rules(players=players, rounds=2, max_turns_per_round=40)
    else:
        variants["short"] = game.Rules(players=players, rounds=2, max_turns_per_round=12)
    return variants


def all_digests() -> dict[str, dict[str, list[str]]]:
    """``{game: {players: [digest per seed]}}`` for the current code (default rules)."""
    out: dict[str, dict[str, list[str]]] = {}
    for name, counts in PLAYER_COUNTS.items():
        game = cardrules.get_game(name)
        out[name] = {
            str(n): [digest(game, game.Rules(players=n), seed) for seed in DIGEST_SEEDS]
            for n in counts
        }
    return out


def _outcome_json(outcome: cardrules.Outcome) -> dict[str, Any]:
    return {
        "scores": list(outcome.scores),
        "winners": sorted(outcome.winners),
        "reason": outcome.reason,
        "cut_rounds": list(outcome.cut_rounds),
    }


class _Saver:  # pragma: no cover - used by write_v1 only
    """Writes one object as ``<stem>-<suffix>.json`` and notes what to expect of it."""

    def __init__(self, out: Path, stem: str, files: dict[str, Any]) -> None:
        self.out, self.stem, self.files = out, stem, files

    def __call__(self, suffix: str, obj: object, kind: str, **expect: Any) -> None:
        path = f"{self.stem}-{suffix}.json"
        (self.out / path).write_text(cardrules.dumps(obj, indent=1) + "\n")
        self.files[path] = {"kind": kind, **expect}


def format_version(name: str) -> int:
    """The format version that cardrules writes today for the game ``name``."""
    game = cardrules.get_game(name)
    return int(getattr(game, "format_version", 1))


def write(folder: Path, names: list[str]) -> None:  # pragma: no cover - run by hand
    """Write the golden saves of today's format into ``folder/<game>/v<format version>``."""
    for name in names:
        counts = PLAYER_COUNTS[name]
        game = cardrules.get_game(name)
        version = format_version(name)
        out = folder / name / f"v{version}"
        if out.exists():
            raise SystemExit(f"{out} exists: golden files are never rewritten")
        out.mkdir(parents=True)
        manifest: dict[str, Any] = {"game": name, "format_version": version, "files": {}}
        for n in counts:
            for label, rules in rules_variants(name, n).items():
                seed = 11 + n
                steps = list(playthrough(game, rules, seed))
                moves = tuple(m for _, m in steps if m is not None)
                final = steps[-1][0]
                outcome = game.outcome(final)
                assert outcome is not None
                mid_index = len(steps) // 2
                mid = steps[mid_index][0]
                stem = f"{n}p-{label}"
                files: dict[str, Any] = manifest["files"]
                save = _Saver(out, stem, files)
                save("record-empty", cardrules.Record(game=name, rules=rules, seed=seed), "record")
                save("state-start", steps[0][0], "state")
                save("state-mid", mid, "state")
                save("state-end", final, "state", outcome=_outcome_json(outcome))
                for seat in range(n):
                    save(f"view-mid-seat{seat}", game.view(mid, seat), "view")
                seen: dict[str, Any] = {}
                for move in moves:
                    seen.setdefault(type(move).__name__, move)
                for type_name, move in sorted(seen.items()):
                    save(f"move-{type_name}", move, "move")
                record = cardrules.Record(game=name, rules=rules, seed=seed, moves=moves)
                save("record-seed", record, "record", outcome=_outcome_json(outcome))
                tail = cardrules.Record(game=name, rules=rules, start=mid, moves=moves[mid_index:])
                save("record-start", tail, "record", outcome=_outcome_json(outcome))
        (out / "manifest.json").write_text(json.dumps(manifest, indent=1, sort_keys=True) + "\n")


def main(argv: list[str]) -> int:  # pragma: no cover - a maintenance script
    """``write GAME...`` or ``digests``."""
    if len(argv) >= 2 and argv[0] == "write" and set(argv[1:]) <= set(PLAYER_COUNTS):
        write(DATA, argv[1:])
        return 0
    if argv == ["digests"]:
        print(json.dumps(all_digests(), indent=1, sort_keys=True))
        return 0
    print("usage: golden.py write GAME... | digests", file=sys.stderr)
    return 2


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main(sys.argv[1:]))
