# SPDX-License-Identifier: Apache-2.0
"""Design optimization and parameter estimation from Python: mbens.optimize (CMA-ES, each
generation one batch) and mbens.fit (MINPACK's Levenberg-Marquardt against measured
trajectories), the library's mbe_optimize and mbe_fit."""
import ctypes
from dataclasses import dataclass

import numpy as np

from . import _lib
from ._lib import BACKENDS, PRECISIONS, Error, c_double_p, lib


def _settings(d, model, backend, device, threads, precision, settings):
    from . import _check, _run_settings  # the package's own helpers
    if backend not in BACKENDS:
        raise ValueError(f"backend takes {', '.join(BACKENDS)}, not {backend!r}")
    if precision not in PRECISIONS:
        raise ValueError(f"precision takes {', '.join(PRECISIONS)}, not {precision!r}")
    s = dict(start_time=None, stop_time=None, interval=None, tolerance=None, method=None,
             step=None, max_steps=None)
    unknown = set(settings) - set(s)
    if unknown:
        raise TypeError(f"unknown settings: {', '.join(sorted(unknown))}")
    s.update(settings)
    _run_settings(d.run, s, model.experiment.get("interval"))
    d.backend.kind = BACKENDS[backend]
    d.backend.device = device.encode() if device else None
    d.backend.threads = int(threads)
    d.precision = PRECISIONS[precision]
    return _check


@dataclass
class OptimizeResult:
    """the best point: its parameters, objective (as stated), constraint violation (0:
    feasible) and each constraint's LEFT - RIGHT; the members evaluated, restarts, why the last
    run stopped"""
    params: dict
    f: float
    violation: float
    feasible: bool
    constraints: list
    evaluations: int
    restarts: int
    stop: str


def optimize(model, vary, minimize=None, maximize=None, subject_to=(), budget=0, population=0,
             restarts=4, seed=1, sigma=0.3, history=None, backend="openmp", device=None,
             threads=0, precision="double", **settings):
    """CMA-ES over the box vary = {name: (lo, hi)} for the best quantity of interest (minimize
    or maximize, mbens run's grammar) under constraints ("LEFT <= RIGHT"); every generation one
    batch; the same seed, the same search. settings: start_time, stop_time, interval,
    tolerance, method, step, max_steps. history: a CSV path of every generation."""
    if (minimize is None) == (maximize is None):
        raise ValueError("give one objective: minimize= or maximize=")
    names = list(vary)
    if not names:
        raise ValueError("nothing to search: vary={name: (lo, hi)}")
    lo = np.array([float(vary[n][0]) for n in names])
    hi = np.array([float(vary[n][1]) for n in names])
    keep_n = [n.encode() for n in names]
    cons = [subject_to] if isinstance(subject_to, str) else list(subject_to)
    keep_c = [c.encode() for c in cons]
    d = lib.mbe_optimize_def_default(model._h)
    check = _settings(d, model, backend, device, threads, precision, settings)
    d.vary = (ctypes.c_char_p * len(keep_n))(*keep_n)
    d.lo, d.hi = lo.ctypes.data_as(c_double_p), hi.ctypes.data_as(c_double_p)
    d.nvary = len(names)
    objective = (minimize if minimize is not None else maximize).encode()
    d.objective = objective
    d.maximize = maximize is not None
    d.constraints = (ctypes.c_char_p * max(len(keep_c), 1))(*keep_c)
    d.nconstraints = len(keep_c)
    d.budget, d.population, d.restarts = int(budget), int(population), int(restarts)
    d.seed, d.sigma0 = int(seed), float(sigma)
    hist = str(history).encode() if history else None
    d.history = hist
    r, err = _lib.OptimizeResult(), Error()
    check(lib.mbe_optimize(ctypes.byref(d), ctypes.byref(r), ctypes.byref(err)), err)
    try:
        return OptimizeResult({n: r.p[j] for j, n in enumerate(names)}, r.f, r.v, r.v == 0,
                              [r.g[j] for j in range(len(cons))], r.evaluations, r.restarts,
                              r.stop.decode())
    finally:
        lib.mbe_optimize_result_deinit(ctypes.byref(r))


@dataclass
class FitResult:
    """the estimates with their standard errors and confidence intervals, the covariance (in
    the order of estimate), the sum of squared residuals over m values, each signal's residual
    rms, lmder's verdict and the evaluations it made"""
    estimates: dict
    std_errors: dict
    intervals: dict
    cov: np.ndarray
    ssr: float
    m: int
    rms: dict
    converged: bool
    why: str
    evaluations: int
    members: int


def fit(model, estimate, time, data, conf_level=0.95, max_evaluations=0, backend="openmp",
        device=None, threads=0, precision="double", **settings):
    """Least squares of the model's signals against measurements: time (n,) on one uniform
    grid from the start time, data {signal: (n,) values, NaN missing}; estimate: names, or
    {name: start}. The tolerance defaults to at most 1e-10 (the Jacobian comes from
    differences of trajectories). settings as optimize's."""
    starts = dict(estimate) if isinstance(estimate, dict) else {n: None for n in estimate}
    names = list(starts)
    sig = list(data)
    t = np.ascontiguousarray(time, dtype=np.float64)
    Y = np.ascontiguousarray(np.column_stack([np.asarray(data[s], dtype=np.float64)
                                              for s in sig]))
    if Y.shape[0] != t.shape[0]:
        raise ValueError(f"{t.shape[0]} times but {Y.shape[0]} values per signal")
    d = lib.mbe_fit_def_default(model._h)
    tol_given = settings.get("tolerance") is not None
    check = _settings(d, model, backend, device, threads, precision, settings)
    if not tol_given:
        d.run.rtol = d.run.atol = min(d.run.rtol, 1e-10)
    keep_n = [n.encode() for n in names]
    keep_s = [s.encode() for s in sig]
    d.vary = (ctypes.c_char_p * len(keep_n))(*keep_n)
    d.nvary = len(names)
    start = np.array([float(starts[n]) if starts[n] is not None else np.nan for n in names])
    d.start = start.ctypes.data_as(c_double_p)  # NaN: the model's value
    d.time, d.ntimes = t.ctypes.data_as(c_double_p), t.shape[0]
    d.signals, d.nsignals = (ctypes.c_char_p * len(keep_s))(*keep_s), len(sig)
    d.data = Y.ctypes.data_as(c_double_p)
    d.max_evaluations, d.conf_level = int(max_evaluations), float(conf_level)
    r, err = _lib.FitResult(), Error()
    check(lib.mbe_fit(ctypes.byref(d), ctypes.byref(r), ctypes.byref(err)), err)
    try:
        n = len(names)
        return FitResult({k: r.p[j] for j, k in enumerate(names)},
                         {k: r.se[j] for j, k in enumerate(names)},
                         {k: (r.lo[j], r.hi[j]) for j, k in enumerate(names)},
                         np.array([[r.cov[a * n + b] for b in range(n)] for a in range(n)]),
                         r.ssr, r.m, {s: r.rms[j] for j, s in enumerate(sig)},
                         1 <= r.info <= 4, r.why.decode(), r.nfev + r.njev, r.members)
    finally:
        lib.mbe_fit_result_deinit(ctypes.byref(r))
