#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""scipy.optimize on a damper's coefficient: which damper.d of the MSL double pendulum makes the
first arm dissipate what a "measurement" (the model at d = 0.3) says, integral(revolute1.w^2)?
Each objective call is one member evaluated by the compiled model; nothing is compiled twice.

    python3 fit_damper_scipy.py DoublePendulum.mo [--budget 40]
"""
import argparse

import numpy as np
from scipy.optimize import minimize_scalar

import mbens


def main(model_file, budget=40, truth=0.3):
    ev = mbens.Model(model_file).compile(vary=["damper.d"], qoi=["integral(revolute1.w^2)"])
    target = ev([truth])[0][0, 0]
    calls = []

    def mismatch(d):
        q, status = ev([d])
        calls.append(d)
        return (q[0, 0] - target) ** 2 if status[0] == 0 else np.inf

    res = minimize_scalar(mismatch, bounds=(0.01, 1.0), method="bounded",
                          options={"maxiter": budget, "xatol": 1e-7})
    return {"d": float(res.x), "truth": truth, "calls": len(calls), "target": float(target)}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model")
    ap.add_argument("--budget", type=int, default=40)
    r = main(ap.parse_args().model, ap.parse_args().budget)
    print(f"damper.d = {r['d']:.6f} (measured with {r['truth']}) after {r['calls']} calls")
