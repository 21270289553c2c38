"""The event's format in a template: `{% event_format tournament as event_format %}`, then its
tabs, dashboard and words (tournament.core.formats), so no page asks which format it shows."""

from django import template

from tournament.core import formats

register = template.Library()


@register.simple_tag
def event_format(tournament):
    return formats.of(tournament)
