"""The toy game's rules: the deal, legal moves, ``apply``, views and checks."""

from __future__ import annotations

import attrs

from cardrules import Outcome, Rng
from cardrules.errors import GameOverError, IllegalMoveError, InvalidStateError, RulesError
from toygame._state import (
    DECK,
    EIGHT,
    SUITS,
    Card,
    Draw,
    Move,
    Pass,
    Play,
    Rules,
    State,
    View,
)

_DECK_SET = frozenset(DECK)


def _check_seed(seed: object) -> int:
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise RulesError(f"seed must be an int in [0, 2**64), not {seed!r}")
    return seed


# --------------------------------------------------------------------------- the deal


def new_game(rules: Rules | None = None, *, seed: int) -> State:
    """
    Deal a game (TOY-2): the deck shuffled with ``Rng(seed)``, ``hand_size`` cards to
    each seat in turn, the next card face up, the rest the stock.

    >>> state = new_game(Rules(players=3), seed=7)
    >>> [len(hand) for hand in state.hands], len(state.stock)
    ([5, 5, 5], 16)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError(f"not toy Rules: {rules!r}")
    deck, rng = Rng(_check_seed(seed)).shuffle(DECK)
    n, size = rules.players, rules.hand_size
    hands = tuple(tuple(sorted(deck[seat : n * size : n])) for seat in range(n))
    top = deck[n * size]
    return State(
        rules=rules,
        hands=hands,
        stock=deck[n * size + 1 :],
        discard=(top,),
        suit=top.suit,
        current=0,  # TOY-3: seat 0 starts
        rng=rng,
    )


# --------------------------------------------------------------------------- play


def players(state: State) -> int:
    """How many seats play."""
    return state.rules.players


def is_over(state: State) -> bool:
    """TOY-7: a hand is empty."""
    return not all(state.hands)


def to_move(state: State) -> int | None:
    """The seat to move, ``None`` once over."""
    return None if is_over(state) else state.current


def _playable(state: State, card: Card) -> bool:
    # TOY-4: an 8 always; TOY-3: otherwise the suit to follow or the top card's rank.
    top = state.discard[-1]
    return card.rank == EIGHT or card.suit == state.suit or card.rank == top.rank


def _can_draw(state: State) -> bool:
    # TOY-5: the stock, or the discard pile below its top card once reshuffled.
    return bool(state.stock) or len(state.discard) > 1


def legal_moves(state: State) -> tuple[Move, ...]:
    """
    Every legal move: the playable cards (an 8 once per suit it may name), else a
    draw, else a pass.

    >>> [str(move) for move in legal_moves(new_game(seed=1))]
    ['play 1S', 'play 2S']
    """
    if is_over(state):
        return ()
    plays: list[Move] = []
    for card in state.hands[state.current]:
        if card.rank == EIGHT:
            plays.extend(Play(card, suit) for suit in SUITS)
        elif _playable(state, card):
            plays.append(Play(card))
    if plays:
        return tuple(plays)
    return (Draw(),) if _can_draw(state) else (Pass(),)


def _refuse(state: State, move: object) -> IllegalMoveError | None:
    """Why ``move`` is illegal now, or ``None`` if it is legal."""
    hand = state.hands[state.current]
    can_play = any(_playable(state, card) for card in hand)
    if isinstance(move, Play):
        if not isinstance(move.card, Card) or move.card not in hand:
            return IllegalMoveError(move, "TOY-3", f"seat {state.current} does not hold it")
        if move.card.rank == EIGHT and move.suit not in SUITS:
            return IllegalMoveError(move, "TOY-4", "an 8 names one of the suits C, D, H, S")
        if move.card.rank != EIGHT and move.suit is not None:
            return IllegalMoveError(move, "TOY-4", "only an 8 names a suit")
        if not _playable(state, move.card):
            top = state.discard[-1]
            reason = f"{move.card} follows neither the suit {state.suit} nor the rank of {top}"
            return IllegalMoveError(move, "TOY-3", reason)
        return None
    if isinstance(move, Draw):
        if can_play:
            return IllegalMoveError(move, "TOY-5", "a seat that can play may not draw")
        if not _can_draw(state):
            return IllegalMoveError(move, "TOY-6", "there is no card to draw; pass")
        return None
    if isinstance(move, Pass):
        if can_play or _can_draw(state):
            return IllegalMoveError(move, "TOY-6", "a seat that can play or draw may not pass")
        return None
    return IllegalMoveError(move, "TOY-3", "not a move of the toy game")


def apply(state: State, move: Move) -> State:
    """
    The state after ``move``; ``IllegalMoveError`` names the rule it breaks.

    >>> state = new_game(seed=1)
    >>> try:
    ...     apply(state, Play(Card(3, "C")))
    ... except IllegalMoveError as exc:
    ...     print(exc.rule, exc.reason)
    TOY-3 3C follows neither the suit S nor the rank of 4S
    """
    if is_over(state):
        raise GameOverError(move)
    error = _refuse(state, move)
    if error is not None:
        raise error
    seat, n = state.current, state.rules.players
    following = (seat + 1) % n
    if isinstance(move, Play):
        hand = tuple(card for card in state.hands[seat] if card != move.card)
        return State(
            rules=state.rules,
            hands=(*state.hands[:seat], hand, *state.hands[seat + 1 :]),
            stock=state.stock,
            discard=(*state.discard, move.card),
            suit=move.suit or move.card.suit,
            current=seat if not hand else following,  # TOY-7: an empty hand ends the game
            rng=state.rng,
        )
    if isinstance(move, Draw):
        stock, discard, rng = state.stock, state.discard, state.rng
        if not stock:  # TOY-5: reshuffle all but the top card of the discard pile
            stock, rng = rng.shuffle(discard[:-1])
            discard = discard[-1:]
        hand = tuple(sorted((*state.hands[seat], stock[0])))
        return State(
            rules=state.rules,
            hands=(*state.hands[:seat], hand, *state.hands[seat + 1 :]),
            stock=stock[1:],
            discard=discard,
            suit=state.suit,
            current=following,
            rng=rng,
        )
    return attrs.evolve(state, current=following)  # TOY-6: a pass


def outcome(state: State) -> Outcome | None:
    """TOY-7: the seat that emptied its hand wins; the scores are the cards left."""
    if not is_over(state):
        return None
    left = tuple(len(hand) for hand in state.hands)
    return Outcome(scores=left, winners=frozenset({left.index(0)}), reason="normal")


# --------------------------------------------------------------------------- views


def view(state: State, seat: int) -> View:
    """
    What ``seat`` may know (TOY-8).

    >>> view(new_game(seed=1), 1).hand_sizes
    (5, 5)
    """
    if type(seat) is not int or not 0 <= seat < state.rules.players:
        raise RulesError(f"seat must be in 0..{state.rules.players - 1}, not {seat!r}")
    return View(
        rules=state.rules,
        seat=seat,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        top=state.discard[-1],
        suit=state.suit,
        stock_size=len(state.stock),
        discard_size=len(state.discard),
        current=to_move(state),
    )


def redeal_hidden(state: State, seat: int, *, seed: int) -> State:
    """
    ``state`` with the other hands, the stock and the generator mixed by ``Rng(seed)``.

    >>> state = new_game(seed=1)
    >>> view(redeal_hidden(state, 0, seed=9), 0) == view(state, 0)
    True
    """
    others = [other for other in range(state.rules.players) if other != seat]
    hidden = [card for other in others for card in state.hands[other]]
    mixed, rng = Rng(_check_seed(seed)).shuffle(sorted((*hidden, *state.stock)))
    hands = list(state.hands)
    start = 0
    for other in others:
        size = len(state.hands[other])
        hands[other] = tuple(sorted(mixed[start : start + size]))
        start += size
    return State(
        rules=state.rules,
        hands=tuple(hands),
        stock=mixed[start:],
        discard=state.discard,
        suit=state.suit,
        current=state.current,
        rng=rng,
    )


# --------------------------------------------------------------------------- checks


def _bad(path: str, what: str) -> InvalidStateError:
    return InvalidStateError(f"{path}: {what}")


def _check_int(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(path, f"expected an int {low}..{high}, got {value!r}")
    return value


def _check_cards(cards: object, path: str) -> tuple[Card, ...]:
    if type(cards) is not tuple:
        raise _bad(path, f"expected a tuple of cards, got {type(cards).__name__}")
    for i, card in enumerate(cards):
        if card not in _DECK_SET:
            raise _bad(f"{path}[{i}]", f"not a card of the deck: {card!r}")
    return cards


def _check_suit(suit: object, top: Card, path: str) -> None:
    if suit not in SUITS:
        raise _bad(path, f"not a suit: {suit!r}")
    if suit != top.suit and top.rank != EIGHT:  # TOY-4: only an 8 changes the suit
        raise _bad(path, f"{suit} differs from the suit of {top}, which is no 8")


def check_state(state: State) -> None:
    """
    Raise ``InvalidStateError`` for a state that breaks an invariant: every card of
    the deck exactly once, sorted hands, the suit to follow, seats and counts in range.
    """
    if not isinstance(state.rules, Rules):
        raise _bad("state.rules", f"not toy Rules: {state.rules!r}")
    n = state.rules.players
    if type(state.hands) is not tuple or len(state.hands) != n:
        raise _bad("state.hands", f"expected a tuple of {n} hands")
    everything: list[Card] = []
    for seat, hand in enumerate(state.hands):
        _check_cards(hand, f"state.hands[{seat}]")
        if list(hand) != sorted(hand):
            raise _bad(f"state.hands[{seat}]", "is not sorted")
        everything.extend(hand)
    everything.extend(_check_cards(state.stock, "state.stock"))
    everything.extend(_check_cards(state.discard, "state.discard"))
    if sorted(everything) != sorted(DECK):  # TOY-1: the 32 cards, each once
        raise _bad("state", "the cards are not the deck, each card once")
    if not state.discard:
        raise _bad("state.discard", "is empty; it always holds the top card")
    _check_suit(state.suit, state.discard[-1], "state.suit")
    _check_int(state.current, "state.current", 0, n - 1)
    if sum(not hand for hand in state.hands) > 1:
        raise _bad("state.hands", "two are empty: the game went on after it ended (TOY-7)")
    if not state.hands[state.current] and not all(
        state.hands[seat] for seat in range(n) if seat != state.current
    ):
        raise _bad("state.current", "is not the winner of a finished game")
    if not isinstance(state.rng, Rng):
        raise _bad("state.rng", f"not an Rng: {state.rng!r}")


def check_view(view: View) -> None:
    """Raise ``InvalidStateError`` for a view that is inconsistent in itself."""
    if not isinstance(view.rules, Rules):
        raise _bad("view.rules", f"not toy Rules: {view.rules!r}")
    n = view.rules.players
    _check_int(view.seat, "view.seat", 0, n - 1)
    if type(view.hand_sizes) is not tuple or len(view.hand_sizes) != n:
        raise _bad("view.hand_sizes", f"expected a tuple of {n} counts")
    for seat, size in enumerate(view.hand_sizes):
        _check_int(size, f"view.hand_sizes[{seat}]", 0, len(DECK))
    hand = _check_cards(view.hand, "view.hand")
    if len(hand) != view.hand_sizes[view.seat] or list(hand) != sorted(set(hand)):
        raise _bad("view.hand", "is not sorted, repeats a card or disagrees with its size")
    if view.top not in _DECK_SET or view.top in hand:
        raise _bad("view.top", f"not a card outside the hand: {view.top!r}")
    _check_suit(view.suit, view.top, "view.suit")
    _check_int(view.stock_size, "view.stock_size", 0, len(DECK))
    _check_int(view.discard_size, "view.discard_size", 1, len(DECK))
    if sum(view.hand_sizes) + view.stock_size + view.discard_size != len(DECK):
        raise _bad("view", "the counted cards are not the 32 of the deck")
    if view.hand_sizes.count(0) > 1:
        raise _bad("view.hand_sizes", "two are empty: the game went on after it ended")
    over = 0 in view.hand_sizes
    if view.current is None:
        if not over:
            raise _bad("view.current", "is None in a game that is not over")
    else:
        _check_int(view.current, "view.current", 0, n - 1)
        if over:
            raise _bad("view.current", "names a seat in a game that is over")
