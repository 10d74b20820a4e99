package com.example.rehearse.calls;

import java.util.List;
import java.util.Objects;

/**
 * One AWS call a function made against the local AWS, as the moto launcher recorded it (the
 * request's access key names the function; the harness names the Lambda phase), or one an
 * operator's command made ({@link #operator()}).
 *
 * @param function  the function's logical id in template.yaml, or {@value #OPERATOR}
 * @param phase     {@code init} (Lambda's init, and so SnapStart's publication), {@code invoke}, or {@code unknown}
 * @param service   the service the request was signed for ({@code dynamodb}, {@code sqs}, ...)
 * @param operation the API operation, e.g. {@code TransactWriteItems}
 * @param resources what the request named, each by its local name
 */
public record RecordedCall(String function, String phase, String service, String operation, List<Resource> resources) {

    /**
     * A resource one request names.
     *
     * @param kind {@code table}, {@code queue}, {@code topic}, {@code secret}, {@code stream} or {@code key}
     * @param name the template's logical id of what the request named (read from its local name)
     * @param part the item's action inside a transaction or batch ({@code Put}, {@code Update}, ...), else empty
     */
    public record Resource(String kind, String name, String part) {
        public Resource {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(name, "name");
            part = part == null ? "" : part;
        }
    }

    public RecordedCall {
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(phase, "phase");
        Objects.requireNonNull(service, "service");
        Objects.requireNonNull(operation, "operation");
        resources = List.copyOf(resources);
    }

    /** The {@code function} of an operator's command's calls (CallRecording's convention). */
    public static final String OPERATOR = "operator";

    /** Whether an operator's command made it ({@code make replay}), not a function. */
    public boolean operator() {
        return OPERATOR.equals(function);
    }

    public boolean atInit() {
        return "init".equals(phase);
    }

    /** {@code service:Operation}, how the rehearsal's tables name an API call. */
    public String api() {
        return service + ":" + operation;
    }
}
