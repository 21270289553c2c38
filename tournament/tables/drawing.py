"""The one place the organizer pages call the pure draws (tournament.tables.partners and
tournament.tables.seating): it gathers their input from the database and hands their result back
as plain lists, the shape tournament.tables.rounds saves."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from tournament.draw import generator
from tournament.models import Tournament
from tournament.tables import formats, partners, rounds, seating


def parse_seed(typed: str | None) -> int:
    """The organizer's seed, or a new random one when the box is empty."""
    if not (typed or "").strip():
        return generator.new_seed()
    try:
        return generator.parse_seed(typed)
    except ValueError as exc:
        raise ValidationError(str(exc))


def _as_round(data: dict) -> seating.Round:
    """A stored seating as the pure draw's Round (each bye a one-player side)."""
    return seating.Round(
        tables=tuple(
            seating.Table(sides=tuple(tuple(side) for side in table["sides"]), seats=tuple(table["seats"]))
            for table in data["tables"]
        ),
        sitting_out=tuple((player,) for player in data["sitting_out"]),
    )


def draw_partners(tournament: Tournament, seed: int) -> list[list[int]]:
    """Pairs of player ids for everyone waiting for a partner; couples never together."""
    players, households = rounds.partner_candidates(tournament)
    try:
        pairs = partners.draw_partners(players, households, seed)
    except partners.DrawError as exc:
        raise ValidationError(str(exc))
    return [list(pair) for pair in pairs]


def draw_seating(tournament: Tournament, number: int, seed: int) -> dict:
    """Round `number`'s seating: {"tables": [{"sides": [[ids], …], "seats": [ids]}, …], "sitting_out": [ids]}."""
    everyone = rounds.entrants(tournament)
    low, high = formats.side_bounds(tournament)
    earlier = [_as_round(record.as_data) for record in rounds.published_seatings(tournament)]
    # The model stores "winners_stay", the pure draw names it "winners-stay".
    movement = rounds.event_settings(tournament).movement.replace("_", "-")
    try:
        result = seating.seat_round(everyone, low, high, earlier, seed=seed, movement=movement)
    except partners.DrawError as exc:
        raise ValidationError(str(exc))
    return {
        "tables": [
            {"sides": [list(side) for side in table.sides], "seats": list(table.seats)} for table in result.tables
        ],
        "sitting_out": [player for side in result.sitting_out for player in side],
    }
