/// \file MeshRenderer.cpp
/// Shading: a hemisphere ambient (sky above, ground below), a key light from above and behind
/// the default camera, a weak fill light and a Blinn-Phong highlight; back faces lit as front.

#include "MeshRenderer.h"

#include <cstddef>

namespace mk::viewer::gl {
namespace {

const char* const kVertex = R"(#version 330 core
layout(location = 0) in vec3 aPosition;
layout(location = 1) in vec3 aNormal;
uniform mat4 uViewProjection;
uniform mat4 uModel;
out vec3 vNormal;
out vec3 vWorld;
void main() {
    vec4 world = uModel * vec4(aPosition, 1.0);
    vWorld = world.xyz;
    vNormal = mat3(uModel) * aNormal;
    gl_Position = uViewProjection * world;
})";

const char* const kFragment = R"(#version 330 core
in vec3 vNormal;
in vec3 vWorld;
uniform vec3 uColor;
uniform float uAlpha;
uniform vec3 uEye;
out vec4 fragColor;
void main() {
    vec3 n = normalize(vNormal);
    if (!gl_FrontFacing) n = -n;
    vec3 toEye = normalize(uEye - vWorld);
    vec3 key = normalize(vec3(0.35, -0.45, 0.82));
    vec3 fill = normalize(vec3(-0.6, 0.55, 0.25));
    vec3 ambient = mix(vec3(0.16, 0.15, 0.14), vec3(0.34, 0.36, 0.40), 0.5 + 0.5 * n.z);
    float diffuse = 0.72 * max(dot(n, key), 0.0) + 0.22 * max(dot(n, fill), 0.0);
    float specular = 0.22 * pow(max(dot(n, normalize(key + toEye)), 0.0), 40.0);
    fragColor = vec4(min(uColor * (ambient + diffuse) + vec3(specular), vec3(1.0)), uAlpha);
})";

struct Vertex {
    float position[3];
    float normal[3];
};

} // namespace

MeshRenderer::MeshRenderer() : shader_(kVertex, kFragment) {}

MeshRenderer::~MeshRenderer() {
    for (const Buffers& b : buffers_) {
        glDeleteBuffers(1, &b.vertices);
        glDeleteBuffers(1, &b.indices);
        glDeleteVertexArrays(1, &b.vao);
    }
}

void MeshRenderer::upload(int index, const TriangleMesh& mesh) {
    if (index < static_cast<int>(buffers_.size()) && buffers_[index].vao != 0) {
        return;
    }
    if (index >= static_cast<int>(buffers_.size())) {
        buffers_.resize(index + 1);
    }
    std::vector<Vertex> vertices(mesh.positions.size());
    for (std::size_t i = 0; i < vertices.size(); ++i) {
        for (int k = 0; k < 3; ++k) {
            vertices[i].position[k] = mesh.positions[i][k];
            vertices[i].normal[k] = mesh.normals[i][k];
        }
    }
    Buffers& b = buffers_[index];
    glGenVertexArrays(1, &b.vao);
    glBindVertexArray(b.vao);
    glGenBuffers(1, &b.vertices);
    glBindBuffer(GL_ARRAY_BUFFER, b.vertices);
    glBufferData(GL_ARRAY_BUFFER, GLsizeiptr(vertices.size() * sizeof(Vertex)), vertices.data(),
                 GL_STATIC_DRAW);
    glGenBuffers(1, &b.indices);
    glBindBuffer(GL_ELEMENT_ARRAY_BUFFER, b.indices);
    glBufferData(GL_ELEMENT_ARRAY_BUFFER, GLsizeiptr(mesh.indices.size() * sizeof(std::uint32_t)),
                 mesh.indices.data(), GL_STATIC_DRAW);
    glEnableVertexAttribArray(0);
    glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<void*>(offsetof(Vertex, position)));
    glEnableVertexAttribArray(1);
    glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, sizeof(Vertex),
                          reinterpret_cast<void*>(offsetof(Vertex, normal)));
    glBindVertexArray(0);
    b.count = GLsizei(mesh.indices.size());
}

void MeshRenderer::begin(const Eigen::Matrix4f& viewProjection, const Eigen::Vector3f& eye) const {
    shader_.use();
    shader_.set("uViewProjection", viewProjection);
    shader_.set("uEye", eye);
}

void MeshRenderer::draw(const MeshDraw& draw) const {
    if (draw.geometry < 0 || draw.geometry >= static_cast<int>(buffers_.size())) {
        return;
    }
    const Buffers& b = buffers_[draw.geometry];
    shader_.set("uModel", draw.model);
    shader_.set("uColor", draw.color);
    shader_.set("uAlpha", draw.alpha);
    glBindVertexArray(b.vao);
    glDrawElements(GL_TRIANGLES, b.count, GL_UNSIGNED_INT, nullptr);
}

} // namespace mk::viewer::gl
