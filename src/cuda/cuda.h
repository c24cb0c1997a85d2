/* cuda.h — internals shared by the CUDA emitter's files:
 *   layout.c     where each element of a tile lives (thread, register) and index expressions
 *   expr.c       scalar expressions: types, literals, arithmetic, math, conversions
 *   emit_cuda.c  statements: tiles, loads/stores, layout conversions, control flow
 *   reduce.c     reductions and scans across registers, lanes and warps
 *   dot.c        tl.dot through shared memory
 *   sort.c       sort and top-k, gather, histogram through shared memory
 *   atomic.c     tl.atomic_* as PTX atom instructions, once per element
 *   cuda_file.c  the file: prologue, kernel, launchers, header; the Target
 *   runtime.c    the sections of runtime/tc_cuda_kernel.h the file's text uses
 *   pipeline.c   the dot forms the target can take; operands loaded trips ahead (cu_prefetch)
 *   fp8.c        fp8 dots read their fp8 tiles (not the fp16 conversions sema wrote)
 *   order.c      a dot's B by its memory order: K-major loads take the tl.trans form
 *   plan.c       Target.prepare: cu_operand_order, cu_prefetch, then layouts, rings, operand staging, recorded
 *                on the IR (the records below) for the other files to print
 *
 * A program is one CTA of T = num_warps * 32 threads. A tile of shape S lives in S's
 * canonical layout: the row-major flat index space is cut into chunks of V elements that are
 * contiguous along the last dimension (V * element size = 16 bytes at most, so a chunk is one
 * vector load), chunk c belongs to thread c % T, register group c / T. Element e of a thread
 * (0 <= e < R * V) is flat index (e / V * T' + tid % T') * V + e % V, where T' = min(T, chunks):
 * a tile with fewer chunks than threads is replicated over the remaining threads. Every
 * coordinate is then a set of bits of e (known after unrolling) and of tid.
 *
 * Index tiles (arange, splat, broadcast, views and integer arithmetic on them) are never
 * stored: they are recomputed wherever a consumer needs them, in the consumer's layout. Other
 * tiles are arrays of per-thread registers; a consumer of another shape that needs one (a
 * loaded bias row broadcast over a 2D tile) gets a copy through shared memory. Scalars are
 * the same in every thread.
 */
#ifndef CUDA_H
#define CUDA_H
#include "tritonc.h"

#define MAXBITS 30

/* The canonical layout of a shape for T threads. */
typedef struct Lay {
  Shape s;
  int n;   /* elements */
  int V;   /* elements of a chunk, contiguous along the last dimension */
  int TC;  /* threads holding distinct chunks: min(T, n / V) */
  int R;   /* chunks per thread */
  int E;   /* elements per thread: R * V */
  int lv, ltc; /* log2 V, log2 TC */
  int T;   /* threads of the CTA */
  /* A layout other than the canonical one (the tensor cores' accumulator): flat bit p of an
   * element is bit map[p] of e, or bit map[p] - MAP_TID of tid; every thread holds distinct
   * elements. Unmapped layouts derive the bits from V and TC as above. */
  bool mapped;
  signed char map[MAXBITS];
  short wm, wn; /* mapped: the warps along M and N (wg: the warpgroups) */
  bool wg;      /* mapped: wgmma's accumulator (lay_wgmma), else mma.sync's */
  int rep;      /* mapped: tid bits that index no element (their threads hold copies) */
} Lay;
#define MAP_TID 32

/* Where the coordinates of an accessed value come from, for element e of a consumer whose
 * layout is L: coordinate bit k of dimension d is flat bit src[d][k] of L's element (or a
 * constant: BIT_ZERO / BIT_ONE), complemented when inv[d][k] (tl.flip). */
