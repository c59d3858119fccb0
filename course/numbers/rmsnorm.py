"""Numbers the RMSNorm and residual lesson shows, computed step by step at build time.

RMSNorm is written out here exactly as microgpt does it
(`course/microgpt/layers.py`): the mean of the squares, plus 1e-5, to the
power -0.5.
"""

import math

EPSILON = 1e-5
WORKED_X = [8, -4, 4, 2]
SMALL_X = [0.4, -0.2, 0.2, 0.1]
ZERO_X = [0, 0, 0, 0]
# A made-up stand-in for what attention might hand back for the normalised vector.
BLOCK_OUTPUT = [0.3, 0.1, -0.2, 0.0]


def mean(numbers):
    return sum(numbers) / len(numbers)


def rmsnorm(x):
    return [xi * (mean([n * n for n in x]) + EPSILON) ** -0.5 for xi in x]


def normalise_in_steps(x):
    """Every step of rmsnorm(x), kept so the lesson can show each one."""
    squares = [xi * xi for xi in x]
    mean_square = mean(squares)
    root = math.sqrt(mean_square + EPSILON)
    scale = (mean_square + EPSILON) ** -0.5
    result = [xi * scale for xi in x]
    result_squares = [r * r for r in result]
    return {
        "x": x,
        "n": len(x),
        "squares": squares,
        "sum_squares": sum(squares),
        "mean_square": mean_square,
        "root": root,
        "scale": scale,
        "result": result,
        "result_squares": result_squares,
        "result_mean_square": mean(result_squares),
    }


def worked_example():
    """RMSNorm of a big vector and of the same vector 20 times smaller, plus the zero vector."""
    worked = normalise_in_steps(WORKED_X)
    small = normalise_in_steps(SMALL_X)
    zero = normalise_in_steps(ZERO_X)
    return {
        **worked,
        "root_without_epsilon": math.sqrt(worked["mean_square"]),
        "small": small,
        "small_ratio": WORKED_X[0] / SMALL_X[0],
        "largest_gap": max(abs(a - b) for a, b in zip(worked["result"], small["result"])),
        "zero": zero,
        "epsilon_root": math.sqrt(EPSILON),
    }


def residual_example():
    """x + attention(rmsnorm(x)) with the worked x and a made-up attention output."""
    normed = rmsnorm(WORKED_X)
    added = [a + b for a, b in zip(WORKED_X, BLOCK_OUTPUT)]
    wrongly_added = [a + b for a, b in zip(normed, BLOCK_OUTPUT)]
    return {
        "x": WORKED_X,
        "normed": normed,
        "block_output": BLOCK_OUTPUT,
        "added": added,
        "wrongly_added": wrongly_added,
    }
