# Every external dependency is found here once; libraries link the imported targets.
# Boost 1.81 comes from Debian's libboost1.81-dev (the default libboost-dev is 1.74 and lacks what we use).
find_package(Boost 1.81...<1.82 REQUIRED CONFIG COMPONENTS json url)
find_package(PostgreSQL REQUIRED)
find_package(OpenSSL REQUIRED)
find_package(fmt REQUIRED)
find_package(yaml-cpp REQUIRED)
find_package(CURL REQUIRED)
find_package(Threads REQUIRED)
find_package(PkgConfig REQUIRED)

# libgd decodes uploaded images and encodes their thumbnails (storage only).
pkg_check_modules(GD REQUIRED IMPORTED_TARGET gdlib)

find_library(ARGON2_LIBRARY NAMES argon2 REQUIRED)
find_path(ARGON2_INCLUDE_DIR NAMES argon2.h REQUIRED)
add_library(argon2::argon2 UNKNOWN IMPORTED)
set_target_properties(argon2::argon2 PROPERTIES
  IMPORTED_LOCATION ${ARGON2_LIBRARY} INTERFACE_INCLUDE_DIRECTORIES ${ARGON2_INCLUDE_DIR})

if(ARTEL_BUILD_TESTS)
  find_package(GTest REQUIRED)
endif()
if(ARTEL_BUILD_BENCHMARKS)
  find_package(benchmark REQUIRED)
endif()
