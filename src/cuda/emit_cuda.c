/* emit_cuda.c — tile IR -> the body of a CUDA kernel: one statement per op, in program order.
 *
 * A stored tile is an array of the thread's registers, filled by a fully unrolled loop over
 * its elements e (nvcc keeps such arrays in registers: every index is a constant after
 * unrolling). Index tiles are virtual: cu_access() recomputes them at the consumer's
 * coordinates. A stored tile read at coordinates that are not its own (a row broadcast over a
 * 2D tile, a transposed tile) is copied into the consumer's layout through shared memory. */
#include "cuda.h"

#include <stdlib.h>
#include <string.h>

static const char *const reserved[] = {
    "auto", "break", "case", "char", "const", "continue", "default", "do", "double", "else",
    "enum", "extern", "float", "for", "goto", "if", "inline", "int", "long", "register",
    "return", "short", "signed", "sizeof", "static", "struct", "switch", "typedef", "union",
    "unsigned", "void", "volatile", "while", "bool", "true", "false", "class", "new", "delete",
    "this", "template", "typename", "namespace", "operator", "private", "public", "protected",
    "virtual", "friend", "explicit", "mutable", "using", "try", "catch", "throw", "e", "tid",
    "lane", "warp", "tc_smem", "threadIdx", "blockIdx", "blockDim", "gridDim", "warpSize",
    "min", "max", "exp", "log", "sqrt", "fabs", "floor", "ceil", "pow", "fmin", "fmax", "fma",
    "erf", "tanh", "sin", "cos", "printf", "int8_t", "int16_t", "int32_t", "int64_t",
    "uint8_t", "uint16_t", "uint32_t", "uint64_t", "half", "nullptr", "asm",
    "s", "w", "k", "at", "line0", "take", NULL}; /* loop and temporary names of the emitter */

const char *cu_unique(CE *E, const char *base) {
  if (!strncmp(base, "tc_", 3) || !strncmp(base, "__", 2) || !strcmp(base, "_"))
    base = fmt("v%s", base); /* names CUDA or the runtime reserve (no candidate of base has them) */
  E->names.reserved = reserved;
  return names_unique(&E->names, base);
}

const char *cu_name(CE *E, Value *v) {
  if (!E->cname[v->id]) {
    const char *role = v->def && v->def->k == O_REDUCE ? "red" : v->def && v->def->k == O_SCAN ? "scan" : "t";
    E->cname[v->id] = v->name ? cu_unique(E, v->name) : cu_unique(E, fmt("%s%d", role, E->ntemp++));
  }
  return E->cname[v->id];
}

void cline(CE *E, const char *f, ...) {
  va_list ap;
  va_start(ap, f);
  buf_vline(E->o, E->ind, f, ap);
  va_end(ap);
}

/* The Python line an op came from, once per line change. */
void csrc(CE *E, Loc loc) {
  if (!loc.line || loc.line == E->last_line)
    return;
  E->last_line = loc.line;
  const char *c = source_comment(loc);
  if (c)
    cline(E, "%s", c);
}

void cu_smem_need(CE *E, long long bytes) {
  if (bytes > E->smem)
    E->smem = bytes;
  for (int i = 0; i < E->nwin; i++)
    if (bytes > E->win[i])
      E->win[i] = bytes;
}

/* ---- virtual values: recomputed where they are used ---- */

static bool index_math(Op *op) {
  int c = op_class[op->k];
  if (c != K_UNARY && c != K_BINARY && c != K_CMP && c != K_TERNARY)
    return false;
  DType t = op->out[0]->dt;
  if (!(dt_is_int(t) || t == DT_PTR))
    return false;
  for (int i = 0; i < op->nin; i++)
    if (dt_is_float(op->in[i]->dt))
      return false;
  return true;
}

/* Index tiles and views are recomputed at each use, never stored. */
bool cu_virtual(CE *E, Value *v) {
  Op *d = v->def;
  if (!d)
    return false;
  if (v->sh.rank == 0)
    return d->k == O_CONST;
  switch (d->k) {
  case O_ARANGE: case O_SPLAT: case O_BROADCAST: case O_RESHAPE: case O_PERMUTE: case O_FLIP:
  case O_SPLIT: case O_JOIN: case O_CAT:
    return true;
  default:
    break;
  }
  if (!index_math(d))
    return false;
  for (int i = 0; i < d->nin; i++)
    if (d->in[i]->sh.rank && !cu_virtual(E, d->in[i]))
      return false;
  return true;
}

/* Code that must act once per element of L (a store, a copy to shared memory): only the
 * threads holding distinct elements (lay_once), the others hold copies. */
void cu_once_open(CE *E, Lay L) {
  const char *c = lay_once(E, L);
  if (c) {
    cline(E, "if (%s) { /* the other threads hold copies */", c);
    E->ind++;
  }
}

void cu_once_close(CE *E, Lay L) {
  if (lay_once(E, L)) {
    E->ind--;
    cline(E, "}");
  }
}

/* ---- layout conversions through shared memory ---- */

typedef struct Conv {
  Value *v;
  const char *key, *name;
  int scope;
} Conv;