enum { BIT_ZERO = -1, BIT_ONE = -2 };
typedef struct Ix {
  Lay L;
  Shape s; /* the accessed value's shape */
  signed char src[MAXRANK][MAXBITS];
  unsigned char inv[MAXRANK][MAXBITS];
  int ezero; /* bits of e known to be 0 where the access is printed (a loop stepping by 2^k) */
} Ix;

/* ---- the plan (plan.c): what Target.prepare decides, recorded on the IR (Kernel.cu, Value.cu,
 * Op.cu); the emitter reads it and decides nothing of it again ---- */

#define MAX_AHEAD 7 /* trips a ring streams ahead at most */
#define MAX_RINGS 8 /* rings per kernel */
typedef struct Pipe Pipe;

/* Operands carried by the loop around their dots (cu_prefetch: the first D trips' tiles loaded
 * before the loop, trip k + D's at the end of trip k) live in a ring of S = D + 1 stages of
 * shared memory, each stage holding every such operand of the loop's dots: D fill while the dots
 * read one. The ring's region lies above whatever else the kernel keeps in shared memory while
 * the ring is live (from the first copy before the loop to the loop's end; its offset, known
 * then, is the define NAME_RINGi), so nothing else waits for it. */
typedef struct Ring {
  Op *loop;
  int id, D;          /* D trips ahead, D + 1 stages */
  int npipes, ndots;  /* the tiles of a stage; the dots that read them */
  long long stride;   /* bytes of one stage */
  long long pinned;   /* bytes after the stages: operands the same every trip */
  Vec pins;           /* Pipe *: those operands, staged once before the loop */
  Value *inflight;    /* the loop's result a deferred wgmma (CuOpPlan.defer_wait) still writes, or NULL */
  bool wait_after;    /* that wgmma's last group is waited for after the loop (plan.c, defer_wait) */
  bool halves;        /* that wgmma's dot converts an operand from the ring (Pipe.conv) into two
                         buffers of its own taken in turn, trip by trip: the group left running
                         reads one while the next trip writes the other */
} Ring;

/* One operand of a dot in a ring: streamed (its loads first[0..D) before the loop and `next`
 * in the body), or pinned (from outside the loop, staged once before it). */
struct Pipe {
  Op *dot;
  int operand;        /* 0: A; 1: B (or k of B = tl.trans(k)) */
  bool pin;
  Ring *r;
  Op *first[MAX_AHEAD], *next;
  long long off;      /* its tile's offset in a stage (pinned: after the stages) */
  Value *conv;        /* the operand x.to(fp16 or bf16) when the ring holds the 8-bit integer
                         tile x as it was loaded (cu_conv_src): the dot converts it where it
                         stages the operand, or NULL */
};

/* Value.cu (NULL: none of these) */
typedef struct CuValPlan {
  Lay *lay;           /* its layout when not its shape's canonical one: a tensor-core accumulator,
                         what carries or follows it elementwise, its row statistics */
  Op *stream_dot;     /* a load copied straight to shared memory (cp.async) for this dot; also the
                         loop-carried operand tiles of a ring, which have no registers */
  bool late;          /* such a load is issued at its dot, not where it stands */
  bool packed;        /* x.to(fp16 or bf16) only a tensor-core dot reads: converted where the dot
                         stages it, the cast prints nothing */
  bool conv;          /* x.to(fp16 or bf16) of an 8-bit integer tile x in a ring (Pipe.conv):
                         the dot converts x from the ring where it stages it, the cast prints
                         nothing */
} CuValPlan;

/* Op.cu (NULL: none of these) */
typedef struct CuOpPlan {
  Ring *ring;         /* O_FOR: the ring its dots' operands stream through */
  Pipe *pipe[2];      /* O_DOT: operand o streamed through a ring */
  Pipe *pin[2];       /* O_DOT: operand o staged once before the ring's loop */
  bool kmajor_b;      /* O_DOT: B = tl.trans(k) with k staged as it is, K-major */
  bool wide_nmajor;   /* O_DOT: a 32- or 8-bit B that streams, kept [K, N] as it comes */
  bool a_regs;        /* O_DOT: A's fragments taken from the registers that hold it */
  bool defer_wait;    /* O_DOT: a wgmma that waits for the group before instead of its own */
  bool own_rows;      /* O_DOT: A staged at the dot by the warpgroups that read it, B not: a
                         warpgroup barrier instead of the block's */
  Pipe *copy;         /* O_LOAD: the ring copy it is: of trip `trip` before the loop, */
  int trip;           /*   or (-1) the next trip's, in the body */
} CuOpPlan;

