/* tc_cuda.c — NVRTC + driver API runtime for tritonc's CUDA target (see tc_cuda.h).
 *
 * Design. tc_cuda_compile is the part that needs no GPU: it picks NVRTC's target from a compute
 * capability, spells out every input of the compilation as one "key material" text (a header
 * of NVRTC version, target and options, then the source), and names the cache file by a 128-bit
 * hash of it. The cache file holds the material itself before the binary, and a hit requires
 * the stored material to equal the new one byte for byte and the binary to match the hash
 * stored with it: a hash collision, a torn or a damaged file is a miss, never a wrong kernel. Files are written under a unique temporary name and renamed into
 * place, so readers (other threads or processes) see either no file or a whole one; two writers
 * of one key write the same bytes and the last rename wins. tc_cuda_load adds the driver: the
 * compute capability of the current context's device, cuModuleLoadDataEx, cuModuleGetFunction.
 *
 * Thread safety: every function may be called from several threads at once (NVRTC and the driver
 * are thread-safe; this file's only shared state is an atomic counter for temporary names), as
 * long as no thread changes the environment (getenv) meanwhile and a module is not unloaded while
 * another thread launches it. */
#define _POSIX_C_SOURCE 200809L
#include "tc_cuda.h"

#include <nvrtc.h>

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

/* A cache file: magic, u64 LE length of the material and of the binary, the binary's 128-bit
 * hash (2 x u64 LE), the material, the binary. */
#define TC__MAGIC "TCCUDA1\n"
#define TC__HEAD 40
#define TC__NOPT_MAX 64

static void tc__err(char *err, size_t errlen, const char *fmt, ...) {
  if (!err || !errlen)
    return;
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(err, errlen, fmt, ap);
  va_end(ap);
}

static double tc__now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* ---- hash: names cache files; correctness never rests on it (the material is compared) ---- */

static uint64_t tc__fold(uint64_t x) { /* an avalanching 64-bit bijection (splitmix64's finaliser) */
  x ^= x >> 30;
  x *= 0xbf58476d1ce4e5b9u;
  x ^= x >> 27;
  x *= 0x94d049bb133111ebu;
  return x ^ (x >> 31);
}

static uint64_t tc__le64(const unsigned char *p) {
  uint64_t w = 0;
  for (int i = 7; i >= 0; i--)
    w = w << 8 | p[i];
  return w;
}

/* Two 64-bit lanes over little-endian 8-byte words; the length seeds both, so texts that differ
 * only by trailing zero bytes differ. */
static void tc__hash128(const void *data, size_t n, uint64_t h[2]) {
  const unsigned char *p = data;
  uint64_t a = 0x6a09e667f3bcc908u ^ (uint64_t)n, b = tc__fold(0xbb67ae8584caa73bu + (uint64_t)n);
  for (size_t i = 0; i < n; i += 8) {
    unsigned char tail[8] = {0};
    const unsigned char *w8 = p + i;
    if (n - i < 8) {
      memcpy(tail, p + i, n - i);
      w8 = tail;
    }
    uint64_t w = tc__le64(w8);
    a = tc__fold(a ^ w);
    b = tc__fold(b + (w << 32 | w >> 32) + 0x9e3779b97f4a7c15u) ^ a;
  }
  h[0] = tc__fold(a + b);
  h[1] = tc__fold(b ^ (a << 17 | a >> 47));
}

/* ---- target: CUBIN when this NVRTC knows the device's sm (sm_90a for an sm_90 device), else
 * PTX of the newest below ---- */

/* cc = 10 * major + minor; archs: nvrtcGetSupportedArchs. Returns 0, or -1 when every
 * supported arch is newer than the device. */
static int tc__pick_target(int cc, const int *archs, int n, char *arch, size_t archlen, int *cubin) {
  int best = -1;
  for (int i = 0; i < n; i++) {
    if (archs[i] == cc) { /* sm_90a: Hopper's own instructions (wgmma) for a cubin made for it */
      snprintf(arch, archlen, cc == 90 ? "sm_%da" : "sm_%d", cc);
      *cubin = 1;
      return 0;
    }
    if (archs[i] < cc && archs[i] > best)
      best = archs[i];
  }
  if (best < 0)
    return -1;
  snprintf(arch, archlen, "compute_%d", best);
  *cubin = 0;
  return 0;
}

