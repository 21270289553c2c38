"""Template filters for table-round events: what the variant decides, for the organizer's tabs."""

from django import template

from tournament.printing import data
from tournament.tables import formats

register = template.Library()


@register.filter
def in_partnerships(tournament) -> bool:
    """`{% if tournament|in_partnerships %}`: the variant seats partnerships (so there is a partner draw)."""
    return formats.in_partnerships(tournament)


@register.filter
def duration(value) -> str:
    """`{{ tournament.game_time_limit|duration }}`: “1 h 45 min”, as the printed cards say it."""
    return data.duration_text(value) if value else ""
