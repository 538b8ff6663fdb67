"""The reviews of a deal and a game: their numbers equal brute force, and they read only what the
seat could see."""

import copy
import itertools
import random
from fractions import Fraction

from cribbage import DECK, Action, Game, parse_card, parse_cards
from cribbage.backend.review import (
    EQUAL,
    analyser_fragment,
    review_count,
    review_game,
    review_play,
    review_throw,
)
from cribbage.events import ShowEvent
from cribbage.expert.seat import SeatView, seat_decisions, seat_view
from cribbage.expert.throws import pegging_value
from cribbage.muggins import parse_claim
from cribbage.players import computer_player
from cribbage.show import score_show, show_total
from harness.games import at_first_choice, hide_differently, with_held


def throw_view(six, dealer, thrown=()):
    return SeatView(seat=0, dealer=0 if dealer else 1, phase="discard", scores=(0, 0),
                    dealt=tuple(parse_cards(six)), thrown=tuple(parse_cards(thrown)) if thrown else ())


def test_throw_review_equals_every_starter_and_every_opponent_throw():
    six = parse_cards("5H 5S JD 9C 2D KS")
    view = throw_view("5H 5S JD 9C 2D KS", dealer=False, thrown="9C KS")
    review = review_throw(view)
    unseen = [c for c in DECK if c not in six]
    for keep_codes, discard in (("5H 5S JD 2D", "9C KS"), ("5H 5S JD 9C", "2D KS")):
        keep, thrown = parse_cards(keep_codes), parse_cards(discard)
        hand = Fraction(sum(show_total(keep, s) for s in unseen), len(unseen))
        crib = Fraction(0)
        cases = 0
        for pair in itertools.combinations(unseen, 2):  # every opponent throw, then every starter
            for starter in unseen:
                if starter not in pair:
                    crib += show_total(tuple(thrown) + pair, starter, True)
                    cases += 1
        crib /= cases
        row = next(t for t in review["throws"] if set(t["discard"]) == {c.code for c in thrown})
        assert row["hand"] == round(float(hand), 4)
        assert row["crib"] == round(float(-crib), 4)  # the pone's crib is the opponent's
        assert row["pegging"] == round(pegging_value(keep, False), 4)
        assert row["value"] == round(float(hand - crib) + pegging_value(keep, False), 4)
    assert review["best"] == review["throws"][0]
    assert review["best"]["value"] == max(t["value"] for t in review["throws"])
    cost = review["cost"]
    assert set(review["chosen"]["discard"]) == {"9C", "KS"}
    assert abs(cost["total"] - (review["best"]["value"] - review["chosen"]["value"])) < 1e-3
    assert abs(cost["total"] - (cost["hand"] + cost["crib"] + cost["pegging"])) < 1e-3
    assert review["link"] == analyser_fragment(view.dealt, False) == "deal=5H,5S,JD,9C,2D,KS&dealer=0"


def test_throw_review_of_the_best_throw_costs_nothing():
    view = throw_view("5H 5S JD 9C 2D KS", dealer=True)
    best = review_throw(view, ())["best"]["discard"]
    review = review_throw(view, parse_cards(" ".join(best)))
    assert review["cost"]["total"] == 0 and review["equal"] is True


# --- the play -----------------------------------------------------------------------------------

def late_choice(seed, seat):
    """A seeded game stopped where ``seat`` must choose between two cards and the opponent holds one."""
    game = Game(seed=seed)
    strong = computer_player("strong", 1)
    while game.phase != "game_over":
        actions = game.legal_actions()
        mine = [a for a in actions if a.player == actions[0].player]
        if (mine[0].player == seat and mine[0].kind == "play" and len(mine) == 2
                and len(game.hands[seat]) == 2 and len(game.hands[1 - seat]) == 1):
            return game
        game.apply(strong(game, mine))
    return None


def play_out(game, seat, card):
    """Our points less theirs for the rest of the play once ``seat`` lays ``card`` (all forced)."""
    game = copy.deepcopy(game)  # a position set up afresh (with_held) has no moves to save and replay
    before = list(game.scores)
    game.apply(Action("play", seat, (card,)))
    while game.phase == "play":
        game.apply(game.legal_actions()[0])  # one card each at most: every step is forced
    gained = [after - b for after, b in zip(game.scores, before, strict=True)]
    return gained[seat] - gained[1 - seat]


def brute_play_values(game, seat):
    """Each card's value averaged over every card the opponent may hold (all unseen cards that agree
    with its goes), the play driven by the rules engine itself."""
    view = seat_view(game, seat)
    room = 0
    for index, step in enumerate(view.laid):  # a go said holding a card: none of theirs fitted
        held = 4 - sum(1 for s in view.laid[:index] if s.player != seat and s.card is not None)
        if step.card is None and step.player != seat and held:
            room = max(room, 31 - step.count)
    pool = [c for c in view.unseen() if c.value > room]
    values = {}
    for card in view.held:
        total = 0
        for hidden in pool:
            total += play_out(with_held(game, 1 - seat, [hidden]), seat, card)
        values[card.code] = total / len(pool)
    return values


def test_play_review_equals_every_holding_the_seat_cannot_rule_out():
    checked = 0
    for seed in range(40):
        game = late_choice(f"peg-brute/{seed}", seed % 2)
        if game is None or max(game.scores) > 90:
            continue
        seat = seed % 2
        view = seat_view(game, seat)
        brute = brute_play_values(game, seat)
        for card in view.held:
            review = review_play(view, card)
            assert review["exact"] is True
            assert review["values"] == {code: round(v, 4) for code, v in brute.items()}
            assert review["loss"] == round(max(brute.values()) - brute[card.code], 4)
            assert review["equal"] == (max(brute.values()) - brute[card.code] < EQUAL)
        checked += 1
        if checked == 4:
            break
    assert checked == 4


