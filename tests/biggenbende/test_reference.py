"""
A reference model of Biggenbende written from the rules BB-1..BB-21 alone (the
Biggenbende docs page), driven in lockstep with the engine.

The model below is plain mutable Python, written for obviousness rather than speed,
without looking at the engine's code. From the same start (a seeded deal by the
documented recipe, or an explicit ``Deal``) both sides list their legal moves, the
lists are compared (the documented order included), the same randomly chosen move is
applied to both, and everything observable is compared: every state field, the views
of every seat (BB-21), ``to_move``, ``is_over`` and ``outcome``. Random illegal moves are
also thrown at the engine, which must reject them without changing anything.

Where the rules are silent the model follows the decisions of docs/games/biggenbende.md:
the seeded deal's layout, the order of ``legal_moves``, the choices made in turn order
from the starting seat, a finished match keeping the last round's table, and every
face-up row shown once the match is over.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from typing import Any, TypeVar

import pytest

from cardrules import GameOverError, IllegalMoveError, Outcome, Rng
from cardrules import biggenbende as bb
from cardrules.biggenbende import ChooseFaceUp, PickUp, Play, TurnFaceDown
from tests._depth import scaled
from tests.biggenbende._deals import forged

J = 0  # a joker, as the engine encodes it (docs: "Encoding")

_T = TypeVar("_T")


class _Random:
    """The test's own seeded choices, drawn from :class:`cardrules.Rng` (no ``random``)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed % 2**64)

    def randrange(self, low: int, high: int | None = None) -> int:
        if high is None:
            low, high = 0, low
        value, self.rng = self.rng.below(high - low)
        return low + value

    def choice(self, items: Sequence[_T]) -> _T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: list[_T]) -> None:
        out, self.rng = self.rng.shuffle(items)
        items[:] = out


def _counts(cards: Any) -> list[int]:
    out = [0] * 13
    for card in cards:
        out[card] += 1
    return out


