"""Who runs a tournament: the page listing its organizers, adding a co-organizer by user name or
e-mail, inviting one by e-mail (tournament.accounts: a link that makes or joins an account), the
invitations waiting, and removing one (never the creator). Any organizer of the tournament (or
staff) may do it."""

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from tournament.accounts import inviting
from tournament.core.decorators import organizer_required, tournament_view
from tournament.models import Tournament


class OrganizerForm(forms.Form):
    who = forms.CharField(label=gettext_lazy("User name or e-mail"), max_length=254, strip=True)

    def __init__(self, *args, tournament: Tournament | None = None, place=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = place or tournament  # an event, or a club (tournament.clubs.club_organizers)

    def clean_who(self):
        who = self.cleaned_data["who"]
        User = get_user_model()
        user = User.objects.filter(**{f"{User.USERNAME_FIELD}__iexact": who}).first()
        if user is None and "@" in who:
            matches = list(User.objects.filter(email__iexact=who)[:2])
            if len(matches) > 1:
                raise forms.ValidationError(
                    _("More than one account uses the e-mail “%(who)s”: give the user name instead.") % {"who": who})
            user = matches[0] if matches else None
        if user is None or not user.is_active:
            raise forms.ValidationError(
                _("No account has the user name or e-mail “%(who)s”. Invite them by e-mail below: the link makes their account.")
                % {"who": who}
            )
        if self.tournament.organizers.filter(pk=user.pk).exists():
            raise forms.ValidationError(_("%(user)s is already an organizer of %(tournament)s.")
                                        % {"user": user.get_username(), "tournament": self.tournament.name})
        return user


def page_context(place, namespace: str, form, invite_form=None) -> dict:
    """What an organizers page shows, an event's or a club's (`place`, its URLs named in `namespace`):
    who runs it, the add form and the invitations."""
    return {"organizers": place.organizers.order_by(get_user_model().USERNAME_FIELD), "form": form,
            **inviting.context(place, namespace, invite_form)}


def _render(request, tournament, form, status=200, invite_form=None):
    return render(request, "organizer/organizers.html", {
        "tournament": tournament, **page_context(tournament, "organizer", form, invite_form),
    }, status=status)


@organizer_required
@require_GET
@tournament_view
def page(request, tournament):
    return _render(request, tournament, OrganizerForm(tournament=tournament))


@organizer_required
@require_POST
@tournament_view
def add(request, tournament):
    form = OrganizerForm(request.POST, tournament=tournament)
    if not form.is_valid():
        return _render(request, tournament, form, status=400)
    user = form.cleaned_data["who"]
    tournament.organizers.add(user)
    messages.success(request, _("%(user)s is now an organizer of %(tournament)s.")
                     % {"user": user.get_username(), "tournament": tournament.name})
    return redirect("organizer:organizers", tournament.slug)


@organizer_required
@require_POST
@tournament_view
def remove(request, tournament, user_id: int):
    user = tournament.organizers.filter(pk=user_id).first()
    if user is None:
        messages.error(request, _("That account is not an organizer of this tournament (someone may have removed it already)."))
    elif user.pk == tournament.created_by_id:
        messages.error(request, _("%(user)s created %(tournament)s and stays its organizer.")
                       % {"user": user.get_username(), "tournament": tournament.name})
    else:
        tournament.organizers.remove(user)
        messages.success(request, _("%(user)s no longer organizes %(tournament)s.")
                         % {"user": user.get_username(), "tournament": tournament.name})
        if user == request.user and not tournament.is_run_by(request.user):
            return redirect("organizer:home")
    return redirect("organizer:organizers", tournament.slug)


@organizer_required
@require_POST
@tournament_view
def invite(request, tournament):
    # The event's own language: the person invited to run it most likely reads it.
    form = inviting.invite(request, tournament, language=tournament.language)
    if form is not None:
        return _render(request, tournament, OrganizerForm(tournament=tournament), status=400, invite_form=form)
    return redirect("organizer:organizers", tournament.slug)


@organizer_required
@require_POST
@tournament_view
def invitation(request, tournament, invitation_id: int, action: str):
    inviting.ACTIONS[action](request, tournament, invitation_id)
    return redirect("organizer:organizers", tournament.slug)
