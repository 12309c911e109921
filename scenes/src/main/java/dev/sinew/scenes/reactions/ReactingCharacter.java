package dev.sinew.scenes.reactions;

import dev.sinew.drives.DriveProfile;
import dev.sinew.reactions.Character;
import dev.sinew.reactions.CharacterSettings;
import dev.sinew.reactions.getup.GetUpLibrary;
import dev.sinew.reactions.getup.MocapClips;
import dev.sinew.rig.BvhImporter;
import dev.sinew.rig.Profiles;
import dev.sinew.rig.Ragdoll;
import dev.sinew.scenes.drives.ActiveCharacter;
import dev.sinew.solver.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;

/**
 * The reaction scenes' character: the CMU ragdoll standing in the first frame of the CMU walk
 * (an {@link ActiveCharacter} with the root drive), run by a {@link Character} with the shipped
 * CMU get-up clips ({@code profiles/getup/cmu.json}), activated at once.
 */
public final class ReactingCharacter {
    /** Mean tracking error under which a character counts as tracking again, degrees. */
    public static final double TRACKING_DEG = 3;

    public final ActiveCharacter body;
    public final Character character;
    private final World world;
    private final Vector3d p = new Vector3d();
    private final Quaterniond q = new Quaterniond();
    private final Quaterniond r = new Quaterniond();

    public ReactingCharacter(World world, double x, double z, DriveProfile profile, CharacterSettings settings) {
        this.world = world;
        BvhImporter.Bvh walk = MocapClips.read("cmu/131_01.bvh");
        body = new ActiveCharacter(world, walk, Profiles.ragdoll("cmu-humanoid"), profile, x, z, true);
        character = new Character(body.driver(), GetUpLibrary.named("cmu"), settings, body.pose());
        character.activate();
    }

    public Ragdoll ragdoll() {
        return body.ragdoll();
    }

    /** The mean angle between each body and its drive target now, degrees. */
    public double meanErrorDeg() {
        return body.driver().report().meanErrorDeg();
    }

    /** The largest angle between a body's orientation and its drive target now, degrees. */
    public double popDeg() {
        double worst = 0;
        for (int i = 0; i < ragdoll().bodyCount(); i++) {
            world.orientation(ragdoll().body(i), q);
            body.driver().targetOrientation(i, r);
            worst = Math.max(worst, Math.toDegrees(2 * Math.acos(Math.min(1, Math.abs(q.dot(r))))));
        }
        return worst;
    }

    /** The character's facing heading now (yaw about +Y from +Z toward +X, rad). */
    public double facing() {
        Quaterniond pelvis = world.orientation(ragdoll().body(character.torsoAxes().pelvis()), new Quaterniond());
        Quaterniond chest = world.orientation(ragdoll().body(character.torsoAxes().chest()), new Quaterniond());
        return character.torsoAxes().facingHeading(pelvis, chest);
    }

    /** Whether any body's position or velocity is not finite. */
    public boolean hasNaN() {
        for (int i = 0; i < ragdoll().bodyCount(); i++) {
            if (!world.position(ragdoll().body(i), p).isFinite() || !world.linearVelocity(ragdoll().body(i), p).isFinite()) {
                return true;
            }
        }
        return false;
    }

    /** The largest opening of the ragdoll's joints now, m. */
    public double jointSeparation() {
        double worst = 0;
        for (int i = 1; i < ragdoll().bodyCount(); i++) {
            worst = Math.max(worst, world.joint(ragdoll().joint(i)).separation());
        }
        return worst;
    }

    /** The pelvis's height, m. */
    public double pelvisHeight() {
        return world.position(ragdoll().body(0), p).y;
    }
}
