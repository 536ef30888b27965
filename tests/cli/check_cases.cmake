# SPDX-License-Identifier: Apache-2.0
# mbens check answers whether simulate accepts the model: it builds the mechanics too (no kernel)
# and refuses, with simulate's message and exit code 2, what simulate would refuse.

# the states the simulator integrates, after the flat model's summary
mbe_cli_test(check_states 0 "states the simulator integrates \\(4, with their start values\\):"
  check ${MSL}/DoublePendulum.mo)
# and how the joint accelerations are solved
mbe_cli_test(check_dynamics_method 0 "joint accelerations: articulated bodies"
  check ${MSL}/DoublePendulum.mo)

# cardinality() counts every connect of a connector, those after the assert too (the MSL's
# GearConstraint asserts on it): the error-level assert holds, the warning-level one reports
mbe_cli_test(check_cardinality 0 "cardinality\\.mo:11:3: assertion failed \\(warning level\\): rev\\.frame_b has one connect"
  check ${DATA}/cardinality.mo)

# an acceleration sensor cannot feed a force: the accelerations follow from the forces
mbe_cli_test(check_acc_feedback 2 "control_acc_feedback\\.mo:8:55: error: abs: abs\\.a\\[1\\] cannot drive a force or a controller"
  check ${DATA}/control_acc_feedback.mo)

# each refusal with its message
mbe_cli_test(check_loop 2 "fourbar\\.mo:6:48: error: j4: the 5 constraints of the cut joints \\(j4\\) are not independent at the start: they decide only 2 coordinates. A planar loop closed by a Revolute is such a case: use RevolutePlanarLoopConstraint"
  check ${DATA}/fourbar.mo)
mbe_cli_test(check_unsupported_class 2 "unsupported_class\\.mo:4:64: error: transform: class Modelica\\.Mechanics\\.MultiBody\\.Sensors\\.TransformAbsoluteVector is not supported yet by the simulator"
  check ${DATA}/unsupported_class.mo)
mbe_cli_test(simulate_unsupported_friction 2 "unsupported_friction\\.mo:8:51: error: clutch1: class Modelica\\.Mechanics\\.Rotational\\.Components\\.Clutch is not supported yet by the simulator"
  simulate ${DATA}/unsupported_friction.mo -o ${OUT}/unsupported_friction.csv)
mbe_cli_test(check_user_equation 2 "user_equation\\.mo:6:3: error: equations are not supported yet by the simulator"
  check ${DATA}/user_equation.mo)
# a user's force law: check builds it as simulate does and lists its own state
mbe_cli_test(check_user_force 0 "sd\\.E_diss +0\n"
  check ${DATA}/user_cubic.mo)
mbe_cli_test(check_user_force_loop 2 "user_loop10\\.mo:6:5: error: lf: an algebraic loop of 10"
  check ${DATA}/user_loop10.mo)
mbe_cli_test(check_zero_axis 2 "zero_axis\\.mo:3:48: error: rev: axis 'n' is the zero vector"
  check ${DATA}/zero_axis.mo)
mbe_cli_test(check_dangling_joint 2 "dangling_joint\\.mo:3:48: error: rev: moves no mass: a joint whose moving side carries no body"
  check ${DATA}/dangling_joint.mo)
# a value outside its declared min: at the user's binding, not at the joint the mechanics blames
mbe_cli_test(check_negative_mass 2 "negative_mass\\.mo:4:50: error: body\\.m = -1 is below its declared min = 0 \\(<catalogue>/Modelica/Mechanics/MultiBody/Parts\\.mo:[0-9]+:[0-9]+\\)"
  check ${DATA}/negative_mass.mo)
mbe_cli_test(simulate_negative_mass 2 "negative_mass\\.mo:4:50: error: body\\.m = -1 is below its declared min = 0"
  simulate ${DATA}/negative_mass.mo -o ${OUT}/unused.csv)
# a class of the user's that extends a built-in and adds to it: refused, never dropped
mbe_cli_test(check_extends_builtin_adds 2 "extends_builtin_adds\\.mo:10:10: error: body: ExtendsBuiltinAdds\\.MyBody extends the built-in Modelica\\.Mechanics\\.MultiBody\\.Parts\\.Body and adds components or equations"
  check ${DATA}/extends_builtin_adds.mo)
# a model without states: simulate says how to name what to write
mbe_cli_test(simulate_no_states 2 "error: the model has no states to write by default. name the signals with --signals"
  simulate ${DATA}/no_states.mo -o ${OUT}/unused.csv)
mbe_cli_test(check_init_unsolvable 2 "catalogue_bad6\\.mo:3:79: error: body: the initialization found no solution"
  check ${DATA}/catalogue_bad6.mo)
mbe_cli_test(check_quiet_refusal 2 "zero_axis\\.mo:3:48: error:" check --quiet ${DATA}/zero_axis.mo)

# and simulate refuses the same models with the same words
add_test(NAME cli_check_as_simulate COMMAND sh ${CMAKE_CURRENT_SOURCE_DIR}/check_as_simulate.sh
  $<TARGET_FILE:mbens> ${OUT}/check_as_simulate
  ${DATA}/fourbar.mo ${DATA}/unsupported_class.mo ${DATA}/user_equation.mo ${DATA}/zero_axis.mo
  ${DATA}/dangling_joint.mo ${DATA}/init_acceleration.mo ${DATA}/junction_no_stiffness.mo
  ${DATA}/point_mass_unfixed.mo ${DATA}/catalogue_bad6.mo ${DATA}/catalogue_open_input.mo
  ${DATA}/negative_mass.mo)
set_tests_properties(cli_check_as_simulate PROPERTIES LABELS unit TIMEOUT 120)

# --all lists apart what only the animation reads (the catalogue's [animation] marks, and the
# user's L that only a joint's cylinder length reads); a default that sizes the box's mass
# (world.defaultWidthFraction, the box's width) stays among the parameters that may vary, and
# animation = false is no longer a structural parameter
set(ANIM ${DATA}/animation_params.mo)
mbe_cli_test_lines(check_animation_section 0
  "~parameters that only affect the animation, not the simulation \\(3 set by the model, 43 in all\\):~(  [^~]*~)*  world\\.axisLength  +=  *0\\.5 "
  check --all ${ANIM})
mbe_cli_test_lines(check_animation_user_parameter 0
  "~parameters that only affect the animation[^~]*~(  [^~]*~)*  L  +=  *0\\.2  *animation_params\\.mo:2~(  [^~]*~)*  rev\\.cylinderLength  +="
  check ${ANIM})
mbe_cli_test_lines(check_animation_not_varying 0
  "!per member \\([^)]*\\):~(  [^~]*~)*  (world\\.axisLength|L|rev\\.cylinderLength|rev\\.cylinderDiameter) "
  check --all ${ANIM})
mbe_cli_test_lines(check_animation_geometry_default 0
  "per member \\([^)]*\\):~(  [^~]*~)*  world\\.defaultWidthFraction  +=  *20 "
  check --all ${ANIM})
mbe_cli_test_lines(check_animation_not_structural 0
  "!structural parameters[^~]*~(  [^~]*~)*  rev\\.animation "
  check ${ANIM})
