package com.example.localaws;

import com.example.receiver.testkit.Fault;
import com.example.receiver.testkit.ItemReason;
import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A fault rule reaches the launcher's {@code /_fault} as it was written, whatever its match holds:
 * the rule the launcher lists back is the one injected; so does a reason rule its
 * {@code /_reasons}. Runs a launcher of its own (about 3 s).
 */
class FaultTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @RegisterExtension
    static final OwnLauncher launcher = new OwnLauncher();

    @Test
    void aMatchNeedingEscapes_isTheLaunchersRuleToTheLetter() throws IOException, InterruptedException {
        // GIVEN a match with a quote, a backslash, a line break, a tab, a control character and non-ASCII
        String match = "say \"hi\" \\ then\nnext line\tafter a tab \u0001 d\u00e9j\u00e0 \u20ac";
        Fault fault = new Fault("TransactWriteItems", match, 500, "InternalServerError", 3);

        // WHEN it is injected
        launcher.moto().inject(fault);

        // THEN the launcher lists exactly that rule, and counts its three failures to come
        JsonNode listed = remainingFaults();
        assertEquals(1, listed.size(), listed.toString());
        JsonNode rule = listed.get(0);
        assertEquals(fault, new Fault(rule.get("operation").asText(), rule.get("match").asText(),
                rule.get("status").asInt(), rule.get("code").asText(), rule.get("count").asInt()));
        assertEquals(3, launcher.moto().faultsLeft());
        launcher.moto().clearFaults();
        assertEquals(0, remainingFaults().size());
    }

    @Test
    void anItemReason_isTheLaunchersReasonRuleToTheLetter_andClearingFaultsDropsIt() throws IOException, InterruptedException {
        // GIVEN a reason rule for the ledger's actions naming one transaction, twice
        ItemReason reason = ItemReason.throttled("LedgerTable", "TXN-\"1\"", 2);

        // WHEN it is injected
        launcher.moto().inject(reason);

        // THEN the launcher lists exactly that rule, its two cancellations to come
        JsonNode listed = remaining("/_reasons").get("reasons");
        assertEquals(1, listed.size(), listed.toString());
        JsonNode rule = listed.get(0);
        assertEquals(reason, new ItemReason(rule.get("table").asText(), rule.get("match").asText(),
                rule.get("reason").asText(), rule.get("count").asInt()));
        assertEquals(2, launcher.moto().reasonsLeft());
        launcher.moto().clearFaults();
        assertEquals(0, launcher.moto().reasonsLeft());
    }

    private static JsonNode remainingFaults() throws IOException, InterruptedException {
        return remaining("/_fault").get("faults");
    }

    private static JsonNode remaining(String path) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newBuilder().sslContext(launcher.tls().sslContext()).build().send(HttpRequest.newBuilder(
                launcher.moto().endpoint().resolve(path)).timeout(Duration.ofSeconds(5)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, response.statusCode(), response.body());
        return JSON.readTree(response.body());
    }
}
