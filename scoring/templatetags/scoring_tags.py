"""Numbers the way a score sheet writes them: 5,690 and −1,755 (a real minus sign, easy to read)."""

from django import template
from django.utils.html import conditional_escape
from django.utils.safestring import mark_safe

from tournament.common import numbers
from tournament.common.numbers import points_text
from tournament.core import seat_state

register = template.Library()


@register.filter
def absent_score(tournament):
    """What an absent seat scores each hand it misses, as the house rules say (S1), written as points."""
    return points_text(seat_state.absent_hand_score(tournament))


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


@register.simple_tag
def live_problems(live):
    """Each field's problems, swapped in next to it out of band (htmx; an empty one clears what the
    last preview put there). Joined here rather than by template loops: the preview runs on every
    pause in typing, and these 20-odd slots would otherwise be half of its rendering."""
    slots = []
    for name, messages in live:
        problems = "".join(f"<p>{conditional_escape(m)}</p>" for m in messages)
        slots.append(f'<div id="live-{conditional_escape(name)}" class="live-error" hx-swap-oob="true">{problems}</div>')
    return mark_safe("".join(slots))  # every name and message escaped above


@register.simple_tag
def total_marked(total, confirmed, pending):
    """A total with its unconfirmed hands marked and the confirmed total beside it (RULES F1)."""
    return numbers.total_marked(total, confirmed, pending)


@register.filter
def side_total(side):
    """A GameSide's total as every page shows it: {{ side|side_total }} (tournament.common.numbers.total_marked)."""
    if side is None:
        return ""
    return numbers.total_marked(side.total, side.confirmed_total, side.pending_hands)
