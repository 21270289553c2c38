"""Template filters for table-round events: what the variant decides, for the organizer's tabs."""

from django import template

from tournament.tables import formats

register = template.Library()


@register.filter
def in_partnerships(tournament) -> bool:
    """`{% if tournament|in_partnerships %}`: the variant seats partnerships (so there is a partner draw)."""
    return formats.in_partnerships(tournament)
