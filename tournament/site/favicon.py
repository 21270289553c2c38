"""/favicon.ico: browsers ask for it on every site whatever the pages link to; answer with the icon."""

from django.shortcuts import redirect
from django.templatetags.static import static
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET


@require_GET
@cache_control(max_age=86400, public=True)
def favicon(request):
    return redirect(static("favicon.ico"))
