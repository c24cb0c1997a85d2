/* cuda_file.c — the generated .cu around the kernel: banner, types, the device helpers the
 * kernel uses (copied from runtime/tc_cuda_kernel.h), the __global__ kernel, the host
 * launchers (nvcc builds only) and the C header. */
#include "cuda.h"

#include <string.h>

/* each_ident's callback: the half-precision headers a text's names need (CUDA's fp16 API names
 * start with __ and hold "half", its bf16 API's "bfloat16") */
static void half_api(void *ctx, const char *s, size_t n) {
  bool *need = ctx;
  if (n < 3 || strncmp(s, "__", 2))
    return;
  const char *id = fmt("%.*s", (int)n, s);
  need[0] |= strstr(id, "half") != NULL;
  need[1] |= strstr(id, "bfloat16") != NULL;
}

/* #include <cuda_fp16.h> / <cuda_bf16.h> where the file's text uses their names (the kernel and
 * its helpers, the runtime sections), and the runtime sections `use` names (runtime.c): copied,
 * or the whole header included */
static void emit_helpers(Buf *o, const char *body, bool include, unsigned long long use) {
  Buf rt = {0};
  cu_runtime_copy(&rt, use);
  bool need[2] = {false, false};
  each_ident(body, strlen(body), half_api, need);
  if (rt.s)
    each_ident(rt.s, rt.n, half_api, need);
  if (need[0])
    buf_puts(o, "#include <cuda_fp16.h>\n");
  if (need[1])
    buf_puts(o, "#include <cuda_bf16.h>\n");
  if (use && include)
    buf_puts(o, "#include \"tc_cuda_kernel.h\"\n");
  else if (use)
    buf_printf(o, "\n/* ---- helpers from tritonc's runtime/tc_cuda_kernel.h ---- */\n%s", rt.s);
  buf_free(&rt);
}

static const char *param_type(const KParam *p) {
  if (p->dt == DT_PTR)
    return fmt("%s *", cu_mem_type(p->elt));
  return fmt("%s ", p->dt == DT_I1 ? "bool" : dtype_info[p->dt].ctype);
}

/* An fp16 / bf16 scalar argument (cexpr_half_scalar) crosses the launch as its bits (uint16_t);
 * the kernel takes them as tc_bits_NAME and names the float value NAME (every fp16 / bf16 value
 * is a float). */

/* a parameter's declaration: of the launchers, or (kernel != NULL) of KERNEL_kernel */
static const char *param_decl(void *kernel, const KParam *p) {
  return fmt("%s%s%s", param_type(p), kernel && cexpr_half_scalar(p) ? "tc_bits_" : "", p->name);
}

/* The parameters of the launchers, or (kernel) of KERNEL_kernel. */
static const char *params_of(Kernel *k, bool leading_comma, bool kernel) {
  return cexpr_params(k, leading_comma, param_decl, kernel ? (void *)k : NULL);
}

static const char *param_list(Kernel *k, bool leading_comma) { return params_of(k, leading_comma, false); }

static const char *arg_list(Kernel *k, bool leading) {
  Buf b = {0};
  buf_puts(&b, "");
  int n = 0;
  for (int i = 0; i < k->nparams; i++) {
    if (k->params[i].constexpr_)
      continue;
    buf_printf(&b, "%s%s", (n || leading) ? ", " : "", k->params[i].name);
    n++;
  }
  const char *r = xstrdup(b.s);
  buf_free(&b);
  return r;
}

/* Static shared memory ends at 48 KiB; above it the kernel declares it extern and the launch
 * passes the size, up to what an H100 gives one CTA. */
#define SMEM_STATIC (48 * 1024)
#define SMEM_MAX (227 * 1024)

