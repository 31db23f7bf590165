"""The rules: the deal, legal moves, ``apply``, the outcome, views and checks."""

from __future__ import annotations

from bisect import insort

from cardrules import Outcome, Rng
from cardrules.errors import GameOverError, IllegalMoveError, InvalidStateError, RulesError
from crazy_eights._state import (
    CARDS,
    DECK,
    EIGHT,
    Draw,
    Move,
    Name,
    Pass,
    Play,
    Rules,
    State,
    View,
    card_name,
)

# Every move exists once: legal_moves hands out these, in OpenSpiel's action order.
_PLAYS = tuple(Play(card) for card in DECK)
_NAMES = tuple(Name(suit) for suit in range(4))
_DRAW = (Draw(),)
_PASS = (Pass(),)

DRAW_ACTION = CARDS
"""OpenSpiel's action id of a draw (52)."""
PASS_ACTION = CARDS + 1
"""OpenSpiel's action id of a pass (53)."""
NAME_ACTION = CARDS + 2
"""OpenSpiel's action id of naming clubs (54); diamonds, hearts and spades follow."""


def _check_seed(seed: object) -> int:
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise RulesError(f"seed must be an int in [0, 2**64), not {seed!r}")
    return seed


# --------------------------------------------------------------------------- the deal


def new_game(rules: Rules | None = None, *, seed: int) -> State:
    """
    Deal a game (CE-2, CE-3): a random dealer; the hands dealt one card at a time from
    the dealer's left; a card turned up, an 8 put back and another turned.

    >>> state = new_game(Rules(players=4), seed=7)
    >>> [len(hand) for hand in state.hands], len(state.stock), len(state.discard)
    ([5, 5, 5, 5], 31, 1)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise RulesError(f"not crazy_eights Rules: {rules!r}")
    n = rules.players
    dealer, rng = Rng(_check_seed(seed)).below(n)
    deck, rng = rng.shuffle(DECK)
    dealt = n * rules.hand_size
    # CE-2: the i-th card dealt goes to the seat i + 1 places left of the dealer. A
    # shuffled deck dealt in order draws each card uniformly from the rest, as the deal
    # of OpenSpiel's chance nodes does.
    hands = tuple(tuple(sorted(deck[(seat - dealer - 1) % n : dealt : n])) for seat in range(n))
    stock = sorted(deck[dealt:])
    while True:  # CE-3: an 8 turned up goes back into the stock
        index, rng = rng.below(len(stock))
        if stock[index] >> 2 != EIGHT:
            break
    top = stock.pop(index)
    return State(
        rules=rules,
        dealer=dealer,
        hands=hands,
        stock=tuple(stock),
        discard=(top,),
        suit=top & 3,
        current=(dealer + 1) % n,  # CE-4: the dealer's left starts
        drawn=0,
        naming=False,
        passes=0,
        rng=rng,
    )


# --------------------------------------------------------------------------- play


def players(state: State) -> int:
    """How many seats play."""
    return state.rules.players


def is_over(state: State) -> bool:
    """CE-8: a hand is empty, ``max_turns`` cards were played, or the passes ran out."""
    return (
        len(state.discard) > state.rules.max_turns
        or state.passes > state.rules.players
        or not all(state.hands)
    )


def to_move(state: State) -> int | None:
    """The seat to move, ``None`` once over."""
    return None if is_over(state) else state.current


def legal_moves(state: State) -> tuple[Move, ...]:
    """
    Every legal move, in the order of OpenSpiel's action ids: the playable cards, then
    a draw or a pass; or the four suits to name after an 8.

    >>> [str(move) for move in legal_moves(new_game(Rules(players=4), seed=1))]
    ['play 4S', 'play 8S', 'draw']
    """
    if is_over(state):
        return ()
    if state.naming:
        return _NAMES
    top = state.discard[-1] >> 2
    suit = state.suit
    plays = tuple(
        _PLAYS[card]
        for card in state.hands[state.current]
        if card & 3 == suit or card >> 2 == top or card >> 2 == EIGHT
    )
    if state.stock and state.drawn != state.rules.max_draw_cards:
        return plays + _DRAW  # CE-6
    return plays + _PASS  # CE-7


def _follows(state: State, card: int) -> bool:
    # CE-4: the suit to follow, the top card's rank, or an 8.
    return card & 3 == state.suit or card >> 2 in (EIGHT, state.discard[-1] >> 2)


def _put(
    row: tuple[tuple[int, ...], ...], seat: int, hand: tuple[int, ...]
) -> tuple[tuple[int, ...], ...]:
    return (*row[:seat], hand, *row[seat + 1 :])


def apply(state: State, move: Move) -> State:
    """
    The state after ``move``; ``IllegalMoveError`` names the rule it breaks.

    >>> state = new_game(Rules(players=4), seed=1)
    >>> try:
    ...     apply(state, Play(0))
    ... except IllegalMoveError as exc:
    ...     print(exc.rule, exc.reason)
    CE-4 seat 2 does not hold 2C
    """
    if is_over(state):
        raise GameOverError(move)
    rules = state.rules
    seat = state.current
    following = (seat + 1) % rules.players
    if state.naming:
        if type(move) is not Name or type(move.suit) is not int or not 0 <= move.suit < 4:
            raise IllegalMoveError(move, "CE-5", f"seat {seat} played an 8 and names a suit")
        return State(
            rules=rules,
            dealer=state.dealer,
            hands=state.hands,
            stock=state.stock,
            discard=state.discard,
            suit=move.suit,
            current=following,
            drawn=state.drawn,
            naming=False,
            passes=0,
            rng=state.rng,
        )
    kind = type(move)
    if kind is Play:
        assert isinstance(move, Play)
        card = move.card
        hand = state.hands[seat]
        if type(card) is not int or card not in hand:
            held = card_name(card) if type(card) is int and 0 <= card < CARDS else repr(card)
            raise IllegalMoveError(move, "CE-4", f"seat {seat} does not hold {held}")
        if not _follows(state, card):
            top = card_name(state.discard[-1])
            reason = f"{card_name(card)} follows neither the suit to follow nor the rank of {top}"
            raise IllegalMoveError(move, "CE-4", reason)
        left = tuple(other for other in hand if other != card)
        discard = (*state.discard, card)
        over = not left or len(discard) > rules.max_turns  # CE-8
        eight = card >> 2 == EIGHT and not over  # CE-5: the same seat names a suit
        return State(
            rules=rules,
            dealer=state.dealer,
            hands=_put(state.hands, seat, left),
            stock=state.stock,
            discard=discard,
            suit=card & 3,
            current=seat if over or eight else following,
            drawn=0,
            naming=eight,
            passes=0,
            rng=state.rng,
        )
    stock = state.stock
    if kind is Draw:
        if not stock:
            raise IllegalMoveError(move, "CE-7", "the stock is empty; pass")
        if state.drawn == rules.max_draw_cards:
            reason = f"seat {seat} drew {state.drawn} cards in this turn, the most allowed"
            raise IllegalMoveError(move, "CE-6", reason)
        index, rng = state.rng.below(len(stock))
        drawn = list(state.hands[seat])
        insort(drawn, stock[index])
        left_in_stock = (*stock[:index], *stock[index + 1 :])
        return State(
            rules=rules,
            dealer=state.dealer,
            hands=_put(state.hands, seat, tuple(drawn)),
            stock=left_in_stock,
            discard=state.discard,
            suit=state.suit,
            current=seat,
            # CE-6: drawing the last card of the stock is the last draw allowed.
            drawn=state.drawn + 1 if left_in_stock else rules.max_draw_cards,
            naming=False,
            passes=0,
            rng=rng,
        )
    if kind is Pass:
        if stock and state.drawn != rules.max_draw_cards:
            reason = f"seat {seat} may draw: a pass comes after {rules.max_draw_cards} draws"
            raise IllegalMoveError(move, "CE-7", reason)
        passes = 0 if stock else state.passes + 1  # CE-8: passes with an empty stock
        return State(
            rules=rules,
            dealer=state.dealer,
            hands=state.hands,
            stock=stock,
            discard=state.discard,
            suit=state.suit,
            current=seat if passes > rules.players else following,
            drawn=0 if state.drawn == rules.max_draw_cards else state.drawn,
            naming=False,
            passes=passes,
            rng=state.rng,
        )
    raise IllegalMoveError(move, "CE-4", "not a move of crazy_eights")


def _penalty(card: int) -> int:
    # CE-9: 50 for an 8, 10 for J, Q, K and A, and OpenSpiel's ``card + 2`` for the rest.
    rank = card >> 2
    if rank == EIGHT:
        return 50
    return 10 if rank >= 9 else card + 2


def outcome(state: State) -> Outcome | None:
    """
    CE-9: every seat scores minus the penalty of the cards it holds; the highest
    score wins. ``scores`` are OpenSpiel's returns.
    """
    if not is_over(state):
        return None
    scores = tuple(-sum(_penalty(card) for card in hand) for hand in state.hands)
    best = max(scores)
    if not all(state.hands):
        reason = "normal"
    elif len(state.discard) > state.rules.max_turns:
        reason = "turn_limit"
    else:
        reason = "blocked"
    winners = frozenset(seat for seat, score in enumerate(scores) if score == best)
    return Outcome(scores=scores, winners=winners, reason=reason)


# --------------------------------------------------------------------------- OpenSpiel


def action_of(move: Move) -> int:
    """
    OpenSpiel's action id of a move.

    >>> action_of(Play(26)), action_of(Draw()), action_of(Pass()), action_of(Name(3))
    (26, 52, 53, 57)
    """
    if isinstance(move, Play):
        return move.card
    if isinstance(move, Name):
        return NAME_ACTION + move.suit
    return DRAW_ACTION if isinstance(move, Draw) else PASS_ACTION


def move_of(action: int) -> Move:
    """
    The move of one of OpenSpiel's action ids.

    >>> move_of(26), move_of(54)
    (Play(card=26), Name(suit=0))
    """
    if type(action) is not int or not 0 <= action < NAME_ACTION + 4:
        raise RulesError(f"not an action id of crazy_eights: {action!r}")
    if action < CARDS:
        return _PLAYS[action]
    if action >= NAME_ACTION:
        return _NAMES[action - NAME_ACTION]
    return _DRAW[0] if action == DRAW_ACTION else _PASS[0]


# --------------------------------------------------------------------------- views


def view(state: State, seat: int) -> View:
    """
    What ``seat`` may know (CE-10).

    >>> view(new_game(seed=1), 1).hand_sizes
    (5, 5, 5, 5, 5)
    """
    if type(seat) is not int or not 0 <= seat < state.rules.players:
        raise RulesError(f"seat must be in 0..{state.rules.players - 1}, not {seat!r}")
    return View(
        rules=state.rules,
        seat=seat,
        dealer=state.dealer,
        hand=state.hands[seat],
        hand_sizes=tuple(len(hand) for hand in state.hands),
        stock_size=len(state.stock),
        discard=state.discard,
        suit=state.suit,
        current=to_move(state),
        drawn=state.drawn,
        naming=state.naming,
        passes=state.passes,
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
        dealer=state.dealer,
        hands=tuple(hands),
        stock=tuple(sorted(mixed[start:])),
        discard=state.discard,
        suit=state.suit,
        current=state.current,
        drawn=state.drawn,
        naming=state.naming,
        passes=state.passes,
        rng=rng,
    )


# --------------------------------------------------------------------------- checks


def _bad(path: str, what: str) -> InvalidStateError:
    return InvalidStateError(f"{path}: {what}")


def _check_int(value: object, path: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _bad(path, f"expected an int {low}..{high}, got {value!r}")
    return value


def _check_cards(cards: object, path: str, *, ordered: bool) -> tuple[int, ...]:
    if type(cards) is not tuple:
        raise _bad(path, f"expected a tuple of cards, got {type(cards).__name__}")
    for i, card in enumerate(cards):
        _check_int(card, f"{path}[{i}]", 0, CARDS - 1)
    if ordered and list(cards) != sorted(set(cards)):
        raise _bad(path, "is not sorted or repeats a card")
    return cards


def _check_play(
    rules: Rules, discard: tuple[int, ...], suit: object, naming: object, path: str
) -> None:
    """The discard pile, the suit to follow and ``naming`` agree (CE-3, CE-5)."""
    if not discard:
        raise _bad(f"{path}.discard", "is empty; it always holds the card turned up")
    if discard[0] >> 2 == EIGHT:
        raise _bad(f"{path}.discard", "starts with an 8, which is never turned up (CE-3)")
    if len(discard) - 1 > rules.max_turns:
        raise _bad(f"{path}.discard", f"holds more than {rules.max_turns} cards played")
    top = discard[-1]
    _check_int(suit, f"{path}.suit", 0, 3)
    if suit != top & 3 and top >> 2 != EIGHT:  # CE-5: only an 8 changes the suit
        raise _bad(f"{path}.suit", f"differs from the suit of {card_name(top)}, no 8")
    if type(naming) is not bool or (naming and top >> 2 != EIGHT):
        raise _bad(f"{path}.naming", "names a suit without an 8 on top (CE-5)")


def check_state(state: State) -> None:
    """
    Raise ``InvalidStateError`` for a state that breaks an invariant: every card of the
    deck exactly once, sorted hands and stock, the suit to follow, counts in range.
    """
    if not isinstance(state.rules, Rules):
        raise _bad("state.rules", f"not crazy_eights Rules: {state.rules!r}")
    rules = state.rules
    n = rules.players
    _check_int(state.dealer, "state.dealer", 0, n - 1)
    if type(state.hands) is not tuple or len(state.hands) != n:
        raise _bad("state.hands", f"expected a tuple of {n} hands")
    everything: list[int] = []
    for seat, hand in enumerate(state.hands):
        everything.extend(_check_cards(hand, f"state.hands[{seat}]", ordered=True))
    everything.extend(_check_cards(state.stock, "state.stock", ordered=True))
    everything.extend(_check_cards(state.discard, "state.discard", ordered=False))
    if sorted(everything) != list(DECK):  # CE-1
        raise _bad("state", "the cards are not the deck, each card once")
    _check_play(rules, state.discard, state.suit, state.naming, "state")
    _check_int(state.current, "state.current", 0, n - 1)
    _check_int(state.drawn, "state.drawn", 0, rules.max_draw_cards)
    _check_int(state.passes, "state.passes", 0, n + 1)
    if state.passes and state.stock:
        raise _bad("state.passes", "counts passes while the stock holds cards (CE-8)")
    if sum(not hand for hand in state.hands) > 1:
        raise _bad("state.hands", "two are empty: the game went on after it ended (CE-8)")
    if not all(state.hands) and state.hands[state.current]:
        raise _bad("state.current", "is not the seat that played its last card")
    if not isinstance(state.rng, Rng):
        raise _bad("state.rng", f"not an Rng: {state.rng!r}")


def check_view(view: View) -> None:
    """Raise ``InvalidStateError`` for a view that is inconsistent in itself."""
    if not isinstance(view.rules, Rules):
        raise _bad("view.rules", f"not crazy_eights Rules: {view.rules!r}")
    rules = view.rules
    n = rules.players
    _check_int(view.seat, "view.seat", 0, n - 1)
    _check_int(view.dealer, "view.dealer", 0, n - 1)
    if type(view.hand_sizes) is not tuple or len(view.hand_sizes) != n:
        raise _bad("view.hand_sizes", f"expected a tuple of {n} counts")
    for seat, size in enumerate(view.hand_sizes):
        _check_int(size, f"view.hand_sizes[{seat}]", 0, CARDS)
    hand = _check_cards(view.hand, "view.hand", ordered=True)
    if len(hand) != view.hand_sizes[view.seat]:
        raise _bad("view.hand", "disagrees with its size in view.hand_sizes")
    discard = _check_cards(view.discard, "view.discard", ordered=False)
    if len(set(discard)) != len(discard) or set(discard) & set(hand):
        raise _bad("view.discard", "repeats a card, or holds one of the hand")
    _check_int(view.stock_size, "view.stock_size", 0, CARDS)
    if sum(view.hand_sizes) + view.stock_size + len(discard) != CARDS:
        raise _bad("view", "the counted cards are not the 52 of the deck")
    _check_play(rules, discard, view.suit, view.naming, "view")
    _check_int(view.drawn, "view.drawn", 0, rules.max_draw_cards)
    _check_int(view.passes, "view.passes", 0, n + 1)
    if view.hand_sizes.count(0) > 1:
        raise _bad("view.hand_sizes", "two are empty: the game went on after it ended")
    over = 0 in view.hand_sizes or len(discard) > rules.max_turns or view.passes > n
    if view.current is None:
        if not over:
            raise _bad("view.current", "is None in a game that is not over")
    else:
        _check_int(view.current, "view.current", 0, n - 1)
        if over:
            raise _bad("view.current", "names a seat in a game that is over")
