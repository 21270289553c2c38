"""Points the way a score sheet writes them, in the page's language: 5,690 and −1,755.

A real minus sign (a hyphen is easy to miss on paper); the grouping is the language's (Mexico's
Spanish groups with commas too, config/formats/es). Pages use it through the `points` and
`signed` filters, PDFs directly."""

from django.utils.formats import number_format


def points_text(value, signed: bool = False):
    try:
        number = int(value)
    except (TypeError, ValueError):
        return value
    text = number_format(abs(number), force_grouping=True)
    if number < 0:
        return f"−{text}"
    return f"+{text}" if signed else text
