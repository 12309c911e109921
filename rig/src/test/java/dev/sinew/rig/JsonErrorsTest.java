package dev.sinew.rig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.sinew.solver.BodySettings;
import dev.sinew.solver.BodyType;
import dev.sinew.solver.World;
import org.joml.Quaterniond;
import org.joml.Vector3d;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/**
 * Errors in ragdoll definitions, in our words: JSON syntax errors at the line and column of the
 * offending character, wrong shapes and values at their JSON path and the line of that value (not
 * {@code :0:}, as before), nothing of the JSON library's class names or advice; and errors only
 * found when building, naming the definition, the path, the body and the value.
 */
class JsonErrorsTest {
    /** A two-body definition, one field a line, so each error's line is known. */
    static final String GOOD = String.join("\n",
            "{",
            "  \"name\": \"pair\",",
            "  \"totalMass\": 10,",
            "  \"bodies\": [",
            "    {\"name\": \"a\", \"bone\": \"a\", \"region\": \"pelvis\", \"massFraction\": 0.5,",
            "     \"shape\": {\"type\": \"sphere\", \"radius\": 0.1}},",
            "    {\"name\": \"b\", \"bone\": \"b\", \"region\": \"abdomen\", \"massFraction\": 0.5,",
            "     \"shape\": {\"type\": \"capsule\", \"radius\": 0.05, \"to\": \"c\"},",
            "     \"joint\": {\"parent\": \"a\", \"type\": \"swingTwist\", \"swingAxis\": [1, 0, 0],",
            "                \"swing\": [30, 30], \"twist\": [-10, 10]}}",
            "  ]",
            "}");

    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', textBlock = """
            "totalMass": 10,|"totalMass": 10,,|3|expected a field name in double quotes, found ','
            "swing": [30, 30],|"swing": [30, 30,],|10|a ',' before ']' (JSON has no trailing commas)
            "twist": [-10, 10]}}|"twist": [-10, 10]},}|10|a ',' before '}' (JSON has no trailing commas)
            "totalMass": 10,|"totalMass": NaN,|3|NaN and Infinity are not JSON numbers
            "totalMass": 10,|"totalMass": 10, // kg|3|comments are not allowed in JSON
            "name": "pair",|'name': 'pair',|2|double quotes
            "name": "pair",|"name": "pair"|3|expected ',' or '}' after a value, found '"'
            "totalMass": 10,|"totalMass" 10,|3|expected ':' after a field name
            "totalMass": 10,|"totalMass": ten,|3|unknown word 'ten'
            "totalMass": 10,|"totalMass": 010,|3|leading zero
            "totalMass": 10,|"totalMass": 10, "totalMass": 11,|3|field 'totalMass' is given twice
            "radius": 0.1}},|"radius": "big"}},|6|at $.bodies[0].shape.radius: expected a number, found a string
            "totalMass": 10,|"totalMass": [10],|3|at $.totalMass: expected a number, found an array
            "totalMass": 10,|"totalMass": null,|3|at $.totalMass: null where a number is needed
            "totalMass": 10,|"totalMass": 10, "colour": 3,|3|at $.colour: unknown field 'colour'; the fields here are
            "radius": 0.05,|"radius": 0.05, "length": 1,|8|unknown field 'length'
            "region": "abdomen",|"region": "tail",|7|at $.bodies[1].region: tail must be one of
            "radius": 0.1}},|"radius": -0.1}},|6|at $.bodies[0].shape.radius: -0.1 must be in (0, 10) m
            "totalMass": 10,|"totalMass": 1e9,|3|at $.totalMass: 1.0E9 must be in [0.01, 100000.0] kg
            "swingAxis": [1, 0, 0],|"swingAxis": [0, 0, 0],|9|at $.bodies[1].joint.swingAxis: [0.0, 0.0, 0.0] must be a non-zero direction
            "parent": "a",|"parent": "z",|9|at $.bodies[1].joint.parent: z must name a body listed before this one
            """)
    void badJsonIsReportedAtItsLineInOurWords(String from, String to, int line, String says) {
        String text = GOOD.replace(from, to);
        assertTrue(!text.equals(GOOD), "the case changes the text: " + from);
        FormatException e = assertThrows(FormatException.class, () -> RagdollDefinition.parse(text, "pair.json"));
        assertTrue(e.getMessage().startsWith("pair.json:" + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(says), e.getMessage());
        assertOurWords(e.getMessage());
    }

    @Test
    void emptyAndTruncatedFilesSaySo() {
        FormatException empty = assertThrows(FormatException.class, () -> RagdollDefinition.parse("  \n", "e.json"));
        assertTrue(empty.getMessage().contains("the file is empty"), empty.getMessage());
        FormatException cut = assertThrows(FormatException.class,
                () -> RagdollDefinition.parse(GOOD.substring(0, GOOD.indexOf("\"twist\"")), "cut.json"));
        assertTrue(cut.getMessage().contains("the file ends before the JSON does"), cut.getMessage());
        FormatException twice = assertThrows(FormatException.class, () -> RagdollDefinition.parse(GOOD + "\n{}", "two.json"));
        assertTrue(twice.getMessage().contains("more after the end of the top-level object"), twice.getMessage());
        FormatException array = assertThrows(FormatException.class, () -> RagdollDefinition.parse("[1, 2]", "a.json"));
        assertTrue(array.getMessage().contains("at $: expected an object, found an array"), array.getMessage());
        for (FormatException e : new FormatException[] {empty, cut, twice, array}) {
            assertOurWords(e.getMessage());
        }
    }

    /** a at the origin, b 1 m above, c 1 m above b; b has an end site 0.5 m further up. */
    static Skeleton threeBones() {
        return Skeleton.builder().add("a", -1, new Vector3d()).add("b", 0, new Vector3d(0, 1, 0))
                .add("c", 1, new Vector3d(0, 1, 0)).endSite(1, new Vector3d(0, 0.5, 0)).build();
    }

    /**
     * Errors found only when building name the definition, the field's path, the body and the
     * value, and leave the world as it was: a bone that does not exist, a swing axis along the
     * twist axis (b runs up +Y, so a swing axis of +Y cannot be swung about).
     */
    @ParameterizedTest(name = "{2}")
    @CsvSource(delimiter = '|', textBlock = """
            "bone": "b"|"bone": "spine.09"|$.bodies[1].bone (body b): 'spine.09' is not a bone of the skeleton (3 bones: a, b, c)
            "swingAxis": [1, 0, 0]|"swingAxis": [0, 2, 0]|$.bodies[1].joint.swingAxis (body b): [0.0, 2.0, 0.0] runs along the body's twist axis
            "to": "c"|"to": "d"|$.bodies[1].shape.to (body b): 'd' is not a bone of the skeleton, nor BONE/end
            "to": "c"|"to": "a/end"|$.bodies[1].shape.to (body b): 'a/end' is not a bone
            "bone": "b"|"bone": "a"|$.bodies[1].bone (body b): 'a' already has a body (a)
            """)
    void buildErrorsNameDefinitionPathBodyAndValue(String from, String to, String says) {
        RagdollDefinition d = RagdollDefinition.parse(GOOD.replace(from, to), "pair.json");
        World w = new World();
        w.createBody(BodySettings.builder(BodyType.STATIC).build());
        long hash = w.stateHash();
        Skeleton s = threeBones();
        DefinitionException e = assertThrows(DefinitionException.class, () -> Ragdoll.build(w, s, d, new Pose(s)));
        assertTrue(e.getMessage().startsWith("ragdoll 'pair': at "), e.getMessage());
        assertTrue(e.getMessage().contains(says), e.getMessage());
        assertEquals(hash, w.stateHash(), "the world is unchanged");
        assertEquals(1, w.bodyCount());
        assertOurWords(e.getMessage());
    }

    /** {@code to} may name an end site: b's capsule then runs from b to 0.5 m above it (its end site), not to c. */
    @Test
    void aShapeMayRunToAnEndSite() {
        Skeleton s = threeBones();
        World w = new World();
        Ragdoll toC = Ragdoll.build(w, s, RagdollDefinition.parse(GOOD, "pair.json"), new Pose(s), false, false);
        Ragdoll toEnd = Ragdoll.build(w, s, RagdollDefinition.parse(GOOD.replace("\"to\": \"c\"", "\"to\": \"b/end\""),
                "pair.json"), new Pose(s), false, false);
        // a capsule's half height is half the length minus its radius
        assertEquals(0.5 - 0.05, ((dev.sinew.solver.shape.Capsule) toC.shape(1)).halfHeight(), 1e-12);
        assertEquals(0.25 - 0.05, ((dev.sinew.solver.shape.Capsule) toEnd.shape(1)).halfHeight(), 1e-12);
        assertEquals(1.25, w.position(toEnd.body(1), new Vector3d()).y, 1e-12);
        assertTrue(new Quaterniond().equals(w.orientation(toEnd.body(1), new Quaterniond()), 1e-12));
    }

    static void assertOurWords(String message) {
        for (String foreign : new String[] {"Exception", "at dev.", "com.fasterxml", "Json", "jackson", "Jackson", "JsonToken",
            "MismatchedInput", "(code ", "Feature", "dev.sinew.rig."}) {
            assertFalse(message.contains(foreign), "'" + foreign + "' in: " + message);
        }
    }
}
