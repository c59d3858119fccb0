"""The capstone's call, `{{ capstone(part, cap, caption="...") }}` (site_builder/widgets/capstone.py).

Each bad argument is refused with a message naming it; its browser behaviour is in
tests/test_browser_capstone.py.
"""

import pytest

from site_builder.errors import WidgetError
from site_builder.widgets.capstone import KIND, NEEDED, PARTS

CAP = {key: [] for key in NEEDED}


def test_a_good_call_is_taken():
    assert KIND.request(PARTS[0], CAP, caption=" Build it. ") == {"part": PARTS[0], "cap": CAP, "caption": "Build it."}


@pytest.mark.parametrize(
    "part, cap, caption, said",
    [
        ("assmble", CAP, "c", "capstone's first argument must be one of 'assemble', 'train', 'sample', not 'assmble'"),
        (PARTS[0], [], "c", "capstone's second argument must be the capstone:capstone provider's result"),
        (PARTS[0], list(NEEDED), "c", "capstone's second argument must be the capstone:capstone provider's result"),
        (PARTS[0], {key: [] for key in NEEDED[1:]}, "c", "capstone's second argument must be the capstone:capstone provider's result"),
        (PARTS[0], CAP, "", "capstone caption must be a non-empty text in quotes, not ''"),
        (PARTS[0], CAP, 3, "capstone caption must be a non-empty text in quotes, not 3"),
    ],
    ids=["a part misspelt", "a list for cap", "a list of its keys", "a key missing", "an empty caption", "a number for a caption"],
)
def test_a_bad_capstone_argument_is_refused(part, cap, caption, said):
    with pytest.raises(WidgetError) as refused:
        KIND.request(part, cap, caption=caption)
    assert said in str(refused.value)
