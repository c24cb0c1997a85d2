/* parse.c — Python source -> AST, through tree-sitter-python.
 *
 * Three steps. The bytes are checked (UTF-8, no NUL, not empty) and tree-sitter builds the
 * concrete syntax tree, whose first ERROR or MISSING node is reported. The "toplevel" query
 * (grammar/queries/toplevel.scm) then picks out imports, decorated functions and
 * `NAME = value` constants; the rest of the module is host code and is never converted.
 * Last, the chosen CST nodes become AST nodes (tritonc.h), each with its file:line:col.
 *
 * One converter serves two strictness levels. Inside a @triton.jit function an unsupported
 * construct is a user error. Elsewhere (module constants, decorator arguments, functions
 * with other decorators) the same text is host Python that a kernel may never need, so
 * reject() unwinds with longjmp and the value becomes NULL; sema complains only on use.
 *
 * tree-sitter recovers quietly from some mistakes Python rejects (an empty suite, a bad
 * indent, a keyword used as a name); those are checked while converting, so host code is
 * never held to them. Recursion is bounded by MAXDEPTH: hostile nesting cannot overflow
 * the C stack, and the syntax-error walk is iterative.
 */
#include "tritonc.h"

#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <tree_sitter/api.h>

const TSLanguage *tree_sitter_python(void);
extern const char *const tc_queries[];

#define MAXDEPTH 200

const char *const node_names[] = {
#define X(e, s) s,
    NODE_KINDS(X)
#undef X
};

const char *const pyop_names[] = {
#define X(e, s) s,
    PY_OPS(X)
#undef X
};

typedef struct P {
  const char *file, *src;
  size_t len;
  Module *m;
  int depth;
  bool in_deco;  /* inside a decorator: lambdas allowed (triton.heuristics) */
  bool host;     /* host Python (lenient mode): comprehensions, lambdas, '**' arguments and
                    nested defs convert; sema evaluates them only as host code */
  jmp_buf *bail; /* lenient mode: reject() unwinds here instead of exiting */
  const char *why; /* lenient mode: the message of the last reject() */
  Loc why_loc;
  bool fallback; /* in an `except` body at module level: its imports give no alias */
  Vec funcs, consts; /* of Node *, for Module */
} P;

typedef Node *Conv(P *p, TSNode n);

/* The tree (and the syntax walk's cursor) are freed before error_at() exits, so that
 * sanitizer leak checks stay quiet on user errors. */
static TSTree *cur_tree;
static TSTreeCursor walk;
static bool walking;
static TSQuery *top_query; /* the "toplevel" query, alive while the module level converts */
static TSQueryCursor *top_cursor;

static void release_tree(void) {
  if (top_cursor)
    ts_query_cursor_delete(top_cursor);
  if (top_query)
    ts_query_delete(top_query);
  top_cursor = NULL;
  top_query = NULL;
  if (walking)
    ts_tree_cursor_delete(&walk);
  walking = false;
  if (cur_tree)
    ts_tree_delete(cur_tree);
  cur_tree = NULL;
}

/* ---- CST helpers ---- */

static Loc loc_of(P *p, TSNode n) {
  TSPoint pt = ts_node_start_point(n);
  return (Loc){p->file, (int)pt.row + 1, (int)pt.column + 1};
}

static bool is(TSNode n, const char *type) { return !strcmp(ts_node_type(n), type); }

static TSNode field(TSNode n, const char *name) {
  return ts_node_child_by_field_name(n, name, (uint32_t)strlen(name));
}

static bool has_field(TSNode n, const char *name) { return !ts_node_is_null(field(n, name)); }

static char *text(P *p, TSNode n) {
  uint32_t a = ts_node_start_byte(n), b = ts_node_end_byte(n);
  return xstrndup(p->src + a, b - a);
}

/* Text for a message: the first line, shortened. */
static char *snippet(P *p, TSNode n) {
  char *s = text(p, n);
  s[strcspn(s, "\r\n")] = 0;
  return strlen(s) > 24 ? fmt("%.21s...", s) : s;
}

typedef struct Kids {
  TSNode *v;
  int n;
} Kids;

/* Children in order, without comments and line continuations; named ones only if `named`.
 * A tree cursor keeps this linear (ts_node_child(i) rescans from the first child). */
static Kids kids(TSNode n, bool named) {
  Kids k = {arena_alloc(sizeof(TSNode) * (ts_node_child_count(n) + 1)), 0};
  TSTreeCursor c = ts_tree_cursor_new(n);
  for (bool ok = ts_tree_cursor_goto_first_child(&c); ok;
       ok = ts_tree_cursor_goto_next_sibling(&c)) {
    TSNode x = ts_tree_cursor_current_node(&c);
    if (!ts_node_is_extra(x) && (!named || ts_node_is_named(x)))
      k.v[k.n++] = x;
  }
  ts_tree_cursor_delete(&c);
  return k;
}

static bool has_token(TSNode n, const char *tok) {
  Kids k = kids(n, false);
  for (int i = 0; i < k.n; i++)
    if (is(k.v[i], tok))
      return true;
  return false;
}

static NodeList list_of(Vec *v) {
  NodeList l = {arena_alloc(sizeof(Node *) * (size_t)(v->n + 1)), v->n};
  for (int i = 0; i < v->n; i++)
    l.v[i] = v->v[i];
  return l;
}

static NodeList list1(Node *x) {
  Vec v = {0};
  vec_push(&v, x);
  return list_of(&v);
}

static Node *mk(P *p, NodeKind k, TSNode n) {
  Node *x = arena_alloc(sizeof(Node));
  x->kind = k;
  x->loc = loc_of(p, n);
  return x;
}

/* ---- errors and leniency ---- */

static _Noreturn void reject(P *p, TSNode n, const char *f, ...)
    __attribute__((format(printf, 3, 4)));
static _Noreturn void reject(P *p, TSNode n, const char *f, ...) {
  char msg[512];
  va_list ap;
  va_start(ap, f);
  vsnprintf(msg, sizeof msg, f, ap);
  va_end(ap);
  Loc loc = loc_of(p, n);
  if (p->bail) {
    p->why = xstrdup(msg);
    p->why_loc = loc;
    longjmp(*p->bail, 1);
  }
  release_tree();
  error_at(loc, "%s", msg);
}

/* Host Python: what the converter rejects gives NULL instead of an error. */
static Node *lenient(P *p, TSNode n, Conv *conv) {
  jmp_buf jb, *saved = p->bail;
  int depth = p->depth;
  bool deco = p->in_deco, host = p->host;
  Node *volatile r = NULL;
  p->bail = &jb;
  p->host = true;
  if (!setjmp(jb))
    r = conv(p, n);
  p->bail = saved;
  p->depth = depth;
  p->in_deco = deco;
  p->host = host;
  return r;
}

/* Constructs outside Triton's subset, by CST node type. */
static const struct {
  const char *type, *what;
} unsupported[] = {
    {"lambda", "lambda expressions are"},
    {"class_definition", "class definitions are"},
    {"function_definition", "nested function definitions are"},
    {"decorated_definition", "decorators on nested functions are"},
    {"list_comprehension", "list comprehensions are"},
    {"set_comprehension", "set comprehensions are"},
    {"dictionary_comprehension", "dict comprehensions are"},
    {"generator_expression", "generator expressions are"},
    {"try_statement", "try statements are"},
    {"with_statement", "with statements are"},
    {"global_statement", "global statements are"},
    {"nonlocal_statement", "nonlocal statements are"},
    {"yield", "yield expressions are"},
    {"await", "await expressions are"},
    {"delete_statement", "del statements are"},
    {"raise_statement", "raise statements are"},
    {"import_statement", "import statements inside functions are"},
    {"import_from_statement", "import statements inside functions are"},
    {"future_import_statement", "import statements inside functions are"},
    {"named_expression", "assignment expressions (':=') are"},
    {"list_splat", "starred expressions are"},
    {"parenthesized_list_splat", "starred expressions are"},
    {"list_splat_pattern", "starred assignment targets are"},
    {"dictionary_splat", "'**' unpacking is"},
    {"match_statement", "match statements are"},
    {"set", "set literals are"},
    {"exec_statement", "exec statements are"},
    {"print_statement", "Python 2 print statements (use print(...)) are"},
    {"type_alias_statement", "type alias statements are"},
    {"ellipsis", "'...' (Ellipsis) is"},
    {"as_pattern", "'as' patterns are"},
};

static _Noreturn void reject_construct(P *p, TSNode n) {
  const char *t = ts_node_type(n);
  for (size_t i = 0; i < sizeof unsupported / sizeof *unsupported; i++)
    if (!strcmp(t, unsupported[i].type))
      reject(p, n, "%s not supported in %s", unsupported[i].what,
             p->host ? "the host Python tritonc evaluates" : "Triton kernels");
  reject(p, n, "unsupported Python construct (%s) in %s", t,
         p->host ? "the host Python tritonc evaluates" : "a Triton kernel");
}