static void emit_kernel(CE *E, Kernel *k) {
  Buf *out = E->o, body = {0};
  E->o = &body;
  E->ind = 1;
  cu_emit_block(E, k->body);
  E->o = out;
  E->ind = 0;
  cline(E, "/* One program of %s: a CTA of %d threads; thread tid holds its elements e of every "
           "tile. */", k->name, E->T);
  cline(E, "extern \"C\" __global__ void __launch_bounds__(%d) %s_kernel(%s)", E->T, k->name,
        params_of(k, false, true));
  cline(E, "{");
  cline(E, "  const int tid = threadIdx.x;");
  for (int i = 0; i < k->nparams; i++) {
    KParam *p = &k->params[i];
    if (!cexpr_half_scalar(p) || !p->val->uses)
      continue;
    bool h = p->dt == DT_F16;
    cline(E, "  const float %s = %s(%s(tc_bits_%s));", p->name, h ? "__half2float" : "__bfloat162float",
          h ? "__ushort_as_half" : "__ushort_as_bfloat16", p->name);
  }
  int align = E->smem_align > 16 ? E->smem_align : 16;
  if (E->smem > SMEM_STATIC)
    cline(E, "  extern __shared__ __align__(%d) unsigned char tc_smem[]; /* %s_SMEM_BYTES at launch: "
             "more than the 48 KiB of static shared memory */", align, k->name);
  else if (E->smem)
    cline(E, "  __shared__ __align__(%d) unsigned char tc_smem[%lld]; /* reductions and layout "
             "changes */", align, E->smem);
  for (int i = 0; i < k->nparams; i++) {
    KParam *p = &k->params[i];
    if (!p->constexpr_ && p->val->uses == 0)
      cline(E, "  (void)%s%s;", cexpr_half_scalar(p) ? "tc_bits_" : "", p->name);
    else if (!p->constexpr_ && strcmp(E->cname[p->val->id], p->name) != 0)
      cline(E, "  %s%s = %s; /* '%s' is also a name this file declares */",
            cexpr_half_scalar(p) ? "const float " : param_type(p), E->cname[p->val->id], p->name, p->name);
  }
  buf_puts(out, body.s ? body.s : "");
  buf_free(&body);
  cline(E, "} /* %s_kernel */", k->name);
}

