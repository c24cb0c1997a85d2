/* emit_c_file.c — the generated file around the program: helpers copied from runtime/, the
 * program function, the OpenMP launcher and the header. */
#include "emit_c.h"

#include <string.h>

/* ---- helpers copied from runtime/ ---- */

extern const char *const tc_runtime[];

static void copy_section(Buf *o, const char *name) {
  const char *text = NULL;
  for (int i = 0; tc_runtime[i]; i += 2)
    if (!strcmp(tc_runtime[i], "tc_helpers"))
      text = tc_runtime[i + 1];
  if (!text)
    die("runtime helpers not built in");
  const char *tag = fmt("//@ %s\n", name), *s = strstr(text, tag);
  if (!s)
    die("runtime helper section %s missing", name);
  s += strlen(tag);
  const char *e = strstr(s, "//@ ");
  buf_printf(o, "%.*s", (int)(e - s), s);
}

/* Wrapping signed arithmetic, one function per (operation, type) the kernel uses; the same
 * definitions as TC_WRAP_OPS in runtime/tc_helpers.h. */
static void emit_wraps(Em *E, Buf *o) {
  for (int i = 0; i < E->wraps.n; i++) {
    const char *fn = E->wraps.v[i], *us = strrchr(fn, '_') + 1;
    DType t = DT_I32;
    for (int k = DT_I8; k <= DT_I64; k++)
      if (!strcmp(dtype_info[k].sig, us))
        t = (DType)k;
    const char *T = dtype_info[t].ctype, *U = dt_bits(t) == 64 ? "uint64_t" : "uint32_t";
    const char *op = strstr(fn, "_add_") ? "+" : strstr(fn, "_sub_") ? "-" : strstr(fn, "_mul_") ? "*" : "<<";
    if (!strcmp(op, "<<"))
      buf_printf(o, "static inline %s %s(%s a, %s b) { return (%s)((%s)a << (b & %d)); }\n", T, fn,
                 T, T, T, U, dt_bits(t) - 1);
    else
      buf_printf(o, "static inline %s %s(%s a, %s b) { return (%s)((%s)a %s (%s)b); }\n", T, fn, T,
                 T, T, U, op, U);
  }
}

static void copy_file(Buf *o, const char *name) {
  for (int i = 0; tc_runtime[i]; i += 2)
    if (!strcmp(tc_runtime[i], name)) {
      buf_puts(o, tc_runtime[i + 1]);
      return;
    }
  die("runtime file %s not built in", name);
}

/* The runtime the kernel uses: copied (only the needed sections of tc_helpers.h, and
 * tc_simd.h whole) so the file is standalone, or #included with --include-runtime. */
static void emit_runtime(Em *E, Buf *o, bool include) {
  bool helpers = (E->need & (H_F16 | H_BF16 | H_NANMM | H_MATH)) || E->wraps.n;
  if (include) {
    if (helpers || (E->need & H_SIMD))
      buf_puts(o, "\n/* tritonc's runtime/ (compile with -I pointing at it) */\n");
    if (helpers)
      buf_puts(o, "#include \"tc_helpers.h\"\n");
    if (E->need & H_SIMD)
      buf_puts(o, "#include \"tc_simd.h\"\n");
    return;
  }
  if (E->need & H_SIMD) {
    buf_puts(o, "\n/* ---- tritonc runtime: runtime/tc_simd.h, the explicit SIMD layer ---- */\n"
                "#if defined(__clang__) /* a kernel uses only part of the layer */\n"
                "#pragma clang diagnostic push\n"
                "#pragma clang diagnostic ignored \"-Wunused-function\"\n"
                "#endif\n");
    copy_file(o, "tc_simd");
    buf_puts(o, "#if defined(__clang__)\n#pragma clang diagnostic pop\n#endif\n"
                "/* ---- end of runtime/tc_simd.h ---- */\n");
  }
  if (helpers)
    buf_puts(o, "\n/* Helpers from tritonc's runtime/tc_helpers.h */\n");
  emit_wraps(E, o);
  if (E->need & H_F16) copy_section(o, "f16");
  if (E->need & H_BF16) copy_section(o, "bf16");
  if (E->need & H_NANMM) copy_section(o, "nanminmax");
  if (E->need & H_MATH) copy_section(o, "math");
}