/* A name. tree-sitter-python takes a misplaced keyword for one (`return return` and a lone
 * `else:` parse without an ERROR node); Python does not. */
static char *ident(P *p, TSNode n) {
  static const char *const kw[] = {
      "False", "None",     "True",  "and",    "as",   "assert", "async",  "await",    "break",
      "class", "continue", "def",   "del",    "elif", "else",   "except", "finally",  "for",
      "from",  "global",   "if",    "import", "in",   "is",     "lambda", "nonlocal", "not",
      "or",    "pass",     "raise", "return", "try",  "while",  "with",   "yield",    NULL};
  uint32_t len = ts_node_end_byte(n) - ts_node_start_byte(n);
  for (int i = 0; kw[i] && len <= 8; i++)
    if (strlen(kw[i]) == len && !memcmp(p->src + ts_node_start_byte(n), kw[i], len))
      reject(p, n, "syntax error: unexpected keyword '%s'", kw[i]);
  return text(p, n);
}

/* ---- literals ---- */

/* Number text without its '_' separators; complex literals are refused. */
static char *digits(P *p, TSNode n) {
  char *s = text(p, n), *d = s;
  for (char *q = s; *q; q++)
    if (*q != '_')
      *d++ = *q;
  *d = 0;
  if (d > s && (d[-1] == 'j' || d[-1] == 'J'))
    reject(p, n, "complex numbers are not supported in Triton kernels");
  return s;
}

/* 42, 0x_ff, 0o17, 0b1010, 1_000_000 */
static Node *integer(P *p, TSNode n) {
  char *s = digits(p, n), *q = s;
  if (strchr("lL", s[strlen(s) - 1]))
    reject(p, n, "Python 2 long integer suffix 'L' is not supported");
  int base = 10;
  if (s[0] == '0' && s[1] && strchr("xXoObB", s[1])) {
    base = strchr("xX", s[1]) ? 16 : strchr("oO", s[1]) ? 8 : 2;
    q += 2;
  } else if (s[0] == '0' && s[strspn(s, "0")])
    reject(p, n, "leading zeros in decimal integer literals are not permitted; use an 0o prefix");
  uint64_t v = 0;
  for (; *q; q++) {
    uint64_t dig = (uint64_t)(*q <= '9' ? *q - '0' : (*q | 32) - 'a' + 10);
    if (v > (UINT64_MAX - dig) / (uint64_t)base)
      reject(p, n, "integer literal %s does not fit in 64 bits", s);
    v = v * (uint64_t)base + dig;
  }
  Node *x = mk(p, N_INT, n);
  /* Beyond int64 (a uint64 such as 0xFFFFFFFFFFFFFFFF): ival keeps the bit pattern. */
  x->ival_big = v > (uint64_t)INT64_MAX;
  x->ival = x->ival_big ? (int64_t)(v - (uint64_t)INT64_MAX - 1) + INT64_MIN : (int64_t)v;
  return x;
}

/* 1.5, 1e-5, .5, 1_000.0 */
static Node *float_lit(P *p, TSNode n) {
  Node *x = mk(p, N_FLOAT, n);
  x->fval = strtod(digits(p, n), NULL);
  return x;
}

static void put_utf8(Buf *b, uint32_t c) {
  unsigned char s[5] = {0};
  if (c > 0x10FFFF)
    c = 0xFFFD; /* \U escape beyond Unicode */
  if (c < 0x80)
    s[0] = (unsigned char)c;
  else if (c < 0x800)
    s[0] = (unsigned char)(0xC0 | c >> 6), s[1] = (unsigned char)(0x80 | (c & 63));
  else if (c < 0x10000)
    s[0] = (unsigned char)(0xE0 | c >> 12), s[1] = (unsigned char)(0x80 | (c >> 6 & 63)),
    s[2] = (unsigned char)(0x80 | (c & 63));
  else
    s[0] = (unsigned char)(0xF0 | c >> 18), s[1] = (unsigned char)(0x80 | (c >> 12 & 63)),
    s[2] = (unsigned char)(0x80 | (c >> 6 & 63)), s[3] = (unsigned char)(0x80 | (c & 63));
  buf_puts(b, (char *)s);
}

/* One escape, s just after the backslash; returns the bytes consumed beyond it. An unknown
 * escape keeps its backslash, as in Python. \x and octal escapes name code points (str). */
static size_t escape(Buf *b, const char *s, size_t n) {
  static const char simple[] = "\\\\''\"\"a\ab\bf\fn\nr\rt\tv\v";
  for (int i = 0; simple[i]; i += 2)
    if (s[0] == simple[i]) {
      buf_puts(b, (char[]){simple[i + 1], 0});
      return 1;
    }
  if (s[0] == '\n')
    return 1; /* backslash-newline continues the string */
  int width = s[0] == 'x' ? 2 : s[0] == 'u' ? 4 : s[0] == 'U' ? 8 : 0;
  size_t k = 0;
  uint32_t c = 0;
  if (width)
    for (k = 1; k <= (size_t)width && k < n && s[k] && strchr("0123456789abcdefABCDEF", s[k]); k++)
      c = c * 16 + (uint32_t)(s[k] <= '9' ? s[k] - '0' : (s[k] | 32) - 'a' + 10);
  else
    for (; k < 3 && k < n && s[k] >= '0' && s[k] <= '7'; k++)
      c = c * 8 + (uint32_t)(s[k] - '0');
  if (k == 0 || (width && k != (size_t)width + 1)) {
    buf_puts(b, "\\");
    return 0;
  }
  put_utf8(b, c);
  return k;
}

static void decode(Buf *b, const char *s, size_t n, bool raw, bool fstr) {
  for (size_t i = 0; i < n; i++) {
    if (s[i] == '\\' && !raw && i + 1 < n)
      i += escape(b, s + i + 1, n - i - 1);
    else if (fstr && (s[i] == '{' || s[i] == '}') && i + 1 < n && s[i + 1] == s[i])
      buf_puts(b, (char[]){s[i++], 0}); /* {{ and }} */
    else
      buf_puts(b, (char[]){s[i], 0});
  }
}

/* Checked before any decoding, so that a rejection in lenient mode cannot leak the buffer. */
static void check_part(P *p, TSNode n) {
  Kids k = kids(n, true);
  if (k.n < 2 || !is(k.v[0], "string_start") || !is(k.v[k.n - 1], "string_end"))
    reject(p, n, "malformed string literal");
  for (int i = 1; i < k.n - 1; i++)
    if (is(k.v[i], "interpolation"))
      reject(p, k.v[i], "f-string formatting is not supported in Triton kernels");
}

/* One part of "a" 'b' r"c" f"d" """e""": appends its decoded text; true if an f-string. */
static bool string_part(P *p, TSNode n, Buf *b) {
  Kids k = kids(n, true);
  char *start = text(p, k.v[0]);
  size_t np = strcspn(start, "'\"");
  bool raw = memchr(start, 'r', np) || memchr(start, 'R', np);
  bool fstr = memchr(start, 'f', np) || memchr(start, 'F', np);
  uint32_t a = ts_node_end_byte(k.v[0]), e = ts_node_start_byte(k.v[k.n - 1]);
  decode(b, p->src + a, e - a, raw, fstr);
  return fstr;
}

/* "abc", 'a\n', r"raw", f"plain", "a" "b" (implicit concatenation) */
static Node *string_lit(P *p, TSNode n) {
  Node *x = mk(p, N_STR, n);
  Kids k = is(n, "string") ? (Kids){&n, 1} : kids(n, true);
  for (int i = 0; i < k.n; i++)
    check_part(p, k.v[i]);
  Buf b = {0};
  buf_puts(&b, "");
  for (int i = 0; i < k.n; i++)
    x->ival |= string_part(p, k.v[i], &b);
  x->str = xstrndup(b.s, b.n);
  buf_free(&b);
  return x;
}

/* ---- expressions ---- */

static Node *expr(P *p, TSNode n);
static Node *lambda_fn(P *p, TSNode n);
static Node *target(P *p, TSNode n);

static Node *name(P *p, TSNode n) {
  Node *x = mk(p, N_NAME, n);
  x->str = ident(p, n);
  return x;
}

/* True, False, None */
static Node *constant(P *p, TSNode n) {
  Node *x = mk(p, is(n, "none") ? N_NONE : N_BOOL, n);
  x->ival = is(n, "true");
  return x;
}

/* obj.attr */
static Node *attribute(P *p, TSNode n) {
  Node *x = mk(p, N_ATTR, n);
  x->a = expr(p, field(n, "object"));
  x->str = ident(p, field(n, "attribute"));
  return x;
}

