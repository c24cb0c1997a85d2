/* tritonc.h — the one shared header.
 *
 * tritonc translates Triton kernels (Python, @triton.jit) into standalone C or CUDA. The
 * pipeline (see main.c), one folder of src/ per stage:
 *   front/  tree-sitter CST -> AST (parse.c); the launch grid (grid.c)
 *   sema/   specialise for a signature + check -> tile IR
 *   ir/     the tile IR, its passes and the facts they store on it
 *   c/      tile IR -> C (SIMD + OpenMP grid)        } one Target each (below)
 *   cuda/   tile IR -> CUDA C (a CTA per program)     }
 *   support/ arena, text buffers, errors, templates
 * Each section below lists what one file exports.
 * Memory: everything lives in one arena released once at exit; no per-node free.
 */
#ifndef TRITONC_H
#define TRITONC_H

#include <setjmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define TRITONC_VERSION "0.1.0"
#define MAXRANK 10

/* ---------------------------------------------------------------- support/util.c */

typedef struct Loc {
  const char *file; /* NULL: no position (e.g. command-line input) */
  int line, col;    /* 1-based */
} Loc;

void *arena_alloc(size_t n); /* zeroed, 16-byte aligned */
void arena_release(void);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *fmt(const char *f, ...) __attribute__((format(printf, 1, 2)));
const char *path_base(const char *path); /* the part after the last '/' */
/* f(ctx, id, len) for each identifier of C or CUDA text s[0..n), skipping comments, string and
 * character literals and numbers: what the emitters scan to find the runtime a file uses. */
void each_ident(const char *s, size_t n, void (*f)(void *ctx, const char *id, size_t len), void *ctx);
/* A Python identifier as an ASCII C identifier: each non-ASCII letter spelled uXXXX (or
 * UXXXXXXXX), its code point; an ASCII name is returned unchanged. */
const char *c_ident(const char *name);
/* A parameter's C name: the Python name, with '_' appended where C or C++ reserve it (do_). */
const char *c_param_name(const char *name);
/* The candidate a misspelt `name` most likely meant (few edits for its length), or NULL. */
const char *closest_name(const char *name, const char *const *cands, int n);

/* Growable array of pointers, arena-backed. */
typedef struct Vec {
  void **v;
  int n, cap;
} Vec;
void vec_push(Vec *v, void *x);

/* Growable string buffer (malloc-backed: emitted text can be large). */
typedef struct Buf {
  char *s;
  size_t n, cap;
} Buf;
void buf_puts(Buf *b, const char *s);
void buf_printf(Buf *b, const char *f, ...) __attribute__((format(printf, 2, 3)));
/* one line of generated code: ind levels of two spaces, the text, a newline (both emitters) */
void buf_vline(Buf *b, int ind, const char *f, va_list ap);
void buf_free(Buf *b);

/* Source registry: error_at() prints the line of a registered file with a caret. */
void source_register(const char *file, const char *text, size_t len);
const char *source_line(const char *file, int line, int *len); /* NULL if unknown */
void source_reset(void); /* forget every file (a fuzz target, between inputs) */

/* User error: "file:line:col: error: msg", the source line and a caret; exit 1. */
_Noreturn void error_at(Loc loc, const char *f, ...) __attribute__((format(printf, 2, 3)));
void warn_at(Loc loc, const char *f, ...) __attribute__((format(printf, 2, 3)));
/* While error_trap is set, error_at() does not exit: it keeps the message and position in
 * error_trap_msg / error_trap_loc and longjmps to *error_trap. Sema uses it to evaluate module-level
 * host Python tentatively (an `if` on a helper tritonc cannot run), deciding only on use. */
extern jmp_buf *error_trap;
extern char error_trap_msg[512];
extern Loc error_trap_loc;
/* A source file's bytes (exit 1 if larger than tritonc reads, exit 2 if it cannot be opened). */
const char *read_source(const char *path, size_t *len);
/* The same with another limit, the file named as `what` ("a tuning file") past it. */
const char *read_file_max(const char *path, size_t *len, size_t max, const char *what);
/* Writes b to path (a usage error when it cannot). */
void write_output(const char *path, const Buf *b);
/* Usage error (bad command line): exit 2. */
_Noreturn void usage_error(const char *f, ...) __attribute__((format(printf, 1, 2)));
/* Internal error: names the C source location; exit 3. */
_Noreturn void die_impl(const char *cfile, int cline, const char *f, ...)
    __attribute__((format(printf, 3, 4)));
#define die(...) die_impl(__FILE__, __LINE__, __VA_ARGS__)

/* ---------------------------------------------------------------- front/parse.c: the AST */

/* Operators shared by the AST (binary, unary, compare, boolean) and sema. */
#define PY_OPS(X)                                                                            \
  X(OP_ADD, "+") X(OP_SUB, "-") X(OP_MUL, "*") X(OP_DIV, "/") X(OP_FLOORDIV, "//")           \
  X(OP_MOD, "%") X(OP_POW, "**") X(OP_LSHIFT, "<<") X(OP_RSHIFT, ">>") X(OP_BITAND, "&")      \
  X(OP_BITOR, "|") X(OP_BITXOR, "^") X(OP_MATMUL, "@")                                        \
  X(OP_NEG, "unary -") X(OP_POS, "unary +") X(OP_INVERT, "~") X(OP_NOT, "not")               \
  X(OP_LT, "<") X(OP_LE, "<=") X(OP_GT, ">") X(OP_GE, ">=") X(OP_EQ, "==") X(OP_NE, "!=")     \
  X(OP_IS, "is") X(OP_ISNOT, "is not") X(OP_IN, "in") X(OP_NOTIN, "not in")                  \
  X(OP_AND, "and") X(OP_OR, "or")

