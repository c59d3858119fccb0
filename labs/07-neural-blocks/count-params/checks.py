from labkit import Checks

checks = Checks()

# microgpt's nine tables, in the order the model makes them: wte, wpe, lm_head, then
# attn_wq, attn_wk, attn_wv, attn_wo, mlp_fc1, mlp_fc2. The build checks the total
# against the model's own shapes (course/numbers/neural_blocks.py).
MICROGPT = [[27, 16], [16, 16], [27, 16], [16, 16], [16, 16], [16, 16], [16, 16], [64, 16], [16, 64]]
SHOWN = "count_params(microgpt's 9 shapes)"

toy = checks.case("count_params", [[3, 4], [2, 5]])
microgpt = checks.case("count_params", MICROGPT, shown_as=SHOWN)
one_table = checks.case("count_params", [[27, 16]])
tall_and_wide = checks.case("count_params", [[64, 16], [16, 64]])
single_cell = checks.case("count_params", [[1, 1]])
none = checks.case("count_params", [])
three = checks.case("count_params", [[2, 3], [4, 1], [5, 5]])


# --- known mistakes: each is said only when it gives exactly what the learner's code gave ---


@checks.mistake("count_params", "That is exactly rows + columns for every table: that counts the edges of each table. A table of 3 rows of 4 holds 3 × 4 = 12 numbers, so multiply.")
def rows_plus_cols(shapes):
    return sum(rows + cols for rows, cols in shapes)


@checks.mistake("count_params", "That is exactly the count of the first table alone: the return sits inside the loop, so the function ends after one table. Return after the loop.")
def first_table_only(shapes):
    for rows, cols in shapes:
        return rows * cols
    return 0


@checks.mistake("count_params", "That is exactly every table but the last: the loop stops one table early. Loop over every shape (range(len(shapes)) goes up to the last index).")
def misses_last_table(shapes):
    return sum(rows * cols for rows, cols in shapes[:-1])


@checks.mistake("count_params", "That is exactly the number of tables, not the numbers inside them: count each table's rows × columns and add those up.")
def counts_tables(shapes):
    return len(shapes)


@checks.mistake("count_params", "That is exactly the rows of every table added up, without the columns: each row holds `columns` numbers, so multiply the two.")
def rows_only(shapes):
    return sum(rows for rows, _cols in shapes)


# --- checks ---


@checks.check("The lesson's two tables")
def worked_example(t):
    t.require_close(toy, "The first table holds 3 × 4 = 12 numbers and the second 2 × 5 = 10.")


@checks.check("One table on its own")
def one(t):
    t.require_close(one_table, "wte has 27 rows of 16 numbers each.")


@checks.check("Every table is counted, the last one too")
def every_table(t):
    t.require_close(three, "Three tables: 2 × 3, 4 × 1 and 5 × 5.")
    t.require_close(tall_and_wide, "mlp_fc1 is 64 rows of 16 and mlp_fc2 is 16 rows of 64: the same count each way round.")


@checks.check("microgpt's nine tables")
def whole_model(t):
    t.require_close(microgpt, "The lesson's table lists the nine shapes and what each one holds.")


@checks.check("Tiny and empty lists")
def edges(t):
    t.require_close(single_cell, "A table of 1 row of 1 number holds one parameter.")
    t.require_close(none, "With no tables there is nothing to count: the answer is 0.")


@checks.check("Leaves the list of shapes as it was")
def leaves_shapes_alone(t):
    t.require_unchanged(toy, "count_params only reads the shapes; the list must stay as it was given.")
