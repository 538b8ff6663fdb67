"""The variants: rules as data, the show and the play scorer for each, the API, the CLI, saved games."""

from __future__ import annotations

import json
import random
from math import comb

import pytest

from cribbage import DECK, Game
from cribbage.advice import advise_variant, single_crib_value
from cribbage.backend.api import call
from cribbage.cli import main
from cribbage.errors import CardError, GameStateError, ParameterError
from cribbage.play import run_play
from cribbage.players import computer_player, play_game
from cribbage.show import score_show, short_show_total
from cribbage.stats import variant_statistics
from cribbage.variants import FIVE_CARD, FOUR_PLAYER, STANDARD, THREE_PLAYER, VARIANT_NAMES, variant
from harness.naive import naive_show


def ok(method: str, **params: object) -> dict[str, object]:
    answer = json.loads(call(method, json.dumps(params)))
    assert answer["ok"], answer
    result: dict[str, object] = answer["result"]
    return result


def refused(method: str, **params: object) -> str:
    answer = json.loads(call(method, json.dumps(params)))
    assert not answer["ok"]
    message: str = answer["error"]
    return message


# --- rules as data ----------------------------------------------------------------------------------

def test_each_variant_states_its_rules() -> None:
    assert (STANDARD.players, STANDARD.dealt, STANDARD.hand_size, STANDARD.game_hole) == (2, 6, 4, 121)
    assert (FIVE_CARD.hand_size, FIVE_CARD.crib_size, FIVE_CARD.game_hole, FIVE_CARD.last_bonus) == (3, 4, 61, 3)
    assert not FIVE_CARD.play_after_go and STANDARD.play_after_go
    assert (THREE_PLAYER.players, THREE_PLAYER.to_crib, THREE_PLAYER.crib_size, THREE_PLAYER.sides) == (3, 1, 4, 3)
    assert FOUR_PLAYER.partners and FOUR_PLAYER.seats_of(0) == (0, 2) and FOUR_PLAYER.seats_of(1) == (1, 3)
    assert [variant(name).crib_flush for name in VARIANT_NAMES] == [5, 5, 5, 5]
    with pytest.raises(ParameterError, match="unknown variant"):
        variant("seven-card")


# --- the show: five-card hands and cribs against the naive scorer ------------------------------------

@pytest.mark.parametrize("is_crib", [False, True])
def test_five_card_shows_agree_with_the_naive_scorer(is_crib: bool) -> None:
    rng = random.Random(24)
    size = 4 if is_crib else 3
    for _ in range(3000):
        cards = rng.sample(DECK, size + 1)
        hand, starter = tuple(cards[:size]), cards[size]
        scored = score_show(hand, starter, is_crib, "five-card")
        naive = naive_show(hand, starter, is_crib)
        assert scored.by_kind == naive, (hand, starter)
        assert short_show_total(hand, starter, is_crib) == scored.total == sum(naive.values())


def test_five_card_flushes_are_three_or_four_and_the_crib_needs_five() -> None:
    assert score_show("2H 6H TH", "KS", variant="five-card").by_kind["flush"] == 3
    assert score_show("2H 6H TH", "KH", variant="five-card").by_kind["flush"] == 4
    assert score_show("2H 6H TH 8H", "KS", is_crib=True, variant="five-card").by_kind["flush"] == 0
    assert score_show("2H 6H TH 8H", "KH", is_crib=True, variant="five-card").by_kind["flush"] == 5
    with pytest.raises(CardError, match="expected 3 cards"):
        score_show("2H 6H TH 8H", "KS", variant="five-card")


def test_the_five_card_distribution_is_exact() -> None:
    stats = variant_statistics("five-card")
    assert stats.hands == comb(52, 3) * 49 and stats.cribs == comb(52, 4) * 48
    assert max(stats.hand) == 20 and stats.hand[20] == 4  # 5-5-5 and the fourth five as the starter
    rng = random.Random(5)
    sample = [rng.sample(DECK, 4) for _ in range(20_000)]
    sampled = sum(score_show(tuple(c[:3]), c[3], variant="five-card").total for c in sample) / len(sample)
    assert abs(float(stats.mean()) - sampled) < 0.05  # an independent estimate of the exact mean
    assert stats.crib == variant_statistics("standard").crib


# --- the play scorer for three and four players ------------------------------------------------------

