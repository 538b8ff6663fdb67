"""The play: what each card laid in a count scores.

A count is the run of cards laid since the total was last reset. Only its
uninterrupted tail can make pairs and runs; fifteen and thirty-one depend on
the running total. The go (last card) point is not a property of a sequence
alone (it depends on what the players still hold), so it is scored by the
game, with ``go_item`` below as its single definition.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import Any, Final

from . import rules
from .cards import DECK, RANK_OF, VALUE_OF, Card, ensure_distinct, parse_cards
from .errors import CardError
from .kinds import PlayKind
from .show import ScoreItem
from .variants import STANDARD, Variant
from .variants import variant as get_variant
from .words import number_word

_PAIR_POINTS = rules.PAIR_POINTS
_PAIR_KINDS: dict[int, PlayKind] = {2: "pair", 3: "pair royal", 4: "double pair royal"}


@dataclass(frozen=True)
class PlayedCard:
    """A card laid in a count: the count after it and what it scored."""

    card: Card
    count: int
    items: tuple[ScoreItem, ...]

    @property
    def points(self) -> int:
        """What the card scored."""
        return sum(item.points for item in self.items)

    def to_json(self) -> dict[str, Any]:
        """``{"card", "count", "points", "items"}``."""
        return {
            "card": self.card.code,
            "count": self.count,
            "points": self.points,
            "items": [item.to_json() for item in self.items],
        }


def count_json(played: Sequence[PlayedCard]) -> dict[str, Any]:
    """One count as JSON: each card with its points, and the total (the API and CLI contract)."""
    return {"cards": [p.to_json() for p in played], "total": sum(p.points for p in played)}


def count_of(cards: Sequence[Card]) -> int:
    """The count the cards make: the sum of their values (court cards count ten)."""
    return sum([VALUE_OF[card] for card in cards])


def can_play(card: Card, count: int) -> bool:
    """Whether ``card`` can be laid at ``count`` without passing 31."""
    return count + VALUE_OF[card] <= rules.THIRTY_ONE


def score_play_card(previous: Sequence[Card], card: Card) -> tuple[ScoreItem, ...]:
    """Points for laying ``card`` onto the cards already laid in this count."""
    sequence = tuple(previous) + (card,)
    total = count_of(sequence)
    items: list[ScoreItem] = []
    if total == rules.FIFTEEN:
        items.append(ScoreItem("fifteen", sequence, rules.FIFTEEN_POINTS))
    elif total == rules.THIRTY_ONE:
        items.append(ScoreItem("thirty-one", sequence, rules.THIRTY_ONE_POINTS))
    same = _same_rank_tail(sequence)
    if same >= 2:
        items.append(ScoreItem(_PAIR_KINDS[same], sequence[-same:], _PAIR_POINTS[same]))
    run = _run_tail(sequence)
    if run:
        items.append(ScoreItem("run", sequence[-run:], run))
    return tuple(items)


def go_item(last_card: Card) -> ScoreItem:
    """One for the go / last card: the last card of a count that did not make 31."""
    return ScoreItem("go", (last_card,), rules.LAST_CARD_POINTS)


def last_card_items(count_cards: Sequence[Card]) -> tuple[ScoreItem, ...]:
    """What the last card of a finished count takes: the go, unless it made 31 (paid already)."""
    if not count_cards or not rules.last_card_points(count_of(count_cards)):
        return ()
    return (go_item(count_cards[-1]),)


def _same_rank_tail(sequence: Sequence[Card]) -> int:
    rank = RANK_OF[sequence[-1]]
    length = 0
    for card in reversed(sequence):
        if RANK_OF[card] != rank:
            break
        length += 1
    return length


def _run_tail(sequence: Sequence[Card]) -> int:
    """Length of the longest run (three or more) formed by the last cards laid, any order."""
    for length in range(len(sequence), 2, -1):
        ranks = sorted([RANK_OF[card] for card in sequence[-length:]])
        if all(b == a + 1 for a, b in pairwise(ranks)):
            return length
    return 0


def score_count(cards: Sequence[Card] | str) -> tuple[PlayedCard, ...]:
    """Score each card of one count in order. The count may not pass 31."""
    sequence = parse_cards(cards, what="count") if isinstance(cards, str) else tuple(cards)
    ensure_distinct(sequence)
    played: list[PlayedCard] = []
    for position, card in enumerate(sequence):
        before = sequence[:position]
        total = count_of(before) + card.value
        if position and count_of(before) == rules.THIRTY_ONE:
            raise CardError(f"'{card.code}': the count reached {rules.THIRTY_ONE} and ended before this card")
        if total > rules.THIRTY_ONE:
            raise CardError(
                f"'{card.code}': laying the {card.name} would take the count from "
                f"{total - card.value} to {total}, past {rules.THIRTY_ONE}"
            )
        played.append(PlayedCard(card, total, score_play_card(before, card)))
    return tuple(played)


PLAYERS = ("pone", "dealer")  # the pone leads the first count
CARDS_EACH = rules.CARDS_KEPT
PLAYER_NAMES: Final[dict[int, tuple[str, ...]]] = {
    2: PLAYERS, 3: ("first", "second", "dealer"), 4: ("first", "second", "third", "dealer"),
}
"""What the play scorer calls each player, from the dealer's left (who leads) round to the dealer."""


