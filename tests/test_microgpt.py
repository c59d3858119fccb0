"""Tests for the course's microgpt (course/microgpt) and its committed checkpoint.

Tests that train need makemore's names.txt: set NAMES_TXT to its path. They
fail (not skip) without it, so a missing dataset cannot pass unnoticed.
"""

import functools
import math
import os
import random
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
CHECKPOINT = ROOT / "course" / "checkpoint.json"

import microgpt

from microgpt import (  # noqa: E402
    DatasetError,
    KVCache,
    Tokenizer,
    TrainingRun,
    Value,
    attention_maps,
    download_names,
    forward,
    load_checkpoint,
    names_sha256_ok,
    read_checkpoint,
    read_names,
    sample_names,
)
from microgpt.layers import softmax  # noqa: E402

# What Karpathy's microgpt prints (seed 42, 1,000 steps).
REFERENCE_FIRST_LOSS = 3.365966947585
REFERENCE_LAST_LOSS = 2.649694469741
# Losses of steps 1-3 from our run that reproduced the reference's first and
# last losses and its 20 names.
FIRST_THREE_LOSSES = [3.3659669475848504, 3.4242727838717717, 3.177802125458052]
REFERENCE_SAMPLES = [
    "kamon", "ann", "karai", "jaire", "vialan", "karia", "yeran", "anna", "areli", "kaina",
    "konna", "keylen", "liole", "alerin", "earan", "lenne", "kana", "lara", "alela", "anton",
]
NUM_PARAMS = 4192
NUM_NAMES = 32_033


def names_txt():
    """The path in NAMES_TXT. Called inside the tests (not in a fixture) so a
    missing dataset shows up as a FAILED test, never a skip or setup error."""
    path = os.environ.get("NAMES_TXT")
    if not path:
        pytest.fail("NAMES_TXT is not set: point it at makemore's names.txt to run this test")
    if not Path(path).is_file():
        pytest.fail(f"NAMES_TXT={path} does not exist: it must point at makemore's names.txt")
    return path


@functools.cache
def read_names_once(path):
    return tuple(read_names(path))


def load_names():
    return list(read_names_once(names_txt()))


@pytest.fixture(scope="module")
def checkpoint():
    return read_checkpoint(CHECKPOINT)


# --- dataset -----------------------------------------------------------------


def test_names_file_is_makemores():
    assert names_sha256_ok(names_txt()), "NAMES_TXT is not makemore's names.txt (wrong SHA-256)"
    assert len(load_names()) == NUM_NAMES


def test_download_from_a_local_copy_verifies_the_hash(tmp_path):
    dest = tmp_path / "names.txt"
    download_names(dest, url=Path(names_txt()).resolve().as_uri())
    assert names_sha256_ok(dest)


def test_download_rejects_a_file_with_the_wrong_hash(tmp_path):
    wrong = tmp_path / "wrong.txt"
    wrong.write_text("emma\nolivia\n")
    dest = tmp_path / "names.txt"
    with pytest.raises(DatasetError, match="SHA-256"):
        download_names(dest, url=wrong.as_uri())
    assert not dest.exists()


@pytest.mark.parametrize("url", ["http://127.0.0.1:9/names.txt", "http://192.0.2.1/names.txt"])
def test_download_offline_raises_a_clear_error(tmp_path, url):
    dest = tmp_path / "names.txt"
    with pytest.raises(DatasetError, match="could not download names.txt"):
        download_names(dest, url=url, timeout=0.5)
    assert not dest.exists()


# --- autograd and tokenizer ---------------------------------------------------


def test_value_gradients_match_finite_differences():
    def f(a, b):
        return ((a * b + a**2).exp() / (3 - b)).log() + (a - b).relu() - b / a

    a, b = Value(0.3), Value(-1.2)
    out = f(a, b)
    out.backward()
    h = 1e-6
    da = (f(Value(0.3 + h), b).data - f(Value(0.3 - h), b).data) / (2 * h)
    db = (f(a, Value(-1.2 + h)).data - f(a, Value(-1.2 - h)).data) / (2 * h)
    assert a.grad == pytest.approx(da, rel=1e-6)
    assert b.grad == pytest.approx(db, rel=1e-6)


def test_value_gradient_of_a_node_used_twice_adds_up():
    x = Value(3.0)
    y = x * x + x
    y.backward()
    assert x.grad == 7.0


