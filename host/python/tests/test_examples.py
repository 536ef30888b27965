# SPDX-License-Identifier: Apache-2.0
"""The optimizers' examples on small budgets: each recovers the parameters its measurement was
made with."""
import importlib.util
import os

import numpy as np
import pytest


def _load(examples_dir, name):
    spec = importlib.util.spec_from_file_location(name, os.path.join(examples_dir, name + ".py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_scipy_recovers_the_damping(pendulum, examples_dir):
    pytest.importorskip("scipy", reason="python3-scipy is not installed")
    r = _load(examples_dir, "fit_damper_scipy").main(pendulum, budget=40)
    assert abs(r["d"] - r["truth"]) < 1e-4, r
    assert r["calls"] <= 41


def test_cma_population_recovers_two_parameters(pendulum, examples_dir):
    pytest.importorskip("cma", reason="pycma (pip install cma) is not installed")
    r = _load(examples_dir, "cma_population").main(pendulum, budget=60)
    assert np.allclose(r["best"], r["truth"], atol=2e-3), r
