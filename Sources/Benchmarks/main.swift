print("Benchmarks: not written yet")
