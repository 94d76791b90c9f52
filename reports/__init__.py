"""Designer-facing tables and plots built from sim's results."""
