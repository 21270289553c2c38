"""Contacts on organizer pages as links a phone can call or mail: the five-minute no-show rule means
the organizer must reach a missing team at once."""

import re

from django import template
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe

register = template.Library()

PHONE = re.compile(r"^\+?[\d\s().\-/]+$")
SEPARATOR = ";"  # a team's contact field may hold two, e.g. "555 1234; ann@x.org" (see registration.pair)


def contact_href(text: str) -> str:
    """"mailto:…" or "tel:…" for a contact, "" when it is neither (free text is shown as typed)."""
    text = text.strip()
    try:
        validate_email(text)
    except ValidationError:
        pass
    else:
        return f"mailto:{text}"
    digits = re.sub(r"\D", "", text)
    if PHONE.match(text) and len(digits) >= 6:
        return "tel:" + ("+" if text.startswith("+") else "") + digits
    return ""


def team_contacts(team) -> list[tuple[str, str]]:
    """(whose, contact) pairs: each player's own contact, then the team's not already among them."""
    found: list[tuple[str, str]] = []
    for player in team.players.all():
        if player.contact.strip():
            found.append((player.name, player.contact.strip()))
    seen = {contact.casefold() for _, contact in found}
    for part in (team.contact or "").split(SEPARATOR):
        part = part.strip()
        if part and part.casefold() not in seen:
            found.append(("", part))
            seen.add(part.casefold())
    return found


def _link(contact: str):
    href = contact_href(contact)
    return format_html('<a href="{}">{}</a>', href, contact) if href else contact


@register.filter
def contact_links(team):
    """`{{ team|contact_links }}`: “<bdi>Ann</bdi>: <a href="tel:…">555 1234</a>”, one per line."""
    rows = ((format_html("<bdi>{}</bdi>: ", who) if who else "", _link(contact)) for who, contact in team_contacts(team))
    return format_html_join(mark_safe("<br>"), "{}{}", rows)
