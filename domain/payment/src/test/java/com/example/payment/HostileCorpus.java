package com.example.payment;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The corpus of malformed and hostile messages in {@code src/test/resources/hostile/corpus.json}
 * (its {@code format} entry says how a case is written), built into message bodies with the
 * outcome each must end in.
 */
public final class HostileCorpus {

    /** The account every template message pays from. */
    public static final String TEMPLATE_ACCOUNT = "ACC-HOSTILE";

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .build();
    private static final Set<String> JSON_LITERALS = Set.of("null", "true", "false");

    private HostileCorpus() {
    }

    /** An account the corpus needs, as it is before the corpus runs. */
    public record Account(String id, String currency, long balanceMinor) {
        public Account {
            Objects.requireNonNull(id, "id");
            Objects.requireNonNull(currency, "currency");
        }
    }

    /**
     * What a case must end in.
     *
     * @param outcome        APPROVED, DECLINED or REJECTED
     * @param field          for REJECTED: the field named
     * @param rule           for REJECTED: the rule named, exactly or (when {@code rulePrefix}) its start
     * @param reason         for DECLINED: the reason
     * @param account        for APPROVED: the account changed
     * @param changeMinor    for APPROVED: the signed change of its balance in minor units
     * @param storedMerchant for APPROVED: the merchant as the ledger row must hold it, when checked
     */
    public record Expected(String outcome, Optional<String> field, Optional<String> rule, boolean rulePrefix,
                           Optional<String> reason, Optional<String> account, long changeMinor,
                           Optional<String> storedMerchant) {
        public Expected {
            Objects.requireNonNull(outcome, "outcome");
            if (!Set.of("APPROVED", "DECLINED", "REJECTED").contains(outcome)) {
                throw new IllegalArgumentException("unknown outcome " + outcome);
            }
            if (outcome.equals("REJECTED") && (field.isEmpty() || rule.isEmpty())) {
                throw new IllegalArgumentException("a rejection names a field and a rule");
            }
            if (outcome.equals("DECLINED") && reason.isEmpty()) {
                throw new IllegalArgumentException("a decline names a reason");
            }
            if (outcome.equals("APPROVED") && (account.isEmpty() || changeMinor == 0)) {
                throw new IllegalArgumentException("an approval names the account and its change");
            }
        }

        public boolean rejected() {
            return outcome.equals("REJECTED");
        }

        /** Whether {@code actual} is the rule expected. */
        public boolean ruleMatches(String actual) {
            String expected = rule.orElseThrow();
            return rulePrefix ? actual.startsWith(expected) : actual.equals(expected);
        }
    }

    /**
     * One message of the corpus.
     *
     * @param name     unique, for reports
     * @param txn      the transaction id a valid message carries ({@code H-<name>} unless the case sets it)
     * @param message  the SQS body
     * @param expected how it must end
     * @param secrets  values of the message no log line may echo: what the case put in it, its card hash
     */
    public record Case(String name, String txn, String message, Expected expected, List<String> secrets) {
        @Override
        public String toString() {
            return name;
        }
    }

    /** The accounts the corpus needs. */
    public static List<Account> accounts() {
        List<Account> accounts = new ArrayList<>();
        for (JsonNode account : document().get("accounts")) {
            accounts.add(new Account(account.get("id").textValue(), account.get("currency").textValue(),
                    account.get("balance_minor").longValue()));
        }
        return accounts;
    }

