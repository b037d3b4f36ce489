#pragma once
/// \file Gl.h
/// OpenGL 3.3 core declarations for the viewer's own calls: <GL/glcorearb.h> with prototypes,
/// resolved by linking libGL (glvnd exports every core entry point; see viewer/CMakeLists.txt).
/// GLFW is included after it without its own GL header.

#ifndef GL_GLEXT_PROTOTYPES
#define GL_GLEXT_PROTOTYPES 1
#endif
#include <GL/glcorearb.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>
