# SPDX-License-Identifier: Apache-2.0
"""mbens: ensembles of Modelica MultiBody mechanisms, from Python.

    import mbens
    m = mbens.Model("DoublePendulum.mo")
    ev = m.compile(vary=["damper.d"], qoi=["max(abs(revolute2.phi))"])
    q, status = ev(P)          # P: (members, varied parameters); q: (members, quantities)

The model is compiled once per compile(); each call integrates its members as one batch on the
backend (OpenMP threads or an OpenCL device) with the identity contract: the same parameters give
the same bits on every backend, in every batch, and what `mbens simulate` gives.
"""
import ctypes
from dataclasses import dataclass

import numpy as np

from ._lib import (BACKENDS, INFO_COUNT, METHODS, PRECISIONS, BackendInfo, EvalBatch, Error,
                   ParamInfo, c_double_p, c_int32_p, lib)
from .rundir import read_members, read_stats, read_trajectories
from .study import Run, RunError, merge, run

__all__ = ["Model", "Evaluator", "Parameter", "Result", "MbensError", "status_word", "run",
           "Run", "RunError", "merge", "optimize", "OptimizeResult", "fit", "FitResult", "read_members",
           "read_stats", "read_trajectories", "__version__"]
__version__ = lib.mbe_version().decode()


class MbensError(Exception):
    """A failure of libmbens: its message, status code and, for model errors, file:line:column."""

    def __init__(self, err):
        self.code = err.code
        self.file = err.file.decode(errors="replace")
        self.line, self.column = err.line, err.column
        msg = err.message.decode(errors="replace")
        where = f"{self.file}:{self.line}:{self.column}: " if self.file else ""
        super().__init__(where + msg)


def _check(status, err):
    if status != 0:
        raise MbensError(err)


def _strings(items):
    """a C array of UTF-8 strings and the Python objects that keep it alive"""
    items = [items] if isinstance(items, str) else list(items or [])
    enc = [s.encode() for s in items]
    arr = (ctypes.c_char_p * max(len(enc), 1))(*enc)
    return arr, len(enc), enc


def status_word(code):
    """the word of a member's status: 'ok', 'non-finite', 'max-steps', ..."""
    return lib.mbe_run_status_word(int(code)).decode()


@dataclass(frozen=True)
class Parameter:
    """a parameter element or start value of a model"""
    name: str
    nominal: float
    min: float
    max: float
    unit: str
    description: str
    is_start: bool
    can_vary: bool
    why_not: str


def _param(info):
    d = lambda b: b.decode() if b else ""
    return Parameter(d(info.name), info.nominal, info.min, info.max, d(info.unit),
                     d(info.description), info.is_start, info.can_vary, d(info.why_not))


class Model:
    """A model loaded from .mo files (and library folders), flattened and checked once.

    Model("A.mo", "B.mo", cls="Pkg.Model", libraries=["lib/"], modelicapath=True)
    """

    def __init__(self, *files, cls=None, libraries=(), modelicapath=True):
        self._files = _strings(files)
        self._libs = _strings(libraries)
        d = lib.mbe_model_def_default()
        d.files, d.nfiles = self._files[0], self._files[1]
        d.libraries, d.nlibraries = self._libs[0], self._libs[1]
        d.use_modelicapath = bool(modelicapath)
        self._cls = cls.encode() if cls else None
        d.class_name = self._cls
        err = Error()
        h = ctypes.c_void_p()
        _check(lib.mbe_model_load(ctypes.byref(d), ctypes.byref(h), ctypes.byref(err)), err)
        self._h = h

    def __del__(self):
        if getattr(self, "_h", None):
            lib.mbe_model_destroy(self._h)
            self._h = None

    @property
    def name(self):
        return lib.mbe_model_name(self._h).decode()

    @property
    def parameters(self):
        """every parameter element users see, then the states' start values"""
        out = []
        for k in range(lib.mbe_model_param_count(self._h)):
            info = ParamInfo()
            lib.mbe_model_param(self._h, k, ctypes.byref(info))
            out.append(_param(info))
        return out

    @property
    def signals(self):
        return [lib.mbe_model_signal(self._h, k).decode()
                for k in range(lib.mbe_model_signal_count(self._h))]

    @property
    def experiment(self):
        """the experiment annotation: {start_time, stop_time, interval, tolerance}, those set"""
        e = lib.mbe_model_experiment(self._h)
        return {k: getattr(e, k) for k in ("start_time", "stop_time", "interval", "tolerance")
                if getattr(e, "has_" + k)}

    @property
    def states(self):
        """the states the kernel integrates and their start values, as (name, start) pairs"""
        return [(lib.mbe_model_state(self._h, k).decode(), lib.mbe_model_state_start(self._h, k))
                for k in range(lib.mbe_model_state_count(self._h))]

    def compile(self, vary=(), qoi=(), signals=(), backend="openmp", device=None, threads=0,
                precision="double", start_time=None, stop_time=None, interval=None,
                tolerance=None, method=None, step=None, max_steps=None):
        """an Evaluator of the model: vary names the parameters each member gives (in this
        order), qoi the quantities of interest in mbens run's grammar, signals the trajectories
        a call may return. The run settings default to the model's experiment annotation."""
        return Evaluator(self, vary, qoi, signals, backend, device, threads, precision,
                         dict(start_time=start_time, stop_time=stop_time, interval=interval,
                              tolerance=tolerance, method=method, step=step,
                              max_steps=max_steps))