typedef enum PyOp {
#define X(e, s) e,
  PY_OPS(X)
#undef X
      OP__COUNT
} PyOp;
extern const char *const pyop_names[];

/* AST node kinds; the comment names the Node fields each kind uses. */
#define NODE_KINDS(X)                                                                  \
  X(N_NAME, "name")                     /* str */                                      \
  X(N_INT, "integer")                   /* ival (ival_big: literal beyond int64) */    \
  X(N_FLOAT, "float")                   /* fval */                                     \
  X(N_STR, "string")                    /* str (decoded), ival: 1 if an f-string */    \
  X(N_BOOL, "bool")                     /* ival */                                     \
  X(N_NONE, "None")                     /* - */                                        \
  X(N_ATTR, "attribute")                /* a: object, str: attribute name */           \
  X(N_CALL, "call")                     /* a: callee, args: positional, kws: N_KEYWORD */ \
  X(N_KEYWORD, "keyword argument")      /* str: name, a: value */                      \
  X(N_STARRED, "starred argument")      /* a: value (`*t` among a call's arguments) */ \
  X(N_SUBSCRIPT, "subscript")           /* a: object, args: index items */             \
  X(N_SLICE, "slice")                   /* a, b, c: start, stop, step (each may be NULL) */ \
  X(N_BINOP, "binary operator")         /* op, a, b */                                 \
  X(N_UNOP, "unary operator")           /* op, a */                                    \
  X(N_BOOLOP, "boolean operator")       /* op (OP_AND/OP_OR), a, b */                  \
  X(N_COMPARE, "comparison")            /* args: operands (n+1), ops: n PyOps */       \
  X(N_IFEXP, "conditional expression")  /* a: cond, b: then value, c: else value */    \
  X(N_TUPLE, "tuple")                   /* args */                                     \
  X(N_LIST, "list")                     /* args */                                     \
  X(N_DICT, "dict")                     /* args: key0, value0, key1, value1, ... */    \
  X(N_EXPR_STMT, "expression statement") /* a */                                      \
  X(N_ASSIGN, "assignment")             /* args: targets (a = b = v), b: value */      \
  X(N_AUGASSIGN, "augmented assignment") /* op, a: target, b: value */                 \
  X(N_ANNASSIGN, "annotated assignment") /* a: target, c: annotation, b: value/NULL */ \
  X(N_IF, "if statement")               /* a: cond, body, orelse (elif: one N_IF) */   \
  X(N_FOR, "for statement")             /* a: target, b: iterable, body */             \
  X(N_WHILE, "while statement")         /* a: cond, body */                            \
  X(N_RETURN, "return statement")       /* a: value or NULL */                         \
  X(N_PASS, "pass statement")           /* - */                                        \
  X(N_BREAK, "break statement")         /* - */                                        \
  X(N_CONTINUE, "continue statement")   /* - */                                        \
  X(N_ASSERT, "assert statement")       /* a: cond, b: message or NULL */              \
  X(N_RAISE, "raise statement")         /* - (sema rejects one it reaches) */          \
  X(N_FUNCDEF, "function definition")   /* str: name, params: N_PARAM, body, decos */  \
  X(N_PARAM, "parameter")               /* str: name, a: default or NULL, c: annotation or NULL */ \
  X(N_IMPORT, "import statement")       /* ival: 1 for `from`; args: N_KEYWORD (str: local name, a: N_STR dotted path) */ \
  X(N_TRY, "try statement")             /* body, orelse: the first `except` clause's body */ \
  X(N_CLASSDEF, "class definition")     /* str: name, args: bases (NULL: not converted), body: N_ANNASSIGN fields; ival: 1 if it has other members */ \
  X(N_COMP, "comprehension")            /* host Python: a: element (dict: key), b: dict value, args: N_FOR (a: target, b: iterable) / N_IF (a) clauses; ival: 0 list, 1 generator, 2 dict */

typedef enum NodeKind {
#define X(e, s) e,
  NODE_KINDS(X)
#undef X
      N__COUNT
} NodeKind;
extern const char *const node_names[];

typedef struct NodeList {
  struct Node **v;
  int n;
} NodeList;

typedef struct Node {
  NodeKind kind;
  Loc loc;
  PyOp op;
  int64_t ival;
  bool ival_big; /* integer literal does not fit int64 */
  double fval;
  const char *str;
  struct Node *a, *b, *c;
  NodeList args, kws, body, orelse, params, decos;
  PyOp *ops; /* N_COMPARE */
} Node;

/* `import x.y as z` / `from x import y as z`: local name -> dotted path. */
typedef struct Alias {
  const char *name;
  const char *path; /* e.g. "triton.language", "triton.language.extra.libdevice" */
  Loc loc;
} Alias;

