#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# run_rotation.sh MBENS MSL_DIR WORK DATA_DIR: rotations' start values vary per member. A study
# varies angles_start, w_0_start, w_rel_a_start and FreeMotionScalarInit's angle and w_rel_b
# starts of every kind of rotation state (data/rotation_starts.mo); each member's trajectory must
# be, byte for byte, what `mbens simulate` writes for the model with that member's values written
# into it, on OpenMP and on OpenCL (PoCL) when there is a device.
. "$(dirname "$0")/run_lib.sh"
data=$4
model=$data/rotation_starts.mo

# two members; the columns, then each member's values as modifiers of the model
cat > "$work/design.csv" <<'CSV'
sat.w_0_start[1],sat.angles_start[2],pod.angles_start[1],pod.w_0_start[3],free.angles_start[3],free.w_rel_a_start[1],sph.angles_start[1],sph.w_rel_a_start[2],sph2.angles_start[2],sph2.w_rel_a_start[3],fmsi.angle_2.start,fmsi.w_rel_b_1.start
0.7,-0.4,1.1,0.3,2.5,-0.6,-0.8,0.45,-0.35,0.9,0.6,-0.3
-0.2,1.2,-2.9,-1.5,-0.7,1.4,2.2,-0.9,1.3,-0.1,-1.1,2.0
CSV
edited() {
  cat > "$work/edited_$1.mo" <<MO
model Edited
  extends RotationStarts(sat(w_0_start={$2,0.01,0.02}, angles_start={0.1,$3,0.3}),
    pod(angles_start={$4,-0.3,0.2}, w_0_start={0.1,0.2,$5}),
    free(angles_start={-0.2,0.5,$6}, w_rel_a_start={$7,-0.2,0.4}),
    sph(angles_start={$8,0.2,-0.1}, w_rel_a_start={0.2,$9,0.5}),
    sph2(angles_start={-0.3,${10},0.2}, w_rel_a_start={0.1,-0.5,${11}}),
    fmsi(angle_2(start=${12}), w_rel_b_1(start=${13})));
end Edited;
MO
}
edited 0 0.7 -0.4 1.1 0.3 2.5 -0.6 -0.8 0.45 -0.35 0.9 0.6 -0.3
edited 1 -0.2 1.2 -2.9 -1.5 -0.7 1.4 2.2 -0.9 1.3 -0.1 -1.1 2.0

# every rotation coordinate, rate and angular velocity the model has
signals=$("$mbens" simulate "$model" --list-signals |
  grep -E '^(sat|pod|free|sph|sph2|b4|fmsi)\.(Q|phi|phi_d|w_a|w_rel|w_rel_b|angle|angle_d)(\[[1-4]\]|_[1-3])$' |
  tr '\n' ',' | sed 's/,$//')
[ "$(printf '%s' "$signals" | tr ',' '\n' | wc -l)" -ge 60 ] || fail "too few signals: $signals"
grid="--stop-time 0.5 --interval 0.05"
for k in 0 1; do
  "$mbens" simulate "$model" "$work/edited_$k.mo" --class Edited -o "$work/edited_$k.csv" $grid \
    --signals "$signals" || fail "simulate of member $k's model exited $?"
done

backends=openmp
if "$mbens" devices | grep -q '^OpenCL platform'; then
  backends="openmp opencl"
else
  echo "no OpenCL device: the OpenCL run is skipped"
fi
for b in $backends; do
  dir=$work/$b
  "$mbens" run "$model" -o "$dir" --design "$work/design.csv" --backend "$b" $grid --quiet \
    --signals sat.Q[1] --save-members 0-1 --save-signals "$signals" --save-format csv ||
    fail "the $b study exited $?"
  for k in 0 1; do
    cmp -s "$work/edited_$k.csv" "$dir/trajectories/member_$k.csv" ||
      fail "$b member $k is not the model with its values written in: $(cmp "$work/edited_$k.csv" "$dir/trajectories/member_$k.csv" 2>&1)"
  done
done

# and the varied values did move the rotations: member 0 is not the model itself
"$mbens" simulate "$model" -o "$work/plain.csv" $grid --signals "$signals" ||
  fail "simulate of the model exited $?"
cmp -s "$work/plain.csv" "$work/edited_0.csv" && fail "the varied values change nothing"

finish "every varied rotation start is the edited model's, on every backend"
