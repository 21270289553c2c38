from django import template
from django.utils import timezone

from tournament import gameday

register = template.Library()


@register.simple_tag
def game_clock(game):
    """The game's state read against the clock of this request (see tournament.gameday.clock)."""
    return gameday.clock(game, timezone.now())
