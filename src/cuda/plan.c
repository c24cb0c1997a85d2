/* plan.c — Target.prepare for CUDA (stage 5): the target's own rewriting of the IR, before the
 * emitter prints it.
 *
 * cu_prefetch (pipeline.c) loads the operands of a K loop's tensor-core dots trips ahead; it
 * reads the axis facts main.c computed (a load streams only in 16-byte vectors), and the loads
 * and index math it adds get theirs from a second pass_axis, as when it ran among the shared
 * passes. */
#include "cuda.h"

void cu_prepare(Kernel *k, const Options *opts) {
  (void)opts;
  if (cu_prefetch(k))
    pass_axis(k); /* the facts of the loads it moved and their index math */
}
