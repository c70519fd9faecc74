# Every dependency comes from Debian 12 packages; scripts/bootstrap.sh installs them.
set(_hd_qt_components Core Concurrent Test)
if(HIPDOCTOR_BUILD_GUI)
    list(APPEND _hd_qt_components Gui Widgets PrintSupport Svg)
endif()
find_package(Qt6 6.4 REQUIRED COMPONENTS ${_hd_qt_components} OPTIONAL_COMPONENTS LinguistTools)
set(CMAKE_AUTOMOC ON)
set(CMAKE_AUTORCC ON)

# LLVM 15 is what Debian's hipcc uses; newer ones (16-19) are accepted where installed.
if(NOT LLVM_DIR)
    foreach(_v 15 16 17 18 19)
        if(EXISTS /usr/lib/llvm-${_v}/lib/cmake/llvm/LLVMConfig.cmake)
            set(LLVM_DIR /usr/lib/llvm-${_v}/lib/cmake/llvm)
            break()
        endif()
    endforeach()
endif()
find_package(LLVM CONFIG REQUIRED)
if(LLVM_VERSION_MAJOR LESS 15 OR LLVM_VERSION_MAJOR GREATER 19)
    message(FATAL_ERROR "hipdoctor needs LLVM 15-19, found ${LLVM_VERSION} in ${LLVM_DIR}")
endif()
message(STATUS "hipdoctor: LLVM ${LLVM_VERSION} from ${LLVM_DIR}")
llvm_map_components_to_libnames(HD_LLVM_LIBS object binaryformat demangle support)
add_library(hd_llvm INTERFACE)
target_include_directories(hd_llvm SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
target_compile_definitions(hd_llvm INTERFACE ${LLVM_DEFINITIONS_LIST})
# The component archives are preferred where installed (Debian's llvm-dev ships them next to
# the shared library): the programs then carry the few parts of LLVM they use, and starting
# one no longer loads, relocates and runs the static constructors of all of libLLVM (about
# 0.1 s of CPU per start, as much as a small inspection).
set(_hd_llvm_static_default OFF)
if(TARGET LLVMObject)
    get_target_property(_hd_llvm_object_type LLVMObject TYPE)
    if(_hd_llvm_object_type STREQUAL "STATIC_LIBRARY")
        set(_hd_llvm_static_default ON)
    endif()
endif()
option(HIPDOCTOR_LLVM_STATIC "Link LLVM's static component libraries" ${_hd_llvm_static_default})
if(LLVM_LINK_LLVM_DYLIB AND NOT HIPDOCTOR_LLVM_STATIC)
    target_link_libraries(hd_llvm INTERFACE LLVM)
else()
    target_link_libraries(hd_llvm INTERFACE ${HD_LLVM_LIBS})
endif()
message(STATUS "hipdoctor: LLVM component archives (static): ${HIPDOCTOR_LLVM_STATIC}")

# Debian's LLVM 15 is built without zstd, so the bundle and fatbin readers link both directly.
find_package(PkgConfig REQUIRED)
pkg_check_modules(ZSTD REQUIRED IMPORTED_TARGET libzstd)
find_package(ZLIB REQUIRED)

if(HIPDOCTOR_BUILD_GUI)
    find_package(QCustomPlotQt6 REQUIRED)
endif()

# The platform compiler builds the kernels/ programs the tests and the demo use.
find_program(HIPDOCTOR_HIPCC NAMES hipcc PATHS /usr/bin /opt/rocm/bin)
find_program(HIPDOCTOR_NVCC NAMES nvcc PATHS /usr/local/cuda/bin)