static void emit_cuda(Buf *out, Buf *h_out, Kernel *k, const Options *opts) {
  CE E = {0};
  Buf kern = {0};
  E.o = &kern;
  E.k = k;
  E.opts = opts;
  E.T = k->cu->T;
  E.chunk = k->cu->chunk;
  E.cname = arena_alloc(sizeof(char *) * (size_t)(k->next_value_id + 1));
  E.user = arena_alloc(sizeof(Op *) * (size_t)(k->next_value_id + 1));
  cu_find_users(&E, k->body);
  /* a parameter keeps its name in the signature (the header, -g expressions); one that is a
   * name the emitter declares itself (`e`, the per-thread element loop) is read through a copy */
  for (int i = 0; i < k->nparams; i++)
    if (!k->params[i].constexpr_)
      E.cname[k->params[i].val->id] = cu_unique(&E, k->params[i].name);
  ir_count_uses(k);
  emit_kernel(&E, k);
  if (E.smem > SMEM_MAX)
    error_at((Loc){k->file, 1, 1}, "kernel %s needs %lld bytes of shared memory for its reductions, "
             "dots and layout changes; the CUDA target allows 227 KiB, an H100's most (use smaller "
             "blocks)", k->name, E.smem);

  const char *base = path_base(opts->out ? opts->out : k->name);
  const char *file = fmt("%s.cu", base);
  const char *const *grid = k->grid;
  const char *grid_text = opts->grid ? fmt("(%s, %s, %s)", grid[0], grid[1], grid[2]) : "given at launch";
  const char *threads = fmt("%d", E.T);
  const char *kv_banner[] = {"FILE", file, "CUFILE", file, "VERSION", TRITONC_VERSION, "SOURCE",
                             path_base(k->file), "KERNEL", kernel_title(k), "SIGNATURE",
                             k->signature ? k->signature : "", "GRID", grid_text, "NUM_WARPS",
                             fmt("%d", k->num_warps), "THREADS", threads, NULL};
  template_expand(out, "cu_banner", kv_banner);
  const char *none[] = {NULL};
  template_expand(out, "cu_prelude", none);
  Buf body = {0}; /* what follows the runtime helpers; the helpers are those it uses */
  cu_atomic_helpers(&E, &body);
  if (E.wg_helpers.n) {
    buf_puts(&body, "\n#if defined(__CUDA_ARCH_FEAT_SM90_ALL) /* the wgmma shapes this kernel issues */\n");
    for (int i = 0; i < E.wg_helpers.n; i++)
      buf_puts(&body, E.wg_helpers.v[i]);
    buf_puts(&body, "#endif\n");
  }
  buf_printf(&body, "\n#define %s_NUM_THREADS %d\n", k->name, E.T);
  for (int i = 0; i < E.ring_defs.n; i++)
    buf_puts(&body, E.ring_defs.v[i]);
  if (E.smem > SMEM_STATIC)
    buf_printf(&body, "#define %s_SMEM_BYTES %lld /* dynamic shared memory: pass it at launch */\n",
               k->name, E.smem);
  buf_puts(&body, "\n");
  buf_puts(&body, kern.s);
  buf_free(&kern);
  emit_helpers(out, body.s, opts->include_runtime, cu_runtime_use(body.s));
  buf_puts(out, body.s);
  buf_free(&body);
  const char *params = param_list(k, true);
  Buf launch = {0};
  const char *kv_l[] = {"KERNEL", k->name, "PARAMS", params, "GRID_X", grid[0] ? grid[0] : "1",
                        "GRID_Y", grid[1] ? grid[1] : "1", "GRID_Z", grid[2] ? grid[2] : "1",
                        "ARGS_TAIL", arg_list(k, true), NULL};
  if (opts->grid)
    template_expand(&launch, "cu_launch", kv_l);
  const char *smem = E.smem > SMEM_STATIC ? fmt("%s_SMEM_BYTES", k->name) : "0";
  const char *optin = E.smem > SMEM_STATIC
      ? fmt("  /* above 48 KiB of shared memory a kernel opts in */\n  cudaError_t err = "
            "cudaFuncSetAttribute(%s_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, %s);\n"
            "  if (err != cudaSuccess)\n    return err;\n", k->name, smem)
      : "";
  const char *kv_g[] = {"KERNEL", k->name, "THREADS", threads, "PARAMS", params, "ARGS",
                        arg_list(k, false), "LAUNCH", launch.s ? launch.s : "", "SMEM", smem,
                        "OPTIN", optin, NULL};
  template_expand(out, "cu_launcher", kv_g);
  buf_free(&launch);

  /* header */
  Buf decls = {0}, ban = {0};
  kv_banner[1] = fmt("%s.h", base);
  template_expand(&ban, "cu_banner", kv_banner);
  buf_printf(&decls, "/* Launches %s on a grid of grid_x * grid_y * grid_z programs on the stream. */\n", k->name);
  buf_printf(&decls, "cudaError_t %s_grid(cudaStream_t stream, unsigned grid_x, unsigned grid_y, "
                     "unsigned grid_z%s);\n", k->name, params);
  if (opts->grid)
    buf_printf(&decls, "\n/* Launches %s on the grid %s. */\ncudaError_t %s(cudaStream_t stream%s);\n",
               k->name, grid_text, k->name, params);
  char guard[256];
  snprintf(guard, sizeof guard, "TRITONC_%s_CUH", base);
  for (char *g = guard; *g; g++)
    *g = (*g >= 'a' && *g <= 'z') ? (char)(*g - 32) : ((*g >= 'A' && *g <= 'Z') || (*g >= '0' && *g <= '9')) ? *g : '_';
  const char *kv_h[] = {"GUARD", guard, "KERNEL", k->name, "BANNER", ban.s, "DECLS", decls.s, NULL};
  template_expand(h_out, "cu_header", kv_h);
  buf_free(&decls);
  buf_free(&ban);
}

static const char *cu_launch_params(Kernel *k) { return fmt("cudaStream_t stream%s", param_list(k, true)); }

const Target target_cuda = {"cuda", "cu", PASS_PTRINC, cu_prepare, cu_plan_note, emit_cuda, cu_launch_params};