class Reference:
    """One Biggenbende match, mutable, straight from the rules (BB-1..BB-21)."""

    turn: int | None
    places: list[int]
    discard: list[int]

    def __init__(self, rules: bb.Rules, seed: int, deal: bb.Deal | None = None) -> None:
        self.rules = rules
        self.n = rules.players
        self.rng = Rng(seed)
        self.cut_rounds: list[int] = []
        if deal is None:
            self.chips = [0] * self.n
            self.supply = rules.chips  # BB-3
            self._start_round(1)
            self._shuffle_and_deal()
        else:
            self.chips = [0] * self.n if deal.chips is None else list(deal.chips)
            self.supply = rules.chips - sum(self.chips)
            self._start_round(deal.round)
            self.hands = [_counts(h) for h in deal.hands]
            self.face_down = [list(row) for row in deal.face_down]
            self.draw = list(deal.draw)
            self.discard = list(deal.discard)
            self.removed = _counts(deal.removed)
            if deal.face_up is None:
                self.face_up = [[0] * 13 for _ in range(self.n)]
                self.phase = "choose"
                self.chosen = 0
            else:
                self.face_up = [_counts(u) for u in deal.face_up]
                self.phase = "play"
                self.chosen = self.n

    # ----------------------------------------------------------------- rounds

    def _start_round(self, number: int) -> None:
        self.round = number
        self.starter = (number - 1) % self.n  # BB-5
        self.direction = 1  # BB-5: clockwise at the start of every round
        self.turn = self.starter
        self.places = []
        self.moves = 0
        self.discard = []
        self.removed = [0] * 13

    def _shuffle_and_deal(self) -> None:
        # BB-4 and the documented layout: face-down rows, then seven cards each, the rest
        # is the draw pile (top card last).
        deck = [v for v in range(13) for _ in range(self.rules.deck[v])]
        cards, self.rng = self.rng.shuffle(deck)
        n = self.n
        self.face_down = [list(cards[3 * s : 3 * s + 3]) for s in range(n)]
        self.hands = [_counts(cards[3 * n + 7 * s : 3 * n + 7 * s + 7]) for s in range(n)]
        self.face_up = [[0] * 13 for _ in range(n)]
        self.draw = list(cards[10 * n :])
        self.phase = "choose"
        self.chosen = 0

    def cards_left(self, seat: int) -> int:
        """Hand + face up + face down (BB-17, BB-18)."""
        row = self.face_down[seat]
        return sum(self.hands[seat]) + sum(self.face_up[seat]) + sum(c is not None for c in row)

    def _end_round(self, cut: bool) -> None:
        if cut:
            self.cut_rounds.append(self.round)
        n = self.n
        owed: list[tuple[int, int]] = [(seat, (3, 2)[i]) for i, seat in enumerate(self.places)]
        rest = [(self.starter + k) % n for k in range(n)]
        rest = [seat for seat in rest if seat not in self.places]
        most = max(self.cards_left(seat) for seat in rest)
        owed += [(seat, 0 if self.cards_left(seat) == most else 1) for seat in rest]
        for seat, amount in owed:  # BB-18: first, second, then clockwise from the starter
            paid = min(amount, self.supply)
            self.chips[seat] += paid
            self.supply -= paid
        if self.round >= self.rules.rounds or self.supply == 0:  # BB-19
            self.phase = "over"
            self.turn = None
        else:
            self._start_round(self.round + 1)
            self._shuffle_and_deal()

    # ----------------------------------------------------------------- moves

    def next_seat(self, seat: int) -> int:
        """The next seat in the current direction that is still in the round."""
        while True:
            seat = (seat + self.direction) % self.n
            if seat not in self.places:
                return seat

    def may_play(self, value: int) -> bool:
        """BB-6."""
        if not self.discard or value == J:
            return True
        top = self.discard[-1]
        return top == J or value >= top

    def source(self, seat: int) -> str:
        """BB-7."""
        if sum(self.hands[seat]):
            return "hand"
        if sum(self.face_up[seat]):
            return "face_up"
        return "face_down"

    def legal(self) -> list[bb.Move]:
        if self.phase == "over":
            return []
        assert self.turn is not None
        seat = self.turn
        if self.phase == "choose":
            cards = [v for v in range(13) for _ in range(self.hands[seat][v])]
            return [ChooseFaceUp(c) for c in sorted(set(itertools.combinations(cards, 3)))]
        src = self.source(seat)
        if src == "face_down":  # BB-11
            return [TurnFaceDown(i) for i, c in enumerate(self.face_down[seat]) if c is not None]
        cards = self.hands[seat] if src == "hand" else self.face_up[seat]
        plays: list[bb.Move] = [
            Play(v, k)
            for v in range(13)
            if cards[v] and self.may_play(v)
            for k in range(1, cards[v] + 1)
        ]
        return plays or [PickUp()]  # BB-9: only when forced

    def apply(self, move: bb.Move) -> None:
        assert move in self.legal()
        assert self.turn is not None
        seat = self.turn
        if isinstance(move, ChooseFaceUp):
            for v in move.values:
                self.hands[seat][v] -= 1
                self.face_up[seat][v] += 1
            self.chosen += 1
            if self.chosen == self.n:
                self.phase = "play"
                self.turn = self.starter
            else:
                self.turn = (self.starter + self.chosen) % self.n
        elif isinstance(move, Play):
            src = self.source(seat)
            cards = self.hands[seat] if src == "hand" else self.face_up[seat]
            cards[move.value] -= move.count
            self._lay(seat, move.value, move.count, from_hand=src == "hand")
        elif isinstance(move, PickUp):
            self._pick_up(seat)
        else:
            card = self.face_down[seat][move.position]
            assert card is not None
            self.face_down[seat][move.position] = None
            if self.may_play(card):
                self._lay(seat, card, 1, from_hand=False)
            else:
                self.hands[seat][card] += 1
                self._pick_up(seat)
        self.moves += 1
        if len(self.places) == 2:  # BB-17
            self._end_round(cut=False)
        elif self.rules.max_turns_per_round is not None and (
            self.moves >= self.rules.max_turns_per_round
        ):  # BB-20
            self._end_round(cut=True)

    def _pick_up(self, seat: int) -> None:
        for card in self.discard:
            self.hands[seat][card] += 1
        self.discard = []
        self.turn = self.next_seat(seat)

    def _lay(self, seat: int, value: int, count: int, *, from_hand: bool) -> None:
        self.discard += [value] * count
        if from_hand and self.draw:  # BB-8, BB-16: the draw comes before any extra play
            self.hands[seat][self.draw.pop()] += 1
        top3 = self.discard[-3:]
        burn = value == 8 or (len(top3) == 3 and top3[0] == top3[1] == top3[2])  # BB-12/13
        if burn:
            for card in self.discard:
                self.removed[card] += 1
            self.discard = []
        if value == 11:  # BB-15, BB-16: always
            self.direction = -self.direction
        if self.cards_left(seat) == 0:  # BB-17
            self.places.append(seat)
        if len(self.places) == 2:
            return
        if burn and seat not in self.places:  # BB-16: another play; BB-17: not when out
            return
        nxt = self.next_seat(seat)
        if value == 4 and not burn:  # BB-14, BB-16
            nxt = self.next_seat(nxt)
        self.turn = nxt

    # ----------------------------------------------------------------- observation

    def fields(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "starter": self.starter,
            "phase": self.phase,
            "turn": self.turn,
            "direction": self.direction,
            "hands": tuple(tuple(h) for h in self.hands),
            "face_up": tuple(tuple(u) for u in self.face_up),
            "face_down": tuple(tuple(r) for r in self.face_down),
            "draw": tuple(self.draw),
            "discard": tuple(self.discard),
            "removed": tuple(self.removed),
            "places": tuple(self.places),
            "moves": self.moves,
            "chips": tuple(self.chips),
            "supply": self.supply,
            "cut_rounds": tuple(self.cut_rounds),
            "rng": self.rng,
        }

    def view(self, seat: int) -> bb.View:
        """BB-21: while choosing, only the seat's own cards and choice."""
        hidden = self.phase == "choose"
        return bb.View(
            seat=seat,
            rules=self.rules,
            round=self.round,
            starter=self.starter,
            phase=self.phase,  # type: ignore[arg-type]
            turn=self.turn,
            direction=self.direction,
            hand=tuple(self.hands[seat]),
            hand_counts=tuple(
                sum(self.hands[s]) + (sum(self.face_up[s]) if hidden and s != seat else 0)
                for s in range(self.n)
            ),
            face_up=tuple(
                (0,) * 13 if hidden and s != seat else tuple(self.face_up[s])
                for s in range(self.n)
            ),
            face_down=tuple(tuple(c is not None for c in r) for r in self.face_down),
            draw_count=len(self.draw),
            discard=tuple(self.discard),
            removed=tuple(self.removed),
            places=tuple(self.places),
            moves=self.moves,
            chips=tuple(self.chips),
            supply=self.supply,
            cut_rounds=tuple(self.cut_rounds),
        )

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        best = max(self.chips)
        return Outcome(
            scores=tuple(self.chips),
            winners=frozenset(s for s in range(self.n) if self.chips[s] == best),
            reason="turn_limit" if self.cut_rounds else "normal",
            cut_rounds=tuple(self.cut_rounds),
        )


