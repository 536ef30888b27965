// SPDX-License-Identifier: Apache-2.0
// The classes mech implements, one descriptor each: how a component of that class joins the
// mechanism (its role and the tree edges, bodies and point marks its build makes), the 1-D
// flange sets it defines and loads, the wrenches it puts on its frames, its outputs, and, for a
// signal block, its output. Each class or family lives in one file under classes/; this table
// is the one place that lists them. Adding a class is a descriptor in its file and one line here.
#ifndef MBE_MECH_CLASS_H
#define MBE_MECH_CLASS_H

#include <stdbool.h>

#include "base.h"
#include "sym.h"

typedef struct MbeMech MbeMech;
typedef struct MbeMechFlangeSet MbeMechFlangeSet;
typedef struct MbeMechCutRow MbeMechCutRow;
typedef struct MbeMechAsmForm MbeMechAsmForm;

// the table: kind, catalogue class name (below Modelica.; a trailing '.' matches a whole package),
// descriptor (mbe_mc_<name>, defined in classes/)
#define MBE_MECH_CLASS_LIST(X)                                                                    \
  X(WORLD, "Mechanics.MultiBody.World", world)                                                    \
  X(FIXED, "Mechanics.MultiBody.Parts.Fixed", fixed)                                              \
  X(FIXED_TRANSLATION, "Mechanics.MultiBody.Parts.FixedTranslation", fixed_offset)                \
  X(FIXED_ROTATION, "Mechanics.MultiBody.Parts.FixedRotation", fixed_offset)                      \
  X(BODY, "Mechanics.MultiBody.Parts.Body", body)                                                 \
  X(BODY_SHAPE, "Mechanics.MultiBody.Parts.BodyShape", body_shape)                                \
  X(BODY_BOX, "Mechanics.MultiBody.Parts.BodyBox", body_shape)                                    \
  X(BODY_CYLINDER, "Mechanics.MultiBody.Parts.BodyCylinder", body_shape)                          \
  X(POINT_MASS, "Mechanics.MultiBody.Parts.PointMass", point_mass)                                \
  X(REVOLUTE, "Mechanics.MultiBody.Joints.Revolute", axis_joint)                                  \
  X(PRISMATIC, "Mechanics.MultiBody.Joints.Prismatic", axis_joint)                                \
  X(CYLINDRICAL, "Mechanics.MultiBody.Joints.Cylindrical", cylindrical)                           \
  X(UNIVERSAL, "Mechanics.MultiBody.Joints.Universal", universal)                                 \
  X(PLANAR, "Mechanics.MultiBody.Joints.Planar", planar)                                          \
  X(SPHERICAL, "Mechanics.MultiBody.Joints.Spherical", spherical)                                 \
  X(FREE_MOTION, "Mechanics.MultiBody.Joints.FreeMotion", free_motion)                            \
  X(FREE_MOTION_SCALAR_INIT, "Mechanics.MultiBody.Joints.FreeMotionScalarInit", scalar_init)      \
  X(ROLLING_WHEEL, "Mechanics.MultiBody.Joints.RollingWheel", rolling_wheel)                      \
  X(ROLLING_WHEEL_SET, "Mechanics.MultiBody.Joints.RollingWheelSet", rolling_wheel_set)           \
  X(JOINT_UPS, "Mechanics.MultiBody.Joints.Assemblies.JointUPS", joint_ups)                       \
  X(JOINT_SSR, "Mechanics.MultiBody.Joints.Assemblies.JointSSR", assembly)                        \
  X(JOINT_SSP, "Mechanics.MultiBody.Joints.Assemblies.JointSSP", assembly)                        \
  X(JOINT_USR, "Mechanics.MultiBody.Joints.Assemblies.JointUSR", assembly)                        \
  X(JOINT_USP, "Mechanics.MultiBody.Joints.Assemblies.JointUSP", assembly)                        \
  X(JOINT_RRR, "Mechanics.MultiBody.Joints.Assemblies.JointRRR", assembly)                        \
  X(JOINT_RRP, "Mechanics.MultiBody.Joints.Assemblies.JointRRP", assembly)                        \
  X(PLANAR_LOOP_CONSTRAINT, "Mechanics.MultiBody.Joints.RevolutePlanarLoopConstraint",            \
    planar_loop_constraint)                                                                       \
  X(SPHERICAL_SPHERICAL, "Mechanics.MultiBody.Joints.SphericalSpherical", rod)                    \
  X(UNIVERSAL_SPHERICAL, "Mechanics.MultiBody.Joints.UniversalSpherical", rod)                    \
  X(CONSTRAINT_REVOLUTE, "Mechanics.MultiBody.Joints.Constraints.Revolute", constraint)           \
  X(CONSTRAINT_PRISMATIC, "Mechanics.MultiBody.Joints.Constraints.Prismatic", constraint)         \
  X(CONSTRAINT_SPHERICAL, "Mechanics.MultiBody.Joints.Constraints.Spherical", constraint)         \
  X(CONSTRAINT_UNIVERSAL, "Mechanics.MultiBody.Joints.Constraints.Universal", constraint)         \
  X(WORLD_FORCE, "Mechanics.MultiBody.Forces.WorldForce", point_force)                            \
  X(WORLD_TORQUE, "Mechanics.MultiBody.Forces.WorldTorque", point_force)                          \
  X(WORLD_FORCE_AND_TORQUE, "Mechanics.MultiBody.Forces.WorldForceAndTorque", point_force)        \
  X(FORCE, "Mechanics.MultiBody.Forces.Force", point_force)                                       \
  X(TORQUE, "Mechanics.MultiBody.Forces.Torque", point_force)                                     \
  X(FORCE_AND_TORQUE, "Mechanics.MultiBody.Forces.ForceAndTorque", point_force)                   \
  X(SPRING, "Mechanics.MultiBody.Forces.Spring", line_force)                                      \
  X(DAMPER, "Mechanics.MultiBody.Forces.Damper", line_force)                                      \
  X(SPRING_DAMPER_PARALLEL, "Mechanics.MultiBody.Forces.SpringDamperParallel", line_force)        \
  X(SPRING_DAMPER_SERIES, "Mechanics.MultiBody.Forces.SpringDamperSeries", spring_damper_series)  \
  X(LINE_FORCE_WITH_MASS, "Mechanics.MultiBody.Forces.LineForceWithMass", line_force_flanges)     \
  X(LINE_FORCE_WITH_TWO_MASSES, "Mechanics.MultiBody.Forces.LineForceWithTwoMasses",              \
    line_force_flanges)                                                                           \
  X(CUT_FORCE, "Mechanics.MultiBody.Sensors.CutForce", cut_sensor)                                \
  X(CUT_TORQUE, "Mechanics.MultiBody.Sensors.CutTorque", cut_sensor)                              \
  X(CUT_FORCE_AND_TORQUE, "Mechanics.MultiBody.Sensors.CutForceAndTorque", cut_sensor)            \
  X(POWER, "Mechanics.MultiBody.Sensors.Power", cut_sensor)                                       \
  X(ABSOLUTE_SENSOR, "Mechanics.MultiBody.Sensors.AbsoluteSensor", sensor)                        \
  X(ABSOLUTE_POSITION, "Mechanics.MultiBody.Sensors.AbsolutePosition", sensor)                    \
  X(ABSOLUTE_VELOCITY, "Mechanics.MultiBody.Sensors.AbsoluteVelocity", sensor)                    \
  X(ABSOLUTE_ANGULAR_VELOCITY, "Mechanics.MultiBody.Sensors.AbsoluteAngularVelocity", sensor)     \
  X(ABSOLUTE_ANGLES, "Mechanics.MultiBody.Sensors.AbsoluteAngles", sensor)                        \
  X(RELATIVE_ANGLES, "Mechanics.MultiBody.Sensors.RelativeAngles", sensor)                        \
  X(RELATIVE_SENSOR, "Mechanics.MultiBody.Sensors.RelativeSensor", sensor)                        \
  X(RELATIVE_POSITION, "Mechanics.MultiBody.Sensors.RelativePosition", sensor)                    \
  X(RELATIVE_VELOCITY, "Mechanics.MultiBody.Sensors.RelativeVelocity", sensor)                    \
  X(RELATIVE_ANGULAR_VELOCITY, "Mechanics.MultiBody.Sensors.RelativeAngularVelocity", sensor)     \
  X(DISTANCE, "Mechanics.MultiBody.Sensors.Distance", sensor)                                     \
  X(FIXED_FRAME, "Mechanics.MultiBody.Visualizers.FixedFrame", visualizer)                        \
  X(FIXED_ARROW, "Mechanics.MultiBody.Visualizers.FixedArrow", visualizer)                        \
  X(FIXED_SHAPE, "Mechanics.MultiBody.Visualizers.FixedShape", visualizer)                        \
  X(ROT_FIXED, "Mechanics.Rotational.Components.Fixed", flange_fixed)                             \
  X(ROT_INERTIA, "Mechanics.Rotational.Components.Inertia", flange_inertia)                       \
  X(ROT_SPRING, "Mechanics.Rotational.Components.Spring", flange_compliant)                       \
  X(ROT_DAMPER, "Mechanics.Rotational.Components.Damper", flange_compliant)                       \
  X(ROT_SPRING_DAMPER, "Mechanics.Rotational.Components.SpringDamper", flange_compliant)          \
  X(ROT_IDEAL_GEAR, "Mechanics.Rotational.Components.IdealGear", ideal_gear)                      \
  X(ROT_IDEAL_PLANETARY, "Mechanics.Rotational.Components.IdealPlanetary", ideal_planetary)       \
  X(ROT_IDEAL_GEAR_R2T, "Mechanics.Rotational.Components.IdealGearR2T", ideal_gear_r2t)           \
  X(ROT_IDEAL_ROLLING_WHEEL, "Mechanics.Rotational.Components.IdealRollingWheel", ideal_gear_r2t)  \
  X(ROT_TORQUE, "Mechanics.Rotational.Sources.Torque", flange_source)                             \
  X(ROT_CONSTANT_TORQUE, "Mechanics.Rotational.Sources.ConstantTorque", flange_source)            \
  X(ROT_QUADRATIC_TORQUE, "Mechanics.Rotational.Sources.QuadraticSpeedDependentTorque",           \
    flange_speed_source)                                                                          \
  X(ROT_LINEAR_TORQUE, "Mechanics.Rotational.Sources.LinearSpeedDependentTorque",                 \
    flange_speed_source)                                                                          \
  X(ROT_TORQUE_STEP, "Mechanics.Rotational.Sources.TorqueStep", flange_source)                    \
  X(ROT_CONSTANT_SPEED, "Mechanics.Rotational.Sources.ConstantSpeed", flange_position)            \
  X(ROT_POSITION, "Mechanics.Rotational.Sources.Position", flange_position)                       \
  X(ROT_SPEED, "Mechanics.Rotational.Sources.Speed", flange_position)                             \
  X(ROT_ACCELERATE, "Mechanics.Rotational.Sources.Accelerate", flange_position)                   \
  X(ROT_MOVE, "Mechanics.Rotational.Sources.Move", flange_move)                                   \
  X(ROT_TORQUE_SENSOR, "Mechanics.Rotational.Sensors.TorqueSensor", flow_sensor)                  \
  X(ROT_POWER_SENSOR, "Mechanics.Rotational.Sensors.PowerSensor", flow_sensor)                    \
  X(ROT_MULTI_SENSOR, "Mechanics.Rotational.Sensors.MultiSensor", flow_sensor)                    \
  X(ROT_ANGLE_SENSOR, "Mechanics.Rotational.Sensors.AngleSensor", flange_sensor)                  \
  X(ROT_SPEED_SENSOR, "Mechanics.Rotational.Sensors.SpeedSensor", flange_sensor)                  \
  X(ROT_ACC_SENSOR, "Mechanics.Rotational.Sensors.AccSensor", flange_sensor)                      \
  X(ROT_REL_ANGLE_SENSOR, "Mechanics.Rotational.Sensors.RelAngleSensor", flange_rel_sensor)       \
  X(ROT_REL_SPEED_SENSOR, "Mechanics.Rotational.Sensors.RelSpeedSensor", flange_rel_sensor)       \
  X(ROT_REL_ACC_SENSOR, "Mechanics.Rotational.Sensors.RelAccSensor", flange_rel_sensor)           \
  X(MOUNTING_1D, "Mechanics.MultiBody.Parts.Mounting1D", mounting_1d)                             \
  X(ROTOR_1D, "Mechanics.MultiBody.Parts.Rotor1D", rotor_1d)                                      \
  X(BEVEL_GEAR_1D, "Mechanics.MultiBody.Parts.BevelGear1D", bevel_gear_1d)                       \
  X(TRANS_FIXED, "Mechanics.Translational.Components.Fixed", flange_fixed)                        \
  X(TRANS_MASS, "Mechanics.Translational.Components.Mass", flange_inertia)                        \
  X(TRANS_ROD, "Mechanics.Translational.Components.Rod", flange_rod)                              \
  X(TRANS_SPRING, "Mechanics.Translational.Components.Spring", flange_compliant)                  \
  X(TRANS_DAMPER, "Mechanics.Translational.Components.Damper", flange_compliant)                  \
  X(TRANS_SPRING_DAMPER, "Mechanics.Translational.Components.SpringDamper", flange_compliant)     \
  X(TRANS_FORCE, "Mechanics.Translational.Sources.Force", flange_source)                          \
  X(TRANS_POSITION, "Mechanics.Translational.Sources.Position", flange_position_t)                \
  X(TRANS_SPEED, "Mechanics.Translational.Sources.Speed", flange_position_t)                      \
  X(TRANS_ACCELERATE, "Mechanics.Translational.Sources.Accelerate", flange_position_t)            \
  X(TRANS_MOVE, "Mechanics.Translational.Sources.Move", flange_move)                              \
  X(TRANS_CONSTANT_FORCE, "Mechanics.Translational.Sources.ConstantForce", flange_source)         \
  X(TRANS_FORCE_STEP, "Mechanics.Translational.Sources.ForceStep", flange_source)                 \
  X(TRANS_LINEAR_FORCE, "Mechanics.Translational.Sources.LinearSpeedDependentForce",              \
    flange_speed_source)                                                                          \
  X(TRANS_QUADRATIC_FORCE, "Mechanics.Translational.Sources.QuadraticSpeedDependentForce",        \
    flange_speed_source)                                                                          \
  X(TRANS_CONSTANT_SPEED, "Mechanics.Translational.Sources.ConstantSpeed", flange_position_t)     \
  X(TRANS_FORCE_SENSOR, "Mechanics.Translational.Sensors.ForceSensor", flow_sensor)               \
  X(TRANS_POWER_SENSOR, "Mechanics.Translational.Sensors.PowerSensor", flow_sensor)               \
  X(TRANS_MULTI_SENSOR, "Mechanics.Translational.Sensors.MultiSensor", flow_sensor)               \
  X(TRANS_POSITION_SENSOR, "Mechanics.Translational.Sensors.PositionSensor", flange_sensor)       \
  X(TRANS_SPEED_SENSOR, "Mechanics.Translational.Sensors.SpeedSensor", flange_sensor)             \
  X(TRANS_ACC_SENSOR, "Mechanics.Translational.Sensors.AccSensor", flange_sensor)                 \
  X(TRANS_REL_POSITION_SENSOR, "Mechanics.Translational.Sensors.RelPositionSensor",               \
    flange_rel_sensor)                                                                            \
  X(TRANS_REL_SPEED_SENSOR, "Mechanics.Translational.Sensors.RelSpeedSensor", flange_rel_sensor)  \
  X(TRANS_REL_ACC_SENSOR, "Mechanics.Translational.Sensors.RelAccSensor", flange_rel_sensor)      \
  X(ROUTING_PASS, "Blocks.Routing.RealPassThrough", routing)                                    \
  X(ROUTING_REPLICATOR, "Blocks.Routing.Replicator", routing)                                     \
  X(ROUTING_MUX2, "Blocks.Routing.Multiplex2", routing)                                       \
  X(ROUTING_DEMUX2, "Blocks.Routing.DeMultiplex2", routing)                                   \
  X(ROUTING_MUX3, "Blocks.Routing.Multiplex3", routing)                                       \
  X(ROUTING_DEMUX3, "Blocks.Routing.DeMultiplex3", routing)                                   \
  X(ROUTING_MUX4, "Blocks.Routing.Multiplex4", routing)                                       \
  X(ROUTING_DEMUX4, "Blocks.Routing.DeMultiplex4", routing)                                   \
  X(ROUTING_MUX5, "Blocks.Routing.Multiplex5", routing)                                       \
  X(ROUTING_DEMUX5, "Blocks.Routing.DeMultiplex5", routing)                                   \
  X(ROUTING_MUX6, "Blocks.Routing.Multiplex6", routing)                                       \
  X(ROUTING_DEMUX6, "Blocks.Routing.DeMultiplex6", routing)                                   \
  X(CONSTANT, "Blocks.Sources.Constant", block)                                                   \
  X(STEP, "Blocks.Sources.Step", block)                                                           \
  X(RAMP, "Blocks.Sources.Ramp", block)                                                           \
  X(SINE, "Blocks.Sources.Sine", block)                                                           \
  X(COSINE, "Blocks.Sources.Cosine", block)                                                       \
  X(CLOCK, "Blocks.Sources.ContinuousClock", block)                                               \
  X(KINEMATIC_PTP, "Blocks.Sources.KinematicPTP", kinematic_ptp)                                  \
  X(DER, "Blocks.Continuous.Der", der_block)                                                      \
  X(EXP_SINE, "Blocks.Sources.ExpSine", block)                                                    \
  X(EXPONENTIALS, "Blocks.Sources.Exponentials", block)                                           \
  X(PULSE, "Blocks.Sources.Pulse", block)                                                         \
  X(SAW_TOOTH, "Blocks.Sources.SawTooth", block)                                                  \
  X(TRAPEZOID, "Blocks.Sources.Trapezoid", block)                                                 \
  X(COMBI_TIME_TABLE, "Blocks.Sources.CombiTimeTable", combi_time_table)                          \
  X(TIME_TABLE, "Blocks.Sources.TimeTable", combi_time_table)                                     \
  X(GAIN, "Blocks.Math.Gain", block)                                                              \
  X(ADD, "Blocks.Math.Add", block)                                                                \
  X(ADD3, "Blocks.Math.Add3", block)                                                              \
  X(FEEDBACK, "Blocks.Math.Feedback", block)                                                      \
  X(PRODUCT, "Blocks.Math.Product", block)                                                        \
  X(LIMITER, "Blocks.Nonlinear.Limiter", block)                                                   \
  X(MATH_SUM, "Blocks.Math.Sum", block)                                                           \
  X(MATH_MULTI_SUM, "Blocks.Math.MultiSum", block)                                                \
  X(MATH_DIVISION, "Blocks.Math.Division", block)                                                 \
  X(MATH_ABS, "Blocks.Math.Abs", block)                                                           \
  X(MATH_SIGN, "Blocks.Math.Sign", block)                                                         \
  X(MATH_SQRT, "Blocks.Math.Sqrt", block)                                                         \
  X(MATH_SIN, "Blocks.Math.Sin", block)                                                           \
  X(MATH_COS, "Blocks.Math.Cos", block)                                                           \
  X(MATH_TAN, "Blocks.Math.Tan", block)                                                           \
  X(MATH_ATAN2, "Blocks.Math.Atan2", block)                                                       \
  X(MATH_EXP, "Blocks.Math.Exp", block)                                                           \
  X(MATH_MAX, "Blocks.Math.Max", block)                                                           \
  X(MATH_MIN, "Blocks.Math.Min", block)                                                           \
  X(CRITICAL_DAMPING, "Blocks.Continuous.CriticalDamping", critical_damping)                      \
  X(TRANSFER_FUNCTION, "Blocks.Continuous.TransferFunction", transfer_function)                   \
  X(STATE_SPACE, "Blocks.Continuous.StateSpace", state_space)                                     \
  X(FILTER, "Blocks.Continuous.Filter", filter)                                                   \
  X(INTEGRATOR, "Blocks.Continuous.Integrator", integrator)                                       \
  X(DERIVATIVE, "Blocks.Continuous.Derivative", derivative)                                       \
  X(FIRST_ORDER, "Blocks.Continuous.FirstOrder", first_order)                                     \
  X(SECOND_ORDER, "Blocks.Continuous.SecondOrder", second_order)                                  \
  /* users' components extending these partials, stated in equations (mech_user.c) */             \
  X(USER_LINE_FORCE, "Mechanics.MultiBody.Interfaces.PartialLineForce", user_frames)              \
  X(USER_FORCE, "Mechanics.MultiBody.Interfaces.PartialForce", user_frames)                       \
  X(USER_TRANS_COMPLIANT, "Mechanics.Translational.Interfaces.PartialCompliant", user_compliant)  \
  X(USER_TRANS_RELATIVE, "Mechanics.Translational.Interfaces.PartialCompliantWithRelativeStates", \
    user_compliant)                                                                               \
  X(USER_ROT_COMPLIANT, "Mechanics.Rotational.Interfaces.PartialCompliant", user_compliant)       \
  X(USER_ROT_RELATIVE, "Mechanics.Rotational.Interfaces.PartialCompliantWithRelativeStates",      \
    user_compliant)                                                                               \
  X(USER_TWO_FRAMES, "Mechanics.MultiBody.Interfaces.PartialTwoFrames", user_frames)              \
  X(USER_ONE_FRAME_A, "Mechanics.MultiBody.Interfaces.PartialOneFrame_a", user_frames)            \
  X(USER_ONE_FRAME_B, "Mechanics.MultiBody.Interfaces.PartialOneFrame_b", user_frames)            \
  X(USER_ROT_TWO_FLANGES, "Mechanics.Rotational.Interfaces.PartialTwoFlanges", user_two_flanges)  \
  X(USER_TRANS_TWO_FLANGES, "Mechanics.Translational.Interfaces.PartialTwoFlanges",               \
    user_two_flanges)                                                                             \
  X(USER_ROT_TORQUE, "Mechanics.Rotational.Interfaces.PartialTorque", user_source)                \
  X(USER_TRANS_FORCE, "Mechanics.Translational.Interfaces.PartialForce", user_source)             \
  X(USER_BLOCK_SISO, "Blocks.Interfaces.SISO", user_block)                                        \
  X(USER_BLOCK_SI2SO, "Blocks.Interfaces.SI2SO", user_block)                                      \
  X(USER_BLOCK_SO, "Blocks.Interfaces.SO", user_block)                                            \
  X(OTHER_BLOCK, "Blocks.", other_block) /* any other block: outputs only */                      \
  X(OTHER_VISUALIZER, "Mechanics.MultiBody.Visualizers.", visualizer) /* any shape: no effect */