def _run_settings(run, s, interval=None):
    """the keyword arguments of compile() over the model's run settings; interval: the model's
    annotation's, the output interval when start or stop time move and none is given"""
    if s["start_time"] is not None:
        run.t0 = float(s["start_time"])
    if s["stop_time"] is not None:
        run.t1 = float(s["stop_time"])
    if not run.t1 > run.t0:
        raise ValueError(f"stop_time {run.t1} must be after start_time {run.t0}")
    if s["interval"] is not None or s["start_time"] is not None or s["stop_time"] is not None:
        dt = (float(s["interval"]) if s["interval"] is not None
              else interval if interval is not None else (run.t1 - run.t0) / 500)
        if not dt > 0:
            raise ValueError(f"interval must be positive, not {dt}")
        run.nout = max(2, int(round((run.t1 - run.t0) / dt)) + 1)
    if s["tolerance"] is not None:
        run.rtol = run.atol = float(s["tolerance"])
    if s["method"] is not None:
        if s["method"] not in METHODS:
            raise ValueError(f"method takes {', '.join(METHODS)}, not {s['method']!r}")
        run.method = METHODS[s["method"]]
    if s["step"] is not None:
        if run.method == METHODS["rk4"]:
            run.h = float(s["step"])
        else:
            run.hmax = float(s["step"])
    elif run.method == METHODS["rk4"]:
        run.h = (run.t1 - run.t0) / (run.nout - 1) / 10
    if s["max_steps"] is not None:
        run.max_steps = int(s["max_steps"])


@dataclass
class Result:
    """what one call returns: quantities (n, nqoi), statuses (n,), trajectories (n, nout,
    nsignals) or None, and the kernels' counters per member (n, 9)"""
    qoi: np.ndarray
    status: np.ndarray
    y: object
    info: np.ndarray