typedef struct Module {
  const char *file;
  NodeList funcs;  /* N_FUNCDEF with at least one decorator naming triton.jit (decos kept) */
  NodeList consts; /* module-level N_ASSIGN / N_ANNASSIGN with a single name target */
  Alias *aliases;
  int naliases;
  /* The module-level statements that bind names, in order, with the `if`/`else` and `try`/`except`
   * around them (N_IMPORT, N_ASSIGN/N_ANNASSIGN as in consts, N_FUNCDEF as in funcs or, with no
   * decorator and an empty body, a host function, N_CLASSDEF, N_IF, N_TRY); sema/module.c evaluates
   * them. */
  NodeList body;
} Module;

/* Parses a whole file (already registered with source_register). Reports syntax errors and
 * unsupported constructs inside @triton.jit functions with error_at(). Host code (plain
 * functions, classes, `if __name__ == ...`) is skipped without conversion. */
Module *parse_module(const char *file, const char *text, size_t len);
/* front/wrapped.c: m, or the module of `kernel` when m holds it as a string (torch.compile's
 * output code: NAME = async_compile.triton('NAME', '''...''')); text is m's own. */
Module *parse_wrapped(Module *m, const char *text, size_t len, const char *kernel);
/* The same for a module a kernel file imports: an empty file (an `__init__.py`) is allowed. */
Module *parse_imported(const char *file, const char *text, size_t len);
void dump_ast(FILE *out, const Module *m);

/* ---------------------------------------------------------------- ir/ir.c: the tile IR */

/* Element types: enum, Triton name, signature name, C type, bits. */
#define DTYPES(X)                                   \
  X(DT_I1, "int1", "i1", "int8_t", 1)               \
  X(DT_I8, "int8", "i8", "int8_t", 8)               \
  X(DT_I16, "int16", "i16", "int16_t", 16)          \
  X(DT_I32, "int32", "i32", "int32_t", 32)          \
  X(DT_I64, "int64", "i64", "int64_t", 64)          \
  X(DT_U8, "uint8", "u8", "uint8_t", 8)             \
  X(DT_U16, "uint16", "u16", "uint16_t", 16)        \
  X(DT_U32, "uint32", "u32", "uint32_t", 32)        \
  X(DT_U64, "uint64", "u64", "uint64_t", 64)        \
  X(DT_F16, "float16", "fp16", "uint16_t", 16)      \
  X(DT_BF16, "bfloat16", "bf16", "uint16_t", 16)    \
  X(DT_F32, "float32", "fp32", "float", 32)         \
  X(DT_F64, "float64", "fp64", "double", 64)        \
  X(DT_F8E4NV, "float8e4nv", "fp8e4nv", "uint8_t", 8) \
  X(DT_F8E5, "float8e5", "fp8e5", "uint8_t", 8)      \
  X(DT_F8E4B15, "float8e4b15", "fp8e4b15", "uint8_t", 8) \
  X(DT_PTR, "pointer", "*", "void *", 64)

typedef enum DType {
#define X(e, n, s, c, b) e,
  DTYPES(X)
#undef X
      DT__COUNT
} DType;

typedef struct DTypeInfo {
  const char *name, *sig, *ctype;
  int bits;
} DTypeInfo;
extern const DTypeInfo dtype_info[];

/* The C names a target's output has taken (support/names.c): v in the order taken, reserved
 * (NULL-terminated) never given out. names_unique: base, base_1, base_2, ... the first free. */
typedef struct NameIndex NameIndex;
typedef struct Names {
  Vec v;
  NameIndex *ix;
  const char *const *reserved;
} Names;
bool names_taken(Names *ns, const char *s);
void names_add(Names *ns, const char *s);
void names_drop(Names *ns, int n); /* the names from the n-th on (a scope left) */
const char *names_unique(Names *ns, const char *base);

/* C expression text both targets print alike (support/cexpr.c). CexprRound: a target's rounding
 * of a float expression to fp16 / bf16. */
typedef const char *(*CexprRound)(void *ctx, DType t, const char *x);
const char *cexpr_cast(DType from, DType to, const char *a, CexprRound round, void *ctx, bool hide_widen);
const char *cexpr_fp8_cast(DType from, DType to, const char *a, bool rtz);

bool dt_is_float(DType t); /* fp8 included */
/* fp8 (float8e4nv = E4M3FN, float8e5 = E5M2, float8e4b15 = E4M3 with bias 15): values are
 * their bits in every target (uint8_t); only loads, stores, conversions, bitcasts, selects and
 * data movement take them (sema rejects arithmetic, as Triton cannot lower it either). */
bool dt_is_fp8(DType t);
/* The fp8 code nearest to v (ties to even; rtz: toward zero) as Triton's GPU conversions give
 * it: overflow saturates to the largest finite value (rtz to float8e5: to the finite maximum
 * for finite v, infinity for an infinite one), NaN gives 0x7f. */
uint8_t fp8_encode(DType t, double v, bool rtz);
double fp8_decode(DType t, uint8_t code);
bool dt_is_int(DType t); /* includes DT_I1 */
bool dt_is_signed(DType t);
bool dt_is_unsigned(DType t);
int dt_bits(DType t);

typedef struct Shape {
  int rank; /* 0: scalar */
  int d[MAXRANK];
} Shape;
int64_t shape_numel(Shape s);
bool shape_eq(Shape a, Shape b);
const char *shape_str(Shape s); /* "[4, 8]" */

