# The git revision is read at configure time when a checkout exists; a source tree without
# .git (a tarball, a pristine root) says "unknown" or whatever HIPDOCTOR_GIT_REVISION holds.
set(HIPDOCTOR_GIT_REVISION "$ENV{HIPDOCTOR_GIT_REVISION}")
if(NOT HIPDOCTOR_GIT_REVISION)
    find_package(Git QUIET)
    if(GIT_FOUND AND EXISTS ${PROJECT_SOURCE_DIR}/.git)
        execute_process(COMMAND ${GIT_EXECUTABLE} rev-parse --short=12 HEAD
                        WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                        OUTPUT_VARIABLE HIPDOCTOR_GIT_REVISION OUTPUT_STRIP_TRAILING_WHITESPACE
                        ERROR_QUIET)
    endif()
endif()
if(NOT HIPDOCTOR_GIT_REVISION)
    set(HIPDOCTOR_GIT_REVISION "unknown")
endif()
