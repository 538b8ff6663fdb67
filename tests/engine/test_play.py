import pytest

from cribbage import CardError, score_count
from harness.naive import naive_play_points


def points(text):
    return [p.points for p in score_count(text)]


@pytest.mark.parametrize(
    "sequence, expected",
    [
        ("4C 6D 5S", [0, 0, 5]),  # fifteen and the run 4-5-6
        ("9C 6D", [0, 2]),
        ("7C 7D 7H", [0, 2, 6]),
        ("7C 7D 7H 7S", [0, 2, 6, 12]),
        ("5C 3D 4H", [0, 0, 3]),
        ("8C 6D 7H", [0, 0, 3]),
        ("AD 7C 7H", [0, 0, 4]),  # fifteen for four
        ("KC QD", [0, 0]),  # K-Q is no pair
        ("QC KD AH", [0, 0, 0]),  # Q-K-A is no run
        ("TC TD 5H 6S", [0, 2, 0, 2]),
        ("3C 4D 2H 5S 6C", [0, 0, 3, 4, 5]),
        ("4C 5D 6H 4S", [0, 0, 5, 3]),  # the tail 5-6-4 is a run of three again
        ("KC KD 6H 5S", [0, 2, 0, 2]),  # the five makes 31
        ("TC 5D 6H TS", [0, 2, 0, 2]),  # fifteen, then 31
        ("TC TD TH AS", [0, 2, 6, 2]),  # the ace makes 31 and pairs nothing
        ("5C 5D 5H 5S", [0, 2, 8, 12]),
    ],
)
def test_play_examples(sequence, expected):
    assert points(sequence) == expected


def test_run_broken_by_an_earlier_card_does_not_score():
    # 3, 9, 4, 5: the 9 sits between the 3 and the 4-5
    assert points("3C 9D 4H 5S")[-1] == 0
    # 2, 3, 2, 4: the tail 3-2-4 is a run of three; 2-3-2-4 is not a run of four
    assert points("2C 3D 2H 4S")[-1] == 3


def test_items_explain_each_card():
    last = score_count("TC 5D 6H TS")[-1]
    assert [(i.kind, i.points) for i in last.items] == [("thirty-one", 2)]
    fifteen_and_run = score_count("4C 6D 5S")[-1]
    assert [(i.kind, i.points) for i in fifteen_and_run.items] == [("fifteen", 2), ("run", 3)]
    royal = score_count("7C 7D 7H")[-1]
    assert royal.items[0].kind == "pair royal" and len(royal.items[0].cards) == 3
    assert [p.count for p in score_count("4C 6D 5S")] == [4, 10, 15]


def test_count_never_passes_31():
    with pytest.raises(CardError, match="past 31"):
        score_count("TC TD TH 2S")
    with pytest.raises(CardError, match="ended before this card"):
        score_count("TC TD 5H 6S AC")
    with pytest.raises(CardError, match="appears twice"):
        score_count("5C 5C")


def test_matches_naive_on_seeded_counts(rng):
    from cribbage import DECK

    for _ in range(3000):
        deck = rng.sample(DECK, 12)
        sequence = []
        for card in deck:
            if sum(c.value for c in sequence) + card.value > 31:
                break
            sequence.append(card)
        scored = score_count(sequence)
        for i, played in enumerate(scored):
            assert played.points == naive_play_points(sequence[: i + 1])
