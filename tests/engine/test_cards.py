import pytest

from cribbage import DECK, Card, CardError, parse_card, parse_cards


@pytest.mark.parametrize(
    "token, code",
    [("5H", "5H"), ("5h", "5H"), ("10D", "TD"), ("TD", "TD"), ("td", "TD"), ("JD", "JD"),
     ("5♥", "5H"), ("A♠", "AS"), ("a♠", "AS"), ("10♥", "TH"), ("k♣", "KC"), (" qd ", "QD")],
)
def test_parses_every_written_form(token, code):
    assert parse_card(token).code == code


def test_renders_glyph_and_accessible_name():
    card = parse_card("5h")
    assert card.label == "5♥"
    assert card.name == "five of hearts"
    assert parse_card("TD").label == "10♦"
    assert parse_card("QS").name == "queen of spades"
    assert parse_card("AC").name == "ace of clubs"


def test_deck_has_52_distinct_cards_with_values():
    assert len({c.code for c in DECK}) == 52
    assert [Card.of(r, "S").value for r in range(1, 14)] == [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 10, 10, 10]
    assert all(parse_card(c.code) is c for c in DECK)
    assert sum(c.is_red for c in DECK) == 26


@pytest.mark.parametrize(
    "text, fragment",
    [
        ("5X", "'X' is not a suit"),
        ("1H", "'1' is not a rank"),
        ("11H", "'11' is not a rank"),
        ("ZH", "'Z' is not a rank"),
        ("H", "a card is a rank and a suit"),
        ("", "empty card"),
    ],
)
def test_bad_card_names_token_and_reason(text, fragment):
    with pytest.raises(CardError) as error:
        parse_card(text)
    assert fragment in str(error.value)


def test_bad_groups():
    with pytest.raises(CardError, match="'5h': the five of hearts appears twice"):
        parse_cards("5H 6C 5h")
    with pytest.raises(CardError, match="expected 4 cards, got 3"):
        parse_cards("5H 6C 7D", 4, "hand")
    with pytest.raises(CardError, match="no hand given"):
        parse_cards("  ", 4, "hand")
    assert [c.code for c in parse_cards("5h,6c; 10♦  j♠")] == ["5H", "6C", "TD", "JS"]


def test_card_index_out_of_range():
    with pytest.raises(CardError):
        Card(52)
