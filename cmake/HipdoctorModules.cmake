# Warnings every target of ours gets.
add_library(hd_warnings INTERFACE)
target_compile_options(hd_warnings INTERFACE -Wall -Wextra -Wpedantic -Wno-missing-field-initializers)
if(HIPDOCTOR_WERROR)
    target_compile_options(hd_warnings INTERFACE -Werror)
endif()

# hd_add_module(NAME SOURCES ... [DEPS ...]): one static library per concern of core/, named
# hd_<NAME> (docs/architecture.md "Layers").
# - Public headers are the .h files directly in core/<NAME>/. They are included as
#   "<NAME>/header.h", and only by targets that link hd_<NAME> (directly or through DEPS): each
#   module's headers are staged, as links, under <build>/include/<NAME>/<NAME>/, and that folder
#   alone is the module's public include directory. A module that includes another's header
#   without depending on it does not compile.
# - Private headers live in core/<NAME>/private/, included as "header_p.h"; that folder is on
#   the include path of hd_<NAME> alone. White-box tests reach it by linking hd_<NAME>_private.
function(hd_add_module name)
    cmake_parse_arguments(ARG "" "" "SOURCES;DEPS" ${ARGN})
    set(_stage ${PROJECT_BINARY_DIR}/include/${name})
    file(REMOVE_RECURSE ${_stage})
    file(MAKE_DIRECTORY ${_stage}/${name})
    file(GLOB _headers CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/*.h)
    foreach(_h IN LISTS _headers)
        get_filename_component(_file ${_h} NAME)
        file(CREATE_LINK ${_h} ${_stage}/${name}/${_file} SYMBOLIC)
    endforeach()
    set_property(GLOBAL APPEND PROPERTY HD_MODULES ${name})
    set_property(GLOBAL PROPERTY HD_MODULE_HEADERS_${name} "${_headers}")

    add_library(hd_${name} STATIC ${ARG_SOURCES})
    target_include_directories(hd_${name} PUBLIC $<BUILD_INTERFACE:${_stage}>)
    add_library(hd_${name}_private INTERFACE)
    if(EXISTS ${CMAKE_CURRENT_SOURCE_DIR}/private)
        target_include_directories(hd_${name} PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/private)
        target_include_directories(hd_${name}_private INTERFACE ${CMAKE_CURRENT_SOURCE_DIR}/private)
    endif()
    target_link_libraries(hd_${name}_private INTERFACE hd_${name})
    target_link_libraries(hd_${name} PUBLIC Qt6::Core ${ARG_DEPS} PRIVATE hd_warnings)
    set_target_properties(hd_${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
endfunction()