/* (a, b, key=v); `conv` converts the values (leniently for decorator arguments) */
static void call_args(P *p, Node *call, TSNode args, Conv *conv) {
  if (!is(args, "argument_list")) {
    if (!p->host)
      reject_construct(p, args); /* f(x for x in y) */
    call->args = list1(conv(p, args));
    return;
  }
  Kids k = kids(args, true);
  Vec pos = {0}, kws = {0};
  for (int i = 0; i < k.n; i++) {
    TSNode a = k.v[i];
    if (is(a, "dictionary_splat") && p->host) { /* f(**d): a keyword named "**" */
      Node *kw = mk(p, N_KEYWORD, a);
      kw->str = "**";
      kw->a = conv(p, ts_node_named_child(a, 0));
      vec_push(&kws, kw);
      continue;
    }
    if (is(a, "dictionary_splat"))
      reject(p, a, "'**kwargs' in calls is not supported in Triton kernels");
    if (is(a, "list_splat")) { /* f(x, *t): t's items are spread (Triton's visit_Starred) */
      if (kws.n)
        reject(p, a, "'*args' after a keyword argument is not supported");
      Node *s = mk(p, N_STARRED, a);
      s->a = conv(p, ts_node_named_child(a, 0));
      vec_push(&pos, s);
      continue;
    }
    if (is(a, "keyword_argument")) {
      Node *kw = mk(p, N_KEYWORD, a);
      kw->str = ident(p, field(a, "name"));
      kw->a = conv(p, field(a, "value"));
      vec_push(&kws, kw);
    } else if (kws.n)
      reject(p, a, "positional argument follows keyword argument");
    else
      vec_push(&pos, conv(p, a));
  }
  call->args = list_of(&pos);
  call->kws = list_of(&kws);
}

/* f(a, b, key=v) */
static Node *call(P *p, TSNode n) {
  Node *x = mk(p, N_CALL, n);
  x->a = expr(p, field(n, "function"));
  call_args(p, x, field(n, "arguments"), expr);
  return x;
}

/* a:b:c, :, ::2 (inside subscripts) */
static Node *slice(P *p, TSNode n) {
  Node *x = mk(p, N_SLICE, n), *part[3] = {0};
  Kids k = kids(n, false);
  int slot = 0;
  for (int i = 0; i < k.n; i++)
    if (is(k.v[i], ":"))
      slot++;
    else if (ts_node_is_named(k.v[i]) && slot < 3)
      part[slot] = expr(p, k.v[i]);
  x->a = part[0], x->b = part[1], x->c = part[2];
  return x;
}

/* x[i], x[:, None], x[None, :, None], x[a:b]: one index item per comma */
static Node *subscript(P *p, TSNode n) {
  Node *x = mk(p, N_SUBSCRIPT, n);
  Kids k = kids(n, true);
  x->a = expr(p, k.v[0]);
  Vec items = {0};
  for (int i = 1; i < k.n; i++)
    vec_push(&items, is(k.v[i], "slice") ? slice(p, k.v[i]) : expr(p, k.v[i]));
  x->args = list_of(&items);
  return x;
}

static const struct {
  const char *s;
  PyOp op;
} op_table[] = {
    {"+", OP_ADD},        {"-", OP_SUB},    {"*", OP_MUL},   {"/", OP_DIV},
    {"//", OP_FLOORDIV},  {"%", OP_MOD},    {"**", OP_POW},  {"<<", OP_LSHIFT},
    {">>", OP_RSHIFT},    {"&", OP_BITAND}, {"|", OP_BITOR}, {"^", OP_BITXOR},
    {"@", OP_MATMUL},     {"~", OP_INVERT}, {"not", OP_NOT}, {"<", OP_LT},
    {"<=", OP_LE},        {">", OP_GT},     {">=", OP_GE},   {"==", OP_EQ},
    {"!=", OP_NE},        {"is", OP_IS},    {"in", OP_IN},   {"is not", OP_ISNOT},
    {"not in", OP_NOTIN}, {"and", OP_AND},  {"or", OP_OR},
};

/* The operator a token spells; `aug` drops the '=' of "+=" and friends. The node type is
 * used, not the text, which may hold extra spaces ("is  not"). */
static PyOp op_of(P *p, TSNode tok, bool aug) {
  char *s = xstrdup(ts_node_type(tok));
  if (aug && *s)
    s[strlen(s) - 1] = 0;
  for (size_t i = 0; i < sizeof op_table / sizeof *op_table; i++)
    if (!strcmp(s, op_table[i].s))
      return op_table[i].op;
  reject(p, tok, "the '%s' operator is not supported", s);
}

/* a + b, a // b, a @ b, a and b ... (located at the operator) */
static Node *binary(P *p, TSNode n) {
  TSNode op = field(n, "operator");
  Node *x = mk(p, is(n, "boolean_operator") ? N_BOOLOP : N_BINOP, op);
  x->op = op_of(p, op, false);
  x->a = expr(p, field(n, "left"));
  x->b = expr(p, field(n, "right"));
  return x;
}

/* -x, +x, ~x, not x */
static Node *unary(P *p, TSNode n) {
  Node *x = mk(p, N_UNOP, n);
  x->op = is(n, "not_operator") ? OP_NOT : op_of(p, field(n, "operator"), false);
  x->op = x->op == OP_SUB ? OP_NEG : x->op == OP_ADD ? OP_POS : x->op;
  x->a = expr(p, field(n, "argument"));
  return x;
}

/* a < b, 0 <= i < n, x is None, a not in b (located at the first operator) */
static Node *compare(P *p, TSNode n) {
  Kids k = kids(n, false);
  Vec args = {0};
  PyOp *ops = arena_alloc(sizeof(PyOp) * (size_t)k.n);
  int nops = 0;
  Node *x = NULL;
  for (int i = 0; i < k.n; i++) {
    if (ts_node_is_named(k.v[i])) {
      vec_push(&args, expr(p, k.v[i]));
      continue;
    }
    if (!x)
      x = mk(p, N_COMPARE, k.v[i]);
    ops[nops++] = op_of(p, k.v[i], false);
  }
  if (!x)
    reject(p, n, "malformed comparison");
  x->args = list_of(&args);
  x->ops = ops;
  return x;
}

/* a if cond else b */
static Node *ifexp(P *p, TSNode n) {
  Kids k = kids(n, true);
  if (k.n != 3)
    reject(p, n, "malformed conditional expression");
  Node *x = mk(p, N_IFEXP, n);
  x->b = expr(p, k.v[0]);
  x->a = expr(p, k.v[1]);
  x->c = expr(p, k.v[2]);
  return x;
}

/* (a, b), a, b (an expression list), [a, b] */
static Node *sequence(P *p, TSNode n) {
  Node *x = mk(p, is(n, "list") || is(n, "list_pattern") ? N_LIST : N_TUPLE, n);
  Kids k = kids(n, true);
  Vec v = {0};
  for (int i = 0; i < k.n; i++)
    vec_push(&v, expr(p, k.v[i]));
  x->args = list_of(&v);
  return x;
}

/* {'a': 1, 'b': 2} */
static Node *dict(P *p, TSNode n) {
  Node *x = mk(p, N_DICT, n);
  Kids k = kids(n, true);
  Vec v = {0};
  for (int i = 0; i < k.n; i++) {
    if (!is(k.v[i], "pair"))
      reject_construct(p, k.v[i]);
    vec_push(&v, expr(p, field(k.v[i], "key")));
    vec_push(&v, expr(p, field(k.v[i], "value")));
  }
  x->args = list_of(&v);
  return x;
}

/* (x), and the annotation in `x: tl.constexpr` (a `type` node around one expression) */
static Node *inner(P *p, TSNode n) {
  Kids k = kids(n, true);
  if (k.n != 1)
    reject(p, n, "malformed expression");
  return expr(p, k.v[0]);
}

/* lambda args: ...  (in decorators, triton.heuristics, and host Python) */
static Node *lambda_expr(P *p, TSNode n) {
  if (!p->in_deco && !p->host)
    reject_construct(p, n);
  return lambda_fn(p, n);
}

/* [e for x in xs if c], (e for ...), {k: v for ...}  in host Python only (configs built by a
 * comprehension): N_COMP, the clauses in order as N_FOR (a: target, b: iterable) and N_IF. */
static Node *comprehension(P *p, TSNode n) {
  if (!p->host)
    reject_construct(p, n);
  Node *x = mk(p, N_COMP, n);
  TSNode body = field(n, "body");
  x->ival = is(n, "dictionary_comprehension") ? 2 : is(n, "list_comprehension") ? 0 : 1;
  if (x->ival == 2) {
    if (!is(body, "pair"))
      reject_construct(p, body);
    x->a = expr(p, field(body, "key"));
    x->b = expr(p, field(body, "value"));
  } else
    x->a = expr(p, body);
  Kids k = kids(n, true);
  Vec v = {0};
  for (int i = 0; i < k.n; i++) {
    Node *c = NULL;
    if (is(k.v[i], "for_in_clause")) {
      if (has_token(k.v[i], "async"))
        reject(p, k.v[i], "'async for' is not supported");
      c = mk(p, N_FOR, k.v[i]);
      c->a = target(p, field(k.v[i], "left"));
      c->b = expr(p, field(k.v[i], "right"));
    } else if (is(k.v[i], "if_clause")) {
      c = mk(p, N_IF, k.v[i]);
      c->a = expr(p, ts_node_named_child(k.v[i], 0));
    }
    if (c)
      vec_push(&v, c);
  }
  x->args = list_of(&v);
  return x;
}

