"""The shared ladder pieces (``sim.ladder``): how a profile's searched games are cut into chunks."""

from sim.ladder import chunk_size
from sim.runner import chunks_in


def test_every_worker_gets_a_chunk_of_a_small_profile():
    # a mixture's profile of 12 games on 2 workers: two chunks of 6, not one chunk of 25 that leaves a worker idle
    assert chunk_size(12, 2, 25) == 6 and chunks_in(12, chunk_size(12, 2, 25)) == 2
    assert chunk_size(400, 2, 25) == 25  # large runs keep the chunk that moves the progress bar
    assert chunk_size(7, 1, 25) == 7 and chunk_size(1, 2, 25) == 1 and chunk_size(5, 0, 25) == 5
