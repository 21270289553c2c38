"""The one place the organizer pages call the pure draws (tournament.tables.partners and
tournament.tables.seating): it gathers their input from the database and hands their result back
as plain lists, the shape tournament.tables.rounds saves."""

from __future__ import annotations

from django.core.exceptions import ValidationError

from tournament.draw import generator
from tournament.models import Tournament
from tournament.tables import formats, rounds

try:
    from tournament.tables import partners, seating
except ImportError:  # the pure draws come from another branch; until it is merged the pages say so
    partners = seating = None


def parse_seed(typed: str | None) -> int:
    """The organizer's seed, or a new random one when the box is empty."""
    if not (typed or "").strip():
        return generator.new_seed()
    try:
        return generator.parse_seed(typed)
    except ValueError as exc:
        raise ValidationError(str(exc))


def _installed(module, what: str):
    if module is None:
        raise ValidationError(f"The {what} draw is not installed on this server yet.")
    return module


def _field(result, name: str):
    return result[name] if isinstance(result, dict) else getattr(result, name)


def draw_partners(tournament: Tournament, seed: int) -> list[list[int]]:
    """Pairs of player ids for everyone waiting for a partner; couples never together."""
    draw = _installed(partners, "partner")
    players, households = rounds.partner_candidates(tournament)
    try:
        pairs = draw.draw(players, households, seed)
    except draw.DrawImpossible as exc:
        raise ValidationError(str(exc))
    return [list(pair) for pair in pairs]


def draw_seating(tournament: Tournament, number: int, seed: int) -> dict:
    """Round `number`'s seating: {"tables": [{"sides": [[ids], …], "seats": [ids]}, …], "sitting_out": [ids]}."""
    draw = _installed(seating, "seating")
    everyone = rounds.entrants(tournament)
    low, high = formats.side_bounds(tournament)
    earlier = [record.as_data for record in rounds.published_seatings(tournament)]
    movement = rounds.event_settings(tournament).movement
    try:
        result = draw.draw(everyone, low, high, earlier, movement, seed)
    except draw.DrawImpossible as exc:
        raise ValidationError(str(exc))
    return {
        "tables": [
            {"sides": [list(side) for side in _field(table, "sides")], "seats": list(_field(table, "seats"))}
            for table in _field(result, "tables")
        ],
        "sitting_out": list(_field(result, "sitting_out")),
    }