static const struct {
  const char *type;
  Conv *conv;
} expr_rules[] = {
    {"identifier", name},
    {"attribute", attribute},
    {"call", call},
    {"integer", integer},
    {"binary_operator", binary},
    {"subscript", subscript},
    {"comparison_operator", compare},
    {"parenthesized_expression", inner},
    {"float", float_lit},
    {"unary_operator", unary},
    {"not_operator", unary},
    {"boolean_operator", binary},
    {"string", string_lit},
    {"concatenated_string", string_lit},
    {"true", constant},
    {"false", constant},
    {"none", constant},
    {"tuple", sequence},
    {"expression_list", sequence},
    {"pattern_list", sequence},
    {"tuple_pattern", sequence},
    {"list_pattern", sequence},
    {"list", sequence},
    {"dictionary", dict},
    {"conditional_expression", ifexp},
    {"type", inner},
    {"lambda", lambda_expr},
    {"list_comprehension", comprehension},
    {"generator_expression", comprehension},
    {"dictionary_comprehension", comprehension},
};

static Node *expr(P *p, TSNode n) {
  if (ts_node_is_null(n))
    die("syntax tree lacks an expression");
  if (++p->depth > MAXDEPTH)
    reject(p, n, "expression nested too deeply (more than %d levels)", MAXDEPTH);
  const char *t = ts_node_type(n);
  for (size_t i = 0; i < sizeof expr_rules / sizeof *expr_rules; i++)
    if (!strcmp(t, expr_rules[i].type)) {
      Node *x = expr_rules[i].conv(p, n);
      p->depth--;
      return x;
    }
  reject_construct(p, n);
}

/* ---- statements ---- */

static Node *stmt(P *p, TSNode n);

/* The statements of a suite. Python rejects what tree-sitter takes quietly: an empty suite
 * (`def f():` then a dedented line) and statements of one suite at different columns. */
static NodeList block(P *p, TSNode n) {
  Kids k = kids(n, true);
  if (k.n == 0)
    reject(p, n, "syntax error: expected an indented block");
  TSPoint first = ts_node_start_point(k.v[0]);
  uint32_t row = first.row;
  Vec v = {0};
  for (int i = 0; i < k.n; i++) {
    TSPoint pt = ts_node_start_point(k.v[i]);
    if (pt.row != row && pt.column > first.column)
      reject(p, k.v[i], "syntax error: unexpected indent");
    if (pt.row != row && pt.column < first.column)
      reject(p, k.v[i], "syntax error: unindent does not match any outer indentation level");
    row = ts_node_end_point(k.v[i]).row; /* `a = 1; b = 2` share a row */
    vec_push(&v, stmt(p, k.v[i]));
  }
  return list_of(&v);
}

static bool is_single_target(TSNode n) {
  return is(n, "identifier") || is(n, "attribute") || is(n, "subscript");
}

/* x, x.a, x[i], and a tuple for a, b / (a, b) / [a, b] (a list target is a tuple too) */
static Node *target(P *p, TSNode n) {
  if (is(n, "identifier"))
    return name(p, n);
  if (is_single_target(n))
    return expr(p, n);
  if (++p->depth > MAXDEPTH)
    reject(p, n, "assignment target nested too deeply (more than %d levels)", MAXDEPTH);
  Kids k = kids(n, true);
  Node *x;
  if (is(n, "parenthesized_expression") && k.n == 1)
    x = target(p, k.v[0]);
  else if (is(n, "pattern_list") || is(n, "tuple_pattern") || is(n, "list_pattern") ||
           is(n, "tuple") || is(n, "list")) {
    x = mk(p, N_TUPLE, n);
    Vec v = {0};
    for (int i = 0; i < k.n; i++)
      vec_push(&v, target(p, k.v[i]));
    x->args = list_of(&v);
  } else
    reject_construct(p, n);
  p->depth--;
  return x;
}

/* x: T = v, x: T */
static Node *annassign(P *p, TSNode n) {
  TSNode left = field(n, "left"), right = field(n, "right");
  if (!is_single_target(left))
    reject(p, left, "only a single target can be annotated");
  Node *x = mk(p, N_ANNASSIGN, n);
  x->a = target(p, left);
  x->c = expr(p, field(n, "type"));
  if (!ts_node_is_null(right) && (is(right, "assignment") || is(right, "augmented_assignment")))
    reject(p, right, "an annotated assignment cannot be chained");
  if (!ts_node_is_null(right))
    x->b = expr(p, right);
  return x;
}

/* x = v, a = b = v (targets [a, b]), a, b = f(x), x[i] = v */
static Node *assign(P *p, TSNode n) {
  if (has_field(n, "type"))
    return annassign(p, n);
  Node *x = mk(p, N_ASSIGN, n);
  Vec targets = {0};
  TSNode right = n;
  while (is(right, "assignment")) {
    if (has_field(right, "type"))
      reject(p, right, "an annotated assignment cannot be chained");
    vec_push(&targets, target(p, field(right, "left")));
    right = field(right, "right");
    if (ts_node_is_null(right))
      reject(p, n, "syntax error: assignment without a value");
  }
  if (is(right, "augmented_assignment"))
    reject(p, right, "syntax error: an augmented assignment cannot be chained");
  x->args = list_of(&targets);
  x->b = expr(p, right);
  return x;
}

/* x += v, x[i] -= v, x.a *= v, and //= %= **= <<= >>= &= |= ^= @= */
static Node *augassign(P *p, TSNode n) {
  TSNode left = field(n, "left");
  if (!is_single_target(left))
    reject(p, left, "illegal target for augmented assignment");
  Node *x = mk(p, N_AUGASSIGN, n);
  x->op = op_of(p, field(n, "operator"), true);
  x->a = target(p, left);
  x->b = expr(p, field(n, "right"));
  return x;
}

/* f(x), "docstring", `a, b` (a tuple), and the assignments, which tree-sitter nests here */
static Node *expr_stmt(P *p, TSNode n) {
  Kids k = kids(n, true);
  if (k.n == 1 && is(k.v[0], "assignment"))
    return assign(p, k.v[0]);
  if (k.n == 1 && is(k.v[0], "augmented_assignment"))
    return augassign(p, k.v[0]);
  Node *x = mk(p, N_EXPR_STMT, n);
  x->a = k.n == 1 ? expr(p, k.v[0]) : sequence(p, n);
  return x;
}

/* if c: ... elif d: ... else: ...  (an elif is an N_IF alone in the orelse before it) */
static Node *if_stmt(P *p, TSNode n) {
  Node *x = mk(p, N_IF, n), *tail = x;
  x->a = expr(p, field(n, "condition"));
  x->body = block(p, field(n, "consequence"));
  Kids k = kids(n, true);
  for (int i = 0; i < k.n; i++) {
    if (is(k.v[i], "elif_clause")) {
      Node *e = mk(p, N_IF, k.v[i]);
      e->a = expr(p, field(k.v[i], "condition"));
      e->body = block(p, field(k.v[i], "consequence"));
      tail->orelse = list1(e);
      tail = e;
    } else if (is(k.v[i], "else_clause"))
      tail->orelse = block(p, field(k.v[i], "body"));
  }
  return x;
}

/* for i in range(n):, for k in tl.range(0, K, BLOCK_K, num_stages=3):, tl.static_range(4) */
static Node *for_stmt(P *p, TSNode n) {
  if (has_token(n, "async"))
    reject(p, n, "'async for' is not supported in Triton kernels");
  if (has_field(n, "alternative"))
    reject(p, field(n, "alternative"), "'for ... else' is not supported in Triton kernels");
  Node *x = mk(p, N_FOR, n);
  x->a = target(p, field(n, "left"));
  x->b = expr(p, field(n, "right"));
  x->body = block(p, field(n, "body"));
  return x;
}

/* while cond: */
static Node *while_stmt(P *p, TSNode n) {
  if (has_field(n, "alternative"))
    reject(p, field(n, "alternative"), "'while ... else' is not supported in Triton kernels");
  Node *x = mk(p, N_WHILE, n);
  x->a = expr(p, field(n, "condition"));
  x->body = block(p, field(n, "body"));
  return x;
}

/* return, return x, return a, b (a tuple) */
static Node *return_stmt(P *p, TSNode n) {
  Node *x = mk(p, N_RETURN, n);
  Kids k = kids(n, true);
  if (k.n)
    x->a = expr(p, k.v[0]);
  return x;
}

/* assert cond, assert cond, "message" */
static Node *assert_stmt(P *p, TSNode n) {
  Node *x = mk(p, N_ASSERT, n);
  Kids k = kids(n, true);
  x->a = expr(p, k.v[0]);
  if (k.n > 1)
    x->b = expr(p, k.v[1]);
  return x;
}

