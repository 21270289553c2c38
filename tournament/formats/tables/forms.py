"""Forms of table events: sign-up (public and organizer), a player's edit, the event's settings,
a round's start. The services in tournament.formats.tables.signups and .rounds check everything else."""

import secrets

from django import forms
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from tournament.common.form_fields import IdField, IdListField, RowField, SeedField, WholeNumberField
from tournament.common.numbers import points_text
from tournament.formats.tables import formats
from tournament.models import Game, GameSide, TableEvent, Tournament
from tournament.signups.forms import OwnMailBox, SignupForm, opt_in_needs_address

MAX_HANDS_PER_ROUND = 99  # far more than a round's game has; keeps the number inside the column


class PlayerSignupForm(forms.Form):
    # Not `required`: the sign-up service names the missing field in its own words.
    name = forms.CharField(label=_("Your name"), max_length=200, required=False)
    partner = forms.CharField(
        label=_("Your partner (optional)"), max_length=200, required=False,
        help_text=_("Leave empty to have a partner drawn for you by lot."),
    )
    came_with = forms.CharField(
        label=_("Came with (optional)"), max_length=400, required=False,
        help_text=_("Your spouse or household, e.g. “Ann Lee”. People who came together are never drawn as partners."),
    )
    contact = forms.CharField(
        label=_("Phone or email"), max_length=200, required=False, help_text=_("So the organizer can reach you.")
    )
    mail_opt_in = SignupForm.base_fields["mail_opt_in"]
    submission_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=64)

    def clean(self):
        data = super().clean()
        opt_in_needs_address(self, data)
        return data

    def __init__(self, *args, tournament, organizer: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        if not formats.in_partnerships(tournament):
            del self.fields["partner"]
        if organizer:  # the desk adds someone else: the form speaks of the player, not to them
            self.fields["name"].label = _("Player's name")
            if "partner" in self.fields:
                self.fields["partner"].label = _("Their partner (optional)")
                self.fields["partner"].help_text = _("Leave empty to have a partner drawn by lot.")
            self.fields["came_with"].help_text = _(
                "Their spouse or household, e.g. “Ann Lee”. People who came together are never drawn as partners.")
            self.fields["contact"].help_text = _("So you can reach them.")
            if "mail_opt_in" in self.fields:
                self.fields["mail_opt_in"] = forms.BooleanField(
                    label=_("E-mail them about this event (they agreed)"), required=False,
                    help_text=_("Their sign-up, the draw with their first games, and your news; each e-mail has a link "
                                "to stop it. Give their e-mail address above."))
        if not self.is_bound:
            self.initial.setdefault("submission_key", secrets.token_urlsafe(24))
        for name in ("name", "partner", "came_with"):
            if name in self.fields:
                self.fields[name].widget.attrs.update({"autocomplete": "off"})


class PlayerEditForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=200, required=False)
    contact = forms.CharField(label=_("Phone or email"), max_length=200, required=False)
    came_with = forms.CharField(label=_("Came with"), max_length=400, required=False)


class OwnPlayerForm(PlayerEditForm, OwnMailBox):
    """A player's own details, changed through their change-or-withdraw link, and their e-mail box."""


class EventSettingsForm(forms.ModelForm):
    # Bounded here: the model's small integer column would overflow on a long number.
    hands_per_round = WholeNumberField(
        label=_("Hands per round"), min_value=0, max_value=MAX_HANDS_PER_ROUND, required=False,
        help_text=_("How many hands each table plays a round. Leave it empty to play each game to the winning score."),
    )

    class Meta:
        model = TableEvent
        fields = ["hands_per_round", "movement", "standings", "balanced_tables"]
        labels = {"hands_per_round": _("Hands per round"), "movement": _("Between rounds"), "standings": _("Standings by"),
                  "balanced_tables": _("Balanced tables by club rating")}
        help_texts = {
            "balanced_tables": _("Each table gets one side from each band of club ratings, so no table is all the "
                                 "strongest. Only with a new draw each round; off: tables by lot alone."),
            "hands_per_round": _("How many hands each table plays a round. Leave it empty to play each game to the winning score."),
            "movement": _("Who sits where in the next round."),
            "standings": _(
                "Total score: every round's points added up. Table placings: 4 points for 1st at a table, 3 for 2nd, "
                "2 for 3rd, 1 for 4th."
            ),
        }

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        if not tournament.club_id:  # no club, no ratings to balance by
            del self.fields["balanced_tables"]

    def clean_hands_per_round(self):
        hands = self.cleaned_data.get("hands_per_round")
        number = formats.game_length_number(self.tournament)
        if number is None and hands:
            target = self.tournament.rules_numbers.get("target")
            raise forms.ValidationError(
                gettext("%(variant)s tables play to the target of %(target)s: leave hands per round empty.")
                % {"variant": self.tournament.get_variant_display(), "target": points_text(target)}
            )
        if number == "hands" and not hands:
            raise forms.ValidationError(
                gettext("The club game plays a fixed number of hands: give the number (3 by the club's rules).")
            )
        return hands

    def save_to_rules(self) -> None:
        """The game's length is a rules number, so the rules engine ends each table's game (one way)."""
        number = formats.game_length_number(self.tournament)
        if number:
            numbers = dict(self.tournament.rules_numbers)
            numbers[number] = self.cleaned_data.get("hands_per_round") or 0
            Tournament.objects.filter(pk=self.tournament.pk).update(rules_numbers=numbers)


