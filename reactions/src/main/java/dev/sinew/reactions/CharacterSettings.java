package dev.sinew.reactions;

import dev.sinew.reactions.fall.FallSettings;
import dev.sinew.reactions.getup.GetUpSettings;
import dev.sinew.reactions.hit.HitSettings;
import dev.sinew.solver.InvalidArgumentException;
import org.joml.Vector3d;
import org.joml.Vector3dc;

/**
 * Everything that tunes a {@link Character}'s reactions, immutable and validated.
 *
 * @param hits      how hits are applied and how they weaken the drives
 * @param falls     when the character falls, how it goes limp and when it is down
 * @param getUp     how it gets up
 * @param restFront the way the skeleton's rest pose faces, world (+Z for the CMU skeleton; see
 *                  {@link dev.sinew.reactions.getup.TorsoAxes})
 */
public record CharacterSettings(HitSettings hits, FallSettings falls, GetUpSettings getUp, Vector3dc restFront) {

    public static CharacterSettings defaults() {
        return new CharacterSettings(HitSettings.defaults(), FallSettings.defaults(), GetUpSettings.defaults(),
                new Vector3d(0, 0, 1));
    }

    public CharacterSettings {
        if (hits == null || falls == null || getUp == null || restFront == null) {
            throw new InvalidArgumentException(hits == null ? "hits" : falls == null ? "falls" : getUp == null ? "getUp" : "restFront",
                    null, "must be given");
        }
        restFront = new Vector3d(restFront);
    }

    public CharacterSettings withHits(HitSettings h) {
        return new CharacterSettings(h, falls, getUp, restFront);
    }

    public CharacterSettings withFalls(FallSettings f) {
        return new CharacterSettings(hits, f, getUp, restFront);
    }

    public CharacterSettings withGetUp(GetUpSettings g) {
        return new CharacterSettings(hits, falls, g, restFront);
    }
}
