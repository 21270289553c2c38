"""Which page a URL is, for the walk: URLs that differ only by the id of a row in the same state are
one kind of page, and the walk reads one page of each kind at each stage (tests/walks/pages.py).

Reading every team's page and every table's phone at every stage took minutes and found nothing
more than one page of each state does: the pages of two games that are both in play with hands on
the sheet are made by the same code from the same kind of data. So an id in a URL is replaced by
the state of what it names, and the page is read once per state:
- a game (by id or by its table link): its division, status, whether it is a play-off and whether
  its sheet has hands, so a finished table and a table still playing are both read;
- a round: its division and the states of its games;
- an entrant (team or player): the outcome of each of its games so far, so the winner of a finished
  table, its losers and those still playing are each read (a medal or play-off offered too early
  shows on a leader's page first);
- anything else named by an id (a partner post, a printing job, an organizer to remove): one kind.
- a hand on a table's sheet (its number): the last hand or an earlier one (the organizer's copy of
  a sheet links an edit page for every hand).
Any other number that is not a row id (a round's number) keeps its value.

The states are gathered once per stage (pages only GET, so nothing changes while a stage is read).
"""

from __future__ import annotations

from collections import defaultdict
from urllib.parse import urlsplit

from django.db.models import Count
from django.urls import Resolver404, resolve

from tournament.models import Game, GameSide, Player, SeatingDraw, Tournament

ANY = "*"
OTHER_IDS = ("post_id", "user_id", "job_id", "secret", "member_id", "past_id")


class PageKinds:
    def __init__(self, tournament: Tournament):
        playoffs = set(SeatingDraw.objects.filter(tournament=tournament, playoff=True).values_list("round_number", flat=True))
        games = (Game.objects.filter(division__tournament=tournament)
                 .annotate(hands_count=Count("hands"))
                 .values("pk", "table_token", "round_id", "round__number", "division__kind", "status", "winner_id",
                         "hands_count"))
        self.games, by_token, rounds, self.hands = {}, {}, defaultdict(set), {}
        for g in games:
            state = (g["division__kind"], g["status"], g["division__kind"] == "tables" and g["round__number"] in playoffs,
                     g["hands_count"] > 0)
            self.games[g["pk"]] = by_token[g["table_token"]] = state
            self.hands[g["pk"]] = self.hands[g["table_token"]] = g["hands_count"]
            rounds[g["round_id"]].add((g["division__kind"], g["status"]))
        self.by_token = by_token
        self.rounds = {pk: tuple(sorted(states)) for pk, states in rounds.items()}
        winners = {g["pk"]: g["winner_id"] for g in games}
        sides = list(GameSide.objects.filter(game__division__tournament=tournament)
                     .values_list("team_id", "player_id", "game_id", "game__division__kind", "game__status", "total")
                     .order_by("game__round__number", "game_id"))
        top = defaultdict(int)
        for *_, game, _division, _status, total in sides:
            top[game] = max(top[game], total)
        outcomes = defaultdict(list)  # team id or ("player", id): [(division, status, won), ...] in round order
        for team, player, game, division, status, total in sides:
            # Ahead: the game's winner (a bracket), or first on the sheet so far (a table, finished or not).
            ahead = bool(team) and winners[game] == team or 0 < total == top[game]
            for key in ({team} if team else set()) | ({("player", player)} if player else set()):
                outcomes[key].append((division, status, ahead))
        self.teams = {k: tuple(v) for k, v in outcomes.items() if not isinstance(k, tuple)}
        self.players = {}
        for pk, team in Player.objects.filter(tournament=tournament).values_list("pk", "team_id"):
            self.players[pk] = tuple(outcomes.get(("player", pk), ())) + self.teams.get(team, ())

    def of(self, url: str) -> tuple:
        parts = urlsplit(url)
        try:
            match = resolve(parts.path)
        except Resolver404:
            return (url,)
        values = {name: self._state(name, value) for name, value in match.kwargs.items()}
        if match.view_name.startswith("table:") and "number" in values:
            game = match.kwargs.get("game_id", match.kwargs.get("token"))
            last = self.hands.get(game, 0)
            values["number"] = "last" if values["number"] == last else "earlier" if values["number"] < last else "beyond"
        return match.view_name, tuple(sorted(values.items())), parts.query

    def _state(self, name: str, value):
        states = {"game_id": self.games, "token": self.by_token, "round_id": self.rounds, "team_id": self.teams,
                  "player_id": self.players}.get(name)
        if states is not None:
            return states.get(value, ("unknown", value))
        return ANY if name in OTHER_IDS else value
