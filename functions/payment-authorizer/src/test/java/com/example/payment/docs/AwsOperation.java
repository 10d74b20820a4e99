package com.example.payment.docs;

import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;
import software.amazon.awssdk.core.SdkField;
import software.amazon.awssdk.core.SdkPojo;
import software.amazon.awssdk.utils.builder.SdkBuilder;

/**
 * An AWS API operation as the AWS CLI names it ({@code aws dynamodb put-item}), looked up in
 * the model the AWS SDK for Java ships for it: the request class
 * {@code software.amazon.awssdk.services.dynamodb.model.PutItemRequest} and its members. The
 * CLI derives both its command and its options from the same service models, so an operation
 * the SDK does not know, or an option that is no member of its request, is one the CLI would
 * refuse. A service is checked only when its SDK module is on the test classpath.
 *
 * @param service   e.g. {@code dynamodb}, also the SDK's package
 * @param operation e.g. {@code put-item}
 */
record AwsOperation(String service, String operation) {

    /** The AWS CLI's own options, valid with every operation. */
    private static final Set<String> GLOBAL_OPTIONS = Set.of("--query", "--output", "--region", "--profile", "--endpoint-url");

    /**
     * The CLI options the operation takes, {@code --table-name} for {@code TableName}, compared
     * without their hyphens; empty when the SDK on the classpath has no such operation.
     */
    Optional<Set<String>> options() {
        try {
            Class<?> request = Class.forName("software.amazon.awssdk.services." + service + ".model." + pascalCase(operation) + "Request");
            SdkBuilder<?, ?> builder = (SdkBuilder<?, ?>) request.getMethod("builder").invoke(null);
            return Optional.of(((SdkPojo) builder.build()).sdkFields().stream()
                    .map(SdkField::memberName)
                    .map(member -> member.toLowerCase(Locale.ROOT))
                    .collect(Collectors.toUnmodifiableSet()));
        } catch (ReflectiveOperationException e) {
            return Optional.empty();
        }
    }

    /** Whether {@code option} ({@code --table-name}) is the CLI's own or one of {@code options}. */
    static boolean accepts(Set<String> options, String option) {
        return GLOBAL_OPTIONS.contains(option) || options.contains(option.substring(2).replace("-", "").toLowerCase(Locale.ROOT));
    }

    private static String pascalCase(String kebab) {
        StringBuilder name = new StringBuilder();
        for (String part : kebab.split("-")) {
            if (!part.isEmpty()) {
                name.append(Character.toUpperCase(part.charAt(0))).append(part.substring(1));
            }
        }
        return name.toString();
    }
}