# --------------------------------------------------------------------------- lockstep


_FIELDS = (
    "round",
    "starter",
    "phase",
    "turn",
    "direction",
    "hands",
    "face_up",
    "face_down",
    "draw",
    "discard",
    "removed",
    "places",
    "moves",
    "chips",
    "supply",
    "cut_rounds",
    "rng",
)


def _engine_fields(state: bb.State) -> dict[str, Any]:
    return {name: getattr(state, name) for name in _FIELDS}


def _random_illegal(rnd: _Random, ref: Reference) -> bb.Move | None:
    kind = rnd.randrange(4)
    move: bb.Move
    if kind == 0:
        move = Play(rnd.randrange(13), rnd.randrange(1, 5))
    elif kind == 1:
        move = PickUp()
    elif kind == 2:
        position = rnd.randrange(-1, 4)
        # A position off the row is refused when made; only a forger gets one to apply.
        move = (
            TurnFaceDown(position)
            if 0 <= position < 3
            else forged(TurnFaceDown, position=position)
        )
    else:
        move = ChooseFaceUp(tuple(sorted(rnd.randrange(13) for _ in range(3))))
    return None if move in ref.legal() else move


def _check_illegal(state: bb.State, ref: Reference, move: bb.Move) -> None:
    with pytest.raises(IllegalMoveError) as excinfo:
        bb.apply(state, move)
    err = excinfo.value
    assert err.move == move
    assert err.rule.startswith("BB-"), err.rule
    assert err.reason
    if (
        isinstance(move, PickUp)
        and ref.phase == "play"
        and ref.source(ref.turn or 0) != "face_down"
    ):
        assert err.rule == "BB-9"


