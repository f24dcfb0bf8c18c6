"""Bulk simulation: seeded studies streamed to Parquet (plan, race, runners,
store, run), their statistics and plots (stats, report, plots, page), and
leagues of seat kinds rated with OpenSkill (league). The commands are in
cli_sim.py; docs/simulate.md explains them."""
