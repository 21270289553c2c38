"""Browser-test guard: any Content-Security-Policy violation fails the test that caused it, so a
page that needs an inline script or a foreign source cannot slip past the header."""

import pytest


@pytest.fixture(autouse=True)
def no_csp_violations(context):
    violations = []

    def on_console(message):
        if message.type == "error" and "Content Security Policy" in message.text:
            violations.append(f"{message.location.get('url', '?')}: {message.text}")

    context.on("console", on_console)
    yield violations
    assert not violations, "Content-Security-Policy violations:\n" + "\n".join(violations)
