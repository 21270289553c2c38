"""Game day: the organizer's actions on a game (from the board or the game's page), and the table-side
check-in and start. Every write goes through tournament.core.actions; the board is
tournament.core.board, the game's page tournament.gameday.views_game."""

from __future__ import annotations

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_GET, require_POST

from tournament.common.form_input import cleaned
from tournament.common.localtime import clock as local_clock
from tournament.common.names import people_in
from tournament.core import actions, formats, page_cache
from tournament.core.board import board_context, games_for_board
from tournament.core.decorators import organizer_required, tournament_view
from tournament.core.heard import table_heard
from tournament.gameday.forms import (
    DecideForm,
    OneMoreHandForm,
    ReverseForm,
    StartForm,
    SubstituteForm,
    TableStartForm,
    TeamForm,
)
from tournament.gameday.views_game import load_game
from tournament.models import Game

TABLE_POLL_SECONDS = 10


def _after_action(request, tournament, game: Game, *, ok: str | None = None, error: ValidationError | None = None):
    """htmx gets the fresh board (with the message in it); a plain form post is redirected back."""
    text = " ".join(error.messages) if error else ok
    if request.htmx and request.POST.get("from") != "game":
        context = board_context(request, tournament, game.round, timezone.now())
        context["flash"] = {"text": text, "error": bool(error), "game": game.pk}
        html = render_to_string("gameday/_board.html", context, request=request)
        return HttpResponse(page_cache.personalize(request, html, {}, context["now"]))  # the rows' tokens and countdowns
    (messages.error if error else messages.success)(request, text)
    if request.POST.get("from") == "game":
        return redirect("gameday:game", tournament.slug, game.pk)
    return redirect(reverse("gameday:round", args=[tournament.slug, game.round_id]) + f"#game-{game.pk}")


@organizer_required
@require_POST
@tournament_view
def check_in(request, tournament, game_id: int):
    game = load_game(tournament, game_id)
    try:
        team = cleaned(TeamForm(request.POST, game=game))["team"]
        actions.check_in(game, team, by=request.user, via="organizer")
    except ValidationError as exc:
        return _after_action(request, tournament, game, error=exc)
    # The verb agrees with a pair named by its players (“Ann y Bob registraron su llegada”).
    return _after_action(request, tournament, game, ok=ngettext(
        "%(team)s checked in at table %(table)s.", "%(team)s checked in at table %(table)s.", people_in(team.name)) % {
        "team": team.name, "table": game.table_number or "—"})


@organizer_required
@require_POST
@tournament_view
def start(request, tournament, game_id: int):
    game = load_game(tournament, game_id)
    try:
        agreed = cleaned(StartForm(request.POST, game=game))["agree"]
        started = actions.start_game(game, by=request.user, via="organizer", agreed_team_ids=agreed)
    except ValidationError as exc:
        return _after_action(request, tournament, game, error=exc)
    limit = local_clock(tournament, started.time_limit_at)
    return _after_action(request, tournament, game, ok=_("%(game)s started; time is up at %(clock)s.") % {
        "game": game.label, "clock": limit})


def _game_action(request, tournament, game_id, action, ok):
    game = load_game(tournament, game_id)
    try:
        result = action(game)
    except ValidationError as exc:
        messages.error(request, " ".join(exc.messages))
    else:
        messages.success(request, ok(result) if callable(ok) else ok)
    return redirect("gameday:game", tournament.slug, game.pk)


@organizer_required
@require_POST
@tournament_view
def substitute(request, tournament, game_id: int):
    def action(game):
        data = cleaned(SubstituteForm(request.POST, game=game))
        replaced = data["replaced"]
        team = data["team"] or replaced.team
        if team is None:
            raise ValidationError(_("%(name)s is not on a team in this game.") % {"name": replaced.name})
        person = data["board_player"] or data["name"]
        return actions.record_substitute(game, team, replaced, person, by=request.user)

    return _game_action(request, tournament, game_id, action,
                        lambda sub: _("%(substitute)s plays for %(name)s in this game.") % {
                            "substitute": sub.substitute.name, "name": sub.replaced.name})


@organizer_required
@require_POST
@tournament_view
def no_partner(request, tournament, game_id: int):
    def action(game):
        data = cleaned(TeamForm(request.POST, game=game))
        actions.forfeit_no_partner(game, data["team"], by=request.user, note=data["note"])
        return data["team"]

    return _game_action(request, tournament, game_id, action, lambda team: _("%(team)s forfeits: no partner.") % {"team": team.name})


