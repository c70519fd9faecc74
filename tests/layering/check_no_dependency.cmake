cmake_minimum_required(VERSION 3.25)
# cmake -DLINKS=<file> -DTARGET=hd_verify -DFORBIDDEN=hd_diagnosis -DARCHIVE=<lib> \
#       -DFORBIDDEN_ARCHIVE=<lib> -DNM=nm -P check_no_dependency.cmake
# TARGET must not depend on FORBIDDEN: not in its link closure (LINKS, written at configure
# time from LINK_LIBRARIES / INTERFACE_LINK_LIBRARIES), and no symbol that ARCHIVE leaves
# undefined is one that FORBIDDEN_ARCHIVE defines.
file(STRINGS ${LINKS} closure)
list(FIND closure ${FORBIDDEN} at)
if(NOT at EQUAL -1)
    message(FATAL_ERROR "${TARGET} links ${FORBIDDEN} (closure: ${closure})")
endif()
execute_process(COMMAND ${NM} --undefined-only --format=just-symbols ${ARCHIVE}
                OUTPUT_VARIABLE undefined RESULT_VARIABLE rc1)
execute_process(COMMAND ${NM} --defined-only --extern-only --format=just-symbols
                        ${FORBIDDEN_ARCHIVE} OUTPUT_VARIABLE defined RESULT_VARIABLE rc2)
if(NOT rc1 EQUAL 0 OR NOT rc2 EQUAL 0)
    message(FATAL_ERROR "nm failed on ${ARCHIVE} or ${FORBIDDEN_ARCHIVE}")
endif()
string(REPLACE "\n" ";" undefined "${undefined}")
string(REPLACE "\n" ";" defined "${defined}")
list(REMOVE_DUPLICATES undefined)
list(LENGTH undefined n_undefined)
list(LENGTH defined n_defined)
if(n_undefined EQUAL 0 OR n_defined EQUAL 0)
    message(FATAL_ERROR "no symbols read (${n_undefined} undefined, ${n_defined} defined)")
endif()
set(hits)
foreach(sym IN LISTS defined)
    # Inline functions and template instances are defined (weak) in every archive that uses
    # them; only symbols ${FORBIDDEN} alone provides count.
    if(sym AND NOT sym MATCHES "^_ZN?K?St|^_ZNK?5QtPrivate|^_ZN?K?7Q|^_ZTV|^_ZTI|^_ZTS|^_ZGV")
        list(FIND undefined ${sym} i)
        if(NOT i EQUAL -1)
            list(APPEND hits ${sym})
        endif()
    endif()
endforeach()
if(hits)
    message(FATAL_ERROR "${ARCHIVE} uses symbols of ${FORBIDDEN}: ${hits}")
endif()
message(STATUS "${TARGET}: no link to ${FORBIDDEN}, none of its ${n_defined} symbols used "
               "(${n_undefined} undefined symbols checked)")
