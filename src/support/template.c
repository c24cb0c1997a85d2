/* template.c — the fixed text of generated files (templates/NAME.tmpl, built in, or read from
 * --templates DIR). Placeholders are {{KEY}}; see templates/README.md.
 */
#include "tritonc.h"

#include <stdlib.h>
#include <string.h>

extern const char *const tc_templates[];
static const char *tmpl_dir;

void template_set_dir(const char *dir) { tmpl_dir = dir; }

static const char *read_text(const char *path) {
  FILE *f = fopen(path, "rb");
  if (!f)
    return NULL;
  Buf b = {0};
  char chunk[4096];
  size_t n;
  while ((n = fread(chunk, 1, sizeof chunk - 1, f)) > 0) {
    chunk[n] = 0;
    buf_puts(&b, chunk);
  }
  fclose(f);
  const char *s = xstrdup(b.s ? b.s : "");
  buf_free(&b);
  return s;
}

const char *template_get(const char *name) {
  if (tmpl_dir) {
    const char *path = fmt("%s/%s.tmpl", tmpl_dir, name);
    const char *s = read_text(path);
    if (s)
      return s;
  }
  for (int i = 0; tc_templates[i]; i += 2)
    if (!strcmp(tc_templates[i], name))
      return tc_templates[i + 1];
  die("no template named %s", name);
}

void template_expand(Buf *out, const char *name, const char *const *kv) {
  const char *s = template_get(name);
  while (*s) {
    const char *open = strstr(s, "{{");
    if (!open) {
      buf_puts(out, s);
      return;
    }
    buf_printf(out, "%.*s", (int)(open - s), s);
    const char *close = strstr(open, "}}");
    if (!close) {
      fprintf(stderr, "tritonc: error: template %s: unterminated '{{'\n", name);
      exit(1);
    }
    const char *key = xstrndup(open + 2, (size_t)(close - open - 2));
    const char *val = NULL;
    for (int i = 0; kv[i]; i += 2)
      if (!strcmp(kv[i], key))
        val = kv[i + 1];
    if (!val) {
      fprintf(stderr, "tritonc: error: template %s: unknown placeholder {{%s}}\n", name, key);
      exit(1);
    }
    buf_puts(out, val);
    s = close + 2;
  }
}
