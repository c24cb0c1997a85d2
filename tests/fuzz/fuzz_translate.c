/* fuzz_translate.c — a libFuzzer target over the whole translation of one kernel: parse, sema,
 * the IR passes and the C emitter (translate_text in main.c), built with ASan+UBSan by
 * `make bin/fuzz-translate`; tests/fuzz/libfuzzer.sh makes its seed corpus and runs it.
 *
 * An input is three lines, then the kernel file:
 *   KERNEL_NAME\nSIGNATURE\nGRID (empty for none)\n<python source>
 * A user error (error_at) is an ordinary outcome: error_trap turns it into a longjmp back here,
 * so inputs run in one process. An exit (die: an internal error, exit 3; a usage error) or a
 * sanitizer report is what libFuzzer reports as a crash. Memory of a rejected input is not
 * freed on the longjmp (tree-sitter trees, output buffers): run with -detect_leaks=0. */
#include "tritonc.h"

#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

static char *next_line(const uint8_t **p, const uint8_t *end) {
  const uint8_t *nl = memchr(*p, '\n', (size_t)(end - *p));
  if (!nl)
    return NULL;
  char *s = xstrndup((const char *)*p, (size_t)(nl - *p));
  *p = nl + 1;
  return s;
}

int LLVMFuzzerInitialize(int *argc, char ***argv) {
  (void)argc;
  (void)argv;
  if (!freopen("/dev/null", "w", stdout)) /* --emit c prints the kernel */
    return 1;
  return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size > (1u << 16))
    return 0;
  const uint8_t *p = data, *end = data + size;
  char *name = next_line(&p, end), *sig = name ? next_line(&p, end) : NULL;
  char *grid = sig ? next_line(&p, end) : NULL;
  if (grid && *name) {
    size_t len = (size_t)(end - p);
    char *text = arena_alloc(len + 1);
    memcpy(text, p, len);
    Options o = {.file = "kernel.py", .kernel = name, .signature = sig, .grid = *grid ? grid : NULL,
                 .target = "c", .emit = "c", .num_warps = 4};
    jmp_buf jb;
    error_trap = &jb;
    if (!setjmp(jb))
      translate_text(&o, text, len);
    error_trap = NULL;
  }
  source_reset();
  arena_release();
  return 0;
}