/* smem[flat index] = v, by the threads holding distinct elements. */
void cu_store_tile(CE *E, Value *v, const char *buf, Lay L) {
  Ix c = ix_canon(L);
  const char *once = lay_once(E, L);
  const char *guard = once ? fmt("if (%s) ", once) : "";
  const char *x = cu_access(E, v, &c);
  if (*guard)
    cline(E, "%s{", guard);
  E->ind += *guard != 0;
  cu_loop(E, L.E, fmt("%s[%s] = %s;", buf, ix_flat(&c), x));
  E->ind -= *guard != 0;
  if (*guard)
    cline(E, "}");
}

/* v's copy in the layout of ix_use, through shared memory: the name of the register array
 * holding it (element e at ix's canonical index), or of the one value (ix of rank 0); *scalar
 * says which. */
static const char *convert(CE *E, Value *v, Ix *ix_use, bool *scalar_out) {
  Lay src = lay_val(E, v);
  /* the copy is read back by a loop of its own over every element: no bit of e is known to be 0
   * there, whatever the loop of the access that asks for it steps by (a vector store's) */
  Ix full = *ix_use, *ix = &full;
  full.ezero = 0;
  const char *flat = ix_flat(ix);
  const char *key = fmt("%s:%s", lay_key(&ix->L), flat);
  for (int i = 0; i < E->convs.n; i++) {
    Conv *c = E->convs.v[i];
    if (c->v == v && !strcmp(c->key, key)) {
      *scalar_out = !ix->L.s.rank;
      return c->name;
    }
  }
  Vec outer = E->pulled; /* the statement being built keeps its locals; this copy has its own */
  E->pulled = (Vec){0};
  const char *ty = cu_type(v->dt, v->elt);
  const char *name = cu_unique(E, fmt("%s_%s", cu_name(E, v), ix->L.s.rank == 2 ? fmt("%dx%d", ix->L.s.d[0], ix->L.s.d[1]) : "re"));
  const char *buf = fmt("((%s*)tc_smem)", ty);
  cu_smem_need(E, (long long)src.n * (v->dt == DT_F64 || v->dt == DT_PTR || dt_bits(v->dt) == 64 ? 8 : 4));
  bool scalar = ix->L.s.rank == 0; /* one element of the tile, in every thread (tl.split to scalars) */
  if (scalar)
    cline(E, "/* %s's element %s, in every thread: through shared memory */", cu_name(E, v), flat);
  else
    cline(E, "/* %s as laid out for %s: through shared memory */", cu_name(E, v), shape_str(ix->L.s));
  if (!scalar)
    cline(E, "%s %s[%d];", ty, name, ix->L.E);
  cu_store_tile(E, v, buf, src);
  cline(E, "__syncthreads();");
  if (scalar)
    cline(E, "const %s %s = %s[%s];", ty, name, buf, flat);
  else
    cu_loop(E, ix->L.E, fmt("%s[e] = %s[%s];", name, buf, flat));
  cline(E, "__syncthreads();");
  E->pulled = outer;
  Conv *c = arena_alloc(sizeof *c);
  *c = (Conv){v, key, name, E->scope};
  vec_push(&E->convs, c);
  *scalar_out = scalar;
  return name;
}

/* ---- access: v's element at the coordinates ix ---- */

static const char *access_op(CE *E, Op *op, Ix *ix);

/* A named index value (offsets, mask) becomes a local of the statement's element loop, under
 * its Python name, computed before the statement from the values it needs. */
typedef struct Pulled {
  Value *v;
  const char *key, *name, *expr;
} Pulled;

static const char *pull(CE *E, Value *v, Ix *ix) {
  const char *key = fmt("%s:%s", lay_key(&ix->L), ix_flat(ix));
  int same = 0;
  for (int i = 0; i < E->pulled.n; i++) {
    Pulled *p = E->pulled.v[i];
    if (p->v == v && !strcmp(p->key, key))
      return p->name;
    same += p->v == v;
  }
  const char *x = access_op(E, v->def, ix);
  Pulled *p = arena_alloc(sizeof *p);
  *p = (Pulled){v, key, same ? fmt("%s_%d", cu_name(E, v), same) : cu_name(E, v), x};
  vec_push(&E->pulled, p);
  return p->name;
}

void cu_loop(CE *E, int count, const char *body) { cu_loop_step(E, count, 1, body); }

/* each_ident's callback: text up to the identifier, and 0 for the loop variable e */
typedef struct Subst {
  Buf *o;
  const char *from;
} Subst;

static void subst_e(void *ctx, const char *id, size_t len) {
  Subst *c = ctx;
  if (len != 1 || *id != 'e')
    return;
  buf_printf(c->o, "%.*s0", (int)(id - c->from), c->from);
  c->from = id + 1;
}

/* The loop's one trip, e = 0, as a block (or the one statement): e is a name of the emitter
 * alone (never a kernel's, see reserved), so each e in the text is the loop's. */