static void emit_bitcasts(Em *E, Buf *o) {
  for (int i = 0; i < E->bitcasts.n; i++) {
    const char *pair = E->bitcasts.v[i];
    DType from = DT_I32, to = DT_I32;
    for (int t = 0; t < DT_PTR; t++) {
      size_t n = strlen(dtype_info[t].sig);
      if (!strncmp(pair, dtype_info[t].sig, n) && pair[n] == '_')
        from = (DType)t;
      if (!strcmp(strchr(pair, '_') + 1, dtype_info[t].sig))
        to = (DType)t;
    }
    const char *fin = from == DT_F16 ? "uint16_t b = tc_f32_to_f16(x);"
                      : from == DT_BF16 ? "uint16_t b = tc_f32_to_bf16(x);"
                                        : fmt("%s b; memcpy(&b, &x, sizeof b);", bits_type(from));
    const char *fout = to == DT_F16 ? "return tc_f16_to_f32(b);"
                       : to == DT_BF16 ? "return tc_bf16_to_f32(b);"
                                       : fmt("%s r; memcpy(&r, &b, sizeof r); return r;", ctype(to, DT__COUNT));
    buf_printf(o, "static inline %s tc_bitcast_%s(%s x) { %s %s }\n", ctype(to, DT__COUNT), pair,
               ctype(from, DT__COUNT), fin, fout);
  }
}

/* ---- parameters, program function, launcher, header ---- */

static const char *param_list(Kernel *k, bool leading_comma) {
  Buf b = {0};
  buf_puts(&b, "");
  int n = 0;
  for (int i = 0; i < k->nparams; i++) {
    KParam *p = &k->params[i];
    if (p->constexpr_)
      continue;
    const char *t = p->dt == DT_PTR ? fmt("%s *", dtype_info[p->elt].ctype)
                                    : fmt("%s ", dtype_info[p->dt].ctype);
    if (p->dt == DT_I1)
      t = "bool ";
    buf_printf(&b, "%s%s%s", (n || leading_comma) ? ", " : "", t, p->name);
    n++;
  }
  if (!n && !leading_comma)
    buf_puts(&b, "void");
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static const char *arg_list(Kernel *k, const char *sep_after, bool leading) {
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < k->nparams; i++) {
    if (k->params[i].constexpr_)
      continue;
    buf_printf(&b, "%s%s%s", leading ? ", " : "", k->params[i].name, sep_after);
  }
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

static void scan_pids(Block *b, bool *used) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_PROGRAM_ID)
      used[op->axis] = true;
    else if (op->k == O_NUM_PROGRAMS)
      used[3 + op->axis] = true;
    else if (op->k == O_PRINT || op->k == O_ASSERT)
      used[0] = used[1] = used[2] = true;
    for (int r = 0; r < op->nreg; r++)
      scan_pids(op->reg[r], used);
  }
}

/* The bytes one program loads and stores from memory, counting one trip of each loop whose
 * trip count is known only at run time (a while loop, a range over a kernel argument), which
 * then clears *exact. What several accesses through one pointer read (a row loaded again by
 * each of layer norm's three loops) counts once: per root pointer (the scalar pointer a
 * pointer tile is built on) and direction, the largest of its accesses; accesses the same in
 * every program (a weight vector) count for none. A launch moving less than
 * TC_PREFETCH_MIN_BYTES in all is taken to find its data in cache, and when the count is
 * exact its programs skip the next-program prefetches, which would only take load slots
 * there; a launch moving at least TC_STREAM_MIN_BYTES even by the lower bound streams its
 * whole-vector stores past the caches. */
typedef struct Access {
  Value *root; /* the first scalar pointer under the access's pointer tile */
  bool store;
  bool shared; /* every access is the same in every program */
  long long bytes;
} Access;
typedef struct Traffic {
  int n;
  Access r[64];
} Traffic;