def test_tokenizer_round_trip():
    tok = Tokenizer("abcdefghijklmnopqrstuvwxyz")
    assert tok.bos == 26 and tok.vocab_size == 27
    assert tok.encode("emma") == [26, 4, 12, 12, 0, 26]
    assert tok.decode(tok.encode("emma")) == "emma"
    with pytest.raises(ValueError, match="outside the vocabulary"):
        tok.encode("Emma")


# --- training -----------------------------------------------------------------


def test_first_three_training_steps_match_the_reference():
    run = TrainingRun(load_names(), num_steps=1000)
    assert run.model.num_params == NUM_PARAMS
    assert run.model.tokenizer.vocab_size == 27
    losses = [run.step() for _ in range(3)]
    assert abs(losses[0] - REFERENCE_FIRST_LOSS) < 1e-9
    for got, want in zip(losses, FIRST_THREE_LOSSES):
        assert abs(got - want) < 1e-12, (losses, FIRST_THREE_LOSSES)


def test_training_run_reports_every_step():
    seen = []
    run = microgpt.train(load_names()[:50], steps=4, on_step=lambda step, loss: seen.append((step, loss)))
    assert [step for step, _ in seen] == [1, 2, 3, 4]
    assert [loss for _, loss in seen] == run.losses


def test_save_and_read_round_trip(tmp_path):
    run = TrainingRun(load_names(), num_steps=1000)
    run.step()
    path = tmp_path / "checkpoint.json"
    microgpt.save_checkpoint(path, run)
    back = read_checkpoint(path)
    assert back.losses == run.losses
    assert back.model.plain_weights() == run.model.plain_weights()
    assert back.sampling_rng().random() == run.rng.random()


def test_a_runs_record_round_trips_its_settings_and_losses(tmp_path):
    run = TrainingRun(load_names(), num_steps=1000)
    run.step()
    run.step()
    path = tmp_path / "record.json"
    microgpt.save_record(path, run)
    assert microgpt.read_record(path) == (run.settings(), run.losses)
    assert "weights" not in path.read_text()


@pytest.mark.parametrize("text, why", [
    ('{"format": "zero-to-microgpt checkpoint", "version": 1, "losses": [1.0]}', "is not a version-1 zero-to-microgpt training record"),
    ('{"format": "zero-to-microgpt training record", "version": 2, "losses": [1.0]}', "is not a version-1 zero-to-microgpt training record"),
    ('[]', "is not a version-1 zero-to-microgpt training record"),
    ('{"format": "zero-to-microgpt training record", "version": 1, "losses": [1.0, "2"]}', "its losses are not a list of numbers"),
    ('{"format": "zero-to-microgpt training record", "version": 1}', "its losses are not a list of numbers"),
])
def test_a_file_that_is_not_a_runs_record_is_refused_by_name(tmp_path, text, why):
    path = tmp_path / "record.json"
    path.write_text(text)
    with pytest.raises(ValueError, match=f"record.json.*{why}"):
        microgpt.read_record(path)


# --- the committed checkpoint ---------------------------------------------------


def test_checkpoint_has_the_reference_model_and_losses(checkpoint):
    model = checkpoint.model
    assert model.num_params == NUM_PARAMS
    assert model.config.vocab_size == 27 and model.config.block_size == 16
    assert "".join(model.tokenizer.chars) == "abcdefghijklmnopqrstuvwxyz"
    assert len(checkpoint.losses) == 1000
    assert abs(checkpoint.losses[0] - REFERENCE_FIRST_LOSS) < 1e-9
    assert checkpoint.losses[:3] == pytest.approx(FIRST_THREE_LOSSES, abs=1e-12)
    assert abs(checkpoint.losses[-1] - REFERENCE_LAST_LOSS) < 1e-9
    assert CHECKPOINT.stat().st_size < 300_000


def test_checkpoint_rng_state_is_the_state_after_shuffle_and_init(checkpoint):
    # Training draws no random numbers, so the stored state must equal seeding,
    # shuffling 32,033 items and drawing the 4,192 initial weights.
    rng = random.Random(42)
    rng.shuffle(list(range(NUM_NAMES)))
    for _ in range(NUM_PARAMS):
        rng.gauss(0, 0.08)
    assert rng.getstate() == checkpoint.rng_state