@dataclass(frozen=True)
class PlayStep:
    """One step of the play between two players: a card laid, or a player saying go."""

    card: Card | None  # None for a go
    player: int  # who laid the card or said go, from the dealer's left: 0 the pone (or first), the dealer last
    count: int  # the count after this step; closes_count says whether it then starts again
    items: tuple[ScoreItem, ...]
    scorer: int  # who pegs the items: the layer, or for a closing go whoever laid the last card
    closes_count: bool
    held: int = 0  # for a go: the cards the player still held, none of which may fit the count
    names: tuple[str, ...] = PLAYERS  # what the players are called, by seat

    @property
    def points(self) -> int:
        """What the step scored."""
        return sum(i.points for i in self.items)

    def to_json(self) -> dict[str, Any]:
        """The step as JSON: the card (None for a go), who, the count and what it scored."""
        return {
            "card": self.card.code if self.card is not None else None,
            "go": self.card is None,
            "player": self.names[self.player],
            "scorer": self.names[self.scorer],
            "count": self.count,
            "points": self.points,
            "items": [i.to_json() for i in self.items],
            "closes_count": self.closes_count,
        }


GO = "go"


HIGHEST_VALUE = max(card.value for card in DECK)  # a ten or a court card


def go_problem(count: int, held: int, unseen: Sequence[Card], player: str) -> str | None:
    """Why a go said at ``count`` by a player holding ``held`` unknown cards cannot be true, or None.

    A go says that none of the player's cards fits. The scorer sees only the cards laid, so it can
    refuse a go only when every way of holding ``held`` of the unseen cards includes one that fits:
    at a count of 21 or less every card fits (none is worth more than ten); above that, only if too
    few unseen cards are too big to fit. Otherwise the go is possible and is taken as said.
    """
    if held == 0:
        return None  # a player out of cards says go only to end the count
    room = rules.THIRTY_ONE - count
    if sum(1 for card in unseen if card.value > room) >= held:
        return None
    cards, lay = ("a card", "lay it") if held == 1 else (f"{held} cards", "lay one of them")
    if room >= HIGHEST_VALUE:
        why = f"at a count of {count} every card fits (none is worth more than {HIGHEST_VALUE})"
    else:
        why = f"at a count of {count} only a card worth more than {room} would not fit, and too few are left"
    return f"'go': {why}, and the {player} still holds {cards}: a go is said only when no card fits; {lay} instead"


