from django import template

from tournament.core import ties

register = template.Library()


@register.filter
def tie_story(game):
    """How a tie at the time limit was settled (tournament.core.ties.story), from the game's row alone."""
    return ties.story(game)
