#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""pycma driving a population as one batch: the damping and the first arm's length of the MSL
double pendulum that reproduce two measured quantities (the second arm's largest swing and the
first arm's dissipation, made by the model at d = 0.25, r[1] = 0.45). Every generation's
population is one call of the evaluator: one launch on the backend.

    python3 cma_population.py DoublePendulum.mo [--budget 30] [--seed 1]
"""
import argparse

import numpy as np
import cma

import mbens

QOI = ["max(abs(revolute2.phi))", "integral(revolute1.w^2)"]
LO, HI = np.array([0.02, 0.3]), np.array([0.6, 0.7])


def main(model_file, budget=30, seed=1, truth=(0.25, 0.45)):
    ev = mbens.Model(model_file).compile(vary=["damper.d", "boxBody1.r[1]"], qoi=QOI)
    target = ev(np.array([truth]))[0][0]
    es = cma.CMAEvolutionStrategy([0.5, 0.5], 0.25,
                                  {"bounds": [0, 1], "seed": seed, "verbose": -9,
                                   "popsize": 16, "tolfun": 1e-14, "tolx": 1e-10})
    generations = 0
    while not es.stop() and generations < budget:
        X = np.array(es.ask())                 # in [0, 1]^2
        q, status = ev(LO + X * (HI - LO))     # the whole population: one batch
        f = np.sum(((q - target) / target) ** 2, axis=1)
        es.tell(list(X), list(np.where(status == 0, f, np.inf)))
        generations += 1
    best = LO + np.array(es.result.xbest) * (HI - LO)
    return {"best": best, "truth": np.array(truth), "generations": generations,
            "f": float(es.result.fbest)}


if __name__ == "__main__":
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("model")
    ap.add_argument("--budget", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    r = main(a.model, a.budget, a.seed)
    print(f"damper.d = {r['best'][0]:.6f}, boxBody1.r[1] = {r['best'][1]:.6f} "
          f"(measured with {r['truth'][0]}, {r['truth'][1]}) after {r['generations']} "
          f"generations, mismatch {r['f']:.3g}")
