package com.example.payment.notifier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import com.example.localaws.push.LocalPushApi;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/** Notifications are posted to {@code <base URL's path>/notifications}: the base URL's path is kept. */
class HttpPushApiTest {

    @ParameterizedTest(name = "{0} -> {1}")
    @CsvSource({
            "https://push.example.com/v1/,       https://push.example.com/v1/notifications",
            "https://push.example.com/v1,        https://push.example.com/v1/notifications",
            "https://push.example.com/api/v1//,  https://push.example.com/api/v1/notifications",
            "https://push.example.com,           https://push.example.com/notifications",
            "https://push.example.com/,          https://push.example.com/notifications",
            "http://127.0.0.1:8080/p%20q/,       http://127.0.0.1:8080/p%20q/notifications",
    })
    void notificationsUrl_isTheBasePathFollowedByNotifications(String baseUrl, String expected) {
        assertEquals(URI.create(expected), HttpPushApi.notificationsUrl(URI.create(baseUrl)));
    }

    @ParameterizedTest
    @ValueSource(strings = {"https://push.example.com/v1?tenant=7", "https://push.example.com/v1#top",
            "https://push.example.com/v1?", "/v1", "mailto:push@example.com"})
    void baseUrlWithQueryOrFragmentOrWithoutAuthority_isRefused(String baseUrl) {
        assertThrows(IllegalArgumentException.class, () -> HttpPushApi.notificationsUrl(URI.create(baseUrl)));
    }

    @Test
    void send_reachesAnApiServedBelowABasePath() {
        // GIVEN a push API served below /v1, and the notifier given its base URL with a trailing slash
        try (LocalPushApi api = LocalPushApi.start("/v1")) {
            URI baseUrl = URI.create(api.baseUrl() + "/");
            PushApi push = new HttpPushApi(HttpPushApi.client(Duration.ofSeconds(1)), baseUrl, Duration.ofSeconds(5),
                    new PushApiAuth.None());

            // WHEN a notification is sent
            PushReceipt receipt = push.send(new Notification("TXN-VISA-8847291", "ACC-44821", 12_550, "EUR"));

            // THEN it was posted to /v1/notifications and delivered once
            assertEquals(201, receipt.status(), receipt.body());
            assertEquals(1, api.delivered());
            assertEquals(List.of("TXN-VISA-8847291"), api.keysReceived());
        }
    }
}
