"""The one entry point the browser's worker calls, with and returning plain dicts."""

from labkit import grading, realmodel, realnames, stoppable_sleep
from labkit import dropin, grading, realmodel, stoppable_sleep
from labkit.bundled import lab_bundle

stoppable_sleep.install()


def handle(request):
    """`{"action": "run" | "check" | "compare", "lab": id, "code": str, "name": str}` or
    `{"action": "attention", "name": str}` or
    `{"action": "sample", "lab": id, "code": str, "parts": JSON text, "seed": str}` -> a result dict."""
    `{"action": "attention", "name": str}` or `{"action": "dropin", "lab": id, "code": str}` -> a result dict."""
    request = dict(request)
    action = request.get("action")
    code = str(request.get("code", ""))
    if action == "run":
        return grading.run(code)
    if action == "check":
        return grading.check(lab_bundle(str(request.get("lab", ""))), code)
    if action == "attention":
        return realmodel.attention(str(request.get("name", "")))
    if action == "compare":
        return realmodel.compare(str(request.get("lab", "")), code, str(request.get("name", "")))
    if action == "sample":
        return realnames.sample(str(request.get("lab", "")), code, str(request.get("parts", "")), str(request.get("seed", "0")))
    raise ValueError(f"Unknown action {action!r}: expected 'run', 'check', 'attention', 'compare' or 'sample'.")
    if action == "dropin":
        return dropin.dropin(str(request.get("lab", "")), code)
    raise ValueError(f"Unknown action {action!r}: expected 'run', 'check', 'attention', 'compare' or 'dropin'.")
