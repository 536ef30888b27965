// SPDX-License-Identifier: Apache-2.0
// MultiBody.Visualizers: no effect on the motion (zero cut wrenches at frame_a).
#include "mech_internal.h"

static MbeStatus visualizer_forces(MbeMech* m, int c) {
  MbeV3 z = mbe_v3_zero();
  mbe_mech_set_wrench(m, m->comps[c].frame_a, z, z);
  return MBE_OK;
}

const MbeMechClass mbe_mc_visualizer = {.role = MBE_ROLE_VISUALIZER, .forces = visualizer_forces};