/* Op kinds: enum, name in dumps/messages, class. */
enum { K_LEAF, K_SHAPE, K_UNARY, K_BINARY, K_TERNARY, K_CMP, K_MEM, K_RED, K_CTRL, K_MISC };

#define OP_KINDS(X)                                                                            \
  /* leaves */                                                                                 \
  X(O_CONST, "const", K_LEAF)         /* ival / fval (per dtype); scalar */                     \
  X(O_ARG, "arg", K_LEAF)             /* ival: kernel parameter index; scalar */                \
  X(O_PROGRAM_ID, "program_id", K_LEAF)    /* axis */                                           \
  X(O_NUM_PROGRAMS, "num_programs", K_LEAF) /* axis */                                          \
  X(O_ARANGE, "arange", K_LEAF)       /* ival: start; out shape [end - start] */                \
  /* shape ops: in[0] -> out[0] of the same dtype */                                           \
  X(O_SPLAT, "splat", K_SHAPE)        /* scalar -> out shape */                                 \
  X(O_BROADCAST, "broadcast", K_SHAPE) /* same rank; dims of 1 repeat */                        \
  X(O_RESHAPE, "reshape", K_SHAPE)    /* row-major order kept (expand_dims, view, ravel) */      \
  X(O_PERMUTE, "permute", K_SHAPE)    /* perm[] */                                              \
  X(O_FLIP, "flip", K_SHAPE)          /* axis */                                                \
  X(O_JOIN, "join", K_SHAPE)          /* in[0], in[1] -> new last dim of 2 */                   \
  X(O_SPLIT, "split", K_SHAPE)        /* ival: 0 or 1, picks one half of the last dim of 2 */  \
  X(O_CAT, "cat", K_SHAPE)            /* in[0], in[1] concatenated along dim 0 */               \
  /* elementwise unary (operand and result share dtype unless noted) */                        \
  X(O_NEG, "neg", K_UNARY) X(O_NOT, "not", K_UNARY) X(O_ABS, "abs", K_UNARY)                   \
  X(O_EXP, "exp", K_UNARY) X(O_EXP2, "exp2", K_UNARY) X(O_LOG, "log", K_UNARY)                 \
  X(O_LOG2, "log2", K_UNARY) X(O_LOG10, "log10", K_UNARY) X(O_LOG1P, "log1p", K_UNARY)         \
  X(O_EXPM1, "expm1", K_UNARY) X(O_SQRT, "sqrt", K_UNARY) X(O_RSQRT, "rsqrt", K_UNARY)         \
  X(O_CBRT, "cbrt", K_UNARY) X(O_SIN, "sin", K_UNARY) X(O_COS, "cos", K_UNARY)                  \
  X(O_TAN, "tan", K_UNARY) X(O_ASIN, "asin", K_UNARY) X(O_ACOS, "acos", K_UNARY)               \
  X(O_ATAN, "atan", K_UNARY) X(O_SINH, "sinh", K_UNARY) X(O_COSH, "cosh", K_UNARY)             \
  X(O_TANH, "tanh", K_UNARY) X(O_ASINH, "asinh", K_UNARY) X(O_ACOSH, "acosh", K_UNARY)         \
  X(O_ATANH, "atanh", K_UNARY) X(O_ERF, "erf", K_UNARY) X(O_ERFC, "erfc", K_UNARY)             \
  X(O_J0, "j0", K_UNARY) X(O_J1, "j1", K_UNARY) X(O_Y0, "y0", K_UNARY) X(O_Y1, "y1", K_UNARY)   \
  X(O_BESSEL_I0, "cyl_bessel_i0", K_UNARY) X(O_BESSEL_I1, "cyl_bessel_i1", K_UNARY)             \
  X(O_FLOOR, "floor", K_UNARY) X(O_CEIL, "ceil", K_UNARY) X(O_TRUNC, "trunc", K_UNARY)         \
  X(O_RINT, "rint", K_UNARY) X(O_ROUND, "round", K_UNARY) X(O_ISNAN, "isnan", K_UNARY)          \
  X(O_ISINF, "isinf", K_UNARY) X(O_SIGNBIT, "signbit", K_UNARY) X(O_POPC, "popc", K_UNARY)      \
  X(O_CLZ, "clz", K_UNARY)                                                                     \
  X(O_CAST, "cast", K_UNARY)          /* out dtype differs; C conversion semantics; flags: CAST_RTZ */ \
  X(O_BITCAST, "bitcast", K_UNARY)    /* same bit width */                                      \
  /* elementwise binary (operands share dtype) */                                              \
  X(O_ADD, "add", K_BINARY) X(O_SUB, "sub", K_BINARY) X(O_MUL, "mul", K_BINARY)                \
  X(O_DIV, "div", K_BINARY)           /* float: IEEE division; int: C truncating division */    \
  X(O_MOD, "mod", K_BINARY)           /* float: fmod; int: C remainder */                       \
  X(O_AND, "and", K_BINARY) X(O_OR, "or", K_BINARY) X(O_XOR, "xor", K_BINARY)                  \
  X(O_SHL, "shl", K_BINARY) X(O_SHR, "shr", K_BINARY) /* shr: arithmetic if signed */           \
  X(O_MIN, "min", K_BINARY) X(O_MAX, "max", K_BINARY) /* float: fmin/fmax (NaN ignored) */      \
  X(O_MINP, "min_nan", K_BINARY) X(O_MAXP, "max_nan", K_BINARY) /* NaN propagating */           \
  X(O_POW, "pow", K_BINARY) X(O_ATAN2, "atan2", K_BINARY) X(O_HYPOT, "hypot", K_BINARY)         \
  X(O_COPYSIGN, "copysign", K_BINARY) X(O_UMULHI, "umulhi", K_BINARY)                           \
  X(O_PTRADD, "ptradd", K_BINARY)     /* in[0] pointer, in[1] integer offset (elements) */      \
  /* compares: operands share dtype, result int1 */                                            \
  X(O_LT, "lt", K_CMP) X(O_LE, "le", K_CMP) X(O_GT, "gt", K_CMP) X(O_GE, "ge", K_CMP)           \
  X(O_EQ, "eq", K_CMP) X(O_NE, "ne", K_CMP)                                                     \
  X(O_FMA, "fma", K_TERNARY)          /* a * b + c, fused */                                    \
  X(O_SELECT, "select", K_TERNARY)    /* in[0] int1 condition, in[1] true, in[2] false */       \
  /* memory */                                                                                 \
  X(O_LOAD, "load", K_MEM)            /* in: ptr [, mask [, other]] (nin says which); flags: LOAD_VOLATILE */ \
  X(O_STORE, "store", K_MEM)          /* in: ptr, value [, mask]; no result */                  \
  X(O_ATOMIC, "atomic", K_MEM)        /* atom: ATOMIC_KINDS; in: ptr, val [, mask] (cas: ptr, cmp, val); flags: ATOMIC_SEM | scope; out: old values */ \
  /* reductions / scans: axis; str: builtin combiner or NULL with reg[0] a combine region */  \
  X(O_REDUCE, "reduce", K_RED)        /* nin == nout operands; flags & 1: keep_dims */          \
  X(O_SCAN, "scan", K_RED)            /* nin == nout operands; flags & 2: reverse */            \
  X(O_DOT, "dot", K_MISC)             /* in: a, b, acc; str: input precision (fp32) or NULL */  \
  /* data-dependent movement along one axis (sort.c in each target) */                         \
  X(O_SORT, "sort", K_MISC)           /* in[0] along its last axis; ival: k kept per line (k < n: \
                                         top-k); flags & 1: descending; Triton's bitonic network */ \
  X(O_GATHER, "gather", K_MISC)       /* in: src, index (same rank); axis; out shape = index's */ \
  X(O_HISTOGRAM, "histogram", K_MISC) /* in: 1-D ints [, mask]; out i32[ival bins] */           \
  /* structured control flow */                                                                \
  X(O_FOR, "for", K_CTRL)   /* in: lo, hi, step, inits...; reg[0] args: iv, carried...; out: finals */ \
  X(O_WHILE, "while", K_CTRL) /* in: inits; reg[0] (cond): args carried, ends in O_CONDITION; reg[1] (body): args carried, ends in O_YIELD */ \
  X(O_IF, "if", K_CTRL)     /* in[0]: int1 scalar cond; reg[0] then, reg[1] else, both end in O_YIELD */ \
  X(O_YIELD, "yield", K_CTRL)  /* in: values passed to the parent op */                         \
  X(O_CONDITION, "condition", K_CTRL) /* in[0]: int1 scalar; in[1..]: values forwarded to body/results */ \
  X(O_RETURN, "return", K_CTRL) /* leave the program (only at function top level after lowering) */ \
  X(O_PRINT, "print", K_MISC)   /* str: prefix; in: values; flags & 1: hex */                  \
  X(O_ASSERT, "assert", K_MISC) /* str: message; in[0]: condition tile */                     \
  X(O_BARRIER, "barrier", K_MISC)                                                              \
  X(O_ASM, "inline_asm", K_MISC) /* tl.inline_asm_elementwise: str asm, aux constraints (char *), ival pack, flags & 1 is_pure; in: args (one shape), out: one per dtype */ \
  X(O_SREG, "sreg", K_MISC) /* str: "globaltimer" (i64) or "smid" (i32), a GPU special register read where it stands; scalar */

