package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * One vocabulary for the receive count: every count README.md and docs/*.md give as the
 * template's (its {@code MaxReceiveCount} parameter's row, {@code maxReceiveCount (N)},
 * "{@code maxReceiveCount} of N", "N x 181 s", the template's visibility timeout, "after N receives" in a diagram,
 * "N receives (") is a {@code maxReceiveCount} of template.yaml's redrive policies. Counts of
 * other queues (a bench's, an example's, a counterfactual's) are written otherwise.
 */
class ReceiveCountsTest {

    private static final List<Pattern> NAMED_COUNTS = List.of(
            Pattern.compile("\\| `MaxReceiveCount` \\| ([0-9]+) \\|"),
            Pattern.compile("`?[Mm]axReceiveCount`? \\(([0-9]+)\\)"),
            Pattern.compile("`[Mm]axReceiveCount` of ([0-9]+)"),
            Pattern.compile("\\b([0-9]+) x 181 s"),
            Pattern.compile("181 s and ([0-9]+) receives"),
            Pattern.compile("after ([0-9]+) receives\""),
            Pattern.compile("\\b([0-9]+) receives \\("));

    @Test
    void everyReceiveCountTheDocsName_isTheTemplates() {
        ProjectDocs docs = ProjectDocs.ofThisProject();
        Set<Integer> template = Template.read(docs.root()).maxReceiveCounts();
        assertFalse(template.isEmpty(), "template.yaml has no redrive policy");
        List<String> named = new ArrayList<>();
        List<String> drifts = new ArrayList<>();
        for (String file : docs.markdownFiles()) {
            drifts.addAll(drifts(file, docs.read(file), template, named));
        }
        assertFalse(named.isEmpty(), "no receive count found in the docs: the patterns no longer match them");
        assertEquals(List.of(), drifts);
    }

    @Test
    void aCountOtherThanTheTemplates_isNamed() {
        // GIVEN a page that says 5 receives where the template says 15 WHEN it is checked THEN that place is named
        String page = "a payment that failed `MaxReceiveCount` (5) deliveries; 15 x 181 s";
        assertEquals(List.of("page.md: 5 in \"`MaxReceiveCount` (5)\", the template's maxReceiveCount is [15]"),
                drifts("page.md", page, Set.of(15), new ArrayList<>()));
    }

    /** Each count {@code text} names as the template's that is not among {@code template}; what was named added to {@code named}. */
    private static List<String> drifts(String file, String text, Set<Integer> template, List<String> named) {
        List<String> drifts = new ArrayList<>();
        for (Pattern pattern : NAMED_COUNTS) {
            Matcher count = pattern.matcher(text);
            while (count.find()) {
                named.add(count.group());
                if (!template.contains(Integer.parseInt(count.group(1)))) {
                    drifts.add(file + ": " + count.group(1) + " in \"" + count.group() + "\", the template's maxReceiveCount is " + template);
                }
            }
        }
        return drifts;
    }
}
