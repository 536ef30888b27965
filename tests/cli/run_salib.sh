#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_salib.sh MBENS MODELS WORK DATA: mbens and SALib side by side, where a Python with SALib
# is found ($MBENS_PYTHON, else python3; skipped with a message otherwise):
# - an mbens Saltelli design of Ishigami (N = 256) is SALib's saltelli.sample, number for number,
#   and SALib's sobol.analyze of its outputs gives mbens analyze's S1, ST and S2 (1e-10); the
#   same with --first-order-only and calc_second_order=False;
# - SALib's morris.analyze of an mbens Morris run gives mbens's mu, mu_star, sigma (1e-10);
# - --candidates 12 -n 4 keeps the 4 trajectories SALib's brute force (optimal_trajectories)
#   picks from the 12 candidates;
# - SALib's own designs (saltelli.sample, morris.sample) run with --design and read with
#   analyze --as saltelli / --as morris give SALib's indices of the same outputs (1e-10);
# - simulate -o x.mat is read by scipy.io.loadmat in Dymola's layout with the CSV's numbers.
. "$(dirname "$0")/run_lib.sh"
data=$4
py=${MBENS_PYTHON:-python3}
if ! "$py" -c "import SALib" 2>/dev/null; then
  echo "SALib not found ($py -c 'import SALib'; pip install SALib, or set MBENS_PYTHON): skipped"
  exit 77
fi
cmp_py="$(dirname "$0")/salib_compare.py"
pi=3.141592653589793
vary="--vary f.x1=uniform(-$pi,$pi) --vary f.x2=uniform(-$pi,$pi) --vary f.x3=uniform(-$pi,$pi)"
mvary="--vary f.x1=uniform(0,1) --vary f.x2=uniform(-3,3) --vary f.x3=uniform(10,11)"
# shellcheck disable=SC2086
"$mbens" run "$data/ishigami.mo" -o "$work/s" -n 256 --sampler saltelli $vary \
  --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (saltelli) exited $?"
"$mbens" analyze "$work/s" --quiet || fail "analyze (saltelli) exited $?"
"$py" "$cmp_py" check-sobol "$work/s" || fail "mbens's Saltelli design or indices differ from SALib's"
# shellcheck disable=SC2086
"$mbens" run "$data/ishigami.mo" -o "$work/s1" -n 256 --sampler saltelli --first-order-only \
  $vary --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (first order) exited $?"
"$mbens" analyze "$work/s1" --quiet || fail "analyze (first order) exited $?"
"$py" "$cmp_py" check-sobol "$work/s1" || fail "the first-order design or indices differ from SALib's"
# shellcheck disable=SC2086
"$mbens" run "$data/effects.mo" -o "$work/m" -n 30 --sampler morris $mvary --seed 9 \
  --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (morris) exited $?"
"$mbens" analyze "$work/m" --quiet || fail "analyze (morris) exited $?"
"$py" "$cmp_py" check-morris "$work/m" 4 || fail "mbens's Morris effects differ from SALib's"
# Campolongo's selection: the candidates alone, then the chosen four
uvary="--vary f.x1=uniform(0,1) --vary f.x2=uniform(0,1) --vary f.x3=uniform(0,1)"
# shellcheck disable=SC2086
"$mbens" run "$data/effects.mo" -o "$work/cand" -n 12 --sampler morris $uvary --seed 4 \
  --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (12 candidates) exited $?"
# shellcheck disable=SC2086
"$mbens" run "$data/effects.mo" -o "$work/chosen" -n 4 --candidates 12 --sampler morris $uvary \
  --seed 4 --qoi 'final(f.y)' --stop-time 0.001 --quiet || fail "run (--candidates) exited $?"
"$py" "$cmp_py" check-campolongo "$work/cand" "$work/chosen" ||
  fail "--candidates chose other trajectories than SALib's brute force"
# SALib's designs through --design
"$py" "$cmp_py" design-csv saltelli 64 "$work/salt.csv" || fail "SALib's saltelli.sample failed"
"$mbens" run "$data/ishigami.mo" -o "$work/ds" --design "$work/salt.csv" --qoi 'final(f.y)' \
  --stop-time 0.001 --quiet || fail "run (SALib's Saltelli design) exited $?"
"$mbens" analyze "$work/ds" --as saltelli --quiet || fail "analyze --as saltelli exited $?"
"$py" "$cmp_py" check-sobol "$work/ds" || fail "indices of SALib's Saltelli design differ"
"$py" "$cmp_py" design-csv morris 20 "$work/morris.csv" || fail "SALib's morris.sample failed"
"$mbens" run "$data/effects.mo" -o "$work/dm" --design "$work/morris.csv" --qoi 'final(f.y)' \
  --stop-time 0.001 --quiet || fail "run (SALib's Morris design) exited $?"
"$mbens" analyze "$work/dm" --as morris --levels 4 --quiet || fail "analyze --as morris exited $?"
"$py" "$cmp_py" check-morris "$work/dm" 4 || fail "effects of SALib's Morris design differ"
"$mbens" simulate "$data/ishigami.mo" -o "$work/f.mat" --signals f.y --stop-time 0.01 \
  --override f.x1=1 || fail "simulate -o f.mat exited $?"
"$py" - "$work/f.mat" <<'PY' || fail "scipy does not read f.mat as Dymola's layout"
import math, sys
import scipy.io as sio
m = sio.loadmat(sys.argv[1], chars_as_strings=False)
names = ["".join(m["name"][:, i]).rstrip() for i in range(m["name"].shape[1])]
assert "".join(m["Aclass"][3]).rstrip() == "binTrans" and names == ["time", "f.y"], names
c = m["dataInfo"][1][1] - 1
y = m["data_%d" % m["dataInfo"][0][1]][c]
assert abs(y[0] - math.sin(1)) < 1e-15 and len(y) == 501, (y[0], len(y))
PY
finish "run_salib: mbens's designs and indices are SALib's, SALib's designs read back, scipy reads MAT results"
