"""Names on pages and PDFs, each isolated for right-to-left text.

A name in Arabic or Hebrew (or one holding a stray direction control) reorders the text around it
unless it sits in its own <bdi>; these filters put every name of a list in one."""

from django import template
from django.utils.html import format_html

from tournament.common import names

register = template.Library()


# `{{ sheet.names|bdi_join:" v " }}`: each name in its own <bdi>, the separator between.
register.filter("bdi_join", names.bdi_join)


@register.filter
def partners(team):
    """`{{ team|partners }}`: the team's players, “<bdi>Ann</bdi> & <bdi>Bob</bdi>”."""
    if not team:
        return ""
    return names.bdi_join(player.name for player in team.players.all())


@register.filter
def people(side) -> int:
    """`{% blocktranslate count counter=side|people %}`: how many people a seat's name stands for
    (names.people_in: a pair named by its players 2, a player or a named team 1)."""
    team = getattr(side, "team", None) if getattr(side, "team_id", None) else None
    return names.people_in(team.name) if team is not None else 1


@register.filter
def names_all(name, people) -> bool:
    """`{% if not page.name|names_all:page.players %}`: the name does not already say who the players are."""
    return names.names_all(name, people or [])


@register.filter
def bdi(name):
    """`{{ name|bdi }}` where a tag cannot be written around it (inside another filter's output)."""
    return format_html("<bdi>{}</bdi>", name) if name not in (None, "") else ""


@register.filter
def partner_word(name):
    """`{{ name|partner_word }}`: the word that joins `name` to the partner before it, in the page's
    language ("&", "y", or "e" before "Íñigo"), for a template that lists names one by one."""
    from django.utils.translation import pgettext

    return names.conjunction(pgettext("between two partners' names", "&"), name)