/* O_ATOMIC: Op.atom is one of add (integers), fadd, and, or, xor, xchg, max, min (signed), umax,
 * umin, fmax / fmin (fp16, bf16: a descriptor's reduction), cas; the access is of the value's type
 * (a float pointer's bits may be read as integers: float max/min); flags: the memory order in
 * ATOMIC_SEM (0 relaxed, 1 acquire, 2 release, 3 acq_rel), the scope above it (0 gpu, 1 cta,
 * 2 sys). atomic_names[] names each in dumps and in the helpers an emitter calls. */
#define ATOMIC_KINDS(X)                                                                            \
  X(AT_ADD, "add") X(AT_FADD, "fadd") X(AT_AND, "and") X(AT_OR, "or") X(AT_XOR, "xor")             \
  X(AT_XCHG, "xchg") X(AT_MAX, "max") X(AT_MIN, "min") X(AT_UMAX, "umax") X(AT_UMIN, "umin")      \
  X(AT_FMAX, "fmax") X(AT_FMIN, "fmin") X(AT_CAS, "cas")
typedef enum AtomicKind {
#define X(e, s) e,
  ATOMIC_KINDS(X)
#undef X
} AtomicKind;
extern const char *const atomic_names[];
#define ATOMIC_SEM 3
#define ATOMIC_SCOPE(flags) (((flags) >> 2) & 3)

