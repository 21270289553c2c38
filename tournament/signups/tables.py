import django_tables2 as tables
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from tournament.common import names
from tournament.common.localtime import when
from tournament.common.names import bdi_join
from tournament.models import Team


class TeamTable(tables.Table):
    number = tables.Column(verbose_name="#", empty_values=(), orderable=False)
    name = tables.Column(verbose_name=_("Team"))
    players = tables.Column(verbose_name=_("Partners"), empty_values=(), orderable=False)
    created_at = tables.Column(verbose_name=pgettext_lazy("when the team signed up", "Signed up"))

    class Meta:
        model = Team
        fields = ("number", "name", "players", "created_at")
        order_by = "created_at"
        attrs = {"class": "teams"}
        empty_text = _("No teams yet — be the first.")

    def render_number(self, bound_row):
        return bound_row.row_counter + 1

    def order_name(self, queryset, is_descending):
        return names.order_by_name(queryset, is_descending), True

    def render_name(self, value):
        return format_html("<bdi>{}</bdi>", value)

    def render_players(self, record):
        return bdi_join(p.name for p in record.players.all())

    def render_created_at(self, value):
        # The day and month names and the clock's shape in the page's language.
        return when(timezone.localtime(value), "day_clock")
