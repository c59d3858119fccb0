import math

from labkit import Checks

checks = Checks()

# The trained microgpt reading "emma": the query at the final "a", and the keys and values
# of the five positions it sees (BOS, e, m, m, a), as course/microgpt computes them.
EMMA_Q = [-0.05383591910220087, -0.5805357691467941, 0.004473310852078138, -0.07338220780249258, -0.46095028517448267, -1.136629495122061, 0.678541378397484, 0.3467014408791814, -1.172976806794969, 1.3125653229696501, 0.7864149913514831, -0.638584055155792, -0.7775594138232541, 0.9063719132011236, -1.4442505220387905, -1.3866744832913618]
EMMA_KEYS = [
    [-0.0017526142682827732, -0.30211223139805, 0.7879308696625399, 0.3307471465859765, 0.058470514363577544, 0.2651311275237173, -0.8460801886001774, -0.08656896061748155, 0.25824280622720813, -0.7009966340760236, -1.056090644249299, 0.5566386285293667, 0.13380792432203012, 0.06206633468579459, 0.4493474115709408, -0.006775739151606886],
    [-0.21773308642524336, -0.7335390216962188, -0.6364517040887865, -0.7267119529247064, 0.865760495810369, 0.86236926588305, -0.41544230397350257, -0.557871821303415, -0.15761937944270332, 0.3391430397402832, 0.024703191729482037, 0.16880487360671076, 0.9158244063559079, -0.9851454196424873, 1.8138382506888049, 1.258897330790207],
    [-0.6421778823036344, 0.6065347979746856, 0.6545811866235495, -1.1594001291408933, 0.953116351156698, 0.9696287244033569, -0.3584292815397886, -0.5995684720001796, 0.31201703074092246, 1.2829079393895808, -0.3774662179465923, -1.9975100470524136, -0.32452239369099956, 0.25815241566647795, 0.7546218178236475, 0.5082909462350036],
    [-0.5949138804831855, 0.958906707597005, 0.44284579396616053, -0.738292837458829, 0.49733724310977756, 0.40136983845680624, 0.6476533446158198, 0.0193631385038616, -0.7269588451097244, 1.315016739868147, 0.7593589265021154, -1.1345875996064563, -0.5192558379275416, 0.6597299152625229, 0.15569680343478084, -0.11466360252915674],
    [0.2029427669795188, 0.6596286811666434, 0.1949472124723315, 0.16988321679616405, 0.1972209330104232, -0.3853977551470088, 0.9005690251287463, 0.4749178713001093, 0.029329640090047016, -0.1681368226546967, 0.21975474416039228, 0.4634183714217154, 0.7058868286617894, -0.23396157017907832, 0.6989167161491064, 0.24823184174468443],
]
EMMA_VALUES = [
    [-0.12098854121255027, -0.06473981928733312, 0.05663846634290731, 0.14639885674169245, 0.01913727227853649, 0.1344209045732456, -0.0033072389542876746, 0.05999234965430425, -0.038071958327027755, 0.14980538474942362, -0.09428349412799159, 0.038840002347870564, 0.1695538038903983, -0.03511250837525296, -0.42890589083872893, 0.1220590561299155],
    [-0.7205776125397247, 0.3003982471551451, 0.6417211460860504, 0.9750270224802893, 0.53043057395904, 0.38155579242114296, 0.0014372315956395825, 0.5397614398928273, 0.003184831183670793, 0.17274922056929207, -0.5361001213495319, 0.335816800075614, 0.35584740853691826, -0.5733585708184674, 0.1601460195000682, 0.369322804182208],
    [-0.11354292635923006, -0.3424858103671754, -0.5011692680226608, -0.15583123075050143, -0.14339998678963461, 0.4779794661724374, 0.12489026556453864, -0.011304225233352588, -0.425969493010511, 0.12307860936482543, 0.21332079463198475, -0.6473823919897205, -0.30605998023940334, -0.4703921035235783, -0.10192397122173828, 0.022749779373458408],
    [-0.4028914037566009, -0.4556948381722486, -0.9025909153421585, 0.1634515541177978, -0.23949768571652702, 0.7910936559320154, -0.319669769139486, -0.14132510919930233, -0.16362336174401343, 0.003475422792079408, 0.2902134671674783, -0.19682127251884518, -0.5926211784412763, -0.27131414419398636, 0.5183612983729063, -0.41292342820683026],
    [0.21568951761635716, 1.0115473764442027, 0.7870879636819426, 0.845709212175169, 0.007996583204654469, 0.23230788180624412, 0.339329124567114, 0.8103378958698888, 0.30882129070881736, 0.2923910682833796, -0.237479217773232, 1.2042577505014884, 0.10026048979690937, 0.34356637131499046, 0.9418542005937999, 0.057024261442616894],
]

