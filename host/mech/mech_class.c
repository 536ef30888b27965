// SPDX-License-Identifier: Apache-2.0
// The table of the classes mech implements (mech_class.h)
#include "mech_internal.h"

#define MBE_MECH_CLASS_PTR_(k, name, desc) &mbe_mc_##desc,
static const MbeMechClass* const classes[MBE_MC_COUNT] = {MBE_MECH_CLASS_LIST(MBE_MECH_CLASS_PTR_)};
#undef MBE_MECH_CLASS_PTR_

#define MBE_MECH_CLASS_NAME_(k, name, desc) name,
static const char* const names[MBE_MC_COUNT] = {MBE_MECH_CLASS_LIST(MBE_MECH_CLASS_NAME_)};
#undef MBE_MECH_CLASS_NAME_

const MbeMechClass* mbe_mech_class(MbeMechKind k) {
  return classes[k];
}

const char* mbe_mech_class_name(MbeMechKind k) {
  return names[k];
}
