from django.http import HttpResponse
from django.urls import include, path


def baseline(request):
    """The trivial Django view every figure is compared with: the full middleware stack, no database."""
    return HttpResponse("ok", content_type="text/plain")


urlpatterns = [
    path("bench/baseline", baseline, name="bench_baseline"),
    path("", include("config.urls")),
]
