package com.example.payment.docs;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The error names the docs tell a reader to look for ({@code `InvalidRequestException`}), checked
 * against the services they come from: each must be an error shape of the model of a service its
 * paragraph names (by an {@code aws} command or by name: "Secrets Manager", "KMS", ...; any of
 * them when it names none), one of the common errors every AWS API may answer
 * (https://docs.aws.amazon.com/secretsmanager/latest/apireference/CommonErrors.html), or an
 * exception of the AWS SDK for Java itself, which the functions log for what never reached AWS
 * ({@code SdkClientException}).
 */
final class DocumentedErrors {

    private static final Pattern ERROR_NAME = Pattern.compile("`([A-Z][A-Za-z0-9]*(?:Exception|Failure|Fault|Error))`");
    private static final Pattern AWS_COMMAND = Pattern.compile("`aws ([a-z0-9-]+) ");
    private static final Set<String> COMMON_ERRORS = Set.of("AccessDeniedException", "IncompleteSignature", "InternalFailure",
            "InvalidAction", "InvalidClientTokenId", "NotAuthorized", "OptInRequired", "RequestExpired", "ServiceUnavailable",
            "ThrottlingException", "ValidationError");
    /** How the docs name a service in prose, and its CLI name. */
    private static final Map<String, String> SERVICE_NAMES = serviceNames();

    private final ServiceModels models;

    DocumentedErrors(ServiceModels models) {
        this.models = models;
    }

    /** Every error name of one Markdown file's running text, checked, in order. */
    List<CheckedStatement> check(String file, String markdown) {
        List<CheckedStatement> checked = new ArrayList<>();
        for (Prose.Paragraph paragraph : Prose.paragraphs(file, markdown)) {
            Matcher name = ERROR_NAME.matcher(paragraph.text());
            while (name.find()) {
                checked.add(new CheckedStatement(paragraph.where(), name.group(1), problems(name.group(1), services(paragraph.text()))));
            }
        }
        return checked;
    }

    private List<String> problems(String error, Set<String> named) {
        if (COMMON_ERRORS.contains(error) || isSdkException(error)) {
            return List.of();
        }
        Set<String> services = named.isEmpty() ? new LinkedHashSet<>(SERVICE_NAMES.values()) : named;
        for (String service : services) {
            if (models.errors(service).contains(error)) {
                return List.of();
            }
        }
        return List.of(error + " is no error of " + (named.isEmpty() ? "any service's model" : String.join(", ", named) + "'s model")
                + " (the paragraph names " + (named.isEmpty() ? "no service" : String.join(", ", named)) + ")");
    }

    private static Set<String> services(String paragraph) {
        Set<String> services = new LinkedHashSet<>();
        Matcher command = AWS_COMMAND.matcher(paragraph);
        while (command.find()) {
            services.add(command.group(1));
        }
        SERVICE_NAMES.forEach((name, service) -> {
            if (Pattern.compile("\\b" + Pattern.quote(name) + "\\b").matcher(paragraph).find()) {
                services.add(service);
            }
        });
        return services;
    }

    private static boolean isSdkException(String name) {
        try {
            Class.forName("software.amazon.awssdk.core.exception." + name);
            return true;
        } catch (ClassNotFoundException e) {
            return false;
        }
    }

    private static Map<String, String> serviceNames() {
        Map<String, String> names = new LinkedHashMap<>();
        names.put("Secrets Manager", "secretsmanager");
        names.put("KMS", "kms");
        names.put("DynamoDB", "dynamodb");
        names.put("SQS", "sqs");
        names.put("SNS", "sns");
        names.put("Lambda", "lambda");
        names.put("CloudFormation", "cloudformation");
        names.put("ElastiCache", "elasticache");
        names.put("CloudWatch", "cloudwatch");
        names.put("IAM", "iam");
        names.put("EC2", "ec2");
        return names;
    }
}
