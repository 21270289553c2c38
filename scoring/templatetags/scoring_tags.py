"""Numbers the way a score sheet writes them: 5,690 and −1,755 (a real minus sign, easy to read)."""

from django import template

register = template.Library()


@register.filter
def points(value):
    try:
        number = int(value)
    except (TypeError, ValueError):
        return value
    text = f"{abs(number):,}"
    return f"−{text}" if number < 0 else text


@register.filter
def signed(value):
    try:
        number = int(value)
    except (TypeError, ValueError):
        return value
    text = f"{abs(number):,}"
    return f"−{text}" if number < 0 else f"+{text}"


@register.filter
def at(sequence, index):
    try:
        return sequence[index]
    except (IndexError, TypeError, KeyError):
        return None
