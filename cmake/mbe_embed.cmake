# SPDX-License-Identifier: Apache-2.0
# mbe_embed(OUT PREFIX DIR COMMENT FILES...): OUT, a C file holding FILES (paths relative to DIR)
# as the table PREFIX_sources / PREFIX_source_count (cmake/embed_sources.cmake), rebuilt when one
# of them changes.
function(mbe_embed out prefix dir comment)
  set(deps)
  foreach(f IN LISTS ARGN)
    list(APPEND deps ${dir}/${f})
  endforeach()
  string(REPLACE ";" "," arg "${ARGN}")
  add_custom_command(
    OUTPUT ${out}
    COMMAND ${CMAKE_COMMAND} -DOUT=${out} -DPREFIX=${prefix} "-DROOTS=${dir}|${arg}"
      -P ${PROJECT_SOURCE_DIR}/cmake/embed_sources.cmake
    DEPENDS ${deps} ${PROJECT_SOURCE_DIR}/cmake/embed_sources.cmake
    COMMENT "${comment}"
    VERBATIM)
endfunction()
