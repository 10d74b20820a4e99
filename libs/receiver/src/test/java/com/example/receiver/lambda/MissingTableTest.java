package com.example.receiver.lambda;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.LocalAws;
import com.example.localaws.LocalAwsExtension;
import com.example.receiver.BatchResult;
import com.example.receiver.MessageResult;
import com.example.receiver.Outcome;
import com.example.receiver.RetryCause;
import com.example.receiver.fixtures.LibraryGuide;
import com.example.receiver.fixtures.SqsEvents;
import com.example.receiver.internal.config.ReceiverConfig;
import com.example.receiver.seats.Booking;
import com.example.receiver.seats.SeatTables;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A table that does not exist, against the local AWS: the records table (a typo in
 * {@code IDEMPOTENCY_TABLE}) refused at init, naming the variable and the table; a domain table
 * (named only by the effect's writes) named on the first message, whose {@code RETRY} says which
 * table does not exist, nothing written.
 */
@ExtendWith(LocalAwsExtension.class)
class MissingTableTest {

    /** The run id of the tables the guide's quotes name. */
    private static final String GUIDE_RUN = "1f0c9a2e";

    private final LocalAws aws;
    private final String run = UUID.randomUUID().toString().substring(0, 8);

    MissingTableTest(LocalAws aws) {
        this.aws = aws;
    }

    @Test
    void aRecordsTableThatDoesNotExist_isRefusedAtInit_namingTheVariableAndTheTable() {
        // GIVEN IDEMPOTENCY_TABLE misspelt
        String typo = "SeatRecrods-" + run;
        // WHEN the receiver is built THEN it is refused, naming the variable, the table and the fix
        ConfigurationException refused = assertThrows(ConfigurationException.class,
                () -> SeatReceiver.on(aws).set(ReceiverConfig.IDEMPOTENCY_TABLE, typo).build());
        assertEquals(ReceiverConfig.IDEMPOTENCY_TABLE, refused.setting());
        assertEquals("IDEMPOTENCY_TABLE names " + typo + ", which does not exist in this account and Region"
                + " (DescribeTimeToLive: ResourceNotFoundException): create it, or correct the name", refused.getMessage());
        // AND the guide quotes it (the run's table name aside)
        assertEquals(List.of(), LibraryGuide.unquoted(List.of(refused.getMessage().replace(run, GUIDE_RUN))));
    }

    @Test
    void aDomainTableThatDoesNotExist_isNamedByTheFirstMessagesRetry_andNothingIsWritten() {
        // GIVEN the seats table, which only the effect's writes name, missing
        SeatTables tables = SeatTables.create(aws.dynamoDb());
        aws.dynamoDb().deleteTable(request -> request.tableName(tables.seats()));
        try (SeatReceiver receiver = SeatReceiver.on(aws, tables).build()) {
            // WHEN a booking comes
            BatchResult result = receiver.decide(SqsEvents.of(Booking.body("BKG-" + run, "EVT-1", "A1")));
            // THEN it is a RETRY naming the table, after the visibility timeout (a table is not created in seconds)
            String detail = "store refused 400: ResourceNotFoundException, nothing written: table " + tables.seats()
                    + " (the effect's writes) does not exist in this account and Region";
            assertEquals(List.of(new Outcome.Retry(RetryCause.FAILURE, detail)),
                    result.results().stream().map(MessageResult::outcome).toList());
            // AND its log line says so, and no record was written
            assertTrue(receiver.logsOf("RETRY").getFirst().contains(detail), receiver.logsOf("RETRY")::toString);
            assertEquals(Optional.empty(), tables.record("BKG-" + run));
            // AND the guide quotes it (the run's table name aside)
            assertEquals(List.of(), LibraryGuide.unquoted(List.of(detail.replace(tables.seats(), "Seats-" + GUIDE_RUN))));
        }
    }
}
