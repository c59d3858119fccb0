# expect: but returned None. print only shows a value on the screen
import math

N_HEAD = 4  # microgpt's attention has 4 heads


# --- The blocks from earlier labs, given: use them as they are. ---


def rmsnorm(x):
    mean_square = sum(xi * xi for xi in x) / len(x)
    return [xi / (mean_square + 1e-5) ** 0.5 for xi in x]


def linear(x, w):
    return [sum(wi * xi for wi, xi in zip(row, x)) for row in w]


def attend(q, keys, values):
    scale = math.sqrt(len(q))
    scores = []
    for key in keys:
        scores.append(sum(qi * ki for qi, ki in zip(q, key)) / scale)
    top = max(scores)
    raised = [math.exp(score - top) for score in scores]
    total = sum(raised)
    shares = [r / total for r in raised]
    blend = []
    for j in range(len(values[0])):
        blend.append(sum(share * row[j] for share, row in zip(shares, values)))
    return blend


def multi_head(q, keys, values, n_head):
    size = len(q) // n_head
    joined = []
    for h in range(n_head):
        lo, hi = h * size, (h + 1) * size
        joined += attend(q[lo:hi], [key[lo:hi] for key in keys], [value[lo:hi] for value in values])
    return joined


def mlp(x, fc1, fc2):
    hidden = [max(0.0, h) for h in linear(x, fc1)]
    return linear(hidden, fc2)


def add(a, b):
    return [x + y for x, y in zip(a, b)]


def forward_letter(token, pos, keys, values, w):
    x = add(w["wte"][token], w["wpe"][pos])  # what the letter is, plus where it stands
    x = rmsnorm(x)

    # Attention, with a residual connection around it.
    residual = x
    x = rmsnorm(x)
    q, k, v = linear(x, w["attn_wq"]), linear(x, w["attn_wk"]), linear(x, w["attn_wv"])
    keys.append(k)  # the KV cache: later letters will look back at this one
    values.append(v)
    x = linear(multi_head(q, keys, values, N_HEAD), w["attn_wo"])
    x = add(x, residual)

    # The MLP, with its own residual connection.
    residual = x
    x = mlp(rmsnorm(x), w["mlp_fc1"], w["mlp_fc2"])
    x = add(x, residual)

    print(linear(x, w["lm_head"]))

