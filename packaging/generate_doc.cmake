# Runs one of the programs' document generators at build time and writes what it prints:
#   cmake -DPROGRAM=<exe> -DARGS="man" -DOUT=<file> [-DGZIP=ON] -P generate_doc.cmake
# (`hipdoctor-cli man`, `hipdoctor-cli completion bash|zsh`, `hipdoctor --man`: generated
# from the option declarations, app/common/command_spec.h). Leak checks of sanitizer builds
# and the start-up heap tuning are off for these short runs.
set(ENV{ASAN_OPTIONS} "detect_leaks=0")
set(ENV{HIPDOCTOR_HEAP_TUNING} "0")
set(ENV{QT_QPA_PLATFORM} "offscreen")
separate_arguments(_args UNIX_COMMAND "${ARGS}")
execute_process(COMMAND "${PROGRAM}" ${_args} OUTPUT_FILE "${OUT}.tmp" RESULT_VARIABLE _rc
                ERROR_VARIABLE _err)
if(NOT _rc EQUAL 0)
    message(FATAL_ERROR "${PROGRAM} ${ARGS} failed (${_rc}): ${_err}")
endif()
file(RENAME "${OUT}.tmp" "${OUT}")
if(GZIP)
    # Debian installs man pages compressed (OUT.gz beside OUT); -n keeps the bytes the same on
    # every build.
    execute_process(COMMAND gzip -9nc "${OUT}" OUTPUT_FILE "${OUT}.gz" RESULT_VARIABLE _rc)
    if(NOT _rc EQUAL 0)
        message(FATAL_ERROR "gzip ${OUT} failed")
    endif()
endif()