static void one_trip(CE *E, const char *body, bool brace) {
  Buf t = {0};
  for (int i = 0; i < E->pulled.n; i++) {
    Pulled *p = E->pulled.v[i];
    const char *ty = cu_type(p->v->dt, p->v->elt);
    buf_printf(&t, p->v->dt == DT_PTR ? "%sconst %s = %s;\n" : "const %s %s = %s;\n", ty, p->name, p->expr);
  }
  E->pulled.n = 0;
  buf_printf(&t, "%s", body);
  Buf o = {0};
  Subst c = {&o, t.s};
  each_ident(t.s, t.n, subst_e, &c);
  buf_printf(&o, "%s", c.from);
  buf_free(&t);
  if (brace)
    cline(E, "{");
  E->ind += brace;
  for (const char *s = o.s; *s;) {
    const char *nl = strchr(s, '\n');
    int len = nl ? (int)(nl - s) : (int)strlen(s);
    cline(E, "%.*s", len, s);
    s += len + (nl != NULL);
  }
  E->ind -= brace;
  if (brace)
    cline(E, "}");
  buf_free(&o);
}

void cu_loop_step(CE *E, int count, int step, const char *body) {
  bool brace = E->pulled.n > 0 || strchr(body, '\n');
  if (count == step) {
    one_trip(E, body, brace);
    return;
  }
  if (count / step > 256) /* a tile past the register budget, in local memory: unrolled fully,
                           * it would only make the code (and nvcc's time) huge */
    cline(E, "#pragma unroll 4");
  else
    cline(E, "#pragma unroll");
  if (step == 1)
    cline(E, "for (int e = 0; e < %d; ++e)%s", count, brace ? " {" : "");
  else
    cline(E, "for (int e = 0; e < %d; e += %d)%s", count, step, brace ? " {" : "");
  E->ind++;
  for (int i = 0; i < E->pulled.n; i++) {
    Pulled *p = E->pulled.v[i];
    const char *ty = cu_type(p->v->dt, p->v->elt);
    cline(E, p->v->dt == DT_PTR ? "%sconst %s = %s;" : "const %s %s = %s;", ty, p->name, p->expr);
  }
  E->pulled.n = 0;
  for (const char *s = body; *s;) {
    const char *nl = strchr(s, '\n');
    int len = nl ? (int)(nl - s) : (int)strlen(s);
    cline(E, "%.*s", len, s);
    s += len + (nl != NULL);
  }
  E->ind--;
  if (brace)
    cline(E, "}");
}

const char *cu_access(CE *E, Value *v, Ix *ix) {
  if (v->sh.rank == 0) {
    if (v->def && v->def->k == O_CONST)
      return cu_const(v->def);
    return cu_name(E, v);
  }
  if (cu_virtual(E, v))
    return v->name ? pull(E, v, ix) : access_op(E, v->def, ix);
  Lay L = lay_val(E, v);
  if (ix_is_canon(ix, &L))
    return fmt("%s[e]", cu_name(E, v));
  const char *local = ix_local(ix, &L); /* a row statistic read across its row: in the thread */
  if (local)
    return fmt("%s[%s]", cu_name(E, v), local);
  bool scalar;
  const char *c = convert(E, v, ix, &scalar);
  return scalar ? c : fmt("%s[e]", c);
}

/* The register array whose element e is v's element at ix, or NULL: the tile's own registers (at
 * its layout's canonical index), its copy in ix's layout (convert), or the array of the tile an
 * unnamed view reads (a broadcast, reshape, permute, flip or split of it). NULL when the element
 * is computed (index math, a load, a named value pulled into the loop) or read across a row. */
const char *cu_access_array(CE *E, Value *v, Ix *ix) {
  if (v->sh.rank == 0)
    return NULL;
  if (cu_virtual(E, v)) {
    Op *d = v->def;
    if (v->name || !d)
      return NULL;
    switch (d->k) {
    case O_BROADCAST: case O_RESHAPE: case O_PERMUTE: case O_FLIP: case O_SPLIT: {
      Ix in = ix_view(d, ix, 0);
      return cu_access_array(E, d->in[0], &in);
    }
    default: return NULL;
    }
  }
  Lay L = lay_val(E, v);
  if (ix_is_canon(ix, &L))
    return cu_name(E, v);
  if (ix_local(ix, &L))
    return NULL;
  bool scalar;
  const char *c = convert(E, v, ix, &scalar);
  return scalar ? NULL : c;
}

const char *cu_operand(CE *E, Op *op, int i, Ix *ix) {
  Ix in = ix_view(op, ix, i);
  return cu_access(E, op->in[i], &in);
}

/* `base[off]` for a pointer made by ptradd, `*p` otherwise */
static const char *deref(CE *E, Value *p, Ix *ix) {
  Op *d = p->def;
  if (d && d->k == O_PTRADD && p->sh.rank > 0 && cu_virtual(E, p))
    return fmt("%s[%s]", cu_operand(E, d, 0, ix), cu_operand(E, d, 1, ix));
  return fmt("*%s", cu_access(E, p, ix));
}

static const char *zero_of(DType t) {
  return t == DT_I1 ? "false" : t == DT_F64 ? "0.0" : dt_is_float(t) ? "0.0f" : "0";
}