/* ---- options and the key material ---- */

static int tc__is_dir(const char *p) {
  struct stat st;
  return p && *p && stat(p, &st) == 0 && S_ISDIR(st.st_mode);
}

/* Where cuda_fp16.h / cuda_bf16.h are: NVRTC 13 has no built-in copy of them. */
static void tc__include_dir(char *out, size_t outlen) {
  const char *e = getenv("TC_CUDA_INCLUDE");
  out[0] = 0;
  if (tc__is_dir(e)) {
    snprintf(out, outlen, "%s", e);
    return;
  }
  const char *homes[] = {getenv("CUDA_HOME"), getenv("CUDA_PATH"), "/usr/local/cuda"};
  for (int i = 0; i < 3; i++) {
    if (!homes[i] || !*homes[i])
      continue;
    snprintf(out, outlen, "%s/include", homes[i]);
    if (tc__is_dir(out))
      return;
  }
  out[0] = 0;
}

typedef struct tc__opts {
  const char *v[TC__NOPT_MAX];
  int n;
  char arch_opt[64], inc_opt[4200];
} tc__opts;

static int tc__build_opts(tc__opts *o, const char *arch, const tc_cuda_options *u, char *err,
                          size_t errlen) {
  char inc[4096];
  snprintf(o->arch_opt, sizeof o->arch_opt, "--gpu-architecture=%s", arch);
  o->n = 0;
  o->v[o->n++] = o->arch_opt;
  o->v[o->n++] = "-default-device";
  o->v[o->n++] = "-std=c++17";
  tc__include_dir(inc, sizeof inc);
  if (inc[0]) {
    snprintf(o->inc_opt, sizeof o->inc_opt, "-I%s", inc);
    o->v[o->n++] = o->inc_opt;
  }
  int extra = u ? u->n_extra_options : 0;
  if (extra < 0 || extra > TC__NOPT_MAX - o->n) {
    tc__err(err, errlen, "tc_cuda: %d extra NVRTC options (at most %d)", extra, TC__NOPT_MAX - o->n);
    return -1;
  }
  for (int i = 0; i < extra; i++)
    o->v[o->n++] = u->extra_options[i];
  return 0;
}

/* Every input of the compilation, then the text. malloc'd; *mlen its length. */
static char *tc__material(const char *text, size_t len, const char *name, const char *arch,
                          int cubin, const tc__opts *o, size_t *mlen) {
  int vmaj = 0, vmin = 0;
  nvrtcVersion(&vmaj, &vmin);
  size_t head = 256 + strlen(name);
  for (int i = 0; i < o->n; i++)
    head += strlen(o->v[i]) + 8;
  char *m = malloc(head + len + 1);
  if (!m)
    return NULL;
  int k = snprintf(m, head, "tritonc tc_cuda cache 1\nnvrtc %d.%d\nname %s\ntarget %s %s\n", vmaj,
                   vmin, name, arch, cubin ? "cubin" : "ptx");
  for (int i = 0; i < o->n; i++)
    k += snprintf(m + k, head - (size_t)k, "option %s\n", o->v[i]);
  k += snprintf(m + k, head - (size_t)k, "text %zu\n", len);
  memcpy(m + k, text, len);
  *mlen = (size_t)k + len;
  return m;
}

/* ---- the cache directory and files ---- */

static int tc__mkdirs(char *path) { /* mkdir -p; path is restored before returning */
  for (char *s = path + 1;; s++) {
    if (*s != '/' && *s)
      continue;
    char c = *s;
    *s = 0;
    int bad = mkdir(path, 0700) != 0 && errno != EEXIST;
    *s = c;
    if (bad)
      return -1;
    if (!c)
      break;
  }
  return tc__is_dir(path) ? 0 : -1;
}

/* The cache directory ("" = no cache): opts, $TRITONC_CACHE_DIR, $XDG_CACHE_HOME/tritonc
 * (absolute paths only, as the XDG spec says), ~/.cache/tritonc. $TRITONC_NO_CACHE=1 turns it
 * off. */
