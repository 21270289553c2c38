"""The one place the organizer pages call the pure draws (tournament.formats.tables.partners and
tournament.formats.tables.seating): it gathers their input from the database and hands their result back
as plain lists, the shape tournament.formats.tables.rounds saves."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from tournament.common import form_fields, seeds
from tournament.core import club_ratings
from tournament.formats.tables import draw_refusals, formats, movement, partners, rounds, seating
from tournament.models import Player, SeatingDraw, Tournament


def parse_seed(typed: str | None) -> int:
    """The organizer's seed, or a new random one when the box is empty."""
    if not (typed or "").strip():
        return seeds.new_seed()
    try:
        return seeds.parse_seed(typed)
    except seeds.SeedError as exc:
        raise ValidationError(form_fields.seed_refusal(exc)) from None


def _as_round(data: dict, named: dict[frozenset, tuple]) -> seating.Round:
    """A stored seating as the pure draw's Round (each bye a one-player side), each side spelled as
    this round's entrant with the same players (`named`), so the draw knows it for the same side."""
    def side(players) -> tuple:
        return named.get(frozenset(players), tuple(players))

    return seating.Round(
        tables=tuple(
            seating.Table(sides=tuple(side(s) for s in table["sides"]), seats=tuple(table["seats"]))
            for table in data["tables"]
        ),
        sitting_out=tuple((player,) for player in data["sitting_out"]),
    )


def earlier_rounds(tournament: Tournament, named: dict[frozenset, tuple]) -> list[seating.Round]:
    """The published rounds, play-offs first: the pure draw's winners-stay movement reads the last
    one as "the previous round", which must be the last regular round (a play-off is no round of the
    movement); repeat meetings, byes and the round count do not depend on the order."""
    published = sorted(rounds.published_seatings(tournament), key=lambda r: (not r.playoff, r.round_number))
    return [_as_round(record.as_data, named) for record in published]


def draw_partners(tournament: Tournament, seed: int) -> list[list[int]]:
    """Pairs of player ids for everyone waiting for a partner; couples never together."""
    players, households = rounds.partner_candidates(tournament)
    try:
        pairs = partners.draw_partners(players, households, seed)
    except partners.DrawError as exc:
        raise refusal(tournament, exc) from None
    return [list(pair) for pair in pairs]


def refusal(tournament: Tournament, exc: partners.DrawError) -> ValidationError:
    """A draw's refusal in the organizer's language, naming the players (the draw knows only their ids)."""
    names = dict(Player.objects.filter(tournament=tournament).values_list("pk", "name"))
    return ValidationError(draw_refusals.say(exc, names))


def balance_strengths(tournament: Tournament, everyone) -> dict | None:
    """Each side's club-rating strength when the event balances its tables (off by default), else None."""
    if not (tournament.club_id and rounds.event_settings(tournament).balanced_tables):
        return None
    ratings = club_ratings.player_ratings(tournament)
    found = {side: club_ratings.side_strength(side, ratings) for side in everyone}
    return {side: value for side, value in found.items() if value is not None}


def drawn_strengths(tournament: Tournament, number: int, seed: int, everyone) -> dict | None:
    """The strengths an earlier draw of this round with this number stored, while the same people
    are to be seated: drawing that number again gives the same tables even after the club's ratings
    moved. None when there is no such draw (the ratings are read as they are now)."""
    players = sorted(p for side in everyone for p in side)
    named = {frozenset(side): side for side in everyone}
    for record in SeatingDraw.objects.filter(tournament=tournament, round_number=number, seed=seed):
        if record.strengths and sorted([p for seats in record.seats for p in seats] + list(record.sitting_out)) == players:
            return {named.get(frozenset(side), tuple(side)): value for side, value in record.strengths}
    return None


def draw_seating(tournament: Tournament, number: int, seed: int) -> dict:
    """Round `number`'s seating: {"tables": [{"sides": [[ids], …], "seats": [ids]}, …], "sitting_out": [ids],
    "strengths": [[side's ids], strength] when balanced by club rating, strongest first}."""
    everyone = rounds.entrants(tournament)
    low, high = formats.side_bounds(tournament)
    named = {frozenset(entrant): entrant for entrant in everyone}
    earlier = earlier_rounds(tournament, named)
    # The model stores "winners_stay", the pure draw names it "winners-stay".
    how = rounds.event_settings(tournament).movement.replace("_", "-")
    winners = [w.side for w in movement.previous_winners(tournament) if w.side] if how == "winners-stay" else []
    # A winner who withdrew since has no seat to keep.
    winners = [named[frozenset(w)] for w in winners if frozenset(w) in named]
    strengths = balance_strengths(tournament, everyone) if how == "redraw" else None
    if strengths is not None:
        strengths = drawn_strengths(tournament, number, seed, everyone) or strengths
    try:
        result = seating.seat_round(everyone, low, high, earlier, seed=seed, movement=how, winners=winners,
                                    strengths=strengths)
    except partners.DrawError as exc:
        raise refusal(tournament, exc) from None
    return {
        "tables": [
            {"sides": [list(side) for side in table.sides], "seats": list(table.seats)} for table in result.tables
        ],
        "sitting_out": [player for side in result.sitting_out for player in side],
        "strengths": [[list(side), float(value)] for side, value in sorted((strengths or {}).items(),
                                                                           key=lambda item: (-item[1], item[0]))],
    }