/* One element of op's result at ix. */
static const char *access_op(CE *E, Op *op, Ix *ix) {
  Value *r = op->out[0];
  switch (op->k) {
  case O_CONST: return cu_const(op);
  case O_ARANGE: {
    const char *c = ix_coord(ix, 0);
    return op->ival ? fmt("(%lld + %s)", (long long)op->ival, c) : c;
  }
  case O_SPLAT: case O_BROADCAST: case O_RESHAPE: case O_PERMUTE: case O_FLIP: case O_SPLIT:
    return cu_operand(E, op, 0, ix);
  case O_JOIN:
    return fmt("(%s ? %s : %s)", ix_coord(ix, r->sh.rank - 1), cu_operand(E, op, 1, ix), cu_operand(E, op, 0, ix));
  case O_CAT:
    return fmt("(%s >= %d ? %s : %s)", ix_coord(ix, 0), r->sh.d[0] / 2, cu_operand(E, op, 1, ix),
               cu_operand(E, op, 0, ix));
  case O_LOAD: {
    const char *p = cu_load_val(r->dt, deref(E, op->in[0], ix));
    if (op->nin == 1)
      return p;
    return fmt("(%s ? %s : %s)", cu_operand(E, op, 1, ix), p, op->nin > 2 ? cu_operand(E, op, 2, ix) : zero_of(r->dt));
  }
  case O_SELECT:
    return fmt("(%s ? %s : %s)", cu_operand(E, op, 0, ix), cu_operand(E, op, 1, ix), cu_operand(E, op, 2, ix));
  case O_FMA: {
    DType t = r->dt;
    return cu_round(t, fmt("fma%s(%s, %s, %s)", t == DT_F64 ? "" : "f", cu_operand(E, op, 0, ix),
                              cu_operand(E, op, 1, ix), cu_operand(E, op, 2, ix)));
  }
  default:
    break;
  }
  int c = op_class[op->k];
  if (c == K_UNARY)
    return cu_unary(op, cu_operand(E, op, 0, ix));
  if (op->k == O_DIV && (op->flags & 1) && (op->in[0]->dt == DT_F32 || op->in[0]->dt == DT_F16 ||
                                            op->in[0]->dt == DT_BF16)) /* div_rn: IEEE division */
    return cu_round(op->in[0]->dt, fmt("__fdiv_rn(%s, %s)", cu_operand(E, op, 0, ix), cu_operand(E, op, 1, ix)));
  if (c == K_BINARY || c == K_CMP)
    return cu_op_binary(E, op, op->in[0]->dt, cu_operand(E, op, 0, ix), cu_operand(E, op, 1, ix));
  error_at(op->loc, "%s is not supported by the CUDA target yet", op_names[op->k]);
}

/* ---- statements ---- */

static const char *decl(CE *E, Value *v) {
  if (v->sh.rank == 0)
    return fmt("%s %s", cu_type(v->dt, v->elt), cu_name(E, v));
  Lay L = lay_val(E, v);
  return fmt("%s %s[%d]", cu_type(v->dt, v->elt), cu_name(E, v), L.E);
}

static void check_budget(CE *E, Value *v, Loc loc) {
  Lay L = lay_of(E, v->sh);
  int bytes = L.E * (dt_bits(v->dt) == 64 || v->dt == DT_PTR ? 8 : 4);
  /* Past 1 KiB the array lives in local memory (ptxas spills, slowly; Triton's kernels spill
   * too). Past 16 KiB per tile the stack is unreasonable: the driver reserves a thread's stack
   * for every thread the GPU holds at once (an H100: 2048 x 132), 4.4 GB per 16 KiB. */
  if (bytes > 16384)
    error_at(loc, "a %s tile of %s needs %d 32-bit values per thread with %d warps; the CUDA target "
             "keeps a tile in each thread's registers (local memory past 255) and allows 4096 (use "
             "more warps or smaller blocks)",
             dt_name(v->dt, v->elt), shape_str(v->sh), bytes / 4, E->T / 32);
}

/* ---- vector memory access ---- */

/* Elements per access of a load or store laid out as L, as Triton vectorises it (the axis
 * facts: contiguity, divisibility, the mask's constancy; 16 bytes at most), within a chunk of
 * L; 1 when the access stays scalar. A load's `other` must be one value per access, a stored
 * value a tile in registers. */
static int vec_width(CE *E, Op *op, Lay L) {
  Value *p = op->in[0];
  int mi = op->k == O_LOAD ? 1 : 2;
  Value *m = op->nin > mi ? op->in[mi] : NULL;
  int w = ax_vec_width(p, m);
  if (w > L.V)
    w = L.V;
  int last = p->sh.rank - 1;
  if (op->k == O_LOAD && op->nin > 2 && op->in[2]->sh.rank)
    w = pow2_floor(w < op->in[2]->ax.consta[last] ? w : op->in[2]->ax.consta[last]);
  if (op->k == O_STORE && cu_virtual(E, op->in[1]))
    return 1;
  return w;
}

/* Element k of the group of elements of register array arr that starts at e, in a loop of
 * count elements stepping by step: arr[e + k], or arr[k] when the loop has one trip (e is 0). */
const char *cu_lane(const char *arr, const char *k, int count, int step) {
  return count == step ? fmt("%s[%s]", arr, k) : fmt("%s[e + %s]", arr, k);
}

