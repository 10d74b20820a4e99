package com.example.localpayments.template;

import com.example.template.Parameter;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/** The parameters' constraints that keep a deploy from taking a value the functions would refuse later. */
final class ParameterInvariants {

    private ParameterInvariants() {
    }

    /**
     * The push API's base URL has no default (a placeholder would deploy and dead-letter every
     * notification), must be https, and is what the notifier is given.
     */
    static List<String> pushApiBaseUrl(Template template) {
        List<String> violations = new ArrayList<>();
        Optional<Parameter> declared = template.parameter("PushApiBaseUrl");
        if (declared.isEmpty()) {
            return List.of("no PushApiBaseUrl parameter");
        }
        Parameter parameter = declared.get();
        if (parameter.byDefault().isPresent()) {
            violations.add("PushApiBaseUrl has a default (" + parameter.byDefault().get() + "): a deploy that does not set it must fail");
        }
        Pattern allowed = Pattern.compile(parameter.allowedPattern().orElse(".*"));
        if (allowed.matcher("http://push.example.com").matches() || !allowed.matcher("https://push.example.com").matches()) {
            violations.add("PushApiBaseUrl's AllowedPattern must take https:// URLs only");
        }
        // The notifier refuses a query string or fragment at start (NotifierConfig); the deploy must refuse it first.
        if (!allowed.matcher("https://push.example.com/v1/").matches() || allowed.matcher("https://push.example.com/v1?key=1").matches()
                || allowed.matcher("https://push.example.com/v1#part").matches()) {
            violations.add("PushApiBaseUrl's AllowedPattern must take a path and refuse a query string or fragment");
        }
        JsonNode variable = template.resource("PaymentNotifierFunction").property("Environment")
                .path("Variables").path("PUSH_API_BASE_URL");
        if (!"PushApiBaseUrl".equals(variable.path("Ref").asText())) {
            violations.add("PUSH_API_BASE_URL is not the PushApiBaseUrl parameter: " + variable);
        }
        return violations;
    }

    /**
     * The metrics namespace may be anything CloudWatch accepts but a name in {@code AWS/}, which
     * it reserves for AWS services (the alarms would watch figures the function cannot write).
     */
    static List<String> metricsNamespace(Template template) {
        List<String> violations = new ArrayList<>();
        Pattern allowed = Pattern.compile(template.parameter("MetricsNamespace").flatMap(Parameter::allowedPattern).orElse(".*"));
        for (String refused : List.of("AWS/", "AWS/Lambda", "AWS/Payments")) {
            if (allowed.matcher(refused).matches()) {
                violations.add("MetricsNamespace accepts " + refused);
            }
        }
        for (String accepted : List.of("Payments", "Payments/dev", "P", "AWS", "AWSx/y", "aws/payments", "AW/x")) {
            if (!allowed.matcher(accepted).matches()) {
                violations.add("MetricsNamespace refuses " + accepted);
            }
        }
        return violations;
    }
}
