"""Points the way a score sheet writes them, in the page's language: 5,690 and −1,755.

A real minus sign (a hyphen is easy to miss on paper); the grouping is the language's (Mexico's
Spanish groups with commas too, config/formats/es). Pages use it through the `points` and
`signed` filters, PDFs directly."""

from django.utils.formats import number_format
from django.utils.html import conditional_escape, format_html
from django.utils.translation import ngettext, pgettext


def points_text(value, signed: bool = False):
    try:
        number = int(value)
    except (TypeError, ValueError):
        return value
    text = number_format(abs(number), force_grouping=True)
    if number < 0:
        return f"−{text}"
    return f"+{text}" if signed else text


def total_marked(total, confirmed, pending) -> str:
    """A side's total wherever a page or sheet shows one (RULES F1: results count confirmed hands
    only): the total itself while every hand is confirmed; else the total with the unconfirmed
    hands in it, marked "*", and the confirmed total beside it — “15,600* (1,000 confirmed)”.
    HTML, escaped here; `total_marked_text` is the same in plain text (PDFs, e-mail)."""
    if not pending:
        return conditional_escape(points_text(total))
    title = ngettext("Includes %(count)s hand not confirmed yet", "Includes %(count)s hands not confirmed yet",
                     pending) % {"count": pending}
    return format_html('<span class="total-unconfirmed" title="{}">{}<span aria-hidden="true">*</span></span> '
                       '<span class="total-confirmed">({})</span>', title, points_text(total), _confirmed(confirmed))


def total_marked_text(total, confirmed, pending) -> str:
    if not pending:
        return points_text(total)
    return f"{points_text(total)}* ({_confirmed(confirmed)})"


def _confirmed(confirmed) -> str:
    return pgettext("a total", "%(total)s confirmed") % {"total": points_text(confirmed)}


def side_total_text(side) -> str:
    """A GameSide's total in plain text, its unconfirmed hands marked (total_marked_text)."""
    return total_marked_text(side.total, side.confirmed_total, side.pending_hands)