class SeedForm(forms.Form):
    """A partner or seating draw's number as typed; empty draws a new one by lot."""

    seed = SeedField()  # the draw refuses a number longer than its largest before reading it


class PartnersPublishForm(forms.Form):
    """The partner draw to publish: the preview's id the page sent."""

    draw = IdField(label=_("Draw"), error_messages={"required": _("choose the partner draw to publish.")})


class RoundStartForm(forms.Form):
    draw = IdField(label=_("Draw"), error_messages={"required": _("choose the seating to publish.")})
    starts_at = forms.DateTimeField(
        label=_("Round starts at (tournament's local time)"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        error_messages={"required": _("Give the round a start time."), "invalid": _("Type the start as a date and time.")},
    )
    while_playing = forms.BooleanField(required=False)

    def __init__(self, *args, playing: str = "", **kwargs):
        """`playing`: the round before, while a table of it is still in play (the box to publish anyway)."""
        super().__init__(*args, **kwargs)
        if playing:
            self.fields["while_playing"].label = _("Publish even though %(round)s is not over") % {"round": playing}
        else:
            del self.fields["while_playing"]


class BonusForm(forms.Form):
    """The organizer's first-table bonus override: one table (game) of the round, or none."""

    game = RowField(Game.objects.none(), label=pgettext_lazy("furniture", "Table"), required=False,
                    error_messages={"invalid": _("choose a table of the round, or no table.")})
    reason = forms.CharField(label=_("Reason"), required=False)  # bonus.override() asks for it and bounds it

    def __init__(self, data, *, round_):
        super().__init__(data)
        self.fields["game"].queryset = Game.objects.filter(round=round_)
        self.fields["game"].error_messages["invalid_choice"] = gettext("that table is not in %(round)s.") % {"round": str(round_)}


class PlayoffForm(forms.Form):
    """A play-off: the entrants it is for (the ids the standings' form sent; the service checks the
    tie), when and where it is played and its own no-show grace."""

    entrant = IdListField(label=_("Tied entrants"), required=False)
    starts_at = forms.DateTimeField(
        label=_("Starts at (tournament's local time)"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        error_messages={"required": _("Give the play-off a start time."), "invalid": _("Type the start as a date and time.")},
    )
    table = WholeNumberField(label=pgettext_lazy("furniture", "Table"), min_value=1, max_value=999,
                             error_messages={"required": _("Give the play-off a table number.")})
    no_show_minutes = WholeNumberField(
        label=_("No-show after (minutes)"), min_value=0, max_value=60,
        help_text=_("A seat not checked in this long after the start forfeits its place."),
        error_messages={"required": _("Give the play-off's no-show grace in minutes (0 to 60).")},
    )


class EventStateForm(forms.Form):
    """Why the organizer finishes or reopens the event (the history keeps it)."""

    reason = forms.CharField(label=_("Reason"), max_length=200, required=False)


class SeatForm(forms.Form):
    """One side (seat) of one table, by its id; anything else is refused by the form."""

    side = RowField(queryset=GameSide.objects.none(), error_messages={"invalid_choice": _("Pick one of the table's seats.")})

    def __init__(self, *args, game, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["side"].queryset = GameSide.objects.filter(game=game).select_related("team", "player")
