from labkit import Checks

checks = Checks()

worked = checks.case("weighted_average", [0.5, 0.25, 0.25], [[4, 0], [0, 8], [2, 2]])
one_vector = checks.case("weighted_average", [1], [[3, -1, 2]])
all_on_one = checks.case("weighted_average", [0, 1, 0], [[1, 1], [5, 7], [9, 9]])
equal = checks.case("weighted_average", [0.5, 0.5], [[2, 10], [4, 20]])
numbers_only = checks.case("weighted_average", [0.25, 0.75], [[2], [4]])
long = checks.case("weighted_average", [0.1, 0.2, 0.7], [[1, 2, 3, 4], [0, -1, 0, 1], [10, 0, -10, 0.5]])
two_of_three = checks.case("weighted_average", [0.4, 0.6], [[1, 2, 3], [4, 5, 6]])


# --- known mistakes: each is said only when it gives exactly what the learner's function gave ---


@checks.mistake("weighted_average", "That is one number per vector: each vector's numbers added up and times its weight. The answer has one number per position of the vectors: add the weighted numbers of all the vectors at each position.")
def one_per_vector(weights, vectors):
    return [weight * sum(vector) for weight, vector in zip(weights, vectors)]


@checks.mistake("weighted_average", "That is the plain sum of the vectors: no vector was multiplied by its weight.")
def no_weights(weights, vectors):
    return [sum(column) for column in zip(*vectors)]


@checks.mistake("weighted_average", "That is the weighted sum divided by the number of vectors. The weights already add up to 1, so there is nothing to divide by.")
def divides_by_count(weights, vectors):
    return [sum(w * n for w, n in zip(weights, column)) / len(vectors) for column in zip(*vectors)]


@checks.mistake("weighted_average", "Those are the scaled vectors themselves, each times its weight. Add them up, position by position, into one vector.")
def scaled_vectors(weights, vectors):
    return [[weight * n for n in vector] for weight, vector in zip(weights, vectors)]


@checks.mistake("weighted_average", "That is only the first vector times its weight: the return is inside the loop over the vectors, so it stops after one. Return after the loop.")
def returns_in_loop(weights, vectors):
    return [weights[0] * n for n in vectors[0]]


# --- checks ---


@checks.check("Returns one vector, as long as each of the vectors")
def returns_a_vector(t):
    t.require_shape(t.call(long), t.expected(long), long.call_text(), t.outcome(long), "The weighted average of vectors is one vector, as long as each of them.")


@checks.check("The worked example from the lesson")
def worked_example(t):
    t.require_close(worked, "The lesson scales each vector by its weight, then adds the first numbers together and the second numbers together.")


@checks.check("All the weight on one vector gives that vector")
def one_weight(t):
    t.require_close(one_vector, "A single vector with weight 1 comes back as it is.")
    t.require_close(all_on_one, "Weights 0, 1 and 0: the answer is the middle vector.")


@checks.check("Equal weights give the plain average")
def plain_average(t):
    t.require_close(equal, "Half of each: the ordinary average of the two vectors.")


@checks.check("Works for numbers as vectors of one")
def numbers(t):
    t.require_close(numbers_only, "The lesson's 0.25 × 2 + 0.75 × 4, with each number as a vector of one.")


@checks.check("Works for vectors of 3 and 4 numbers")
def longer(t):
    t.require_close(two_of_three, "Position 0 is 0.4 × 1 + 0.6 × 4.")
    t.require_close(long)


@checks.check("weights and vectors are left as they were")
def unchanged(t):
    t.require_unchanged(worked, "Build a new vector for the answer; do not write into the vectors or the weights.")
