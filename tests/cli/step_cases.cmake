# SPDX-License-Identifier: Apache-2.0
# mbens simulate --method rk4: the step checked against the model's modes at the start
# (host/cli/cli_step.c). The oscillator has a period of 1 s and an output interval of 0.5 s.
set(OSC ${DATA}/step_oscillator.mo)

# h w = pi: past sqrt(8), the boundary on the imaginary axis (the run itself goes to +-100); the
# '.' after "stability" stands for the ';' a CMake argument cannot hold
mbe_cli_test(step_unstable 0 "warning: the step h = 0\\.5 s is unstable for this model: its fastest mode \\(period 1 s at the start\\) needs h < 0\\.45 s for stability. use --step 0\\.01 or less for accuracy \\(or --method dopri5\\)"
  simulate ${OSC} -o ${OUT}/step_unstable.csv --method rk4 --step 0.5)
# --step 0.4 does not divide the interval: the kernel takes two steps of 0.25 s, stable but 4 a
# period
mbe_cli_test(step_inaccurate 0 "warning: the step h = 0\\.25 s \\(--step 0\\.4 splits each 0\\.5 s output interval into 2 steps\\) is inaccurate for this model: its fastest mode \\(period 1 s at the start\\) gets 4 steps a period.*use --step 0\\.01 or less"
  simulate ${OSC} -o ${OUT}/step_inaccurate.csv --method rk4 --step 0.4)
mbe_cli_test(step_fine 0 "!warning"
  simulate ${OSC} -o ${OUT}/step_fine.csv --method rk4 --step 0.001)
mbe_cli_test(step_dopri5 0 "!warning"
  simulate ${OSC} -o ${OUT}/step_dopri5.csv --step 0.5)
# the MSL pendulum with rk4's default step (Interval/10 = 1e-4 s)
mbe_cli_test(step_pendulum_default 0 "!warning"
  simulate ${MSL}/Pendulum.mo -o ${OUT}/step_pendulum.csv --method rk4)
# mbens run checks the step at the nominal parameters too
mbe_cli_test(step_run_unstable 0 "mbens run: warning: the step h = 0\\.5 s is unstable for this model"
  run ${OSC} -n 2 -o ${OUT}/step_run --force --method rk4 --step 0.5 --quiet)