@organizer_required
@require_POST
@tournament_view
def reverse_forfeit(request, tournament, game_id: int):
    return _game_action(
        request, tournament, game_id,
        lambda game: actions.reverse_forfeit(game, request.user, cleaned(ReverseForm(request.POST, game=game))["reason"]),
        lambda game: _("Forfeit reversed: the game is back to ready and its no-show deadline is lifted."),
    )


@organizer_required
@require_POST
@tournament_view
def decide(request, tournament, game_id: int):
    def action(game):
        data = cleaned(DecideForm(request.POST, game=game))
        return actions.decide(game, data["winner"], request.user, data["note"])

    return _game_action(request, tournament, game_id, action, lambda game: _("%(team)s wins; recorded.") % {"team": game.winner.name})


@organizer_required
@require_POST
@tournament_view
def one_more_hand(request, tournament, game_id: int):
    """A tie at the time limit: the table plays one more hand (from the board card or the game's page)."""
    game = load_game(tournament, game_id)
    try:
        note = cleaned(OneMoreHandForm(request.POST, game=game))["note"]
        game = actions.play_one_more_hand(game, request.user, note)
    except ValidationError as exc:
        return _after_action(request, tournament, game, error=exc)
    return _after_action(request, tournament, game, ok=(
        _("%(game)s: the table plays one more hand (hand %(number)s); the higher total after it wins, "
          "and a tie again comes back to you.") % {"game": game.label, "number": game.extra_hand}))


# ---- the table side -----------------------------------------------------------------------------

def _table_game(token: str) -> Game:
    if not token or len(token) > 40:
        raise Http404(_("No game at this link."))
    game = games_for_board(Game.objects.filter(table_token=token)).first()
    if game is None:
        raise Http404(_("No game at this link. Ask the organizer for the table's current link."))
    table_heard(game)
    return game


def _table_status(request, game: Game, *, flash=None, status=200):
    tournament = game.division.tournament
    with timezone.override(tournament.tz):
        return render(request, "gameday/_table_status.html", {"game": game, "tournament": tournament, "flash": flash}, status=status)


@require_GET
def table_status(request, token: str):
    return _table_status(request, _table_game(token))


def _table_action(request, token: str, action, ok):
    game = _table_game(token)
    try:
        text, error = ok(action(game)), False
    except ValidationError as exc:
        text, error = " ".join(exc.messages), True
    if request.htmx:
        return _table_status(request, _table_game(token), flash={"text": text, "error": error})
    (messages.error if error else messages.success)(request, text)
    back = request.META.get("HTTP_REFERER", "")
    if back and url_has_allowed_host_and_scheme(back, {request.get_host()}, require_https=request.is_secure()):
        return redirect(back)
    return redirect("table:sheet", token)


def _table_user(request):
    return request.user if request.user.is_authenticated else None


def _at_tables(game: Game) -> bool:
    """A table-round event's table: its phone works seat by seat, through its format."""
    return formats.of_game(game).games_are_tables


@require_POST
def table_check_in(request, token: str):
    def action(game):
        if _at_tables(game) and "team" not in request.POST:  # a page from before seats posts its team
            return formats.of_game(game).phone_check_in(game, request.POST, by=_table_user(request))
        team = cleaned(TeamForm(request.POST, game=game))["team"]
        actions.check_in(game, team, by=_table_user(request), via="table")
        return team.name

    def said(name):
        return ngettext("%(team)s checked in. Good luck!", "%(team)s checked in. Good luck!", people_in(name)) % {"team": name}

    return _table_action(request, token, action, said)


@require_POST
def table_start(request, token: str):
    def action(game):
        if _at_tables(game):
            agreed = lambda: cleaned(TableStartForm(request.POST, game=game))["agree"]  # noqa: E731
            return formats.of_game(game).phone_start(game, agreed, by=_table_user(request))
        agreed = cleaned(StartForm(request.POST, game=game))["agree"]
        return actions.start_game(game, by=_table_user(request), via="table", agreed_team_ids=agreed)

    return _table_action(
        request, token, action,
        lambda game: _("Game started; time is up at %(clock)s.") % {
            "clock": local_clock(game.division.tournament, game.time_limit_at)},
    )
