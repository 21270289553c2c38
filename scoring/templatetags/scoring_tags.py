"""Numbers the way a score sheet writes them: 5,690 and −1,755 (a real minus sign, easy to read)."""

from django import template

from tournament.common.numbers import points_text

register = template.Library()


@register.filter
def points(value):
    return points_text(value)


@register.filter
def signed(value):
    return points_text(value, signed=True)


@register.filter
def at(sequence, index):
    try:
        return sequence[index]
    except (IndexError, TypeError, KeyError):
        return None
