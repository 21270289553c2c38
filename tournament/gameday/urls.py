from django.urls import path

from tournament.core import board
from tournament.gameday import views, views_clock, views_game, views_withdraw

app_name = "gameday"
urlpatterns = [
    path("t/<slug:slug>/gameday/", board.board, name="board"),
    path("t/<slug:slug>/gameday/round/<id:round_id>/", board.board, name="round"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/", views_game.game_page, name="game"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/correct/", views_game.correct, name="correct"),
    path("t/<slug:slug>/games/<id:game_id>/", views_game.former_result_page, name="result"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/check-in/", views.check_in, name="check_in"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/start/", views.start, name="start"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/substitute/", views.substitute, name="substitute"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/no-partner/", views.no_partner, name="no_partner"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/reverse/", views.reverse_forfeit, name="reverse"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/decide/", views.decide, name="decide"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/one-more-hand/", views.one_more_hand, name="one_more_hand"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/pause/", views_clock.pause, name="pause"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/resume/", views_clock.resume, name="resume"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/extend/", views_clock.extend, name="extend"),
    path("t/<slug:slug>/gameday/game/<id:game_id>/reopen/", views_clock.reopen, name="reopen"),
    path("t/<slug:slug>/gameday/team/<id:team_id>/withdraw/", views_withdraw.withdraw_team, name="withdraw_team"),
    path("t/<slug:slug>/gameday/team/<id:team_id>/withdrawal/<id:withdrawal_id>/undo/",
         views_withdraw.undo_division_withdrawal, name="undo_division_withdrawal"),
]