typedef enum OpKind {
#define X(e, s, k) e,
  OP_KINDS(X)
#undef X
      O__COUNT
} OpKind;
extern const char *const op_names[];
extern const int op_class[];

/* Axis facts per dimension (Triton's AxisInfo), filled by pass_axis (ir/axis.c) for every value
 * (a scalar keeps its facts in dimension 0). Runs are aligned: along dimension d the positions
 * 0..contig-1, contig..2*contig-1, ... each form a run (likewise for consta). Contiguity and
 * divisibility say something for integers and pointers only (1 elsewhere); constancy holds for
 * every dtype. Pointers: contiguity counts elements, divisibility bytes (as Triton, and as the
 * signature's ":16"). The range holds for integers (i1 included) when `ranged`. */
#define DIV_MAX ((int64_t)1 << 62) /* the divisibility of 0: any power of two */
typedef struct AxisInfo {
  int64_t contig[MAXRANK]; /* length of runs of +1 steps along the dimension */
  int64_t divis[MAXRANK];  /* largest power of two dividing the first value of each run */
  int64_t consta[MAXRANK]; /* length of runs of equal values */
  bool ranged;             /* every element lies in [lo, hi] (a 64-bit value may be unbounded) */
  int64_t lo, hi;
} AxisInfo;

/* tl.multiple_of / tl.max_contiguous / tl.max_constancy on a value: what pass_axis must take as
 * its divisibility, contiguity, constancy (0: no hint for that dimension). */
typedef struct AxisHint {
  int64_t contig[MAXRANK], divis[MAXRANK], consta[MAXRANK];
} AxisHint;

/* The combine function of a reduction or scan (O_REDUCE, O_SCAN) when it is the language's own
 * (tl.sum, tl.xor_sum, tl.cumprod, tl.max, tl.min, tl.argmax, tl.argmin); COMB_REGION: the
 * program's function, in the op's region. comb_name() names it in dumps and in the runtime
 * helpers an emitter calls. */
typedef enum Comb { COMB_REGION, COMB_SUM, COMB_XOR_SUM, COMB_PROD, COMB_MAX, COMB_MIN, COMB_ARGMAX, COMB_ARGMIN } Comb;
const char *comb_name(Comb c); /* "sum", ...; NULL for COMB_REGION */
OpKind comb_op(Comb c);        /* the binary op that combines two values (O_ADD, ...); O_CONST: none */
#define COMB_IS_ARG(c) ((c) == COMB_ARGMAX || (c) == COMB_ARGMIN)

struct Op;
typedef struct Value {
  int id;
  DType dt;
  DType elt; /* pointee type when dt == DT_PTR */
  Shape sh;
  struct Op *def;    /* NULL for block arguments */
  const char *name;  /* Python variable bound to it (NULL: temporary) */
  int uses;          /* filled by ir_count_uses() */
  AxisInfo ax;       /* filled by pass_axis */
  AxisHint *hint;    /* tl.multiple_of & co. on this value, or NULL */
  void *aux;         /* scratch for passes/emitters */
  bool cptr;         /* DT_PTR into memory the kernel must not write: a `tl.const` parameter and
                        every pointer an op computes from one (ir_result) */
  struct CuValPlan *cu; /* the CUDA target's decisions for it (cuda/plan.c), or NULL */
} Value;

typedef struct Block {
  struct Op **ops;
  int nops, cap;
  Value **args;
  int nargs;
  struct Op *parent;
} Block;

typedef struct Op {
  OpKind k;
  Loc loc;
  Value **in;
  int nin;
  Value **out;
  int nout;
  Block *reg[2];
  int nreg;
  int axis;
  int64_t ival;
  double fval;
  int perm[MAXRANK];
  const char *str;
  int flags;
  Block *parent;
  void *aux;
  int group;  /* the C target's fusion group (c/plan.c), -1: none */
  bool fused; /* C target: a reduction computed in its input's group loop (c/plan.c) */
  struct CuOpPlan *cu; /* the CUDA target's decisions for it (cuda/plan.c), or NULL */
  Comb comb;  /* O_REDUCE, O_SCAN: the combine function */
  AtomicKind atom; /* O_ATOMIC: the read-modify-write */
} Op;

/* One specialised kernel. */
typedef struct KParam {
  const char *name;  /* c_param_name of the Python name */
  DType dt, elt;   /* elt: pointee for pointers */
  int align;       /* ":16" hint, 0 if none */
  bool constexpr_; /* folded; not a C parameter */
  const char *cexpr_text; /* signature text of a constexpr value */
  Value *val;      /* O_ARG value (non-constexpr params) */
} KParam;

typedef struct Kernel {
  const char *name;        /* the C name of the entry points (c_ident of the Python name) */
  const char *source_name; /* the Python name */
  const char *file;
  const char *signature; /* as given */
  KParam *params;
  int nparams;
  Block *body;
  const char *grid[3]; /* C expressions over parameter names (from -g), or NULL */
  int num_warps;
  int num_stages;
  int next_value_id;
  struct CPlan *cplan; /* the C target's decisions (c/plan.h), from its prepare */
  struct CuKernelPlan *cu; /* the CUDA target's kernel-wide decisions (cuda/plan.c), or NULL */
} Kernel;

