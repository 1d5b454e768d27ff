# artel_library(<name> KIND platform|domain SOURCES ... DEPS ... [PRIVATE_DEPS ...] [SCHEMA_DEPS ...])
#   Defines the static library artel_<name> with alias artel::<name>; headers live in include/artel/<name>/.
#   This call is the one declaration of the library's place in the module graph (docs/architecture.md,
#   "Modules"): DEPS and PRIVATE_DEPS are the code it links; SCHEMA_DEPS (bare names) the libraries whose
#   tables its migrations or SQL use without linking their code (profiles reads identity.users). From these,
#   artel_check_layering() derives a module's requirements (generated/<name>/module_requires.hpp, read by its
#   src/module.cpp) and the migrations' order (artel::module_graph, read by db::Migrate's callers).
#   KIND places it in a layer (docs/architecture.md, "Layers"): platform libraries use only platform
#   libraries; domain libraries use platform libraries and the domains they list, and keep the HTTP
#   libraries (web, server) out of their public interface. artel_check_layering() enforces it at configure
#   time, and the `layering` test checks every #include against the declared dependencies.
# artel_test(<name> SOURCES ... DEPS ... [LABELS ...])
#   Defines a gtest executable registered with CTest (label "unit" unless given).
set(ARTEL_HTTP_LIBRARIES web server)

function(artel_library name)
  cmake_parse_arguments(ARG "" "KIND" "SOURCES;DEPS;PRIVATE_DEPS;SCHEMA_DEPS" ${ARGN})
  if(NOT ARG_KIND MATCHES "^(platform|domain)$")
    message(FATAL_ERROR "artel_library(${name}): KIND platform or KIND domain is required")
  endif()
  add_library(artel_${name} STATIC ${ARG_SOURCES})
  add_library(artel::${name} ALIAS artel_${name})
  target_include_directories(artel_${name} PUBLIC ${CMAKE_CURRENT_SOURCE_DIR}/include
                                           PRIVATE ${CMAKE_CURRENT_SOURCE_DIR}/src)
  target_link_libraries(artel_${name} PUBLIC ${ARG_DEPS} PRIVATE artel_compile_options ${ARG_PRIVATE_DEPS})
  # What the layering check reads: the layer, and the artel libraries linked publicly and privately.
  set(public_artel "")
  set(private_artel "")
  foreach(dep IN LISTS ARG_DEPS)
    if(dep MATCHES "^artel::(.+)$")
      list(APPEND public_artel ${CMAKE_MATCH_1})
    endif()
  endforeach()
  foreach(dep IN LISTS ARG_PRIVATE_DEPS)
    if(dep MATCHES "^artel::(.+)$")
      list(APPEND private_artel ${CMAKE_MATCH_1})
    endif()
  endforeach()
  set_property(GLOBAL APPEND PROPERTY ARTEL_LIBRARIES ${name})
  set_property(GLOBAL PROPERTY ARTEL_LIBRARY_${name}_KIND ${ARG_KIND})
  set_property(GLOBAL PROPERTY ARTEL_LIBRARY_${name}_PUBLIC "${public_artel}")
  set_property(GLOBAL PROPERTY ARTEL_LIBRARY_${name}_PRIVATE "${private_artel}")
  set_property(GLOBAL PROPERTY ARTEL_LIBRARY_${name}_SCHEMA "${ARG_SCHEMA_DEPS}")
  set_property(GLOBAL PROPERTY ARTEL_LIBRARY_${name}_DIR ${CMAKE_CURRENT_SOURCE_DIR})
endfunction()

# The layered libraries `name` depends on in the module graph: what it links, and the SCHEMA_DEPS.
function(_artel_graph_deps name out)
  _artel_layered_deps(${name} layered)
  get_property(schema GLOBAL PROPERTY ARTEL_LIBRARY_${name}_SCHEMA)
  foreach(dep IN LISTS schema)
    get_property(dep_kind GLOBAL PROPERTY ARTEL_LIBRARY_${dep}_KIND)
    if(dep_kind STREQUAL "")
      message(FATAL_ERROR "artel_library(${name}): SCHEMA_DEPS names ${dep}, which is no artel library")
    endif()
    list(APPEND layered ${dep})
  endforeach()
  list(REMOVE_DUPLICATES layered)
  set(${out} ${layered} PARENT_SCOPE)
endfunction()

# Everything `name` reaches in the module graph, sorted.
function(_artel_graph_closure name out)
  set(seen "")
  set(queue ${name})
  while(queue)
    list(POP_FRONT queue current)
    _artel_graph_deps(${current} deps)
    foreach(dep IN LISTS deps)
      if(NOT dep IN_LIST seen)
        list(APPEND seen ${dep})
        list(APPEND queue ${dep})
      endif()
    endforeach()
  endwhile()
  list(SORT seen)
  set(${out} ${seen} PARENT_SCOPE)
endfunction()

# Writes `content` to `path` only when it differs, so a configure step rebuilds nothing that did not change.
function(_artel_write_if_changed path content)
  if(EXISTS ${path})
    file(READ ${path} old)
    if(old STREQUAL content)
      return()
    endif()
  endif()
  file(WRITE ${path} "${content}")
