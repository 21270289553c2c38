"""Date filters in the page's language: `{{ game.starts_at|timezone:tournament.time_zone|day_clock }}`
(tournament.common.localtime.shapes names them; apply after the `timezone` filter)."""

from django import template
from django.utils.html import json_script

from tournament.common import durations
from tournament.common.localtime import clock_and_day, shapes, when

register = template.Library()


def _filter(shape):
    def apply(value):
        return when(value, shape)
    apply.__name__ = shape
    return apply


for _shape in shapes():
    register.filter(_shape, _filter(_shape))


@register.simple_tag
def clock_or_day(moment, tournament, now):
    """`{% clock_or_day game.starts_at tournament now %}`: the clock alone today, with the day otherwise."""
    return clock_and_day(tournament, moment, now)


@register.simple_tag
def countdown_words():
    """`{% countdown_words %}`: the words static/js/meldboard.js counts down with ("2 h 29 min"), in
    the page's language, as a JSON block (tournament.common.durations writes the same on the server)."""
    return json_script(durations.shapes(), "countdown-words")
