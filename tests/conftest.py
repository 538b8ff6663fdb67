import random

import pytest

from cribbage import DECK


@pytest.fixture
def rng():
    return random.Random(20261129)


def random_hand(rng):
    cards = rng.sample(DECK, 5)
    return tuple(cards[:4]), cards[4]
