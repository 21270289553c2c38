"""The score sheet of one game, built from its sides and saved hands: who plays, the hand list with
running totals, the meld each side needs next and whether the rules say the game is over.

Nothing here writes. Every score comes from the rules engine (stored in Hand.result when the hand
was saved); the running totals, the melds and the game end are the engine's too (rules.running_totals,
rules.next_meld, rules.game_over)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Prefetch
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

import rules
from scoring.hand_errors import HandError
from scoring.models import Hand, HandRevision
from tournament.core import formats, seat_state, seated
from tournament.models import Game, GameSide, Substitution

# Short labels for a phone; the engine's own messages name fields in its words.
FIELD_LABELS = {
    "red_books": gettext_lazy("Red books"),
    "black_books": gettext_lazy("Black books"),
    "runs": gettext_lazy("Runs"),
    "books_of_twos": gettext_lazy("Books of 2s"),
    "exact_deals": gettext_lazy("Exact deals"),
    "melded_points": gettext_lazy("Melded points"),
    "left_points": gettext_lazy("Left points"),
    "left_red_threes": gettext_lazy("Red 3s left"),
    "left_black_threes": gettext_lazy("Black 3s left"),
    "jokers_charged": gettext_lazy("Jokers charged"),
    "rack_points": gettext_lazy("Rack points"),
    "rack_jokers": gettext_lazy("Jokers on rack"),
}
# Typed as numbers (with the card-count helper); every other field is a count with a stepper.
POINT_FIELDS = ("melded_points", "left_points", "rack_points")
# The helper adds up positive card values; rummikub tiles count their face value, so no helper there.
HELPER_FIELDS = ("melded_points", "left_points")
MAX_NAME = 60  # the engine's limit on a side's name
MAX_CARD_COUNT = 10_000
NOT_REQUIRED = "not required"  # Hand.confirmed_by when the tournament asks for no confirmation


def entry_fields(variant: str) -> list[str]:
    """The per-side fields the variant uses, in the engine's order, without going out (one choice per hand)."""
    return [f for f in rules.side_fields(variant) if f != "went_out"]


def card_classes(variant: str, settings: dict | None = None) -> list[tuple[str, int]]:
    """The positive card classes a side can count for melded or left points: [("4–7", 5), …].

    From rules.card_values: card rows come before the 3s and the bonuses; penalties are negative
    (Fiji jokers), and 3s are entered as counts, never as points."""
    classes = []
    for label, points in rules.card_values(variant, settings):
        if label.endswith(" 3") or "book" in label.lower():
            break
        if points > 0:
            classes.append((label, points))
    return classes


def count_points(variant: str, settings: dict | None, counts: list[int]) -> int:
    """Card points of these counts per card class (the server does this arithmetic, not the browser)."""
    return sum(count * points for count, (_, points) in zip(counts, card_classes(variant, settings)))


def side_names(sides: list[GameSide]) -> list[str]:
    """A unique name per side, as the engine and the messages use it."""
    names: list[str] = []
    for side in sides:
        name = (str(side) or f"Side {side.slot}")[:MAX_NAME].strip() or f"Side {side.slot}"
        if name.lower() in (n.lower() for n in names):
            name = f"{name[:MAX_NAME - 6]} ({side.slot})"
        names.append(name)
    return names


def playing_sides(game: Game) -> list[GameSide]:
    """The sides of a game loaded with its sides (game_for_sheet), byes left out."""
    return [s for s in game.sides.all() if not s.is_bye]


def sides_and_names(game: Game) -> tuple[list[GameSide], list[str]]:
    """The game's playing sides read now (with team and player) and their names."""
    sides = list(GameSide.objects.filter(game=game, is_bye=False).select_related("team", "player").order_by("slot"))
    return sides, side_names(sides)


def hand_scores(result: dict) -> list[int]:
    """The hand scores, side by side, in a result of the rules engine (as Hand.result stores it)."""
    return [side["hand_score"] for side in result.get("sides", [])]


