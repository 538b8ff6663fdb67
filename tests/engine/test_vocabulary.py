"""The site's one table of words and levels, the engine's kinds they name, and the scorer-link format."""

import json

import pytest

from cribbage import CribbageError, parse_card, parse_cards
from cribbage.backend import links, vocabulary
from cribbage.backend.api import call
from cribbage.backend.quiz import SHOW_LEVELS
from cribbage.kinds import ITEM_KINDS, SHOW_KINDS
from cribbage.play import score_play_steps
from cribbage.players import LEVELS
from cribbage.show import KINDS, score_show


def test_every_kind_the_engine_can_score_has_a_label():
    seen = {i.kind for i in score_show("5H 5S 5C JD", "5D").items}
    seen |= {i.kind for s in score_play_steps(["3H", "3S", "3C", "3D", "9H", "8C", "go"]) for i in s.items}
    seen |= {"thirty-one", "run", "heels", "flush", "pair royal"}
    assert seen <= set(vocabulary.KIND_WORDS)
    assert set(vocabulary.KIND_WORDS) == set(ITEM_KINDS)


def test_acc_wording_is_chosen():
    assert vocabulary.kind_label("nobs") == "His nobs"
    assert vocabulary.kind_label("heels") == "His heels"
    assert vocabulary.kind_label("go") == "Go"
    assert vocabulary.kind_label("something new") == "something new"


def test_show_kinds_are_the_breakdown_order():
    assert KINDS == SHOW_KINDS == ("fifteen", "pair", "run", "flush", "nobs")
    assert list(score_show("5H 5S 5C JD", "5D").by_kind) == list(SHOW_KINDS)


def test_levels_are_the_ones_the_engine_accepts():
    assert SHOW_LEVELS == vocabulary.PRACTICE_LEVEL_IDS == ("beginner", "standard", "expert")
    assert LEVELS == vocabulary.TABLE_LEVEL_IDS == ("easy", "normal", "strong", "expert")
    assert vocabulary.default_level(vocabulary.PRACTICE_LEVELS) == "standard"
    assert vocabulary.default_level(vocabulary.TABLE_LEVELS) == "normal"


def test_show_link_round_trips():
    fragment = links.show_fragment(parse_cards("5H 5S 5C JD"), parse_card("5D"), True)
    assert fragment == "hand=5H,5S,5C,JD&starter=5D&crib=1"
    link = links.parse_fragment("#" + fragment)
    assert isinstance(link, links.ShowLink)
    assert [c.code for c in link.hand] == ["5H", "5S", "5C", "JD"] and link.crib
    assert link.fragment == fragment
    assert not links.parse_fragment("hand=5h%2C5s,5c,jd&starter=5d").crib


def test_play_link_round_trips():
    link = links.parse_fragment("#play=4C,6D,5S,go")
    assert isinstance(link, links.PlayLink)
    assert link.fragment == "play=4C,6D,5S,go"
    assert link.to_json()["steps"] == ["4C", "6D", "5S", "go"]


@pytest.mark.parametrize("fragment", [
    "", "#", "hand=5H,5S,5C&starter=5D", "hand=5H,5S,5C,JD", "hand=5H,5S,5C,JD&starter=5H",
    "hand=5H,5S,5C,JD&starter=5D&crib=yes", "play=", "play=4C,4C", "play=4X", "#" + "a" * 500,
])
def test_malformed_links_raise_one_engine_error(fragment):
    with pytest.raises(CribbageError):
        links.parse_fragment(fragment)


def test_api_serves_the_whole_vocabulary_as_json():
    reply = json.loads(call("vocabulary", "{}"))
    assert reply["ok"]
    words = reply["result"]
    assert words == json.loads(json.dumps(vocabulary.as_json()))
    assert words["kinds"]["nobs"]["label"] == "His nobs"
    assert words["rules"]["GAME_HOLE"] == 121
    assert [lv["id"] for lv in words["levels"]["table"]] == ["easy", "normal", "strong", "expert"]
    assert words["link"]["examples"]["show"].startswith("#hand=")
    assert set(words["show_kinds"]) <= set(words["kinds"])


def test_api_reads_a_link_fragment():
    show = json.loads(call("link", json.dumps({"fragment": "#hand=5H,5S,5C,JD&starter=5D&crib=1"})))
    assert show["ok"] and show["result"]["hand"] == ["5H", "5S", "5C", "JD"] and show["result"]["crib"] is True
    bad = json.loads(call("link", json.dumps({"fragment": "#hand=5H"})))
    assert not bad["ok"] and "starter" in bad["error"]


def test_words_for_a_kind_given_as_text():
    words = vocabulary.kind_words("go")
    assert words is not None and words.phrase == "one for the go"
    assert vocabulary.kind_words("nothing") is None


def test_a_table_link_seats_people_and_computers_or_refuses():
    assert links.table_fragment("four-player", ["human", "computer", "human", "strong"]) == \
        "variant=four-player&seats=human,computer,human,strong"
    assert links.table_fragment("five-card") == "variant=five-card"
    for wrong in (["human"], ["computer", "human"], ["human", "wizard"]):
        with pytest.raises(ValueError, match="seats 2 players"):
            links.table_fragment("standard", wrong)
    fmt = links.link_format()
    assert (fmt["seats"], fmt["computer_seat"]) == ("seats", "computer")


def test_a_variant_link_alone_sets_the_scorer_to_it():
    link = links.parse_fragment("#variant=five-card")
    assert isinstance(link, links.VariantLink) and link.variant == "five-card"
    assert link.fragment == links.variant_fragment("five-card") == "variant=five-card"
    reply = json.loads(call("link", json.dumps({"fragment": "#variant=three-player"})))
    assert reply["result"] == {"kind": "variant", "variant": "three-player", "fragment": "variant=three-player"}
    with pytest.raises(CribbageError, match="standard game"):
        links.parse_fragment("#variant=six-handed")
    with pytest.raises(CribbageError):  # a variant and a crib but no cards is not a link
        links.parse_fragment("#variant=five-card&crib=1")


def test_every_seat_of_the_play_scorer_has_a_label():
    words = vocabulary.as_json()
    seats = words["play_seats"]
    assert {int(count) for count in seats} == {v["players"] for v in words["variants"]}
    for count, names in seats.items():
        assert len(names) == int(count) and names[-1] == "dealer"
        assert all(name in words["players"] for name in names)
