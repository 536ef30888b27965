# SPDX-License-Identifier: Apache-2.0
# Model errors found in the catalogue's classes point at the user's line, with the catalogue's
# place as a note line after it; the initial conditions of bodies the joints move (w_0_fixed).

# as mbe_cli_test, on the output joined into one line with '~' for each line break, so that a
# pattern can say which line comes first ('^' is the start of the output); it may hold a ';'
function(mbe_cli_test_lines name rc pattern)
  add_test(NAME cli_${name} COMMAND ${EXPECT} ${rc} "${pattern}"
    sh -c "out=$(\"$0\" \"$@\" 2>&1); rc=$?; printf '%s' \"$out\" | tr '\\n' '~'; exit $rc"
    $<TARGET_FILE:mbens> ${ARGN})
  set_tests_properties(cli_${name} PROPERTIES LABELS unit TIMEOUT 60)
endfunction()

set(CAT_PARTS "<catalogue>/Modelica/Mechanics/MultiBody/Parts\\.mo:[0-9]+:[0-9]+: note: ")

# w_0_fixed states w_a = resolve2(R_start, w_0_start): the revolute meets {0,0,1} with its speed
mbe_cli_test(catalogue_w0_fixed 0 "^0,1$"
  simulate ${DATA}/catalogue_good6.mo -o - --stop-time 0.1 --interval 0.1 --signals rev.w)
mbe_cli_test(catalogue_w0_fixed_composite 0 "^0,2$"
  simulate ${DATA}/catalogue_box_w0.mo -o - --stop-time 0.1 --interval 0.1 --signals rev.w)

# and cannot meet {1,0,0}: the user's w_0_fixed=true first, the catalogue's w_a(fixed=...) next
mbe_cli_test_lines(catalogue_w0_impossible 2
  "^[^~]*/catalogue_bad6\\.mo:3:79: error: body: the initialization found no solution after 60 Newton steps; the conditions not met: body\\.w_a\\[1\\] = 1 \\(residual -1\\)~${CAT_PARTS}in Modelica\\.Mechanics\\.MultiBody\\.Parts\\.Body: w_a\\(fixed = fill\\(w_0_fixed, 3\\)\\)$"
  simulate ${DATA}/catalogue_bad6.mo -o ${OUT}/unused.csv)

# a catalogue binding that fails on the user's value: at that value (r={0,0,0})
mbe_cli_test_lines(catalogue_binding 2
  "^[^~]*/catalogue_box_zero\\.mo:3:52: error: box\\.r_CM: Modelica\\.Math\\.Vectors\\.normalizeWithAssert of a zero vector~${CAT_PARTS}in Modelica\\.Mechanics\\.MultiBody\\.Parts\\.BodyBox: r_CM = r_shape \\+ "
  check ${DATA}/catalogue_box_zero.mo)

# an input of a catalogue class left open: at the user's component
mbe_cli_test_lines(catalogue_open_input 2
  "^[^~]*/catalogue_open_input\\.mo:4:50: error: force: input force\\.force\\[[1-3]\\] is not connected to the output of a signal block~<catalogue>/Modelica/Mechanics/MultiBody/Forces\\.mo:[0-9]+:[0-9]+: note: in Modelica\\.Mechanics\\.MultiBody\\.Forces\\.WorldForce: the declaration of force$"
  simulate ${DATA}/catalogue_open_input.mo -o ${OUT}/unused.csv)

# a warning about a catalogue parameter: at the user's component, the declaration as its note
mbe_cli_test_lines(catalogue_warning 0
  "/catalogue_no_mass\\.mo:3:43: parameter 'body\\.m' has no value; using its start value~ +${CAT_PARTS}in Modelica\\.Mechanics\\.MultiBody\\.Parts\\.Body: the declaration of m(~|$)"
  check ${DATA}/catalogue_no_mass.mo)

# a varied value that fails a catalogue binding: at the user's world, naming the parameter (and
# the --vary text where mbens run passes it), the binding as the note
mbe_cli_test_lines(catalogue_varied_binding 2
  "^[^~]*/catalogue_world\\.mo:2:44: error: world\\.groundAxis_u: a comparison needs a value fixed when the model is compiled, but this one depends on world\\.n\\[1\\]( \\(--vary 'world\\.n\\[1\\]=uniform\\(-0\\.1,0\\.1\\)'\\)), which varies per member~<catalogue>/Modelica/Mechanics/MultiBody\\.mo:[0-9]+:[0-9]+: note: in Modelica\\.Mechanics\\.MultiBody\\.World: groundAxis_u = if abs\\(n\\[1\\]\\) >= 0\\.99"
  run ${DATA}/catalogue_world.mo -o ${OUT}/run_catalogue -n 4 --vary "world.n[1]=uniform(-0.1,0.1)")
mbe_cli_test_lines(catalogue_varied_start 2
  "^[^~]*/catalogue_good6\\.mo:3:43: error: body\\.a_0\\[1\\]\\.start( \\(--vary 'body\\.a_0\\.start\\[1\\]=uniform\\(0,1\\)'\\)) sets no initial state[^~]*~${CAT_PARTS}in Modelica\\.Mechanics\\.MultiBody\\.Parts\\.Body: the declaration of a_0$"
  run ${DATA}/catalogue_good6.mo -o ${OUT}/run_catalogue -n 4 --vary "body.a_0.start[1]=uniform(0,1)")