def totals_after(results, side_count: int) -> list[int]:
    """Each side's total after the hands with these results (Hand.result), added up by the engine."""
    return rules.totals_after((hand_scores(r) for r in results), side_count)


def extra_hand_played(extra_hand: int | None, hands_played: int) -> bool:
    """Is the one more hand the organizer allowed after a tie at the time limit on the sheet? Then the
    game is over whatever the target: the sole highest total wins, level goes back to the organizer."""
    return extra_hand is not None and hands_played >= extra_hand


def settle_absent(values: list[dict], absent: list[bool]) -> list[dict]:
    """The hand's values with each seat's part as seat_state decides it, whatever a page sent (a seat
    may have turned absent or come back since the page was loaded; a correction keeps the part each
    seat had in the hand as saved): an
    absent seat's entry is only {"absent": True} (nothing asked of it, S1), the others lose the flag."""
    settled = []
    for entry, away in zip(values, absent):
        settled.append({"absent": True} if away else {k: v for k, v in entry.items() if k != "absent"})
    return settled


def absent_in(entries: list[dict]) -> list[bool]:
    """Which seats a saved hand scored as absent (its entries, side by side)."""
    return [bool(e.get("absent")) for e in entries]


def refuse_if_absent(hand: Hand, by: str, slot: int | None) -> None:
    """An absent player never confirms a hand (S1): HandError if the side in `slot` was absent from it."""
    slots = list(GameSide.objects.filter(game_id=hand.game_id, is_bye=False).order_by("slot").values_list("slot", flat=True))
    away = absent_in(hand.entries)
    if slot in slots and slots.index(slot) < len(away) and away[slots.index(slot)]:
        raise HandError(_("%(by)s was absent from hand %(number)s: a player who took part confirms it.")
                        % {"by": by, "number": hand.number})


def payload(game: Game, number: int, names: list[str], before: list[int], values: list[dict]) -> dict:
    """The engine's input (RULES.md §7) for one hand: every field of the variant for every side (an
    absent seat marked so: the engine asks nothing of it and scores it 0)."""
    tournament = game.division.tournament
    fields = rules.side_fields(tournament.variant)
    sides = []
    for name, total, entry in zip(names, before, values):
        side = {"name": name, "total_before": total}
        if entry.get("absent"):
            side["absent"] = True
        for f in fields:
            side[f] = entry.get(f, False if f == "went_out" else 0)
        sides.append(side)
    return {
        "variant": tournament.variant,
        "settings": tournament.rules_numbers or {},
        "hand_number": number,
        "sides": sides,
    }


def game_for_sheet(**lookup) -> Game:
    """The game with everything the sheet shows, in a fixed number of queries."""
    return (
        Game.objects.select_related("division__tournament", "round", "winner")
        .prefetch_related(
            Prefetch("sides", queryset=GameSide.objects.select_related("team", "player").prefetch_related("team__players")),
            Prefetch("substitutions", queryset=Substitution.objects.select_related("replaced", "substitute")),
            Prefetch("hands", queryset=Hand.objects.order_by("number").prefetch_related(
                Prefetch("revisions", queryset=HandRevision.objects.order_by("-version"))
            )),
        )
        .get(**lookup)
    )


@dataclass
class SideView:
    side: GameSide
    name: str
    players: list[str]
    seated: str = ""  # who sits there: the team's name, or its partners with a substitute
    absent: bool = False  # takes no part in the hand being entered (tournament.core.seat_state)
    state: str = ""  # the seat's state in words when it is not simply present (absent, arrived late…)
    total: int = 0
    next_meld: int = 0
    leading: bool = False
    confirmed_total: int = 0  # over the confirmed hands only (RULES F1)
    pending: int = 0  # hands of the game still waiting for confirmation


