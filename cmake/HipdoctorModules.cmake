# Warnings every target of ours gets.
add_library(hd_warnings INTERFACE)
target_compile_options(hd_warnings INTERFACE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
if(HIPDOCTOR_WERROR)
    target_compile_options(hd_warnings INTERFACE -Werror)
endif()

# hd_add_module(NAME SOURCES ... [DEPS ...]): one static library per concern of core/,
# named hd_<NAME>, included as "<NAME>/header.h" from the core/ root.
function(hd_add_module name)
    cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
    add_library(hd_${name} STATIC ${ARG_SOURCES})
    target_include_directories(hd_${name} PUBLIC ${PROJECT_SOURCE_DIR}/core)
    target_link_libraries(hd_${name} PUBLIC Qt6::Core ${ARG_DEPS} PRIVATE hd_warnings)
    set_target_properties(hd_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()