def _lockstep(
    rules: bb.Rules,
    seed: int,
    *,
    deal: bb.Deal | None = None,
    views_every: int = 7,
    max_steps: int = 100_000,
) -> Reference:
    rnd = _Random(seed * 1000 + rules.players)
    state = bb.new_game(rules, seed=seed, deal=deal)
    ref = Reference(rules, seed, deal)
    history: list[bb.Move] = []
    step = 0
    while True:
        where = f"{rules} seed={seed} after {len(history)} moves: {[str(m) for m in history[-8:]]}"
        assert _engine_fields(state) == ref.fields(), _diff(state, ref, where)
        assert bb.to_move(state) == ref.turn, where
        assert bb.outcome(state) == ref.outcome(), where
        legal = ref.legal()
        assert bb.legal_moves(state) == tuple(legal), where
        assert len(set(legal)) == len(legal)
        assert bb.is_over(state) == (not legal), where
        if step % views_every == 0:
            bb.check_state(state)
            for seat in range(ref.n):
                assert bb.view(state, seat) == ref.view(seat), f"seat {seat}: {where}"
        if not legal:
            bb.check_state(state)
            with pytest.raises(GameOverError):
                bb.apply(state, PickUp())
            return ref
        if step % 3 == 0:
            wrong = _random_illegal(rnd, ref)
            if wrong is not None:
                _check_illegal(state, ref, wrong)
        move = rnd.choice(legal)
        history.append(move)
        state = bb.apply(state, move)
        ref.apply(move)
        step += 1
        assert step < max_steps


def _diff(state: bb.State, ref: Reference, where: str) -> str:
    mine = ref.fields()
    theirs = _engine_fields(state)
    parts = [
        f"{k}: engine {theirs[k]!r} != reference {mine[k]!r}" for k in mine if theirs[k] != mine[k]
    ]
    return where + "\n" + "\n".join(parts)


# --------------------------------------------------------------------------- the tests


def test_reference_deal_matches_the_documented_recipe() -> None:
    rules = bb.Rules(players=4)
    state = bb.new_game(rules, seed=11)
    assert _engine_fields(state) == Reference(rules, 11).fields()


# The lockstep loops below draw about half their seeds in the quick run (``scaled``),
# every seed in CI's deep profile.
@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_reference_lockstep_default_rules(players: int) -> None:
    for seed in range(scaled(2, 4)):
        _lockstep(bb.Rules(players=players, rounds=2), seed)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_reference_lockstep_small_decks(players: int) -> None:
    """Small decks: short draw piles, frequent face-up/face-down play and triples."""
    for seed in range(scaled(6, 12)):
        copies = 10 * players // 12 + 1 + seed % 3
        rules = bb.Rules(players=players, copies_per_value=copies, jokers=seed % 4, rounds=2)
        _lockstep(rules, seed)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_reference_lockstep_turn_limit(players: int) -> None:
    """BB-20: small limits cut rounds, during the deal too."""
    for seed in range(scaled(12, 25)):
        limit = [1, 2, players - 1, players, players + 1, 7, 30, 90, 200][seed % 9]
        rules = bb.Rules(players=players, max_turns_per_round=limit, rounds=1 + seed % 4)
        _lockstep(rules, seed, views_every=1)


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_reference_lockstep_short_supply(players: int) -> None:
    """BB-18, BB-19: a supply that runs short, or is empty from the start."""
    for seed in range(scaled(7, 12)):
        rules = bb.Rules(
            players=players,
            chips=seed % 7,
            rounds=3,
            copies_per_value=10 * players // 12 + 1,
            max_turns_per_round=None if seed % 2 else 120,
        )
        _lockstep(rules, seed)


def _explicit(rules: bb.Rules, seed: int, *, choose: bool) -> bb.Deal:
    """A random explicit deal in the middle of a round: empty draw pile, short rows."""
    rnd = _Random(seed)
    n = rules.players
    deck = [v for v in range(13) for _ in range(rules.deck[v])]
    rnd.shuffle(deck)
    rows = []
    gone: list[int] = []
    for _ in range(n):
        row: list[int | None] = [deck.pop() for _ in range(3)]
        if not choose:
            for i in range(3):
                card = row[i]
                if rnd.randrange(10) < 3 and card is not None:
                    gone.append(card)
                    row[i] = None
        rows.append(tuple(row))
    hands: list[tuple[int, ...]] = []
    ups: list[tuple[int, ...]] = []
    for s in range(n):
        if choose:
            hands.append(tuple(deck.pop() for _ in range(7)))
            continue
        hands.append(tuple(deck.pop() for _ in range(rnd.randrange(0, 4))))
        ups.append(tuple(deck.pop() for _ in range(rnd.randrange(0, 4))))
        if not hands[s] and not ups[s] and all(c is None for c in rows[s]):
            rows[s] = (deck.pop(), None, None)
    draw = () if not choose else tuple(deck.pop() for _ in range(rnd.randrange(0, 10)))
    return bb.Deal(
        hands=tuple(hands),
        face_down=tuple(rows),
        draw=draw,
        face_up=None if choose else tuple(ups),
        removed=tuple(deck + gone),
        round=1 + seed % rules.rounds,
        chips=tuple(rnd.randrange(3) for _ in range(n)),
    )


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_reference_lockstep_explicit_endgames(players: int) -> None:
    """Explicit deals late in a round: face-up and face-down play, going out, skips."""
    for seed in range(scaled(30, 60)):
        rules = bb.Rules(
            players=players,
            rounds=1 + seed % 2,
            chips=3 * players + seed % 9,
            max_turns_per_round=None if seed % 3 else 5 + seed % 40,
        )
        _lockstep(rules, seed, deal=_explicit(rules, seed, choose=seed % 10 == 0), views_every=1)


