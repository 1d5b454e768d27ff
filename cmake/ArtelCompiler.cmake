# Warnings, sanitizers and ccache, shared by every target.
if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
  set(CMAKE_BUILD_TYPE RelWithDebInfo CACHE STRING "Build type" FORCE)
endif()

find_program(ARTEL_CCACHE ccache)
if(ARTEL_CCACHE)
  set(CMAKE_CXX_COMPILER_LAUNCHER ${ARTEL_CCACHE})
endif()

set(ARTEL_SANITIZE "" CACHE STRING "Sanitizers to enable, e.g. address,undefined")

add_library(artel_compile_options INTERFACE)
# -Wshadow=local is g++'s; the fuzz preset's clang-14 spells it differently. (The g++ line keeps its order:
# a reordered command line misses every ccache entry.)
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
  target_compile_options(artel_compile_options INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow=local -Wnon-virtual-dtor -Wno-missing-field-initializers)
else()
  target_compile_options(artel_compile_options INTERFACE
    -Wall -Wextra -Wpedantic -Wshadow-uncaptured-local -Wnon-virtual-dtor -Wno-missing-field-initializers)
endif()
# Asio coroutines and Boost.JSON instantiate a lot of code: keep debug builds usable.
target_compile_definitions(artel_compile_options INTERFACE
  BOOST_ASIO_NO_DEPRECATED BOOST_ASIO_DISABLE_BOOST_BIND BOOST_ASIO_DISABLE_BOOST_DATE_TIME)
if(ARTEL_SANITIZE)
  target_compile_options(artel_compile_options INTERFACE -fsanitize=${ARTEL_SANITIZE} -fno-omit-frame-pointer)
  target_link_options(artel_compile_options INTERFACE -fsanitize=${ARTEL_SANITIZE})
endif()
