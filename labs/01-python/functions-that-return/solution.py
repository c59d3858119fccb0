def functions_that_return(x):
    return x * 2
