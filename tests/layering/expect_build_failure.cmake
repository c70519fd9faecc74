cmake_minimum_required(VERSION 3.25)
# cmake -DBUILD_DIR=... -DTARGET=... -DHEADER=... -P expect_build_failure.cmake
# Passes when building TARGET fails because HEADER is not found, and only then: a failure for
# any other reason (a typo, a broken compiler) fails the test.
execute_process(COMMAND ${CMAKE_COMMAND} --build ${BUILD_DIR} --target ${TARGET}
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(rc EQUAL 0)
    message(FATAL_ERROR "${TARGET} compiled: ${HEADER} is reachable where it must not be")
endif()
string(FIND "${out}${err}" "${HEADER}: No such file or directory" at)
if(at EQUAL -1)
    message(FATAL_ERROR "${TARGET} failed for another reason than ${HEADER} not found:\n${out}${err}")
endif()
message(STATUS "${TARGET}: ${HEADER} not found, as it must be")