/* Kernel.cu */
typedef struct CuKernelPlan {
  int T;              /* threads per CTA */
  int chunk;          /* elements of a tile's chunk (one vector access): 16 bytes of the
                         narrowest element the kernel loads or stores */
  Vec rings;          /* Ring * */
} CuKernelPlan;

/* the printer's state of a ring (dot.c) */
typedef struct RingState {
  const char *stage, *base; /* C names: the stage the dots read; the region's offset */
  const char *half;   /* C name: which of the dots' own buffers this trip writes (Ring.halves) */
  int issued, seen;   /* copies of this trip issued; dots of this trip printed */
  bool waited;        /* the body waited for this trip's copies */
} RingState;

typedef struct CE {
  Buf *o;
  Kernel *k;
  const Options *opts;
  int T;       /* threads per CTA */
  int chunk;   /* elements of a chunk (CuKernelPlan.chunk) */
  int ind;
  int last_line;
  int ntemp;
  Names names;       /* C names taken */
  const char **cname; /* per value id: its C name */
  Op **user;       /* per value id: the op using a value used once (cu_find_users) */
  Vec convs;       /* Conv *: copies of tiles in another layout, valid in the current scope */
  Vec pulled;      /* Pulled *: named index values of the statement being built, as locals */
  int scope;       /* nesting depth of regions */
  long long smem;  /* bytes of shared memory the kernel needs */
  int smem_align;  /* its alignment: 1024 for wgmma operands (swizzle atoms), else 16 */
  Vec wg_helpers;  /* const char *: the wgmma helpers the kernel uses (dot.c), defined before it */
  RingState ring_at[MAX_RINGS]; /* per Ring.id: where its printing stands (dot.c) */
  Vec ring_defs;   /* const char *: "#define NAME_RINGi offset", written before the kernel */
  long long win[MAX_RINGS]; /* the shared memory used while each open ring is live */
  int nwin;
  bool uses_pid[3], uses_grid[3];
  Vec atomics;     /* const char *: definitions of the atomic helpers used (atomic.c) */
} CE;

/* runtime.c: the runtime sections text uses (and those they use), as bits in the header's
 * order; copies them */
unsigned long long cu_runtime_use(const char *text);
void cu_runtime_copy(Buf *o, unsigned long long use);

/* pipeline.c */
/* dot has the shape Hopper's warpgroup MMA takes at k's num_warps (fp16/bf16 -> fp32, or tf32
 * or fp8 with B = tl.trans(x), 2-D, whole 64-row blocks per warpgroup, K 64 or a multiple of 128 bytes,
 * each warpgroup's N a multiple of 64, N <= 256): the warpgroups along M and N in *gm, *gn
 * (either may be NULL). */
bool cu_dot_wgmma_shape(const Kernel *k, const Op *dot, int *gm, int *gn);
/* dot is a 2-D tensor-core product of 32- or 8-bit operands: tf32, fp8 -> fp32, or int8 -> int32 */
bool cu_dot_wide_mma(const Op *dot);
/* v, an operand of `dot`, is `tl.load(p, mask, other=0)` of a 2-D tile used once, read in
 * 16-byte vectors under one mask bit each (axis facts), of fp16/bf16 elements, or of the fp32,
 * fp8 or int8 ones of a cu_dot_wide_mma dot: a dot operand that can be copied straight to shared memory
 * (cp.async); its load, or NULL. cu_prefetch streams only such loads. */
