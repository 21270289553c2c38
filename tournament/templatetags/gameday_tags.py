from django import template
from django.utils import timezone

from tournament.common import durations
from tournament.common.stored_words import reason as reason_words
from tournament.core.clock import clock

register = template.Library()


@register.simple_tag
def game_clock(game):
    """The game's state read against the clock of this request (see tournament.core.clock.clock)."""
    return clock(game, timezone.now())


@register.filter
def paused_left(game):
    """What is left on a paused game's clock ("12 min"), the way the countdowns write it."""
    if not game.paused_at or not game.time_limit_at:
        return ""
    return durations.length(game.time_limit_at - game.paused_at)


@register.filter
def reason_text(value):
    """A Game.result_reason value as words in the page's language."""
    return reason_words(value)
