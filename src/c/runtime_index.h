/* runtime_index.h — the runtime headers (runtime/tc_helpers.h, runtime/tc_simd.h) cut into their
 * "//@ NAME: DEPS" sections, with an index of what each section defines. Generated at build time
 * by tools/rtindex.c into build/runtime.c; the C emitter copies the sections a kernel uses. */
#ifndef TRITONC_RUNTIME_INDEX_H
#define TRITONC_RUNTIME_INDEX_H

typedef struct RtSection {
  const char *file;         /* "tc_simd": the header the section is in (runtime/tc_simd.h) */
  const char *name;         /* the NAME of its "//@ NAME" line */
  int decl;                 /* defines only macros and types: it goes before the kernel */
  unsigned long long deps;  /* bit i: uses something section i defines (always i < this one) */
  const char *text;         /* the lines after "//@ NAME", up to the next "//@" */
} RtSection;

typedef struct RtSymbol {
  const char *name;  /* a function, macro, type or variable some section defines */
  int section;       /* index into tc_rt_sections */
  const char *proto; /* "static inline ... NAME(...);" for a function, else NULL */
} RtSymbol;

extern const RtSection tc_rt_sections[]; /* in file order, which is an order of dependencies */
extern const int tc_rt_nsections;
extern const RtSymbol tc_rt_symbols[]; /* sorted by strcmp of name */
extern const int tc_rt_nsymbols;

#endif