/* the address of the access at the group's first element */
const char *cu_address(CE *E, Value *p, Ix *ix) {
  const char *d = deref(E, p, ix);
  return d[0] == '*' ? d + 1 : fmt("&%s", d);
}

// x = tl.load(ptr, mask, other) as loads of W elements: tc_ldv returns zeros where masked off
static void emit_vec_load(CE *E, Value *v, Op *op, Lay L, int W) {
  Ix ix = ix_canon(L);
  ix.ezero = W - 1; /* e steps by W */
  Value *r = op->out[0];
  const char *m = op->nin > 1 ? cu_operand(E, op, 1, &ix) : NULL;
  const char *other = op->nin > 2 ? cu_operand(E, op, 2, &ix) : zero_of(r->dt);
  const char *addr = cu_address(E, op->in[0], &ix);
  const char *val = cu_load_val(r->dt, "tc_v.a[k]");
  cline(E, "%s; /* %s */", decl(E, v), lay_comment(L, v->dt));
  const char *body =
      fmt("const tc_pack<%d, %s> tc_v = tc_ldv<%d>(%s%s%s);\n#pragma unroll\nfor (int k = 0; k < %d; ++k)\n"
          "  %s = %s;",
          W, cu_mem_type(op->in[0]->elt), W, addr, m ? ", " : ", true", m ? m : "", W,
          cu_lane(cu_name(E, v), "k", L.E, W), m ? fmt("%s ? %s : %s", m, val, other) : val);
  cu_loop_step(E, L.E, W, body);
}

// tl.store(ptr, value, mask) as stores of W elements: the body of the loop over count elements
/* (vec_width asks for a stored value in a register array) */
static const char *vec_store_body(CE *E, Op *op, Ix *ix, int W, int count) {
  Value *p = op->in[0];
  Ix in = ix_view(op, ix, 1);
  const char *arr = cu_access_array(E, op->in[1], &in);
  if (!arr)
    die("internal: the stored value %%%d is not a register tile", op->in[1]->id);
  const char *x = cu_lane(arr, "k", count, W);
  const char *m = op->nin > 2 ? cu_operand(E, op, 2, ix) : NULL;
  const char *addr = cu_address(E, p, ix);
  return fmt("tc_pack<%d, %s> tc_v;\n#pragma unroll\nfor (int k = 0; k < %d; ++k)\n  tc_v.a[k] = %s;\n"
             "%stc_stv(%s, tc_v);",
             W, cu_mem_type(p->elt), W, cu_store_val(p->elt, x), m ? fmt("if (%s)\n  ", m) : "", addr);
}

/* v = its op's value at every element of v's layout */
static void emit_tile(CE *E, Value *v) {
  Op *op = v->def;
  check_budget(E, v, op->loc);
  Lay L = lay_val(E, v);
  Ix ix = ix_canon(L);
  int W = op->k == O_LOAD ? vec_width(E, op, L) : 1;
  if (W > 1) {
    emit_vec_load(E, v, op, L, W);
    return;
  }
  const char *x = access_op(E, op, &ix);
  cline(E, "%s; /* %s */", decl(E, v), lay_comment(L, v->dt));
  cu_loop(E, L.E, fmt("%s[e] = %s;", cu_name(E, v), x));
}

// tl.store(ptr, value, mask=m)
static void emit_store(CE *E, Op *op) {
  Value *p = op->in[0];
  if (p->sh.rank == 0) {
    const char *m = op->nin > 2 ? fmt(" && %s", cu_access(E, op->in[2], NULL)) : "";
    Ix none = {0};
    cline(E, "if (tid == 0%s)", m);
    cline(E, "  %s = %s;", deref(E, p, &none), cu_store_val(p->elt, cu_access(E, op->in[1], &none)));
    return;
  }
  Lay L = lay_of(E, p->sh);
  Ix ix = ix_canon(L);
  int W = vec_width(E, op, L);
  const char *body;
  if (W > 1) {
    ix.ezero = W - 1; /* e steps by W */
    body = vec_store_body(E, op, &ix, W, L.E);
  } else {
    const char *val = cu_store_val(p->elt, cu_operand(E, op, 1, &ix));
    const char *m = op->nin > 2 ? cu_operand(E, op, 2, &ix) : NULL;
    const char *dst = deref(E, p, &ix);
    body = m ? fmt("if (%s)\n  %s = %s;", m, dst, val) : fmt("%s = %s;", dst, val);
  }
  cu_once_open(E, L);
  cu_loop_step(E, L.E, W, body);
  cu_once_close(E, L);
}

static void emit_scalar(CE *E, Op *op) {
  Value *v = op->out[0];
  Ix none = {0};
  const char *x;
  switch (op->k) {
  case O_PROGRAM_ID: x = fmt("(int32_t)blockIdx.%c", "xyz"[op->axis]); E->uses_pid[op->axis] = true; break;
  case O_NUM_PROGRAMS: x = fmt("(int32_t)gridDim.%c", "xyz"[op->axis]); E->uses_grid[op->axis] = true; break;
  case O_ARG: return;
  case O_SREG: /* tl.extra.cuda.globaltimer() / smid(): Triton's inline PTX */
    cline(E, "%s;", decl(E, v));
    cline(E, !strcmp(op->str, "globaltimer") ? "asm volatile(\"mov.u64 %%0, %%%%globaltimer;\" : \"=l\"(%s));"
                                              : "asm volatile(\"mov.u32 %%0, %%%%smid;\" : \"=r\"(%s));",
          cu_name(E, v));
    return;
  default: x = access_op(E, op, &none);
  }
  if (v->dt == DT_PTR)
    cline(E, "%sconst %s = %s;", cu_type(v->dt, v->elt), cu_name(E, v), x);
  else
    cline(E, "const %s = %s;", decl(E, v), x);
}

