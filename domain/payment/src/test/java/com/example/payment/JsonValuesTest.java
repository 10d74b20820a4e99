package com.example.payment;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.core.StreamReadFeature;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class JsonValuesTest {

    private static final JsonFactory STRICT = JsonFactory.builder()
            .enable(StreamReadFeature.STRICT_DUPLICATE_DETECTION)
            .streamReadConstraints(StreamReadConstraints.builder().maxNestingDepth(3).build())
            .build();

    @Test
    void aText_becomesMapsListsStringsExactNumbersAndBooleans() throws IOException {
        Object value = JsonValues.read(STRICT, """
                {"s": "x", "n": 25.50, "i": 7, "big": 1e400, "t": true, "f": false, "none": null, "list": [1, "a", null]}""");
        Map<String, Object> expected = new HashMap<>();
        expected.put("s", "x");
        expected.put("n", new BigDecimal("25.50"));
        expected.put("i", new BigDecimal("7"));
        expected.put("big", new BigDecimal("1e400"));
        expected.put("t", true);
        expected.put("f", false);
        expected.put("none", null);
        expected.put("list", Arrays.asList(new BigDecimal("1"), "a", null));
        assertEquals(expected, value);
        assertTrue(((Map<?, ?>) value).containsKey("none"), "a null member is kept, mapped to null");
    }

    @Test
    void aTextWithoutAValue_isNull() throws IOException {
        assertNull(JsonValues.read(STRICT, ""));
        assertNull(JsonValues.read(STRICT, "  \n"));
        assertEquals(List.of(), JsonValues.read(STRICT, "[]"));
    }

    @Test
    void anythingAfterTheValue_duplicateKeysAndTooDeepNesting_areRefused() {
        assertTrue(assertThrows(JsonProcessingException.class, () -> JsonValues.read(STRICT, "{} {}"))
                .getOriginalMessage().startsWith("Trailing token"));
        assertThrows(JsonProcessingException.class, () -> JsonValues.read(STRICT, "{\"a\": 1, \"a\": 2}"));
        assertThrows(JsonProcessingException.class, () -> JsonValues.read(STRICT, "[[[[1]]]]"));
        assertThrows(JsonProcessingException.class, () -> JsonValues.read(STRICT, "{\"a\": }"));
    }
}
