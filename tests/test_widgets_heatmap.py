import pytest

import microgpt
from site_builder.errors import WidgetError
from site_builder.widgets.heatmap import plain_attention_maps


def test_attention_maps_holding_nan_are_refused(monkeypatch):
    monkeypatch.setattr(microgpt, "attention_maps", lambda model, name: {"heads": [{"weights": [[float("nan")]]}]})
    with pytest.raises(WidgetError, match="'emma' holds NaN or infinity"):
        plain_attention_maps(None, "emma")
