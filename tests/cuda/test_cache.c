/* test_cache.c — unit tests of runtime/tc_cuda.c without a GPU: the hash, the choice of target,
 * the cache directory, the atomic cache files (also under concurrent writers and readers), the
 * block size read from the text, and tc_cuda_compile end to end through NVRTC, with NVRTC's
 * compilations counted by a wrapper around nvrtcCompileProgram (so "a cache hit does not run
 * NVRTC" is observed, not taken from the code's own flag).
 *
 *   test_cache SCRATCH_DIR SAMPLE.cu     (SCRATCH_DIR: an empty directory the test may fill)
 *
 * Built by tests/cuda/run.sh: cc -DTC_CUDA_NO_DRIVER -pthread test_cache.c -lnvrtc. */
#define _POSIX_C_SOURCE 200809L
#include <nvrtc.h>
#include <stdatomic.h>

static atomic_int nvrtc_compiles; /* counts real NVRTC compilations */
static nvrtcResult counted_compile(nvrtcProgram p, int n, const char *const *o) {
  atomic_fetch_add(&nvrtc_compiles, 1);
  return nvrtcCompileProgram(p, n, o);
}
#define nvrtcCompileProgram counted_compile
#include "../../runtime/tc_cuda.c"
#undef nvrtcCompileProgram

#include <dirent.h>
#include <pthread.h>
#include <sys/wait.h>

static int passed, failed;
static void check(int ok, const char *name, const char *why) {
  if (ok) {
    printf("PASS %s\n", name);
    passed++;
  } else {
    printf("FAIL %s (%s)\n", name, why);
    failed++;
  }
}

static char scratch[1024];

static int cmp128(const void *a, const void *b) { return memcmp(a, b, 16); }

/* Distinct inputs get distinct hashes: every prefix of a 200-byte buffer, every single-bit flip
 * of it, and a text against itself with a zero byte appended. */
static void test_hash(void) {
  enum { N = 200 };
  unsigned char buf[N + 1];
  static uint64_t hs[N + 1 + 8 * N][2];
  int k = 0;
  for (int i = 0; i <= N; i++)
    buf[i] = (unsigned char)(i * 37 + 11);
  for (int len = 0; len <= N; len++)
    tc__hash128(buf, (size_t)len, hs[k++]);
  for (int bit = 0; bit < 8 * N; bit++) {
    buf[bit / 8] ^= (unsigned char)(1u << (bit % 8));
    tc__hash128(buf, N, hs[k++]);
    buf[bit / 8] ^= (unsigned char)(1u << (bit % 8));
  }
  uint64_t a[2], b[2];
  tc__hash128(buf, N, a);
  tc__hash128(buf, N, b);
  check(a[0] == b[0] && a[1] == b[1], "hash-deterministic", "two hashes of one text differ");
  qsort(hs, (size_t)k, 16, cmp128);
  int dup = 0;
  for (int i = 1; i < k; i++)
    dup += !cmp128(hs[i - 1], hs[i]);
  check(!dup, "hash-distinct", "a collision among prefixes and bit flips");
  tc__hash128("a", 1, a);
  tc__hash128("a\0", 2, b);
  check(a[0] != b[0] && a[1] != b[1], "hash-trailing-zero", "\"a\" and \"a\\0\" collide");
}

static void test_pick(void) {
  const int archs[] = {75, 80, 86, 87, 89, 90, 100, 120};
  struct { int cc; const char *want; int cubin; } t[] = {
      {90, "sm_90a", 1}, {75, "sm_75", 1}, {88, "compute_87", 0}, {130, "compute_120", 0},
      {101, "compute_100", 0}, {70, NULL, 0}};
  for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
    char arch[24] = "", name[64];
    int cubin = -1, r = tc__pick_target(t[i].cc, archs, 8, arch, sizeof arch, &cubin);
    snprintf(name, sizeof name, "pick-target-%d", t[i].cc);
    check(t[i].want ? r == 0 && !strcmp(arch, t[i].want) && cubin == t[i].cubin : r == -1, name,
          arch);
  }
}

