"""
Scripted situations, one or more per rule (BM-1 .. BM-10, on the Beggar-my-neighbour docs page).

Deals are written in the notation of the literature, one string per seat, top
card first; a stack ending in ``+`` takes the rest of the deck (see
``helpers.fill``), so that every deal is the 52 cards.
"""

from __future__ import annotations

import attrs
import pytest

from cardrules import GameOverError, IllegalMoveError, Outcome, RulesError, beggar
from cardrules._rng import Rng
from cardrules.beggar import DECK, Card, Rules, Turn, new_game, outcome, play_out
from tests.beggar.helpers import deal, finish, marks, sizes, turn

MANN_WU = ("K-KK----K-A-----JAA--Q--J-", "---Q---Q-J-----J------AQ--")
CASELLA = ("---K---Q-KQAJ-----AAJ--J--", "----------Q----KQ-J-----KA")


def seats_to_move(state: beggar.State, times: int) -> list[int | None]:
    """The seat to move before each of ``times`` turns."""
    seen = []
    for _ in range(times):
        seen.append(beggar.to_move(state))
        state = turn(state)
    return seen


# BM-1 Cards ---------------------------------------------------------------------------


def test_bm1_penalty_cards_demand_4_3_2_1() -> None:
    assert len(DECK) == len(set(DECK)) == 52
    demands = {card.rank: card.demand for card in DECK}
    assert demands == {
        "A": 4,
        "K": 3,
        "Q": 2,
        "J": 1,
        **{str(n): 0 for n in range(2, 11)},
    }
    assert sum(card.is_penalty for card in DECK) == 16


def test_bm1_card_from_str_and_str_are_a_pair() -> None:
    for card in DECK:
        assert Card.from_str(str(card)) == card
    assert str(Card.from_str("10S")) == "10S"
    assert Card.from_str("QH") == Card("Q", "H")


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1H", "rank must be one of A, 2, 3, 4, 5, 6, 7, 8, 9, 10, J, Q, K, not '1'"),
        ("QX", "suit must be one of C, D, H, S, not 'X'"),
        ("Qh", "suit must be one of C, D, H, S, not 'h'"),
        ("Q", "not a card: 'Q'"),
        ("", "not a card: ''"),
    ],
)
def test_bm1_bad_cards_are_rejected(text: str, message: str) -> None:
    with pytest.raises(RulesError, match=message):
        Card.from_str(text)


# BM-2 Players -------------------------------------------------------------------------


def test_bm2_two_to_four_players() -> None:
    assert Rules().players == 2
    for n in (2, 3, 4):
        assert len(new_game(Rules(players=n), seed=1).stacks) == n
    for bad in (1, 5, 0, True, "3", 2.0):
        with pytest.raises(
            RulesError, match=r"^Rules\.players must be an int from 2 to 4 \(BM-2\)"
        ):
            Rules(players=bad)  # type: ignore[arg-type]


# BM-3 Deal ----------------------------------------------------------------------------


@pytest.mark.parametrize("n", [2, 3, 4])
def test_bm3_seeded_deal_goes_round_the_table(n: int) -> None:
    state = new_game(Rules(players=n), seed=42)
    shuffled, rng = Rng(42).shuffle(DECK)
    for seat in range(n):
        assert state.stacks[seat] == shuffled[seat::n]
    assert state.stacks[0][0] == shuffled[0]  # d[0] is the top of seat 0's stack
    assert sum(sizes(state)) == 52
    assert state.rng == rng
    assert new_game(Rules(players=n), seed=42) == state
    assert new_game(Rules(players=n), seed=43) != state


def test_bm3_notation_cards_are_given_in_a_fixed_order() -> None:
    state = new_game(stacks=MANN_WU)
    assert beggar.notation(state.stacks) == MANN_WU
    # The k-th "-" is the k-th number card of DECK, the k-th "K" the k-th king, ...
    assert [str(card) for card in state.stacks[0][:8]] == [
        "KC",
        "2C",
        "KD",
        "KH",
        "2D",
        "2H",
        "2S",
        "3C",
    ]
    # Seat 0 holds 16 "-" (2C .. 5S) and one "Q" (QC): seat 1 goes on from there.
    assert [str(card) for card in state.stacks[1][:4]] == ["6C", "6D", "6H", "QD"]
    assert sorted(map(str, state.stacks[0] + state.stacks[1])) == sorted(map(str, DECK))