#define MBE_MECH_KIND_ENUM_(k, name, desc) MBE_MC_##k,
typedef enum MbeMechKind { MBE_MECH_CLASS_LIST(MBE_MECH_KIND_ENUM_) MBE_MC_COUNT } MbeMechKind;
#undef MBE_MECH_KIND_ENUM_

enum { MBE_MECH_MAX_CUT_ROWS = 6 };

// how a component joins the mechanism
typedef enum MbeMechRole {
  MBE_ROLE_NONE,        // outputs only (a block the simulator does not compute)
  MBE_ROLE_GROUND,      // World, Fixed: its frame_b hangs on the ground
  MBE_ROLE_BODY,        // mass at its frame_a (with a rigid offset to frame_b for the shapes)
  MBE_ROLE_JOINT,       // elementary edges between frame_a and frame_b, or rigid ones
  MBE_ROLE_CUT_JOINT,   // a loop-closing joint: constraints between its frames, never a branch
  MBE_ROLE_ASSEMBLY,    // branches from frame_b whose coordinate a constraint to frame_a decides
  MBE_ROLE_FORCE,       // wrenches at its frames from their motion and its inputs
  MBE_ROLE_LINE_FORCE,  // a force along the line between its frame origins
  MBE_ROLE_CUT_SENSOR,  // an identity branch whose cut wrench is the measurement
  MBE_ROLE_SENSOR,      // measures its frames' motion, exerts nothing
  MBE_ROLE_VISUALIZER,  // no effect on the motion
  MBE_ROLE_FLANGE,      // a 1-D element on joint axes and their supports
  MBE_ROLE_BLOCK,       // a signal block whose output the simulator computes
  MBE_ROLE_USER,        // a user's model extending one of the partials (mech_user.c)
} MbeMechRole;