class _Play:
    """The state of a play in progress: whose turn, the count, who has said go."""

    def __init__(self, variant: Variant = STANDARD) -> None:
        self.variant = variant
        self.names = PLAYER_NAMES[variant.players] if variant.players != 2 else PLAYERS
        self.seats = variant.players
        self.turn = 0
        self.current: list[Card] = []
        self.laid = [0] * self.seats
        self.gone: list[int] = []  # who has said go in this count, in order
        self.last_player = 0
        self.seen: set[Card] = set()
        self.steps: list[PlayStep] = []
        self.stopped = False  # five-card cribbage: the first go or 31 has ended the play
        # each player's most telling go while holding cards: (the count, its step number); every
        # card the player lays later was in their hand then, so it must not have fitted
        self.go_at: list[tuple[int, int] | None] = [None] * self.seats

    @property
    def over(self) -> bool:
        return self.stopped or not any(self.has_cards(p) for p in range(self.seats))

    @property
    def said_go(self) -> int | None:
        """The first player who said go in this count (None if nobody has)."""
        return self.gone[0] if self.gone else None

    def summary(self) -> dict[str, Any]:
        """What a page shows under the steps: the count, who lays next, each player's points.

        With partners (four players) ``team_totals`` adds each partnership's points together.
        """
        totals = play_totals(self.steps, self.seats)
        data: dict[str, Any] = {
            "count": count_of(self.current), "next": None if self.over else self.names[self.turn],
            "said_go": None if self.said_go is None else self.names[self.said_go], "totals": totals,
            "over": self.over,
            # 0 when the player to move has laid every card: they only say go, to end the count
            "next_holds": None if self.over else self.variant.hand_size - self.laid[self.turn],
        }
        if self.seats > 2:
            data["gone"] = [self.names[p] for p in self.gone]
        if self.variant.partners:  # seats counted from the dealer's left: partners are every other seat
            data["team_totals"] = [sum(totals[side::self.variant.sides]) for side in range(self.variant.sides)]
        return data

    def steps_json(self) -> list[dict[str, Any]]:
        """Each step as JSON; a go also says what it claims and whether the cards prove it.

        ``held`` is how many cards the player still had, and ``fits_up_to`` the largest value that
        would have fitted; ``known`` is true once the player has laid every card held at the go (each
        checked not to fit), false while the scorer can only take the player's word for it.
        """
        out = []
        for index, step in enumerate(self.steps):
            data = step.to_json()
            if step.card is None:
                later = sum(1 for s in self.steps[index + 1:] if s.card is not None and s.player == step.player)
                data.update(held=step.held, fits_up_to=rules.THIRTY_ONE - step.count, known=later >= step.held)
            out.append(data)
        return out

    def has_cards(self, player: int) -> bool:
        return self.laid[player] < self.variant.hand_size

    def is_out(self, player: int) -> bool:
        """Whether ``player`` can lay nothing more in this count: said go, or holds no cards."""
        return player in self.gone or not self.has_cards(player)

    def next_in(self, player: int) -> int | None:
        """The next player round the table after ``player`` who is still in the count, or None."""
        for step in range(1, self.seats):
            other = (player + step) % self.seats
            if not self.is_out(other):
                return other
        return None

    def close(self) -> None:
        """A new count: led by the next player after whoever laid the last card who holds a card."""
        self.current, self.gone = [], []
        self.stopped = not self.variant.play_after_go
        for step in range(1, self.seats + 1):
            self.turn = (self.last_player + step) % self.seats
            if self.has_cards(self.turn):
                return

    def go(self) -> PlayStep:
        player = self.turn
        if not self.current:
            raise CardError(f"'go': the {self.names[player]} leads a new count and must lay a card")
        count = count_of(self.current)
        held = self.variant.hand_size - self.laid[player]
        problem = go_problem(count, held, [card for card in DECK if card not in self.seen], self.names[player])
        if problem:
            raise CardError(problem)
        earlier = self.go_at[player]
        if held and (earlier is None or count > earlier[0]):
            self.go_at[player] = (count, len(self.steps) + 1)
        following = self.next_in(player)
        if following is not None and player not in self.gone:
            self.gone.append(player)  # the go passes on: the next player still in lays on if able
            self.turn = following
            return PlayStep(None, player, count, (), player, False, held, self.names)
        step = PlayStep(None, player, count, last_card_items(self.current), self.last_player, True, held, self.names)
        self.close()
        return step

    def check_held_at_go(self, card: Card, token: str, player: int) -> None:
        """A card laid now was held at the player's earlier go: it must not have fitted then."""
        earlier = self.go_at[player]
        if earlier is None or not can_play(card, earlier[0]):
            return
        count, step = earlier
        raise CardError(
            f"'{token}': the {self.names[player]} said go at a count of {count} (step {step}) while holding the "
            f"{card.name}, which fits there ({count} + {card.value} = {count + card.value}): a go is said only "
            f"when no card fits, so the {card.name} belongs at step {step} instead of that go"
        )

    def out_of_cards(self, token: str, player: int) -> str:
        """Why ``player``, whose turn it still is with every card laid, can lay no more."""
        name, size = self.names[player], self.variant.hand_size
        return (f"'{token}': the {name} has laid all {number_word(size)} cards of a {size}-card hand and can lay no "
                f"more; nobody else can lay on this count, so say go to end it (the {name} takes one for the last "
                "card)")

    def lay(self, token: str) -> PlayStep:
        card = parse_cards(token, 1, "card")[0]
        player = self.turn
        if not self.has_cards(player):
            raise CardError(self.out_of_cards(token, player))
        if card in self.seen:
            raise CardError(f"'{token}': the {card.name} has already been laid")
        self.check_held_at_go(card, token, player)
        total = count_of(self.current) + card.value
        if total > rules.THIRTY_ONE:
            raise CardError(
                f"'{token}': the count is {total - card.value}, so the {card.name} would pass {rules.THIRTY_ONE}: "
                f"the {self.names[player]} says go instead"
            )
        items = score_play_card(self.current, card)
        self.seen.add(card)
        self.current.append(card)
        self.laid[player] += 1
        self.last_player = player
        out_of_cards = not any(self.has_cards(p) for p in range(self.seats))
        closes = total == rules.THIRTY_ONE or out_of_cards
        if out_of_cards:
            items += last_card_items(self.current)  # the last card of the play takes one (not on 31)
        if closes:
            self.close()
        else:
            following = self.next_in(player)
            self.turn = player if following is None else following
        return PlayStep(card, player, total, items, player, closes, 0, self.names)