/* The launchers' parameter lists, alike in both targets (support/cexpr.c): "D0, D1, ..." of
 * the kernel's runtime parameters (constexprs left out), each D = decl(ctx, p) ("float *x");
 * ", " before the first when leading_comma; "void" when there is none and no comma leads. */
const char *cexpr_params(const Kernel *k, bool leading_comma, const char *(*decl)(void *ctx, const KParam *p),
                         void *ctx);
/* an fp16 / bf16 runtime scalar: both targets hand its value on as a float */
bool cexpr_half_scalar(const KParam *p);

Value *ir_value(Kernel *k, DType dt, Shape sh);
const char *kernel_title(const Kernel *k); /* the banner's name: the C name, and why if mangled */
Block *ir_block(void);
Op *ir_op(Block *b, OpKind kind, Loc loc, int nin, Value **in); /* appended to b */
Value *ir_result(Kernel *k, Op *op, DType dt, Shape sh);          /* adds an out value */
int ir_find_op(Block *b, Op *op, int lo, int hi); /* op's index in b->ops[lo..hi), or -1 */
Op *ir_op_at(Block *b, int pos, OpKind kind, Loc loc, int nin, Value **in); /* inserted at pos */
void ir_replace_uses(Block *b, int from, Value *old, Value *nw); /* in b->ops[from..] and nested */
Op *ir_yield(Block *b);                 /* b's closing O_YIELD, or NULL */
int ir_arg_index(Block *b, Value *v);   /* v's index among b's arguments, or -1 */
/* the load v is, or the one tl.trans(v) reads; NULL if neither */
Op *ir_load_of(Value *v);
void ir_count_uses(Kernel *k);
/* v is a temporary a target may print as an expression at its one use instead of a named
 * statement (no Python name, used once, not a load: moving it cannot move a read of memory);
 * the targets add what their own plan keeps (C: materialised tiles; CUDA: scalars of pure
 * arithmetic). Needs ir_count_uses. */
bool ir_inline_once(const Value *v);
void ir_dump(FILE *out, const Kernel *k);
/* ir_dump with a target's decisions: note(out, k, NULL) once after the signature line (kernel-wide
 * decisions), then note(out, k, op) at the end of each op's line (--emit plan) */
typedef void (*PlanNote)(FILE *out, const Kernel *k, const Op *op);
void ir_dump_plan(FILE *out, const Kernel *k, PlanNote note);
const char *dt_name(DType t, DType elt); /* "fp32", "*fp32" */
/* Text both emitters write: the Python line above a statement, device_print's conversions. */
const char *source_comment(Loc loc);
const char *print_fmt(DType t);
const char *print_idx_fmt(Shape s); /* "idx (%2d, %d)" */
const char *printf_text(const char *s); /* s escaped for a C printf format literal */
const char *print_arg(DType t, const char *e);

/* ---------------------------------------------------------------- sema/ */

typedef struct Options {
  const char *file;
  const char *kernel;     /* -n */
  const char *signature;  /* -s */
  const char *grid;       /* -g */
  const char *out;        /* -o */
  const char *target;     /* "c" or "cuda" */
  const char *emit;       /* NULL or ast|ir|c|cuda */
  const char *templates;  /* --templates DIR */
  const char **defs;      /* -D NAME=VALUE */
  int ndefs;
  const char **incdirs;   /* -I DIR: where imported modules are searched, after the file's own folder */
  int nincdirs;
  int num_warps;
  int num_stages;         /* -ns: buffers of a pipelined K loop's dot operands (CUDA) */
  bool list_configs;
  bool include_runtime;   /* #include runtime headers instead of copying */
  bool plain;             /* --plain: the C plan takes no tactic without a Python line */
  bool all_configs;       /* --all-configs: every autotune config plus a dispatcher */
  const char *tuning;     /* --tuning FILE: the dispatcher's table */
  int config;             /* the autotune config whose values fill the constexprs (0: the first) */
  const char *suffix;     /* a variant's name: the kernel becomes KERNEL_SUFFIX (--all-configs, --link) */
  const char **signatures; /* --link: every -s, in order (nsignatures; signature is the first) */
  int nsignatures;
  bool link;              /* --link: one translation per -s and a function choosing among them */
} Options;

/* main.c: the whole pipeline on a kernel file's text already read (0, or an exit on error). */
int translate_text(const Options *o, const char *text, size_t len);

/* Specialises opts->kernel of m for opts->signature / -D values; reports user errors. */
Kernel *sema_kernel(Module *m, const Options *opts);
/* --list-configs: prints the autotune configs / heuristics of the kernel. */
void sema_list_configs(FILE *out, Module *m, const Options *opts);

