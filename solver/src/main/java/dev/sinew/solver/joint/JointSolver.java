package dev.sinew.solver.joint;

import dev.sinew.solver.body.Bodies;
import dev.sinew.solver.constraint.AngleConstraintPart;
import dev.sinew.solver.constraint.SoftCoefficients;

/**
 * The sequential solve of the joints, stage by stage: prepare once a tick, then in each substep
 * aim the drives, warm start, solve the drives of the joints outside the tree solve, and one
 * Gauss–Seidel pass over every joint's parts (biased, and again rigid in the relax pass). Joints
 * are visited in slot order. The tick runs it after the contacts and the exact tree solve in the
 * biased pass, and last in the relax pass, so that the joints have the last word.
 */
public final class JointSolver {
    private final Joints joints;
    private final double[] la = new double[3];
    private final double[] lb = new double[3];
    private final double[] error = new double[3];

    public JointSolver(Joints joints) {
        this.joints = joints;
    }

    /** Prepares every joint touching a moving body for the tick: anchors, effective masses, soft coefficients over substep h (s). */
    public void prepare(Bodies b, double h) {
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && joints.touchesMoving(b, j)) {
                if (!joints.articulated[j] || joints.linear[j] != null) {
                    joints.anchors(j, la, lb);
                }
                if (!joints.articulated[j]) {
                    // an articulated joint's point rows are never solved (it cannot open); should its
                    // articulation be let go mid-tick, the warm start prepares them each substep
                    joints.point[j].prepare(b, joints.bodyA[j], joints.bodyB[j], la, lb);
                }
                if (joints.linear[j] != null) {
                    joints.linear[j].prepare(b, joints.bodyA[j], joints.bodyB[j], la, lb, h);
                }
                if (joints.pointSpring[j] != null) {
                    joints.pointSpring[j].setStiffness(joints.pointStiffness[j], joints.pointDamping[j], true, h);
                }
                if (joints.angle[j] != null) {
                    joints.angle[j].prepare(b, joints.bodyA[j], joints.bodyB[j]);
                }
                if (joints.drive[j] != null) {
                    joints.drive[j].prepare(b, joints.bodyA[j], joints.bodyB[j], h);
                }
                if (joints.friction[j] != null) {
                    joints.friction[j].prepare(b, joints.bodyA[j], joints.bodyB[j], h);
                }
                if (joints.hinge[j] != null) {
                    joints.hinge[j].prepare(h);
                }
                if (joints.swingTwist[j] != null) {
                    joints.swingTwist[j].prepare(h);
                }
                if (joints.motor[j] != null) {
                    joints.motor[j].prepare(h);
                }
            }
        }
    }

    /**
     * Each drive's aim for a substep that starts {@code remaining} s before the tick ends; an
     * articulated joint's drive takes its aim in its articulation's free step.
     */
    public void aimDrives(double remaining) {
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && !joints.articulated[j] && joints.drive[j] != null) {
                joints.drive[j].aim(remaining);
            }
        }
    }

    /** Applies last substep's accumulated impulses again (warm start). */
    public void warmStart(Bodies b) {
        for (int j = 0; j < joints.high; j++) {
            if (joints.alive[j] && !joints.articulated[j] && joints.touchesMoving(b, j)) {
                joints.anchors(j, la, lb);
                joints.point[j].prepare(b, joints.bodyA[j], joints.bodyB[j], la, lb);
                if (joints.linear[j] != null) {
                    joints.linear[j].warmStart(b, joints.bodyA[j], joints.bodyB[j], la, lb);
                } else if (!joints.inTree[j]) {
                    // a tree joint's point impulse is warm-started by the tree, with its tension inertia
                    joints.point[j].warmStart(b, joints.bodyA[j], joints.bodyB[j]);
                }
                if (joints.angle[j] != null) {
                    joints.angle[j].warmStart(b, joints.bodyA[j], joints.bodyB[j]);
                }
                if (joints.drive[j] != null) {
                    joints.drive[j].warmStart(b, joints.bodyA[j], joints.bodyB[j]);
                }
                if (joints.hinge[j] != null) {
                    joints.hinge[j].warmStart(b, joints.bodyA[j], joints.bodyB[j]);
                }
                if (joints.swingTwist[j] != null) {
                    joints.swingTwist[j].warmStart(b, joints.bodyA[j], joints.bodyB[j]);
                }
                if (joints.motor[j] != null) {
                    joints.motor[j].warmStart(b, joints.bodyA[j], joints.bodyB[j]);
                }
                if (joints.friction[j] != null) {
                    joints.friction[j].warmStart(b, joints.bodyA[j], joints.bodyB[j]);
                }
            }
        }
    }

    /**
     * The drives of the joints outside the tree solve (which takes the others into its blocks),
     * before the constraints, in the biased pass only (a drive is a force, not a constraint error:
     * the relax pass leaves it alone). The constraint solve that follows, the exact tree solve first, then has the last
     * word, so a drive can never push a joint apart or past a limit.
     */
    public void solveDrives(Bodies b) {
        for (int j = 0; j < joints.high; j++) {
            if (!joints.alive[j] || joints.inTree[j] || joints.articulated[j] || !joints.touchesMoving(b, j)) {
                continue;
            }
            if (joints.drive[j] != null) {
                joints.drive[j].solve(b, joints.bodyA[j], joints.bodyB[j]);
            }
        }
    }

    /**
     * One sequential pass: every joint's angular part, and the point part of the joints the tree
     * solver did not take; {@code soft} null is the relax pass.
     */
    public void solve(Bodies b, SoftCoefficients soft) {
        for (int j = 0; j < joints.high; j++) {
            if (!joints.alive[j] || joints.articulated[j] || !joints.touchesMoving(b, j)) {
                continue;
            }
            if (joints.friction[j] != null) {
                joints.friction[j].solve(b, joints.bodyA[j], joints.bodyB[j]);
            }
            if (joints.motor[j] != null) {
                joints.motor[j].solve(b, joints.bodyA[j], joints.bodyB[j]);
            }
            if (joints.angle[j] != null) {
                AngleConstraintPart.error(b, joints.bodyA[j], joints.bodyB[j], joints.targetRelative, 4 * j, error);
                joints.angle[j].solve(b, joints.bodyA[j], joints.bodyB[j], error, soft);
            }
            if (joints.hinge[j] != null) {
                joints.hinge[j].solve(b, joints.bodyA[j], joints.bodyB[j], soft);
            }
            if (joints.swingTwist[j] != null) {
                joints.swingTwist[j].solve(b, joints.bodyA[j], joints.bodyB[j], soft, joints.inTree[j]);
            }
            if (joints.linear[j] != null) {
                joints.anchors(j, la, lb);
                joints.linear[j].solve(b, joints.bodyA[j], joints.bodyB[j], la, lb, soft);
            } else if (!joints.inTree[j]) {
                joints.error(b, j, la, lb, error);
                if (joints.pointSpring[j] == null) {
                    joints.point[j].solve(b, joints.bodyA[j], joints.bodyB[j], la, lb, error, soft);
                } else if (soft != null && joints.pointSpring[j].active) {
                    joints.point[j].solveSpring(b, joints.bodyA[j], joints.bodyB[j], la, lb, error, joints.pointSpring[j]);
                }
            }
        }
    }
}
