package com.example.payment;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One JSON text read into plain Java values with jackson-core's streaming parser alone: an object
 * is a {@code Map<String, Object>} (a member whose value is {@code null} maps to {@code null}), an
 * array a {@code List<Object>}, a string a {@code String}, every number a {@code BigDecimal}
 * (exact, never a double), {@code true}/{@code false} a {@code Boolean}. The factory's rules hold
 * (duplicate keys, depth, lengths), and nothing may follow the value.
 *
 * <p>Not Jackson's data binding: its {@code ObjectMapper} loads some 300 classes more, paid in a
 * cold environment's init, for a message of a dozen fields (docs/benchmarks.md, cold start).
 */
final class JsonValues {

    private JsonValues() {
    }

    /**
     * The value of {@code text}.
     *
     * @return the value, or {@code null} for a text without one (empty or blank) or the literal {@code null}
     * @throws JsonParseException when the text is not one JSON value, breaks a rule of the factory,
     *                             or has anything after its value
     * @throws NumberFormatException when a number's exponent does not fit an {@code int}
     */
    static Object read(JsonFactory factory, String text) throws IOException {
        try (JsonParser parser = factory.createParser(text)) {
            JsonToken first = parser.nextToken();
            if (first == null) {
                return null;
            }
            Object value = value(parser, first);
            JsonToken trailing = parser.nextToken();
            if (trailing != null) {
                throw new JsonParseException(parser, "Trailing token (of type " + trailing + ") found after the value");
            }
            return value;
        }
    }

    private static Object value(JsonParser parser, JsonToken token) throws IOException {
        return switch (token) {
            case START_OBJECT -> {
                Map<String, Object> members = new LinkedHashMap<>();
                for (String name = parser.nextFieldName(); name != null; name = parser.nextFieldName()) {
                    members.put(name, value(parser, parser.nextToken()));
                }
                yield members;
            }
            case START_ARRAY -> {
                List<Object> items = new ArrayList<>();
                for (JsonToken item = parser.nextToken(); item != JsonToken.END_ARRAY; item = parser.nextToken()) {
                    items.add(value(parser, item));
                }
                yield items;
            }
            case VALUE_STRING -> parser.getText();
            case VALUE_NUMBER_INT, VALUE_NUMBER_FLOAT -> parser.getDecimalValue();
            case VALUE_TRUE -> Boolean.TRUE;
            case VALUE_FALSE -> Boolean.FALSE;
            case VALUE_NULL -> null;
            default -> throw new JsonParseException(parser, "Unexpected token (" + token + ")");
        };
    }
}
