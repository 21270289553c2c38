"""Who sits where in a published round of a table event: by table (seat order, sides, the game's
state) and by name A-Z, with those sitting out as byes. Read by the public seating page, the round
board and the printed seating charts; nothing here writes.

Seat numbers come from the round's published SeatingDraw (everyone clockwise from seat 1); the
tables are the round's games (game number = table as drawn), so a table's state, totals and sheet
link come from the same rows the score entry writes.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from django.db.models import Count, Max, Prefetch
from django.utils.translation import gettext

from tournament.common import localtime, names
from tournament.core import seat_state
from tournament.formats.tables import after_draw, movement, rounds
from tournament.models import Game, GameSide, Player, Round, SeatingDraw, Substitution, Tournament


@dataclass
class Seat:
    number: int
    name: str
    partner: str = ""  # the partner's name in partnership events
    stayed: bool = False  # winners stay: won this table last round and kept it
    state: str = ""  # absent, arrived late, withdrawn, substitute (tournament.core.seat_state); '' when present


@dataclass
class SideLine:
    name: str
    total: int
    confirmed_total: int = 0  # over confirmed hands (RULES F1): shown beside `total` while hands wait
    pending_hands: int = 0


@dataclass
class TableSeating:
    number: int  # the table's number as shown (a play-off's is the organizer's choice)
    seats: list[Seat]
    sides: list[SideLine]
    game: Game | None
    hands: int = 0
    last_hand_at: object = None
    stayed: str = ""  # winners stay: the winner of this table in the round before, who kept it
    index: int = 0  # its place in the published seating: the game's number in the round

    @property
    def state(self) -> str:
        """waiting | in play | finished | … as a spectator reads it."""
        if self.game is None:
            return ""
        if self.game.status in (Game.Status.WAITING, Game.Status.READY):
            return gettext("Waiting to start")
        if self.in_play:
            return gettext("In play")
        if self.game.status == Game.Status.AWAITING_DECISION:
            return gettext("Waiting for the organizer")
        return self.game.get_status_display()

    @property
    def in_play(self) -> bool:
        return self.game is not None and self.game.status == Game.Status.IN_PLAY


@dataclass
class PersonSeat:
    name: str
    table: int | None  # None: sitting out (a bye)
    seat: int | None
    partner: str = ""
    stayed: bool = False  # won this table last round and stays at it
    state: str = ""  # as the seat's (Seat.state)

    @property
    def bye(self) -> bool:
        return self.table is None


@dataclass
class RoundSeating:
    number: int
    round: Round | None
    starts: str
    tables: list[TableSeating]
    sitting_out: list[str]
    people: list[PersonSeat] = field(default_factory=list)
    playoff: bool = False
    shown: int = 0  # the round as people count it, play-offs left out (rounds.shown_numbers); 0 for a play-off

    @property
    def name(self) -> str:
        """“Round 2”, or the play-off's name (“Play-off for the win”), in the page's language."""
        return str(self.round) if self.round else gettext("Round %(number)s") % {"number": self.shown or self.number}

    def find(self, typed: str) -> list[PersonSeat]:
        """Everyone whose name holds what was typed (case, spaces and look-alikes ignored)."""
        wanted = names.key(typed)
        if not wanted:
            return []
        return [p for p in self.people if wanted in names.key(p.name)]


def published_numbers(tournament: Tournament) -> list[int]:
    return list(
        SeatingDraw.objects.filter(tournament=tournament, published_at__isnull=False)
        .order_by("round_number").values_list("round_number", flat=True)
    )


def playoff_numbers(tournament: Tournament) -> set[int]:
    """The numbers of the rounds that are play-offs (the pages' round tabs name them so)."""
    return set(SeatingDraw.objects.filter(tournament=tournament, playoff=True, published_at__isnull=False)
               .values_list("round_number", flat=True))


def round_tabs(tournament: Tournament) -> list[tuple[int, str]]:
    """Each published round's number (its pages' address) and its tab's words in the page's language:
    “Round 2”, or “Play-off” — a play-off is no round of the count."""
    shown = rounds.shown_numbers(tournament)
    return [(n, gettext("Round %(number)s") % {"number": shown[n]} if n in shown else gettext("Play-off"))
            for n in published_numbers(tournament)]


def _games(rnd: Round | None, with_sides: bool = True) -> dict[int, Game]:
    if rnd is None:
        return {}
    games = Game.objects.filter(round=rnd)
    if with_sides:
        games = games.select_related("division__tournament", "round").prefetch_related(
            Prefetch("sides", queryset=GameSide.objects.select_related("team", "player").order_by("slot")))
    games = games.annotate(hand_count=Count("hands"), last_hand_at=Max("hands__created_at"))
    return {game.number: game for game in games}


def round_seating(tournament: Tournament, number: int, *, with_sides: bool = True, with_marks: bool = True) -> RoundSeating:
    """Round `number` as published (LookupError when it is not). Without `with_sides` each table's `sides`
    is left empty and its game comes without them (the round board reads its games on its own); without
    `with_marks` the seats are not marked absent, late… (a page that lists no seats: the home)."""
    # This round and those before it, in one query: the round's seating and its number as people count rounds.
    upto = list(SeatingDraw.objects.filter(tournament=tournament, round_number__lte=number, published_at__isnull=False)
                .order_by("round_number").defer("strengths"))
    record = upto[-1] if upto and upto[-1].round_number == number else None
    if record is None:
        raise LookupError(f"Round {number} has not been published.")
    rnd = next((r for r in rounds.table_rounds(tournament) if r.number == number), None)
    games = _games(rnd, with_sides)
    rows = Player.objects.filter(tournament=tournament).values_list("pk", "name", "table_entry__withdrawn_at")
    player_names = {pk: name for pk, name, _withdrawn in rows}
    withdrawn = {pk for pk, _name, at in rows if at}
    marks = with_sides and with_marks
    stand_ins = _stand_ins(tournament, number, games.values()) if marks else set()
    stayed = movement.stayed_in(tournament, record)
    tables, people = [], []
    for index, (sides, seats) in enumerate(zip(record.sides, record.seats), start=1):
        partner_of = {p: names.joined(player_names.get(q, "?") for q in side if q != p) for side in sides for p in side}
        kept = set(stayed[index].side) if index in stayed else set()
        game = games.get(index)
        side_of = _sides_of(sides, seats, game) if game and marks else {}
        seat_rows = [
            Seat(number=at, name=player_names.get(p, "?"), partner=partner_of.get(p, ""), stayed=p in kept,
                 state=seat_state.person_words(side_of.get(p), withdrawn=p in withdrawn, substitute=p in stand_ins)
                 if game and marks else "")
            for at, p in enumerate(seats, start=1)
        ]
        lines = [SideLine(str(s), s.total, s.confirmed_total, s.pending_hands) for s in game.sides.all()] if game and with_sides else []
        shown = game.table_number if record.playoff and game and game.table_number else index
        tables.append(TableSeating(
            number=shown, seats=seat_rows, sides=lines, game=game,
            hands=getattr(game, "hand_count", 0), last_hand_at=getattr(game, "last_hand_at", None),
            stayed=stayed[index].name if index in stayed else "", index=index,
        ))
        people += [
            PersonSeat(s.name, shown, s.number, s.partner, stayed=s.stayed, state=s.state) for s in seat_rows
        ]
    out = [player_names.get(p, "?") for p in record.sitting_out]
    people += [PersonSeat(name, None, None) for name in out]
    people.sort(key=lambda p: (names.sort_key(p.name), p.table or 0))
    return RoundSeating(
        number=number, round=rnd, starts=localtime.day_and_clock(tournament, rnd.starts_at if rnd else None),
        tables=tables, sitting_out=out, people=people, playoff=record.playoff,
        shown=0 if record.playoff else sum(1 for r in upto if not r.playoff),
    )


def _sides_of(sides: list[list[int]], seats: list[int], game: Game) -> dict[int, GameSide]:
    """Each seated player's side at the table: the record's sides in slot order (a side's slot is
    where its first player sits, as the round was saved)."""
    ordered = sorted(sides, key=lambda side: min(seats.index(p) if p in seats else len(seats) for p in side))
    by_slot = {s.slot: s for s in game.sides.all()}
    return {p: by_slot[slot] for slot, side in enumerate(ordered, start=1) if slot in by_slot for p in side}


def _stand_ins(tournament: Tournament, number: int, games) -> set[int]:
    """Who sits in for someone in round `number`: a substitute partner at a table, or a substitute who
    took a seat this round (for the round or for the rest of the event)."""
    found = set(Substitution.objects.filter(game__in=[g.pk for g in games]).values_list("substitute_id", flat=True))
    return found | {entry.data["substitute"] for entry in after_draw.logged(tournament, ["partner_replaced"])
                    if entry.data.get("round") == number and entry.data.get("substitute")}
