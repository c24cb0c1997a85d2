; toplevel.scm — the module-level statements tritonc reads (src/parse.c, query "toplevel").
;
; parse.c runs this query on each direct child of the module in turn, over the child's head
; only (its decorators and `def` line, a `try:` body, or else its first token), so function
; bodies are never walked. Imports give the aliases (`tl`, `libdevice`, `triton_helpers`...);
; decorated function definitions are the @triton.jit candidates; `NAME = value` and
; `NAME: T = value` are the constants a kernel may read. Everything else at module level
; (plain functions, classes, `if __name__ == "__main__":`) is host code and is skipped.

(import_statement) @import
(import_from_statement) @import

; try:
;     from triton.language.extra.cuda import libdevice
; except ImportError:
;     ...                 <- fallbacks are not read: the first choice is the one Triton has
(try_statement
  body: (block
    [(import_statement) (import_from_statement)] @try_import))

(decorated_definition
  definition: (function_definition)) @function

(expression_statement
  (assignment
    left: (identifier)) @const)