PLAY_VECTORS = [  # players, steps, points by player from the dealer's left, who lays next
    (3, "TH 5S 6D 9C go go AH", [2, 2, 0], "second"),  # 15 to the second, the go passes, 31 to the first
    (3, "TH 5S 6D 9C go go go", [1, 2, 0], "second"),  # nobody fits at 30: the first's last card takes one
    (3, "5H 5S 5D 5C", [12, 2, 8], "second"),  # pair, fifteen and pair royal, double pair royal
    (3, "4H 5S 6D", [0, 0, 5], "first"),  # fifteen and a run of three to the dealer
    (4, "TH 5S 6D 9C go go go go", [0, 2, 0, 1], "first"),  # three goes pass round; the dealer's 9 takes it
    (4, "TH 5S 6D 9C go go go", None, "dealer"),  # the go is still going round: the dealer's turn
    (4, "3H 3S 3D 3C", [0, 2, 6, 12], "first"),
]


@pytest.mark.parametrize(("players", "steps", "totals", "following"), PLAY_VECTORS)
def test_the_play_round_the_table(players: int, steps: str, totals: list[int] | None, following: str) -> None:
    result = ok("play", steps=steps, players=players)
    assert result["next"] == following
    if totals is not None:
        assert result["totals"] == totals
    if players == 4:
        team = result["team_totals"]
        assert isinstance(team, list) and isinstance(result["totals"], list)
        assert team == [result["totals"][0] + result["totals"][2], result["totals"][1] + result["totals"][3]]


def test_the_play_credits_the_last_card_of_the_whole_play_round_the_table() -> None:
    # the first, the second and the dealer lay in turn
    hands = ["AH", "2H", "3H", "4H", "AS", "2S", "3S", "4S", "AD", "2D", "3D", "4D"]
    order = [hands[seat * 4 + turn] for turn in range(4) for seat in range(3)]
    play = run_play(order, "three-player")
    assert play.over and play.steps[-1].player == 2 and play.steps[-1].items[-1].kind == "go"


def test_five_card_play_stops_at_the_first_go() -> None:
    play = run_play(["TH", "KS", "9D", "go", "go"], "five-card")
    assert play.over and play.steps[-1].items[0].kind == "go" and play.steps[-1].scorer == 0
    with pytest.raises(CardError, match="first go or 31 ends the play"):
        run_play(["TH", "KS", "9D", "go", "go", "2C"], "five-card")


def test_the_play_scorer_refuses_wrong_players() -> None:
    assert "players" in refused("play", steps="5H", players=5)
    assert "4 players, not 3" in refused("play", steps="5H", players=3, variant="four-player")
    assert ok("play", steps="5H TS")["players"] == ["pone", "dealer"]  # every older call as it was


# --- the worker API and the CLI ------------------------------------------------------------------------

def test_the_api_scores_a_five_card_hand_and_keeps_the_standard_default() -> None:
    assert ok("score", hand="4H 5H 6H", starter="5S", variant="five-card")["total"] == 15
    assert ok("score_cards", cards="4H 5H 6H 5S", variant="five-card")["total"] == 15
    assert ok("score_cards", cards="4H 5H 6H 5S JH")["total"] == ok("score", hand="4H 5H 6H 5S", starter="JH")["total"]
    assert "expected 4 cards" in refused("score", hand="4H 5H 6H", starter="5S")
    assert "unknown variant" in refused("score", hand="4H 5H 6H", starter="5S", variant="six")
    assert ok("peg", cards="5H TS", variant="three-player")["total"] == 2


