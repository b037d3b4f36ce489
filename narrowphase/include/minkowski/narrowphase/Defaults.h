#pragma once
/// \file Defaults.h
/// Every default of the narrow phase in one place (coal keeps them in narrowphase_defaults.h).

namespace mk::defaults {

/// GJK relative tolerance eps of ||v|| - mu <= eps ||v|| (van den Bergen 1999, eq. 3.3).
inline constexpr double kGjkTolerance = 1e-8;
/// Absolute floor of GJK termination (unit: metre).
inline constexpr double kGjkAbsoluteTolerance = 1e-10;
/// coal uses 128; accelerated variants on ellipsoids need fewer than 60 at 1e-8.
inline constexpr int kGjkMaxIterations = 128;
/// EPA depth tolerance (unit: metre).
inline constexpr double kEpaTolerance = 1e-8;
inline constexpr int kEpaMaxIterations = 128;
/// Fixed capacities of EPA's polytope (stack storage: no allocation per query).
inline constexpr int kEpaMaxVertices = kEpaMaxIterations + 4;
inline constexpr int kEpaMaxFaces = 2 * kEpaMaxVertices;

} // namespace mk::defaults