static void count_traffic(Block *b, long long trips, Traffic *t, bool *exact) {
  for (int i = 0; i < b->nops; i++) {
    Op *op = b->ops[i];
    if (op->k == O_LOAD || op->k == O_STORE || op->k == O_ATOMIC) {
      Value *v = op->k == O_LOAD ? op->out[0] : op->in[1], *root = base_pointer(op->in[0], false);
      long long n = shape_numel(v->sh) * ((dt_bits(v->dt) + 7) / 8) * trips;
      bool store = op->k != O_LOAD;
      int k = 0;
      while (k < t->n && (t->r[k].root != root || t->r[k].store != store))
        k++;
      if (k == t->n && k < 64)
        t->r[t->n++] = (Access){root, store, true, 0};
      if (k < 64) {
        t->r[k].shared &= program_invariant(op->in[0], b);
        if (n > t->r[k].bytes)
          t->r[k].bytes = n > (1LL << 40) ? 1LL << 40 : n;
      }
    }
    long long inner = trips;
    if (op->k == O_WHILE)
      *exact = false;
    if (op->k == O_FOR) {
      Op *lo = op->in[0]->def, *hi = op->in[1]->def, *st = op->in[2]->def;
      if (!lo || !hi || !st || lo->k != O_CONST || hi->k != O_CONST || st->k != O_CONST ||
          st->ival <= 0)
        *exact = false;
      else
        inner *= hi->ival > lo->ival ? (hi->ival - lo->ival + st->ival - 1) / st->ival : 0;
      if (inner > (1LL << 30))
        inner = 1LL << 30;
    }
    for (int r = 0; r < op->nreg; r++)
      count_traffic(op->reg[r], inner, t, exact);
  }
}

/* The bytes of one program, and (in *shared) those the same in every program. */
static long long program_bytes(Block *b, bool *exact, long long *shared) {
  Traffic t = {0};
  count_traffic(b, 1, &t, exact);
  long long n = 0;
  *shared = 0;
  for (int k = 0; k < t.n; k++) {
    long long *sum = t.r[k].shared ? shared : &n;
    *sum += t.r[k].bytes;
    if (*sum > (1LL << 40))
      *sum = 1LL << 40;
  }
  return n;
}

/* "grid_x * grid_y * grid_z * PER + SHARED" (terms that are 0 left out) */
static const char *launch_bytes(Em *E, long long per) {
  const char *g = fmt("(long long)grid_x * grid_y * grid_z * %lld", per);
  if (!E->shared_bytes)
    return g;
  return per ? fmt("%s + %lld", g, E->shared_bytes) : fmt("%lldLL", E->shared_bytes);
}

static void emit_program(Em *E, Kernel *k) {
  const char *params = param_list(k, false);
  line(E, "/* One program (a CTA on the GPU) of %s. */", k->name);
  line(E, "static void %s_program(%s%sint pid_x, int pid_y, int pid_z, int grid_x, int grid_y, "
          "int grid_z)",
       k->name, strcmp(params, "void") ? params : "", strcmp(params, "void") ? ", " : "");
  line(E, "{");
  E->ind++;
  bool exact = true;
  E->nt_bytes = program_bytes(k->body, &exact, &E->shared_bytes);
  E->pf_bytes = exact ? E->nt_bytes : -1;
  Buf *out = E->o, rest = {0};
  E->o = &rest; /* the body first: whether it tests tc_pf_on is known after */
  emit_block(E, k->body);
  E->o = out;
  bool used[6] = {0};
  scan_pids(k->body, used);
  /* the launch's traffic: per program times the grid, plus what all programs share */
  const char *nt_expr = launch_bytes(E, E->nt_bytes), *pf_expr = launch_bytes(E, E->pf_bytes);
  if ((E->pf_gated && E->pf_bytes) || (E->nt_used && E->nt_bytes))
    used[3] = used[4] = used[5] = true;
  const char *pn[6] = {"pid_x", "pid_y", "pid_z", "grid_x", "grid_y", "grid_z"};
  for (int i = 0; i < 6; i++)
    if (!used[i])
      line(E, "(void)%s;", pn[i]);
  for (int i = 0; i < k->nparams; i++)
    if (!k->params[i].constexpr_ && k->params[i].val->uses == 0)
      line(E, "(void)%s;", k->params[i].name);
  if (E->nt_used)
    line(E, "const int tc_nt_on = %s >= TC_STREAM_MIN_BYTES; /* a launch larger than the "
            "caches: streaming stores */", nt_expr);
  if (E->pf_gated) {
    line(E, "/* a launch moving less than TC_PREFETCH_MIN_BYTES in all finds its data in cache "
            "and skips the prefetches */");
    line(E, "const int tc_pf_on = %s >= TC_PREFETCH_MIN_BYTES;", pf_expr);
  }
  buf_puts(out, rest.s ? rest.s : "");
  buf_free(&rest);
  E->ind--;
  line(E, "} /* %s_program */", k->name);
}

