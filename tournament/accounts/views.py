"""The account pages anyone reaches from an e-mail or the log-in page: accepting an invitation
(making an account or joining with the one logged in), signing up where the server allows it and
the address check that activates it."""

from __future__ import annotations

from axes.helpers import get_client_ip_address
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, login
from django.db import transaction
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods

from tournament.accounts import address_check, invitations, throttle
from tournament.accounts.forms import NewAccountForm, SignupForm

BACKEND = "django.contrib.auth.backends.ModelBackend"


def _place_page(invitation) -> str:
    if invitation.club_id:
        return reverse("clubs_organizer:manage", args=[invitation.club.slug])
    return reverse("organizer:dashboard", args=[invitation.tournament.slug])


@require_http_methods(["GET", "POST"])
def invitation(request, secret: str):
    found = invitations.find(secret)
    refused = invitations.refusal(found)
    if refused:
        return render(request, "accounts/invitation.html", {"refused": refused}, status=404 if found is None else 410)
    form = NewAccountForm(request.POST if request.POST.get("action") == "create" else None)
    if request.method == "POST":
        with transaction.atomic():
            if request.POST.get("action") == "join" and request.user.is_authenticated:
                user = request.user
            elif form.is_valid():
                user = form.save(commit=False)
                user.email = found.email  # the link reached this address: it is verified
                user.save()
            else:
                return render(request, "accounts/invitation.html", {"invitation": found, "form": form}, status=400)
            if not invitations.accept(found, user):
                transaction.set_rollback(True)
                return render(request, "accounts/invitation.html", {"refused": invitations.refusal(
                    invitations.find(secret) or found)}, status=410)
        if user != request.user:
            login(request, user, backend=BACKEND)
        messages.success(request, _("You now organize %(place)s.") % {"place": found.place.name})
        return redirect(_place_page(found))
    if not request.user.is_authenticated and not request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME):
        translation.activate(found.language)  # the e-mail's language, until the visitor picks one
    return render(request, "accounts/invitation.html", {"invitation": found, "form": form})


@require_http_methods(["GET", "POST"])
def signup(request):
    if not settings.MELDBOARD_OPEN_SIGNUP:
        return render(request, "accounts/signup.html", {"closed": True})
    form = SignupForm(request.POST or None)
    if request.method == "POST":
        if not throttle.client_allowed("signup", get_client_ip_address(request)):
            form.add_error(None, _("Too many sign-ups from this address. Try again in an hour."))
        if form.is_valid():
            with transaction.atomic():
                user = form.save(commit=False)
                user.is_active = False  # until the e-mailed link is opened
                user.save()
                address_check.send(user, request)
            return redirect("accounts:signup_done")
        return render(request, "accounts/signup.html", {"form": form}, status=400)
    return render(request, "accounts/signup.html", {"form": form})


def signup_done(request):
    return render(request, "accounts/signup_done.html")


def verify(request, uid: str, token: str):
    user = address_check.user_for(uid, token)
    if user is None:
        return render(request, "accounts/verify.html", {"refused": True}, status=410)
    with transaction.atomic():
        if not get_user_model().objects.filter(pk=user.pk, is_active=False).update(is_active=True):
            return render(request, "accounts/verify.html", {"refused": True}, status=410)
    user.is_active = True
    login(request, user, backend=BACKEND)
    messages.success(request, _("Your e-mail is checked and your account is ready."))
    return redirect("organizer:home")
