"""
A plain reference implementation of Allegra, driven in lockstep with the engine.

The reference below is written from rules AL-1..AL-14 and the documented decisions of
``docs/games/allegra.md`` only, never from the engine's code: mutable lists, obvious loops,
its own area arithmetic (AL-3), triple finder (AL-8), knock window (AL-7), end of round
(AL-9), scoring (AL-10), deck rebuild (AL-11, mirroring the documented use of the RNG),
game end (AL-12), turn limit (AL-13) and views (AL-14).

Each test plays seeded random games: at every step the legal moves of both sides must be
the same list (same moves, same order, each once), one of them is chosen at random and
applied to both, and everything observable is compared.
"""

from __future__ import annotations

from collections.abc import Iterator

import attrs
import pytest

from cardrules import Outcome, Rng
from cardrules import allegra as al
from cardrules import errors as al_errors
from cardrules.allegra import (
    CARD_VALUES,
    Discard,
    Draw,
    Exchange,
    Give,
    Ignore,
    Knock,
    Layout,
    Pass,
    Place,
    Reveal,
    Rules,
    Slot,
    Swap,
    Take,
)
from tests._depth import scaled

# --------------------------------------------------------------------------- geometry


def ref_area(seat: int, n: int) -> list[int]:
    """AL-3: the 15 place indices of ``seat``'s area, row by row, shared column first."""
    left = (seat + 1) % n  # the left neighbour is the next seat clockwise
    out: list[int] = []
    for row in range(3):
        out.append(left * 12 + row * 4 + 3)
        for col in range(4):
            out.append(seat * 12 + row * 4 + col)
    return out


