"""The expert level: a legal, deterministic player that decides from its seat's view alone, and
the tables it ships (each reproducible by the code that builds it)."""

import json
import random
from importlib import resources

import pytest

from cribbage import Game
from cribbage.backend.api import call
from cribbage.backend.vocabulary import TABLE_LEVEL_IDS
from cribbage.expert import winprob
from cribbage.expert.player import expert_player
from cribbage.expert.tables import DEAL_SAMPLES, build_win_table, peg_entry
from cribbage.expert.throws import _peg_table, rank_key
from cribbage.players import LEVELS, computer_action, computer_player, play_game
from harness.games import at_first_choice, check_invariants, hide_differently


def test_expert_is_a_table_level_the_engine_accepts():
    assert "expert" in LEVELS and "expert" in TABLE_LEVEL_IDS
    reply = json.loads(call("table_new", json.dumps({"seed": 3, "level": "expert"})))  # the table's API
    assert reply["ok"] and reply["result"]["view"]["level"] == "expert"


@pytest.mark.parametrize("opponent", ["easy", "strong", "expert"])
def test_expert_games_finish_and_keep_the_invariants(opponent):
    for seed in range(2):
        expert, other = expert_player(seed), computer_player(opponent, seed + 100)
        players = (expert, other) if seed % 2 == 0 else (other, expert)
        check_invariants(play_game(Game(seed=f"expert-inv/{opponent}/{seed}"), players))


def test_expert_is_deterministic_for_a_seed():
    def events(seed):
        game = play_game(Game(seed="expert-det"), (expert_player(seed), computer_player("strong", 1)))
        return json.dumps([event.to_json() for event in game.events])

    assert events(4) == events(4)
    # Through the table's entry point the state alone decides: a reloaded game replays.
    game = Game(seed=9)
    for _ in range(60):
        copy = Game.from_json(game.to_json())
        assert computer_action(copy, "expert") == computer_action(game, "expert")
        game.apply(computer_action(game, "expert"))


@pytest.mark.parametrize("seed", ["hidden/1", "hidden/2", "hidden/3"])
@pytest.mark.parametrize("seat", [0, 1])
def test_the_expert_decides_from_what_its_seat_can_see(seed, seat):
    for kind in ("discard", "play"):
        game = at_first_choice(seed, seat, kind)
        before = computer_action(game, "expert")
        hidden_before = list(game.hands[1 - seat])
        hide_differently(game, seat)
        assert game.hands[1 - seat] != hidden_before  # the opponent's cards did change
        assert computer_action(game, "expert") == before


def choice(game):
    return computer_player("expert")(game, game.legal_actions()).cards[0].code


def test_expert_pegging_avoids_the_plain_traps():
    from harness.games import game_at_play, game_on_a_king

    game = game_at_play(0, "TC 5D 6H 2S", "AC 3C 4C 8C")  # leading the five invites fifteen two
    assert choice(game) != "5D"
    game = game_on_a_king()  # count 10
    assert choice(game) == "5D"  # fifteen two now


# --- the shipped tables -------------------------------------------------------------------------

@pytest.mark.parametrize("ranks", [(5, 5, 10, 11), (1, 2, 3, 4), (7, 8, 8, 13)])
def test_peg_table_entries_are_what_make_peg_table_builds(ranks):
    assert _peg_table()[rank_key(ranks)] == peg_entry(ranks)


def test_peg_table_says_what_players_know():
    # A dealer keeping low cards close together pegs more than one keeping four court cards.
    def net(ranks, dealer):
        entry = _peg_table()[rank_key(ranks)]
        return entry[0] - entry[1] if dealer else entry[2] - entry[3]

    assert net((1, 2, 3, 4), True) > net((10, 11, 12, 13), True)
    assert len(_peg_table()) == 1820  # every multiset of four ranks


def brute_win(deals, hole):
    """The dealer's chance at every score by walking each deal's points in the order they are paid."""
    memo = {}

    def win(a, b):
        if (a, b) not in memo:
            total = 0.0
            for pegs, pone_hand, dealer_hand, crib in deals:
                order = [*pegs, (1, pone_hand), (0, dealer_hand), (0, crib)]
                score, out = [a, b], None
                for who, points in order:
                    score[who] += points
                    if score[who] >= hole:
                        out = who
                        break
                total += (1.0 if out == 0 else 0.0) if out is not None else 1.0 - win(score[1], score[0])
            memo[(a, b)] = total / len(deals)
        return memo[(a, b)]

    return win


