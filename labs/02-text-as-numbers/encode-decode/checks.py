from labkit import Checks

checks = Checks()

worked = checks.case("encode_decode", 3)
zero = checks.case("encode_decode", 0)
negative = checks.case("encode_decode", -4)


@checks.check("The lesson's example")
def worked_example(t):
    t.require_close(worked, "Work through the lesson's example by hand and compare.")


@checks.check("Zero stays zero")
def zero_stays_zero(t):
    t.require_close(zero, "Doubling 0 gives 0: did you add something instead of multiplying?")


@checks.check("Negative numbers")
def negative_numbers(t):
    t.require_close(negative)