TOY_Q = [1, 0, 0, 0, 0, 0, 2, 0]
TOY_KEYS = [[1, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 2, 0]]
TOY_VALUES = [[4, 0, 0, 0, 8, 0, 0, 0], [0, 4, 0, 0, 0, 0, 8, 0]]

# 4 heads of 2: each head's query matches a different position, so a wrong cut shows.
SIDE_Q = [2, 0, 0, 2, 1, 1, 0, 0]
SIDE_KEYS = [[2, 0, 0, 0, 1, 1, 0, 0], [0, 0, 0, 2, 0, 0, 3, 1], [1, 1, 1, 1, 0, 0, 0, 0]]
SIDE_VALUES = [[1, 2, 3, 4, 5, 6, 7, 8], [10, 20, 30, 40, 50, 60, 70, 80], [-1, -2, -3, -4, -5, -6, -7, -8]]

# 12 numbers in 3 heads of 4: here head_dim (4) is not n_head (3).
THREE_Q = [1, 0, 1, 0, 0, 2, 0, 0, -1, 0, 0, 1]
THREE_KEYS = [[1, 1, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0], [0, 0, 2, 0, 0, 0, 0, 0, -1, 0, 0, 1]]
THREE_VALUES = [[3, 0, 0, 0, 0, 6, 0, 0, 9, 0, 0, 0], [0, 3, 0, 0, 0, 0, 6, 0, 0, 0, 9, 0]]

toy = checks.case("multi_head", TOY_Q, TOY_KEYS, TOY_VALUES, 2)
side_by_side = checks.case("multi_head", SIDE_Q, SIDE_KEYS, SIDE_VALUES, 4)
one_head = checks.case("multi_head", TOY_Q, TOY_KEYS, TOY_VALUES, 1)
three_heads = checks.case("multi_head", THREE_Q, THREE_KEYS, THREE_VALUES, 3)
one_position = checks.case("multi_head", SIDE_Q, SIDE_KEYS[:1], SIDE_VALUES[:1], 4)
emma = checks.case(
    "multi_head", EMMA_Q, EMMA_KEYS, EMMA_VALUES, 4,
    shown_as='multi_head(q, keys, values, 4) with the trained model\'s 16-number q, keys and values at the last letter of "emma"',
)


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


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


def blends(q, keys, values, n_head, cut):
    """Each head's blend, with `cut(vector, h)` taking head h's numbers of a vector."""
    return [attend(cut(q, h), [cut(k, h) for k in keys], [cut(v, h) for v in values]) for h in range(n_head)]


def block(n_head):
    def cut(vector, h):
        size = len(vector) // n_head
        return vector[h * size:(h + 1) * size]
    return cut


def flat(lists):
    return [number for part in lists for number in part]


@checks.mistake(
    "multi_head",
    "That is exactly what you get when head h takes every n_head-th number (q[h::n_head]). A head reads a "
    "block of numbers that sit next to each other: q[h * head_dim:(h + 1) * head_dim].",
)
def strided(q, keys, values, n_head):
    return flat(blends(q, keys, values, n_head, lambda vector, h: vector[h::n_head]))


