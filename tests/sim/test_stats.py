import math

from sim.stats import hist_mean_ci, wilson


def test_wilson_known_values():
    lo, hi = wilson(50, 100)
    assert math.isclose(lo, 0.4038, abs_tol=1e-4) and math.isclose(hi, 0.5962, abs_tol=1e-4)
    lo, hi = wilson(0, 1000)
    assert lo == 0.0 and 0.003 < hi < 0.004  # the rule of three, roughly


def test_hist_mean_ci():
    mean, lo, hi = hist_mean_ci([0, 100, 100])  # half ones, half twos
    assert (
        mean == 1.5
        and lo < 1.5 < hi
        and math.isclose(hi - lo, 2 * 1.96 * math.sqrt(0.25 * 200 / 199 / 200), rel_tol=1e-3)
    )
