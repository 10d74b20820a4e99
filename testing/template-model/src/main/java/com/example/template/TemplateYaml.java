package com.example.template;

import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import com.fasterxml.jackson.dataformat.yaml.YAMLParser;
import java.io.IOException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a CloudFormation template written in YAML into a Jackson tree in which every
 * short-form intrinsic function keeps its meaning, and remembers the line of each node.
 *
 * <p>Why not {@code YAMLMapper.readTree}: it drops YAML tags. {@code !Ref Foo} reads as the
 * string {@code "Foo"} and {@code !If [c, a, b]} as a plain array, so a reference cannot be
 * told from a literal ({@code TemplateYamlTest} pins that down). Jackson's
 * {@link YAMLParser} does expose the tag of the current token as {@code getTypeId()}, without
 * the leading {@code !}; this reader walks the tokens and writes the long form CloudFormation
 * itself uses:
 * <ul>
 *   <li>{@code !Ref X} becomes {@code {"Ref": "X"}}, {@code !Condition C} {@code {"Condition": "C"}};
 *   <li>{@code !GetAtt A.B.C} becomes {@code {"Fn::GetAtt": ["A", "B.C"]}};
 *   <li>any other {@code !Name value} becomes {@code {"Fn::Name": value}} ({@code !Sub},
 *       {@code !If}, {@code !Join}, ...);
 *   <li>standard YAML tags ({@code !!str}, reported as {@code tag:yaml.org,2002:str}) are left out.
 * </ul>
 */
public final class TemplateYaml {

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;

    /**
     * A read template.
     *
     * @param root  the whole template, intrinsics in long form
     * @param lines the 1-based line of every object, array, string and number node, by identity
     * @param text  the template's lines, for the comments that the tree cannot hold
     */
    public record Document(JsonNode root, Map<JsonNode, Integer> lines, List<String> text) {

        /** The 1-based line where {@code node} starts. */
        public int lineOf(JsonNode node) {
            Integer line = lines.get(node);
            if (line == null) {
                throw new IllegalArgumentException("not a node of this document: " + node);
            }
            return line;
        }
    }

    private final Map<JsonNode, Integer> lines = new IdentityHashMap<>();

    private TemplateYaml() {
    }

    /** Reads {@code yaml}, one CloudFormation template. */
    public static Document read(String yaml) throws IOException {
        TemplateYaml reader = new TemplateYaml();
        try (YAMLParser parser = new YAMLFactory().createParser(yaml)) {
            if (parser.nextToken() == null) {
                throw new IOException("empty template");
            }
            JsonNode root = reader.value(parser);
            return new Document(root, reader.lines, yaml.lines().toList());
        }
    }

    /** The value that starts at the parser's current token; leaves the parser on its last token. */
    private JsonNode value(YAMLParser parser) throws IOException {
        String tag = parser.getTypeId();
        int line = parser.currentTokenLocation().getLineNr();
        JsonToken token = parser.currentToken();
        JsonNode plain = switch (token) {
            case START_OBJECT -> {
                ObjectNode object = NODES.objectNode();
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    object.set(name, value(parser));
                }
                yield object;
            }
            case START_ARRAY -> {
                ArrayNode array = NODES.arrayNode();
                while (parser.nextToken() != JsonToken.END_ARRAY) {
                    array.add(value(parser));
                }
                yield array;
            }
            // A new node each time (TextNode.valueOf shares the empty string), so lines stay exact.
            case VALUE_STRING -> new TextNode(parser.getText());
            case VALUE_NUMBER_INT -> NODES.numberNode(parser.getBigIntegerValue());
            case VALUE_NUMBER_FLOAT -> NODES.numberNode(parser.getDecimalValue());
            case VALUE_TRUE, VALUE_FALSE -> NODES.booleanNode(token == JsonToken.VALUE_TRUE);
            case VALUE_NULL -> NODES.nullNode();
            default -> throw new IOException("unexpected " + token + " at line " + line);
        };
        lines.put(plain, line);
        if (tag == null || tag.contains(":")) {
            return plain;
        }
        JsonNode intrinsic = longForm(tag, plain);
        lines.put(intrinsic, line);
        return intrinsic;
    }

    private JsonNode longForm(String tag, JsonNode value) {
        ObjectNode intrinsic = NODES.objectNode();
        switch (tag) {
            case "Ref", "Condition" -> intrinsic.set(tag, value);
            case "GetAtt" -> {
                if (value.isTextual() && value.asText().contains(".")) {
                    String text = value.asText();
                    int dot = text.indexOf('.');
                    ArrayNode resourceAndAttribute = NODES.arrayNode();
                    for (String part : List.of(text.substring(0, dot), text.substring(dot + 1))) {
                        TextNode node = new TextNode(part);
                        lines.put(node, lines.get(value));
                        resourceAndAttribute.add(node);
                    }
                    intrinsic.set("Fn::GetAtt", resourceAndAttribute);
                } else {
                    intrinsic.set("Fn::GetAtt", value);
                }
            }
            default -> intrinsic.set("Fn::" + tag, value);
        }
        return intrinsic;
    }
}