@dataclass
class Cell:
    hand_score: int
    total: int
    absent: bool = False  # the seat took no part in this hand (scored 0)


@dataclass
class Row:
    hand: Hand
    cells: list[Cell]
    unconfirmed: bool
    went_out: str | None
    revisions: list[HandRevision] = field(default_factory=list)
    melds: list[int] = field(default_factory=list)  # the meld each side needed when this hand was played

    @property
    def corrected(self) -> bool:
        return self.hand.version > 1

    @property
    def trail(self) -> str:
        """Who entered the hand and who confirmed it, as its history tells it: "entered by A on this
        phone, handed over to B, confirmed by B" when one phone served both sides."""
        hand = self.hand
        who = {"by": hand.entered_by or "?", "to": hand.confirmed_by}
        steps = [(_("entered by %(by)s on this phone") if hand.handed_over else _("entered by %(by)s")) % who]
        if hand.confirmed_at and hand.confirmed_by and hand.confirmed_by != NOT_REQUIRED:
            if hand.handed_over:
                steps.append(_("handed over to %(to)s") % who)
            steps.append(_("confirmed by %(to)s") % who)
        return ", ".join(steps)


@dataclass
class Sheet:
    game: Game
    tournament: object
    sides: list[SideView]
    rows: list[Row]
    fields: list[str]
    over: bool
    winner_name: str | None
    waiting_for_confirmation: bool

    @property
    def next_number(self) -> int:
        return len(self.rows) + 1

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.sides]

    @property
    def seated_names(self) -> list[str]:
        """The sides as seated (a substitute named where they play), for the headings."""
        return [s.seated or s.name for s in self.sides]

    @property
    def hands(self) -> list[Hand]:
        return [r.hand for r in self.rows]

    def side_by_name(self, name: str) -> SideView | None:
        return next((s for s in self.sides if s.name == name), None)


def build(game: Game) -> Sheet:
    """The sheet of a game loaded with game_for_sheet (no further queries but the engine's)."""
    tournament = game.division.tournament
    variant, settings = tournament.variant, tournament.rules_numbers or None
    sides = playing_sides(game)
    names = side_names(sides)
    substitutions = list(game.substitutions.all())
    # A table's partnership is named by its partners, so the heading names who sits there; a bracket
    # team keeps its own name (its players are listed under it).
    at_table = formats.of(tournament).sheet_names_who_sits
    views = [SideView(side=s, name=n, players=seated.seated_players(s, substitutions),
                      seated=seated.seated_name(s, substitutions) if at_table and s.team_id else n)
             for s, n in zip(sides, names)]

    hands = list(game.hands.all())
    running = rules.running_totals((hand_scores(h.result) for h in hands), len(sides))
    rows = []
    totals = [0] * len(sides)
    for hand, after in zip(hands, running):
        away = absent_in(hand.entries) + [False] * len(after)
        cells = [Cell(total - before, total, bool(a)) for before, total, a in zip(totals, after, away)]
        melds = [rules.next_meld(variant, before, hand.number, settings) for before in totals]
        totals = after
        out = next((e.get("name") for e in hand.entries if e.get("went_out")), None)
        rows.append(Row(
            hand=hand, cells=cells, went_out=out, revisions=list(hand.revisions.all()),
            unconfirmed=tournament.require_confirmation and hand.confirmed_at is None, melds=melds,
        ))

    counted = rules.confirmed_totals(((h.number, hand_scores(h.result), h.confirmed_at is not None) for h in hands),
                                     len(sides), tournament.require_confirmation)
    for view, total, confirmed in zip(views, totals, counted.totals):
        view.total, view.confirmed_total, view.pending = total, confirmed, len(counted.pending)
        view.next_meld = rules.next_meld(variant, total, len(rows) + 1, settings)
    mark_seats(views, len(rows) + 1, game.substitutions.all())
    in_the_game = seat_state.counted_totals(names, totals, sides)  # an absent seat never leads nor wins (S1)
    if rows:  # the sole highest total: who would win if the clock ran out now (A7), on confirmed hands (F1)
        leader = rules.time_limit_winner(seat_state.counted_totals(names, counted.totals, sides))
        for view in views:
            view.leading = view.name == leader

    over, winner = (False, None)
    if rows:
        over, winner = rules.game_over(variant, in_the_game, len(rows), settings)
        if not over and extra_hand_played(game.extra_hand, len(rows)):
            over, winner = True, rules.time_limit_winner(in_the_game)
    waiting = over and any(r.unconfirmed for r in rows)
    return Sheet(
        game=game, tournament=tournament, sides=views, rows=rows, fields=entry_fields(variant),
        over=over, winner_name=winner, waiting_for_confirmation=waiting,
    )


