"""What the organizer's game actions read from a request. Teams and players are looked up among the
tournament's own rows (whether one plays in this game is for the action to say, in its words);
notes refuse NUL bytes; agreeing teams must be this game's."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.common.form_fields import RowField
from tournament.common.names import or_list
from tournament.models import Game, Player, Team


class _GameForm(forms.Form):
    """A form about one game: its team and player fields choose among the game's tournament's rows."""

    def __init__(self, data, *, game: Game):
        super().__init__(data)
        self.game = game
        tournament_id = game.division.tournament_id
        for field in self.fields.values():
            if isinstance(field, forms.ModelChoiceField):
                field.queryset = field.queryset.model.objects.filter(tournament_id=tournament_id)


def _team_field(label, *, required: bool = True) -> RowField:
    wrong = gettext_lazy("pick one of the game's teams.")
    return RowField(
        Team.objects.none(), label=label, required=required,
        error_messages={"required": wrong, "invalid_choice": wrong},
    )


class TeamForm(_GameForm):
    """Check-in and “no partner”: the team it is about, and an optional note."""

    team = _team_field(gettext_lazy("Team"))
    note = forms.CharField(label=gettext_lazy("Note"), required=False)


class DecideForm(_GameForm):
    winner = _team_field(gettext_lazy("Winner"))
    note = forms.CharField(label=gettext_lazy("Why"), required=False)  # decide() asks for it in its own words


class OneMoreHandForm(_GameForm):
    """Letting a table level at the time limit play one more hand: an optional note for the log."""

    note = forms.CharField(label=gettext_lazy("Note"), required=False, max_length=500, error_messages={
        "max_length": gettext_lazy("The note is too long (at most %(limit_value)d characters).")})


class ReverseForm(_GameForm):
    reason = forms.CharField(label=gettext_lazy("Reason"), required=False)  # reverse_forfeit() asks for it


class SubstituteForm(_GameForm):
    replaced = RowField(
        Player.objects.none(), label=gettext_lazy("Who cannot play"),
        error_messages={"required": gettext_lazy("pick the player who cannot play."),
                        "invalid_choice": gettext_lazy("pick the player who cannot play from this tournament's players.")},
    )
    team = _team_field(gettext_lazy("Team"), required=False)
    board_player = RowField(
        Player.objects.none(), label=gettext_lazy("Partner board"), required=False,
        error_messages={"invalid_choice": gettext_lazy("that player is no longer on the partner board.")},
    )
    name = forms.CharField(label=gettext_lazy("Substitute's name"), required=False, strip=False)  # the action trims and bounds it


class StartForm(_GameForm):
    """Starting a game; before its posted time, the teams that agree (checkboxes of this game's teams)."""

    agree = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Teams that agree"), required=False, coerce=int,
        error_messages={"invalid_choice": gettext_lazy("“%(value)s” is not one of this game's teams.")},
    )

    def __init__(self, data, *, game: Game):
        super().__init__(data, game=game)
        self.fields["agree"].choices = [(side.team_id, side.team_id) for side in game.sides.all() if side.team_id]


class TableStartForm(_GameForm):
    """Starting a table of a table-round event from its phone; before the posted time, the seats
    (ids of this table's sides) whose entrants agree."""

    agree = forms.TypedMultipleChoiceField(
        label=gettext_lazy("Seats that agree"), required=False, coerce=int,
        error_messages={"invalid_choice": gettext_lazy("“%(value)s” is not one of this table's seats.")},
    )

    def __init__(self, data, *, game: Game):
        super().__init__(data, game=game)
        self.fields["agree"].choices = [(side.pk, side.pk) for side in game.sides.all() if side.team_id or side.player_id]


class CorrectionForm(forms.Form):
    """Correcting a finished game's result: the new winner among the game's teams, the note for the
    log, and the game's version the page showed (a correction made since then wins)."""

    # No label: its one message (wrong or missing) names the field and the teams to choose from.
    winner = forms.TypedChoiceField(label="")
    note = forms.CharField(label=gettext_lazy("Note"), required=False)  # the view asks for it in its own words
    version = forms.IntegerField(label=gettext_lazy("Version"), required=False, min_value=0, max_value=2**31 - 1)

    def __init__(self, data, *, teams: dict):
        super().__init__(data)
        names = or_list([team.name for team in teams.values()]) or _("none is known yet")
        winner = self.fields["winner"]
        winner.choices = [(pk, team.name) for pk, team in teams.items()]
        winner.coerce = teams.get
        wrong = _("Choose the winner from this game's teams (%(names)s).") % {"names": names}
        winner.error_messages.update(required=wrong, invalid_choice=wrong)