def test_play_review_reads_the_opponents_go():
    # The pone said go at 25 holding a card: it holds no six or lower, so the review's holdings
    # hold none either (a brute force over all unseen cards would count them).
    for seed in range(200):
        game = late_choice(f"peg-go/{seed}", seed % 2)
        if game is None:
            continue
        view = seat_view(game, seed % 2)
        if view.opponent_room() and view.opponent_held:
            review = review_play(view, view.held[0])
            pool = [c for c in view.unseen() if c.value > view.opponent_room()]
            assert review["holdings"] == len(pool) < len(view.unseen())
            assert review["values"] == {k: round(v, 4) for k, v in brute_play_values(game, seed % 2).items()}
            return
    raise AssertionError("no position with a go said while holding a card")


def test_play_review_gives_a_reason_in_words():
    from harness.games import game_at_play, game_on_a_king

    game = game_at_play(0, "TC 5D 6H 2S", "AC 3C 4C 8C")
    view = seat_view(game, 1)
    review = review_play(view, parse_card("5D"))
    assert review["loss"] >= EQUAL and review["reason"] == "leaves a 5 for a fifteen"
    game = game_on_a_king()  # count 10
    review = review_play(seat_view(game, 1), parse_card("2S"))
    assert review["best"] == ["5D"] and review["reason"] == "misses a fifteen"


def test_reviews_read_only_what_the_seat_could_see():
    for kind, review in (("discard", lambda v: review_throw(v, v.dealt[:2])),
                         ("play", lambda v: review_play(v, v.held[0]))):
        game = at_first_choice("redacted/2", 0, kind)
        before = review(seat_view(game, 0))
        hidden = list(game.hands[1])
        hide_differently(game, 0, seed=3)
        assert game.hands[1] != hidden
        assert review(seat_view(game, 0)) == before


# --- counting and the game ----------------------------------------------------------------------

def test_count_review_lists_each_missed_item():
    cards, starter = parse_cards("5H 5S 5C JD"), parse_card("5D")
    review = review_count(cards, starter, False, {"items": [{"kind": "fifteen", "cards": ["5H", "JD"]}]})
    actual = score_show(tuple(cards), starter, False)
    assert review["actual"] == actual.total == 29
    assert review["points"] == 2 and review["missed_points"] == 27
    assert sum(item["points"] for item in review["missed"]) == 27
    assert {item["kind"] for item in review["missed"]} >= {"fifteen", "pair", "nobs"}
    nothing = review_count(cards, starter, False, {"total": 29})
    assert nothing["missed"] == [] and nothing["missed_points"] == 0


def claiming_too_little(inner):
    def choose(game, actions):
        if actions[0].kind == "count":
            return Action("count", actions[0].player, (), claim=parse_claim({"total": 0}))
        return inner(game, actions)
    return choose


def test_game_review_adds_up_by_deal_and_phase():
    game = Game(seed="review-game", count_by_hand=(True, False))
    players = (claiming_too_little(computer_player("normal", 1)), computer_player("strong", 2))
    views = []
    while game.hand_number < 2 and game.phase != "game_over":
        actions = game.legal_actions()
        mine = [a for a in actions if a.player == actions[0].player]
        if mine[0].player == 0 and mine[0].kind in ("discard", "play"):
            views.append(seat_view(game, 0))
        game.apply(players[mine[0].player](game, mine))
    decisions = list(seat_decisions(game, 0))
    assert [d.view for d in decisions if d.kind != "count"] == views  # the replay saw what the seat saw
    review = review_game(decisions)
    shows = [e for e in game.events if isinstance(e, ShowEvent) and e.player == 0]
    assert len(review["deals"]) == 2
    counting = sum(row["counting"] for row in review["deals"])
    assert counting == sum(e.breakdown.total for e in shows) > 0  # it claimed nothing
    for row in review["deals"]:
        assert abs(row["total"] - row["throw"] - row["pegging"] - row["counting"]) < 1e-3
    assert abs(review["per_deal"] - review["lost"] / 2) < 1e-3
    lost = sorted((d["lost"] for d in review["decisions"]), reverse=True)[:3]
    assert [d["lost"] for d in review["costliest"]] == lost
    assert all({"index", "deal", "phase", "where"} <= set(d) for d in review["costliest"])
    wheres = {d["where"] for d in review["decisions"]}
    assert {"Deal 1, the throw", "Deal 2, the throw", "Deal 1, counting the hand"} <= wheres
    play = next(d for d in decisions if d.kind == "play")
    assert f"Deal {play.view.hand_number + 1}, the play: {play.cards[0].label} on {play.view.count}" in wheres


def test_views_from_a_random_game_never_hold_the_opponents_cards():
    game = Game(seed="views")
    rng = random.Random(1)
    while game.hand_number < 1:
        actions = game.legal_actions()
        view = seat_view(game, 0)
        hidden = set(game.hands[1]) | {c for c in game.crib if c not in view.thrown}
        assert not hidden & set(view.dealt + view.held + view.current)
        assert not hidden & {step.card for step in view.laid}
        assert hidden <= set(view.unseen())
        game.apply(rng.choice([a for a in actions if a.player == actions[0].player]))
