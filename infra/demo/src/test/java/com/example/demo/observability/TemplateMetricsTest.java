package com.example.demo.observability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.lambdakit.telemetry.Metric;
import com.example.localaws.ProjectRoot;
import com.example.payment.authorizer.PaymentAuthorizer;
import com.example.payment.events.PublisherMetrics;
import com.example.payment.events.StreamPublisher;
import com.example.payment.notifier.Notifier;
import com.example.payment.notifier.NotifierMetrics;
import com.example.receiver.lambda.ReceiverMetrics;
import com.example.recordsweeper.RecordSweeper;
import com.example.recordsweeper.RecordSweeperHandler;
import com.example.recordsweeper.SweeperMetrics;
import com.example.storesize.DedupStoreSize;
import com.example.storesize.DedupStoreSizeHandler;
import com.example.storesize.StoreSizeMetrics;
import com.example.template.Template;
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
 * What the code emits is its catalogues: each function's {@code *Metrics.ALL}, which is all its
 * {@code EmfMetrics} can write, under the service name it writes as the {@code Service} dimension.
 */
class TemplateMetricsTest {

    private static String template;

    @BeforeAll
    static void readTemplate() throws IOException {
        template = Files.readString(ProjectRoot.find().resolve("template.yaml"));
    }

    /** Every metric the functions can emit. */
    static Set<EmittedMetric> emitted() {
        Set<EmittedMetric> emitted = new LinkedHashSet<>();
        add(emitted, PaymentAuthorizer.SERVICE, ReceiverMetrics.ALL);
        add(emitted, StreamPublisher.SERVICE, PublisherMetrics.ALL);
        add(emitted, Notifier.SERVICE, NotifierMetrics.ALL);
        add(emitted, DedupStoreSize.SERVICE, StoreSizeMetrics.ALL);
        add(emitted, RecordSweeper.SERVICE, SweeperMetrics.ALL);
        return emitted;
    }

    @Test
    void template_namesOnlyMetricsTheCodeEmits_andShowsEveryOneOnTheDashboard() {
        assertEquals(List.of(), TemplateMetrics.of(template).violations(emitted()));
    }

    @Test
    void alarms_watchTheDuplicateRateAndTheStoreLatency_asTheCodeNamesThem() {
        Set<EmittedMetric> alarmed = TemplateMetrics.of(template).alarmed();
        for (Metric metric : List.of(ReceiverMetrics.RECEIVED, ReceiverMetrics.DUPLICATE_FAST_PATH,
                ReceiverMetrics.DUPLICATE_STORE, ReceiverMetrics.DUPLICATE_LATE, ReceiverMetrics.DUPLICATE_IN_BATCH,
                ReceiverMetrics.STORE_LATENCY)) {
            assertTrue(alarmed.contains(new EmittedMetric(PaymentAuthorizer.SERVICE, metric.name())),
                    metric.name() + " in " + alarmed);
        }
    }

    @Test
    void hotAccountAlarm_watchesContentionAndThrottling_asTheCodeNamesThem() {
        Set<EmittedMetric> alarmed = TemplateMetrics.of(template).alarmed();
        for (Metric metric : List.of(ReceiverMetrics.CONTENDED, ReceiverMetrics.THROTTLED)) {
            assertTrue(alarmed.contains(new EmittedMetric(PaymentAuthorizer.SERVICE, metric.name())),
                    metric.name() + " in " + alarmed);
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

    @Test
    void eachFunctionsDefaultNamespace_isTheTemplatesDefaultMetricsNamespace() {
        // A function run without METRICS_NAMESPACE writes where the alarms and the dashboard look by default.
        String namespace = Template.parse(template).requireParameter("MetricsNamespace").byDefault().orElseThrow();
        assertEquals(List.of(namespace, namespace, namespace, namespace, namespace),
                List.of(PaymentAuthorizer.METRICS_NAMESPACE, StreamPublisher.METRICS_NAMESPACE,
                        Notifier.METRICS_NAMESPACE, DedupStoreSizeHandler.METRICS_NAMESPACE, RecordSweeperHandler.METRICS_NAMESPACE));
    }

    private static void add(Set<EmittedMetric> into, String service, List<Metric> catalogue) {
        for (Metric metric : catalogue) {
            into.add(new EmittedMetric(service, metric.name()));
        }
    }
}