/* pass, break, continue, raise: kept as nodes; sema decides what it accepts (a raise only in a
 * branch a constexpr condition drops, e.g. the `else: raise ValueError(...)` ending a dispatch on
 * a dtype; its exception is never evaluated, so it is not converted). */
static Node *simple_stmt(P *p, TSNode n) {
  return mk(p,
            is(n, "pass_statement")    ? N_PASS
            : is(n, "break_statement") ? N_BREAK
            : is(n, "raise_statement") ? N_RAISE
                                       : N_CONTINUE,
            n);
}

static const struct {
  const char *type;
  Conv *conv;
} stmt_rules[] = {
    {"expression_statement", expr_stmt}, {"if_statement", if_stmt},
    {"for_statement", for_stmt},         {"while_statement", while_stmt},
    {"return_statement", return_stmt},   {"assert_statement", assert_stmt},
    {"pass_statement", simple_stmt},     {"break_statement", simple_stmt},
    {"continue_statement", simple_stmt}, {"raise_statement", simple_stmt},
};

static Node *funcdef(P *p, TSNode n);
static Node *decorated(P *p, TSNode n);

static Node *stmt(P *p, TSNode n) {
  if (++p->depth > MAXDEPTH)
    reject(p, n, "statements nested too deeply (more than %d levels)", MAXDEPTH);
  const char *t = ts_node_type(n);
  if (p->host && (!strcmp(t, "function_definition") || !strcmp(t, "decorated_definition"))) {
    Node *f = (is(n, "decorated_definition") ? decorated : funcdef)(p, n); /* a host body's def */
    f->ival = f->decos.n == 0; /* a plain function: host code */
    p->depth--;
    return f;
  }
  for (size_t i = 0; i < sizeof stmt_rules / sizeof *stmt_rules; i++)
    if (!strcmp(t, stmt_rules[i].type)) {
      Node *x = stmt_rules[i].conv(p, n);
      p->depth--;
      return x;
    }
  reject_construct(p, n);
}

/* ---- functions ---- */

/* x, x: T, x=v, x: T = v; NULL for the `*` and `/` markers, which are skipped */
static Node *param(P *p, TSNode n) {
  if (is(n, "keyword_separator") || is(n, "positional_separator"))
    return NULL;
  TSNode id = is(n, "typed_parameter") ? kids(n, true).v[0]
              : has_field(n, "name")   ? field(n, "name")
                                       : n;
  if (is(id, "list_splat_pattern") || is(id, "dictionary_splat_pattern"))
    reject(p, n, "'%s' parameters are not supported in Triton kernels",
           is(id, "list_splat_pattern") ? "*args" : "**kwargs");
  if (!is(id, "identifier"))
    reject(p, n, "unsupported parameter form");
  Node *x = mk(p, N_PARAM, id);
  x->str = ident(p, id);
  if (has_field(n, "type"))
    x->c = expr(p, field(n, "type"));
  if (has_field(n, "value"))
    x->a = expr(p, field(n, "value"));
  return x;
}

/* (a, b: T, C: tl.constexpr = 128), and lambda parameter lists (n may be null: `lambda: 0`) */
static NodeList params(P *p, TSNode n) {
  Vec v = {0};
  Kids k = ts_node_is_null(n) ? (Kids){0} : kids(n, true);
  for (int i = 0; i < k.n; i++) {
    Node *x = param(p, k.v[i]);
    if (x)
      vec_push(&v, x);
  }
  return list_of(&v);
}

/* lambda args: args['n'] % args['BLOCK'] == 0  (a triton.heuristics value): an N_FUNCDEF
 * named "<lambda>" whose body is one N_RETURN of the expression */
static Node *lambda_fn(P *p, TSNode n) {
  Node *f = mk(p, N_FUNCDEF, n);
  f->str = "<lambda>";
  f->params = params(p, field(n, "parameters"));
  TSNode body = field(n, "body");
  Node *r = mk(p, N_RETURN, body);
  r->a = expr(p, body);
  f->body = list1(r);
  return f;
}

/* def name(params) -> T: body  (the caller adds the decorators) */
static Node *funcdef(P *p, TSNode n) {
  if (has_token(n, "async"))
    reject(p, n, "async functions are not supported in Triton kernels");
  if (has_field(n, "type_parameters"))
    reject(p, field(n, "type_parameters"), "type parameters are not supported in Triton kernels");
  Node *f = mk(p, N_FUNCDEF, n);
  f->str = ident(p, field(n, "name"));
  f->params = params(p, field(n, "parameters"));
  f->body = block(p, field(n, "body"));
  return f;
}

static Node *host_expr(P *p, TSNode n) { return lenient(p, n, expr); }

/* @triton.jit, @triton.autotune(configs=[...], key=['n']), @triton.heuristics({...}).
 * A decorator argument that is host Python (a comprehension building the configs) becomes
 * NULL rather than an error: sema needs these only for --list-configs. */
static Node *decorator(P *p, TSNode n) {
  p->in_deco = true;
  Node *x;
  if (is(n, "call")) {
    x = mk(p, N_CALL, n);
    x->a = expr(p, field(n, "function"));
    bool host = p->host;
    p->host = true; /* `**kwargs` spread into the decorator */
    call_args(p, x, field(n, "arguments"), host_expr);
    p->host = host;
  } else
    x = expr(p, n);
  p->in_deco = false;
  return x;
}

/* @deco ... def name(...): ... */
static Node *decorated(P *p, TSNode n) {
  Kids k = kids(n, true);
  Vec decos = {0};
  for (int i = 0; i < k.n; i++)
    if (is(k.v[i], "decorator"))
      vec_push(&decos, decorator(p, kids(k.v[i], true).v[0]));
  Node *f = funcdef(p, field(n, "definition"));
  f->decos = list_of(&decos);
  return f;
}

/* ---- the module level ---- */

/* The dotted name of a decorator: "a.b.c" for @a.b.c and @a.b.c(...); NULL otherwise. */
static char *deco_name(P *p, TSNode n) {
  if (is(n, "call"))
    n = field(n, "function");
  char *s = "";
  for (; is(n, "attribute"); n = field(n, "object"))
    s = fmt(".%s%s", text(p, field(n, "attribute")), s);
  return is(n, "identifier") ? fmt("%s%s", text(p, n), s) : NULL;
}

/* A dotted name with an import alias at its head expanded: tl.x -> triton.language.x */
static const char *resolve(P *p, const char *dotted) {
  size_t h = strcspn(dotted, ".");
  for (int i = p->m->naliases - 1; i >= 0; i--) {
    const Alias *a = &p->m->aliases[i];
    if (strlen(a->name) == h && !strncmp(a->name, dotted, h))
      return fmt("%s%s", a->path, dotted + h);
  }
  return dotted;
}

/* @triton.jit, @triton.jit(...), @jit after `from triton import jit`, @tt.jit after
 * `import triton as tt`: these functions are kernels, converted strictly. */
static bool is_jit(P *p, TSNode def) {
  Kids k = kids(def, true);
  for (int i = 0; i < k.n; i++) {
    char *d = is(k.v[i], "decorator") ? deco_name(p, kids(k.v[i], true).v[0]) : NULL;
    const char *path = d ? resolve(p, d) : "";
    size_t n = strlen(path);
    if (!strncmp(path, "triton.", 7) && !strcmp(path + n - 4, ".jit"))
      return true;
  }
  return false;
}

static void add_alias(P *p, const char *name, const char *path, TSNode n) {
  Module *m = p->m;
  if (p->fallback)
    return; /* an `except ImportError:` body: the first choice names the jit decorator */
  if ((m->naliases & (m->naliases - 1)) == 0) { /* full at 0, 1, 2, 4, ...: double */
    Alias *v = arena_alloc(sizeof(Alias) * (size_t)(m->naliases ? 2 * m->naliases : 1));
    if (m->naliases)
      memcpy(v, m->aliases, sizeof(Alias) * (size_t)m->naliases);
    m->aliases = v;
  }
  m->aliases[m->naliases++] = (Alias){name, path, loc_of(p, n)};
}

/* a.b.c without the spaces or comments Python allows between the parts */
static char *dotted_text(P *p, TSNode n) {
  Kids k = kids(n, false);
  char *s = "";
  for (int i = 0; i < k.n; i++)
    s = fmt("%s%s", s, text(p, k.v[i]));
  return s;
}

/* One name an import binds, for sema/module.c: local name -> dotted path. */
static void import_item(P *p, Node *imp, const char *local, const char *path, TSNode n) {
  Node *kw = mk(p, N_KEYWORD, n), *str = mk(p, N_STR, n);
  str->str = path;
  kw->str = local;
  kw->a = str;
  Vec v = {0};
  for (int i = 0; i < imp->args.n; i++)
    vec_push(&v, imp->args.v[i]);
  vec_push(&v, kw);
  imp->args = list_of(&v);
  add_alias(p, local, path, n);
}

