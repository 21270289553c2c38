"""X-Query-Count: how many SQL queries a request made (benchmark server only, see bench/settings.py)."""

from django.db import connections


class QueryCountMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        counter = _Counter()
        with connections["default"].execute_wrapper(counter):
            response = self.get_response(request)
        response["X-Query-Count"] = str(counter.count)
        return response


class _Counter:
    def __init__(self):
        self.count = 0

    def __call__(self, execute, sql, params, many, context):
        self.count += 1
        return execute(sql, params, many, context)
