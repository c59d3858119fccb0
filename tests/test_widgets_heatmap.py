import pytest

import microgpt
from site_builder.errors import WidgetError
from site_builder.widgets.heatmap import plain_attention_maps


def test_attention_maps_holding_nan_are_refused(monkeypatch):
    monkeypatch.setattr(microgpt, "attention_maps", lambda model, name: {"heads": [{"weights": [[float("nan")]]}]})
    with pytest.raises(WidgetError, match="'emma' holds NaN or infinity"):
        plain_attention_maps(None, "emma")


def test_side_by_side_is_off_unless_asked_and_must_be_true_or_false():
    from site_builder.widgets.heatmap import KIND

    assert KIND.request("emma")["side_by_side"] is False
    assert KIND.request("emma", "olivia", side_by_side=True)["side_by_side"] is True
    with pytest.raises(WidgetError, match="side_by_side must be true or false, not 'yes'"):
        KIND.request("emma", side_by_side="yes")