def test_sampling_from_the_checkpoint_reproduces_the_reference_names(checkpoint):
    names = sample_names(checkpoint.model, count=20, temperature=0.5, rng=checkpoint.sampling_rng())
    assert names == REFERENCE_SAMPLES


def test_load_checkpoint_returns_a_model():
    model = load_checkpoint(CHECKPOINT)
    assert model.num_params == NUM_PARAMS
    logits = model.forward(model.tokenizer.bos, 0, model.new_cache())
    assert len(logits) == 27 and all(isinstance(v, Value) for v in logits)


# --- fast path and attention maps ------------------------------------------------


@pytest.mark.parametrize("name", ["emma", "a", "kamon", "christopherjohn"])
def test_float_forward_equals_the_autograd_forward(checkpoint, name):
    model = checkpoint.model
    plain = model.plain_weights()
    tokens = model.tokenizer.encode(name)[:-1]
    value_cache, float_cache = model.new_cache(), KVCache(model.config.n_layer)
    for pos, token in enumerate(tokens):
        slow = [v.data for v in softmax(model.forward(token, pos, value_cache))]
        fast = softmax(forward(plain, model.config, token, pos, float_cache))
        assert max(abs(s - f) for s, f in zip(slow, fast)) < 1e-12


@pytest.mark.parametrize("name", ["emma", "kamon", "christopherjohn", "abcdefghijklmnopqrstuvwxyz"])
def test_attention_maps_agree_with_the_autograd_forward(checkpoint, name):
    model = checkpoint.model
    maps = attention_maps(model, name)
    tokens = model.tokenizer.encode(name)[:-1][: model.config.block_size]
    assert maps["tokens"] == ["<BOS>"] + list(name)[: len(tokens) - 1]
    assert len(maps["heads"]) == model.config.n_head

    cache, trace = model.new_cache(), []  # trace[position][layer][head] = (scores, weights)
    for pos, token in enumerate(tokens):
        position_trace = []
        model.forward(token, pos, cache, position_trace)
        trace.append(position_trace)
    for head, head_map in enumerate(maps["heads"]):
        assert len(head_map["scores"]) == len(head_map["weights"]) == len(tokens)
        for t, (scores, weights) in enumerate(zip(head_map["scores"], head_map["weights"])):
            assert len(scores) == len(weights) == t + 1
            assert math.fsum(weights) == pytest.approx(1.0, abs=1e-12)
            want_scores, want_weights = trace[t][0][head]
            assert max(abs(a - b) for a, b in zip(scores, want_scores)) < 1e-12
            assert max(abs(a - b) for a, b in zip(weights, want_weights)) < 1e-12


def test_run_many_gives_run_tokens_logits_to_the_last_bit_reading_each_prefix_once(checkpoint, monkeypatch):
    """Names that begin alike share their first positions' reading; every list still gets its own
    logits exactly, whatever the lists' order, repeats, or one list being the start of another."""
    model = checkpoint.model
    names = ["emma", "emily", "em", "emma", "a", "ava", "christopherjohn", "zoe", "", "emmanuel"]
    lists = [model.tokenizer.encode(name)[:-1] for name in names] + [[]]
    expected = [microgpt.run_tokens(model, tokens)[0] for tokens in lists]

    import microgpt.inference as inference

    calls = []
    counted = inference.forward

    def counting_forward(*args, **kwargs):
        calls.append(args[2:4])  # (token, position)
        return counted(*args, **kwargs)

    monkeypatch.setattr(inference, "forward", counting_forward)
    assert microgpt.run_many(model, lists) == expected
    prefixes = {tuple(tokens[: i + 1]) for tokens in lists for i in range(len(tokens))}
    assert len(calls) == len(prefixes) < sum(map(len, lists))


def test_mean_surprise_is_the_mean_of_minus_log_p_over_every_pair(checkpoint):
    model = checkpoint.model
    lists = [model.tokenizer.encode(name) for name in ("emma", "emily", "olivia", "em")]
    terms = []
    for tokens in lists:
        logits, _ = microgpt.run_tokens(model, tokens[:-1])
        for scores, target in zip(logits, tokens[1:]):
            terms.append(-math.log(softmax(scores)[target]))
    loss, pairs = microgpt.mean_surprise(model, lists)
    assert pairs == len(terms) == sum(len(tokens) - 1 for tokens in lists)
    assert loss == pytest.approx(math.fsum(terms) / pairs, rel=1e-12)
