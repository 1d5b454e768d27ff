# artel_library(<name> SOURCES ... DEPS ... [PRIVATE_DEPS ...])
#   Defines the static library artel_<name> with alias artel::<name>; headers live in include/artel/<name>/.
# artel_test(<name> SOURCES ... DEPS ... [LABELS ...])
#   Defines a gtest executable registered with CTest (label "unit" unless given).
function(artel_library name)
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;PRIVATE_DEPS" ${ARGN})
  add_library(artel_${name} STATIC ${ARG_SOURCES})
  add_library(artel::${name} ALIAS artel_${name})
  target_include_directories(artel_${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
                                           PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_link_libraries(artel_${name} PUBLIC ${ARG_DEPS} PRIVATE artel_compile_options ${ARG_PRIVATE_DEPS})
endfunction()

function(artel_test name)
  if(NOT ARTEL_BUILD_TESTS)
    return()
  endif()
  cmake_parse_arguments(ARG "" "" "SOURCES;DEPS;LABELS" ${ARGN})
  if(NOT ARG_LABELS)
    set(ARG_LABELS unit)
  endif()
  add_executable(${name} ${ARG_SOURCES})
  target_link_libraries(${name} PRIVATE ${ARG_DEPS} GTest::gtest GTest::gtest_main artel_compile_options)
  gtest_discover_tests(${name} PROPERTIES LABELS "${ARG_LABELS}" DISCOVERY_TIMEOUT 60
                       WORKING_DIRECTORY ${PROJECT_SOURCE_DIR})
endfunction()