/* import triton, import triton.language as tl, import a.b (binds a to "a") */
static Node *import_stmt(P *p, TSNode n) {
  Node *imp = mk(p, N_IMPORT, n);
  Kids k = kids(n, true);
  for (int i = 0; i < k.n; i++) {
    TSNode x = k.v[i];
    if (is(x, "aliased_import")) {
      import_item(p, imp, text(p, field(x, "alias")), dotted_text(p, field(x, "name")), x);
      continue;
    }
    char *path = dotted_text(p, x);
    path[strcspn(path, ".")] = 0;
    import_item(p, imp, path, path, x);
  }
  return imp;
}

/* from triton import language as tl, from triton.language.extra import libdevice,
 * from . import mod, from .utils import helper, from .utils import * (the local name "*", the
 * path the module's: sema looks names up in it when they are read). */
static Node *import_from(P *p, TSNode n) {
  Node *imp = mk(p, N_IMPORT, n);
  imp->ival = 1;
  Kids k = kids(n, true);
  char *mod = dotted_text(p, k.v[0]);
  const char *sep = mod[strlen(mod) - 1] == '.' ? "" : ".";
  for (int i = 1; i < k.n; i++) {
    TSNode x = k.v[i], nm = is(x, "aliased_import") ? field(x, "name") : x;
    if (is(x, "wildcard_import")) {
      Node *kw = mk(p, N_KEYWORD, x), *str = mk(p, N_STR, x);
      str->str = mod;
      kw->str = "*";
      kw->a = str;
      Vec v = {0};
      for (int j = 0; j < imp->args.n; j++)
        vec_push(&v, imp->args.v[j]);
      vec_push(&v, kw);
      imp->args = list_of(&v);
      continue;
    }
    char *local = is(x, "aliased_import") ? text(p, field(x, "alias")) : dotted_text(p, nm);
    import_item(p, imp, local, fmt("%s%s%s", mod, sep, dotted_text(p, nm)), x);
  }
  return imp;
}

/* NAME = value, NAME: T = value. Host Python: what the converter rejects leaves the value
 * (or annotation) NULL, an error only if a kernel reads it. */
static Node *module_const(P *p, TSNode n) {
  TSNode right = field(n, "right"), type = field(n, "type");
  if (ts_node_is_null(right) || is(right, "assignment") || is(right, "augmented_assignment"))
    return NULL; /* `X: T` alone, or `A = B = v` */
  Node *x = mk(p, ts_node_is_null(type) ? N_ASSIGN : N_ANNASSIGN, n);
  Node *target = lenient(p, field(n, "left"), name);
  if (!target)
    return NULL;
  if (x->kind == N_ASSIGN)
    x->args = list1(target);
  else
    x->a = target, x->c = lenient(p, type, expr);
  x->b = lenient(p, right, expr);
  return x;
}

static const char *query_text(const char *name) {
  for (int i = 0; tc_queries[i]; i += 2)
    if (!strcmp(tc_queries[i], name))
      return tc_queries[i + 1];
  die("query '%s' is not built in (grammar/queries/%s.scm)", name, name);
}

static NodeList host_block(P *p, TSNode block);

/* A module-level statement the query matched: an import, a decorated function, a constant. */
static Node *host_capture(P *p, const char *cap, TSNode x, TSNode stmt) {
  if (!strcmp(cap, "const") ? !ts_node_eq(ts_node_parent(x), stmt) : !ts_node_eq(x, stmt))
    return NULL;
  if (!strcmp(cap, "import"))
    return (is(x, "import_statement") ? import_stmt : import_from)(p, x);
  if (!strcmp(cap, "const")) {
    Node *c = module_const(p, x);
    if (c)
      vec_push(&p->consts, c);
    return c;
  }
  /* Functions decorated otherwise (pytest, perf_report...) are host code unless they convert. */
  Node *f = is_jit(p, x) ? decorated(p, x) : lenient(p, x, decorated);
  if (f)
    vec_push(&p->funcs, f);
  return f;
}

/* Runs the "toplevel" query over the statement's head only (decorators and the `def` line, or
 * else the first token): a query over the whole tree would also walk every function body of the
 * host code, costing more than the conversion. */
static Node *host_query(P *p, TSNode n) {
  TSNode def = field(n, "definition");
  uint32_t idx, len;
  ts_query_cursor_set_byte_range(top_cursor, ts_node_start_byte(n),
                                 ts_node_start_byte(ts_node_is_null(def) ? n : def) + 1);
  ts_query_cursor_exec(top_cursor, top_query, n);
  TSQueryMatch m;
  Node *r = NULL;
  while (ts_query_cursor_next_capture(top_cursor, &m, &idx)) {
    Node *x = host_capture(p, ts_query_capture_name_for_id(top_query, m.captures[idx].index, &len),
                           m.captures[idx].node, n);
    r = r ? r : x;
  }
  return r;
}

/* A plain `def f(...)` at module level: a host function (ival 1), its body converted as host
 * Python so that module-level code can call it (a config list built by a function). A body that
 * does not convert leaves it body-less, c holding the reason (an N_STR at its position). */
static Node *host_def(P *p, TSNode n) {
  Node *f = lenient(p, n, funcdef);
  if (!f) {
    f = mk(p, N_FUNCDEF, n);
    f->str = text(p, field(n, "name"));
    f->c = mk(p, N_STR, n);
    f->c->str = p->why;
    f->c->loc = p->why_loc;
  }
  f->ival = 1;
  return f;
}

/* class C(NamedTuple): x: T, y: T = default   The fields are the annotated names of the body
 * (their annotations and defaults converted leniently); any other member (a method, a plain
 * class attribute) sets ival. Whether the class is a NamedTuple is sema's question. */
static Node *host_class(P *p, TSNode n) {
  Node *c = mk(p, N_CLASSDEF, n);
  c->str = text(p, field(n, "name"));
  TSNode sup = field(n, "superclasses");
  Vec bases = {0}, fields = {0};
  if (!ts_node_is_null(sup)) {
    Kids k = kids(sup, true);
    for (int i = 0; i < k.n; i++)
      vec_push(&bases, is(k.v[i], "keyword_argument") ? NULL : lenient(p, k.v[i], expr));
  }
  Kids k = kids(field(n, "body"), true);
  for (int i = 0; i < k.n; i++) {
    TSNode s = k.v[i], a = ts_node_named_child(s, 0);
    if (is(s, "pass_statement") || ts_node_is_extra(s) ||
        (is(s, "expression_statement") && is(a, "string")))
      continue; /* a docstring */
    if (is(s, "expression_statement") && is(a, "assignment") && !ts_node_is_null(field(a, "type")) &&
        is(field(a, "left"), "identifier")) {
      Node *f = mk(p, N_ANNASSIGN, a);
      f->a = name(p, field(a, "left"));
      f->c = lenient(p, field(a, "type"), expr);
      TSNode right = field(a, "right");
      f->b = ts_node_is_null(right) ? NULL : lenient(p, right, expr);
      f->ival = !ts_node_is_null(right); /* has a default (NULL b: one that did not convert) */
      vec_push(&fields, f);
      continue;
    }
    c->ival = 1;
  }
  c->args = list_of(&bases);
  c->body = list_of(&fields);
  return c;
}

/* try: ... except ...: ...  The first handler is the fallback when the body's import fails. */
static Node *host_try(P *p, TSNode n) {
  Node *x = mk(p, N_TRY, n);
  x->body = host_block(p, field(n, "body"));
  Kids k = kids(n, true);
  for (int i = 0; i < k.n; i++)
    if (is(k.v[i], "except_clause")) {
      Kids e = kids(k.v[i], true);
      bool saved = p->fallback;
      p->fallback = true;
      for (int j = 0; j < e.n; j++)
        if (is(e.v[j], "block"))
          x->orelse = host_block(p, e.v[j]);
      p->fallback = saved;
      break;
    }
  return x;
}

/* if c: ... elif d: ... else: ...  at module level: the condition is host Python (NULL if it
 * does not convert); the branches hold more module-level statements. */
static Node *host_if(P *p, TSNode n) {
  Node *x = mk(p, N_IF, n), *tail = x;
  x->a = lenient(p, field(n, "condition"), expr);
  x->body = host_block(p, field(n, "consequence"));
  Kids k = kids(n, true);
  for (int i = 0; i < k.n; i++) {
    if (is(k.v[i], "elif_clause")) {
      Node *e = mk(p, N_IF, k.v[i]);
      e->a = lenient(p, field(k.v[i], "condition"), expr);
      e->body = host_block(p, field(k.v[i], "consequence"));
      tail->orelse = list1(e);
      tail = e;
    } else if (is(k.v[i], "else_clause"))
      tail->orelse = host_block(p, field(k.v[i], "body"));
  }
  return x;
}