/* A kernel's @triton.autotune decorator as --all-configs reads it. */
typedef struct Autotune {
  Loc loc;              /* the decorator */
  int nconfigs;
  const char **text;    /* per config: "BLOCK_SIZE=128 num_warps=4" */
  const char ***names;  /* per config: the constexprs it sets, NULL-terminated */
  int *num_warps, *num_stages;
  int nkeys, nreset, nrestore;
  const char **keys, **reset, **restore; /* key=, reset_to_zero=, restore_value= */
  const char *hook;     /* a Python hook it was given ("pre_hook", ...), or NULL */
  const char *spread;   /* why options spread into it (`**kw`) could not be evaluated, or NULL */
} Autotune;
/* nconfigs 0 (at the kernel's def) when it has no @triton.autotune. */
Autotune *sema_autotune(Module *m, const Options *opts);


/* ---------------------------------------------------------------- front/grid.c */

/* -g: fills k->grid[0..2] with C expressions over the integer arguments (constexprs
 * substituted, cdiv expanded); missing trailing dimensions are "1". */
void grid_parse(Kernel *k, const char *grid);

/* ---------------------------------------------------------------- ir/ passes */

void pass_fold(Kernel *k);  /* pass_fold.c: dead-code elimination */
void pass_accum(Kernel *k); /* pass_accum.c: loop accumulators only summed -> scalar sums */
void pass_contract(Kernel *k); /* pass_contract.c: a * b + c -> fma (contract) */
void pass_ptrinc(Kernel *k);   /* pass_ptrinc.c: p += s in a for loop -> p0 + carried offset */
/* v is an fp32 product without a name whose only use may fuse with an add (pass_contract.c) */
bool contractible_product(Value *v);
#define FMA_CONTRACT 1 /* O_FMA flag: fusing is allowed, not required */
#define CAST_RTZ 1     /* O_CAST flag: fp_downcast_rounding="rtz" (toward zero) */
#define LOAD_VOLATILE 1 /* O_LOAD flag: volatile=True (read memory every time: no copy kept) */
void pass_axis(Kernel *k); /* axis.c: AxisInfo of every value (Value.ax) */
/* v's elements are all the constant *c (axis facts; integers only) */
bool ax_const(const Value *v, int64_t *c);
/* Elements per access of a load or store through the pointer tile ptr under mask (or NULL),
 * along its innermost dimension, as Triton vectorises: that many lanes are contiguous, the first
 * at an address that is a multiple of their bytes, under one mask value, in at most 16 bytes
 * (the widest access of a CUDA thread). A power of two; 1 for scalars. */
/* the largest power of two <= x (1 for x < 2) */
int pow2_floor(int64_t x);
int ax_vec_width(const Value *ptr, const Value *mask);

/* ---------------------------------------------------------------- targets */

/* A back end: the passes it wants, its planner and its emitter. main.c picks one by --target;
 * shared code never asks which target it runs for. */
enum {
  PASS_ACCUM = 1,  /* loop accumulators summed after the loop -> per-trip scalar sums */
  PASS_PTRINC = 2, /* pointer tiles a for loop advances -> initial tile + carried offset */
};
typedef struct Target {
  const char *name; /* --target NAME, --emit NAME */
  const char *ext;  /* the source file's extension: "c", "cu" */
  unsigned passes;  /* PASS_* that pay on this target */
  /* stage 5, plan: decides how to realise the facts and records the decisions on the IR in
   * named fields (NULL: nothing to decide); the emitter only prints them */
  void (*prepare)(Kernel *k, const Options *opts);
  /* --emit plan: prints the decisions prepare recorded (see ir_dump_plan) */
  PlanNote plan_note;
  /* stage 6, emit: src_out: NAME.EXT, hdr_out: NAME.h */
  void (*emit)(Buf *src_out, Buf *hdr_out, Kernel *k, const Options *opts);
  /* the launcher's parameter list as the header declares it ("float *x, int32_t n") */
  const char *(*launch_params)(Kernel *k);
} Target;
extern const Target target_c;    /* c/emit_c_file.c (prepare: c/plan.c) */
extern const Target target_cuda; /* cuda/emit_cuda.c */

/* ---------------------------------------------------------------- tune.c */

/* --all-configs: OUT_cI.EXT/.h for every config I and the dispatcher OUT.EXT/.h. `translate`
 * runs the pipeline on one Options and writes its files. */
void tune_all_configs(Module *m, const Options *o, const Target *t,
                      Kernel *(*translate)(Module *m, const Options *o));
/* Shared with link.c: a launcher's argument names ("x_ptr, n"); a dispatcher header's guard,
 * includes and extern "C" block, opened and closed. */
const char *launch_args(Kernel *k);
void header_open(Buf *h, const char *base, bool cuda);
void header_close(Buf *h, const char *base);

/* ---------------------------------------------------------------- link.c */

/* --link: OUT_sI.EXT/.h for every -s I and OUT.EXT/.h, one function with the kernel's name that
 * checks its arguments against each specialization's hints in order and runs the first that
 * fits. `translate` as for tune_all_configs. */
void link_specializations(Module *m, const Options *o, const Target *t,
                          Kernel *(*translate)(Module *m, const Options *o));

/* ---------------------------------------------------------------- support/template.c */

/* Template text: built-in copies of templates/ (generated into build/templates.c), or
 * files from --templates DIR. */
const char *template_get(const char *name);
void template_set_dir(const char *dir);
/* Expands "{{NAME}}" placeholders from a NULL-terminated list of key/value pairs. */
void template_expand(Buf *out, const char *name, const char *const *kv);


#endif