def test_the_cli_scores_a_five_card_hand(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "4H", "5H", "6H", "--starter", "5S", "--variant", "five-card", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 15
    assert main(["peg", "5H", "TS", "--variant", "five-card", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["total"] == 2
    assert main(["score", "4H", "5H", "6H", "--starter", "5S"]) == 2


# --- games: the deal, three for last, partners, saved games ------------------------------------------------

def _to(game: Game, phase: str) -> Game:
    while game.phase != phase:
        game.apply(game.legal_actions()[0])
    return game


def test_each_variant_deals_its_cards() -> None:
    for name, held, crib in (("five-card", 5, 0), ("three-player", 5, 1), ("four-player", 5, 0)):
        game = _to(Game(seed=3, variant=name), "discard")
        assert [len(h) for h in game.hands] == [held] * game.seats and len(game.crib) == crib
        game = _to(game, "play")
        assert len(game.crib) == 4 and all(len(k) == game.variant.hand_size for k in game.kept)


def test_five_card_opens_with_three_for_last_to_the_pone() -> None:
    game = _to(Game(seed=9, variant="five-card"), "discard")
    pone = game.pone
    assert pone is not None and game.scores[pone] == 3 and game.scores[1 - pone] == 0
    assert [e.kind for e in game.events][-2:] == ["deal", "score"]


def test_partners_peg_on_one_track() -> None:
    game = Game(seed=4, variant="four-player")
    players = [computer_player("normal", seat) for seat in range(4)]
    play_game(game, players)
    assert len(game.scores) == 2 and game.outcome is not None and 121 in game.scores
    scorers = {e.player for e in game.events if e.kind == "score"}
    assert scorers == {0, 1, 2, 3}


@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_a_variant_game_saves_and_restores(name: str) -> None:
    game = Game(seed=11, variant=name)
    play_game(game, [computer_player("easy", seat) for seat in range(game.seats)])
    data = game.to_json()
    assert ("variant" in data) == (name != "standard")  # a standard game saves exactly as before
    restored = Game.from_json(json.loads(json.dumps(data)))
    assert restored.variant.name == name and restored.scores == game.scores
    if name != "standard":
        with pytest.raises(GameStateError):
            Game.from_json({**data, "variant": "standard"})
        with pytest.raises(GameStateError):
            Game.from_json({**data, "variant": "seven-card"})


# --- the computer players --------------------------------------------------------------------------------

@pytest.mark.parametrize("name", VARIANT_NAMES)
def test_every_level_plays_every_variant(name: str) -> None:
    for level in ("easy", "normal", "strong"):
        game = Game(seed=f"levels/{level}", variant=name)
        play_game(game, [computer_player(level, seat) for seat in range(game.seats)])
        assert game.outcome is not None


def test_the_expert_plays_only_the_standard_game() -> None:
    game = _to(Game(seed=1, variant="three-player"), "discard")
    actions = [a for a in game.legal_actions() if a.player == 0]
    with pytest.raises(ParameterError, match="only the standard game"):
        computer_player("expert")(game, actions)


def test_the_throw_counts_the_crib_for_the_dealers_side() -> None:
    five = DECK[16:20] + DECK[0:1]  # the four fives and an ace
    mine = advise_variant(five, FOUR_PLAYER, crib_mine=True)
    theirs = advise_variant(five, FOUR_PLAYER, crib_mine=False)
    assert len(mine) == 5 and all(len(t.discard) == 1 for t in mine)
    assert mine[0].value == mine[0].hand_value + single_crib_value(mine[0].discard[0])
    assert theirs[0].value == theirs[0].hand_value - single_crib_value(theirs[0].discard[0])
    assert single_crib_value(DECK[16]) > single_crib_value(DECK[48])  # a five helps a crib more than a king


def test_pages_get_every_variants_rules_and_label_from_the_vocabulary() -> None:
    from cribbage.backend.vocabulary import as_json

    listed = as_json()["variants"]
    assert isinstance(listed, list)
    assert [v["name"] for v in listed] == list(VARIANT_NAMES)
    assert all(v["label"] for v in listed) and listed[3]["teams"] == [[0, 2], [1, 3]]
    assert ok("vocabulary")["variants"] == listed


def test_a_scorer_link_names_its_variant_and_an_old_link_means_the_standard_game() -> None:
    five = ok("link", fragment="#hand=4H,5H,6H&starter=5S&variant=five-card")
    assert five["variant"] == "five-card" and five["hand"] == ["4H", "5H", "6H"]
    assert five["fragment"] == "hand=4H,5H,6H&starter=5S&variant=five-card"
    old = ok("link", fragment="#hand=4H,5H,6H,7H&starter=5S")
    assert "variant" not in old and old["fragment"] == "hand=4H,5H,6H,7H&starter=5S"
    assert ok("link", fragment="#play=5H,5S&variant=three-player")["variant"] == "three-player"
    assert "expected 4 cards" in refused("link", fragment="#hand=4H,5H,6H&starter=5S")
    assert "leave it out" in refused("link", fragment="#hand=4H,5H,6H&starter=5S&variant=six")
