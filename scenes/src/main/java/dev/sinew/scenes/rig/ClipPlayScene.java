package dev.sinew.scenes.rig;

import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Clip;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Skeleton;
import dev.sinew.scenes.CheckResult;
import dev.sinew.scenes.Scene;
import dev.sinew.scenes.SceneInstance;
import dev.sinew.scenes.SceneOption;
import dev.sinew.scenes.SceneOptions;
import dev.sinew.solver.World;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * Every shipped BVH clip ({@link Mocap#names()}), or the user's ({@code --clip}), played once at its own rate, no physics: the
 * importer and the clip sampler on real data. Per clip: {@code frames} and {@code footHeightMin},
 * the lowest any foot point (ankles, toes and the toes' end sites) comes over the whole clip, in
 * metres: about 0 when the units are right and the feet reach the floor. Feet are the bones named as
 * in the CMU and common skeletons, else the childless bones in the lowest quarter of the rest pose.
 */
public final class ClipPlayScene implements Scene {
    /** Foot points must come within this of the floor, m (a wrong unit is off by a factor of 18 or 100). */
    static final double FLOOR_TOLERANCE = 0.1;

    @Override
    public String name() {
        return "clip-play";
    }

    @Override
    public String category() {
        return "rig";
    }

    @Override
    public String description() {
        return "plays every shipped clip with no physics; frames and lowest foot height per clip";
    }

    @Override
    public double defaultSeconds() {
        return 9;
    }

    @Override
    public Set<SceneOption> options() {
        return EnumSet.of(SceneOption.CLIP);
    }

    @Override
    public SceneInstance create(SceneOptions options) {
        return new Instance(options == null ? SceneOptions.defaults() : options);
    }

    /** One clip being played. */
    static final class Track {
        final BvhImporter.Bvh bvh;
        final Pose pose;
        final int[] feet;
        double footMin = Double.POSITIVE_INFINITY;

        Track(BvhImporter.Bvh bvh) {
            this.bvh = bvh;
            this.pose = new Pose(bvh.skeleton());
            Skeleton s = bvh.skeleton();
            List<Integer> f = new ArrayList<>();
            for (String n : new String[] {"LeftAnkle", "RightAnkle", "LeftToe", "RightToe", "LeftFoot", "RightFoot",
                "LeftToeBase", "RightToeBase"}) {
                if (s.find(n) >= 0) {
                    f.add(s.find(n));
                }
            }
            if (f.isEmpty()) {
                f.addAll(lowLeaves(s));
            }
            feet = f.stream().mapToInt(Integer::intValue).toArray();
        }

        /**
         * For a skeleton without the CMU or common foot names: the bones without children whose
         * rest position is in the lowest quarter of the rest skeleton (feet and toes, not hands).
         */
        static List<Integer> lowLeaves(Skeleton s) {
            Pose rest = new Pose(s).evaluate();
            boolean[] parent = new boolean[s.boneCount()];
            double lo = Double.POSITIVE_INFINITY;
            double hi = Double.NEGATIVE_INFINITY;
            Vector3d p = new Vector3d();
            for (int b = 0; b < s.boneCount(); b++) {
                if (s.parent(b) >= 0) {
                    parent[s.parent(b)] = true;
                }
                rest.modelPosition(b, p);
                lo = Math.min(lo, p.y);
                hi = Math.max(hi, p.y);
            }
            List<Integer> out = new ArrayList<>();
            for (int b = 0; b < s.boneCount(); b++) {
                if (!parent[b] && rest.modelPosition(b, p).y <= lo + 0.25 * (hi - lo)) {
                    out.add(b);
                }
            }
            return out;
        }

        void play(double t) {
            Clip c = bvh.clip();
            if (t > c.duration() + 1e-9) {
                return;
            }
            c.sample(t, Clip.Wrap.CLAMP, pose).evaluate();
            Vector3d p = new Vector3d();
            Vector3d e = new Vector3d();
            Quaterniond q = new Quaterniond();
            for (int b : feet) {
                pose.modelPosition(b, p);
                footMin = Math.min(footMin, p.y);
                if (bvh.endSite(b, e) != null) {
                    pose.modelRotation(b, q).transform(e);
                    footMin = Math.min(footMin, p.y + e.y);
                }
            }
        }
    }

    static final class Instance implements SceneInstance {
        final World world = new World();
        final List<Track> tracks = new ArrayList<>();

        Instance(SceneOptions options) {
            if (options.inputs().clip() != null) {
                tracks.add(new Track(options.inputs().clip().bvh()));
            } else {
                for (String name : Mocap.names()) {
                    tracks.add(new Track(Mocap.read(name)));
                }
            }
        }

        @Override
        public World world() {
            return world;
        }

        @Override
        public void afterStep(long tick) {
            double t = tick * world.settings().tickSeconds();
            for (Track tr : tracks) {
                tr.play(t);
            }
        }

        @Override
        public Map<String, Object> metrics() {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("clips", tracks.size());
            int frames = 0;
            List<Map<String, Object>> per = new ArrayList<>();
            for (Track tr : tracks) {
                Map<String, Object> e = new LinkedHashMap<>();
                e.put("clip", tr.bvh.clip().name());
                e.put("frames", tr.bvh.clip().frameCount());
                e.put("footHeightMin", tr.footMin);
                per.add(e);
                frames += tr.bvh.clip().frameCount();
            }
            m.put("frames", frames);
            m.put("perClip", per);
            return m;
        }

        @Override
        public List<CheckResult> checks() {
            List<CheckResult> c = new ArrayList<>();
            c.add(CheckResult.atLeast("clips", tracks.size(), 1));
            for (Track tr : tracks) {
                c.add(CheckResult.lessThan("abs(footHeightMin) " + tr.bvh.clip().name(), Math.abs(tr.footMin), FLOOR_TOLERANCE));
            }
            return c;
        }
    }
}
