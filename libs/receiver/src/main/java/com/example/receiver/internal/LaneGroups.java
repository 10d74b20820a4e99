package com.example.receiver.internal;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * A batch's messages cut into lanes: the connected groups of messages that share an item
 * (union-find over the items each message names). Two messages naming one item are in one lane,
 * and so are two linked through a third: ten transfers to one merchant are one lane whatever
 * their payers, and so are ten transfers of one payer whatever their payees. A message naming
 * no item is a lane of its own. The lanes come in the order of their first message, each lane's
 * messages in the batch's order, whatever order the items are named in.
 */
final class LaneGroups {

    private LaneGroups() {
    }

    /** {@code messages} cut into the connected groups of those sharing any of their {@code items}. */
    static <T> List<List<T>> of(List<T> messages, Function<T, Collection<?>> items) {
        int[] parent = new int[messages.size()];
        Map<Object, Integer> firstNaming = new HashMap<>();
        for (int i = 0; i < messages.size(); i++) {
            parent[i] = i;
            for (Object item : items.apply(messages.get(i))) {
                Integer earlier = firstNaming.putIfAbsent(item, i);
                if (earlier != null) {
                    union(parent, earlier, i);
                }
            }
        }
        Map<Integer, List<T>> lanes = new LinkedHashMap<>();
        for (int i = 0; i < messages.size(); i++) {
            lanes.computeIfAbsent(root(parent, i), root -> new ArrayList<>()).add(messages.get(i));
        }
        return List.copyOf(lanes.values());
    }

    private static void union(int[] parent, int a, int b) {
        int rootA = root(parent, a);
        int rootB = root(parent, b);
        parent[Math.max(rootA, rootB)] = Math.min(rootA, rootB);
    }

    private static int root(int[] parent, int i) {
        int root = i;
        while (parent[root] != root) {
            root = parent[root];
        }
        for (int next = i; parent[next] != root; ) {
            int up = parent[next];
            parent[next] = root;
            next = up;
        }
        return root;
    }
}
