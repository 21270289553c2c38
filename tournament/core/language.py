"""Which language a page speaks, and the tournament's own for what it prints and mails.

A page speaks, in order: the language the visitor chose with the switch (a cookie), else the first
of ours their browser asks for (Django's LocaleMiddleware does both), else the tournament's
default when the page belongs to one, else English. Printed material and mail sent from the
background speak the tournament's language whoever asked for them (`in_tournament_language`).
"""

from __future__ import annotations

from contextlib import contextmanager

from django.conf import settings
from django.http import HttpResponseRedirect
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET

from tournament.models import Tournament

LANGUAGE_CODES = [code for code, _ in settings.LANGUAGES]


def browser_language(request) -> str | None:
    """The first of our languages the browser's Accept-Language names, if any."""
    header = request.META.get("HTTP_ACCEPT_LANGUAGE", "")
    for code, _quality in translation.trans_real.parse_accept_lang_header(header):
        if code == "*":
            break
        try:
            return translation.get_supported_language_variant(code)
        except LookupError:
            continue
    return None


def chosen_language(request) -> str | None:
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    return code if code in LANGUAGE_CODES else None


def _tournament_language(view_kwargs) -> str | None:
    # Any URL's words reach here (a password reset's token too); PostgreSQL refuses a NUL in a query.
    if any("\x00" in str(value) for value in view_kwargs.values()):
        return None
    if "slug" in view_kwargs:
        rows = Tournament.objects.filter(slug=view_kwargs["slug"])
    elif "token" in view_kwargs:
        rows = Tournament.objects.filter(divisions__games__table_token=view_kwargs["token"])
    else:
        return None
    return rows.values_list("language", flat=True).first()


def _speak(request, code: str | None) -> None:
    if code in LANGUAGE_CODES:
        translation.activate(code)
        request.LANGUAGE_CODE = code


def speaks_tournament_language(view):
    """Mark a view that loads its tournament anyway and calls `use_tournament_language` with it: the
    middleware then spends no query of its own on the language (the table phone's views, which run
    as people type)."""
    view.speaks_tournament_language = True
    return view


def use_tournament_language(request, tournament: Tournament) -> None:
    """What the middleware does, for a view marked with speaks_tournament_language once it has its
    tournament: a visitor who neither chose nor asks for one of our languages gets the tournament's."""
    if not (chosen_language(request) or browser_language(request)):
        _speak(request, tournament.language)


class TournamentLanguageMiddleware:
    """Runs after LocaleMiddleware: only a visitor who neither chose nor asks for one of our
    languages gets the tournament's (one small query, and only for them)."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_view(self, request, view_func, view_args, view_kwargs):
        if getattr(view_func, "speaks_tournament_language", False):
            return None
        if chosen_language(request) or browser_language(request):
            return None
        _speak(request, _tournament_language(view_kwargs))
        return None


@contextmanager
def in_tournament_language(tournament: Tournament):
    """For PDFs and background mail: the tournament's language, whatever the request's."""
    with translation.override(tournament.language or settings.LANGUAGE_CODE):
        yield


@require_GET
def switch_language(request, code: str):
    """The switch on every page is two plain links (no form, no script): set the cookie, go back."""
    back = request.GET.get("next", "/")
    if not url_has_allowed_host_and_scheme(back, allowed_hosts={request.get_host()},
                                           require_https=request.is_secure()):
        back = "/"
    response = HttpResponseRedirect(back)
    if code in LANGUAGE_CODES:
        response.set_cookie(settings.LANGUAGE_COOKIE_NAME, code, max_age=settings.LANGUAGE_COOKIE_AGE,
                            path=settings.LANGUAGE_COOKIE_PATH, samesite="Lax")
    return response
