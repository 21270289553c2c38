from django.urls import path

from tournament.views import printing

app_name = "printing"
urlpatterns = [
    path("t/<slug:slug>/print/", printing.menu, name="menu"),
    path("t/<slug:slug>/print/chart/<int:division_id>/<str:version>.pdf", printing.chart, name="chart"),
    path("t/<slug:slug>/print/cards/<int:round_id>.pdf", printing.table_cards, name="cards"),
    path("t/<slug:slug>/print/cards/<int:round_id>/make/", printing.make_table_cards, name="make_cards"),
    path("t/<slug:slug>/print/jobs/<str:job_id>/", printing.job, name="job"),
    path("t/<slug:slug>/print/jobs/<str:job_id>/download/", printing.job_download, name="job_download"),
    path("t/<slug:slug>/print/score-sheets/<int:round_id>.pdf", printing.score_sheets, name="score_sheets"),
    path("t/<slug:slug>/print/score-sheets/game/<int:game_id>.pdf", printing.score_sheet, name="score_sheet"),
    path("t/<slug:slug>/print/score-sheets/blank.pdf", printing.blank_score_sheet, name="blank_score_sheet"),
    path("t/<slug:slug>/print/results.pdf", printing.results, name="results"),
]