def score_play_steps(tokens: Sequence[str], variant: Variant | str | None = None) -> tuple[PlayStep, ...]:
    """The play from the dealer's left round to the dealer, each with the variant's hand, the pone leading.

    Players take turns; ``go`` is said by the player to move when no card fits. The go then passes
    round the table: the next player still in lays on if able, and when nobody can (a go from
    the last player still in, or a go from a player the others have all gone out before), whoever
    laid the last card takes one. A go that cannot be true is refused: one said while every card the
    player could hold fits (any go at a count of 21 or less by a player with cards), or one the
    player's later cards contradict (a card laid later was held at the go, so it must not have
    fitted then). 31 pays 2 and closes the count (never the go as well); a player with no cards left
    is passed over, and the last card of the whole play takes one. A new count is led by the next
    player after whoever laid the last card. In five-card cribbage the first go or 31 ends the play.
    """
    return tuple(run_play(tokens, variant).steps)


def run_play(tokens: Sequence[str], variant: Variant | str | None = None, explain: bool = False) -> _Play:
    """The play after these tokens: its steps, whose turn it is, the count.

    A token the rules refuse raises ``CardError``; with ``explain`` its ``details`` say which token
    (``at``, from 0) and what the tokens before it scored (``steps`` and the summary), so a page can
    show the sequence as typed with the refused card marked.
    """
    play = _Play(get_variant(variant))
    for at, token in enumerate(tokens):
        try:
            if play.over:
                raise CardError(f"'{token}': {_over_words(play)}; the play is over")
            play.steps.append(play.go() if token.strip().lower() == GO else play.lay(token))
        except CardError as error:
            if not explain:
                raise
            details = {"at": at, "steps": play.steps_json(), "players": list(play.names), **play.summary()}
            raise CardError(str(error), details) from None
    return play


def _over_words(play: _Play) -> str:
    if play.stopped and any(play.has_cards(p) for p in range(play.seats)):
        return "in five-card cribbage the first go or 31 ends the play"
    if play.seats == 2 and play.variant.hand_size == rules.CARDS_KEPT:
        return "both players have laid all four cards"
    return f"every player has laid all {number_word(play.variant.hand_size)} cards"


def play_totals(steps: Sequence[PlayStep], players: int = 2) -> list[int]:
    """Points pegged by each player: the pone and the dealer, or every player from the dealer's left."""
    totals = [0] * players
    for step in steps:
        totals[step.scorer] += step.points
    return totals
