"""The one entry point the browser's worker calls, with and returning plain dicts."""

from labkit import grading, realmodel, stoppable_sleep
from labkit.bundled import lab_bundle

stoppable_sleep.install()


def handle(request):
    """`{"action": "run" | "check" | "compare", "lab": id, "code": str, "name": str}` or
    `{"action": "attention", "name": str}` or `{"action": "next_letters", "prefix": str}` -> a result dict."""
    request = dict(request)
    action = request.get("action")
    code = str(request.get("code", ""))
    if action == "run":
        return grading.run(code)
    if action == "check":
        return grading.check(lab_bundle(str(request.get("lab", ""))), code)
    if action == "attention":
        return realmodel.attention(str(request.get("name", "")))
    if action == "next_letters":
        return realmodel.next_letters(str(request.get("prefix", "")))
    if action == "compare":
        return realmodel.compare(str(request.get("lab", "")), code, str(request.get("name", "")))
    raise ValueError(f"Unknown action {action!r}: expected 'run', 'check', 'attention', 'next_letters' or 'compare'.")
