package dev.sinew.viewer;

/** GLSL 3.30 core sources of the viewer's three programs. */
final class Shaders {
    private Shaders() {
    }

    /**
     * Shadow test with 3×3 percentage-closer filtering; 1 outside the light's box. The bias grows
     * with the slope to the light ({@code cosine} = n·l).
     */
    static final String SHADOW_LOOKUP = """
            float lit(vec4 lp, float cosine) {
                vec3 c = lp.xyz / lp.w * 0.5 + 0.5;
                if (c.x <= 0.0 || c.x >= 1.0 || c.y <= 0.0 || c.y >= 1.0 || c.z >= 1.0) {
                    return 1.0;
                }
                float bias = 0.0015 + 0.004 * (1.0 - clamp(cosine, 0.0, 1.0));
                vec2 texel = 1.0 / vec2(textureSize(shadowMap, 0));
                float sum = 0.0;
                for (int x = -1; x <= 1; x++) {
                    for (int y = -1; y <= 1; y++) {
                        sum += texture(shadowMap, vec3(c.xy + vec2(x, y) * texel, c.z - bias));
                    }
                }
                return sum / 9.0;
            }
            """;

    /** Depth only, from the light: the same instanced meshes. */
    static final String DEPTH_VERTEX = """
            #version 330 core
            layout(location = 0) in vec3 position;
            layout(location = 2) in mat4 model;
            uniform mat4 lightViewProjection;
            void main() {
                gl_Position = lightViewProjection * model * vec4(position, 1.0);
            }
            """;

    static final String DEPTH_FRAGMENT = """
            #version 330 core
            void main() {
            }
            """;

    /** Debug lines: position and colour per vertex. */
    static final String LINE_VERTEX = """
            #version 330 core
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 color;
            uniform mat4 viewProjection;
            out vec3 lineColor;
            void main() {
                lineColor = color;
                gl_Position = viewProjection * vec4(position, 1.0);
            }
            """;

    static final String LINE_FRAGMENT = """
            #version 330 core
            in vec3 lineColor;
            out vec4 fragColor;
            void main() {
                fragColor = vec4(lineColor, 1.0);
            }
            """;

    /** Instanced shapes: per vertex position and normal; per instance a model matrix and a colour. */
    static final String MESH_VERTEX = """
            #version 330 core
            layout(location = 0) in vec3 position;
            layout(location = 1) in vec3 normal;
            layout(location = 2) in mat4 model;
            layout(location = 6) in vec4 color;
            uniform mat4 viewProjection;
            uniform mat4 lightViewProjection;
            out vec3 worldNormal;
            out vec3 worldPosition;
            out vec4 baseColor;
            out vec4 lightPosition;
            void main() {
                vec4 p = model * vec4(position, 1.0);
                worldPosition = p.xyz;
                lightPosition = lightViewProjection * p;
                worldNormal = transpose(inverse(mat3(model))) * normal;
                baseColor = color;
                gl_Position = viewProjection * p;
            }
            """;

    /** One directional light with a soft sky fill, and distance fog toward the horizon colour. */
    static final String MESH_FRAGMENT = """
            #version 330 core
            in vec3 worldNormal;
            in vec3 worldPosition;
            in vec4 baseColor;
            in vec4 lightPosition;
            uniform vec3 lightDirection;
            uniform vec3 eye;
            uniform vec3 horizon;
            uniform sampler2DShadow shadowMap;
            out vec4 fragColor;
            """ + SHADOW_LOOKUP + """
            void main() {
                vec3 n = normalize(worldNormal);
                float diffuse = max(dot(n, -lightDirection), 0.0) * lit(lightPosition, dot(n, -lightDirection));
                float sky = 0.5 + 0.5 * n.y;
                vec3 v = normalize(eye - worldPosition);
                vec3 h = normalize(v - lightDirection);
                float specular = pow(max(dot(n, h), 0.0), 32.0) * 0.25;
                vec3 c = baseColor.rgb * (0.25 + 0.25 * sky + 0.65 * diffuse) + vec3(specular);
                float fog = clamp((length(eye - worldPosition) - 40.0) / 160.0, 0.0, 1.0);
                fragColor = vec4(mix(c, horizon, fog), baseColor.a);
            }
            """;

    /** A full-screen triangle. */
    static final String SKY_VERTEX = """
            #version 330 core
            out vec2 ndc;
            void main() {
                vec2 p = vec2((gl_VertexID == 1) ? 3.0 : -1.0, (gl_VertexID == 2) ? 3.0 : -1.0);
                ndc = p;
                gl_Position = vec4(p, 1.0, 1.0);
            }
            """;

    /** The sky: horizon to zenith by the elevation of each pixel's view ray. */
    static final String SKY_FRAGMENT = """
            #version 330 core
            in vec2 ndc;
            uniform mat4 inverseViewProjection;
            uniform vec3 horizon;
            uniform vec3 zenith;
            out vec4 fragColor;
            void main() {
                vec4 a = inverseViewProjection * vec4(ndc, -1.0, 1.0);
                vec4 b = inverseViewProjection * vec4(ndc, 1.0, 1.0);
                vec3 d = normalize(b.xyz / b.w - a.xyz / a.w);
                float t = clamp(d.y * 1.5, 0.0, 1.0);
                fragColor = vec4(mix(horizon, zenith, sqrt(t)), 1.0);
            }
            """;

    /** A large quad on a static plane: origin + (u·x + v·y)·extent. */
    static final String GRID_VERTEX = """
            #version 330 core
            layout(location = 0) in vec2 corner;
            uniform mat4 viewProjection;
            uniform mat4 lightViewProjection;
            uniform vec3 origin;
            uniform vec3 axisU;
            uniform vec3 axisV;
            uniform float extent;
            out vec2 planeCoord;
            out vec3 worldPosition;
            out vec4 lightPosition;
            void main() {
                planeCoord = corner * extent;
                worldPosition = origin + axisU * planeCoord.x + axisV * planeCoord.y;
                lightPosition = lightViewProjection * vec4(worldPosition, 1.0);
                gl_Position = viewProjection * vec4(worldPosition, 1.0);
            }
            """;

    /** Grid lines every metre and every ten metres, anti-aliased with screen-space derivatives. */
    static final String GRID_FRAGMENT = """
            #version 330 core
            in vec2 planeCoord;
            in vec3 worldPosition;
            in vec4 lightPosition;
            uniform vec3 eye;
            uniform vec3 horizon;
            uniform sampler2DShadow shadowMap;
            out vec4 fragColor;
            """ + SHADOW_LOOKUP + """
            float lines(vec2 p, float spacing) {
                vec2 g = abs(fract(p / spacing - 0.5) - 0.5) / fwidth(p / spacing);
                return 1.0 - min(min(g.x, g.y), 1.0);
            }
            void main() {
                vec3 ground = vec3(0.42, 0.44, 0.43);
                vec3 c = mix(ground, vec3(0.30, 0.32, 0.31), lines(planeCoord, 1.0));
                c = mix(c, vec3(0.20, 0.21, 0.21), lines(planeCoord, 10.0));
                c *= 0.6 + 0.4 * lit(lightPosition, 1.0);
                float fog = clamp((length(eye - worldPosition) - 40.0) / 160.0, 0.0, 1.0);
                fragColor = vec4(mix(c, horizon, fog), 1.0);
            }
            """;
}
