package com.example.rehearse.stack;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The deploy policy's grants as they are derived: each action on each resource pattern under its
 * conditions, with the {@link DeployNeed} the evaluator is asked for each (one per action and
 * ARN), and the policy document they make.
 */
final class Grants {

    /**
     * A condition a grant is given under: {@code operator} of {@code key} against {@code value} in
     * the policy; a request of the stack carries {@code mine}, one of another stack {@code theirs}.
     */
    record Scope(String operator, String key, String value, String mine, String theirs) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();

    /** action -> the conditions it is granted under, on every resource. */
    private final Map<String, List<Scope>> conditions = new TreeMap<>();
    /** action -> resource pattern -> the conditions of that grant. */
    private final Map<String, Map<String, List<Scope>>> grants = new TreeMap<>();
    private final List<DeployNeed> needs = new ArrayList<>();

    /** From now on, {@code action} is granted under {@code scopes} on every resource. */
    void condition(String action, List<Scope> scopes) {
        conditions.put(action, scopes);
    }

    /**
     * Grants {@code action} on {@code pattern} under its conditions and {@code own}, and notes the
     * need: {@code arn} (of {@code target}) must be allowed, and {@code outside} (or, where a
     * condition alone scopes the grant, {@code arn} with another stack's condition keys) refused.
     */
    void grant(String why, String action, String pattern, String arn, String target, Optional<String> outside, List<Scope> own) {
        List<Scope> scopes = new ArrayList<>(conditions.getOrDefault(action, List.of()));
        scopes.addAll(own);
        grants.computeIfAbsent(action, a -> new LinkedHashMap<>()).putIfAbsent(pattern, List.copyOf(scopes));
        Map<String, String> context = new TreeMap<>();
        Map<String, String> outsideContext = new TreeMap<>();
        scopes.forEach(scope -> {
            context.put(scope.key(), scope.mine());
            outsideContext.put(scope.key(), scope.theirs());
        });
        boolean scopedByCondition = scopes.stream().anyMatch(scope -> !scope.mine().equals(scope.theirs()));
        Optional<String> elsewhere = outside.isPresent() || !scopedByCondition ? outside : Optional.of(arn);
        DeployNeed need = new DeployNeed(why, action, arn, target, elsewhere, Map.copyOf(context), Map.copyOf(outsideContext));
        if (needs.stream().noneMatch(known -> known.action().equals(action) && known.arn().equals(arn))) {
            needs.add(need);
        }
    }

    /** Every permission the deploy needs, in the order granted. */
    List<DeployNeed> needs() {
        return needs;
    }

    /** The policy document: one statement per set of resources (and condition), actions sorted. */
    ObjectNode document() {
        Map<String, TreeSet<String>> statements = new TreeMap<>();
        Map<String, List<String>> resourcesOf = new LinkedHashMap<>();
        Map<String, List<Scope>> scopesOf = new LinkedHashMap<>();
        grants.forEach((action, patterns) -> {
            Map<List<Scope>, TreeSet<String>> byScopes = new LinkedHashMap<>();
            patterns.forEach((pattern, scopes) -> byScopes.computeIfAbsent(scopes, k -> new TreeSet<>()).add(pattern));
            byScopes.forEach((scopes, resources) -> {
                List<String> sorted = new ArrayList<>(resources);
                String key = sorted + " " + scopes;
                statements.computeIfAbsent(key, k -> new TreeSet<>()).add(action);
                resourcesOf.put(key, sorted);
                scopesOf.put(key, scopes);
            });
        });
        ObjectNode document = JSON.createObjectNode().put("Version", "2012-10-17");
        ArrayNode list = document.putArray("Statement");
        statements.forEach((key, actions) -> {
            ObjectNode statement = list.addObject().put("Effect", "Allow");
            ArrayNode actionList = statement.putArray("Action");
            actions.forEach(actionList::add);
            List<String> resources = resourcesOf.get(key);
            if (resources.size() == 1) {
                statement.put("Resource", resources.get(0));
            } else {
                ArrayNode resourceList = statement.putArray("Resource");
                resources.forEach(resourceList::add);
            }
            List<Scope> scopes = scopesOf.get(key);
            if (!scopes.isEmpty()) {
                ObjectNode condition = statement.putObject("Condition");
                scopes.forEach(scope -> condition.withObjectProperty(scope.operator()).put(scope.key(), scope.value()));
            }
        });
        return document;
    }
}
