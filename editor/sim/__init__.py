"""The simulator: batches of matches in worker processes, summaries, the examples runner."""