static Node *host_stmt(P *p, TSNode n) {
  if (++p->depth > MAXDEPTH)
    reject(p, n, "statements nested too deeply");
  Node *x = is(n, "if_statement")    ? host_if(p, n)
            : is(n, "try_statement") ? host_try(p, n)
            : is(n, "class_definition")    ? host_class(p, n)
            : is(n, "function_definition") ? host_def(p, n)
                                           : host_query(p, n);
  p->depth--;
  return x;
}

/* The statements of the module (or of a block inside a module-level if/try) that bind names. */
static NodeList host_block(P *p, TSNode block) {
  Vec v = {0};
  TSTreeCursor w = ts_tree_cursor_new(block);
  for (bool ok = ts_tree_cursor_goto_first_child(&w); ok;
       ok = ts_tree_cursor_goto_next_sibling(&w)) {
    TSNode n = ts_tree_cursor_current_node(&w);
    if (!ts_node_is_named(n) || ts_node_is_extra(n))
      continue;
    Node *x = host_stmt(p, n);
    if (x && ts_node_eq(block, ts_tree_root_node(cur_tree)) && ts_node_start_point(n).column > 0) {
      ts_tree_cursor_delete(&w); /* tree-sitter accepts an indented module-level statement */
      reject(p, n, "syntax error: unexpected indent");
    }
    if (x)
      vec_push(&v, x);
  }
  ts_tree_cursor_delete(&w);
  return list_of(&v);
}

static void convert_module(P *p, TSNode root) {
  const char *src = query_text("toplevel");
  uint32_t off;
  TSQueryError err;
  top_query = ts_query_new(tree_sitter_python(), src, (uint32_t)strlen(src), &off, &err);
  if (!top_query)
    die("grammar/queries/toplevel.scm: query error %d at byte %u", (int)err, off);
  top_cursor = ts_query_cursor_new();
  p->m->body = host_block(p, root);
  ts_query_cursor_delete(top_cursor);
  ts_query_delete(top_query);
  top_cursor = NULL;
  top_query = NULL;
  p->m->consts = list_of(&p->consts);
  p->m->funcs = list_of(&p->funcs);
}

/* ---- checks before conversion ---- */

static Loc loc_at_byte(P *p, size_t off) {
  Loc l = {p->file, 1, 1};
  for (size_t i = 0; i < off; i++)
    if (p->src[i] == '\n')
      l.line++, l.col = 1;
    else
      l.col++;
  return l;
}

/* Length of the valid UTF-8 sequence at s, or 0: overlong forms, surrogates and code points
 * beyond U+10FFFF are invalid, as for Python's decoder. */
static int utf8_len(const unsigned char *s, size_t n) {
  if (s[0] < 0x80)
    return 1;
  int len = s[0] >= 0xF0 ? 4 : s[0] >= 0xE0 ? 3 : s[0] >= 0xC2 ? 2 : 0;
  if (!len || s[0] > 0xF4 || (size_t)len > n)
    return 0;
  for (int i = 1; i < len; i++)
    if ((s[i] & 0xC0) != 0x80)
      return 0;
  if ((s[0] == 0xE0 && s[1] < 0xA0) || (s[0] == 0xED && s[1] >= 0xA0) ||
      (s[0] == 0xF0 && s[1] < 0x90) || (s[0] == 0xF4 && s[1] >= 0x90))
    return 0;
  return len;
}

static void check_bytes(P *p) {
  const unsigned char *s = (const unsigned char *)p->src;
  if (p->len >= UINT32_MAX)
    error_at((Loc){p->file, 1, 1}, "source file too large (4 GiB or more)");
  for (size_t i = 0; i < p->len;) {
    if (!s[i])
      error_at(loc_at_byte(p, i), "source file contains a NUL byte");
    int k = utf8_len(s + i, p->len - i);
    if (!k)
      error_at(loc_at_byte(p, i), "invalid UTF-8 byte 0x%02x in source file", s[i]);
    i += (size_t)k;
  }
}

/* Nothing but comments? An ERROR child counts as content (tree-sitter may mark it extra). */
static bool is_empty(TSNode root) {
  TSTreeCursor c = ts_tree_cursor_new(root);
  bool empty = true;
  for (bool ok = ts_tree_cursor_goto_first_child(&c); ok && empty;
       ok = ts_tree_cursor_goto_next_sibling(&c)) {
    TSNode x = ts_tree_cursor_current_node(&c);
    empty = is(x, "comment") || is(x, "line_continuation");
  }
  ts_tree_cursor_delete(&c);
  return empty;
}

/* tree-sitter-python keeps block indents in single bytes, so a block indented 256 columns or
 * more breaks the parse somewhere far away; name the cause instead. */
static void check_deep_indent(P *p) {
  int col = 0;
  bool start = true;
  for (size_t i = 0; i < p->len; i++) {
    char c = p->src[i];
    if (c == '\n')
      col = 0, start = true;
    else if (start && (c == ' ' || c == '\t'))
      col = c == '\t' ? (col / 8 + 1) * 8 : col + 1;
    else if (start && c != '\r' && c != '\f' && col >= 256) {
      release_tree();
      error_at(loc_at_byte(p, i), "indentation of 256 columns or more is not supported");
    } else
      start = false;
  }
}

/* Does only blank space or a comment follow byte `off` on its line? */
static bool at_line_end(P *p, size_t off) {
  while (off < p->len && (p->src[off] == ' ' || p->src[off] == '\t' || p->src[off] == '\\'))
    off++;
  return off >= p->len || strchr("\r\n#", p->src[off]);
}

/* `if x` with no colon: the colon belongs after the last token of the header line. */
static void check_colon(P *p, Kids k) {
  static const char *const kw[] = {"if",    "elif", "else", "for",    "while",   "def",
                                   "class", "with", "try",  "except", "finally", NULL};
  int i = 0;
  while (kw[i] && !is(k.v[0], kw[i]))
    i++;
  if (!kw[i] || k.n < 2)
    return;
  for (i = 0; i < k.n; i++)
    if (is(k.v[i], ":"))
      return;
  int j = 0;
  while (j + 1 < k.n && ts_node_start_point(k.v[j + 1]).row == ts_node_start_point(k.v[0]).row)
    j++;
  TSPoint pt = ts_node_end_point(k.v[j]);
  release_tree();
  error_at((Loc){p->file, (int)pt.row + 1, (int)pt.column + 1}, "syntax error: expected ':'");
}

/* An ERROR node: say what tree-sitter could not fit, in Python's words where possible. */
static _Noreturn void syntax_error(P *p, TSNode n) {
  check_deep_indent(p);
  Kids k = kids(n, false);
  if (k.n == 0)
    reject(p, n, "syntax error: invalid character '%s'", snippet(p, n));
  TSNode open[64];
  int nopen = 0;
  for (int i = 0; i < k.n; i++) {
    TSNode x = k.v[i];
    if (is(x, "ERROR") && ts_node_child_count(x) == 0)
      reject(p, x, "syntax error: invalid character '%s'", snippet(p, x));
    if (is(x, "string_start"))
      reject(p, x, "syntax error: unterminated string literal");
    bool opener = is(x, "(") || is(x, "[") || is(x, "{");
    bool closer = is(x, ")") || is(x, "]") || is(x, "}");
    if (closer && !nopen)
      reject(p, x, "syntax error: unmatched '%s'", ts_node_type(x));
    nopen += opener ? 1 : closer ? -1 : 0;
    if (opener && nopen <= 64)
      open[nopen - 1] = x;
  }
  if (nopen)
    reject(p, open[(nopen < 64 ? nopen : 64) - 1], "syntax error: '%s' was never closed",
           ts_node_type(open[(nopen < 64 ? nopen : 64) - 1]));
  check_colon(p, k);
  TSNode last = k.v[k.n - 1];
  if (!ts_node_is_named(last) && at_line_end(p, ts_node_end_byte(last)))
    reject(p, last, "syntax error: unexpected end of line after '%s'", snippet(p, last));
  if (k.n == 1 && !ts_node_is_named(last))
    reject(p, last, "syntax error: unexpected '%s'", snippet(p, last));
  reject(p, k.v[0], "syntax error near '%s'", snippet(p, k.v[0]));
}

/* An error tree-sitter recorded in a hidden node (a MISSING newline between two statements on
 * one line: `x = a + b c`), which a walk over visible nodes never meets. Blame the first child of
 * the deepest erroneous node that starts on the line where its previous sibling ends. */
static _Noreturn void hidden_error(P *p, TSNode root) {
  TSNode n = root;
  for (bool deeper = true; deeper;) {
    deeper = false;
    for (uint32_t i = 0; i < ts_node_child_count(n) && !deeper; i++)
      if (ts_node_has_error(ts_node_child(n, i))) {
        n = ts_node_child(n, i);
        deeper = true;
      }
  }
  for (uint32_t i = 1; i < ts_node_child_count(n); i++) {
    TSNode a = ts_node_child(n, i - 1), b = ts_node_child(n, i);
    if (ts_node_is_named(a) && ts_node_is_named(b) &&
        ts_node_end_point(a).row == ts_node_start_point(b).row)
      reject(p, b, "syntax error: expected a new line or ';' before '%s'", snippet(p, b));
  }
  reject(p, n, "syntax error near '%s'", snippet(p, n));
}

