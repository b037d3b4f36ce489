/// \file Fig13Problems.cpp
/// Fig. 13's problems from trajectories simulated in memory (Fig13Problems.h).

#include "minkowski/dataset/Fig13Problems.h"

#include "minkowski/dataset/Recorder.h"
#include "minkowski/dataset/Replay.h"

namespace mk::dataset {

Fig13Source fig13Problems(const scenes::SceneDesc& scene, const scenes::SceneShapes& shapes) {
    Fig13Source out;
    for (int t = 0; t < scene.simulation.trajectories; ++t) {
        const TrajectoryData data = recordTrajectory(scene, shapes, t);
        const size_t firstShape = out.shapes.size();
        for (const ShapeRecord& record : data.shapes) {
            out.shapes.push_back(rebuildShape(record));
        }
        const auto dynamic = [&data](std::int32_t body) {
            for (const BodyRow& b : data.bodies) {
                if (b.body == body) {
                    return b.kind == static_cast<std::uint8_t>(BodyKind::Dynamic);
                }
            }
            return false;
        };
        out.calls += static_cast<std::int64_t>(data.problems.size());
        for (const ProblemRow& row : data.problems) {
            if (row.perturbed || !dynamic(row.bodyA) || !dynamic(row.bodyB)) {
                continue;
            }
            bench::Fig13Problem p;
            p.a = &out.shapes[firstShape + static_cast<size_t>(row.shapeA)];
            p.b = &out.shapes[firstShape + static_cast<size_t>(row.shapeB)];
            p.poseA = row.poseA;
            p.poseB = row.poseB;
            p.recordedCollide = row.collide;
            for (size_t w = 0; w < bench::kFig13WarmStarts.size(); ++w) {
                p.guess[w] =
                    replayGuess(row, *p.a, *p.b, parseWarmStart(bench::kFig13WarmStarts[w]));
            }
            out.problems.push_back(p);
        }
    }
    return out;
}

} // namespace mk::dataset
