/* nvrtc_check.c — compile .cu files with NVRTC for given architectures, no GPU needed, through
 * runtime/tc_cuda.c's tc_cuda_compile (built with -DTC_CUDA_NO_DRIVER, cache off): the same
 * options a program using the runtime would compile them with.
 *
 *   nvrtc_check [--arch sm_XY]... [--werror] [-I DIR]... FILE.cu...
 *
 * Prints "PASS FILE sm_XY (...)" or "FAIL FILE sm_XY (reason)" per file and architecture (then
 * NVRTC's log), and "N passed, N failed". --werror fails a compilation whose log is not empty
 * (NVRTC writes warnings there). Default architectures: sm_80 and sm_90. Exit status 1 when
 * something failed, 2 on bad usage. */
#define _POSIX_C_SOURCE 200809L
#include "tc_cuda.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *read_file(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  size_t cap = 1 << 16, n = 0, r;
  char *s = malloc(cap);
  while (s && (r = fread(s + n, 1, cap - n, f)) > 0) {
    n += r;
    if (n == cap) {
      char *t = realloc(s, cap *= 2);
      if (!t)
        free(s);
      s = t;
    }
  }
  fclose(f);
  *len = n;
  return s;
}

static int usage(void) {
  fprintf(stderr, "usage: nvrtc_check [--arch sm_XY]... [--werror] [-I DIR]... FILE.cu...\n");
  return 2;
}

/* "sm_90" -> 9, 0; "sm_100" -> 10, 0 */
static int parse_arch(const char *a, int *ma, int *mi) {
  char *end;
  long v = strncmp(a, "sm_", 3) ? -1 : strtol(a + 3, &end, 10);
  if (v < 10 || v > 999 || *end)
    return -1;
  *ma = (int)(v / 10);
  *mi = (int)(v % 10);
  return 0;
}

/* the log has a line other than ptxas's C7517 note. That note (ptxas info, not a warning) says a
 * warpgroup.wait was added where a loop of wgmma that waits for the group before (dot.c,
 * defer_wait) exits: the last trip already waited for all of its groups, which ptxas cannot see
 * through the trip's condition, so the added wait finds nothing in flight. Anything else in the
 * log (a warning, another note such as C7514's serialised wgmma) fails the check. */
static int log_has_warnings(const char *log) {
  for (const char *l = log; l && *l;) {
    const char *nl = strchr(l, '\n');
    size_t n = nl ? (size_t)(nl - l) : strlen(l);
    const char *note = strstr(l, "(C7517) warpgroup.wait is injected");
    if (n && !(!strncmp(l, "ptxas info", 10) && note && note < l + n))
      return 1;
    l = nl ? nl + 1 : l + n;
  }
  return 0;
}

static int check(const char *file, const char *arch, int werror, const tc_cuda_options *o,
                 const char *text, size_t len) {
  int ma = 0, mi = 0;
  tc_cuda_binary b;
  char err[16384];
  parse_arch(arch, &ma, &mi);
  if (tc_cuda_compile(text, len, ma, mi, o, &b, err, sizeof err) != 0) {
    const char *nl = strchr(err, '\n');
    printf("FAIL %s %s (%.*s)\n", file, arch, nl ? (int)(nl - err) : (int)strlen(err), err);
    if (nl)
      printf("%s\n", nl + 1);
    return 0;
  }
  int ok = !(werror && log_has_warnings(b.log));
  printf("%s %s %s (%s %s, %zu bytes, %.0f ms)%s\n", ok ? "PASS" : "FAIL", file, arch,
         b.is_cubin ? "CUBIN" : "PTX", b.arch, b.size, b.ms, ok ? "" : ": NVRTC warnings");
  if (b.log && b.log[0])
    printf("%s\n", b.log);
  tc_cuda_binary_free(&b);
  return ok;
}

int main(int argc, char **argv) {
  const char *archs[32], *extra[32], *files[4096];
  int na = 0, ne = 0, nf = 0, werror = 0, ma, mi;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--arch") && i + 1 < argc && na < 32) {
      if (parse_arch(argv[++i], &ma, &mi) != 0)
        return usage();
      archs[na++] = argv[i];
    } else if (!strcmp(argv[i], "--werror")) {
      werror = 1;
    } else if (!strncmp(argv[i], "-I", 2) && ne < 32) {
      if (!argv[i][2]) { /* "-I DIR": NVRTC wants "-IDIR" */
        if (i + 1 == argc)
          return usage();
        char *o = malloc(strlen(argv[++i]) + 3);
        if (!o)
          return 2;
        sprintf(o, "-I%s", argv[i]);
        extra[ne++] = o;
      } else {
        extra[ne++] = argv[i];
      }
    } else if (argv[i][0] == '-' || nf == 4096) {
      return usage();
    } else {
      files[nf++] = argv[i];
    }
  }
  if (!nf)
    return usage();
  if (!na) {
    archs[na++] = "sm_80";
    archs[na++] = "sm_90";
  }
  int passed = 0, failed = 0;
  for (int f = 0; f < nf; f++) {
    size_t len = 0;
    char *text = read_file(files[f], &len);
    if (!text) {
      printf("FAIL %s (cannot read)\n", files[f]);
      failed++;
      continue;
    }
    const char *base = strrchr(files[f], '/');
    tc_cuda_options o = {base ? base + 1 : files[f], extra, ne, 1, NULL};
    for (int a = 0; a < na; a++) {
      if (check(files[f], archs[a], werror, &o, text, len))
        passed++;
      else
        failed++;
    }
    free(text);
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