def to_slot(i: int) -> Slot:
    return Slot(i // 12, (i % 12) // 4, i % 4)


def to_index(slot: Slot) -> int:
    return slot.owner * 12 + slot.row * 4 + slot.col


def all_cards(deck: tuple[int, ...]) -> list[int]:
    return [v for v, k in zip(CARD_VALUES, deck, strict=True) for _ in range(k)]


# --------------------------------------------------------------------------- reference


class Ref:
    """A mutable, slow, obviously-correct Allegra."""

    def __init__(self, rules: Rules, seed: int, layout: Layout | None = None) -> None:
        self.rules = rules
        self.n = rules.players
        self.rng = Rng(seed)
        self.round = 1
        self.scores: list[tuple[int, ...]] = []
        self.cut_rounds: list[int] = []
        self.areas = [ref_area(p, self.n) for p in range(self.n)]
        if layout is None:
            self.deal()
        else:
            self.cards: list[int | None] = [v for g in layout.grids for v in g]
            self.face_up = [False] * (12 * self.n)
            for s in layout.face_up:
                self.face_up[to_index(s)] = True
            self.deck = list(layout.deck)
            self.discard = list(layout.discard)
            self.reset_round()
            if not layout.reveals:  # the round starts at the first turn
                self.phase = "turn"
                self.current = self.start
                self.reveals_left = 0

    @classmethod
    def at_turn(cls, st: al.State) -> Ref:
        """A reference copy of an engine state at the start of a turn (``phase ==
        "turn"``), for situations no deal gives, such as places removed at will."""
        assert st.phase == "turn"
        ref = cls(st.rules, 0)
        ref.rng = st.rng
        ref.round = st.round
        ref.scores = list(st.scores)
        ref.cut_rounds = list(st.cut_rounds)
        ref.reset_round()
        ref.cards, ref.face_up = list(st.cards), list(st.face_up)
        ref.deck, ref.discard, ref.removed = list(st.deck), list(st.discard), list(st.removed)
        ref.ender, ref.last_turns, ref.turns = st.ender, st.last_turns, st.turns
        ref.phase, ref.current, ref.reveals_left = "turn", st.current, 0
        return ref

    # ---- deal (AL-4, AL-5)
    def deal(self) -> None:
        shuffled, self.rng = self.rng.shuffle(all_cards(self.rules.deck))
        k = 12 * self.n
        self.cards = list(shuffled[:k])
        self.face_up = [False] * k
        self.discard = [shuffled[k]]
        self.deck = list(shuffled[k + 1 :])
        self.reset_round()

    def reset_round(self) -> None:
        self.removed: list[int] = []
        self.drawn: int | None = None
        self.knock_queue: list[int] = []
        self.knockers: list[int] = []
        self.passers: list[int] = []
        self.receiver: int | None = None
        self.placed: Slot | None = None
        self.hand: int | None = None
        self.ender: int | None = None
        self.last_turns = 0
        self.turns = 0
        self.start = (self.round - 1) % self.n  # AL-5
        self.current = self.start
        self.phase = "reveal"
        self.reveals_left = 2
        self.revealed_seats = 0
        self.skip_done_revealers()

    def face_down_in(self, seat: int) -> list[int]:
        return [i for i in self.areas[seat] if self.cards[i] is not None and not self.face_up[i]]

    def cards_in(self, seat: int) -> list[int]:
        return [i for i in self.areas[seat] if self.cards[i] is not None]

    def skip_done_revealers(self) -> None:
        # AL-4: two reveals each in turn order; a seat with no face-down card left in its
        # area skips its remaining reveals (documented decision).
        while self.phase == "reveal" and (
            self.reveals_left == 0 or not self.face_down_in(self.current)
        ):
            self.revealed_seats += 1
            if self.revealed_seats == self.n:
                self.phase = "turn"
                self.current = self.start
                self.reveals_left = 0
            else:
                self.current = (self.current + 1) % self.n
                self.reveals_left = 2

    # ---- AL-8
    def triples(self) -> None:
        marked: set[int] = set()

        def live(i: int) -> bool:
            return self.cards[i] is not None and self.face_up[i]

        for a in self.areas:
            for r in range(3):
                row = a[5 * r : 5 * r + 5]
                k = 0
                while k < 5:
                    if not live(row[k]):
                        k += 1
                        continue
                    j = k
                    while (
                        j + 1 < 5
                        and live(row[j + 1])
                        and self.cards[row[j + 1]] == self.cards[row[k]]
                    ):
                        j += 1
                    if j - k + 1 >= 3:
                        marked.update(row[k : j + 1])
                    k = j + 1
            for c in range(5):
                col = [a[c], a[5 + c], a[10 + c]]
                if all(live(i) for i in col) and len({self.cards[i] for i in col}) == 1:
                    marked.update(col)
        for i in sorted(marked):
            v = self.cards[i]
            assert v is not None
            self.removed.append(v)
            self.cards[i] = None
            self.face_up[i] = False

    # ---- moves
    def exchange_possible(self, k: int) -> bool:
        return any(t != p for t in self.cards_in(k) for p in self.cards_in(self.current))

    def legal(self) -> list[al.Move]:
        ph = self.phase
        if ph == "over":
            return []
        if ph == "reveal":
            return [Reveal(to_slot(i)) for i in self.face_down_in(self.current)]
        if ph == "turn":
            return [Draw(), *(Take(to_slot(i)) for i in self.cards_in(self.current))]
        if ph == "knock":
            return [Knock(), Pass()]
        if ph == "give":
            return [Ignore(), *(Give(k) for k in self.knockers if self.exchange_possible(k))]
        if ph == "place":
            assert self.receiver is not None
            return [Place(to_slot(i)) for i in self.cards_in(self.receiver)]
        if ph == "exchange":
            assert self.receiver is not None
            return [
                Exchange(to_slot(t), to_slot(p))
                for t in self.cards_in(self.receiver)
                for p in self.cards_in(self.current)
                if p != t
            ]
        assert ph == "drawn"
        down = self.face_down_in(self.current)
        return [
            *(Swap(to_slot(i)) for i in self.cards_in(self.current)),
            *((Discard(to_slot(i)) for i in down) if down else [Discard()]),
        ]

    def apply(self, m: al.Move) -> None:
        assert m in self.legal()
        if isinstance(m, Reveal):
            self.face_up[to_index(m.slot)] = True
            self.triples()
            self.reveals_left -= 1
            self.skip_done_revealers()
        elif isinstance(m, Draw):
            if not self.deck:  # AL-11
                top = self.discard[-1]
                shuffled, self.rng = self.rng.shuffle(self.discard[:-1])
                self.deck = list(shuffled)
                self.discard = [top]
            self.drawn = self.deck.pop(0)
            if self.n >= 3:  # AL-7
                seats = [(self.current + k) % self.n for k in range(1, self.n)]
                self.knock_queue = [s for s in seats if self.cards_in(s)]
            self.phase = "knock" if self.knock_queue else "drawn"
        elif isinstance(m, Take):
            i = to_index(m.slot)
            v = self.discard.pop()
            old = self.cards[i]
            assert old is not None
            self.cards[i] = v
            self.face_up[i] = True
            self.discard.append(old)
            self.triples()
            self.end_turn()
        elif isinstance(m, (Knock, Pass)):
            seat = self.knock_queue.pop(0)
            (self.knockers if isinstance(m, Knock) else self.passers).append(seat)
            if not self.knock_queue:
                self.phase = "give" if self.knockers else "drawn"
        elif isinstance(m, Ignore):
            self.phase = "drawn"
        elif isinstance(m, Give):
            self.receiver = m.knocker
            self.phase = "place"
        elif isinstance(m, Place):
            i = to_index(m.slot)
            self.hand = self.cards[i]
            self.cards[i] = self.drawn
            self.face_up[i] = True
            self.drawn = None
            self.placed = m.slot
            self.phase = "exchange"
        elif isinstance(m, Exchange):
            t, p = to_index(m.take), to_index(m.put)
            moved, old = self.cards[t], self.cards[p]
            assert moved is not None
            assert old is not None
            assert self.hand is not None
            self.cards[p] = moved
            self.face_up[p] = True
            self.discard.append(old)
            self.cards[t] = self.hand
            self.face_up[t] = True
            self.hand = None
            self.triples()
            self.end_turn()
        elif isinstance(m, Swap):
            i = to_index(m.slot)
            old = self.cards[i]
            assert old is not None
            assert self.drawn is not None
            self.cards[i] = self.drawn
            self.face_up[i] = True
            self.discard.append(old)
            self.drawn = None
            self.triples()
            self.end_turn()
        else:
            assert isinstance(m, Discard)
            assert self.drawn is not None
            self.discard.append(self.drawn)
            self.drawn = None
            if m.reveal is not None:
                self.face_up[to_index(m.reveal)] = True
            self.triples()
            self.end_turn()

    # ---- AL-9, AL-13
    def end_turn(self) -> None:
        self.turns += 1
        d = self.current
        self.knock_queue, self.knockers, self.passers = [], [], []
        self.receiver = None
        self.placed = None
        done = False
        if self.ender is None:
            if not self.face_down_in(d):
                self.ender = d
                self.last_turns = self.n - 1
        else:
            self.last_turns -= 1
            done = self.last_turns == 0
        limit = self.rules.max_turns_per_round
        if done:
            self.end_round(cut=False)
        elif limit is not None and self.turns >= limit:
            self.end_round(cut=True)
        else:
            self.current = (d + 1) % self.n
            self.phase = "turn"

    # ---- AL-10, AL-12
    def end_round(self, *, cut: bool) -> None:
        for i, v in enumerate(self.cards):
            if v is not None:
                self.face_up[i] = True
        score = [sum(self.cards[i] or 0 for i in self.areas[p]) for p in range(self.n)]
        if cut:
            self.ender = None
            self.last_turns = 0
            self.cut_rounds.append(self.round)
        e = self.ender
        if (
            e is not None
            and score[e] > 0
            and any(score[o] <= score[e] for o in range(self.n) if o != e)
        ):
            score[e] *= 2
        self.scores.append(tuple(score))
        if self.round < self.rules.rounds:
            self.round += 1
            self.deal()
        else:
            self.phase = "over"

    def outcome(self) -> Outcome | None:
        if self.phase != "over":
            return None
        totals = tuple(sum(s[p] for s in self.scores) for p in range(self.n))
        low = min(totals)
        return Outcome(
            scores=totals,
            winners=frozenset(p for p in range(self.n) if totals[p] == low),
            reason="turn_limit" if self.cut_rounds else "normal",
            cut_rounds=tuple(self.cut_rounds),
        )

    def to_move(self) -> int | None:
        if self.phase == "over":
            return None
        if self.phase == "knock":
            return self.knock_queue[0]
        if self.phase == "place":
            return self.receiver
        return self.current

    # ---- AL-14
    def view(self, seat: int) -> dict[str, object]:
        return {
            "seat": seat,
            "round": self.round,
            "phase": self.phase,
            "current": self.current,
            "reveals_left": self.reveals_left,
            "cards": tuple(
                v if up else None for v, up in zip(self.cards, self.face_up, strict=True)
            ),
            "face_down": tuple(
                v is not None and not up for v, up in zip(self.cards, self.face_up, strict=True)
            ),
            "deck_count": len(self.deck),
            "discard": tuple(self.discard),
            "removed": tuple(self.removed),
            "drawn": self.drawn,
            "knock_queue": tuple(self.knock_queue),
            "knockers": tuple(self.knockers),
            "passers": tuple(self.passers),
            "receiver": self.receiver,
            "placed": self.placed,
            "hand": self.hand if seat == self.receiver else None,
            "hand_count": 0 if self.hand is None else 1,
            "ender": self.ender,
            "last_turns": self.last_turns,
            "turns": self.turns,
            "scores": tuple(self.scores),
            "cut_rounds": tuple(self.cut_rounds),
        }


# --------------------------------------------------------------------------- lockstep


def compare(ref: Ref, st: al.State, where: str) -> None:
    over = ref.phase == "over"
    got = {
        "round": st.round,
        "phase": st.phase,
        "cards": st.cards,
        "face_up": st.face_up,
        "deck": st.deck,
        "discard": st.discard,
        "removed": st.removed,
        "drawn": st.drawn,
        "knock_queue": st.knock_queue,
        "knockers": st.knockers,
        "passers": st.passers,
        "receiver": st.receiver,
        "placed": st.placed,
        "hand": st.hand,
        "ender": st.ender,
        "last_turns": st.last_turns,
        "turns": st.turns,
        "scores": st.scores,
        "cut_rounds": st.cut_rounds,
        "rng": st.rng,
        "to_move": None if over else al.to_move(st),
        "is_over": al.is_over(st),
        "outcome": al.outcome(st),
    }
    want = {
        "round": ref.round,
        "phase": ref.phase,
        "cards": tuple(ref.cards),
        "face_up": tuple(ref.face_up),
        "deck": tuple(ref.deck),
        "discard": tuple(ref.discard),
        "removed": tuple(ref.removed),
        "drawn": ref.drawn,
        "knock_queue": tuple(ref.knock_queue),
        "knockers": tuple(ref.knockers),
        "passers": tuple(ref.passers),
        "receiver": ref.receiver,
        "placed": ref.placed,
        "hand": ref.hand,
        "ender": ref.ender,
        "last_turns": ref.last_turns,
        "turns": ref.turns,
        "scores": tuple(ref.scores),
        "cut_rounds": tuple(ref.cut_rounds),
        "rng": ref.rng,
        "to_move": ref.to_move(),
        "is_over": over,
        "outcome": ref.outcome(),
    }
    if not over:
        got["current"], want["current"] = st.current, ref.current
        got["reveals_left"], want["reveals_left"] = st.reveals_left, ref.reveals_left
    diff = {k: (got[k], want[k]) for k in want if got[k] != want[k]}
    assert not diff, f"{where}: engine != reference: {diff}"


def compare_view(ref: Ref, st: al.State, seat: int, where: str) -> None:
    v = al.view(st, seat)
    want = ref.view(seat)
    if ref.phase == "over":
        del want["current"], want["reveals_left"]
    diff = {k: (getattr(v, k), w) for k, w in want.items() if getattr(v, k) != w}
    assert not diff, f"{where}: view of seat {seat} differs: {diff}"


def lockstep(
    rules: Rules, seed: int, layout: Layout | None = None, state: al.State | None = None
) -> Iterator[al.Move]:
    """Play one game in lockstep (from a new game, or from ``state`` at a turn's start);
    yields the moves (for counting)."""
    if state is None:
        st = al.new_game(rules, seed=seed, layout=layout)
        ref = Ref(rules, seed, layout)
    else:
        st, ref = state, Ref.at_turn(state)
    rng = Rng(seed ^ 0x5EED)
    step = 0
    compare(ref, st, "start")
    while True:
        where = f"seed {seed}, {rules.players} players, step {step}, phase {ref.phase}"
        want = ref.legal()
        got = al.legal_moves(st)
        assert list(got) == want, f"{where}: legal moves\n engine {got}\n ref    {want}"
        if not want:
            break
        pick, rng = rng.below(len(want))
        seat, rng = rng.below(rules.players)
        move = want[pick]
        st = al.apply(st, move)
        ref.apply(move)
        step += 1
        compare(ref, st, f"{where}, after {move}")
        compare_view(ref, st, seat, f"{where}, after {move}")
        al.check_state(st)
        yield move
    al.check_state(st)


def dense(players: int, values: int, each: int) -> Rules:
    """Rules whose deck holds ``values`` values from 0 up, ``each`` cards of each: many triples."""
    counts = [0] * len(CARD_VALUES)
    for k in range(values):
        counts[1 + k] = each
    return Rules(players=players, deck=tuple(counts))


# Up to four seats in the quick run, every table in CI's slow run.
@pytest.mark.parametrize(
    "players", [n if n <= 4 else pytest.param(n, marks=pytest.mark.slow) for n in range(2, 7)]
)
def test_lockstep_seeded_games(players: int) -> None:
    for seed in range(scaled(3, 6)):
        for _ in lockstep(Rules(players=players), seed * 7919 + players):
            pass


@pytest.mark.parametrize(
    "players", [n if n <= 5 else pytest.param(n, marks=pytest.mark.slow) for n in range(2, 7)]
)
def test_lockstep_dense_decks(players: int) -> None:
    # Few values: triples, long runs, column lines, emptied areas and reshuffles abound.
    for seed in range(scaled(4, 6)):
        values = 2 + seed % 3
        each = (12 * players + 2 + values - 1) // values + seed % 4
        for _ in lockstep(dense(players, values, each), 1000 + seed):
            pass


@pytest.mark.parametrize("players", [2, 3, 4, 6])
@pytest.mark.parametrize("limit", [1, 3, 17, 40])
def test_lockstep_turn_limit(players: int, limit: int) -> None:
    for seed in range(2):
        rules = Rules(players=players, max_turns_per_round=limit)
        for _ in lockstep(rules, 500 + seed):
            pass


def random_layouts(count: int, seed: int) -> Iterator[tuple[Rules, Layout]]:
    """Explicit layouts (AL-4): 2..6 players, the default or a dense deck, from few to
    most cards face up (no triple showing), a discard pile of 1 or more cards, with and
    without the setup reveals; some seats start with no face-down card at all."""
    rng = Rng(seed)
    for k in range(count):
        players = 2 + k % 5
        values = 3 + k % 4
        rules = (
            Rules(players=players)
            if k % 3
            else dense(players, values, (12 * players + 2) // values + 2)
        )
        cards, rng = rng.shuffle(all_cards(rules.deck))
        grids = tuple(tuple(cards[12 * p : 12 * p + 12]) for p in range(players))
        rest = cards[12 * players :]
        density, rng = rng.below(4)
        up: list[Slot] = []
        for p in range(players):
            for i in range(12):
                roll, rng = rng.below(4)
                if roll <= density:
                    up.append(Slot(p, i // 4, i % 4))
        probe = Ref(rules, 0)
        while True:  # turn cards down again until no triple shows
            probe.cards = [v for g in grids for v in g]
            probe.face_up = [False] * (12 * players)
            for s in up:
                probe.face_up[to_index(s)] = True
            probe.removed = []
            probe.triples()
            if not probe.removed:
                break
            first = next(s for s in up if probe.cards[to_index(s)] is None)
            up.remove(first)
        split, rng = rng.below(len(rest) - 1)
        yield (
            rules,
            Layout(
                grids=grids,
                discard=tuple(rest[: split + 1]),
                deck=tuple(rest[split + 1 :]),
                face_up=tuple(up),
                reveals=k % 2 == 0,
            ),
        )


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_lockstep_with_emptied_areas(players: int) -> None:
    # Whole areas removed (AL-8 can do that): such a seat cannot take (AL-6b), is not
    # asked in the knock window and cannot receive (AL-7), and ends the round (AL-9).
    for seed in range(4):
        rules = Rules(players=players)
        st = al.new_game(rules, seed=seed, layout=None)
        pick = Rng(seed)
        while st.phase == "reveal":
            moves = al.legal_moves(st)
            k, pick = pick.below(len(moves))
            st = al.apply(st, moves[k])
        gone = set(ref_area(seed % players, players))
        if seed % 2:
            gone |= set(ref_area((seed + 2) % players, players)[5:])
        cards, face_up, removed = list(st.cards), list(st.face_up), list(st.removed)
        for i in sorted(gone):
            if cards[i] is not None:
                removed.append(cards[i])  # type: ignore[arg-type]
                cards[i], face_up[i] = None, False
        st = attrs.evolve(st, cards=tuple(cards), face_up=tuple(face_up), removed=tuple(removed))
        al.check_state(st)
        for _ in lockstep(rules, seed, state=st):
            pass


def test_lockstep_layouts() -> None:
    for k, (rules, layout) in enumerate(random_layouts(scaled(10, 25), 99)):
        for _ in lockstep(rules, k, layout):
            pass


# --------------------------------------------------------------------------- apply iff legal

_ALL_SLOTS = [Slot(o, r, c) for o in range(6) for r in range(3) for c in range(4)]
_SINGLE: list[al.Move] = [
    Draw(),
    Knock(),
    Pass(),
    Ignore(),
    Discard(),
    *(Give(k) for k in range(6)),
    *(cls(s) for cls in (Reveal, Take, Swap, Discard, Place) for s in _ALL_SLOTS),
]


def universe(st: al.State) -> list[al.Move]:
    """Every move object of a kind that could matter: all single moves, and every
    exchange between places of the game in the exchange phase (a sample otherwise)."""
    n = st.rules.players
    here = _ALL_SLOTS[: 12 * n]
    if st.phase == "exchange":
        pairs = [Exchange(a, b) for a in here for b in here]
    else:
        pairs = [Exchange(here[0], here[-1]), Exchange(here[5], here[5])]
    return [*_SINGLE, *pairs, Exchange(here[0], _ALL_SLOTS[-1])]


def check_apply_iff_legal(st: al.State) -> None:
    legal = al.legal_moves(st)
    assert len(set(legal)) == len(legal), "a legal move is listed twice"
    legal_set = set(legal)
    for move in universe(st):
        if move in legal_set:
            al.check_state(al.apply(st, move))
            continue
        with pytest.raises(al_errors.IllegalMoveError) as info:
            al.apply(st, move)
        err = info.value
        assert err.move == move
        assert err.rule.startswith("AL-")
        assert err.rule in str(err)
        assert repr(move) in str(err)
        assert err.reason


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_apply_accepts_exactly_the_legal_moves(players: int) -> None:
    for seed, rules in ((1, Rules(players=players)), (2, dense(players, 2, 6 * players + 1))):
        st = al.new_game(rules, seed=seed)
        rng = Rng(seed)
        step = exchanges = 0
        while not al.is_over(st):
            if st.phase == "exchange":
                exchanges += 1
                if exchanges % scaled(8, 4) == 1:  # every pair of places: slow, so a sample
                    check_apply_iff_legal(st)
            elif step % scaled(16, 8) == 0 or st.phase in ("give", "place"):
                check_apply_iff_legal(st)
            moves = al.legal_moves(st)
            pick, rng = rng.below(len(moves))
            st = al.apply(st, moves[pick])
            step += 1
        with pytest.raises(al_errors.GameOverError):
            al.apply(st, Draw())