@checks.mistake(
    "multi_head",
    "That is exactly what you get when the blends are joined last head first. Put head 0's blend first, "
    "then head 1's, and so on: each head's numbers go back where its slice came from.",
)
def reversed_join(q, keys, values, n_head):
    return flat(reversed(blends(q, keys, values, n_head, block(n_head))))


@checks.mistake(
    "multi_head",
    "That is exactly what you get with append: each head's blend went in as one item, so the result is a list of "
    "lists. Put the blend's numbers at the end of the joined list with + or extend.",
)
def appended(q, keys, values, n_head):
    return blends(q, keys, values, n_head, block(n_head))


@checks.mistake(
    "multi_head",
    "That is exactly what you get when only q is sliced and attend is given the whole keys and values. "
    "Cut every key and every value at the same place as q.",
)
def only_q_sliced(q, keys, values, n_head):
    cut = block(n_head)
    return flat(attend(cut(q, h), keys, values) for h in range(n_head))


@checks.mistake(
    "multi_head",
    "That is exactly what you get when q and the keys are sliced but the values are not: each head's blend "
    "comes out as long as a whole value. Slice the values at the same place too.",
)
def values_not_sliced(q, keys, values, n_head):
    cut = block(n_head)
    return flat(attend(cut(q, h), [cut(k, h) for k in keys], values) for h in range(n_head))


@checks.mistake(
    "multi_head",
    "That is exactly head 0's blend alone: the return is inside the loop, so the function stops after the "
    "first head. Return after the loop has joined every head.",
)
def returned_in_loop(q, keys, values, n_head):
    return blends(q, keys, values, n_head, block(n_head))[0]


@checks.mistake(
    "multi_head",
    "That is exactly what you get when each head reads n_head numbers. Here that is not the size of a head: "
    "share the length of q out among the n_head heads to find how many numbers each head reads.",
)
def head_dim_is_n_head(q, keys, values, n_head):
    def cut(vector, h):
        return vector[h * n_head:(h + 1) * n_head]
    return flat(blends(q, keys, values, n_head, cut))


@checks.mistake(
    "multi_head",
    "len(q) / n_head gives a float (8 / 2 is 4.0), and a slice needs whole numbers. Use // instead: 8 // 2 is 4.",
)
def float_head_dim(q, keys, values, n_head):
    size = len(q) / n_head
    return q[0 * size:1 * size]


# --- checks ---


@checks.check("The lesson's toy example: 2 heads of 4")
def toy_example(t):
    t.require_close(
        toy,
        "Head 0 reads numbers 0 to 3 of q, every key and every value; head 1 reads numbers 4 to 7. The lesson's "
        "table shows each head's slices, weights and blend.",
    )


@checks.check("Each head reads numbers that sit side by side")
def side_by_side_numbers(t):
    t.require_close(
        side_by_side,
        "Here q has 8 numbers and there are 4 heads, so each head reads 2: head 0 numbers 0 and 1, head 1 "
        "numbers 2 and 3, and so on.",
    )


@checks.check("With one head, it is plain attention")
def one_head_is_attend(t):
    t.require_close(one_head, "With n_head = 1 the only head reads all of q, so the answer is attend(q, keys, values).")


@checks.check("Each head's size comes from the length of q")
def size_from_length(t):
    t.require_close(three_heads, "Here q has 12 numbers and there are 3 heads, so each head reads 12 // 3 = 4 numbers.")


@checks.check("With one position, every head hands back its slice of that value")
def single_position(t):
    t.require_close(
        one_position,
        "With one key, every head's weight is 1, so the joined blends are the one value itself.",
    )


@checks.check("The trained model's four heads at the last letter of \"emma\"")
def trained_model(t):
    t.require_close(emma, "These are the real model's q, keys and values; the lesson's table shows each head's weights and blend.")


@checks.check("q, keys and values are left as they were")
def leaves_inputs_alone(t):
    t.require_unchanged(toy, "multi_head only reads its inputs: build new lists for the slices and the joined result.")