endfunction()

# A module is a library with src/module.cpp (it exports `platform::Module Module()`).
function(_artel_is_module name out)
  get_property(dir GLOBAL PROPERTY ARTEL_LIBRARY_${name}_DIR)
  if(EXISTS ${dir}/src/module.cpp)
    set(${out} TRUE PARENT_SCOPE)
  else()
    set(${out} FALSE PARENT_SCOPE)
  endif()
endfunction()

# Derives the two other views of the module graph from the artel_library() calls:
# - generated/<module>/module_requires.hpp per module: `generated::ModuleOf(&Install)` names the module and the
#   modules among its direct dependencies, which platform::Host requires to be installed first;
# - artel::module_graph: `artel::LibraryGraph()`, every library with everything it reaches, which orders the
#   migrations' folders (db::Migrate).
function(_artel_generate_module_graph)
  get_property(libraries GLOBAL PROPERTY ARTEL_LIBRARIES)
  set(generated ${PROJECT_BINARY_DIR}/generated)
  set(graph_entries "")
  foreach(name IN LISTS libraries)
    _artel_graph_closure(${name} closure)
    list(TRANSFORM closure PREPEND "\"")
    list(TRANSFORM closure APPEND "\"")
    list(JOIN closure ", " closure_text)
    string(APPEND graph_entries "      {\"${name}\", {${closure_text}}},\n")
    _artel_is_module(${name} is_module)
    if(NOT is_module)
      continue()
    endif()
    _artel_graph_deps(${name} deps)
    set(requires "")
    foreach(dep IN LISTS deps)
      _artel_is_module(${dep} dep_is_module)
      if(dep_is_module)
        list(APPEND requires "\"${dep}\"")
      endif()
    endforeach()
    list(JOIN requires ", " requires_text)
    set(header "// Generated by artel_check_layering() (cmake/ArtelLibrary.cmake) from artel_library(${name} ...) in
// its CMakeLists.txt: edit that, not this file.
#pragma once

#include \"artel/platform/module.hpp\"

namespace artel::${name}::generated {

/// The module `${name}` (also its migrations' folder) and the modules it links or whose tables it uses
/// (SCHEMA_DEPS), which platform::Host installs first.
inline platform::Module ModuleOf(void (*install)(platform::ModuleContext&)) {
  return {\"${name}\", {${requires_text}}, install};
}

}  // namespace artel::${name}::generated
")
    _artel_write_if_changed(${generated}/${name}/module_requires.hpp "${header}")
    target_include_directories(artel_${name} PRIVATE ${generated}/${name})
  endforeach()
  set(source "// Generated by artel_check_layering() (cmake/ArtelLibrary.cmake) from every artel_library() call.
#include \"artel/module_graph.hpp\"

namespace artel {

const db::ModuleGraph& LibraryGraph() {
  static const db::ModuleGraph graph{
${graph_entries}  };
  return graph;
}

}  // namespace artel
")
  _artel_write_if_changed(${generated}/module_graph/module_graph.cpp "${source}")
  _artel_write_if_changed(${generated}/module_graph/include/artel/module_graph.hpp
"// Generated by artel_check_layering() (cmake/ArtelLibrary.cmake).
#pragma once

#include \"artel/db/migrate.hpp\"

namespace artel {

/// Every artel library and every library it reaches through DEPS, PRIVATE_DEPS and SCHEMA_DEPS: the order of
/// the migrations' folders (db::Migrate).
const db::ModuleGraph& LibraryGraph();

}  // namespace artel
")
  add_library(artel_module_graph STATIC ${generated}/module_graph/module_graph.cpp)
  add_library(artel::module_graph ALIAS artel_module_graph)
  target_include_directories(artel_module_graph PUBLIC ${generated}/module_graph/include)
  target_link_libraries(artel_module_graph PUBLIC artel::db PRIVATE artel_compile_options)
endfunction()

# The artel libraries `name` links (publicly and privately) that are layered; helpers such as db_testing are not.
function(_artel_layered_deps name out)
  get_property(public GLOBAL PROPERTY ARTEL_LIBRARY_${name}_PUBLIC)
  get_property(private GLOBAL PROPERTY ARTEL_LIBRARY_${name}_PRIVATE)
  set(layered "")
  foreach(dep IN LISTS public private)
    get_property(dep_kind GLOBAL PROPERTY ARTEL_LIBRARY_${dep}_KIND)
    if(NOT dep_kind STREQUAL "")
      list(APPEND layered ${dep})
    endif()
  endforeach()
  set(${out} ${layered} PARENT_SCOPE)
endfunction()

# Fails the configure step on a layering violation, and writes layering.json for the include check.
function(artel_check_layering)
  get_property(libraries GLOBAL PROPERTY ARTEL_LIBRARIES)
  set(json "{")
  set(first TRUE)
  foreach(name IN LISTS libraries)
    get_property(kind GLOBAL PROPERTY ARTEL_LIBRARY_${name}_KIND)
    get_property(public GLOBAL PROPERTY ARTEL_LIBRARY_${name}_PUBLIC)
    get_property(private GLOBAL PROPERTY ARTEL_LIBRARY_${name}_PRIVATE)
    get_property(dir GLOBAL PROPERTY ARTEL_LIBRARY_${name}_DIR)
    _artel_layered_deps(${name} layered)
    foreach(dep IN LISTS layered)
      get_property(dep_kind GLOBAL PROPERTY ARTEL_LIBRARY_${dep}_KIND)
      if(kind STREQUAL "platform" AND dep_kind STREQUAL "domain")
        message(FATAL_ERROR "layering: platform library ${name} must not use domain library ${dep}")
      endif()
    endforeach()
    if(kind STREQUAL "domain")
      foreach(http IN LISTS ARTEL_HTTP_LIBRARIES)
        if(http IN_LIST public)
          message(FATAL_ERROR "layering: domain library ${name} links artel::${http} publicly; "
                              "HTTP stays private to its routes (PRIVATE_DEPS)")
        endif()
      endforeach()
    endif()
    list(JOIN public "\",\"" public_json)
    list(JOIN private "\",\"" private_json)
    if(public_json)
      set(public_json "\"${public_json}\"")
    endif()
    if(private_json)
      set(private_json "\"${private_json}\"")
    endif()
    if(NOT first)
      string(APPEND json ",")
    endif()
    set(first FALSE)
    string(APPEND json "\n  \"${name}\": {\"kind\": \"${kind}\", \"dir\": \"${dir}\", "
                       "\"public\": [${public_json}], \"private\": [${private_json}]}")
  endforeach()
  string(APPEND json "\n}\n")
  # Cycles: a depth-first walk over the declared dependencies.
  foreach(name IN LISTS libraries)
    _artel_walk(${name} "${name}")
  endforeach()
  file(WRITE ${PROJECT_BINARY_DIR}/layering.json "${json}")
  _artel_generate_module_graph()
endfunction()

function(_artel_walk name path)
  _artel_graph_deps(${name} layered)
  foreach(dep IN LISTS layered)
    if(dep IN_LIST path)
      list(JOIN path " -> " chain)
      message(FATAL_ERROR "layering: dependency cycle ${chain} -> ${dep}")
    endif()
    set(next ${path} ${dep})
    _artel_walk(${dep} "${next}")
  endforeach()
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

# artel_embed_text_source(<file> <function> <out>)
#   Writes the C++ source `out` defining `std::string_view <function>()` (a fully qualified name,
#   "artel::vacancies::DemoVacancies") that returns the text of `file` as it is, a raw string literal. Editing
#   `file` reconfigures and rebuilds that one source. The one embedding of data files: artel_embed_text and
#   artel_contract_part below, and the fuzz targets' contract parts (fuzz/CMakeLists.txt).
function(artel_embed_text_source file function out)
  file(READ ${file} text)
  string(FIND "${text}" ")artel_text\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${file} contains the raw-string delimiter )artel_text\"")
  endif()
  string(REGEX REPLACE "::[^:]+$" "" namespace "${function}")
  string(REGEX REPLACE "^.*::" "" name "${function}")
  file(RELATIVE_PATH relative ${PROJECT_SOURCE_DIR} ${file})
  # Composed here rather than by configure_file: the text is copied as it is (an "@word@" in it stays).
  set(source "// Generated by CMake (artel_embed_text_source in cmake/ArtelLibrary.cmake) from ${relative}; edit that
// file instead.
#include <string_view>

namespace ${namespace} {

std::string_view ${name}() {
  return R\"artel_text(")
  string(APPEND source "${text}" ")artel_text\";
}

}  // namespace ${namespace}
")
  _artel_write_if_changed(${out} "${source}")
  set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${file})
endfunction()

# artel_embed_text(<name> <file> <function>)
#   Compiles `file` (relative to the library's directory: demo/vacancies.yaml) into the library artel_<name>
#   as `std::string_view <function>()` (artel_embed_text_source). For data the library reads at run time and
#   keeps beside its sources: the demo seeders' tables.
function(artel_embed_text name file function)
  get_filename_component(path ${file} ABSOLUTE BASE_DIR ${CMAKE_CURRENT_SOURCE_DIR})
  string(REGEX REPLACE "^.*::" "" base "${function}")
  set(out ${CMAKE_CURRENT_BINARY_DIR}/embedded/${base}.cpp)
  artel_embed_text_source(${path} ${function} ${out})
  target_sources(artel_${name} PRIVATE ${out})
endfunction()

# artel_contract_part(<name> <function>)
#   Compiles the library's api.yaml (its part of the API contract, libs/web/include/artel/web/contract.hpp) into
#   the library artel_<name> as `std::string_view <function>()`, a fully qualified name
#   ("artel::articles::ContractPart"). Editing api.yaml rebuilds the one generated file.
function(artel_contract_part name function)
  set(out ${CMAKE_CURRENT_BINARY_DIR}/contract_part.cpp)
  artel_embed_text_source(${CMAKE_CURRENT_SOURCE_DIR}/api.yaml ${function} ${out})
  target_sources(artel_${name} PRIVATE ${out})
endfunction()