def mark_seats(views: list[SideView], number: int, substitutions=()) -> None:
    """Each side's part in hand `number` and its state in words, as seat_state decides."""
    for view in views:
        view.absent = not seat_state.plays_hand(view.side, number)
        view.state = seat_state.marked_words(view.side, substitutions)


@dataclass
class Entry:
    """What entering or previewing a hand needs, and no more: the game and its tournament, the playing
    sides with their names, the variant's fields and how many hands are saved. HandForm takes it in
    place of a Sheet (it reads `sides` and `fields` only)."""

    game: Game
    tournament: object
    sides: list[SideView]
    fields: list[str]
    # How many hands are saved: counted when first asked. A hand save never asks (it counts them
    # again under the game's lock), so it spends no query on it; the preview does.
    saved: int | None = None

    @property
    def hands_played(self) -> int:
        if self.saved is None:
            self.saved = Hand.objects.filter(game=self.game).count()
        return self.saved

    @property
    def next_number(self) -> int:
        return self.hands_played + 1

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.sides]

    @property
    def seated_names(self) -> list[str]:
        """The sides as seated (a substitute named where they play), for the headings."""
        return [s.seated or s.name for s in self.sides]

    @property
    def game_sides(self) -> list[GameSide]:
        return [s.side for s in self.sides]

    def totals_before(self, number: int) -> list[int]:
        """Each side's running total before hand `number`. For the next hand that is GameSide.total
        (every writer keeps it equal to the sum of the saved hands); a correction adds up the hands."""
        if number > self.hands_played:
            return [s.side.total for s in self.sides]
        results = Hand.objects.filter(game=self.game, number__lt=number).order_by("number").values_list("result", flat=True)
        return totals_after(results, len(self.sides))


def entry_for(**lookup) -> Entry:
    """The Entry of the game with this table token or pk, in small queries (the database plans every
    query it runs, and each table joined adds more to that than the whole row costs to read): the
    game with its division and tournament; its sides with their teams and players, in slot order
    alone (the sides' default order would join the game, its division, round and tournament again
    only to sort them); the number of saved hands only when asked (Entry.hands_played; counted apart:
    a COUNT beside the joined rows would group by all of their columns, and a COUNT subquery costs
    more to build than the query it saves). The game's round is left out: no entry view names the
    game. Whole rows, so whatever an entry view reads of them costs nothing more."""
    game = Game.objects.select_related("division__tournament").get(**lookup)
    sides = [s for s in GameSide.objects.filter(game=game).select_related("team", "player").order_by("slot") if not s.is_bye]
    for side in sides:
        side.game = game  # a side's game is this one: reading it costs no query
    views = [SideView(side=s, name=n, players=[]) for s, n in zip(sides, side_names(sides))]
    tournament = game.division.tournament
    entry = Entry(game=game, tournament=tournament, sides=views, fields=entry_fields(tournament.variant))
    # Which hand is next matters only when a late arrival joins at a later hand (a count then).
    mark_seats(views, entry.next_number if any(s.back_from_hand for s in sides) else 1)
    return entry
