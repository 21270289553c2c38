"""Words of the live public pages that arrive as codes: a standing's medal ("gold" → “Gold” / “Oro”)."""

from django import template
from django.utils.translation import pgettext_lazy

register = template.Library()

MEDAL_NAMES = {
    "gold": pgettext_lazy("medal", "Gold"),
    "silver": pgettext_lazy("medal", "Silver"),
    "bronze": pgettext_lazy("medal", "Bronze"),
}


@register.filter
def medal_name(code: str) -> str:
    """`{{ row.medal|medal_name }}`: the medal's name in the page's language ("" for none)."""
    return str(MEDAL_NAMES.get(code, code or ""))
