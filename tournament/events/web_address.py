"""A tournament's web address (…/t/bayfest-2026/), made from its name unless the organizer types one."""

from django.utils.text import slugify

from tournament.models import Tournament

LONGEST = Tournament._meta.get_field("slug").max_length
FALLBACK = "tournament"  # a name with no letters a–z (emoji, another script) still gets an address


def from_text(text: str) -> str:
    """“Bayfest 2026 — La Paz” → “bayfest-2026-la-paz”: letters a–z, digits and hyphens only."""
    return slugify(text or "")


def free(wanted: str, *, keep: int | None = None) -> str:
    """`wanted` if no other tournament has it, else the first of wanted-2, wanted-3, … that is free."""
    base = (wanted or FALLBACK)[: LONGEST - 4].strip("-") or FALLBACK
    taken = set(
        Tournament.objects.filter(slug__startswith=base).exclude(pk=keep).values_list("slug", flat=True)
    )
    number = 1
    candidate = base
    while candidate in taken:
        number += 1
        candidate = f"{base}-{number}"
    return candidate


def is_taken(slug: str, *, keep: int | None = None) -> bool:
    return Tournament.objects.filter(slug=slug).exclude(pk=keep).exists()