static void tc__cache_dir(const tc_cuda_options *u, char *out, size_t outlen) {
  const char *off = getenv("TRITONC_NO_CACHE"), *e;
  out[0] = 0;
  if ((u && u->no_cache) || (off && *off && strcmp(off, "0")))
    return;
  if (u && u->cache_dir && *u->cache_dir)
    snprintf(out, outlen, "%s", u->cache_dir);
  else if ((e = getenv("TRITONC_CACHE_DIR")) && *e)
    snprintf(out, outlen, "%s", e);
  else if ((e = getenv("XDG_CACHE_HOME")) && e[0] == '/')
    snprintf(out, outlen, "%s/tritonc", e);
  else if ((e = getenv("HOME")) && *e)
    snprintf(out, outlen, "%s/.cache/tritonc", e);
}

static void tc__cache_path(const char *dir, const uint64_t h[2], const char *arch, int cubin,
                           char *out, size_t outlen) {
  snprintf(out, outlen, "%s/%016llx%016llx-%s.%s", dir, (unsigned long long)h[0],
           (unsigned long long)h[1], arch, cubin ? "cubin" : "ptx");
}

static void tc__put64(unsigned char *p, uint64_t v) {
  for (int i = 0; i < 8; i++)
    p[i] = (unsigned char)(v >> (8 * i));
}

/* A hit: the file is whole, its material equals ours and its binary its hash. *data is
 * malloc'd. */
static int tc__cache_read(const char *path, const char *mat, size_t mlen, char **data,
                          size_t *size) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return -1;
  unsigned char head[TC__HEAD];
  char *m = NULL, *d = NULL;
  int ok = 0;
  struct stat st;
  if (fstat(fileno(f), &st) == 0 && fread(head, 1, TC__HEAD, f) == TC__HEAD &&
      !memcmp(head, TC__MAGIC, 8)) {
    uint64_t ml = tc__le64(head + 8), dl = tc__le64(head + 16), h[2];
    if (ml == mlen && dl > 0 && (uint64_t)st.st_size == TC__HEAD + ml + dl && (m = malloc(mlen)) &&
        (d = malloc(dl)) && fread(m, 1, mlen, f) == mlen && !memcmp(m, mat, mlen) &&
        fread(d, 1, dl, f) == dl) {
      tc__hash128(d, dl, h);
      ok = h[0] == tc__le64(head + 24) && h[1] == tc__le64(head + 32);
    }
  }
  fclose(f);
  free(m);
  if (ok) {
    *data = d;
    *size = (size_t)st.st_size - TC__HEAD - mlen;
  } else {
    free(d);
  }
  return ok ? 0 : -1;
}

static int tc__write_all(int fd, const void *p, size_t n) {
  const char *c = p;
  while (n) {
    ssize_t w = write(fd, c, n);
    if (w < 0 && errno == EINTR)
      continue;
    if (w <= 0)
      return -1;
    c += w;
    n -= (size_t)w;
  }
  return 0;
}

/* Writes path atomically: a temporary file unique to this process and call, then rename. */
static int tc__cache_write(const char *path, const char *mat, size_t mlen, const char *data,
                           size_t size) {
  static atomic_ulong counter;
  char tmp[4200];
  snprintf(tmp, sizeof tmp, "%s.tmp.%ld.%lu", path, (long)getpid(),
           (unsigned long)atomic_fetch_add(&counter, 1));
  int fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0)
    return -1;
  unsigned char head[TC__HEAD];
  uint64_t h[2];
  tc__hash128(data, size, h);
  memcpy(head, TC__MAGIC, 8);
  tc__put64(head + 8, mlen);
  tc__put64(head + 16, size);
  tc__put64(head + 24, h[0]);
  tc__put64(head + 32, h[1]);
  int bad = tc__write_all(fd, head, TC__HEAD) || tc__write_all(fd, mat, mlen) ||
            tc__write_all(fd, data, size);
  bad |= close(fd) != 0;
  if (bad || rename(tmp, path) != 0) {
    unlink(tmp);
    return -1;
  }
  return 0;
}

/* ---- NVRTC ---- */

