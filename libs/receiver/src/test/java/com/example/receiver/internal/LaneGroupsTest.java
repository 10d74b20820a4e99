package com.example.receiver.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Lanes are the connected groups of messages sharing an item, in the batch's order. */
class LaneGroupsTest {

    /** A message {@code "name:item,item"}: its items after the colon. */
    private static List<List<String>> lanes(String... messages) {
        return LaneGroups.of(List.of(messages), message -> message.indexOf(':') < 0 ? List.of()
                : Arrays.asList(message.substring(message.indexOf(':') + 1).split(",")));
    }

    @Test
    void tenPayersToOneMerchant_areOneLane() {
        assertEquals(List.of(List.of("t1:P1,M", "t2:P2,M", "t3:P3,M")), lanes("t1:P1,M", "t2:P2,M", "t3:P3,M"));
    }

    @Test
    void onePayerToSeveralPayees_isOneLane() {
        assertEquals(List.of(List.of("t1:P,A", "t2:P,B", "t3:P,C")), lanes("t1:P,A", "t2:P,B", "t3:P,C"));
    }

    @Test
    void messagesLinkedThroughAThird_shareALane_whateverTheOrderTheyAreMetIn() {
        // GIVEN t1 and t3 share nothing, t4 links them through B and C; t2 touches only its own items
        List<List<String>> lanes = lanes("t1:A,B", "t2:X,Y", "t3:C,D", "t4:C,B");
        // THEN t1, t3, t4 are one lane in the batch's order, t2 its own, lanes ordered by their first message
        assertEquals(List.of(List.of("t1:A,B", "t3:C,D", "t4:C,B"), List.of("t2:X,Y")), lanes);
    }

    @Test
    void aMessageNamingNoItem_isALaneOfItsOwn() {
        assertEquals(List.of(List.of("bad"), List.of("t1:A", "t2:A"), List.of("worse")), lanes("bad", "t1:A", "worse", "t2:A"));
    }

    @Test
    void disjointMessages_runInLanesOfOne() {
        assertEquals(List.of(List.of("t1:A"), List.of("t2:B"), List.of("t3:C")), lanes("t1:A", "t2:B", "t3:C"));
    }
}
