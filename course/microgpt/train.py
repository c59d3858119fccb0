"""Training: the loss on one name, the Adam optimiser, and the training loop."""

import dataclasses
import random

from .layers import add_up, softmax
from .model import GPT, GPTConfig
from .tokenizer import Tokenizer


def document_loss(model, tokens):
    """Average surprise of the model at each next token of one name.

    At every position the model reads one token and scores each possible next
    token; the loss there is -log(probability it gave the true next token).
    """
    n = min(model.config.block_size, len(tokens) - 1)  # the context is capped at block_size
    cache = model.new_cache()
    losses = []
    for pos in range(n):
        probs = softmax(model.forward(tokens[pos], pos, cache))
        losses.append(-probs[tokens[pos + 1]].log())
    return (1 / n) * add_up(losses)


class Adam:
    """Adam: a step along a running average of the gradient, scaled per weight.

    `m` follows the average gradient (the direction to move in) and `v` the
    average squared gradient (how large that weight's gradients usually are),
    so every weight moves at a sensible pace whatever the size of its gradient.
    """

    def __init__(self, params, learning_rate=0.01, beta1=0.85, beta2=0.99, eps=1e-8):
        self.params = params
        self.learning_rate = learning_rate
        self.beta1, self.beta2, self.eps = beta1, beta2, eps
        self.m = [0.0] * len(params)
        self.v = [0.0] * len(params)

    def update(self, step, num_steps):
        """Apply step `step` (counting from 0) of `num_steps`, then zero the gradients."""
        # The learning rate falls in a straight line to 0 at the end of training.
        lr_t = self.learning_rate * (1 - step / num_steps)
        beta1, beta2, eps = self.beta1, self.beta2, self.eps
        # m and v start at 0, which biases them towards 0 in the first steps;
        # dividing by (1 - beta**t) undoes that. The same for every weight, so
        # worked out once per step (the same floats as inside the loop).
        correction1, correction2 = 1 - beta1 ** (step + 1), 1 - beta2 ** (step + 1)
        # So is 1 - beta, the share of the new gradient in each average.
        share1, share2 = 1 - beta1, 1 - beta2
        m, v = self.m, self.v
        for i, p in enumerate(self.params):
            grad = p.grad
            m[i] = m_i = beta1 * m[i] + share1 * grad
            v[i] = v_i = beta2 * v[i] + share2 * grad**2
            m_hat = m_i / correction1
            v_hat = v_i / correction2
            p.data -= lr_t * m_hat / (v_hat**0.5 + eps)
            p.grad = 0  # gradients add up in backward(), so clear them for the next step


class TrainingRun:
    """Everything one training run needs, advanced one step at a time.

    Building it draws all the randomness training uses: a seeded generator
    shuffles the names, then draws the starting weights. The steps themselves
    draw none, so `rng` is left exactly where sampling should continue.
    """

    def __init__(self, names, num_steps=1000, seed=42, config=None, learning_rate=0.01,
                 beta1=0.85, beta2=0.99, eps=1e-8):
        self.rng = random.Random(seed)  # same stream as random.seed(seed), but our own
        self.seed = seed
        self.docs = list(names)
        self.rng.shuffle(self.docs)
        tokenizer = Tokenizer.from_names(self.docs)
        config = dataclasses.replace(config or GPTConfig(), vocab_size=tokenizer.vocab_size)
        self.model = GPT.initialise(config, tokenizer, self.rng)
        self.optimizer = Adam(self.model.parameters(), learning_rate, beta1, beta2, eps)
        self.num_steps = num_steps
        self.losses = []  # the loss of every step taken so far

    @property
    def done(self):
        return len(self.losses) >= self.num_steps

    def step(self):
        """Train on the next name; return its loss (before the update)."""
        if self.done:
            raise RuntimeError(f"all {self.num_steps} steps are done")
        step = len(self.losses)
        name = self.docs[step % len(self.docs)]  # one name per step, in shuffled order
        loss = document_loss(self.model, self.model.tokenizer.encode(name))
        loss.backward()
        self.optimizer.update(step, self.num_steps)
        self.losses.append(loss.data)
        return loss.data

    def run(self, on_step=None):
        """Take all remaining steps, calling `on_step(step, loss)` after each.

        `step` counts from 1, so the last call is `on_step(num_steps, loss)`.
        """
        while not self.done:
            loss = self.step()
            if on_step is not None:
                on_step(len(self.losses), loss)
        return self

    def settings(self):
        """The training settings, as plain data (stored in the checkpoint)."""
        opt = self.optimizer
        return {
            "seed": self.seed,
            "num_steps": self.num_steps,
            "learning_rate": opt.learning_rate,
            "lr_schedule": "linear decay to 0",
            "beta1": opt.beta1,
            "beta2": opt.beta2,
            "eps": opt.eps,
            "num_names": len(self.docs),
        }


def train(names, steps=1000, on_step=None, seed=42, config=None):
    """Shuffle `names`, build a GPT and train it for `steps` steps.

    `names` is the list of names in file order (see data.read_names).
    Returns the finished TrainingRun: `.model`, `.losses`, `.rng`.
    """
    return TrainingRun(names, num_steps=steps, seed=seed, config=config).run(on_step)