class Evaluator:
    """A model compiled once; call it with (members, varied parameters) arrays."""

    def __init__(self, model, vary, qoi, signals, backend, device, threads, precision, settings):
        if backend not in BACKENDS:
            raise ValueError(f"backend takes {', '.join(BACKENDS)}, not {backend!r}")
        if precision not in PRECISIONS:
            raise ValueError(f"precision takes {', '.join(PRECISIONS)}, not {precision!r}")
        self._model = model  # the evaluator's names live in the model
        self._keep = [_strings(vary), _strings(qoi), _strings(signals)]
        d = lib.mbe_evaluator_def_default(model._h)
        (d.vary, d.nvary, _), (d.qoi, d.nqoi, _), (d.signals, d.nsignals, _) = self._keep
        _run_settings(d.run, settings, model.experiment.get("interval"))
        d.backend.kind = BACKENDS[backend]
        self._device = device.encode() if device else None
        d.backend.device = self._device
        d.backend.threads = int(threads)
        d.precision = PRECISIONS[precision]
        err = Error()
        h = ctypes.c_void_p()
        _check(lib.mbe_evaluator_create(model._h, ctypes.byref(d), ctypes.byref(h),
                                        ctypes.byref(err)), err)
        self._h = h
        self.nvary = lib.mbe_evaluator_nvary(h)
        self.nqoi = lib.mbe_evaluator_nqoi(h)
        self.nsignals = lib.mbe_evaluator_nsignals(h)
        self.nout = lib.mbe_evaluator_nout(h)
        self.qoi_names = [lib.mbe_evaluator_qoi_name(h, j).decode() for j in range(self.nqoi)]
        self.signals = list(self._keep[2][2] and [s.decode() for s in self._keep[2][2]])
        self.parameters = []
        for j in range(self.nvary):
            info = ParamInfo()
            lib.mbe_evaluator_param(h, j, ctypes.byref(info))
            self.parameters.append(_param(info))
        self.nominal = np.array([p.nominal for p in self.parameters], dtype=np.float64)
        self.times = np.empty(self.nout)
        lib.mbe_evaluator_times(h, self.times.ctypes.data_as(c_double_p))
        self._batch = EvalBatch()
        self._err = Error()

    def __del__(self):
        if getattr(self, "_h", None):
            lib.mbe_evaluator_destroy(self._h)
            self._h = None

    @property
    def backend(self):
        """the device it runs on, as 'platform: device'"""
        info = BackendInfo()
        lib.mbe_evaluator_backend_info(self._h, ctypes.byref(info))
        return f"{info.platform.decode()}: {info.device.decode()}"

    def modes(self, p=None):
        """the eigenvalues (complex, 1/s) of the model linearized at the start, with the varied
        parameters p (None: the model's values), largest |lambda| first"""
        n = lib.mbe_evaluator_nstates(self._h)
        re, im = np.empty(n), np.empty(n)
        pp = None
        if p is not None:
            pa = np.ascontiguousarray(p, dtype=np.float64).reshape(self.nvary)
            pp = pa.ctypes.data_as(c_double_p)
        err = Error()
        _check(lib.mbe_evaluator_modes(self._h, pp, re.ctypes.data_as(c_double_p),
                                       im.ctypes.data_as(c_double_p), ctypes.byref(err)), err)
        return re + 1j * im

    def _params(self, P):
        P = np.ascontiguousarray(P, dtype=np.float64)  # no copy when it already is
        if P.ndim == 1 and self.nvary <= 1:
            P = P.reshape(-1, self.nvary) if self.nvary else P.reshape(-1, 0)
        if P.ndim != 2 or P.shape[1] != self.nvary:
            raise ValueError(f"parameters must be (members, {self.nvary}), not {P.shape}")
        return P

    def evaluate(self, P, trajectories=False, out=None):
        """integrates the members of P (members, nvary); a Result. trajectories: also the
        signals on the output grid. out: a Result whose arrays to fill (no allocation)."""
        P = self._params(P)
        n = P.shape[0]
        if trajectories and self.nsignals == 0:
            raise ValueError("trajectories need signals: compile(..., signals=[...])")
        r = out or Result(np.empty((n, self.nqoi)), np.empty(n, dtype=np.int32),
                          np.empty((n, self.nout, self.nsignals)) if trajectories else None,
                          np.empty((n, INFO_COUNT), dtype=np.int32))
        b = self._batch
        b.n = n
        b.p = P.ctypes.data_as(c_double_p)
        b.qoi = r.qoi.ctypes.data_as(c_double_p) if self.nqoi else None
        b.status = r.status.ctypes.data_as(c_int32_p)
        b.info = r.info.ctypes.data_as(c_int32_p)
        b.y = r.y.ctypes.data_as(c_double_p) if r.y is not None else None
        _check(lib.mbe_evaluator_run(self._h, ctypes.byref(b), ctypes.byref(self._err)),
               self._err)
        return r

    def __call__(self, P):
        """(quantities (members, nqoi), statuses (members,)) of the members of P"""
        r = self.evaluate(P)
        return r.qoi, r.status


from .design import FitResult, OptimizeResult, fit, optimize  # noqa: E402 (uses the above)
