from site_builder.grade import format_verdict


def test_verdict_text_lists_failures_with_their_messages():
    result = {
        "summary": "1 of 2 checks failed.",
        "checks": [
            {"name": "Adds", "passed": True, "message": ""},
            {"name": "Negatives", "passed": False, "message": "add(-1, -1) returned 1;\nexpected -2."},
        ],
        "error": None,
    }
    assert format_verdict(result).splitlines() == [
        "1 of 2 checks failed.",
        "  PASS  Adds",
        "  FAIL  Negatives",
        "        add(-1, -1) returned 1;",
        "        expected -2.",
    ]
