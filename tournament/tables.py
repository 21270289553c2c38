import django_tables2 as tables

from .models import Team


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

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._counter = 0

    def render_number(self):
        self._counter += 1
        return self._counter

    def render_players(self, record):
        return " & ".join(p.name for p in record.players.all())
