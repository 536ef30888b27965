// SPDX-License-Identifier: Apache-2.0
// The readable summary of a built system that `mbens check` prints after the flat model's: the
// states the simulator integrates with their start values, how the joint accelerations are
// solved, the kinematic loops (cut joints, constraints, the coordinates they decide), what the
// initialization solved, and the asserts checked per member during the run.
#include <stdio.h>
#include <string.h>

#include "mech.h"

MbeStatus mbe_system_print(const MbeSystem* sys, FILE* out, MbeError* err) {
  MbeStrbuf sb;
  mbe_strbuf_init(&sb);

  // the states, in the kernel's order, with the values they start from
  mbe_strbuf_printf(&sb, "\nstates the simulator integrates (%zu, with their start values):\n",
                    sys->nx);
  for (size_t i = 0; i < sys->nx; i++) {
    mbe_strbuf_printf(&sb, "  %-40s %.17g\n", sys->state_names[i], sys->x0[i]);
  }
  if (sys->nx == 0) {
    mbe_strbuf_puts(&sb, "  none: nothing moves\n");
  }
  if (sys->dynamics != NULL && sys->nx > 0) {
    mbe_strbuf_printf(&sb, "joint accelerations: %s\n",
                      strcmp(sys->dynamics, "aba") == 0
                          ? "articulated bodies (work linear in the tree's size)"
                          : "composite inertias (the mass matrix: loops, masses on line forces "
                            "or coupled gears join branches)");
  }

  if (sys->loops != NULL) {
    mbe_strbuf_puts(&sb, sys->loops);
  }
  // the nonlinear initialization, where the model asked for one
  if (sys->init_conditions > 0) {
    mbe_strbuf_printf(&sb, "initialization: %zu condition%s met in %d Newton step%s\n",
                      sys->init_conditions, sys->init_conditions == 1 ? "" : "s",
                      sys->init_iterations, sys->init_iterations == 1 ? "" : "s");
  }
  // the asserts the kernel checks (on variables, or on varied parameters)
  if (sys->nasserts > 0) {
    mbe_strbuf_printf(&sb, "asserts checked per member during the run (%zu):\n", sys->nasserts);
  }
  for (size_t i = 0; i < sys->nasserts; i++) {
    const MbeFlatAssert* a = sys->assert_src[i];
    const char* file = strrchr(a->loc.file, '/');
    mbe_strbuf_printf(&sb, "  %s:%d:%d%s: %s\n", file ? file + 1 : a->loc.file, a->loc.line,
                      a->loc.col, a->is_warning ? " (warning level)" : "", a->message);
  }
  MbeStatus st = MBE_OK;
  if (sb.is_oom) {
    st = mbe_error_set(err, MBE_ERR_NOMEM, "out of memory");
  } else if (sb.data && fputs(sb.data, out) == EOF) {
    st = mbe_error_set(err, MBE_ERR_IO, "cannot write the summary");
  }
  mbe_strbuf_deinit(&sb);
  return st;
}