def test_win_table_construction_equals_walking_every_deal_in_order():
    rng = random.Random(7)
    deals = []
    for _ in range(12):
        pegs = tuple((rng.randrange(2), rng.randrange(1, 4)) for _ in range(rng.randrange(1, 5)))
        deals.append((pegs, rng.randrange(0, 5), rng.randrange(0, 5), rng.randrange(0, 4)))
    hole = 14
    table, brute = build_win_table(deals, hole), brute_win(deals, hole)
    for a in range(hole):
        for b in range(hole):
            assert table[a][b] == pytest.approx(brute(a, b), abs=1e-9), (a, b)


def test_shipped_win_table_says_what_players_know():
    start = winprob.dealer_chance(0, 0)
    assert 0.5 < start < 0.6  # the first dealer is a little ahead
    assert winprob.dealer_chance(120, 0) > 0.99 and winprob.dealer_chance(0, 120) < 0.1
    assert winprob.dealer_chance(100, 90) > winprob.dealer_chance(90, 100)
    deals = json.loads(resources.files("cribbage").joinpath("data", winprob.WIN_TABLE_FILE).read_text())["deals"]
    assert all(sum(counts) == DEAL_SAMPLES for counts in deals.values())


def test_a_position_set_up_at_the_play_shows_its_seat_what_has_been_laid():
    """A game set up at the play has no deal event: every card laid since is in the seat's view."""
    from cribbage.expert.seat import seat_view

    game = Game.at_play(1, ["AH AC 2S JC", "KC AS 5D QS"], starter="9H", crib="QH 8S 8C 2C")
    for code in ("2S", "5D", "JC", "AS"):  # the pone (seat 0) leads; the count is 18
        game.apply(next(a for a in game.legal_actions() if a.cards and a.cards[0].code == code))
    view = seat_view(game, 0)
    assert [c.code for c in view.laid_by(1)] == ["5D", "AS"]
    assert {"5D", "AS", "9H"}.isdisjoint(c.code for c in view.unseen())
    # The pone's search from here once gave the dealer a fifth ace; now the play ends in order.
    players = (expert_player(1), expert_player(2))
    while game.phase == "play":
        actions = game.legal_actions()
        game.apply(players[actions[0].player](game, [a for a in actions if a.player == actions[0].player]))
    assert game.phase == "show" and game.hands == ((), ())


def test_the_search_leans_to_holdings_that_make_a_better_keep():
    from cribbage.expert.pegging import holdings, infer_from_keep, kept_points
    from cribbage.expert.seat import seat_view

    assert [kept_points(r) for r in [(5, 5, 10, 11), (1, 2, 3, 3), (5, 5, 5, 10), (1, 2, 3, 4), (1, 3, 7, 13)]] == [
        10, 8, 14, 4, 0]
    game = Game.at_play(1, ["AH AC 2S JC", "KC AS 5D QS"], starter="9H", crib="QH 8S 8C 2C")
    for code in ("2S", "5D"):
        game.apply(next(a for a in game.legal_actions() if a.cards and a.cards[0].code == code))
    view = seat_view(game, 0)
    plain = dict(holdings(view))
    leaning = dict(infer_from_keep(view, list(plain.items()), 0.3))
    assert dict(infer_from_keep(view, list(plain.items()), 0.0)) == plain
    # With the dealer's five laid, 5 T J K keeps 10 points and 3 5 7 K keeps 4: e^(0.3 * 6) likelier
    # than before, beside the ways each can be made of the unseen cards.
    assert (plain[(5, 10, 11)], plain[(3, 7, 13)]) == (3 * 4 * 3, 4 * 4 * 4)  # (JC and 5D were seen)
    ratio = (leaning[(5, 10, 11)] / plain[(5, 10, 11)]) / (leaning[(3, 7, 13)] / plain[(3, 7, 13)])
    assert ratio == pytest.approx(2.718281828 ** 1.8)