static int tc__nvrtc(const char *text, size_t len, const char *name, const tc__opts *o, int cubin,
                     tc_cuda_binary *out, char *err, size_t errlen) {
  char *src = malloc(len + 1); /* NVRTC wants a NUL-terminated source */
  if (!src) {
    tc__err(err, errlen, "tc_cuda: out of memory");
    return -1;
  }
  memcpy(src, text, len);
  src[len] = 0;
  nvrtcProgram p;
  nvrtcResult r = nvrtcCreateProgram(&p, src, name, 0, NULL, NULL);
  free(src);
  if (r != NVRTC_SUCCESS) {
    tc__err(err, errlen, "tc_cuda: nvrtcCreateProgram: %s", nvrtcGetErrorString(r));
    return -1;
  }
  r = nvrtcCompileProgram(p, o->n, o->v);
  size_t ls = 0;
  if (nvrtcGetProgramLogSize(p, &ls) == NVRTC_SUCCESS && ls > 1 && (out->log = malloc(ls)))
    if (nvrtcGetProgramLog(p, out->log) != NVRTC_SUCCESS)
      out->log[0] = 0;
  if (r != NVRTC_SUCCESS) {
    tc__err(err, errlen, "tc_cuda: NVRTC could not compile %s for %s (%s):\n%s", name,
            out->arch, nvrtcGetErrorString(r), out->log ? out->log : "");
    nvrtcDestroyProgram(&p);
    return -1;
  }
  size_t n = 0;
  r = cubin ? nvrtcGetCUBINSize(p, &n) : nvrtcGetPTXSize(p, &n);
  if (r == NVRTC_SUCCESS && n > 0 && (out->data = malloc(n)))
    r = cubin ? nvrtcGetCUBIN(p, out->data) : nvrtcGetPTX(p, out->data);
  nvrtcDestroyProgram(&p);
  if (r != NVRTC_SUCCESS || !out->data || n == 0) {
    tc__err(err, errlen, "tc_cuda: NVRTC produced no %s for %s", cubin ? "CUBIN" : "PTX", out->arch);
    return -1;
  }
  out->size = n;
  return 0;
}

/* skip_read: compile even when the cache has the key (its binary failed to load). */
static int tc__compile(const char *text, size_t len, int cc_major, int cc_minor,
                       const tc_cuda_options *u, int skip_read, tc_cuda_binary *out, char *err,
                       size_t errlen) {
  double t0 = tc__now_ms();
  memset(out, 0, sizeof *out);
  int n = 0, archs[128], cubin = 0;
  if (nvrtcGetNumSupportedArchs(&n) != NVRTC_SUCCESS || n <= 0 || n > 128 ||
      nvrtcGetSupportedArchs(archs) != NVRTC_SUCCESS) {
    tc__err(err, errlen, "tc_cuda: cannot list NVRTC's supported architectures");
    return -1;
  }
  int cc = 10 * cc_major + cc_minor, oldest = archs[0];
  for (int i = 1; i < n; i++)
    oldest = archs[i] < oldest ? archs[i] : oldest;
  if (tc__pick_target(cc, archs, n, out->arch, sizeof out->arch, &cubin) != 0) {
    tc__err(err, errlen, "tc_cuda: compute capability %d.%d is older than every architecture "
            "this NVRTC supports (oldest sm_%d)", cc_major, cc_minor, oldest);
    return -1;
  }
  out->is_cubin = cubin;
  const char *name = u && u->name && *u->name ? u->name : "tritonc.cu";
  tc__opts o;
  size_t mlen = 0;
  char *mat = NULL, dir[4000];
  if (tc__build_opts(&o, out->arch, u, err, errlen) != 0)
    goto fail;
  if (!(mat = tc__material(text, len, name, out->arch, cubin, &o, &mlen))) {
    tc__err(err, errlen, "tc_cuda: out of memory");
    goto fail;
  }
  tc__cache_dir(u, dir, sizeof dir);
  if (dir[0] && tc__mkdirs(dir) == 0) {
    uint64_t h[2];
    tc__hash128(mat, mlen, h);
    tc__cache_path(dir, h, out->arch, cubin, out->cache_path, sizeof out->cache_path);
  }
  if (out->cache_path[0] && !skip_read &&
      tc__cache_read(out->cache_path, mat, mlen, &out->data, &out->size) == 0) {
    out->cache_hit = 1;
  } else if (tc__nvrtc(text, len, name, &o, cubin, out, err, errlen) != 0) {
    goto fail;
  } else if (out->cache_path[0] &&
             tc__cache_write(out->cache_path, mat, mlen, out->data, out->size) != 0) {
    out->cache_path[0] = 0; /* an unwritable cache costs a compile next time, nothing more */
  }
  free(mat);
  out->ms = tc__now_ms() - t0;
  return 0;
fail:
  free(mat);
  tc_cuda_binary_free(out);
  return -1;
}

