"""Side-by-side benchmarks of statlib against the libraries a practitioner would use instead."""
