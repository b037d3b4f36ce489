#pragma once
/// \file Reference.h
/// \file Reference.h
/// Exact, brute-force, slow-but-obviously-correct references for the narrow phase (tests only).
///
/// Nothing here calls mk::collide, GJK, EPA or MPR: the references enumerate features.
/// - A convex body is a *core* (a polytope of dimension 0, 1 or 3: point, segment, solid) swept
///   by a ball of `radius` (sphere = point core, capsule = segment core, box/mesh = radius 0).
///   For such bodies sd(A, B) = sd(coreA, coreB) - radiusA - radiusB, in both the separated and
///   the penetrating case (the boundary of C + ball(r) is the boundary of C pushed out by r).
/// - Distance of disjoint cores: minimum over vertex-face, edge-edge (and, for cores without
///   edges, vertex-edge / vertex-vertex) pairs. Exact when the cores do not overlap.
/// - Penetration depth of overlapping cores: SAT over face normals of both and normalised cross
///   products of edge directions. These include every facet normal of A - B, and the depth is the
///   minimum over unit u of the support function of A - B, so the minimum is exact.
/// - A second, independent polytope reference: the hull of all pairwise vertex differences (the
///   configuration-space obstacle A - B), where sd is the signed distance of the origin to it.
///
/// Conventions follow Query.h: the normal points from A to B (the direction in which to move B
/// to separate, or the direction from A's closest point to B's when separated).
///
/// The references by topic: ref/ClosestPoints.h, ref/Polytope.h, ref/Bodies.h (signed distance
/// of bodies), ref/Primitives.h (analytic pairs, placement); the seeded draws and printing
/// helpers: Random.h, Print.h.

#include "Print.h"
#include "Random.h"
#include "ref/Bodies.h"
#include "ref/ClosestPoints.h"
#include "ref/Polytope.h"
#include "ref/Primitives.h"
