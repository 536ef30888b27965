#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""The fixed cost of one call of the Python evaluator, ev(P), over the C call it makes
(mbe_evaluator_run through ctypes with a batch built once): argument conversion, the output
arrays, the error check. Members 1, 64, 4096; the median of many calls.
    PYTHONPATH=host/python MBENS_LIBRARY=.../libmbens.so eval_overhead.py [MODEL.mo] [STOP]"""
import ctypes
import sys
import time

import numpy as np

import mbens
from mbens import _lib

model = sys.argv[1] if len(sys.argv) > 1 else \
    "models/msl/Modelica/Mechanics/MultiBody/Examples/Elementary/DoublePendulum.mo"
stop = float(sys.argv[2]) if len(sys.argv) > 2 else None
ev = mbens.Model(model).compile(vary=["damper.d"], qoi=["max(abs(revolute2.phi))"],
                                stop_time=stop)
print(f"{ev.parameters[0].name} varied, {ev.qoi_names[0]}, {ev.times[-1]} s, {ev.nout} points")
print(f"{'members':>8} {'c_call_us':>14} {'python_us':>14} {'fixed_us':>14}")
for n in (1, 64, 4096):
    reps = 15 if n == 4096 else 401
    P = np.full((n, 1), ev.nominal[0])
    q, s = np.empty((n, 1)), np.empty(n, dtype=np.int32)
    info = np.empty((n, 9), dtype=np.int32)
    b = _lib.EvalBatch(n, P.ctypes.data_as(_lib.c_double_p), q.ctypes.data_as(_lib.c_double_p),
                       s.ctypes.data_as(_lib.c_int32_p), info.ctypes.data_as(_lib.c_int32_p),
                       None)
    err = _lib.Error()
    tc, tp = [], []
    for r in range(reps + 2):
        t0 = time.perf_counter()
        _lib.lib.mbe_evaluator_run(ev._h, ctypes.byref(b), ctypes.byref(err))
        t1 = time.perf_counter()
        ev(P)
        t2 = time.perf_counter()
        if r >= 2:
            tc.append((t1 - t0) * 1e6)
            tp.append((t2 - t1) * 1e6)
    c, p = float(np.median(tc)), float(np.median(tp))
    print(f"{n:8d} {c:14.1f} {p:14.1f} {p - c:14.1f}")
