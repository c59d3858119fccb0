import pytest

from site_builder.errors import BuildError
from site_builder.pages import environment


def test_page_data_is_json_a_browser_can_parse():
    assert environment().from_string("{{ x | tojson }}").render(x={"b": [1.5, 2], "a": None}) == '{"a": null, "b": [1.5, 2]}'


@pytest.mark.parametrize("number", [float("nan"), float("inf")])
def test_page_data_holding_nan_or_infinity_stops_the_build(number):
    with pytest.raises(BuildError, match="every number a page carries must be finite"):
        environment().from_string("{{ x | tojson }}").render(x={"values": [1.0, number]})
