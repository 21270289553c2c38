import datetime as dt
import json
import zoneinfo

from django import forms
from django.conf import settings
from django.core.exceptions import ValidationError
from django.db.models import Count
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

import rules
from tournament.common import names, time_zones
from tournament.common.form_fields import HoursMinutesField
from tournament.common.rules_words import TIME_LIMIT
from tournament.core import house_rules
from tournament.events import game_length, web_address
from tournament.models import Tournament
from tournament.models.events import VARIANTS, validate_time_zone


def likely_zones(user) -> list[str]:
    """The zones an organizer probably wants: their own tournaments' (latest first), then the
    zones other tournaments use (most used first)."""
    own = Tournament.objects.run_by(user).order_by("-created_at").values_list("time_zone", flat=True) if user else []
    used = Tournament.objects.values("time_zone").annotate(n=Count("pk")).order_by("-n", "time_zone")
    return list(dict.fromkeys([*own, *(row["time_zone"] for row in used)]))


def current_language() -> str:
    """The page's language as one of ours ("es" for es-MX)."""
    try:
        return translation.get_supported_language_variant(translation.get_language() or settings.LANGUAGE_CODE)
    except LookupError:
        return settings.LANGUAGE_CODE


class TournamentForm(forms.ModelForm):
    signup_deadline = forms.DateTimeField(
        label=gettext_lazy("Sign-ups close at (local time where you play)"),
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
    )
    time_zone = forms.ChoiceField(
        label=gettext_lazy("Time zone"), initial=Tournament._meta.get_field("time_zone").default,
        help_text=gettext_lazy("Pick the place nearest to where you play; every time on the pages is shown in it."),
        error_messages={"invalid_choice": gettext_lazy(
            "“%(value)s” is not on the time zone list: pick the place nearest to where you play.")},
    )
    # Declared here, so the model's defaults are given as the new form's starting values.
    game_time_limit = HoursMinutesField(
        label=gettext_lazy("Game length"), min_minutes=1, initial=Tournament._meta.get_field("game_time_limit").default,
        help_text=gettext_lazy("How long a game may last, counted from its start; when time is up the game ends by the rules."),
    )
    no_show_grace = HoursMinutesField(
        label=gettext_lazy("Wait for late players"), initial=Tournament._meta.get_field("no_show_grace").default,
        help_text=gettext_lazy(
            "How long after the start time to wait for someone missing before they lose the game for not showing up."),
    )
    slug = forms.CharField(
        label=gettext_lazy("Web address"), required=False, max_length=200,
        help_text=gettext_lazy("Made from the tournament's name. Change it only if you want a different address; "
                               "use letters, numbers and hyphens, e.g. bayfest-2026."),
    )
    # Not required: a form posted without it (older scripts) keeps the tournament's language.
    # "1" while the game length is the one the chosen game's rules give (static/js/house-rules.js
    # sets it to "0" when the organizer types a length): then the game sets it (club 4-deck 1 h 45).
    time_limit_follows_game = forms.CharField(widget=forms.HiddenInput, required=False, initial="1")
    language = forms.ChoiceField(
        label=gettext_lazy("Language"), choices=settings.LANGUAGES, required=False,
        help_text=gettext_lazy("Printed sheets and e-mails sent by Meldboard use this language; "
                               "each visitor's pages follow their own choice."),
    )

    class Meta:
        model = Tournament
        fields = [
            "name", "venue", "description", "time_zone", "signup_deadline", "format", "variant",
            "game_time_limit", "time_limit_follows_game", "no_show_grace", "require_confirmation", "language",
            "organizer_email", "slug",
        ]
        labels = {
            "name": gettext_lazy("Tournament name"),
            "venue": gettext_lazy("Venue"),
            "description": gettext_lazy("Description"),
            "format": gettext_lazy("Format"),
            "variant": gettext_lazy("Game"),
            "require_confirmation": gettext_lazy("The other side confirms each hand"),
            "organizer_email": gettext_lazy("Organizer's e-mail"),
        }
        help_texts = {
            "name": gettext_lazy("As players will see it, e.g. Bayfest 2026."),
            "venue": gettext_lazy("Where you play, e.g. Marina clubhouse, La Paz."),
            "description": gettext_lazy("A few words for the players, shown on the tournament's home page."),
            "format": gettext_lazy("Two divisions and a final: teams play a knock-out chart. "
                                   "Table rounds: players or partners are drawn to tables each round and scores add up."),
            "variant": gettext_lazy("The game and its scoring rules; once the tournament is made, change its numbers "
                                    "for this event on the House rules page."),
            "require_confirmation": gettext_lazy(
                "When a hand is entered at the table, the other side checks it and confirms it on the phone."),
            "organizer_email": gettext_lazy("Where we send word when sign-ups close."),
        }
        # Only when two people save the same address at the same moment (clean_slug checks first).
        error_messages = {"slug": {"unique": gettext_lazy("Another tournament has just taken this web address; save again.")}}

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        zones = likely_zones(user)
        current = [self.instance.time_zone] if self.instance.pk else []
        self.fields["time_zone"].choices = time_zones.choices([*current, *zones])
        if not self.instance.pk and zones:
            self.initial["time_zone"] = zones[0]  # the organizer's last used
        if not self.instance.pk:
            self.initial["language"] = current_language()  # the one the organizer is reading now
        # A form posted without a format (older scripts, the API of the tests) keeps the default bracket.
        self.fields["format"].required = False
        if not self.instance.pk:
            limits = {key: int(house_rules.default_time_limit(key).total_seconds() // 60) for key, _label in VARIANTS}
            self.fields["variant"].widget.attrs["data-time-limits"] = json.dumps(limits)
        else:
            del self.fields["time_limit_follows_game"]
        if self.instance.pk and game_length.running(self.instance).exists() and not house_rules.is_frozen(self.instance):
            # Asked only when it matters: a new length while games are on the clock.
            self.fields["running_games"] = forms.ChoiceField(
                label=gettext_lazy("If you change the game length, games in play now"), required=False,
                choices=game_length.CHOICES, widget=forms.RadioSelect)
            order = list(self.fields)
            order.insert(order.index("game_time_limit") + 1, order.pop(order.index("running_games")))
            self.order_fields(order)
        if self.instance.pk and house_rules.is_frozen(self.instance):
            self.fields["game_time_limit"].disabled = True
            self.fields["game_time_limit"].help_text = gettext_lazy(
                "Frozen: a hand has been saved, so every game keeps the length it started with.")
        if self.instance.pk:
            # The variant and the format were fixed at creation: rounds are built from them.
            self.fields["variant"].disabled = True
            self.fields["format"].disabled = True
            local = self.instance.signup_deadline.astimezone(self.instance.tz)
            self.initial["signup_deadline"] = local.replace(tzinfo=None).strftime("%Y-%m-%dT%H:%M")

    def clean_name(self):
        # Stored clean like every other name: no zero-width or bidi controls that reverse a neighbour.
        return names.entered(self.cleaned_data.get("name"), _("The tournament's name"), 120)

    def clean_language(self):
        return self.cleaned_data.get("language") or (self.instance.language if self.instance.pk else current_language())

    def clean_slug(self):
        """Empty: keep the address (or make one from the name at creation). Typed: tidied to letters,
        digits and hyphens, and refused when nothing is left, it is too long or another tournament has it."""
        typed = (self.cleaned_data.get("slug") or "").strip()
        if not typed:
            return ""
        slug = web_address.from_text(typed)
        if not slug:
            raise ValidationError(
                _("“%(typed)s” cannot be a web address: use letters, numbers and hyphens, e.g. bayfest-2026.") % {"typed": typed})
        if len(slug) > web_address.LONGEST:
            raise ValidationError(_("The web address is too long: at most %(most)s letters, this one has %(count)s.")
                                  % {"most": web_address.LONGEST, "count": len(slug)})
        if web_address.is_taken(slug, keep=self.instance.pk):
            suggestion = web_address.free(slug, keep=self.instance.pk)
            raise ValidationError(_("The address …/t/%(slug)s/ is taken by another tournament; try %(suggestion)s.")
                                  % {"slug": slug, "suggestion": suggestion})
        return slug

    def clean(self):
        data = super().clean()
        if "slug" in data and not data["slug"]:
            data["slug"] = self.instance.slug or web_address.free(
                web_address.from_text(data.get("name") or ""), keep=self.instance.pk
            )
        deadline, zone = data.get("signup_deadline"), data.get("time_zone")
        if deadline and zone:
            try:
                validate_time_zone(zone)
            except ValidationError as exc:
                self.add_error("time_zone", exc)
            else:
                # The organizer types the deadline as a wall-clock time in the tournament's zone.
                data["signup_deadline"] = deadline.replace(tzinfo=zoneinfo.ZoneInfo(zone))
                kept = self.instance.signup_deadline if self.instance.pk else None
                if kept and data["signup_deadline"] == kept.replace(second=0, microsecond=0):
                    # Shown to the minute and posted back unchanged: the deadline keeps its seconds.
                    data["signup_deadline"] = kept
        self._time_limit_from_game(data)
        if "running_games" in self.fields and "game_time_limit" in self.changed_data and not data.get("running_games"):
            count = game_length.running(self.instance).count()
            self.add_error("running_games", ngettext(
                "%(count)s game is in play: choose whether it keeps its limit or takes the new length.",
                "%(count)s games are in play: choose whether they keep their limit or take the new length.", count)
                % {"count": count})
        return data

    def _time_limit_from_game(self, data) -> None:
        """A new tournament whose length nobody typed gets its game's (RULES D3: club 4-deck 1 h 45); the
        rules numbers keep the same minutes as the clock (core.house_rules)."""
        variant = data.get("variant") or self.instance.variant
        if variant not in dict(VARIANTS):
            return
        if not self.instance.pk and data.get("time_limit_follows_game") != "0" and "game_time_limit" not in self.changed_data:
            data["game_time_limit"] = house_rules.default_time_limit(variant)
        self.instance.length_given = True  # the form decides the length: save() leaves it
        limit = data.get("game_time_limit")
        numbers = dict(self.instance.rules_numbers or {}) if self.instance.pk else rules.preset_numbers(variant)
        if isinstance(limit, dt.timedelta) and TIME_LIMIT in numbers:
            numbers[TIME_LIMIT] = int(limit.total_seconds() // 60)
            self.instance.rules_numbers = numbers
