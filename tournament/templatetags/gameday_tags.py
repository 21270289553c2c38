from django import template
from django.utils import timezone
from django.utils.translation import gettext_lazy

from tournament.gameday.clock import clock

register = template.Library()


@register.simple_tag
def game_clock(game):
    """The game's state read against the clock of this request (see tournament.gameday.clock.clock)."""
    return clock(game, timezone.now())


# Game.Reason values are the words the sheet shows in brackets after "wins" ("time limit").
REASONS = {
    "score": gettext_lazy("score"),
    "time limit": gettext_lazy("time limit"),
    "time limit tie": gettext_lazy("time limit tie"),
    "no show": gettext_lazy("no show"),
    "no partner": gettext_lazy("no partner"),
    "organizer decision": gettext_lazy("organizer decision"),
    "correction": gettext_lazy("correction"),
    "walkover": gettext_lazy("walkover"),
    "bye": gettext_lazy("bye"),
    "same team won both divisions": gettext_lazy("same team won both divisions"),
    "no team reached this game": gettext_lazy("no team reached this game"),
}


@register.filter
def reason_text(value):
    """A Game.result_reason value as words in the page's language."""
    return REASONS.get(value, value)
