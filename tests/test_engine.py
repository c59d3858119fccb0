"""The fast autograd engine gives exactly the floats of today's straightforward one.

tests/reference_engine.py keeps the engine as it was (one node per + and *).
Training with each must give the same losses and the same weights, compared
with ==: the course promises the reference microgpt to the last digit, and
the fast engine is only allowed to be faster.
"""

from microgpt import GPTConfig, TrainingRun, Value, read_checkpoint, read_names
from microgpt.autograd import computed_nodes, dot, dots, topological_order
from microgpt.train import document_loss

from tests import reference_engine
from tests.test_microgpt import CHECKPOINT, names_txt

STEPS = 3


def train_steps(steps):
    run = TrainingRun(read_names(names_txt()), num_steps=1000)
    losses = [run.step() for _ in range(steps)]
    return losses, run.model.plain_weights(), run.optimizer


def test_training_steps_are_bit_identical_to_the_reference_engine():
    fast_losses, fast_weights, fast_adam = train_steps(STEPS)
    with reference_engine.installed():
        slow_losses, slow_weights, slow_adam = train_steps(STEPS)
    assert fast_losses == slow_losses
    assert fast_weights == slow_weights
    assert fast_adam.m == slow_adam.m and fast_adam.v == slow_adam.v


def test_the_reference_engine_really_is_the_old_one():
    with reference_engine.installed():
        run = TrainingRun(read_names(names_txt())[:20], num_steps=1)
        assert type(run.model.parameters()[0]) is reference_engine.Value
    assert type(TrainingRun(read_names(names_txt())[:20], num_steps=1).model.parameters()[0]) is Value


def graph_and_reference(values_a, values_b):
    """The same sum of products, as one dot node and as a chain of * and +."""
    a, b = [Value(v) for v in values_a], [Value(v) for v in values_b]
    ra, rb = [reference_engine.Value(v) for v in values_a], [reference_engine.Value(v) for v in values_b]
    return (a, b, dot(a, b)), (ra, rb, reference_engine.dot(ra, rb))


def test_dot_equals_the_chain_of_products_and_sums():
    xs = [0.1, -2.5, 3.3333333, 1e-8, 7.25]
    ys = [1.7, 0.3, -0.9, 12345.678, 0.001]
    (a, b, fast), (ra, rb, slow) = graph_and_reference(xs, ys)
    assert fast.data == slow.data
    (fast * fast).log().backward()
    (slow * slow).log().backward()
    assert [v.grad for v in a + b] == [v.grad for v in ra + rb]


def test_dot_with_a_value_in_two_products_adds_its_gradients_in_the_chains_order():
    # Same x in every product: its gradient is a sum of several numbers, whose
    # order matters in the last bits.
    x = Value(0.7)
    rx = reference_engine.Value(0.7)
    ys = [0.1, 1e16, -1e16, 0.3]
    fast = dot([x, x, x, x], [Value(y) for y in ys])
    slow = reference_engine.dot([rx, rx, rx, rx], [reference_engine.Value(y) for y in ys])
    (fast * 3.0).backward()
    (slow * 3.0).backward()
    assert fast.data == slow.data
    assert x.grad == rx.grad


def test_backward_walks_the_topological_order_without_its_leaves():
    run = TrainingRun(read_names(names_txt()), num_steps=1000)
    loss = document_loss(run.model, run.model.tokenizer.encode(run.docs[0]))
    assert computed_nodes(loss) == [node for node in topological_order(loss) if node.children]


def test_a_matrix_times_a_vector_equals_the_chains_to_the_last_bit():
    # x feeds every row, so its gradients add up several contributions, in the chain's order.
    rows = [[0.5, -1.25, 3.0], [1e-3, 2.0, -7.5], [1e16, 0.1, -1e16]]
    xs = [0.1, 0.2, 0.3]

    def loss_and_grads(value, matrix_times_vector):
        w = [[value(v) for v in row] for row in rows]
        x = [value(v) for v in xs]
        out = matrix_times_vector(w, x)
        loss = out[0] * out[1] * out[2]
        loss.backward()
        return loss.data, [v.grad for v in x + [v for row in w for v in row]]

    fast = loss_and_grads(Value, dots)
    slow = loss_and_grads(reference_engine.Value, lambda w, x: [reference_engine.dot(row, x) for row in w])
    assert fast == slow


def every_gradient(names, words):
    """The loss of each word and the gradient of every weight after its backward(), from seed 42's model."""
    model = TrainingRun(names, num_steps=1000).model
    found = []
    for word in words:
        loss = document_loss(model, model.tokenizer.encode(word))
        loss.backward()
        found.append((loss.data, [p.grad for p in model.parameters()]))
        for p in model.parameters():
            p.grad = 0
    return found


def test_every_gradient_equals_the_reference_engines_for_every_kind_of_name():
    # The longest name fills the whole context (16 positions, the deepest graph); a name
    # with letters repeated uses rows of the token table at several positions; a
    # single letter is the smallest graph.
    names = read_names(names_txt())
    longest = max(names, key=len)
    words = [longest, "annabella", "x", names[0]]
    fast = every_gradient(names, words)
    with reference_engine.installed():
        slow = every_gradient(names, words)
    assert len(longest) + 1 >= GPTConfig().block_size  # BOS and its letters are read
    for word, (fast_loss, fast_grads), (slow_loss, slow_grads) in zip(words, fast, slow, strict=True):
        assert fast_loss == slow_loss, word
        assert fast_grads == slow_grads, word


def test_a_whole_training_run_is_the_committed_checkpoint_to_the_last_bit():
    # CPython must reproduce the reference microgpt exactly: all 1,000 losses and the
    # final weights, as course/checkpoint.json holds them (some 20 s).
    checkpoint = read_checkpoint(CHECKPOINT)
    run = TrainingRun(read_names(names_txt()), num_steps=1000).run()
    assert run.losses == checkpoint.losses
    assert run.model.plain_weights() == checkpoint.model.plain_weights()