static void push_scope(CE *E) { E->scope++; }
static void pop_scope(CE *E) {
  int n = 0;
  for (int i = 0; i < E->convs.n; i++)
    if (((Conv *)E->convs.v[i])->scope < E->scope)
      E->convs.v[n++] = E->convs.v[i];
  E->convs.n = n;
  E->scope--;
}

/* a loop-carried dot operand that lives in shared memory buffers (dot.c), not in registers */
static bool streamed(Value *v) { return cu_vplan(v)->stream_dot != NULL; }

/* dst (a carried variable laid out as dv) = v */
static void emit_copy(CE *E, Value *dv, const char *dst, Value *v) {
  if (v->sh.rank == 0) {
    cline(E, "%s = %s;", dst, cu_access(E, v, NULL));
    return;
  }
  Lay L = lay_val(E, dv);
  Ix ix = ix_canon(L);
  const char *x = cu_access(E, v, &ix);
  if (!strcmp(x, fmt("%s[e]", dst))) {
    E->pulled.n = 0;
    return;
  }
  cu_loop(E, L.E, fmt("%s[e] = %s;", dst, x));
}

static bool is_dot_result(Value *v) { return v->def && v->def->k == O_DOT; }

/* the parent op's results (carried variables) = the yielded values */
static void emit_yield(CE *E, Op *y, Value **dst) {
  int n = 0;
  Value **in = arena_alloc(sizeof(Value *) * (size_t)(y->nin + 1)), **to = arena_alloc(sizeof(Value *) * (size_t)(y->nin + 1));
  for (int i = 0; i < y->nin; i++)
    if (!streamed(dst[i])) {
      in[n] = y->in[i];
      to[n++] = dst[i];
    }
  Op only = *y;
  only.in = in;
  only.nin = n;
  y = &only;
  dst = to;
  if (!n)
    return;
  if (y->nin == 1) {
    emit_copy(E, dst[0], cu_name(E, dst[0]), y->in[0]);
    return;
  }
  /* a parallel copy: each value goes to a temporary first, since one may read a variable another
   * assignment overwrites. A tl.dot's result is its own array, read by no other yielded value's
   * expression: it is copied straight after the temporaries (a second copy of a wgmma
   * accumulator inside the loop makes ptxas serialise the wgmma groups, C7514) */
  const char **tmp = arena_alloc(sizeof(char *) * (size_t)(y->nin + 1));
  for (int i = 0; i < y->nin; i++) {
    Value *v = y->in[i];
    if (is_dot_result(v))
      continue;
    tmp[i] = cu_unique(E, fmt("%s_next", cu_name(E, dst[i])));
    Lay L = lay_val(E, dst[i]);
    cline(E, "%s %s%s;", cu_type(v->dt, v->elt), tmp[i], v->sh.rank ? fmt("[%d]", L.E) : "");
    emit_copy(E, dst[i], tmp[i], v);
  }
  for (int i = 0; i < y->nin; i++)
    if (is_dot_result(y->in[i]))
      emit_copy(E, dst[i], cu_name(E, dst[i]), y->in[i]);
  for (int i = 0; i < y->nin; i++) {
    Value *v = y->in[i];
    if (is_dot_result(v))
      continue;
    if (v->sh.rank == 0) {
      cline(E, "%s = %s;", cu_name(E, dst[i]), tmp[i]);
      continue;
    }
    Lay L = lay_val(E, dst[i]);
    cu_loop(E, L.E, fmt("%s[e] = %s[e];", cu_name(E, dst[i]), tmp[i]));
  }
}

static Op *last_op(Block *b) { return b->nops ? b->ops[b->nops - 1] : NULL; }

static void declare_results(CE *E, Op *op) {
  for (int i = 0; i < op->nout; i++) {
    if (streamed(op->out[i]))
      continue;
    if (op->out[i]->sh.rank)
      check_budget(E, op->out[i], op->loc);
    cline(E, "%s;", decl(E, op->out[i]));
  }
}

static void emit_region(CE *E, Block *b, Op *parent) {
  push_scope(E);
  E->ind++;
  cu_emit_block(E, b);
  Op *y = last_op(b);
  if (y && y->k == O_YIELD && parent)
    emit_yield(E, y, parent->out);
  E->ind--;
  pop_scope(E);
}

static void emit_if(CE *E, Op *op) {
  declare_results(E, op);
  const char *c = cu_access(E, op->in[0], NULL);
  Block *tb = op->reg[0], *eb = op->reg[1];
  if (tb->nops == 1 && tb->ops[0]->nin == 0) { /* `if c: return`: only the else part runs */
    cline(E, "if (!%s) {", c);
    emit_region(E, eb, op);
    cline(E, "} /* if !%s */", c);
    return;
  }
  cline(E, "if (%s) {", c);
  emit_region(E, tb, op);
  if (!(eb->nops == 1 && eb->ops[0]->nin == 0)) {
    cline(E, "} else {");
    emit_region(E, eb, op);
  }
  cline(E, "} /* if %s */", c);
}

