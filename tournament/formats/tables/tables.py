"""The organizer's list of a table event's players (django-tables2, like the bracket's team list)."""

import django_tables2 as tables
from django.utils import timezone
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournament.common import names
from tournament.common.localtime import when
from tournament.models import Player


class PlayerTable(tables.Table):
    number = tables.Column(verbose_name="#", empty_values=(), orderable=False)
    name = tables.Column(verbose_name=_("Player"))
    partner = tables.Column(verbose_name=_("Partner"), empty_values=(), orderable=False)
    came_with = tables.Column(verbose_name=_("Came with"), accessor="table_entry__came_with", orderable=False)
    contact = tables.Column(verbose_name=_("Contact"), orderable=False)
    created_at = tables.DateTimeColumn(verbose_name=pgettext_lazy("when the team signed up", "Signed up"))
    actions = tables.TemplateColumn(template_name="tables/_player_actions.html", verbose_name="", orderable=False)

    class Meta:
        model = Player
        fields = ("number", "name", "partner", "came_with", "contact", "created_at", "actions")
        order_by = "created_at"
        attrs = {"class": "players"}
        empty_text = _("No players yet.")
        row_attrs = {"class": lambda record: "muted" if record.table_entry.withdrawn_at else ""}

    def __init__(self, *args, in_partnerships: bool, **kwargs):
        super().__init__(*args, **kwargs)
        if not in_partnerships:
            self.columns.hide("partner")

    def order_name(self, queryset, is_descending):
        return names.order_by_name(queryset, is_descending), True

    def render_number(self, bound_row):
        return bound_row.row_counter + 1

    def render_created_at(self, value):
        # In the page's language and the zone the page is shown in ("Wed 8 Apr, 10:00 AM").
        return when(timezone.localtime(value), "day_clock")

    def render_partner(self, record):
        if not record.team_id:
            return gettext("to be drawn")
        mates = names.joined(p.name for p in record.team.players.all() if p.pk != record.pk)
        # A partner withdrew after the draw: the one left waits for a substitute partner.
        return mates or gettext("none now: give a substitute")
