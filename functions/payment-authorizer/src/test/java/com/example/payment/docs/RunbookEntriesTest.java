package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The runbook as code: every alarm of template.yaml has one entry in docs/deploy.md, anchored by
 * the alarm's name ({@code <a id="alarm-conflict"></a>} for {@code <stack>-conflict}), each with
 * the same four parts, and every alarm's {@code AlarmDescription} links its entry, so the link in
 * an alarm's notification leads somewhere. (Before, descriptions said
 * {@code See docs/deploy.md "ConflictAlarm"}, a name nine of them shared with nothing in the docs,
 * and three gave no pointer.)
 */
class RunbookEntriesTest {

    /** The parts of every entry, in this order, as the entry's emphasised labels. */
    static final List<String> PARTS = List.of("*What fired*", "*How to see it*", "*What to do*", "*How to know it worked*");

    private static final String GUIDE = "docs/deploy.md";
    private static final Pattern ANCHOR = Pattern.compile("<a id=\"(alarm-[a-z0-9-]+)\"></a>");
    /** A link to the guide in a description: {@code docs/deploy.md#anchor}, or the old {@code docs/deploy.md "Name"}. */
    private static final Pattern LINK = Pattern.compile("docs/deploy\\.md(?:#([A-Za-z0-9_-]+)|\\s+\"([^\"]+)\")");

    private final ProjectDocs docs = ProjectDocs.ofThisProject();
    private final Template template = Template.read(docs.root());
    private final String guide = docs.read(GUIDE);

    @Test
    void everyAlarmsDescription_linksItsOwnEntry_andEveryLinkLeadsToAnAnchor() {
        Map<String, String> entries = entries();
        List<String> problems = new ArrayList<>();
        for (Template.Alarm alarm : template.alarms()) {
            String own = "alarm-" + alarm.name();
            Matcher link = LINK.matcher(alarm.description());
            boolean linksOwn = false;
            while (link.find()) {
                String target = link.group(1) != null ? link.group(1) : link.group(2);
                if (!entries.containsKey(target)) {
                    problems.add(alarm.logicalId() + "'s AlarmDescription links " + link.group() + ", which " + GUIDE
                            + " has no anchor for");
                }
                linksOwn |= target.equals(own);
            }
            if (!linksOwn) {
                problems.add(alarm.logicalId() + "'s AlarmDescription does not link its runbook entry " + GUIDE + "#" + own
                        + ": '" + alarm.description() + "'");
            }
        }
        assertEquals(List.of(), problems);
    }

    @Test
    void everyAlarmHasOneEntry_andEveryEntryAnAlarm() {
        List<String> anchors = new ArrayList<>();
        Matcher anchor = ANCHOR.matcher(guide);
        while (anchor.find()) {
            anchors.add(anchor.group(1));
        }
        List<String> alarms = template.alarms().stream().map(alarm -> "alarm-" + alarm.name()).toList();
        assertFalse(alarms.isEmpty(), "template.yaml declares no alarm: the test would check nothing");
        assertEquals(alarms.stream().sorted().toList(), anchors.stream().sorted().toList(),
                GUIDE + "'s runbook anchors against template.yaml's alarms (one entry each)");
    }

    @Test
    void everyEntry_hasItsFourParts_inOrder() {
        List<String> problems = new ArrayList<>();
        entries().forEach((anchor, entry) -> {
            int from = 0;
            for (String part : PARTS) {
                int at = entry.indexOf(part, from);
                if (at < 0) {
                    problems.add(GUIDE + "#" + anchor + ": no " + part + " after " + (from == 0 ? "the anchor" : "the part before"));
                    return;
                }
                from = at + part.length();
            }
        });
        assertEquals(List.of(), problems);
    }

    /** Each anchored entry of the guide: from its anchor to the next anchor or heading of a section. */
    private Map<String, String> entries() {
        Map<String, String> entries = new LinkedHashMap<>();
        Matcher anchor = ANCHOR.matcher(guide);
        while (anchor.find()) {
            int end = guide.length();
            Matcher next = ANCHOR.matcher(guide);
            if (next.find(anchor.end())) {
                end = next.start();
            }
            int section = guide.indexOf("\n## ", anchor.end());
            int subsection = guide.indexOf("\n### ", anchor.end());
            for (int heading : new int[] {section, subsection}) {
                if (heading >= 0 && heading < end && !guide.startsWith("\n### `<stack>-", heading)) {
                    end = heading;
                }
            }
            entries.put(anchor.group(1), guide.substring(anchor.end(), end));
        }
        return entries;
    }
}
