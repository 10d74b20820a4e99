package com.example.rehearse.stack;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Set;
import java.util.function.BiPredicate;
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
    /**
     * action -> (resource pattern, conditions) of each grant: one action may be granted on one
     * pattern under two conditions (a role passed to Lambda, another to CodeDeploy).
     */
    private final Map<String, Map<List<Object>, List<Scope>>> grants = new TreeMap<>();
    private final List<DeployNeed> needs = new ArrayList<>();
    /** resource pattern -> the ARNs of the stack's resources it was granted for. */
    private final Map<String, Set<String>> arnsOf = new HashMap<>();

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
        grants.computeIfAbsent(action, a -> new LinkedHashMap<>()).putIfAbsent(List.of(pattern, List.copyOf(scopes)), List.copyOf(scopes));
        arnsOf.computeIfAbsent(pattern, p -> new TreeSet<>()).add(arn);
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

    /**
     * The policy document: one statement per set of resources (and condition), actions sorted;
     * then statements of one service under the same conditions merged where that grants nothing
     * more: no action of one acts ({@code actsOn}) on a resource the other was granted for (an
     * application's actions beside a deployment group's), so that the policy fits a role.
     */
    ObjectNode document(BiPredicate<String, String> actsOn) {
        Map<String, TreeSet<String>> statements = new TreeMap<>();
        Map<String, List<String>> resourcesOf = new LinkedHashMap<>();
        Map<String, List<Scope>> scopesOf = new LinkedHashMap<>();
        grants.forEach((action, patterns) -> {
            Map<List<Scope>, TreeSet<String>> byScopes = new LinkedHashMap<>();
            patterns.forEach((grant, scopes) -> byScopes.computeIfAbsent(scopes, k -> new TreeSet<>()).add((String) grant.get(0)));
            byScopes.forEach((scopes, resources) -> {
                List<String> sorted = new ArrayList<>(resources);
                String key = sorted + " " + scopes;
                statements.computeIfAbsent(key, k -> new TreeSet<>()).add(action);
                resourcesOf.put(key, sorted);
                scopesOf.put(key, scopes);
            });
        });
        List<String> keys = new ArrayList<>(statements.keySet());
        for (int i = 0; i < keys.size(); i++) {
            for (int j = i + 1; j < keys.size(); j++) {
                String into = keys.get(i);
                String from = keys.get(j);
                if (scopesOf.get(into).equals(scopesOf.get(from)) && mergeable(statements.get(into), resourcesOf.get(into),
                        statements.get(from), resourcesOf.get(from), actsOn)) {
                    statements.get(into).addAll(statements.remove(from));
                    TreeSet<String> resources = new TreeSet<>(resourcesOf.get(into));
                    resources.addAll(resourcesOf.get(from));
                    resourcesOf.put(into, new ArrayList<>(resources));
                    keys.remove(j--);
                }
            }
        }
        ObjectNode document = JSON.createObjectNode().put("Version", "2012-10-17");
        ArrayNode list = document.putArray("Statement");
        keys.forEach(key -> {
            TreeSet<String> actions = statements.get(key);
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

    /**
     * Whether two statements of one service may be one: neither's actions act on a resource of the
     * other's it is not granted on already.
     */
    private boolean mergeable(Set<String> actions, List<String> resources, Set<String> otherActions, List<String> otherResources,
                              BiPredicate<String, String> actsOn) {
        Set<String> services = new TreeSet<>();
        actions.forEach(action -> services.add(IamActions.service(action)));
        otherActions.forEach(action -> services.add(IamActions.service(action)));
        if (services.size() != 1 || resources.contains("*") || otherResources.contains("*")) {
            return false;
        }
        return actsOnNone(actions, resources, otherResources, actsOn) && actsOnNone(otherActions, otherResources, resources, actsOn);
    }

    private boolean actsOnNone(Set<String> actions, List<String> own, List<String> patterns, BiPredicate<String, String> actsOn) {
        for (String pattern : patterns) {
            if (own.contains(pattern)) {
                continue;
            }
            Set<String> arns = arnsOf.get(pattern);
            if (arns == null || actions.stream().anyMatch(action -> arns.stream().anyMatch(arn -> actsOn.test(action, arn)))) {
                return false;
            }
        }
        return true;
    }
}
