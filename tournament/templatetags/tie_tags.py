from django import template

from tournament.gameday import ties

register = template.Library()


@register.filter
def tie_story(game):
    """How a tie at the time limit was settled (tournament.gameday.ties.story), from the game's row alone."""
    return ties.story(game)
