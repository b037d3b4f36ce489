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
/// Enough for EPA to rebuild the hull of A - B of two dense meshes where every face is nearly as
/// close as the nearest (coincident 2000-vertex spheres need 470-700); coal uses 128.
inline constexpr int kEpaMaxIterations = 4096;
/// MPR's portal refinements.
inline constexpr int kMprMaxIterations = 128;
/// Fixed capacities of EPA's polytope (per-thread storage, reused: no allocation per query).
/// Room for the hull of the difference of two dense meshes (coincident 2000-vertex spheres).
inline constexpr int kEpaMaxVertices = 1 << 14;
inline constexpr int kEpaMaxFaces = 2 * kEpaMaxVertices;

} // namespace mk::defaults