static void share_names(CE *E, Op *op, Block *b, int first_arg) {
  for (int i = 0; i < op->nout; i++)
    E->cname[b->args[first_arg + i]->id] = cu_name(E, op->out[i]);
}

static void carried_init(CE *E, Op *op, int first_in) {
  declare_results(E, op);
  for (int i = 0; i < op->nout; i++)
    if (!streamed(op->out[i]))
      emit_copy(E, op->out[i], cu_name(E, op->out[i]), op->in[first_in + i]);
}

// for iv in range(lo, hi, step)
static void emit_for(CE *E, Op *op) {
  Block *b = op->reg[0];
  share_names(E, op, b, 1);
  carried_init(E, op, 3);
  cu_ring_start(E, op);
  Value *iv = b->args[0];
  const char *n = cu_name(E, iv), *hi = cu_access(E, op->in[1], NULL), *st = cu_access(E, op->in[2], NULL);
  const char *cond = op->flags == 1 ? fmt("%s < %s", n, hi)
                     : op->flags == 2 ? fmt("%s > %s", n, hi)
                                      : fmt("(%s > 0 ? %s < %s : %s > %s)", st, n, hi, n, hi);
  cline(E, "for (%s %s = %s; %s; %s += %s) {", cu_type(iv->dt, DT__COUNT), n,
        cu_access(E, op->in[0], NULL), cond, n, st);
  emit_region(E, b, op);
  cline(E, "} /* for %s */", n);
  cu_ring_end(E, op);
  for (int i = 0; i < op->nout; i++)
    if (streamed(op->out[i])) { /* the copies for the trip past the end still land */
      cline(E, "tc_cp_wait();");
      cline(E, "__syncthreads();");
      break;
    }
}

// while cond: body
static void emit_while(CE *E, Op *op) {
  share_names(E, op, op->reg[0], 0);
  share_names(E, op, op->reg[1], 0);
  carried_init(E, op, 0);
  cline(E, "for (;;) {");
  push_scope(E);
  E->ind++;
  cu_emit_block(E, op->reg[0]);
  Op *c = last_op(op->reg[0]);
  cline(E, "if (!%s)", cu_access(E, c->in[0], NULL));
  cline(E, "  break;");
  E->ind--;
  pop_scope(E);
  emit_region(E, op->reg[1], op);
  cline(E, "} /* while */");
}

// tl.device_print(prefix, x, ...): one line per element of each operand in turn, in Triton's
// format "pid (X, Y, Z) idx (I, J) prefix: (operand N) VALUE" (the operand only when several)
static void emit_print(CE *E, Op *op) {
  const char *pid = "(int)blockIdx.x, (int)blockIdx.y, (int)blockIdx.z";
  if (!op->nin) {
    cline(E, "if (tid == 0)");
    cline(E, "  printf(\"pid (%%d, %%d, %%d)%s\\n\", %s);", printf_text(op->str), pid);
    return;
  }
  for (int i = 0; i < op->nin; i++) {
    Value *v = op->in[i];
    const char *opn = op->nin > 1 ? fmt("(operand %d) ", i) : "";
    const char *f = fmt("pid (%%d, %%d, %%d) %s%s%s%s", print_idx_fmt(v->sh), printf_text(op->str), opn,
                        print_fmt(v->dt));
    if (!v->sh.rank) {
      cline(E, "if (tid == 0)");
      cline(E, "  printf(\"%s\\n\", %s, %s);", f, pid, print_arg(v->dt, cu_access(E, v, NULL)));
      continue;
    }
    Lay L = lay_of(E, v->sh);
    Ix ix = ix_canon(L);
    Buf a = {0};
    buf_puts(&a, pid);
    for (int d = 0; d < v->sh.rank; d++)
      buf_printf(&a, ", (int)%s", ix_coord(&ix, d));
    const char *x = print_arg(v->dt, cu_access(E, v, &ix));
    cline(E, "if (tid < %d) { /* one copy of each element */", L.TC);
    E->ind++;
    cu_loop(E, L.E, fmt("printf(\"%s\\n\", %s, %s);", f, a.s, x));
    E->ind--;
    cline(E, "}");
    buf_free(&a);
  }
}

// tl.device_assert(cond, msg) / assert cond, msg: the message of Triton's __assertfail
// ("FILE:LINE: KERNEL: block: [X,Y,Z], thread: [X,Y,Z] Assertion `MSG` failed."), then a trap
static void emit_assert(CE *E, Op *op) {
  Value *c = op->in[0];
  const char *msg = fmt("printf(\"%s:%d: %s: block: [%%d,%%d,%%d], thread: [%%d,%%d,%%d] Assertion `%s` "
                        "failed.\\n\", (int)blockIdx.x, (int)blockIdx.y, (int)blockIdx.z, (int)threadIdx.x, "
                        "(int)threadIdx.y, (int)threadIdx.z); __trap();",
                        printf_text(path_base(op->loc.file)), op->loc.line, E->k->name, printf_text(op->str));
  if (c->sh.rank == 0) {
    cline(E, "if (!%s) { %s }", cu_access(E, c, NULL), msg);
    return;
  }
  Lay L = lay_of(E, c->sh);
  Ix ix = ix_canon(L);
  const char *x = cu_access(E, c, &ix);
  cu_loop(E, L.E, fmt("if (!%s) { %s }", x, msg));
}

