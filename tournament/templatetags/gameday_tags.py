from django import template
from django.utils import timezone

from tournament.common.stored_words import reason as reason_words
from tournament.core.clock import clock, countdown_text

register = template.Library()


@register.simple_tag
def game_clock(game):
    """The game's state read against the clock of this request (see tournament.core.clock.clock)."""
    return clock(game, timezone.now())


@register.filter
def paused_left(game):
    """What is left on a paused game's clock ("12m 30s"), the way the countdowns write it."""
    if not game.paused_at or not game.time_limit_at:
        return ""
    return countdown_text(game.time_limit_at - game.paused_at) or "00m 00s"


@register.filter
def reason_text(value):
    """A Game.result_reason value as words in the page's language."""
    return reason_words(value)