static void test_cache_dir(void) {
  char d[4096];
  tc_cuda_options o = {0};
  setenv("TRITONC_CACHE_DIR", "/c/explicit", 1);
  setenv("XDG_CACHE_HOME", "/c/xdg", 1);
  setenv("HOME", "/c/home", 1);
  unsetenv("TRITONC_NO_CACHE");
  o.cache_dir = "/c/opt";
  tc__cache_dir(&o, d, sizeof d);
  check(!strcmp(d, "/c/opt"), "cache-dir-option", d);
  tc__cache_dir(NULL, d, sizeof d);
  check(!strcmp(d, "/c/explicit"), "cache-dir-env", d);
  unsetenv("TRITONC_CACHE_DIR");
  tc__cache_dir(NULL, d, sizeof d);
  check(!strcmp(d, "/c/xdg/tritonc"), "cache-dir-xdg", d);
  setenv("XDG_CACHE_HOME", "relative/xdg", 1); /* the XDG spec: relative paths are ignored */
  tc__cache_dir(NULL, d, sizeof d);
  check(!strcmp(d, "/c/home/.cache/tritonc"), "cache-dir-home", d);
  setenv("TRITONC_NO_CACHE", "1", 1);
  tc__cache_dir(NULL, d, sizeof d);
  check(!d[0], "cache-dir-off-env", d);
  unsetenv("TRITONC_NO_CACHE");
  o.no_cache = 1;
  tc__cache_dir(&o, d, sizeof d);
  check(!d[0], "cache-dir-off-option", d);
  unsetenv("XDG_CACHE_HOME");
}

static void test_mkdirs(void) {
  char p[2048];
  snprintf(p, sizeof p, "%s/mk/a/b/c", scratch);
  check(tc__mkdirs(p) == 0 && tc__is_dir(p), "mkdirs-nested", p);
  check(tc__mkdirs(p) == 0, "mkdirs-existing", p);
  snprintf(p, sizeof p, "%s/mk/file", scratch);
  FILE *f = fopen(p, "w");
  if (f)
    fclose(f);
  snprintf(p, sizeof p, "%s/mk/file/sub", scratch);
  check(tc__mkdirs(p) != 0, "mkdirs-under-file", "succeeded under a regular file");
}

static int count_tmp(const char *dir) { /* leftover temporary files */
  DIR *d = opendir(dir);
  int n = 0;
  for (struct dirent *e; d && (e = readdir(d));)
    n += strstr(e->d_name, ".tmp.") != NULL;
  if (d)
    closedir(d);
  return n;
}

static long file_size(const char *p) {
  struct stat st;
  return stat(p, &st) == 0 ? (long)st.st_size : -1;
}

/* Flips one byte of the file at offset off (from the end when negative). */
static void poke(const char *path, long off) {
  FILE *f = fopen(path, "r+b");
  if (!f)
    return;
  fseek(f, off, off < 0 ? SEEK_END : SEEK_SET);
  long at = ftell(f);
  int c = fgetc(f);
  fseek(f, at, SEEK_SET);
  fputc(c ^ 0x5a, f);
  fclose(f);
}

static void test_cache_files(void) {
  char dir[2048], path[4096], *d = NULL;
  size_t n = 0;
  const char mat[] = "material one", other[] = "material onf", bin[] = "\x7f" "ELF binary bytes";
  snprintf(dir, sizeof dir, "%s/files", scratch);
  tc__mkdirs(dir);
  snprintf(path, sizeof path, "%s/entry", dir);
  check(tc__cache_read(path, mat, sizeof mat, &d, &n) != 0, "cache-miss-absent", "hit");
  check(tc__cache_write(path, mat, sizeof mat, bin, sizeof bin) == 0, "cache-write", path);
  int hit = tc__cache_read(path, mat, sizeof mat, &d, &n) == 0;
  check(hit && n == sizeof bin && !memcmp(d, bin, n), "cache-roundtrip", "read back differs");
  free(d);
  d = NULL;
  check(tc__cache_read(path, other, sizeof other, &d, &n) != 0, "cache-miss-material", "hit");
  check(count_tmp(dir) == 0, "cache-no-temp-left", "a .tmp. file remains");
  long size = file_size(path);
  if (truncate(path, size - 1) != 0)
    perror("truncate");
  check(tc__cache_read(path, mat, sizeof mat, &d, &n) != 0, "cache-miss-truncated", "hit");
  tc__cache_write(path, mat, sizeof mat, bin, sizeof bin);
  poke(path, -3); /* a byte of the binary */
  check(tc__cache_read(path, mat, sizeof mat, &d, &n) != 0, "cache-miss-damaged-binary", "hit");
  tc__cache_write(path, mat, sizeof mat, bin, sizeof bin);
  poke(path, TC__HEAD + 2); /* a byte of the material */
  check(tc__cache_read(path, mat, sizeof mat, &d, &n) != 0, "cache-miss-damaged-material", "hit");
  tc__cache_write(path, mat, sizeof mat, bin, sizeof bin);
  poke(path, 0);
  check(tc__cache_read(path, mat, sizeof mat, &d, &n) != 0, "cache-miss-bad-magic", "hit");
  snprintf(path, sizeof path, "%s/no/such/dir/entry", dir);
  check(tc__cache_write(path, mat, sizeof mat, bin, sizeof bin) != 0, "cache-write-fails-cleanly",
        "wrote into a missing directory");
}

