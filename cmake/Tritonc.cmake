# Tritonc.cmake — translate Triton kernels at build time.
#
#   include(/path/to/tritonc/cmake/Tritonc.cmake)    # from a checkout (uses its bin/tritonc)
#   find_package(Tritonc REQUIRED)                   # after `make install` (CMAKE_PREFIX_PATH)
#
#   tritonc_add_kernel(TARGET FILE.py NAME SIGNATURE
#                      [GRID grid] [CUDA] [OUTPUT base] [OPTIONS opt...] [DEPENDS file...])
#
# Adds the translation of kernel NAME of FILE.py, specialised for SIGNATURE ("*fp32:16, i32,
# 1024", as tritonc -s takes it), to TARGET's sources: OUTPUT.c (OUTPUT.cu with CUDA) and OUTPUT.h
# in ${CMAKE_CURRENT_BINARY_DIR}/tritonc, which goes on TARGET's include path, so the program
# includes "OUTPUT.h" (OUTPUT defaults to NAME). GRID is tritonc -g (the launcher without grid
# arguments). OPTIONS are passed to tritonc as they are (-D, -I, -w, --include-runtime, ...),
# DEPENDS lists more files the kernel reads (modules it imports). The files are regenerated when
# FILE.py, a DEPENDS file or the translator changes. Call it in the directory that defines TARGET.
#
# A C kernel links OpenMP (its grid runs in parallel) when CMake finds it, and libm; its speed
# depends on the target's flags (-O3 -march=native as tritonc's tests build it). A CUDA kernel
# needs the CUDA language enabled (project(... LANGUAGES C CUDA)).
#
# Variables: TRITONC_EXECUTABLE (the translator), TRITONC_INCLUDE_DIR (the runtime headers, for
# --include-runtime files and tc_cuda.h); set them before including to override.

include_guard(GLOBAL)

# A checkout: cmake/ beside bin/ and runtime/; an installed copy: PREFIX/lib/cmake/Tritonc.
set(_tritonc_here "${CMAKE_CURRENT_LIST_DIR}")
find_program(TRITONC_EXECUTABLE tritonc
  HINTS "${_tritonc_here}/../bin" "${_tritonc_here}/../../../bin" NO_DEFAULT_PATH)
find_program(TRITONC_EXECUTABLE tritonc)
find_path(TRITONC_INCLUDE_DIR tc_simd.h
  HINTS "${_tritonc_here}/../runtime" "${_tritonc_here}/../../../include/tritonc" NO_DEFAULT_PATH)
if(NOT TRITONC_EXECUTABLE)
  message(FATAL_ERROR "Tritonc: no tritonc found (build it with make, install it, or set "
                      "TRITONC_EXECUTABLE)")
endif()

function(tritonc_add_kernel target file name signature)
  cmake_parse_arguments(PARSE_ARGV 4 TK "CUDA" "GRID;OUTPUT" "OPTIONS;DEPENDS")
  if(TK_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "tritonc_add_kernel(${name}): unknown arguments: ${TK_UNPARSED_ARGUMENTS}")
  endif()
  get_filename_component(src "${file}" ABSOLUTE)
  if(NOT TK_OUTPUT)
    set(TK_OUTPUT "${name}")
  endif()
  set(dir "${CMAKE_CURRENT_BINARY_DIR}/tritonc")
  set(args "${src}" -n "${name}" -s "${signature}" -o "${dir}/${TK_OUTPUT}")
  if(TK_GRID)
    list(APPEND args -g "${TK_GRID}")
  endif()
  set(ext c)
  if(TK_CUDA)
    set(ext cu)
    list(APPEND args --target cuda)
  endif()
  set(outs "${dir}/${TK_OUTPUT}.${ext}" "${dir}/${TK_OUTPUT}.h")
  add_custom_command(OUTPUT ${outs}
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${dir}"
    COMMAND "${TRITONC_EXECUTABLE}" ${args} ${TK_OPTIONS}
    DEPENDS "${src}" "${TRITONC_EXECUTABLE}" ${TK_DEPENDS}
    COMMENT "tritonc: ${name} of ${file} -> ${TK_OUTPUT}.${ext}"
    VERBATIM)
  target_sources(${target} PRIVATE ${outs})
  target_include_directories(${target} PRIVATE "${dir}")
  if(TRITONC_INCLUDE_DIR)
    target_include_directories(${target} PRIVATE "${TRITONC_INCLUDE_DIR}")
  endif()
  if(NOT TK_CUDA)
    find_package(OpenMP QUIET COMPONENTS C)
    if(OpenMP_C_FOUND)
      target_link_libraries(${target} PRIVATE OpenMP::OpenMP_C)
    endif()
    target_link_libraries(${target} PRIVATE m)
  endif()
endfunction()
