"""The one parallel runner (thebes/parallel.py): a Ray cluster it starts, it stops, also on
an error or when its caller stops early (the runs that end well: the arena's and the
review's Ray tests)."""

from __future__ import annotations

import pytest

from thebes.parallel import run_all


def square(x: int) -> int:
    if x < 0:
        raise ValueError(f"no square of {x} here")
    return x * x


@pytest.fixture
def ray():
    ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'thebes[cluster]')")
    import sys

    from ray import cloudpickle
    cloudpickle.register_pickle_by_value(sys.modules[__name__])   # workers need not import tests
    assert not ray.is_initialized()
    yield ray
    if ray.is_initialized():
        ray.shutdown()


def test_a_local_ray_cluster_is_shut_down_when_an_item_fails_or_the_caller_stops_early(ray):
    with pytest.raises(ValueError, match="no square of -1 here"):
        list(run_all(square, [2, -1], ray="local"))
    assert not ray.is_initialized()
    results = run_all(square, list(range(50)), ray="local")
    next(results)
    results.close()   # as a caller's break, an error in its loop or Ctrl-C does
    assert not ray.is_initialized()


def test_a_ray_connection_the_caller_made_is_kept_after_a_run(ray):
    ray.init(include_dashboard=False, logging_level="ERROR")
    assert sorted(run_all(square, [3, 4], ray="auto")) == [9, 16]
    with pytest.raises(ValueError):
        list(run_all(square, [-2], ray="auto"))
    assert ray.is_initialized()
