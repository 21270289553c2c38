"""The phone losing its connection in a browser test: the context is set offline (no mocked fetch),
then the test waits until the page says so and a request from it really fails.

Why wait: the switch reaches the page (navigator.onLine) and the browser's network separately, and
on a busy CI machine a hand "kept on the phone" once reached the server all the same; the test goes
on only once both say offline. (A loop, not wait_for_function: some tests fake the page's clock.)"""

REACHES_SERVER = """async () => {
  if (!navigator.onLine) {
    try { await fetch(location.pathname, { method: "HEAD", cache: "no-store" }); } catch (error) { return false; }
  }
  return true;
}"""


def go_offline(context, *pages):
    context.set_offline(True)
    for page in pages:
        assert_offline(page)


def assert_offline(page, tries=50):
    """The page knows it is offline and cannot reach the server."""
    for _ in range(tries):
        if not page.evaluate(REACHES_SERVER):
            return
        page.wait_for_timeout(100)
    raise AssertionError("the browser still reaches the server after going offline")
