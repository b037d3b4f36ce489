/// \file Shader.cpp

#include "Shader.h"

#include <stdexcept>
#include <string>

namespace mk::viewer::gl {
namespace {

GLuint compile(GLenum type, const char* source) {
    const GLuint shader = glCreateShader(type);
    glShaderSource(shader, 1, &source, nullptr);
    glCompileShader(shader);
    GLint ok = 0;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (ok == 0) {
        char log[2048] = {};
        glGetShaderInfoLog(shader, sizeof(log), nullptr, log);
        glDeleteShader(shader);
        throw std::runtime_error(std::string("GLSL compile error: ") + log);
    }
    return shader;
}

} // namespace

Shader::Shader(const char* vertexSource, const char* fragmentSource) {
    const GLuint vs = compile(GL_VERTEX_SHADER, vertexSource);
    const GLuint fs = compile(GL_FRAGMENT_SHADER, fragmentSource);
    program_ = glCreateProgram();
    glAttachShader(program_, vs);
    glAttachShader(program_, fs);
    glLinkProgram(program_);
    glDeleteShader(vs);
    glDeleteShader(fs);
    GLint ok = 0;
    glGetProgramiv(program_, GL_LINK_STATUS, &ok);
    if (ok == 0) {
        char log[2048] = {};
        glGetProgramInfoLog(program_, sizeof(log), nullptr, log);
        glDeleteProgram(program_);
        throw std::runtime_error(std::string("GLSL link error: ") + log);
    }
}

Shader::~Shader() {
    glDeleteProgram(program_);
}

void Shader::set(const char* name, const Eigen::Matrix4f& m) const {
    glUniformMatrix4fv(location(name), 1, GL_FALSE, m.data()); // Eigen is column-major, as GL
}

void Shader::set(const char* name, const Eigen::Matrix3f& m) const {
    glUniformMatrix3fv(location(name), 1, GL_FALSE, m.data());
}

void Shader::set(const char* name, const Eigen::Vector3f& v) const {
    glUniform3f(location(name), v.x(), v.y(), v.z());
}

void Shader::set(const char* name, float value) const {
    glUniform1f(location(name), value);
}

} // namespace mk::viewer::gl
