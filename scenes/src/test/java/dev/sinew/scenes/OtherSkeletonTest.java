package dev.sinew.scenes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Mocap;
import dev.sinew.rig.Pose;
import dev.sinew.rig.Skeleton;
import dev.sinew.scenes.cli.Main;
import dev.sinew.scenes.rig.RagdollDropScene;
import dev.sinew.solver.World;
import java.nio.file.Path;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A skeleton that is not CMU's, end to end: the shipped {@code sinew/biped_wave.bvh} (dotted bone
 * names, 6-channel joints, no hand or toe bones, centimetres, the hips' height in the root's
 * OFFSET) with its ragdoll {@code biped.json} (forearms, feet and head running to end sites),
 * through the command line exactly as a user would run their own files.
 */
class OtherSkeletonTest {
    static final String CLIP = Path.of("../data/mocap/sinew/biped_wave.bvh").toString();
    static final String RAGDOLL = Path.of("../profiles/ragdolls/biped.json").toString();

    /**
     * Frame 0 stands on the floor in metres: the lowest joint or end site within 5 cm above y = 0
     * and none under it (before the root OFFSET was kept, the whole character was 0.96 m lower),
     * and the head's end site at a standing adult's height.
     */
    @Test
    void frameZeroStandsOnTheFloor() {
        BvhImporter.Bvh bvh = Mocap.read("sinew/biped_wave.bvh");
        Skeleton s = bvh.skeleton();
        Pose p = bvh.clip().frame(0, new Pose(s)).evaluate();
        double lowest = Double.POSITIVE_INFINITY;
        Vector3d v = new Vector3d();
        Vector3d e = new Vector3d();
        for (int b = 0; b < s.boneCount(); b++) {
            lowest = Math.min(lowest, p.modelPosition(b, v).y);
            if (s.endSite(b, e) != null) {
                lowest = Math.min(lowest, p.modelRotation(b, new Quaterniond()).transform(e).add(v).y);
            }
        }
        assertTrue(lowest >= 0 && lowest < 0.05, "lowest point at frame 0: " + lowest + " m");
        int head = s.index("head");
        double top = p.modelRotation(head, new Quaterniond()).transform(s.endSite(head, e)).add(p.modelPosition(head, v)).y;
        assertEquals(1.74, top, 0.005, "top of the head, m");
        assertEquals(14, bvh.positionChannels().size(), "every non-root joint has position channels");
    }

    /**
     * {@code sinew run stand --clip biped_wave.bvh --ragdoll biped.json} passes its checks (mean
     * tracking error < 1.5°, max < 5°, centre of mass within 2 cm, at rest after 2 s), with a mean
     * error under 2° and no body under the floor at frame 0.
     */
    @Test
    void standTracksTheOtherSkeleton(@TempDir Path dir) throws Exception {
        Path out = dir.resolve("stand.json");
        int code = Main.execute("run", "stand", "--clip", CLIP, "--ragdoll", RAGDOLL, "--quiet", "--out", out.toString());
        JsonNode r = new ObjectMapper().readTree(out.toFile());
        assertEquals(0, code, r.toString());
        assertTrue(r.get("metrics").get("meanErrorDeg").asDouble() < 2, r.get("metrics").toString());
        assertEquals("biped", r.get("inputs").get("ragdoll").get("name").asText());

        SceneOptions o = new SceneArgsFor(CLIP, RAGDOLL).options("stand");
        SceneInstance stand = SceneRunner.create(SceneCatalog.get("stand"), o);
        World w = stand.world();
        for (int i = 0; i < stand.driver().ragdoll().bodyCount(); i++) {
            double low = RagdollDropScene.lowestPoint(w, stand.driver().ragdoll(), i);
            assertTrue(low > -0.001, stand.driver().ragdoll().bodyName(i) + " under the floor at frame 0: " + low + " m");
        }
    }

    /** The whole motion (standing, a weight shift, a wave, standing) tracked: track-walk's checks pass on it. */
    @Test
    void trackWalkFollowsTheOtherSkeletonsMotion() {
        Report r = SceneRunner.run(SceneCatalog.get("track-walk"), new SceneArgsFor(CLIP, RAGDOLL).options("track-walk"), null);
        assertTrue(r.pass(), r.checks().toString());
        assertTrue((double) r.metrics().get("meanErrorDeg") < 2, r.metrics().toString());
    }

    /** The command line's own reading of the files, for scenes built here. */
    record SceneArgsFor(String clip, String ragdoll) {
        SceneOptions options(String scene) {
            dev.sinew.scenes.cli.SceneArgs a = new dev.sinew.scenes.cli.SceneArgs();
            a.clip = Path.of(clip);
            a.ragdoll = Path.of(ragdoll);
            return a.options(SceneCatalog.get(scene), null, 1);
        }
    }
}
