#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_filter.sh MBENS MODELS WORK DATA MSL_DIR: Blocks.Continuous.Filter (from the MSL sources)
# - control_filter.mo, each filter driven by a sine of frequency f, its steady amplitude from two
#   samples a quarter period apart (after 30 s, tolerance 1e-10), within 1e-7 of:
#   at f = f_cut = 2 Hz, -3 dB (10^(-3/20)) for the normalized CriticalDamping, Bessel (the MSL's
#   table) and ChebyshevI low passes and a ChebyshevI high pass, 2 x that for a Bessel high pass
#   of gain 2, and 1/sqrt(2) for Butterworth's low and high pass (the MSL does not renormalize
#   it); Butterworth band pass (order 2 and 3) and band stop (order 1) from 1 to 3 Hz: 1 and 0 at
#   the centre sqrt(3) Hz, 1/sqrt(2) at both edges;
# - control_filter_step.mo: a step through a Butterworth Filter equals the MSL's
#   LowpassButterworth (its own equations; 1e-12), an unnormalized CriticalDamping Filter the
#   CriticalDamping block (1e-12); init: SteadyState starts a low pass at the input (0.5) and a
#   high pass at 0, InitialOutput at y_start (0.25), InitialState at x_start (y = x[2] = 0.3);
# - f_cut varied per member runs (four members, each its own cut-off);
# - a band pass without f_min is refused, naming the filter.
. "$(dirname "$0")/run_lib.sh"
data=$4 msl=${5:-}
if [ ! -f "$msl/Modelica/package.mo" ]; then
  echo "MSL sources not found ($msl): skipped"
  exit 77
fi
# amp F LIST: simulate control_filter.mo at frequency F; the amplitudes of LIST, in order
amp() {
  sed "s/parameter Real f = 2/parameter Real f = $1/" "$data/control_filter.mo" >"$work/cf.mo"
  dt=$(awk -v f="$1" 'BEGIN { printf "%.17g", 1 / (4 * f) }')
  stop=$(awk -v f="$1" -v d="$dt" 'BEGIN { printf "%.17g", 4 * int(30 * f + 1) * d }')
  "$mbens" simulate "$work/cf.mo" --library "$msl" -o "$work/cf.csv" --stop-time "$stop" \
    --interval "$dt" --tolerance 1e-10 --signals "$2" ||
    fail "simulate (f = $1) exited $?"
  tail -n 2 "$work/cf.csv" | awk -F, 'NR == 1 { for (i = 2; i <= NF; i++) a[i] = $i }
    NR == 2 { for (i = 2; i <= NF; i++) printf "%.12f ", sqrt(a[i] * a[i] + $i * $i) }'
}
# near "GOT" "WANT": each within 1e-7
near() {
  bad=$(echo "$1|$2" | awk -F'|' '{ n = split($1, g, " "); split($2, w, " ")
    for (i = 1; i <= n; i++) { d = g[i] - w[i]; if (d > 1e-7 || d < -1e-7) print i, g[i], w[i] } }')
  [ -z "$bad" ] || fail "$3: (signal, amplitude, expected) $bad"
}
db3=0.707945784384 hf=0.707106781187
near "$(amp 2 'lpCD.y,lpBes.y,lpCh.y,hpCh.y,hpBes.y,lpB.y,hpB.y')" \
  "$db3 $db3 $db3 $db3 1.415891568768 $hf $hf" "low and high pass at f_cut"
near "$(amp 1.7320508075688772 'bp.y,bp3.y,bs.y')" "1 1 0" "band filters at the centre"
near "$(amp 1 'bp.y,bp3.y,bs.y')" "$hf $hf $hf" "band filters at f_min"
near "$(amp 3 'bp.y,bp3.y,bs.y')" "$hf $hf $hf" "band filters at f_cut"

"$mbens" simulate "$data/control_filter_step.mo" --library "$msl" -o "$work/st.csv" \
  --stop-time 3 --interval 0.01 --tolerance 1e-10 \
  --signals 'lpB.y,refB.y,lpCD.y,refCD.y,hp.y,out.y,given.y' || fail "simulate (step) exited $?"
bad=$(awk -F, 'function a(x) { return x < 0 ? -x : x }
  NR > 1 && /nan|inf/ { print; exit }
  NR == 2 && (a($2 - 0.5) > 1e-12 || a($6) > 1e-12 || a($7 - 0.25) > 1e-12 || a($8 - 0.3) > 1e-12) {
    print "start", $0; exit }
  NR > 1 && (a($2 - $3) > 1e-12 || a($4 - $5) > 1e-12) { print $1, $2 - $3, $4 - $5; exit }
  NR > 1 { n++; last = $6 }
  END { if (n < 300) print "rows", n; else if (a(last) > 1e-6) print "high pass ends at", last }' \
  "$work/st.csv") || fail "awk failed"
[ -z "$bad" ] || fail "Filter against the MSL's filters and its init (t, differences): $bad"

"$mbens" run "$data/control_filter_step.mo" --library "$msl" -n 4 -o "$work/vary" --quiet \
  --sampler grid --vary 'lpB.f_cut=uniform(1,4)' --qoi 'final(lpB.y)' --stop-time 1 ||
  fail "run with f_cut varied exited $?"

sed 's/order=1, f_min=1, f_cut=3/order=1, f_cut=3/' "$data/control_filter.mo" >"$work/nomin.mo"
out=$("$mbens" simulate "$work/nomin.mo" --library "$msl" -o "$work/n.csv" 2>&1)
case "$out" in
  *"bs: a band filter needs 0 < f_min < f_cut (f_min = 0, f_cut = 3)"*) ;;
  *) fail "a band stop without f_min: $out" ;;
esac
finish "run_filter: Filter's characteristics at their frequencies, against the MSL's other filters, init, varied f_cut"
