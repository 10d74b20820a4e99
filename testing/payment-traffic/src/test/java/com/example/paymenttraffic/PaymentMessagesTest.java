package com.example.paymenttraffic;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import com.example.payment.AuthorizationType;
import com.example.payment.PaymentParser;
import com.example.receiver.ParseResult;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PaymentMessagesTest {

    private static final Operation PURCHASE = new Operation("TXN-M-1", "ACC-M-1", 1_250, "EUR", AuthorizationType.PURCHASE,
            "Shop", "5411");

    @Test
    void aMessageStamped_carriesThatTimeOfIssue_andNothingElseChanges() {
        // GIVEN a message of the generator, stamped with its fixed time
        String message = PaymentMessages.message(PURCHASE, "m-1", PaymentMessages.CREATED);
        Instant sentAt = Instant.parse("2026-03-09T10:15:30Z");
        // WHEN a harness stamps it when its producer sends it
        String stamped = PaymentMessages.stamped(message, sentAt);
        // THEN the parser reads that time of issue, and the message is otherwise the same text
        ParseResult.Valid<?> valid = assertInstanceOf(ParseResult.Valid.class, new PaymentParser().parse(stamped));
        assertEquals(Optional.of(sentAt), valid.command().issuedAt());
        assertEquals(message.replace(PaymentMessages.CREATED, sentAt.toString()), stamped);
    }

    @Test
    void aMessageWithoutATimeOfIssue_isLeftAsItIs() {
        String noTimestamp = PaymentMessages.poison(0, PURCHASE);
        assertEquals(noTimestamp, PaymentMessages.stamped(noTimestamp, Instant.EPOCH));
    }
}
