"""One module per benchmarked algorithm; see ``benchmarks/_case.py`` for what a case defines."""
