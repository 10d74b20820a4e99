package com.example.bench.cost;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/** The cost section of {@code docs/benchmarks.md}: the bills side by side, ours first, and the prices used. */
public final class CostMarkdown {

    /** What the bill leaves out, said under the table. */
    static final List<String> NOT_COUNTED = List.of(
            "data transfer (within one region and Availability Zone it is free between these services; "
                    + "a cache in a VPC reached across zones is not)",
            "CloudWatch: log ingestion and storage, the EMF metrics, the dashboard and alarms",
            "KMS requests (the queues and tables use AWS owned or managed keys here), Secrets Manager (read at init only)",
            "NAT gateways and VPC interface endpoints, billed by the hour when the fast path puts the function in a VPC",
            "storage: DynamoDB GB-months of records, ledger rows and the stream, ElastiCache GB-hours (Valkey's minimum is metered "
                    + "per cache per hour, whatever the traffic), SQS and SNS free tiers",
            "the notifier and its push API (the same work for any authorizer that announces its decisions), "
                    + "Lambda's idle SQS polling (empty receives while a queue is empty: per hour, not per payment), "
                    + "DynamoDB Streams reads by Lambda (free)");

    private CostMarkdown() {
    }

    /**
     * @param mix     the traffic measured
     * @param prices  the prices applied
     * @param bills   ours first, then the baselines
     * @param method  how the figures were measured (a paragraph)
     */
    public static String render(TrafficMix mix, PriceList prices, List<Bill> bills, String method) {
        if (bills.size() < 2) {
            throw new IllegalArgumentException("a comparison needs ours and at least one baseline");
        }
        Bill ours = bills.getFirst();
        StringBuilder md = new StringBuilder("## The bill: a million payments\n\n");
        md.append(String.format(Locale.ROOT,
                "`make cost`: what a million distinct payments cost, ours against the Powertools baselines, with %.0f %% of "
                        + "deliveries duplicates and %.0f %% of payments on one hot account, in batches of %d (template.yaml's "
                        + "BatchSize). ", mix.duplicateRate() * 100, mix.hotShare() * 100, mix.batchSize()))
                .append(method).append(" Prices: ").append(prices.region()).append(", as read on ").append(prices.date())
                .append(" (below, and in `bench/src/main/resources/prices-").append(prices.region())
                .append(".properties`). Each cell is the quantity per million payments and what it costs in US dollars.\n\n");
        md.append("| cost item |");
        bills.forEach(bill -> md.append(' ').append(bill.implementation()).append(" | $ |"));
        md.append("\n|---|");
        bills.forEach(bill -> md.append("---|---:|"));
        md.append('\n');
        for (String item : items(bills)) {
            md.append("| ").append(item).append(" |");
            for (Bill bill : bills) {
                bill.line(item).ifPresentOrElse(
                        line -> md.append(' ').append(quantity(line.quantity()))
                                .append(line.detail().isEmpty() ? "" : " (" + line.detail() + ")")
                                .append(" | ").append(dollars(line.usd())).append(" |"),
                        () -> md.append(" – | – |"));
            }
            md.append('\n');
        }
        md.append("| **total** |");
        bills.forEach(bill -> md.append(" | **").append(dollars(bill.total())).append("** |"));
        md.append("\n| **ours ÷ this** |");
        bills.forEach(bill -> md.append(" | ").append(ratio(ours.total(), bill.total())).append(" |"));
        md.append("\n| **the authorization alone** (no publication of decisions) |");
        bills.forEach(bill -> md.append(" | **").append(dollars(bill.total(Stage.AUTHORIZATION))).append("** |"));
        md.append("\n| **ours ÷ this, the authorization alone** |");
        bills.forEach(bill -> md.append(" | ").append(ratio(ours.total(Stage.AUTHORIZATION), bill.total(Stage.AUTHORIZATION)))
                .append(" |"));
        md.append("\n\n");
        for (Bill baseline : bills.subList(1, bills.size())) {
            md.append("- Ours ÷ ").append(baseline.implementation()).append(": **").append(ratio(ours.total(), baseline.total()))
                    .append("** (").append(dollars(ours.total())).append(" against ").append(dollars(baseline.total()))
                    .append(" per million payments); the authorization alone, like for like: **")
                    .append(ratio(ours.total(Stage.AUTHORIZATION), baseline.total(Stage.AUTHORIZATION))).append("** (")
                    .append(dollars(ours.total(Stage.AUTHORIZATION))).append(" against ")
                    .append(dollars(baseline.total(Stage.AUTHORIZATION))).append(").\n");
        }
        md.append("\nThe publication (the publisher's invocations and its SNS publishes) is what ours adds: every decision "
                + "announced on the payments-authorized topic, at least once, from the idempotency table's stream; the "
                + "baselines announce nothing, so their bill has no such line.\n");
        md.append("\nPrices used (").append(prices.region()).append(", ").append(prices.date()).append("):\n\n")
                .append("| item | price | source |\n|---|---|---|\n");
        for (PricedItem item : PricedItem.values()) {
            Price price = prices.price(item);
            md.append("| `").append(item.key()).append("` | $").append(price.usd().toPlainString()).append(" per ")
                    .append(String.format(Locale.ROOT, "%,d", price.per())).append(' ').append(price.unit())
                    .append(" | ").append(price.source()).append(" |\n");
        }
        md.append("\nNot counted:\n\n");
        NOT_COUNTED.forEach(line -> md.append("- ").append(line).append(".\n"));
        return md.toString();
    }

    /** Every item of every bill, in the order they first appear. */
    static List<String> items(List<Bill> bills) {
        Set<String> items = new LinkedHashSet<>();
        bills.forEach(bill -> bill.lines().forEach(line -> items.add(line.item())));
        return new ArrayList<>(items);
    }

    /** {@code ours / baseline} to two decimals and an x, or "–" when the baseline costs nothing. */
    static String ratio(BigDecimal ours, BigDecimal baseline) {
        if (baseline.signum() == 0) {
            return "–";
        }
        return String.format(Locale.ROOT, "%.2fx", ours.divide(baseline, MathContext.DECIMAL64).doubleValue());
    }

    static String dollars(BigDecimal usd) {
        return String.format(Locale.ROOT, "%.4f", usd);
    }

    private static String quantity(double quantity) {
        return String.format(Locale.ROOT, "%,.0f", quantity);
    }
}
