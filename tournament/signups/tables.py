import django_tables2 as tables
from django.utils.html import format_html

from tournament.models import Team
from tournament.templatetags.name_tags import bdi_join


class TeamTable(tables.Table):
    number = tables.Column(verbose_name="#", empty_values=(), orderable=False)
    name = tables.Column(verbose_name="Team")
    players = tables.Column(verbose_name="Partners", empty_values=(), orderable=False)
    created_at = tables.DateTimeColumn(verbose_name="Signed up", format="D j M, g:i A")

    class Meta:
        model = Team
        fields = ("number", "name", "players", "created_at")
        order_by = "created_at"
        attrs = {"class": "teams"}
        empty_text = "No teams yet — be the first."

    def render_number(self, bound_row):
        return bound_row.row_counter + 1

    def render_name(self, value):
        return format_html("<bdi>{}</bdi>", value)

    def render_players(self, record):
        return bdi_join(p.name for p in record.players.all())
