/* plan.h — the C target's plan (c/plan.c, Target.prepare): what it decided for one kernel,
 * read by the emitter files (emit_c.h) and printed by --emit plan. Nothing here prints C. */
#ifndef C_PLAN_H
#define C_PLAN_H
#include "tritonc.h"

/* One value's decisions, indexed by Value.id. */
typedef struct CVal {
  bool mat;   /* a tile stored to an array: something outside its group reads it */
  bool remat; /* cheap index math recomputed where it is used, never stored */
  bool pinv;  /* the same in every program of a launch (no program id, load, carried value) */
  /* a for loop's new value of a carried tile, written straight into the variable of the loop's
   * result `into` (`acc += x`, `acc = tl.dot(a, b, acc)`): no array of its own, no copy at the
   * yield; else NULL */
  Value *into;
  bool panel; /* a tl.dot result (into a carried tile) gathered in its K loop's panel: bf16
                 products (the tile unit's), fp32 ones of a large accumulator */
  bool panel_reads; /* and the loop writes no memory: the panel may read the first operand where
                       the product reads it in place when the panel is added, not copy it */
} CVal;

/* One fusion group: consecutive elementwise ops of one shape in one block, printed as one
 * loop nest. */
typedef struct CGroup {
  Block *b;
  int first, last; /* indices in b->ops of the group's first and last op */
  Vec reds;  /* the reductions computed in the group's loop (Op *, in block order) */
  /* when the group is printed as vector code: the load of a tl.dot's first operand the product
   * may read in place (a run-time check per program decides), else the load of its second
   * operand whose copy may be kept for the thread's next programs; or NULL */
  Op *in_place, *kept;
} CGroup;

typedef struct CPlan {
  CVal *val;       /* by Value.id */
  int nvals;
  CGroup *group;   /* by Op.group */
  int ngroups;
  /* launch traffic: bytes one program loads and stores (loops of unknown trip count counted
   * once, which clears bytes_exact), and what every program accesses alike, once per launch */
  long long bytes, shared_bytes;
  bool bytes_exact;
  bool atomics;    /* the kernel has atomics: no streaming stores (they are weakly ordered: an
                      atomic's release would not publish them) */
  bool keep_ok;    /* tiles may be kept across programs at all */
  /* tactics that have no Python line, all off under --plain (Options.plain) */
  bool plain;
  bool prefetch;   /* contiguous accesses prefetch the next program's (or loop trip's) data */
  bool stream;     /* whole-vector fp32 stores may stream past the caches (tc_nt_on) */
  bool rotate;     /* a fused reduction over a long loop keeps rotated partial accumulators */
  bool panel;      /* K-loop panels at all (CVal.panel says which tl.dot products take one) */
  Vec stored;      /* kernel arguments (Value *) the kernel stores through */
} CPlan;

/* c/plan.c */
void c_prepare(Kernel *k, const Options *opts); /* target_c.prepare */
void c_plan_note(FILE *out, const Kernel *k, const Op *op); /* target_c.plan_note */
const CVal *c_val(const Kernel *k, const Value *v);
bool is_view_op(const Op *op);     /* emits nothing: read through index expressions */
bool is_elementwise(const Op *op); /* may join a group */
Shape op_shape(const Op *op);      /* a store's tile shape, else its result's */
/* a scalar op the group around it may hold (it is printed before the group's loop) */
bool scalar_in_group(const Op *op, bool has_store);
/* the pointer a pointer tile is offset from (through ptradd, splat, broadcast): with
 * through_scalars the kernel argument even under scalar offsets, else the first scalar one */
Value *base_pointer(Value *p, bool through_scalars);
/* a tl.dot of bf16 operands into fp32: the tile unit's product (tc_dot_bf16, runtime section amx) */
bool bf16_dot(const Op *op);

#endif
