"""
Golden data: every save an earlier cardrules wrote still loads and replays the same way,
and the same seed and moves still give the same game (see ``tests/data/golden.py``).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import cardrules
from tests.data.golden import DATA, DIGEST_SEEDS, PLAYER_COUNTS, digest, format_version

_MANIFESTS = sorted(DATA.glob("*/v*/manifest.json"))
_FILES = [
    (manifest.parent, name, expect)
    for manifest in _MANIFESTS
    for name, expect in sorted(json.loads(manifest.read_text())["files"].items())
]


def _outcome(outcome: cardrules.Outcome | None) -> dict[str, Any] | None:
    if outcome is None:
        return None
    return {
        "scores": list(outcome.scores),
        "winners": sorted(outcome.winners),
        "reason": outcome.reason,
        "cut_rounds": list(outcome.cut_rounds),
    }


def test_golden_data_covers_every_game_and_player_count() -> None:
    # Version 1 for ever, and the version written today (python tests/data/golden.py write).
    found = {(m.parent.parent.name, m.parent.name) for m in _MANIFESTS}
    for name, counts in PLAYER_COUNTS.items():
        for version in sorted({1, format_version(name)}):
            assert (name, f"v{version}") in found, f"no golden data for {name} v{version}"
            folder = DATA / name / f"v{version}"
            files = json.loads((folder / "manifest.json").read_text())["files"]
            for n in counts:
                kinds = {e["kind"] for path, e in files.items() if path.startswith(f"{n}p-")}
                assert {"state", "view", "move", "record"} <= kinds, (name, version, n)


@pytest.mark.parametrize(
    ("folder", "name", "expect"),
    _FILES,
    ids=[f"{folder.parent.name}/{folder.name}/{name}" for folder, name, _ in _FILES],
)
def test_golden_file_loads_and_replays(folder: Path, name: str, expect: dict[str, Any]) -> None:
    game = cardrules.get_game(folder.parent.name)
    obj = cardrules.loads((folder / name).read_text(), game=game.name, kind=expect["kind"])
    if expect["kind"] == "state":
        game.check_state(obj)
        if "outcome" in expect:
            assert _outcome(game.outcome(obj)) == expect["outcome"]
    elif expect["kind"] == "view":
        game.check_view(obj)
    elif expect["kind"] == "move":
        assert type(obj).__name__ == name.rsplit("-", 1)[1].removesuffix(".json")
    else:
        final = cardrules.replay(obj)
        assert _outcome(game.outcome(final)) == expect.get("outcome")
        if "outcome" in expect:
            # The record replays to the very end state saved beside it.
            end = folder / (name.rsplit("-record-", 1)[0] + "-state-end.json")
            assert final == cardrules.loads(end.read_text())


@pytest.mark.parametrize(
    ("name", "players"),
    [(name, n) for name, counts in PLAYER_COUNTS.items() for n in counts],
)
def test_seeded_playthroughs_give_the_same_games(name: str, players: int) -> None:
    expected = json.loads((DATA / "digests.json").read_text())[name][str(players)]
    game = cardrules.get_game(name)
    found = [digest(game, game.Rules(players=players), seed) for seed in DIGEST_SEEDS]
    changed = [s for s, a, b in zip(DIGEST_SEEDS, found, expected, strict=True) if a != b]
    assert not changed, (
        f"{name} with {players} players: the same seed and moves now give a different game "
        f"(seeds {changed}). If this is intended, bump {name}'s rules_version, say so in "
        "CHANGELOG.md, and record the new digests (python tests/data/golden.py digests)."
    )
