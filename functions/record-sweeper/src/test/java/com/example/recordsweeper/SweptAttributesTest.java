package com.example.recordsweeper;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.example.receiver.dynamodb.SingleWriteAttributes;
import org.junit.jupiter.api.Test;

/** The sweeper removes what the single-write commit writes: the account's attributes by the library's names. */
class SweptAttributesTest {

    @Test
    void theAccountsAttributes_areTheSingleWriteCommitsNames() {
        assertEquals(SingleWriteAttributes.APPLIED, SweptAttributes.APPLIED);
        assertEquals(SingleWriteAttributes.DECIDED_AT, SweptAttributes.DECIDED_AT);
    }
}
