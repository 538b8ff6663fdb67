from fractions import Fraction
from itertools import combinations
from math import comb

import pytest

from cribbage import DECK, CardError, advise, crib_value, parse_cards, show_total
from cribbage.advice import CRIB_CASES, _crib_table, crib_key, crib_points_total


def test_ranks_all_fifteen_throws_with_exact_hand_values():
    six = parse_cards("5H 5S 6C 7D JD KC")
    throws = advise(six, dealer=True)
    assert len(throws) == 15
    assert len({frozenset(t.discard) for t in throws}) == 15
    values = [t.value for t in throws]
    assert values == sorted(values, reverse=True)
    for throw in throws:
        starters = [c for c in DECK if c not in six]
        exact = Fraction(sum(show_total(throw.keep, s) for s in starters), 46)
        assert throw.hand_value == exact
        assert throw.value == throw.hand_value + crib_value(*throw.discard)


def test_pone_subtracts_the_crib():
    six = parse_cards("5H 5S 6C 7D JD KC")
    as_pone = advise(six, dealer=False)
    assert all(t.value == t.hand_value - t.crib_value for t in as_pone)
    # as pone you do not throw the two fives into your opponent's crib
    assert set(as_pone[0].discard) != set(parse_cards("5H 5S"))


def test_obvious_keep_for_dealer():
    throws = advise(parse_cards("5H 5S 5C JD 2C 9S"), dealer=True)
    assert {c.code for c in throws[0].keep} == {"5H", "5S", "5C", "JD"}


def test_crib_table_shape_and_sense():
    table = _crib_table()
    assert len(table) == 13 + 78 * 2
    fives = crib_value(*parse_cards("5H 5S"))
    assert fives == max(crib_value(*pair) for pair in combinations(parse_cards("5H 5S AC KD 9C"), 2))
    assert crib_key(*parse_cards("KD 5H")) == "5Ko"
    assert crib_key(*parse_cards("KH 5H")) == "5Ks"


@pytest.mark.parametrize("pair", ["5H 5S", "AC KD", "JH 5H", "9C TD"])
def test_shipped_crib_table_matches_a_fresh_computation(pair):
    first, second = parse_cards(pair)
    assert _crib_table()[crib_key(first, second)] == crib_points_total(first, second)


def test_crib_cases_count_every_opponent_throw_and_starter_once():
    # crib_points_total walks the three other crib cards and the starter among them as
    # C(50, 3) trios x 3 choices of starter; that must be the C(50, 2) throws x 48 starters
    # the average divides by, or every crib value is off by the ratio.
    assert CRIB_CASES == comb(50, 2) * 48 == comb(50, 3) * 3
    assert _crib_table()["5Ko"] / CRIB_CASES == float(crib_value(*parse_cards("KD 5H")))


def test_bad_advice_input():
    with pytest.raises(CardError, match="six cards"):
        advise(parse_cards("5H 5S 6C 7D JD"), True)
