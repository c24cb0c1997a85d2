/* wrapped.c — a kernel inside the module torch.compile writes for a compiled graph (Inductor's
 * output code), where the kernel's own module is a string:
 *
 *   triton_poi_fused_add_0 = async_compile.triton('triton_poi_fused_add_0', '''
 *   import triton
 *   ...
 *   @triton.jit
 *   def triton_poi_fused_add_0(in_ptr0, out_ptr0, xnumel, XBLOCK : tl.constexpr): ...
 *   ''', device_str='cuda')
 *
 * When -n names no function of the file but such a call with that name, the string is parsed as
 * the kernel's module: the file's text with every byte outside the string made a space (newlines
 * kept), so each position in it is the same position in the file, and errors show the file's
 * own lines. The rest of the file (the host code running the graph) is not read.
 */
#include "tritonc.h"

#include <string.h>

/* NAME = x.triton('NAME', '''source''', ...) among the module's constants */
static Node *wrapped_source(Module *m, const char *kernel) {
  for (int i = 0; i < m->consts.n; i++) {
    Node *c = m->consts.v[i], *v = c->b;
    if (!v || v->kind != N_CALL || v->a->kind != N_ATTR || strcmp(v->a->str, "triton") ||
        v->args.n < 2 || v->args.v[0]->kind != N_STR || v->args.v[1]->kind != N_STR ||
        strcmp(v->args.v[0]->str, kernel))
      continue;
    return v->args.v[1];
  }
  return NULL;
}

static size_t offset_of(const char *text, size_t len, Loc l) {
  size_t o = 0;
  for (int line = 1; line < l.line && o < len; o++)
    line += text[o] == '\n';
  return o + (size_t)(l.col - 1);
}

Module *parse_wrapped(Module *m, const char *text, size_t len, const char *kernel) {
  for (int i = 0; i < m->funcs.n; i++)
    if (!strcmp(m->funcs.v[i]->str, kernel))
      return m;
  Node *s = wrapped_source(m, kernel);
  if (!s)
    return m;
  size_t start = offset_of(text, len, s->loc);
  if (start + 3 > len || (strncmp(text + start, "'''", 3) && strncmp(text + start, "\"\"\"", 3)))
    error_at(s->loc, "the source of kernel '%s' must be a plain ''' or \"\"\" string", kernel);
  char quote[4] = {text[start], text[start], text[start], 0};
  const char *end = strstr(text + start + 3, quote);
  if (!end || memchr(text + start + 3, '\\', (size_t)(end - text - start - 3)))
    error_at(s->loc, "the source of kernel '%s' has a backslash escape: tritonc reads the "
                     "kernel's text as written", kernel);
  char *inner = arena_alloc(len + 1);
  for (size_t i = 0; i < len; i++) {
    bool in = i >= start + 3 && text + i < end;
    inner[i] = in || text[i] == '\n' ? text[i] : ' ';
  }
  return parse_module(m->file, inner, len);
}