int tc_cuda_compile(const char *text, size_t len, int cc_major, int cc_minor,
                    const tc_cuda_options *opts, tc_cuda_binary *out, char *err, size_t errlen) {
  return tc__compile(text, len, cc_major, cc_minor, opts, 0, out, err, errlen);
}

void tc_cuda_binary_free(tc_cuda_binary *b) {
  if (!b)
    return;
  free(b->data);
  free(b->log);
  memset(b, 0, sizeof *b);
}

/* ---- the block size written in the text ---- */

static const char *tc__find(const char *h, size_t hn, const char *needle) {
  size_t nn = strlen(needle);
  for (size_t i = 0; nn <= hn && i <= hn - nn; i++)
    if (h[i] == needle[0] && !memcmp(h + i, needle, nn))
      return h + i;
  return NULL;
}

static unsigned tc__digits(const char **p, const char *end) {
  unsigned long v = 0;
  const unsigned long cap = 100000000; /* shared-memory byte counts run past 10^5 */
  const char *s = *p;
  while (s < end && (*s == ' ' || *s == '\t'))
    s++;
  const char *d = s;
  while (s < end && *s >= '0' && *s <= '9' && v < cap)
    v = v * 10 + (unsigned long)(*s++ - '0');
  *p = s;
  return s > d && v < cap ? (unsigned)v : 0;
}

/* N of a line "#define NAME_WHAT N" (symbol NAME_kernel), 0 if none */
static unsigned tc__define(const char *text, size_t len, const char *symbol, const char *what) {
  const char *end = text + len;
  char pat[512];
  size_t sl = strlen(symbol);
  int base = sl > 7 && !strcmp(symbol + sl - 7, "_kernel") ? (int)(sl - 7) : (int)sl;
  snprintf(pat, sizeof pat, "#define %.*s_%s ", base, symbol, what);
  for (const char *s = text, *f; (f = tc__find(s, (size_t)(end - s), pat)); s = f + 1) {
    const char *p = f + strlen(pat);
    unsigned v = tc__digits(&p, end);
    if ((f == text || f[-1] == '\n') && v)
      return v;
  }
  return 0;
}

unsigned tc_cuda_smem_bytes(const char *text, size_t len, const char *symbol) {
  return tc__define(text, len, symbol, "SMEM_BYTES");
}

unsigned tc_cuda_num_threads(const char *text, size_t len, const char *symbol) {
  const char *end = text + len;
  size_t sl = strlen(symbol);
  unsigned n = tc__define(text, len, symbol, "NUM_THREADS");
  if (n)
    return n;
  for (const char *s = text, *f; (f = tc__find(s, (size_t)(end - s), "__launch_bounds__(")); s = f + 1) {
    const char *p = f + 18;
    unsigned v = tc__digits(&p, end);
    if (p >= end || *p != ')')
      continue;
    for (p++; p < end && (*p == ' ' || *p == '\t' || *p == '\n'); p++)
      ;
    if (v && (size_t)(end - p) > sl && !memcmp(p, symbol, sl) && (p[sl] == '(' || p[sl] == ' '))
      return v;
  }
  return 0;
}

/* ---- the driver ---- */
#ifndef TC_CUDA_NO_DRIVER

static const char *tc__cu_err(CUresult r) {
  const char *s = NULL;
  return cuGetErrorString(r, &s) == CUDA_SUCCESS && s ? s : "unknown CUDA error";
}

