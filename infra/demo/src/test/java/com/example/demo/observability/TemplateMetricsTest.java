package com.example.demo.observability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.ProjectRoot;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.events.PublisherMetric;
import com.example.payment.events.StreamPublisher;
import com.example.payment.notifier.Notifier;
import com.example.payment.notifier.NotifierMetric;
import com.example.payment.storesize.DedupStoreSize;
import com.example.payment.storesize.StoreSizeMetric;
import com.example.receiver.telemetry.Metric;
import com.example.receiver.telemetry.ReceiverMetric;
import java.io.IOException;
import java.nio.file.Files;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@code template.yaml} alarms on, computes with and shows only metrics the code emits, and
 * shows every metric the code emits; and the check fails when a name changes on one side only.
 * What the code emits is its catalogues: each function's metric enum, which is all its
 * {@code EmfMetrics} can write, under the service name it writes as the {@code Service} dimension.
 */
class TemplateMetricsTest {

    private static String template;

    @BeforeAll
    static void readTemplate() throws IOException {
        template = Files.readString(ProjectRoot.find().resolve("template.yaml"));
    }

    /** Every metric the four functions can emit. */
    static Set<EmittedMetric> emitted() {
        Set<EmittedMetric> emitted = new LinkedHashSet<>();
        add(emitted, PaymentAuthorizer.SERVICE, ReceiverMetric.values());
        add(emitted, StreamPublisher.SERVICE, PublisherMetric.values());
        add(emitted, Notifier.SERVICE, NotifierMetric.values());
        add(emitted, DedupStoreSize.SERVICE, StoreSizeMetric.values());
        return emitted;
    }

    @Test
    void template_namesOnlyMetricsTheCodeEmits_andShowsEveryOneOnTheDashboard() {
        assertEquals(List.of(), TemplateMetrics.of(template).violations(emitted()));
    }

    @Test
    void alarms_watchTheDuplicateRateAndTheStoreLatency_asTheCodeNamesThem() {
        Set<EmittedMetric> alarmed = TemplateMetrics.of(template).alarmed();
        for (ReceiverMetric metric : List.of(ReceiverMetric.RECEIVED, ReceiverMetric.DUPLICATE_FAST_PATH,
                ReceiverMetric.DUPLICATE_STORE, ReceiverMetric.DUPLICATE_LATE, ReceiverMetric.DUPLICATE_IN_BATCH,
                ReceiverMetric.STORE_LATENCY)) {
            assertTrue(alarmed.contains(new EmittedMetric(PaymentAuthorizer.SERVICE, metric.metricName())),
                    metric + " in " + alarmed);
        }
    }

    @Test
    void alarmOnAMetricRenamedInTheTemplateOnly_isCaught() {
        String renamed = template.replace("MetricName: Conflict\n", "MetricName: Conflicts\n");
        assertTrue(TemplateMetrics.of(renamed).violations(emitted())
                .contains("Conflicts{Service=payment-authorizer} is named by the template but not emitted by the code"));
    }

    @Test
    void metricMathNamingNoQuery_isCaught() {
        String typo = template.replace("FILL(inbatch, 0)) / received", "FILL(inbtch, 0)) / received");
        assertTrue(TemplateMetrics.of(typo).violations(emitted()).stream()
                .anyMatch(violation -> violation.contains("the expression names inbtch")));
    }

    @Test
    void metricTheCodeEmitsButNoWidgetShows_isCaught() {
        Set<EmittedMetric> more = new LinkedHashSet<>(emitted());
        more.add(new EmittedMetric(Notifier.SERVICE, "Ignored"));
        assertEquals(List.of("Ignored{Service=payment-notifier} is emitted by the code but on no dashboard widget"),
                TemplateMetrics.of(template).violations(more));
    }

    @Test
    void functionWritingToAnotherNamespace_isCaught() {
        String other = template.replace("          METRICS_NAMESPACE: !Ref MetricsNamespace\n      Events:\n        Hourly:",
                "          METRICS_NAMESPACE: Payments\n      Events:\n        Hourly:");
        assertTrue(TemplateMetrics.of(other).violations(emitted()).stream()
                .anyMatch(violation -> violation.startsWith("DedupStoreSizeFunction: METRICS_NAMESPACE")));
    }

    private static void add(Set<EmittedMetric> into, String service, Metric... metrics) {
        for (Metric metric : metrics) {
            into.add(new EmittedMetric(service, metric.metricName()));
        }
    }
}