def test_bm3_stacks_of_cards() -> None:
    cards = list(DECK)
    state = new_game(Rules(players=3), stacks=(cards[:2], cards[2:40], cards[40:]))
    assert sizes(state) == (2, 38, 12)
    assert state.stacks[0] == (Card("A", "C"), Card("A", "D"))
    assert state.rng == Rng(0)


@pytest.mark.parametrize(
    ("stacks", "message"),
    [
        (("K-", "--"), r"the stacks hold 4 cards; a deck has 52 \(BM-1\)"),
        (("X" + "-" * 25, "-" * 26), r"stacks\[0\]\[0\]: bad character 'X'"),
        (("-" * 26, "-" * 25 + "k"), r"stacks\[1\]\[25\]: bad character 'k'"),
        (
            ("A" * 5 + "-" * 21, "-" * 15 + "KKKKQQQQJJJ"),
            r"the stacks hold 5 aces \('A'\); a deck has 4",
        ),
        (("-" * 26, "-" * 26), r"the stacks hold 52 number cards \('-'\); a deck has 36"),
        ((MANN_WU[0],), r"1 stacks given for players=2; give one per seat"),
        ((*MANN_WU, ""), r"3 stacks given for players=2; give one per seat"),
    ],
)
def test_bm3_bad_notation_decks_are_rejected(stacks: tuple[str, ...], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        new_game(stacks=stacks)


def test_bm3_bad_card_decks_are_rejected() -> None:
    cards = list(DECK)
    with pytest.raises(
        RulesError, match=r"stacks\[1\]\[0\]: duplicate card AC \(also at stacks\[0\]\[0\]\)"
    ):
        new_game(stacks=(cards[:26], cards[:1] + cards[27:]))
    with pytest.raises(
        RulesError, match=r"the stacks hold 51 cards; a deck has 52 \(missing: KS\)"
    ):
        new_game(stacks=(cards[:26], cards[26:51]))
    with pytest.raises(RulesError, match=r"stacks\[0\]\[1\]: not a Card: 'QH'"):
        new_game(stacks=([cards[0], "QH"], cards[1:]))  # type: ignore[arg-type]
    with pytest.raises(
        RulesError, match="every stack as notation strings, or every stack as Cards"
    ):
        new_game(stacks=(MANN_WU[0], cards[:26]))  # type: ignore[arg-type]


def test_bm3_exactly_one_of_seed_and_stacks() -> None:
    with pytest.raises(RulesError, match="exactly one of seed"):
        new_game()
    with pytest.raises(RulesError, match="exactly one of seed"):
        new_game(seed=1, stacks=MANN_WU)
    for bad in (-1, 2**64, True, 1.0, "7"):
        with pytest.raises(RulesError, match=r"seed must be an int in \[0, 2\*\*64\)"):
            new_game(seed=bad)  # type: ignore[arg-type]
    assert new_game(seed=2**64 - 1).cards == 0


# BM-4 Turning -------------------------------------------------------------------------


def test_bm4_seat_0_first_and_number_cards_pass_the_turn() -> None:
    state = deal("--+", "--", "--")
    assert beggar.to_move(state) == 0
    assert beggar.legal_moves(state) == (Turn(),)
    top = state.stacks[0][0]
    after = turn(state)
    assert after.pile == (top,)
    assert after.stacks[0] == state.stacks[0][1:]
    assert seats_to_move(state, 4) == [0, 1, 2, 0]
    assert marks(turn(state, 3).pile) == "---"


def test_bm4_turn_is_the_only_move() -> None:
    state = new_game(seed=1)
    with pytest.raises(IllegalMoveError, match="BM-4") as info:
        beggar.apply(state, "turn")  # type: ignore[arg-type]
    assert info.value.rule == "BM-4"
    assert str(Turn()) == "turn"


# BM-5 Paying --------------------------------------------------------------------------


def test_bm5_payment_ends_with_number_cards() -> None:
    state = deal("K+", "----")
    after = turn(state)
    assert (after.turn, after.owed, after.penalty_seat) == (1, 3, 0)
    assert [(s.turn, s.owed) for s in (turn(state, 2), turn(state, 3))] == [(1, 2), (1, 1)]
    after = turn(state, 4)
    # The player who laid the penalty card takes the pile and leads.
    assert (after.turn, after.owed, after.penalty_seat, after.pile) == (0, 0, None, ())
    assert (after.cards, after.tricks) == (4, 1)
    assert sizes(after) == (51, 1)


def test_bm5_a_penalty_card_passes_the_debt_on() -> None:
    state = deal("K-+", "-Q--")
    after = turn(state, 3)  # K, then "-" and Q in payment
    assert (after.turn, after.owed, after.penalty_seat) == (0, 2, 1)
    after = turn(state, 5)  # seat 0 pays "-" "-": seat 1 takes
    assert (after.turn, after.tricks, after.pile) == (1, 1, ())
    assert marks(after.stacks[1]) == "--" + "K-Q--"


def test_bm5_three_players_the_next_player_owes_the_new_card() -> None:
    state = deal("J+", "Q--", "---")
    assert seats_to_move(state, 4) == [0, 1, 2, 2]
    after = turn(state, 2)
    assert (after.turn, after.owed, after.penalty_seat) == (2, 2, 1)
    after = turn(state, 4)
    assert (after.turn, after.tricks) == (1, 1)
    assert marks(after.stacks[1]) == "--" + "JQ--"
    assert sizes(after) == (45, 6, 1)


def test_bm5_bm7_four_players_debt_passes_round_the_table() -> None:
    state = deal("J-+", "Q", "-", "--")
    assert seats_to_move(state, 7) == [0, 1, 2, 1, 3, 1, 3]
    # Seat 2 runs out while paying seat 1's queen: seat 1 takes J Q -.
    after = turn(state, 3)
    assert (after.turn, after.tricks, after.out) == (1, 1, (False, False, True, False))
    assert marks(after.stacks[1]) == "JQ-"
    # Seat 1's jack skips seat 2 (out): seat 3 pays it.
    after = turn(state, 5)
    assert (after.turn, after.tricks, marks(after.stacks[1])) == (1, 2, "Q-J-")
    # Seat 3 runs out paying the queen; seat 1 takes, and only seats 0 and 1 are left.
    after = turn(state, 7)
    assert (after.turn, after.tricks, after.out) == (1, 3, (False, False, True, True))
    assert marks(after.stacks[1]) == "-J-Q-"
    assert beggar.to_move(turn(after)) == 0


# BM-6 Taking the pile -----------------------------------------------------------------


def test_bm6_pile_goes_under_in_the_order_laid() -> None:
    state = deal("K+", "----")
    before = turn(state, 3)
    laid = (*before.pile, before.stacks[1][0])
    after = turn(before)
    assert laid[0].rank == "K"
    # The first card laid lies just under the taker's old cards, the last is the bottom.
    assert after.stacks[0] == before.stacks[0] + laid
    assert after.stacks[0][-1] == laid[-1]


def test_bm6_four_players_pile_of_three_payers_goes_under_in_the_order_laid() -> None:
    # Seat 0's king; seat 1 pays "-" then a queen; seat 2 pays "-" then a jack; seat 3
    # pays the jack with "-": seat 2 laid the last penalty card and takes all six.
    state = deal("K+", "-Q", "-J", "---")
    assert seats_to_move(state, 7) == [0, 1, 1, 2, 2, 3, 2]
    before = turn(state, 5)
    laid = (*before.pile, before.stacks[3][0])
    assert marks(laid) == "K-Q-J-"
    after = turn(before)
    assert (after.turn, after.tricks, after.cards, after.pile) == (2, 1, 6, ())
    assert after.stacks[2] == before.stacks[2] + laid
    assert marks(after.stacks[2]) == "K-Q-J-"


# BM-7 Out of cards --------------------------------------------------------------------


def test_bm7_a_trick_that_empties_the_loser_ends_the_game_at_once() -> None:
    state = turn(deal("J+", "-"), 2)
    assert beggar.is_over(state)
    assert (state.ended, state.cards, state.tricks, state.turn) == ("normal", 2, 1, 0)
    assert outcome(state) == Outcome(scores=(52, 0), winners=frozenset({0}), reason="normal")
    assert beggar.legal_moves(state) == ()
    assert beggar.to_move(state) is None


def test_bm7_last_number_card_loses_after_one_more_card_and_the_pile() -> None:
    state = turn(deal("--+", "-"), 2)
    # Seat 1 has no cards but is not out yet: seat 0 turns one more card.
    assert not beggar.is_over(state)
    assert (beggar.to_move(state), sizes(state), state.out) == (0, (50, 0), (False, False))
    state = turn(state)
    assert (state.ended, state.cards, state.tricks) == ("normal", 3, 1)
    assert state.out == (False, True)
    assert sizes(state) == (52, 0)


def test_bm7_last_number_card_then_a_penalty_card() -> None:
    state = finish(deal("-K+", "-"))
    assert (state.ended, state.cards, state.tricks, sizes(state)) == ("normal", 3, 1, (52, 0))


def test_bm7_running_out_while_paying() -> None:
    state = turn(deal("A+", "--"), 2)
    assert not beggar.is_over(state)
    state = turn(state)
    assert (state.ended, state.cards, state.tricks, state.out) == ("normal", 3, 1, (False, True))
    assert outcome(state) is not None


def test_bm7_no_cards_is_not_out_a_last_penalty_card_can_win_the_pile() -> None:
    state = turn(deal("--+", "J"), 2)
    assert sizes(state)[1] == 0
    assert not beggar.is_over(state)
    state = turn(state)  # seat 0 pays the jack with a number card
    assert (state.turn, state.tricks, marks(state.stacks[1])) == (1, 1, "-J-")


def test_bm7_three_players_an_empty_player_who_owes_is_out() -> None:
    state = turn(deal("-K+", "-", "--"), 3)
    assert sizes(state)[1] == 0
    assert state.out == (False, False, False)
    state = turn(state)  # seat 0's king: seat 1 must pay, has none, and is out
    assert (state.turn, state.tricks, state.out) == (0, 1, (False, True, False))
    assert marks(state.stacks[0])[-4:] == "---K"
    assert beggar.to_move(turn(state)) == 2  # seat 1 is skipped from now on


def test_bm7_empty_stacks_at_the_start() -> None:
    full = "-" * 36 + "AAAAKKKKQQQQJJJJ"
    state = new_game(stacks=("", full))
    assert (state.ended, state.turn, state.out, state.cards) == ("normal", 1, (True, False), 0)
    assert new_game(Rules(players=3), stacks=("", full, "")).ended == "normal"
    two = new_game(stacks=(full, ""))
    assert (finish(two).cards, finish(two).tricks, finish(two).out) == (1, 1, (False, True))
    state = new_game(Rules(players=3), stacks=("", full[:30], full[30:]))
    assert (beggar.to_move(state), state.out, state.ended) == (1, (True, False, False), None)
    assert state.cycle_key == "1|*|" + full[:30] + "|" + full[30:]
    assert play_out(state).state == finish(state)
    beggar.check_state(state)


def test_bm7_hand_checked_three_player_game() -> None:
    state = deal("K+", "-", "--")
    assert seats_to_move(state, 7) == [0, 1, 0, 2, 0, 2, 0]
    after = turn(state, 2)  # seat 1 runs out while paying the king
    assert (after.turn, after.tricks, after.out, sizes(after)) == (
        0,
        1,
        (False, True, False),
        (50, 0, 2),
    )
    final = turn(state, 7)
    assert (final.ended, final.cards, final.tricks) == ("normal", 7, 2)
    assert final.out == (False, True, True)
    assert outcome(final) == Outcome(scores=(52, 0, 0), winners=frozenset({0}), reason="normal")
    assert play_out(state).state == final


def test_bm7_hand_checked_four_player_game() -> None:
    state = deal("A-+", "-", "-", "-")
    assert seats_to_move(state, 6) == [0, 1, 0, 2, 3, 0]
    assert turn(state, 2).out == (False, True, False, False)
    final = turn(state, 6)
    assert (final.ended, final.cards, final.tricks, sizes(final)) == (
        "normal",
        6,
        2,
        (52, 0, 0, 0),
    )
    assert final.out == (False, True, True, False)
    assert play_out(state).state == final
    assert play_out(state).winner == 0


def test_bm7_three_players_payer_runs_out_and_the_last_penalty_player_takes() -> None:
    # Seat 0's king; seat 1 pays with its last card, a queen; seat 2 pays the queen with
    # its last card "-" and owes one more: it is out, and seat 1 (not seat 0) takes.
    state = deal("K+", "Q", "-")
    assert seats_to_move(state, 5) == [0, 1, 2, 1, 0]
    after = turn(state, 3)
    assert (after.turn, after.owed, after.penalty_seat) == (1, 0, None)
    assert (after.cards, after.tricks, after.out) == (3, 1, (False, False, True))
    assert marks(after.stacks[1]) == "KQ-"
    assert sizes(after) == (49, 3, 0)
    # Seat 1's king skips seat 2: seat 0 pays it.
    after = turn(after)
    assert (after.turn, after.owed, after.penalty_seat) == (0, 3, 1)
    assert play_out(state).state == finish(state)


def test_bm7_three_players_a_trick_that_empties_both_others_ends_at_once() -> None:
    # Seat 2 holds no card but never had to turn: it is not out, and the game is over.
    state = turn(deal("J+", "-", ""), 2)
    assert (state.ended, state.turn, state.cards, state.tricks) == ("normal", 0, 2, 1)
    assert state.out == (False, False, False)
    assert outcome(state) == Outcome(scores=(52, 0, 0), winners=frozenset({0}), reason="normal")


def test_bm7_three_players_the_one_player_left_with_cards_takes_at_once() -> None:
    # Seat 0 turns its last card, a number card; seat 1, empty, must turn and is out;
    # now only seat 2 has cards: it takes the pile (a trick) and wins without turning.
    state = turn(deal("-", "", "+"))
    assert (state.ended, state.turn, state.cards, state.tricks) == ("normal", 2, 1, 1)
    assert state.out == (False, True, False)
    assert outcome(state) == Outcome(scores=(0, 0, 52), winners=frozenset({2}), reason="normal")


def test_bm7_four_players_seats_go_out_mid_game_and_are_skipped() -> None:
    state = deal("--J+", "-", "---", "---")
    # Seat 1 turns its last card in round 1 and is out when its turn comes round again
    # (no payment owed: the turn passes on to seat 2); from then on it is skipped.
    assert seats_to_move(state, 12) == [0, 1, 2, 3, 0, 2, 3, 0, 2, 0, 3, 0]
    after = turn(state, 5)
    assert (after.turn, after.out) == (2, (False, True, False, False))
    # Seat 0's jack is paid by seat 2, the next seat that is not out; seat 0 takes 9 cards.
    after = turn(state, 9)
    assert (after.turn, after.cards, after.tricks) == (0, 9, 1)
    assert (after.out, sizes(after)) == ((False, True, False, False), (51, 0, 0, 1))
    # Seat 2 is empty but not out until it must turn (card 10); seat 3 goes out at card 12,
    # and seat 0, alone with cards, takes the last pile of three.
    assert turn(state, 10).out == (False, True, True, False)
    final = turn(state, 12)
    assert (final.ended, final.turn, final.cards, final.tricks) == ("normal", 0, 12, 2)
    assert (final.out, sizes(final)) == ((False, True, True, True), (52, 0, 0, 0))
    assert play_out(state).state == final


# BM-8 Counting ------------------------------------------------------------------------


def test_bm8_counts_of_the_mann_wu_example() -> None:
    state = new_game(stacks=MANN_WU)
    final = finish(state)
    assert (final.cards, final.tricks) == (7157, 1007)
    assert play_out(state).state == final


def test_bm8_every_card_counts_and_the_final_trick_too() -> None:
    state = deal("K+", "----")
    assert [turn(state, k).cards for k in range(5)] == [0, 1, 2, 3, 4]
    assert turn(state, 4).tricks == 1
    assert turn(deal("--+", "-"), 3).tricks == 1  # the final pile of BM-7


# BM-9 Endless games -------------------------------------------------------------------


def test_bm9_position_key_treats_number_cards_as_equal() -> None:
    state = new_game(stacks=MANN_WU)
    assert state.cycle_key == "0|" + "|".join(MANN_WU)
    assert (state.cycle_power, state.cycle_lam) == (1, 0)


def test_bm9_the_casella_deal_ends_endless_under_apply() -> None:
    state = new_game(stacks=CASELLA)
    final = finish(state)
    assert final.ended == "endless"
    result = outcome(final)
    assert result is not None
    assert result.winners == frozenset()
    assert result.scores == sizes(final)
    assert sum(result.scores) == 52
    assert final.pile == ()
    # The detector is constant-size: a key of at most 52 cards, two ints.
    assert len(final.cycle_key) <= 52 + 2 * 2
    assert final.cycle_power < 2**12
    beggar.check_state(final)
    assert play_out(state).state == final


def test_bm9_play_out_reports_the_exact_cycle() -> None:
    result = play_out(new_game(stacks=CASELLA))
    assert result.cycle == beggar.Cycle(
        start_cards=34, start_tricks=4, length_cards=440, length_tricks=62
    )
    assert result.winner is None


def test_bm9_endless_with_a_seat_out() -> None:
    # The Casella cycle played by seats 0 and 1 of a three-player game whose seat 2 is out.
    two = new_game(stacks=CASELLA)
    while two.tricks < 4:
        two = turn(two)
    three = attrs.evolve(
        two,
        rules=Rules(players=3),
        stacks=(*two.stacks, ()),
        out=(False, False, True),
        cycle_key="",
        cycle_power=1,
        cycle_lam=0,
    )
    beggar.check_state(three)
    final = finish(three)
    assert final.ended == "endless"
    assert final.cycle_key.endswith("|*")
    result = play_out(three)
    assert result.state == final
    assert result.cycle == beggar.Cycle(
        start_cards=34, start_tricks=4, length_cards=440, length_tricks=62
    )


def test_bm9_four_players_two_seats_out_from_the_start() -> None:
    # The Casella deal between seats 1 and 3: seat 0 is out at once (seat 1 leads, as seat
    # 0 did), seat 2 when its turn first comes; the cycle is Casella's.
    state = new_game(Rules(players=4), stacks=("", CASELLA[0], "", CASELLA[1]))
    assert (beggar.to_move(state), state.out) == (1, (True, False, False, False))
    final = finish(state)
    assert (final.ended, final.out, final.pile) == ("endless", (True, False, True, False), ())
    result = play_out(state)
    assert result.state == final
    assert result.cycle == beggar.Cycle(
        start_cards=34, start_tricks=4, length_cards=440, length_tricks=62
    )
    assert outcome(final) == Outcome(scores=sizes(final), winners=frozenset(), reason="endless")


def test_bm9_play_out_from_mid_game_of_an_endless_deal() -> None:
    state = turn(new_game(stacks=CASELLA), 500)
    result = play_out(state)
    assert result.state == finish(state)
    assert result.cycle is not None
    assert (result.cycle.length_cards, result.cycle.length_tricks) == (440, 62)


# BM-10 Time limit ---------------------------------------------------------------------


def test_bm10_card_limit_ends_after_that_many_cards() -> None:
    state = new_game(Rules(max_cards=100), seed=3)
    for _ in range(99):
        state = turn(state)
        assert not beggar.is_over(state)
    state = turn(state)
    assert (state.ended, state.cards) == ("card_limit", 100)
    result = outcome(state)
    assert result is not None
    best = max(sizes(state))
    assert result.winners == {s for s, n in enumerate(sizes(state)) if n == best}
    assert play_out(new_game(Rules(max_cards=100), seed=3)).state == state


def test_bm10_ties_all_win() -> None:
    state = turn(deal("-" * 26, "+", max_cards=2), 2)
    assert sizes(state) == (25, 25)
    assert outcome(state) == Outcome(
        scores=(25, 25), winners=frozenset({0, 1}), reason="card_limit"
    )
    assert play_out(deal("-" * 26, "+", max_cards=2)).winner is None


def test_bm10_three_players_tie_and_the_pile_counts_for_nobody() -> None:
    # The limit falls in the middle of paying seat 0's ace: the two cards on the pile
    # belong to nobody, so seats 0 and 2 tie on 17 and both win.
    start = deal("A" + "-" * 17, "-" * 17, "+", max_cards=2)
    assert sizes(start) == (18, 17, 17)
    state = turn(start, 2)
    assert (state.ended, state.owed, marks(state.pile)) == ("card_limit", 3, "A-")
    assert beggar.to_move(state) is None
    assert beggar.legal_moves(state) == ()
    assert outcome(state) == Outcome(
        scores=(17, 16, 17), winners=frozenset({0, 2}), reason="card_limit"
    )
    beggar.check_state(state)
    result = play_out(start)
    assert (result.state, result.winner) == (state, None)


def test_bm10_four_players_two_of_four_tie() -> None:
    start = deal("-" * 14, "-" * 13, "-" * 9 + "JJJ", "+", max_cards=3)
    assert sizes(start) == (14, 13, 12, 13)
    state = turn(start, 3)
    assert outcome(state) == Outcome(
        scores=(13, 12, 11, 13), winners=frozenset({0, 3}), reason="card_limit"
    )
    assert play_out(start).winner is None
    # One card later seat 3 has turned too: seat 0 alone holds the most and wins.
    longer = deal("-" * 14, "-" * 13, "-" * 9 + "JJJ", "+", max_cards=4)
    assert outcome(turn(longer, 4)) == Outcome(
        scores=(13, 12, 11, 12), winners=frozenset({0}), reason="card_limit"
    )
    assert play_out(longer).winner == 0


def test_bm10_four_players_all_tie() -> None:
    # Seat 3's card, the fourth, is a jack: the game ends with a payment owed.
    start = deal("-" * 13, "-" * 13, "-" * 10 + "JJJ", "+", max_cards=4)
    state = turn(start, 4)
    assert (state.ended, state.owed, state.penalty_seat) == ("card_limit", 1, 3)
    assert outcome(state) == Outcome(
        scores=(12, 12, 12, 12), winners=frozenset({0, 1, 2, 3}), reason="card_limit"
    )
    assert play_out(start).state == state


def test_bm10_a_normal_end_on_the_last_card_is_normal() -> None:
    assert turn(deal("J+", "-", max_cards=2), 2).ended == "normal"


def test_bm10_max_cards_is_validated() -> None:
    assert Rules(max_cards=1).max_cards == 1
    for bad in (0, -5, True, "10", 1.5):
        with pytest.raises(
            RulesError,
            match=r"^Rules\.max_cards must be None or an int from 1 to [\d,]+ \(BM-10\)",
        ):
            Rules(max_cards=bad)  # type: ignore[arg-type]


# The game object ----------------------------------------------------------------------


def test_apply_on_a_finished_game_raises_game_over() -> None:
    final = finish(deal("J+", "-"))
    with pytest.raises(GameOverError):
        beggar.apply(final, Turn())


def test_apply_does_not_change_its_input() -> None:
    state = deal("K+", "----")
    copy = attrs.evolve(state)
    turn(state, 4)
    assert state == copy
