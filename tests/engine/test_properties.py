"""Property-based checks against the deliberately naive scorer in naive.py."""

from hypothesis import given, settings
from hypothesis import strategies as st

from cribbage import DECK, score_count, score_show, show_total
from cribbage.game import Game
from harness.naive import naive_play_points, naive_show

five_cards = st.lists(st.sampled_from(DECK), min_size=5, max_size=5, unique=True)


@settings(max_examples=1500, deadline=None)
@given(five_cards, st.booleans())
def test_show_matches_naive(cards, is_crib):
    hand, starter = tuple(cards[:4]), cards[4]
    result = score_show(hand, starter, is_crib)
    expected = naive_show(hand, starter, is_crib)
    assert result.by_kind == expected
    assert result.total == sum(expected.values()) == show_total(hand, starter, is_crib)
    assert sum(i.points for i in result.items) == result.total


@st.composite
def counts(draw):
    cards = draw(st.lists(st.sampled_from(DECK), min_size=1, max_size=13, unique=True))
    sequence, total = [], 0
    for card in cards:
        if total + card.value > 31:
            break
        sequence.append(card)
        total += card.value
        if total == 31:
            break
    return sequence


@settings(max_examples=1500, deadline=None)
@given(counts())
def test_play_matches_naive(sequence):
    scored = score_count(sequence)
    for i, played in enumerate(scored):
        assert played.points == naive_play_points(sequence[: i + 1])
        assert played.count <= 31


@settings(max_examples=200, deadline=None)
@given(st.integers(min_value=0, max_value=10**9), st.lists(st.integers(0, 10**6), max_size=60))
def test_random_action_choices_keep_state_serializable(seed, choices):
    game = Game(seed=seed)
    for choice in choices:
        actions = game.legal_actions()
        if not actions:
            break
        game.apply(actions[choice % len(actions)])
        assert Game.from_json(game.to_json()).to_json() == game.to_json()