_SPECIAL = (4, 4, 4, 4, 11, 11, 11, 8, 8, J, J, J, 5, 5, 3)
_PILES = ((), (4,), (4, 4), (J, J), (11, 11), (3, J), (5, 5), (5, 5, J), (9,), (12,))


def _special(rules: bb.Rules, seed: int) -> bb.Deal:
    """
    A late-round deal made of 4s, 11s, 8s, jokers and pairs on the pile: going out with
    4s (burning or not), skips and reversals with two players left, burns by the last
    cards (BB-14 to BB-17).
    """
    rnd = _Random(seed)
    n = rules.players
    left = list(rules.deck)
    discard = _PILES[rnd.randrange(len(_PILES))]
    for card in discard:
        left[card] -= 1

    def take() -> int:
        while True:
            card = _SPECIAL[rnd.randrange(len(_SPECIAL))]
            if left[card]:
                left[card] -= 1
                return card

    hands, ups, rows = [], [], []
    for _ in range(n):
        hands.append(tuple(take() for _ in range(rnd.randrange(0, 3))))
        ups.append(tuple(take() for _ in range(rnd.randrange(0, 3))))
        row = tuple(take() if rnd.randrange(3) == 0 else None for _ in range(3))
        if not hands[-1] and not ups[-1] and row == (None, None, None):
            row = (take(), None, None)
        rows.append(row)
    return bb.Deal(
        hands=tuple(hands),
        face_down=tuple(rows),
        draw=(),
        face_up=tuple(ups),
        discard=discard,
        removed=tuple(v for v in range(13) for _ in range(left[v])),
        round=1 + seed % rules.rounds,
    )


@pytest.mark.parametrize("players", [3, 4, 5, 6])
def test_reference_lockstep_special_cards(players: int) -> None:
    """BB-14 to BB-17 at the end of a round: 4s, 11s, 8s and jokers as the last cards."""
    for seed in range(scaled(60, 120)):
        rules = bb.Rules(players=players, rounds=1)
        _lockstep(rules, seed, deal=_special(rules, seed), views_every=1)


def _snapshot(state: bb.State) -> bb.Deal:
    """The table of a state in play as an explicit deal."""

    def cards(counts: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(v for v in range(13) for _ in range(counts[v]))

    return bb.Deal(
        hands=tuple(cards(h) for h in state.hands),
        face_down=state.face_down,
        draw=state.draw,
        face_up=tuple(cards(u) for u in state.face_up),
        discard=state.discard,
        removed=cards(state.removed),
        round=state.round,
        chips=state.chips,
    )


# Three and five seats in the quick run, every table in CI's slow run.
@pytest.mark.parametrize(
    "players",
    [n if n in (3, 5) else pytest.param(n, marks=pytest.mark.slow) for n in (3, 4, 5, 6)],
)
def test_reference_lockstep_from_snapshots(players: int) -> None:
    """Deals taken from random mid-round tables (discard piles, jokers, rows part gone)."""
    for seed in range(scaled(20, 40)):
        rules = bb.Rules(players=players, rounds=2, copies_per_value=10 * players // 12 + 1)
        state = bb.new_game(rules, seed=seed)
        rnd = _Random(seed)
        stop = rnd.randrange(players, 400)
        while state.moves < stop and state.phase != "over" and state.round == 1:
            state = bb.apply(state, rnd.choice(bb.legal_moves(state)))
        if state.phase != "play" or state.places:
            continue
        _lockstep(rules, seed + 1, deal=_snapshot(state), views_every=1)


@pytest.mark.parametrize("players", [3, 6])
def test_reference_lockstep_big_decks(players: int) -> None:
    """Many copies of each value: long piles and plays of many cards."""
    for seed in range(3):
        rules = bb.Rules(players=players, copies_per_value=20 + seed, jokers=30, rounds=1)
        _lockstep(rules, seed)
