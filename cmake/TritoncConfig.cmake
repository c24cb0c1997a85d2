# TritoncConfig.cmake — find_package(Tritonc) of an installed tritonc: tritonc_add_kernel() and,
# when the NVRTC runtime was installed, the imported library Tritonc::cuda_runtime (tc_cuda.h:
# compile and launch generated CUDA text at run time).
include("${CMAKE_CURRENT_LIST_DIR}/Tritonc.cmake")
set(Tritonc_FOUND TRUE)
get_filename_component(_tritonc_prefix "${CMAKE_CURRENT_LIST_DIR}/../../.." ABSOLUTE)
if(EXISTS "${_tritonc_prefix}/lib/libtritonc_cuda.so" AND NOT TARGET Tritonc::cuda_runtime)
  add_library(Tritonc::cuda_runtime SHARED IMPORTED)
  set_target_properties(Tritonc::cuda_runtime PROPERTIES
    IMPORTED_LOCATION "${_tritonc_prefix}/lib/libtritonc_cuda.so"
    INTERFACE_INCLUDE_DIRECTORIES "${_tritonc_prefix}/include/tritonc")
  find_package(CUDAToolkit QUIET)  # tc_cuda.h includes cuda.h
  if(TARGET CUDA::cuda_driver)
    set_target_properties(Tritonc::cuda_runtime PROPERTIES
      INTERFACE_LINK_LIBRARIES CUDA::cuda_driver)
  endif()
endif()