Op *cu_cp_async_load(const Op *dot, Value *v, bool conv);
/* v = x.to(fp16 or bf16), an operand of a 16-bit tensor-core dot (or k of B = tl.trans(k)), of
 * an 8-bit integer tile x used once: x, which cu_cp_async_load(dot, x, true) may stream as it
 * is (the dot converts it where it stages it, CuValPlan.conv), or NULL */
Value *cu_conv_src(const Op *dot, Value *v);
/* the loads of each for loop's tl.dot operands issued num_stages - 1 trips ahead (IR rewritten;
 * the axis facts must be current, and are stale after it); false when -ns 1 leaves it alone */
bool cu_prefetch(Kernel *k);
/* fp8.c: dots of fp8 tiles that the tensor cores multiply read them, not their fp16
 * conversions; true when it rewrote one */
bool cu_fp8_operands(Kernel *k);
/* order.c: a dot's B loaded K-major without tl.trans -> tl.trans of the [N, K] load; true when
 * it rewrote one */
bool cu_operand_order(Kernel *k);

/* plan.c */
void cu_prepare(Kernel *k, const Options *opts); /* Target.prepare */
void cu_plan_note(FILE *out, const Kernel *k, const Op *op); /* Target.plan_note (--emit plan) */
/* the plan's records, read (never NULL: an empty record where nothing was decided) */
const CuValPlan *cu_vplan(const Value *v);
const CuOpPlan *cu_oplan(const Op *op);
/* the source of what a tensor-core dot stages for v: v, or k of v = tl.trans(k) (*tr), and the
 * layout it is read in */
Value *cu_stage_src(CE *E, Value *v, bool *tr, Lay *L);

/* layout.c */
Lay lay_of(CE *E, Shape s);
Lay lay_val(CE *E, Value *v);       /* where v's registers hold its elements */
Lay lay_mma(CE *E, Shape s, int wm, int wn); /* mma.sync's accumulator over wm x wn warps */
Lay lay_wgmma(CE *E, Shape s, int gm, int gn); /* wgmma's over gm x gn warpgroups */
/* the layout of a reduction of a value laid out as L along axis, left where the reduction
 * leaves it (each thread's partials, after the lanes' butterfly, in every lane): false when
 * warps hold parts of one result */
bool lay_slice(Lay L, int axis, Shape rs, Lay *out);
/* a condition selecting one thread per element of L ("tid < 64", "(tid & 3) == 0"), or NULL
 * when every thread holds distinct elements */
const char *lay_once(CE *E, Lay L);
/* the register index of the element ix reads of a value laid out as L, when that element is
 * in the reading thread (L a reduction's layout, lay_slice), else NULL */
const char *ix_local(Ix *ix, Lay *L);
bool lay_same(const Lay *a, const Lay *b);
const char *lay_key(const Lay *L);  /* distinguishes layouts in keys of copies */
void lay_bit_source(const Lay *L, int p, bool *is_tid, int *q); /* flat bit p: bit q of e or tid */
Ix ix_canon(Lay L);                 /* the consumer's own elements */
Ix ix_for(Lay L, Shape s);          /* s's canonical coordinates laid over L (same shape) */
bool ix_is_canon(Ix *ix, Lay *src); /* ix reads element e of a tile laid out as src */
const char *ix_coord(Ix *ix, int d); /* C expression of coordinate d (uses e and tid) */
const char *ix_flat(Ix *ix);         /* row-major flat index of the coordinates */
Ix ix_view(Op *op, Ix *out, int operand); /* the operand's coordinates for op's result at out */
const char *lay_comment(Lay L, DType t);