/* x as an operand of any C operator: parenthesised unless it is one name, one (...) or one
 * call name(...) */
static const char *operand(const char *x) {
  size_t n = strlen(x);
  size_t id = strspn(x, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_");
  if (n && id == n)
    return x;
  if (x[id] == '(' && x[n - 1] == ')') {
    int depth = 0;
    size_t i = id;
    for (; i < n; i++) { /* the first ( closes at the end */
      depth += x[i] == '(' ? 1 : x[i] == ')' ? -1 : 0;
      if (!depth)
        break;
    }
    if (i == n - 1)
      return x;
  }
  return fmt("(%s)", x);
}

static bool pure_arith(Op *op) {
  int c = op_class[op->k];
  return c == K_UNARY || c == K_BINARY || c == K_CMP || c == K_TERNARY;
}

void cu_find_users(CE *E, Block *b) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    for (int j = 0; j < op->nin; j++)
      E->user[op->in[j]->id] = op;
    for (int r = 0; r < op->nreg; r++)
      cu_find_users(E, op->reg[r]);
  }
}

/* A scalar temporary of pure arithmetic used once (ir_inline_once) by scalar arithmetic of the
 * same block is not a statement: its expression stands in its user's, as the C target writes
 * it. Its operands are SSA values whose C variables keep their values until that use, and it
 * reads no memory, so evaluating it there gives the same value. A scalar that a tile, a loop
 * bound or a condition uses keeps its name: an index tile is recomputed at each of its uses,
 * and the arithmetic would be repeated with it. */
static bool inline_scalar(CE *E, Op *op) {
  Op *u = op->nout == 1 ? E->user[op->out[0]->id] : NULL;
  if (!u || op->out[0]->sh.rank || !ir_inline_once(op->out[0]) || !pure_arith(op) || !pure_arith(u) ||
      u->parent != op->parent || u->nout != 1 || u->out[0]->sh.rank)
    return false;
  Ix none = {0};
  E->cname[op->out[0]->id] = operand(access_op(E, op, &none));
  return true;
}

static void emit_op(CE *E, Op *op) {
  switch (op->k) {
  case O_YIELD: case O_CONDITION: case O_RETURN: case O_ARG: return;
  case O_IF: csrc(E, op->loc); emit_if(E, op); return;
  case O_FOR: csrc(E, op->loc); emit_for(E, op); return;
  case O_WHILE: csrc(E, op->loc); emit_while(E, op); return;
  case O_BARRIER: csrc(E, op->loc); cline(E, "__syncthreads();"); return;
  case O_PRINT: csrc(E, op->loc); emit_print(E, op); return;
  case O_ASSERT: csrc(E, op->loc); emit_assert(E, op); return;
  case O_STORE: csrc(E, op->loc); emit_store(E, op); return;
  case O_REDUCE: csrc(E, op->loc); cu_emit_reduce(E, op); return;
  case O_SCAN: csrc(E, op->loc); cu_emit_scan(E, op); return;
  case O_SORT: case O_GATHER: case O_HISTOGRAM: csrc(E, op->loc); cu_emit_sort_op(E, op); return;
  case O_DOT: csrc(E, op->loc); cu_emit_dot(E, op); return;
  case O_ATOMIC: csrc(E, op->loc); cu_emit_atomic(E, op); return;
  case O_ASM: csrc(E, op->loc); cu_emit_asm(E, op); return;
  default:
    break;
  }
  for (int i = 0; i < op->nout; i++)
    if (op->out[i]->sh.rank && cu_virtual(E, op->out[i]))
      return; /* recomputed where it is used */
  if (op->k == O_CAST && (cu_vplan(op->out[0])->packed || cu_vplan(op->out[0])->conv)) {
    csrc(E, op->loc);
    cline(E, "/* %s: converted where the tensor cores' operand is staged */", cu_name(E, op->out[0]));
    return;
  }
  if (op->k == O_LOAD && cu_vplan(op->out[0])->stream_dot) {
    if (cu_vplan(op->out[0])->late)
      return; /* issued at its dot (dot.c) */
    csrc(E, op->loc);
    cu_emit_async_load(E, op); /* straight to shared memory for a dot */
    return;
  }
  if (op->nout && op->out[0]->sh.rank == 0 && op->k == O_CONST)
    return;
  if (inline_scalar(E, op))
    return;
  csrc(E, op->loc);
  if (op->out[0]->sh.rank == 0)
    emit_scalar(E, op);
  else
    emit_tile(E, op->out[0]);
}

void cu_emit_block(CE *E, Block *b) {
  for (int i = 0; i < b->nops; i++)
    emit_op(E, b->ops[i]);
}
