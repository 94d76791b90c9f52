"""Benchmarks (`make bench`): throughput of every engine and its ratio to a plain-Python loop. Never a test."""