/* The first ERROR or MISSING node in source order: a preorder walk, iterative (deep trees
 * cannot overflow the stack) and pruned to subtrees that hold an error. */
static void check_syntax(P *p, TSNode root) {
  if (!ts_node_has_error(root))
    return;
  walk = ts_tree_cursor_new(root);
  walking = true;
  for (;;) {
    TSNode n = ts_tree_cursor_current_node(&walk);
    if (ts_node_is_missing(n))
      reject(p, n,
             ts_node_is_named(n) ? "syntax error: expected %s" : "syntax error: expected '%s'",
             ts_node_type(n));
    if (is(n, "ERROR"))
      syntax_error(p, n);
    if (ts_node_has_error(n) && ts_tree_cursor_goto_first_child(&walk))
      continue;
    while (!ts_tree_cursor_goto_next_sibling(&walk))
      if (!ts_tree_cursor_goto_parent(&walk))
        hidden_error(p, root);
  }
}

static Module *parse(const char *file, const char *text, size_t len, bool allow_empty) {
  P p = {.file = file, .src = text, .len = len};
  p.m = arena_alloc(sizeof(Module));
  p.m->file = file;
  check_bytes(&p);
  TSParser *parser = ts_parser_new();
  ts_parser_set_language(parser, tree_sitter_python());
  cur_tree = ts_parser_parse_string(parser, NULL, text, (uint32_t)len);
  ts_parser_delete(parser);
  if (!cur_tree)
    die("tree-sitter failed to parse %s", file);
  TSNode root = ts_tree_root_node(cur_tree);
  if (is_empty(root) && !allow_empty) {
    release_tree();
    error_at((Loc){file, 1, 1}, "file is empty: no @triton.jit function to translate");
  }
  check_syntax(&p, root);
  convert_module(&p, root);
  release_tree();
  return p.m;
}

Module *parse_module(const char *file, const char *text, size_t len) {
  return parse(file, text, len, false);
}

Module *parse_imported(const char *file, const char *text, size_t len) {
  return parse(file, text, len, true);
}

/* ---- dump (tritonc --emit ast) ----
 *
 * One node per line, "ROLE: KIND DETAIL @line:col", children indented under their parent.
 * ROLE names the field holding the node; a value lenient conversion left NULL shows as
 * "<unconverted>". Deterministic: no addresses, floats as Python's repr prints them. */

static void dump_node(FILE *out, const Node *x, const char *role, int ind);

/* Role names of the a, b, c fields and of the args items, per kind; NULL: unused. */
static const char *const roles[N__COUNT][4] = {
    [N_ATTR] = {"object"},
    [N_CALL] = {"callee", 0, 0, "arg"},
    [N_KEYWORD] = {"value"},
    [N_STARRED] = {"value"},
    [N_SUBSCRIPT] = {"object", 0, 0, "index"},
    [N_SLICE] = {"start", "stop", "step"},
    [N_BINOP] = {"left", "right"},
    [N_UNOP] = {"operand"},
    [N_BOOLOP] = {"left", "right"},
    [N_COMPARE] = {0, 0, 0, "operand"},
    [N_IFEXP] = {"cond", "then", "else"},
    [N_TUPLE] = {0, 0, 0, "item"},
    [N_LIST] = {0, 0, 0, "item"},
    [N_EXPR_STMT] = {"value"},
    [N_ASSIGN] = {0, "value", 0, "target"},
    [N_AUGASSIGN] = {"target", "value"},
    [N_ANNASSIGN] = {"target", "value", "annotation"},
    [N_IF] = {"cond"},
    [N_FOR] = {"target", "iter"},
    [N_WHILE] = {"cond"},
    [N_RETURN] = {"value"},
    [N_ASSERT] = {"cond", "msg"},
    [N_PARAM] = {"default", 0, "annotation"},
};

static void dump_str(FILE *out, const char *s) {
  fputc('"', out);
  for (; *s; s++) {
    unsigned char c = (unsigned char)*s;
    if (c == '"' || c == '\\')
      fprintf(out, "\\%c", c);
    else if (c == '\n' || c == '\t')
      fputs(c == '\n' ? "\\n" : "\\t", out);
    else if (c < 0x20 || c == 0x7f)
      fprintf(out, "\\x%02x", c);
    else
      fputc(c, out);
  }
  fputc('"', out);
}

/* As Python's repr: the fewest digits that read back exactly; 1000.0, 0.01, 1e-05. */
static void dump_float(FILE *out, double v) {
  if (v != v || v - v != 0) {
    fputs(v != v ? "nan" : v < 0 ? "-inf" : "inf", out);
    return;
  }
  char s[400];
  int prec = 1;
  for (; prec < 17; prec++) {
    snprintf(s, sizeof s, "%.*e", prec - 1, v);
    if (strtod(s, NULL) == v)
      break;
  }
  snprintf(s, sizeof s, "%.*e", prec - 1, v);
  int exp = atoi(strchr(s, 'e') + 1);
  if (exp >= -4 && exp < 16)
    snprintf(s, sizeof s, "%.*f", prec - 1 - exp > 0 ? prec - 1 - exp : 1, v);
  fputs(s, out);
}

/* The part of a node's line after its kind name. */
static void dump_detail(FILE *out, const Node *x) {
  switch (x->kind) {
  case N_INT:
    if (x->ival_big)
      fprintf(out, " %llu (beyond int64)", (unsigned long long)x->ival);
    else
      fprintf(out, " %lld", (long long)x->ival);
    break;
  case N_FLOAT:
    fputc(' ', out);
    dump_float(out, x->fval);
    break;
  case N_STR:
    fputs(x->ival ? " f" : " ", out);
    dump_str(out, x->str);
    break;
  case N_BOOL:
    fputs(x->ival ? " True" : " False", out);
    break;
  case N_BINOP:
  case N_UNOP:
  case N_BOOLOP:
  case N_AUGASSIGN:
    fprintf(out, " %s", pyop_names[x->op]);
    break;
  case N_COMPARE:
    for (int i = 0; i + 1 < x->args.n; i++)
      fprintf(out, " %s", pyop_names[x->ops[i]]);
    break;
  default:
    if (x->str)
      fprintf(out, " %s", x->str);
  }
}

static void dump_list(FILE *out, NodeList l, const char *role, int ind) {
  for (int i = 0; i < l.n; i++)
    dump_node(out, l.v[i], role ? role : "item", ind);
}

/* Field a, b or c (slot 0, 1, 2). NULL is left out where it is a normal value (a return
 * without a value) and shown where only lenient conversion leaves it. */
static void dump_field(FILE *out, const Node *x, int slot, int ind) {
  const Node *f = slot == 0 ? x->a : slot == 1 ? x->b : x->c;
  NodeKind k = x->kind;
  bool optional = k == N_SLICE || k == N_RETURN || k == N_ASSERT || k == N_PARAM ||
                  (k == N_ANNASSIGN && slot == 1);
  if (roles[k][slot] && (f || !optional))
    dump_node(out, f, roles[k][slot], ind);
  if (slot == 0 && k == N_DICT)
    for (int i = 0; i < x->args.n; i++)
      dump_node(out, x->args.v[i], i % 2 ? "value" : "key", ind);
  else if (slot == 0)
    dump_list(out, x->args, roles[k][3], ind);
  if (slot == 0)
    dump_list(out, x->kws, "kw", ind);
}

static void dump_node(FILE *out, const Node *x, const char *role, int ind) {
  fprintf(out, "%*s%s: ", 2 * ind, "", role);
  if (!x) {
    fputs("<unconverted>\n", out);
    return;
  }
  fputs(node_names[x->kind], out);
  dump_detail(out, x);
  fprintf(out, " @%d:%d\n", x->loc.line, x->loc.col);
  dump_list(out, x->decos, "decorator", ind + 1);
  dump_list(out, x->params, "param", ind + 1);
  /* a (with args, kws), b, c; an annotation reads best before a value or default */
  const char *order = x->kind == N_ANNASSIGN ? "acb" : x->kind == N_PARAM ? "ca" : "abc";
  for (; *order; order++)
    dump_field(out, x, *order - 'a', ind + 1);
  dump_list(out, x->body, x->kind == N_IF ? "then" : "body", ind + 1);
  dump_list(out, x->orelse, "else", ind + 1);
}

void dump_ast(FILE *out, const Module *m) {
  fprintf(out, "module %s\n", m->file ? m->file : "<input>");
  for (int i = 0; i < m->naliases; i++)
    fprintf(out, "  alias %s = %s @%d:%d\n", m->aliases[i].name, m->aliases[i].path,
            m->aliases[i].loc.line, m->aliases[i].loc.col);
  dump_list(out, m->consts, "const", 1);
  dump_list(out, m->funcs, "function", 1);
}