/* Writers rewrite one entry while a reader reads it: once the entry exists, every read must be a
 * whole, correct file (rename is atomic). A writer that wrote in place would be caught. */
enum { WRITERS = 4, WRITES = 300 };
static char race_path[4096];
static char race_bin[50000];
static atomic_int writers_done, race_bad_reads, race_good_reads;
static void *race_writer(void *arg) {
  (void)arg;
  for (int i = 0; i < WRITES; i++)
    if (tc__cache_write(race_path, "m", 1, race_bin, sizeof race_bin) != 0)
      atomic_fetch_add(&race_bad_reads, 1000000);
  atomic_fetch_add(&writers_done, 1);
  return NULL;
}
static void *race_reader(void *arg) {
  (void)arg;
  int seen = 0;
  while (atomic_load(&writers_done) < WRITERS) {
    char *d = NULL;
    size_t n = 0;
    if (tc__cache_read(race_path, "m", 1, &d, &n) == 0) {
      seen = 1;
      atomic_fetch_add(&race_good_reads, 1);
      if (n != sizeof race_bin || memcmp(d, race_bin, n))
        atomic_fetch_add(&race_bad_reads, 1);
    } else if (seen) {
      atomic_fetch_add(&race_bad_reads, 1);
    }
    free(d);
  }
  return NULL;
}
static void test_cache_race(void) {
  pthread_t t[WRITERS + 1];
  char dir[2048];
  for (size_t i = 0; i < sizeof race_bin; i++)
    race_bin[i] = (char)(i * 131 + 7);
  snprintf(dir, sizeof dir, "%s/race", scratch);
  tc__mkdirs(dir);
  snprintf(race_path, sizeof race_path, "%s/entry", dir);
  pthread_create(&t[WRITERS], NULL, race_reader, NULL);
  for (int i = 0; i < WRITERS; i++)
    pthread_create(&t[i], NULL, race_writer, NULL);
  for (int i = 0; i <= WRITERS; i++)
    pthread_join(t[i], NULL);
  char why[128];
  snprintf(why, sizeof why, "%d bad of %d good reads", atomic_load(&race_bad_reads),
           atomic_load(&race_good_reads));
  check(atomic_load(&race_bad_reads) == 0 && count_tmp(dir) == 0, "cache-concurrent-writes", why);
}

static void test_num_threads(void) {
  const char *a = "x\n#define add_kernel_NUM_THREADS 256\nextern \"C\" __global__ void "
                  "__launch_bounds__(128) add_kernel_kernel(float *x)";
  const char *b = "extern \"C\" __global__ void __launch_bounds__(64) k2(float *x) {}\n"
                  "extern \"C\" __global__ void __launch_bounds__(96)\nmine(int n) {}";
  const char *c = "#define other_NUM_THREADS 32\n__global__ void mine(int n) {}";
  check(tc_cuda_num_threads(a, strlen(a), "add_kernel_kernel") == 256, "num-threads-define", a);
  check(tc_cuda_num_threads(a, strlen(a) - 40, "add_kernel_kernel") == 256, "num-threads-bounded", a);
  check(tc_cuda_num_threads(b, strlen(b), "mine") == 96, "num-threads-launch-bounds", b);
  check(tc_cuda_num_threads(b, strlen(b), "k2") == 64, "num-threads-launch-bounds-first", b);
  check(tc_cuda_num_threads(c, strlen(c), "mine") == 0, "num-threads-absent", c);
  check(tc_cuda_num_threads(a, 20, "add_kernel_kernel") == 0, "num-threads-cut-text", a);
}

