; toplevel.scm — the module-level statements tritonc reads (src/parse.c, query "toplevel").
;
; parse.c runs this query on each module-level statement in turn (also those inside a
; module-level `if`/`else` or `try`/`except`, which parse.c walks itself), over the statement's
; head only (its decorators and `def` line, or else its first token), so function bodies are
; never walked. Imports give the aliases (`tl`, `libdevice`, `triton_helpers`...);
; decorated function definitions are the @triton.jit candidates; `NAME = value` and
; `NAME: T = value` are the constants a kernel may read. Plain functions and classes only bind
; a host name (parse.c); everything else at module level (calls, loops, `with`) is skipped.

(import_statement) @import
(import_from_statement) @import

(decorated_definition
  definition: (function_definition)) @function

(expression_statement
  (assignment
    left: (identifier)) @const)
