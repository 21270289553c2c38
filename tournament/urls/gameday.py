from django.urls import path

from tournament.views import gameday

app_name = "gameday"
urlpatterns = [
    path("t/<slug:slug>/gameday/", gameday.board, name="board"),
    path("t/<slug:slug>/gameday/round/<int:round_id>/", gameday.board, name="round"),
    path("t/<slug:slug>/gameday/game/<int:game_id>/", gameday.game_page, name="game"),
    path("t/<slug:slug>/gameday/game/<int:game_id>/check-in/", gameday.check_in, name="check_in"),
    path("t/<slug:slug>/gameday/game/<int:game_id>/start/", gameday.start, name="start"),
    path("t/<slug:slug>/gameday/game/<int:game_id>/substitute/", gameday.substitute, name="substitute"),
    path("t/<slug:slug>/gameday/game/<int:game_id>/no-partner/", gameday.no_partner, name="no_partner"),
    path("t/<slug:slug>/gameday/game/<int:game_id>/reverse/", gameday.reverse_forfeit, name="reverse"),
    path("t/<slug:slug>/gameday/game/<int:game_id>/decide/", gameday.decide, name="decide"),
]
