package com.example.bench.cost;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Properties;

/**
 * The prices of one region on one date, read from {@code prices-<region>.properties} on the
 * classpath ({@code bench/src/main/resources}): {@code region}, {@code date} (when the prices were
 * read off their pages), and for each {@link PricedItem} its {@code <key>.usd}, {@code <key>.per},
 * {@code <key>.unit} and {@code <key>.source}. A missing or malformed entry fails naming its key.
 */
public record PriceList(String region, LocalDate date, Map<PricedItem, Price> prices) {

    public PriceList {
        Objects.requireNonNull(region, "region");
        Objects.requireNonNull(date, "date");
        prices = Map.copyOf(prices);
        for (PricedItem item : PricedItem.values()) {
            if (!prices.containsKey(item)) {
                throw new IllegalArgumentException("the price list of " + region + " has no price for " + item.key());
            }
        }
    }

    /** The price of {@code item}. */
    public Price price(PricedItem item) {
        return prices.get(item);
    }

    /** The price file of {@code region} on the classpath. */
    public static PriceList of(String region) {
        if (!region.matches("[a-z]{2}(-[a-z]+)+-\\d")) {
            throw new IllegalArgumentException("region must be an AWS region name such as us-east-1, was '" + region + "'");
        }
        String file = "prices-" + region + ".properties";
        Properties properties = new Properties();
        try (InputStream in = PriceList.class.getResourceAsStream("/" + file)) {
            if (in == null) {
                throw new IllegalArgumentException("no price file " + file + " (add one to bench/src/main/resources)");
            }
            properties.load(in);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file, e);
        }
        PriceList list = parse(properties);
        if (!list.region().equals(region)) {
            throw new IllegalArgumentException(file + " says region=" + list.region() + ", not " + region);
        }
        return list;
    }

    /** The prices in {@code properties}, as described above. */
    static PriceList parse(Properties properties) {
        String region = required(properties, "region");
        LocalDate date;
        try {
            date = LocalDate.parse(required(properties, "date"));
        } catch (DateTimeParseException e) {
            throw new IllegalArgumentException("date must be YYYY-MM-DD, was '" + properties.getProperty("date") + "'", e);
        }
        Map<PricedItem, Price> prices = new EnumMap<>(PricedItem.class);
        for (PricedItem item : PricedItem.values()) {
            String usd = required(properties, item.key() + ".usd");
            String per = required(properties, item.key() + ".per");
            BigDecimal amount;
            long count;
            try {
                amount = new BigDecimal(usd);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(item.key() + ".usd must be a decimal number, was '" + usd + "'", e);
            }
            try {
                count = Long.parseLong(per.replace("_", ""));
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(item.key() + ".per must be a whole number, was '" + per + "'", e);
            }
            prices.put(item, new Price(item, amount, count, required(properties, item.key() + ".unit"),
                    required(properties, item.key() + ".source")));
        }
        return new PriceList(region, date, prices);
    }

    private static String required(Properties properties, String key) {
        String value = properties.getProperty(key);
        if (value == null || value.isBlank()) {
            throw new IllegalArgumentException("the price file needs " + key);
        }
        return value.strip();
    }
}
