"""Settings for the benchmark's server only: production settings plus a query counter and a baseline view.

Nothing here is imported by config/, so the counter never runs in production.
"""

from config.settings import *  # noqa: F401,F403
from config.settings import MIDDLEWARE

MELDBOARD_BENCH = True
MIDDLEWARE = ["bench.middleware.QueryCountMiddleware", *MIDDLEWARE]
ROOT_URLCONF = "bench.urls"
