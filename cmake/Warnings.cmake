# Project-wide compile flags: strict warnings (errors by default), optional sanitizers.
add_library(mk_warnings INTERFACE)
target_compile_options(mk_warnings INTERFACE
  -Wall -Wextra -Wpedantic -Wshadow -Wnon-virtual-dtor -Wcast-align -Woverloaded-virtual
  -Wnull-dereference -Wimplicit-fallthrough
  $<$<BOOL:${MK_WARNINGS_AS_ERRORS}>:-Werror>)

if(MK_SANITIZE)
  add_compile_options(-fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()
if(MK_SANITIZE_THREAD)
  if(MK_SANITIZE)
    message(FATAL_ERROR "MK_SANITIZE_THREAD and MK_SANITIZE exclude each other (TSan vs ASan)")
  endif()
  add_compile_options(-fsanitize=thread -fno-omit-frame-pointer)
  add_link_options(-fsanitize=thread)
endif()