static void expand(Buf *o, const char *tmpl, const char *const *kv) { template_expand(o, tmpl, kv); }

static void emit_c(Buf *c_out, Buf *h_out, Kernel *k, const Options *opts) {
  Em E = {0};
  Buf body = {0};
  E.o = &body;
  E.k = k;
  for (int i = 0; i < k->nparams; i++)
    if (!k->params[i].constexpr_) {
      vec_push(&E.names, (void *)k->params[i].name);
      vi(k->params[i].val)->cname = k->params[i].name;
    }
  ir_count_uses(k);
  group_block(&E, k->body);
  mark_fused(k->body);
  mark_uses(k->body);
  emit_program(&E, k);
  /* wrapping helpers of expressions that were built but not emitted (a vector group that fell
   * back to scalar code, a comparison decided by value ranges) are dropped */
  int nw = 0;
  for (int i = 0; i < E.wraps.n; i++)
    if (body.s && strstr(body.s, fmt("%s(", (const char *)E.wraps.v[i])))
      E.wraps.v[nw++] = E.wraps.v[i];
  E.wraps.n = nw;

  const char *const *grid = k->grid;
  const char *base = path_base(opts->out ? opts->out : k->name);
  const char *file = fmt("%s.c", base);
  const char *src = path_base(k->file);
  const char *grid_text = opts->grid ? fmt("(%s, %s, %s)", grid[0], grid[1], grid[2]) : "given at launch";
  const char *kv_banner[] = {"FILE", file, "CFILE", file, "VERSION", TRITONC_VERSION, "SOURCE", src, "KERNEL",
                             k->name, "SIGNATURE", k->signature ? k->signature : "", "GRID",
                             grid_text, "NUM_WARPS", fmt("%d", k->num_warps), NULL};
  expand(c_out, "c_banner", kv_banner);
  const char *none[] = {NULL};
  expand(c_out, "c_prelude", none);
  emit_runtime(&E, c_out, opts->include_runtime);
  emit_bitcasts(&E, c_out);
  buf_puts(c_out, "\n");
  buf_puts(c_out, body.s);
  buf_puts(c_out, "\n");
  const char *kv_l[] = {"KERNEL", k->name, "PARAMS", param_list(k, true), "ARGS",
                        arg_list(k, ", ", false), "LAUNCH_PARAMS", param_list(k, false),
                        "GRID_X", grid[0] ? grid[0] : "1", "GRID_Y", grid[1] ? grid[1] : "1",
                        "GRID_Z", grid[2] ? grid[2] : "1", "ARGS_TAIL", arg_list(k, "", true),
                        "AFTER", E.nt_used ? "\n    tc_stream_fence(); /* this thread's streaming stores are "
                                             "in memory before the launch returns */" : "",
                        NULL};
  expand(c_out, "c_launcher", kv_l);
  if (opts->grid)
    expand(c_out, "c_launch", kv_l);
  buf_free(&body);

  /* header */
  Buf decls = {0}, ban = {0};
  const char *hfile = fmt("%s.h", base);
  kv_banner[1] = hfile;
  expand(&ban, "c_banner", kv_banner);
  buf_printf(&decls, "/* Runs %s on a grid of grid_x * grid_y * grid_z programs. */\n", k->name);
  buf_printf(&decls, "void %s_grid(int grid_x, int grid_y, int grid_z%s);\n", k->name,
             param_list(k, true));
  if (opts->grid)
    buf_printf(&decls, "\n/* Runs %s on the grid %s. */\nvoid %s(%s);\n", k->name, grid_text,
               k->name, param_list(k, false));
  char guard[256];
  snprintf(guard, sizeof guard, "TRITONC_%s_H", base);
  for (char *g = guard; *g; g++)
    *g = (*g >= 'a' && *g <= 'z') ? (char)(*g - 32) : ((*g >= 'A' && *g <= 'Z') || (*g >= '0' && *g <= '9')) ? *g : '_';
  const char *kv_h[] = {"GUARD", guard, "KERNEL", k->name, "BANNER", ban.s, "DECLS", decls.s, NULL};
  expand(h_out, "c_header", kv_h);
  buf_free(&decls);
  buf_free(&ban);
}

const Target target_c = {"c", "c", PASS_ACCUM, emit_c};