static char *slurp(const char *path, size_t *len) {
  FILE *f = fopen(path, "rb");
  char *s = NULL;
  long n;
  if (f && fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && (s = malloc((size_t)n + 64))) {
    rewind(f);
    *len = fread(s, 1, (size_t)n, f);
  }
  if (f)
    fclose(f);
  return s;
}

static int compile(const char *text, size_t len, int ma, int mi, tc_cuda_options *o,
                   tc_cuda_binary *b) {
  char err[16384];
  int r = tc_cuda_compile(text, len, ma, mi, o, b, err, sizeof err);
  if (r)
    printf("    %s\n", err);
  return r;
}

static void test_compile(const char *sample) {
  size_t len = 0;
  char *text = slurp(sample, &len), dir[2048], why[8192];
  tc_cuda_binary b1, b2, b3;
  if (!text) {
    check(0, "compile-sample", "cannot read the sample");
    return;
  }
  snprintf(dir, sizeof dir, "%s/cache", scratch);
  tc_cuda_options o = {"add.cu", NULL, 0, 0, dir};
  int c0 = nvrtc_compiles;
  int ok = compile(text, len, 9, 0, &o, &b1) == 0;
  snprintf(why, sizeof why, "hit %d, compiles %d, path '%s'", b1.cache_hit, nvrtc_compiles - c0,
           b1.cache_path);
  check(ok && !b1.cache_hit && nvrtc_compiles == c0 + 1 && b1.is_cubin && file_size(b1.cache_path) > 0 &&
            !strncmp(b1.cache_path, dir, strlen(dir)), "compile-miss-writes", why);
  ok = compile(text, len, 9, 0, &o, &b2) == 0;
  snprintf(why, sizeof why, "hit %d, compiles %d", b2.cache_hit, nvrtc_compiles - c0);
  check(ok && b2.cache_hit && nvrtc_compiles == c0 + 1 && b2.size == b1.size &&
            !memcmp(b1.data, b2.data, b1.size) && !strcmp(b1.cache_path, b2.cache_path),
        "compile-hit-skips-nvrtc", why);
  printf("    sm_90: NVRTC + cache write %.1f ms, cache hit %.2f ms\n", b1.ms, b2.ms);
  tc_cuda_binary_free(&b2);

  ok = compile(text, len, 8, 0, &o, &b2) == 0;
  check(ok && !b2.cache_hit && strcmp(b1.cache_path, b2.cache_path) && nvrtc_compiles == c0 + 2,
        "compile-key-arch", b2.cache_path);
  tc_cuda_binary_free(&b2);
  text[len] = ' '; /* the same text and one more space */
  ok = compile(text, len + 1, 9, 0, &o, &b2) == 0;
  check(ok && !b2.cache_hit && strcmp(b1.cache_path, b2.cache_path), "compile-key-text",
        b2.cache_path);
  tc_cuda_binary_free(&b2);
  const char *def[] = {"-DTC_TEST_OPTION=1"};
  tc_cuda_options od = {"add.cu", def, 1, 0, dir};
  ok = compile(text, len, 9, 0, &od, &b2) == 0;
  check(ok && !b2.cache_hit && strcmp(b1.cache_path, b2.cache_path), "compile-key-options",
        b2.cache_path);
  tc_cuda_binary_free(&b2);
  tc_cuda_options on = {"other.cu", NULL, 0, 0, dir};
  ok = compile(text, len, 9, 0, &on, &b2) == 0;
  check(ok && !b2.cache_hit && strcmp(b1.cache_path, b2.cache_path), "compile-key-name",
        b2.cache_path);
  tc_cuda_binary_free(&b2);

  poke(b1.cache_path, -100); /* a damaged entry is compiled again and replaced */
  int c1 = nvrtc_compiles;
  ok = compile(text, len, 9, 0, &o, &b2) == 0 && compile(text, len, 9, 0, &o, &b3) == 0;
  check(ok && !b2.cache_hit && b3.cache_hit && nvrtc_compiles == c1 + 1 &&
            !memcmp(b1.data, b3.data, b1.size), "compile-damaged-entry-replaced", "");
  tc_cuda_binary_free(&b2);
  tc_cuda_binary_free(&b3);

  c1 = nvrtc_compiles;
  o.no_cache = 1;
  ok = compile(text, len, 9, 0, &o, &b2) == 0;
  check(ok && !b2.cache_hit && !b2.cache_path[0] && nvrtc_compiles == c1 + 1, "compile-no-cache",
        b2.cache_path);
  tc_cuda_binary_free(&b2);
  o.no_cache = 0;
  setenv("TRITONC_NO_CACHE", "1", 1);
  ok = compile(text, len, 9, 0, &o, &b2) == 0;
  check(ok && !b2.cache_hit && !b2.cache_path[0] && nvrtc_compiles == c1 + 2,
        "compile-no-cache-env", b2.cache_path);
  unsetenv("TRITONC_NO_CACHE");
  tc_cuda_binary_free(&b2);
  char bad_dir[2048];
  snprintf(bad_dir, sizeof bad_dir, "%s/mk/file/sub", scratch); /* under a regular file */
  tc_cuda_options ob = {"add.cu", NULL, 0, 0, bad_dir};
  ok = compile(text, len, 9, 0, &ob, &b2) == 0;
  check(ok && b2.size > 0 && !b2.cache_path[0], "compile-unusable-cache-dir", b2.cache_path);
  tc_cuda_binary_free(&b2);

  ok = compile(text, len, 13, 0, &o, &b2) == 0; /* newer than this NVRTC: PTX */
  check(ok && !b2.is_cubin && !strncmp(b2.arch, "compute_", 8) && b2.data[b2.size - 1] == 0 &&
            strstr(b2.data, ".entry add_kernel_kernel"), "compile-ptx-for-newer-device", b2.arch);
  tc_cuda_binary_free(&b2);

  char err[16384];
  const char *broken = "extern \"C\" __global__ void k(float *x) { x[0] = undefined_name; }\n";
  int r = tc_cuda_compile(broken, strlen(broken), 9, 0, &o, &b2, err, sizeof err);
  check(r != 0 && strstr(err, "undefined_name") && strstr(err, "add.cu") && !b2.data,
        "compile-error-has-log", err);
  r = tc_cuda_compile(text, len, 5, 0, &o, &b2, err, sizeof err);
  check(r != 0 && strstr(err, "older"), "compile-too-old-device", err);
  tc_cuda_binary_free(&b1);
  free(text);
}