    /** Every case, in the file's order. */
    public static List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        for (JsonNode spec : document().get("cases")) {
            cases.add(build(spec));
        }
        return cases;
    }

    private static JsonNode document() {
        try (InputStream in = HostileCorpus.class.getResourceAsStream("/hostile/corpus.json")) {
            return JSON.readTree(Objects.requireNonNull(in, "hostile/corpus.json on the test classpath"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static Case build(JsonNode spec) {
        String name = spec.get("name").textValue();
        String txn = spec.hasNonNull("txn") ? spec.get("txn").textValue() : "H-" + name;
        List<String> secrets = new ArrayList<>();
        String message;
        if (spec.has("raw")) {
            message = spec.get("raw").textValue();
            secrets.add(message);
        } else {
            Template template = Template.of(name, txn);
            secrets.add(template.cardHash);
            secrets.add(template.cardHash.substring("sha256:".length()));
            forEach(spec.get("set"), (path, value) -> {
                template.set(path, json(value));
                secrets.add(value.isTextual() ? value.textValue() : json(value));
            });
            forEach(spec.get("set_raw"), (path, value) -> {
                template.set(path, value.textValue());
                secrets.add(value.textValue());
            });
            forEach(spec.get("add"), (path, value) -> {
                template.add(path, json(value));
                secrets.add(value.isTextual() ? value.textValue() : json(value));
            });
            forEach(spec.get("add_raw"), (path, value) -> {
                template.add(path, value.textValue());
                secrets.add(value.textValue());
            });
            if (spec.has("drop")) {
                spec.get("drop").forEach(path -> template.drop(path.textValue()));
            }
            message = template.render();
        }
        JsonNode repeat = spec.get("repeat");
        if (repeat != null) {
            Iterator<Map.Entry<String, JsonNode>> tokens = repeat.fields();
            while (tokens.hasNext()) {
                Map.Entry<String, JsonNode> token = tokens.next();
                String text = token.getValue().get("text").textValue().repeat(token.getValue().get("times").intValue());
                message = message.replace(token.getKey(), text);
                secrets.replaceAll(secret -> secret.replace(token.getKey(), text));
            }
        }
        if (spec.has("truncate")) {
            message = message.substring(0, spec.get("truncate").intValue());
        }
        message = text(spec, "prefix") + message + text(spec, "suffix");
        return new Case(name, txn, message, expected(spec.get("expect")), distinctive(secrets));
    }

    /** Secrets worth looking for in a log line: not JSON literals, not short tokens that occur anyway. */
    private static List<String> distinctive(List<String> values) {
        return values.stream()
                .map(value -> value.length() > 1 && value.startsWith("\"") && value.endsWith("\"")
                        ? value.substring(1, value.length() - 1) : value)
                .filter(value -> value.strip().length() >= 4 && !JSON_LITERALS.contains(value))
                .distinct()
                .toList();
    }

    private static Expected expected(JsonNode expect) {
        boolean prefix = expect.has("rule_prefix");
        return new Expected(expect.get("outcome").textValue(),
                optional(expect, "field"),
                prefix ? optional(expect, "rule_prefix") : optional(expect, "rule"),
                prefix,
                optional(expect, "reason"),
                optional(expect, "account"),
                expect.path("change_minor").longValue(),
                optional(expect, "stored_merchant"));
    }

    private static Optional<String> optional(JsonNode node, String field) {
        return node.hasNonNull(field) ? Optional.of(node.get(field).textValue()) : Optional.empty();
    }

    private static String text(JsonNode spec, String field) {
        return spec.hasNonNull(field) ? spec.get(field).textValue() : "";
    }

    private static String json(JsonNode value) {
        try {
            return JSON.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private interface Edit {
        void apply(String path, JsonNode value);
    }

    private static void forEach(JsonNode edits, Edit edit) {
        if (edits == null) {
            return;
        }
        Iterator<Map.Entry<String, JsonNode>> fields = edits.fields();
        while (fields.hasNext()) {
            Map.Entry<String, JsonNode> field = fields.next();
            edit.apply(field.getKey(), field.getValue());
        }
    }

    /**
     * The valid message as ordered lists of (name, JSON text) per level, so that edits can write
     * what a JSON library would not: exponents, duplicated keys, invalid tokens.
     */
    private static final class Template {
        private static final String SECTION = null;

        private final List<String[]> root = new ArrayList<>();
        private final List<String[]> headers = new ArrayList<>();
        private final List<String[]> body = new ArrayList<>();
        private final String cardHash;

        private Template(String cardHash) {
            this.cardHash = cardHash;
        }

        static Template of(String name, String txn) {
            Template template = new Template(PaymentMessages.cardHash(txn));
            template.root.add(new String[] {"headers", SECTION});
            template.root.add(new String[] {"body", SECTION});
            template.headers.add(new String[] {"message_id", quoted("msg-hostile-" + name)});
            template.headers.add(new String[] {"correlation_id", quoted("corr-" + name)});
            template.headers.add(new String[] {"timestamp", quoted("2026-04-07T14:32:15Z")});
            template.headers.add(new String[] {"source", quoted("payment-network-gateway")});
            template.body.add(new String[] {"transaction_id", quoted(txn)});
            template.body.add(new String[] {"card_number_hash", quoted(template.cardHash)});
            template.body.add(new String[] {"account_id", quoted(TEMPLATE_ACCOUNT)});
            template.body.add(new String[] {"amount", "125.50"});
            template.body.add(new String[] {"currency", quoted("EUR")});
            template.body.add(new String[] {"merchant", quoted("Amazon.es")});
            template.body.add(new String[] {"merchant_category", quoted("5411")});
            template.body.add(new String[] {"authorization_type", quoted("PURCHASE")});
            return template;
        }

        void set(String path, String raw) {
            List<String[]> level = level(path);
            String name = leaf(path);
            for (String[] entry : level) {
                if (entry[0].equals(name)) {
                    entry[1] = raw;
                    return;
                }
            }
            level.add(new String[] {name, raw});
        }

        void add(String path, String raw) {
            level(path).add(new String[] {leaf(path), raw});
        }

        void drop(String path) {
            level(path).removeIf(entry -> entry[0].equals(leaf(path)));
        }

        String render() {
            return render(root);
        }

        private String render(List<String[]> entries) {
            StringBuilder out = new StringBuilder("{");
            for (String[] entry : entries) {
                if (out.length() > 1) {
                    out.append(", ");
                }
                out.append(quoted(entry[0])).append(": ");
                if (entry[1] != SECTION) {
                    out.append(entry[1]);
                } else {
                    out.append(render(entry[0].equals("headers") ? headers : body));
                }
            }
            return out.append('}').toString();
        }

        private List<String[]> level(String path) {
            if (path.startsWith("headers.")) {
                return headers;
            }
            if (path.startsWith("body.")) {
                return body;
            }
            return root;
        }

        private static String leaf(String path) {
            return path.substring(path.indexOf('.') + 1);
        }

        private static String quoted(String text) {
            try {
                return JSON.writeValueAsString(text);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
