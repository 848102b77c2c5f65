"""Balance sweeps: play a design with some of its numbers changed, every combination of
the values asked for, and read each measure against those values (``seastack sweep``)."""
