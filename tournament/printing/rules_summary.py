"""The printed rules summary of a tournament: its house rules (tournament.core.house_rules) on one
sheet in the tournament's language, for the wall or each table, with the numbers borrowed from
another sheet (RULES B1) and the ones changed for this event marked so a player can ask."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from weasyprint import HTML

from tournament.core import house_rules
from tournament.core.language import in_tournament_language
from tournament.models import Tournament
from tournament.printing import data
from tournament.printing.paper import Paper


def rules_summary_pdf(tournament: Tournament, paper: Paper) -> bytes:
    with in_tournament_language(tournament):
        return HTML(string=render_to_string("print/rules_summary.html", {
            "title": _("%(tournament)s rules") % {"tournament": tournament.name}, "page_size": paper.css_size(),
            "tournament": tournament, "variant": _(tournament.get_variant_display()),
            "groups": house_rules.groups(tournament), "has_borrowed": house_rules.has_borrowed(tournament),
            "time_limit": data.duration_text(tournament.game_time_limit),
            "base_size": round(10.5 * paper.width / 612, 1), "printed": data.printed_at(tournament),
        }), base_url=".").write_pdf()
