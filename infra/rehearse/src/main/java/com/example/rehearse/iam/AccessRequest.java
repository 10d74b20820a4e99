package com.example.rehearse.iam;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * One authorisation AWS makes: a principal (a function's role, or a service principal for what AWS
 * does on the stack's behalf) asks for one IAM action on one resource, with the request's
 * context keys; the policies that decide it are the principal's identity policies (none for a
 * service principal), the resource's own policy, and the policy of the VPC endpoint the request
 * passes through.
 *
 * @param subject          who asks, for the report: a function's logical id, or what AWS does ("SNS delivers to ...")
 * @param origin           why: the recorded call or the template setting that makes it
 * @param principal        the principal's ARN, or a service principal such as {@code sns.amazonaws.com}
 * @param action           the IAM action, e.g. {@code dynamodb:PutItem}
 * @param resource         the resource's ARN ({@code *} for actions without resource-level permissions)
 * @param resourceId       the resource's logical id in the template, for the report (or the ARN)
 * @param context          the request's context keys
 * @param identityPolicies the principal's identity policies by name
 * @param resourcePolicy   the resource's policy, if it has one
 * @param endpoint         the VPC endpoint the request passes, and its policy, if any
 * @param boundary         the principal's permissions boundary, if it has one
 */
public record AccessRequest(String subject, String origin, String principal, String action, String resource,
                            String resourceId, Map<String, String> context, Map<String, JsonNode> identityPolicies,
                            Optional<JsonNode> resourcePolicy, Optional<Endpoint> endpoint, Optional<JsonNode> boundary) {

    /** A request of a principal without a permissions boundary. */
    public AccessRequest(String subject, String origin, String principal, String action, String resource, String resourceId,
                         Map<String, String> context, Map<String, JsonNode> identityPolicies, Optional<JsonNode> resourcePolicy,
                         Optional<Endpoint> endpoint) {
        this(subject, origin, principal, action, resource, resourceId, context, identityPolicies, resourcePolicy, endpoint, Optional.empty());
    }

    /** A VPC endpoint on the request's route: its logical id and its (possibly default) policy. */
    public record Endpoint(String logicalId, JsonNode policy) {
        public Endpoint {
            Objects.requireNonNull(logicalId, "logicalId");
            Objects.requireNonNull(policy, "policy");
        }
    }

    public AccessRequest {
        Objects.requireNonNull(subject, "subject");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(principal, "principal");
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(resourceId, "resourceId");
        context = Map.copyOf(context);
        identityPolicies = Map.copyOf(identityPolicies);
        Objects.requireNonNull(resourcePolicy, "resourcePolicy");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(boundary, "boundary");
    }

    /** The same request passing {@code through} a VPC endpoint. */
    public AccessRequest through(Optional<Endpoint> through) {
        return new AccessRequest(subject, origin, principal, action, resource, resourceId, context, identityPolicies,
                resourcePolicy, through, boundary);
    }

    /** The same request of a principal under the permissions boundary {@code policy}. */
    public AccessRequest under(JsonNode policy) {
        return new AccessRequest(subject, origin, principal, action, resource, resourceId, context, identityPolicies,
                resourcePolicy, endpoint, Optional.of(policy));
    }

    /** A line of the report: who, what, on which resource. */
    public String describe() {
        return subject + " " + action + " on " + resourceId + " (" + origin + ")";
    }

    /** What to grant, and where, for this request to be allowed: the line after a denial. */
    public String denialHint() {
        StringBuilder hint = new StringBuilder("(grant ").append(action).append(" on ").append(resourceId);
        context.entrySet().stream().filter(entry -> entry.getKey().startsWith("kms:ViaService"))
                .forEach(entry -> hint.append(" with ").append(entry.getKey()).append("=").append(entry.getValue()));
        if (!identityPolicies.isEmpty()) {
            hint.append(" in the role's policy");
        }
        resourcePolicy.ifPresent(policy -> hint.append("; the resource's policy must allow it too"));
        endpoint.ifPresent(through -> hint.append("; its route's endpoint ").append(through.logicalId())
                .append(" must allow it"));
        return hint.append(")").toString();
    }
}
