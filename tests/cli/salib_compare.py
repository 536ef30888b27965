# SPDX-License-Identifier: Apache-2.0
# SALib side by side with mbens (run_salib.sh): python3 salib_compare.py MODE ...
#   design-csv saltelli|morris N OUT.csv   SALib's design of the Ishigami / effects problem
#   check-sobol DIR                        SALib's saltelli design equals the run's members
#                                          (when the run made it) and its sobol.analyze the
#                                          run's sobol.csv and sobol_s2.csv
#   check-morris DIR LEVELS                SALib's morris.analyze equals the run's morris.csv
#   check-campolongo CAND DIR              the trajectories of DIR (--candidates) are those
#                                          SALib's brute force picks from the run CAND of all
#                                          candidates (unit bounds: its rows are the grid)
# Prints the largest difference; exits 1 past 1e-10.
import csv
import json
import math
import sys
import warnings

import numpy as np
from SALib.analyze import morris, sobol
from SALib.sample import morris as morris_sample
from SALib.sample import saltelli

PI = math.pi
PROBLEMS = {
    "saltelli": {"num_vars": 3, "names": ["f.x1", "f.x2", "f.x3"], "bounds": [[-PI, PI]] * 3},
    "morris": {"num_vars": 3, "names": ["f.x1", "f.x2", "f.x3"],
               "bounds": [[0, 1], [-3, 3], [10, 11]]},
}


def members(d):
    man = json.load(open(d + "/manifest.json"))
    rows = list(csv.DictReader(open(d + "/members.csv")))
    names = [p["name"] for p in man["design"]["parameters"]]
    x = np.array([[float(r[n]) for n in names] for r in rows])
    ys = {q: np.array([float(r[q]) for r in rows]) for q in man["outputs"]["qoi"]}
    return man, names, x, ys


def check_sobol(d):
    man, names, x, ys = members(d)
    problem = PROBLEMS["saltelli"]
    worst = 0.0
    second = man["design"].get("second_order", True)
    if man["design"]["sampler"] == "saltelli":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            blk = (2 if second else 1) * len(names) + 2
            s = saltelli.sample(problem, len(x) // blk, calc_second_order=second)
        worst = max(worst, float(np.max(np.abs(s - x))))
        print("design: largest |SALib - mbens|", worst)
    ours = {(r["qoi"], r["parameter"]): r for r in csv.DictReader(open(d + "/sobol.csv"))}
    ours2 = {(r["qoi"], r["parameter_1"], r["parameter_2"]): r
             for r in csv.DictReader(open(d + "/sobol_s2.csv"))}
    for q, y in ys.items():
        si = sobol.analyze(problem, y, calc_second_order=second, num_resamples=10)
        for j, n in enumerate(names):
            for k in ("S1", "ST"):
                worst = max(worst, abs(si[k][j] - float(ours[(q, n)][k])))
            for m in range(j + 1, len(names) if second else 0):
                worst = max(worst, abs(si["S2"][j][m] - float(ours2[(q, n, names[m])]["S2"])))
    print("indices: largest |SALib - mbens|", worst)
    return worst


def check_morris(d, levels):
    man, names, x, ys = members(d)
    worst = 0.0
    ours = {(r["qoi"], r["parameter"]): r for r in csv.DictReader(open(d + "/morris.csv"))}
    for q, y in ys.items():
        si = morris.analyze(PROBLEMS["morris"], x, y, num_levels=levels, num_resamples=10)
        for j, n in enumerate(names):
            for k in ("mu", "mu_star", "sigma"):
                worst = max(worst, abs(si[k][j] - float(ours[(q, n)][k])))
    print("effects: largest |SALib - mbens|", worst)
    return worst


def design_csv(kind, n, out):
    problem = PROBLEMS[kind]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        if kind == "saltelli":
            s = saltelli.sample(problem, n)
        else:
            s = morris_sample.sample(problem, n, num_levels=4, seed=7)
    with open(out, "w") as f:
        f.write(",".join(problem["names"]) + "\n")
        for row in s:
            f.write(",".join(repr(float(v)) for v in row) + "\n")
    print(len(s), "rows")
    return 0.0


def check_campolongo(cand, d):
    from SALib.sample.morris.brute import BruteForce
    _, _, xc, _ = members(cand)
    _, names, x, _ = members(d)
    k = len(names)
    m, r = len(xc) // (k + 1), len(x) // (k + 1)
    pick = BruteForce().brute_force_most_distant(xc, m, k, r)
    want = np.concatenate([xc[t * (k + 1):(t + 1) * (k + 1)] for t in pick])
    print("SALib picks", list(pick))
    return float(np.max(np.abs(want - x)))


def main():
    mode = sys.argv[1]
    if mode == "design-csv":
        worst = design_csv(sys.argv[2], int(sys.argv[3]), sys.argv[4])
    elif mode == "check-sobol":
        worst = check_sobol(sys.argv[2])
    elif mode == "check-campolongo":
        worst = check_campolongo(sys.argv[2], sys.argv[3])
    else:
        worst = check_morris(sys.argv[2], int(sys.argv[3]))
    sys.exit(0 if worst <= 1e-10 else 1)


main()