/* expr.c */
const char *cu_type(DType t, DType elt);  /* register type: fp16 held as float */
const char *cu_mem_type(DType t);         /* element type in memory: fp16 as uint16_t */
const char *cu_const(Op *op);
const char *cu_unary(Op *op, const char *a);
const char *cu_binary(CE *E, OpKind k, DType t, const char *a, const char *b);
const char *cu_op_binary(CE *E, const Op *op, DType t, const char *a, const char *b);
const char *cu_cast(DType from, DType to, const char *a);
const char *cu_cast_rtz(DType from, DType to, const char *a); /* CAST_RTZ from fp32 */
const char *cu_load_val(DType elt, const char *lvalue);
const char *cu_store_val(DType elt, const char *v);
const char *cu_round(DType t, const char *x);

/* emit_cuda.c */
void cline(CE *E, const char *f, ...) __attribute__((format(printf, 2, 3)));
void csrc(CE *E, Loc loc);
const char *cu_name(CE *E, Value *v);
const char *cu_unique(CE *E, const char *base);
bool cu_virtual(CE *E, Value *v);
const char *cu_access(CE *E, Value *v, Ix *ix);
const char *cu_access_array(CE *E, Value *v, Ix *ix); /* the register array of v's element e at ix, or NULL */
const char *cu_lane(const char *arr, const char *k, int count, int step); /* arr[e + k] in a loop */
const char *cu_operand(CE *E, Op *op, int i, Ix *ix); /* operand i of op at op's result's ix */
void cu_emit_asm(CE *E, Op *op); /* asm.c: tl.inline_asm_elementwise */
const char *cu_address(CE *E, Value *p, Ix *ix);      /* address of pointer tile p's element */
void cu_emit_block(CE *E, Block *b);
void cu_find_users(CE *E, Block *b); /* fills E->user */
void cu_smem_need(CE *E, long long bytes);
void cu_store_tile(CE *E, Value *v, const char *buf, Lay L); /* smem[flat] = v, every element */
/* for (e < count) { named index values of the statement; body } — body may be several lines */
void cu_loop(CE *E, int count, const char *body);
void cu_loop_step(CE *E, int count, int step, const char *body); /* e = 0, step, ... */

/* dot.c */
const char *cu_mma_kind(Op *op); /* the tensor-core form's operand type (f16 ...), or NULL */
/* op's shape takes the tensor-core form with operands of `bytes` bytes on `warps` warps: 2-D,
 * whole 16x16 tiles of the result, at least one per warp, 32 bytes of K per step */
bool cu_mma_shape(const Op *op, int bytes, int warps);
int cu_mma_bytes(Op *op);        /* bytes of one element of a tensor-core dot's operands */
/* bytes of operand o of a tensor-core dot in shared memory (nmajor: a 32-bit B kept [K, N]),
 * and the same rounded up to whole 1024-byte swizzle atoms */
long long cu_operand_bytes(Op *dot, int o, bool nmajor);
long long cu_tile_bytes(Op *dot, int o, bool nmajor);
void cu_emit_dot(CE *E, Op *op);
void cu_emit_async_load(CE *E, Op *op);
void cu_ring_start(CE *E, Op *loop); /* before a loop: its deferred wgmma's accumulator (dot.c) */
void cu_ring_end(CE *E, Op *loop); /* after a loop: place its ring (dot.c) */
void cu_once_open(CE *E, Lay L);   /* "if (one thread per element of L) {", when some hold copies */
void cu_once_close(CE *E, Lay L); /* a dot operand's tl.load as cp.async to shared memory */
/* atomic.c */
void cu_emit_atomic(CE *E, Op *op);
void cu_atomic_helpers(CE *E, Buf *o); /* the helpers' definitions, before the kernel */

/* reduce.c */
void cu_emit_reduce(CE *E, Op *op);
void cu_emit_scan(CE *E, Op *op);
void cu_emit_combine(CE *E, Op *op, const char **acc, const char **el, const char **dst);

/* sort.c */
void cu_emit_sort_op(CE *E, Op *op); /* tl.sort / tl.topk, tl.gather, tl.histogram */

#endif