// One class (or a family of classes that share their code; the hooks tell them apart by
// comp->kind). Every hook is optional and runs once per component of the class, in the
// components' order, at its place in mbe_system_build:
//   build -> build_all -> tree, layout -> axes -> load -> loaded -> forces -> equations ->
//   outputs; block whenever an input reads the block's output.
typedef struct MbeMechClass {
  MbeMechRole role;
  // names of its 1-D connectors: [0] axis or flange_a, [1] support, flange_b or flange (a
  // missing "flange" falls back to flange_b), [2] a source's support; NULL entries: flange_a,
  // flange_b, none
  const char* flange[3];
  bool rigid;   // a 1-D element whose flange_a and flange_b move together (Inertia, Mass)
  int nstates;  // first-order states of its own, after the mechanism's
  const char* state_name[2];  // their names below the component ("s_damper")
  // or as many as it says, named state_vector[1] ... (CriticalDamping's n states x[1..n])
  int (*nstates_of)(MbeMech* m, int c);
  const char* state_vector;
  // its bodies, edges (in the order they chain from frame_a to frame_b) and point marks
  MbeStatus (*build)(MbeMech* m, int c);
  // once per table line after every component's build (edges that depend on the others')
  MbeStatus (*build_all)(MbeMech* m);
  // the position and speed of the flange sets it defines (a joint axis, a fixed flange)
  MbeStatus (*axes)(MbeMech* m, int c);
  // its torques/forces on its flange sets (acting on the element)
  MbeStatus (*load)(MbeMech* m, int c);
  // reads what its flange sets receive, once every load is known
  void (*loaded)(MbeMech* m, int c);
  // the cut wrenches at its frames (mechanism states known, accelerations not)
  MbeStatus (*forces)(MbeMech* m, int c);
  // its loads on points that no frame of the tree carries, for the outputs' Newton-Euler pass
  // (everything solved)
  MbeStatus (*loads)(MbeMech* m, int c);
  // its frames' cut wrenches the edges do not give, after the outputs' Newton-Euler pass
  MbeStatus (*wrenches)(MbeMech* m, int c);
  // its output signals (everything solved)
  MbeStatus (*outputs)(MbeMech* m, int c);
  // a cut joint's position constraints between its frames (kinematics known) into rows, *n of
  // them (at most MBE_MECH_MAX_CUT_ROWS)
  MbeStatus (*constraints)(MbeMech* m, int c, MbeMechCutRow* rows, int* n);
  // an assembly's or a driven joint's coordinates that its constraints decide, in closed form
  // (after the equations; mech_loops.c, close_assemblies)
  MbeStatus (*closed)(MbeMech* m, int c, MbeMechAsmForm* f);
  // first guesses for the host initialization's unknowns (the start values set, before it runs)
  MbeStatus (*guess)(MbeMech* m, int c);
  // its own states' start where they follow from the model's (after the loops are closed)
  MbeStatus (*start)(MbeMech* m, int c);
  // element elem of its output y, inputs followed at depth + 1
  MbeSymId (*block)(MbeMech* m, int c, int elem, int depth, MbeStatus* st);
  // element elem of its output var (flat index), where it has several (a MultiBody sensor)
  MbeSymId (*block_var)(MbeMech* m, int c, int var, int elem, int depth, MbeStatus* st);
} MbeMechClass;

#define MBE_MECH_CLASS_DECL_(k, name, desc) extern const MbeMechClass mbe_mc_##desc;
MBE_MECH_CLASS_LIST(MBE_MECH_CLASS_DECL_)
#undef MBE_MECH_CLASS_DECL_

// the descriptor of kind k, and the catalogue class name it stands for
const MbeMechClass* mbe_mech_class(MbeMechKind k);
const char* mbe_mech_class_name(MbeMechKind k);

#endif
