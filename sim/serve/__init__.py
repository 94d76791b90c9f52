"""``sim serve``: a local web calculator for battle odds (FastAPI app, worker pool, static page)."""
