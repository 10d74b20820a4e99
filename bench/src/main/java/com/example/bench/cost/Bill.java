package com.example.bench.cost;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * A {@link Usage} priced: one line per cost item, each as quantity and US dollars per million
 * payments (the usage scaled from the payments it covered).
 */
public record Bill(String implementation, List<Line> lines) {

    /** A million payments: the unit every line is stated in. */
    public static final double MILLION = 1_000_000;

    /** One cost item per million payments: how many of its units, and what they cost. */
    public record Line(String item, Stage stage, String detail, double quantity, BigDecimal usd) {
        public Line {
            Objects.requireNonNull(item, "item");
            Objects.requireNonNull(stage, "stage");
            Objects.requireNonNull(detail, "detail");
            Objects.requireNonNull(usd, "usd");
        }
    }

    public Bill {
        Objects.requireNonNull(implementation, "implementation");
        lines = List.copyOf(lines);
    }

    /** {@code usage} at {@code prices}, per million payments. */
    public static Bill of(Usage usage, PriceList prices) {
        double scale = MILLION / usage.payments();
        List<Line> lines = new ArrayList<>();
        for (FunctionUsage function : usage.functions()) {
            double requests = function.invocations() * scale;
            lines.add(new Line("Lambda requests: " + function.function(), function.stage(),
                    perPayment(function.invocations(), usage.payments()) + " invocations per payment",
                    requests, prices.price(PricedItem.LAMBDA_REQUEST).of(requests)));
            double gbSeconds = function.gbSeconds() * scale;
            lines.add(new Line("Lambda GB-seconds: " + function.function(), function.stage(),
                    String.format(Locale.ROOT, "%.1f ms per invocation at %d MB, %s",
                            function.invocations() == 0 ? 0.0 : (double) function.billedMs() / function.invocations(),
                            function.memoryMb(), function.architecture()),
                    gbSeconds, prices.price(PricedItem.lambdaGbSecond(function.architecture())).of(gbSeconds)));
        }
        double writeUnits = usage.writeRequestUnits() * scale;
        lines.add(new Line("DynamoDB write request units", Stage.AUTHORIZATION,
                usage.dynamoDbCalls().isEmpty() ? "" : "calls: " + calls(usage.dynamoDbCalls(), usage.payments()),
                writeUnits, prices.price(PricedItem.DYNAMODB_WRITE_REQUEST_UNIT).of(writeUnits)));
        double readUnits = usage.readRequestUnits() * scale;
        lines.add(new Line("DynamoDB read request units", Stage.AUTHORIZATION, "", readUnits,
                prices.price(PricedItem.DYNAMODB_READ_REQUEST_UNIT).of(readUnits)));
        double sqs = usage.sqsRequests().values().stream().mapToLong(Long::longValue).sum() * scale;
        lines.add(new Line("SQS requests", Stage.AUTHORIZATION, calls(usage.sqsRequests(), usage.payments()), sqs,
                prices.price(PricedItem.SQS_REQUEST).of(sqs)));
        double publishes = usage.snsPublishes() * scale;
        lines.add(new Line("SNS publishes", Stage.PUBLICATION, "", publishes, prices.price(PricedItem.SNS_PUBLISH).of(publishes)));
        double ecpus = usage.ecpus() * scale;
        lines.add(new Line("ElastiCache Serverless ECPUs", Stage.AUTHORIZATION,
                usage.redisCommandCount() == 0 ? "" : String.format(Locale.ROOT, "%s; %.0f bytes per command",
                        calls(usage.redisCommands(), usage.payments()), (double) usage.redisBytes() / usage.redisCommandCount()),
                ecpus, prices.price(PricedItem.ELASTICACHE_ECPU).of(ecpus)));
        return new Bill(usage.implementation(), lines);
    }

    /** The whole bill per million payments, in US dollars. */
    public BigDecimal total() {
        return lines.stream().map(Line::usd).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** What {@code stage} costs per million payments, in US dollars. */
    public BigDecimal total(Stage stage) {
        return lines.stream().filter(line -> line.stage() == stage).map(Line::usd).reduce(BigDecimal.ZERO, BigDecimal::add);
    }

    /** The line of {@code item}, if this bill has one. */
    public Optional<Line> line(String item) {
        return lines.stream().filter(line -> line.item().equals(item)).findFirst();
    }

    private static String calls(Map<String, Long> byOperation, long payments) {
        return byOperation.entrySet().stream()
                .sorted(Map.Entry.comparingByKey())
                .map(e -> e.getKey() + " " + perPayment(e.getValue(), payments))
                .collect(Collectors.joining(", ", "", byOperation.isEmpty() ? "" : " per payment"));
    }

    private static String perPayment(long count, long payments) {
        return String.format(Locale.ROOT, "%.3f", (double) count / payments);
    }
}
