#pragma once
/// \file Shader.h
/// A linked GLSL 3.30 program and its uniforms.

#include "Gl.h"

#include <Eigen/Core>

namespace mk::viewer::gl {

class Shader {
public:
    /// Compiles and links; \throws std::runtime_error with the GLSL log on failure.
    Shader(const char* vertexSource, const char* fragmentSource);
    ~Shader();
    Shader(const Shader&) = delete;
    Shader& operator=(const Shader&) = delete;

    void use() const { glUseProgram(program_); }
    void set(const char* name, const Eigen::Matrix4f& m) const;
    void set(const char* name, const Eigen::Matrix3f& m) const;
    void set(const char* name, const Eigen::Vector3f& v) const;
    void set(const char* name, float value) const;

private:
    [[nodiscard]] GLint location(const char* name) const {
        return glGetUniformLocation(program_, name);
    }
    GLuint program_ = 0;
};

} // namespace mk::viewer::gl