/* Several processes compile one new text at once: all succeed, the entry is whole, no
 * temporary file stays. */
static void test_compile_processes(const char *sample) {
  size_t len = 0;
  char *text = slurp(sample, &len), dir[2048];
  if (!text)
    return;
  const char tag[] = "\n/* processes */\n";
  memcpy(text + len, tag, sizeof tag - 1);
  len += sizeof tag - 1;
  snprintf(dir, sizeof dir, "%s/procs", scratch);
  tc_cuda_options o = {"add.cu", NULL, 0, 0, dir};
  pid_t pids[3];
  fflush(stdout);
  for (int i = 0; i < 3; i++)
    if ((pids[i] = fork()) == 0) {
      tc_cuda_binary b;
      _exit(compile(text, len, 9, 0, &o, &b) == 0 && b.size > 0 ? 0 : 1);
    }
  int all = 1;
  for (int i = 0; i < 3; i++) {
    int st = 0;
    waitpid(pids[i], &st, 0);
    all &= WIFEXITED(st) && WEXITSTATUS(st) == 0;
  }
  tc_cuda_binary b;
  int c0 = nvrtc_compiles, ok = compile(text, len, 9, 0, &o, &b) == 0;
  check(all && ok && b.cache_hit && nvrtc_compiles == c0 && count_tmp(dir) == 0,
        "compile-concurrent-processes", "");
  tc_cuda_binary_free(&b);
  free(text);
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: test_cache SCRATCH_DIR SAMPLE.cu\n");
    return 2;
  }
  snprintf(scratch, sizeof scratch, "%s", argv[1]);
  test_hash();
  test_pick();
  test_cache_dir();
  test_mkdirs();
  test_cache_files();
  test_cache_race();
  test_num_threads();
  test_compile(argv[2]);
  test_compile_processes(argv[2]);
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}
