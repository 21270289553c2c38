"""Date filters in the page's language: `{{ game.starts_at|timezone:tournament.time_zone|day_clock }}`
(tournament.common.localtime.shapes names them; apply after the `timezone` filter)."""

from django import template

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
