package com.example.contracts;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.List;
import org.junit.jupiter.api.Test;

/** {@link SchemaCompatibility}'s rules, each shown passing a widening and refusing a narrowing. */
class SchemaCompatibilityTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void theSameSchema_withOtherAnnotations_andARefInlined_breaksNothing() {
        assertEquals(List.of(), breaks(
                "{'description':'one','properties':{'a':{'$ref':'#/$defs/id'}},'$defs':{'id':{'type':'string','maxLength':9}}}",
                "{'title':'two','properties':{'a':{'type':'string','maxLength':9,'description':'inline'}}}"));
    }

    @Test
    void aNewRequiredProperty_breaks_andOneNoLongerRequired_doesNot() {
        assertEquals(List.of("/: property b now required"), breaks("{'required':['a']}", "{'required':['a','b']}"));
        assertEquals(List.of(), breaks("{'required':['a','b']}", "{'required':['a']}"));
    }

    @Test
    void aTypeDropped_breaks_integerWithinNumber_doesNot() {
        assertEquals(List.of("/: type number no longer accepted (now \"integer\")"), breaks("{'type':'number'}", "{'type':'integer'}"));
        assertEquals(List.of(), breaks("{'type':'integer'}", "{'type':['number','null']}"));
        assertEquals(List.of("/: type \"string\" added where any type was accepted"), breaks("{'maxLength':3}", "{'type':'string'}"));
        assertEquals(List.of("/: accepted any value, now constrained by {\"type\":\"string\"}"), breaks("{}", "{'type':'string'}"));
    }

    @Test
    void anEnumValueDropped_breaks_oneAdded_doesNot() {
        assertEquals(List.of("/: value \"B\" no longer accepted"), breaks("{'enum':['A','B']}", "{'enum':['A']}"));
        assertEquals(List.of(), breaks("{'enum':['A']}", "{'enum':['A','B']}"));
        assertEquals(List.of(), breaks("{'const':'A'}", "{'enum':['A','B'],'type':'string'}"));
    }

    @Test
    void boundsMayWidenOnly_inclusiveAndExclusiveToldApart() {
        assertEquals(List.of("/: maxLength lowered from 9 to 8"), breaks("{'maxLength':9}", "{'maxLength':8}"));
        assertEquals(List.of("/: minLength raised from 1 to 2"), breaks("{'minLength':1}", "{'minLength':2}"));
        assertEquals(List.of("/: maxItems added, to 3"), breaks("{'type':'array'}", "{'type':'array','maxItems':3}"));
        assertEquals(List.of("/: lower bound >= 0 raised to > 0"), breaks("{'minimum':0}", "{'exclusiveMinimum':0}"));
        assertEquals(List.of(), breaks("{'exclusiveMinimum':0}", "{'minimum':0}"));
        assertEquals(List.of("/: upper bound <= 10 lowered to <= 9.5"), breaks("{'maximum':10}", "{'maximum':9.5}"));
        assertEquals(List.of(), breaks("{'maximum':10,'minLength':3}", "{'maximum':11,'minLength':0}"));
    }

    @Test
    void aPropertyAddedToAnOpenObject_breaks_toAClosedOne_doesNot() {
        assertEquals(List.of("/properties/b: accepted any value, now constrained by {\"type\":\"string\"}"),
                breaks("{'properties':{'a':{}}}", "{'properties':{'a':{},'b':{'type':'string'}}}"));
        assertEquals(List.of(), breaks("{'properties':{'a':{}},'additionalProperties':false}",
                "{'properties':{'a':{},'b':{'type':'string'}},'additionalProperties':false}"));
    }

    @Test
    void aPropertyRemovedFromAClosedObject_breaks_fromAnOpenOne_doesNot() {
        assertEquals(List.of("/properties/b (removed): accepts nothing now"),
                breaks("{'properties':{'a':{},'b':{'type':'string'}}}", "{'properties':{'a':{}},'additionalProperties':false}")
                        .stream().filter(line -> line.contains("(removed)")).toList());
        assertEquals(List.of(), breaks("{'properties':{'a':{},'b':{'type':'string'}}}", "{'properties':{'a':{}}}"));
    }

    @Test
    void aPropertysOwnSchema_isComparedWhereItIs() {
        assertEquals(List.of("/properties/a/properties/b: maxLength lowered from 9 to 3"),
                breaks("{'properties':{'a':{'properties':{'b':{'maxLength':9}}}}}",
                        "{'properties':{'a':{'properties':{'b':{'maxLength':3}}}}}"));
    }

    @Test
    void anyOf_eachOldBranchWithinANewOne() {
        assertEquals(List.of(), breaks("{'anyOf':[{'type':'null'},{'type':'string'}]}",
                "{'anyOf':[{'type':'null'},{'type':'string'},{'type':'integer'}]}"));
        assertEquals(List.of(), breaks("{'type':'string','maxLength':3}", "{'anyOf':[{'type':'null'},{'type':'string'}]}"));
        List<String> narrowed = breaks("{'anyOf':[{'type':'null'},{'type':'string'}]}", "{'anyOf':[{'type':'string'}]}");
        assertEquals(1, narrowed.size(), narrowed.toString());
        assertTrue(narrowed.get(0).startsWith("/anyOf: branch 0 {\"type\":\"null\"} is within none of"), narrowed.get(0));
    }

    @Test
    void whatNoRuleJudges_isRefused_unlessUnchanged() {
        assertEquals(List.of("/: pattern changed from \"^[A-Z]{3}\" to \"^[A-Z]{2,3}\" (no rule here judges a changed pattern)"),
                breaks("{'pattern':'^[A-Z]{3}'}", "{'pattern':'^[A-Z]{2,3}'}"));
        assertEquals(List.of("/: oneOf added: [{\"type\":\"string\"}] (no rule here judges a changed oneOf)"),
                breaks("{'type':'string'}", "{'type':'string','oneOf':[{'type':'string'}]}"));
        assertEquals(List.of(), breaks("{'pattern':'^a','if':{'const':1},'then':{'maxLength':2},'maxLength':5}",
                "{'pattern':'^a','if':{'const':1},'then':{'maxLength':2},'maxLength':6}"));
        assertEquals(List.of(), breaks("{'pattern':'^a','maxLength':5}", "{'maxLength':5}"));
    }

    @Test
    void aRecursiveSchema_orAReferenceOutside_isRefused() {
        assertThrows(IllegalArgumentException.class, () -> breaks("{'properties':{'a':{'$ref':'#'}}}", "{}"));
        assertThrows(IllegalArgumentException.class, () -> breaks("{'$ref':'other.json#/x'}", "{}"));
    }

    private static List<String> breaks(String before, String after) {
        return SchemaCompatibility.breaks(json(before), json(after));
    }

    private static JsonNode json(String singleQuoted) {
        try {
            return JSON.readTree(singleQuoted.replace('\'', '"'));
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(singleQuoted, e);
        }
    }
}