static CUresult tc__load_module(tc_cuda_module *m, const tc_cuda_binary *b, char *jlog,
                                size_t jlen) {
  CUjit_option jo[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void *jv[] = {jlog, (void *)(uintptr_t)jlen};
  jlog[0] = 0;
  return cuModuleLoadDataEx(&m->module, b->data, 2, jo, jv);
}

tc_cuda_module *tc_cuda_load_ex(const char *text, size_t len, const char *kernel_symbol,
                                const tc_cuda_options *opts, char *err, size_t errlen) {
  double t0 = tc__now_ms();
  CUcontext ctx = NULL;
  CUdevice dev;
  int ma = 0, mi = 0;
  if (cuCtxGetCurrent(&ctx) != CUDA_SUCCESS || !ctx) {
    tc__err(err, errlen, "tc_cuda_load: no current CUDA context (cuInit, then e.g. "
            "cuDevicePrimaryCtxRetain + cuCtxSetCurrent)");
    return NULL;
  }
  CUresult r = cuCtxGetDevice(&dev);
  if (r == CUDA_SUCCESS)
    r = cuDeviceGetAttribute(&ma, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev);
  if (r == CUDA_SUCCESS)
    r = cuDeviceGetAttribute(&mi, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev);
  if (r != CUDA_SUCCESS) {
    tc__err(err, errlen, "tc_cuda_load: device query: %s", tc__cu_err(r));
    return NULL;
  }
  tc_cuda_module *m = calloc(1, sizeof *m);
  tc_cuda_binary b;
  char jlog[4096];
  if (!m || tc_cuda_compile(text, len, ma, mi, opts, &b, err, errlen) != 0) {
    free(m);
    return NULL;
  }
  r = tc__load_module(m, &b, jlog, sizeof jlog);
  if (r != CUDA_SUCCESS && b.cache_hit) { /* a cached binary the driver rejects: build afresh */
    tc_cuda_binary_free(&b);
    if (tc__compile(text, len, ma, mi, opts, 1, &b, err, errlen) != 0) {
      free(m);
      return NULL;
    }
    r = tc__load_module(m, &b, jlog, sizeof jlog);
  }
  if (r != CUDA_SUCCESS) {
    tc__err(err, errlen, "tc_cuda_load: cuModuleLoadDataEx (%s %s): %s\n%s", b.arch,
            b.is_cubin ? "CUBIN" : "PTX", tc__cu_err(r), jlog);
    tc_cuda_binary_free(&b);
    free(m);
    return NULL;
  }
  r = cuModuleGetFunction(&m->function, m->module, kernel_symbol);
  if (r != CUDA_SUCCESS) {
    tc__err(err, errlen, "tc_cuda_load: no kernel '%s' in the module (%s); tritonc names it "
            "NAME_kernel", kernel_symbol, tc__cu_err(r));
    cuModuleUnload(m->module);
    tc_cuda_binary_free(&b);
    free(m);
    return NULL;
  }
  m->context = ctx;
  m->num_threads = tc_cuda_num_threads(text, len, kernel_symbol);
  m->smem_bytes = tc_cuda_smem_bytes(text, len, kernel_symbol);
  m->is_cubin = b.is_cubin;
  m->cache_hit = b.cache_hit;
  memcpy(m->arch, b.arch, sizeof m->arch);
  memcpy(m->cache_path, b.cache_path, sizeof m->cache_path);
  m->compile_ms = b.ms;
  tc_cuda_binary_free(&b);
  m->load_ms = tc__now_ms() - t0;
  return m;
}

tc_cuda_module *tc_cuda_load(const char *text, size_t len, const char *kernel_symbol, char *err,
                             size_t errlen) {
  return tc_cuda_load_ex(text, len, kernel_symbol, NULL, err, errlen);
}

CUresult tc_cuda_launch(tc_cuda_module *m, CUstream stream, unsigned gx, unsigned gy, unsigned gz,
                        unsigned block, unsigned shared_bytes, void **args) {
  if (!m)
    return CUDA_ERROR_INVALID_HANDLE;
  if (!block)
    block = m->num_threads;
  if (!block)
    return CUDA_ERROR_INVALID_VALUE;
  if (!gx || !gy || !gz)
    return CUDA_SUCCESS;
  if (!shared_bytes)
    shared_bytes = m->smem_bytes;
  if (shared_bytes > 48 * 1024) { /* above 48 KiB a kernel must opt in */
    CUresult r = cuFuncSetAttribute(m->function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
                                    (int)shared_bytes);
    if (r != CUDA_SUCCESS)
      return r;
  }
  return cuLaunchKernel(m->function, gx, gy, gz, block, 1, 1, shared_bytes, stream, args, NULL);
}

void tc_cuda_unload(tc_cuda_module *m) {
  if (!m)
    return;
  cuModuleUnload(m->module);
  free(m);
}

#endif /* TC_CUDA_NO_DRIVER */
