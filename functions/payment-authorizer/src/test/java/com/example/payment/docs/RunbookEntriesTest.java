package com.example.payment.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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

    /**
     * The test that walks each alarm's entry against the local AWS: the fault injected, the alarm
     * seen firing on its metric as template.yaml defines it, the entry's steps, the recovery
     * checked. A new alarm must be given one.
     */
    static final Map<String, String> WALKS = Map.ofEntries(
            Map.entry("conflict", "LocalRuntimeCommandLineTest#upSendDrainStateDown_stateTotalsMatchTheInputs_andOneNotificationPerApprovedPayment"),
            Map.entry("dlq-not-empty", "LocalRuntimeCommandLineTest#upSendDrainStateDown_stateTotalsMatchTheInputs_andOneNotificationPerApprovedPayment"),
            Map.entry("notifications-dlq-not-empty", "LocalRuntimeCommandLineTest#upSendDrainStateDown_stateTotalsMatchTheInputs_andOneNotificationPerApprovedPayment"),
            Map.entry("payment-events-failures", "PublishDecisionsTest#replayOfTheFailureQueueDuringTheOutage_leavesItsBatchVisible_andTheRunAfterTheFixPublishesWhatTheFirstCouldNot"),
            Map.entry("push-auth-rejected", "PushAuthenticationTest#wrongToken_retriesEveryNotification_deadLettersNone_andOnceFixedDeliversEachOnce"),
            Map.entry("producer-keys-unavailable", "ProducerKeysUnavailableTest#keysMissingAtStart_everyMessageIsRetried_neitherDecidedNorRejected_untilTheMinutesReadFindsThem"),
            Map.entry("fast-path-key-unavailable", "SigningKeyUnavailableTest#secretMissingAtStart_theStoreDecidesEveryBooking_andOnceTheSecretExists_theFastPathServes"),
            Map.entry("hot-account", "WindowsAtAwsTimeTest#aTableThrottledForThirtyMinutes_deadLettersNoPayment_firesTheHotAccountAlarm_andDecidesEachOnceAfterwards"),
            Map.entry("dynamodb-write-throttles", "WriteThrottlesAtAwsTimeTest#aTableThrottledPastItsReceives_deadLettersThePaymentsItOutlasts_firesTheThrottleAlarms_andARedriveDecidesEachOnce"),
            Map.entry("duplicate-rate", "EmfAlarmWalksTest#duplicateRate_aProducerResendingEveryPayment_firesAfterThreePeriods_andClearsOnceItStops"),
            Map.entry("queue-backlog", "InvocationAlarmWalksTest#queueBacklog_theEventSourceDisabledForOverAnHour_firesAfterFifteenMinutesOverTheHour_andClearsOnceItDrains"),
            Map.entry("function-errors", "InvocationAlarmWalksTest#functionErrors_aSettingRefusedAtInit_failsWholeBatches_firesAtTheFirst_andTheCorrectedDeployDecidesEachOnce"),
            // The same failure, counted for the version being deployed (Errors by ExecutedVersion): the local runtime has one version.
            Map.entry("new-version-errors", "InvocationAlarmWalksTest#functionErrors_aSettingRefusedAtInit_failsWholeBatches_firesAtTheFirst_andTheCorrectedDeployDecidesEachOnce"),
            // A gradual deploy has no local form (no CodeDeploy, no alias): the simulation walks it, "A deploy rolled back" included.
            Map.entry("dead-lettering", "CanaryTest#aVersionThatDeadLettersGoodPayments_isRolledBackByTheAlarms_andEachPaymentItTouchedIsDecidedOnce"),
            Map.entry("function-throttles", "InvocationAlarmWalksTest#functionThrottles_theAccountsConcurrencyHeldByOtherFunctions_firesAtTheFirstRefusal_andOnceRaisedEachIsDecidedOnce"),
            Map.entry("fast-path-unavailable", "EmfAlarmWalksTest#fastPathUnavailable_theCacheDownForFifteenMinutes_firesWhileEveryPaymentIsDecided_andClearsOnceTheCacheIsBack"),
            Map.entry("payment-events-iterator-age", "PublisherAlarmWalksTest#iteratorAge_theTopicGoneForSixteenMinutes_firesOverFiveMinutesBehind_andOnceItIsBackTheSourceCatchesUpByItself"),
            Map.entry("payment-events-unpublishable", "PublisherAlarmWalksTest#unpublishable_aRecordEditedByHand_isSetAside_firesAtTheFirst_andTheCorrectedRecordIsPublishedAndNotifiedOnce"),
            Map.entry("store-latency", "EmfAlarmWalksTest#storeLatency_dynamoDbSlowForFifteenMinutes_firesOnTheP99_andClearsOnceItIsFast"));

    /** docs/multi-region.md, whose runbook entries are not an alarm's: each is a section {@code ## Runbook: <entry>}. */
    private static final String REGIONS_GUIDE = "docs/multi-region.md";
    private static final Pattern REGIONS_ENTRY = Pattern.compile("(?m)^## Runbook: (.+)$");

    /**
     * The tests that walk each of docs/multi-region.md's runbook entries, by the entry's heading:
     * on the local AWS where it can show them, in the simulation where it cannot (replication, a
     * Region cut off refusing writes by itself, {@code ReplicatedWriteConflictException}). Each
     * entry names its walks, and no entry is a draft.
     */
    static final Map<String, List<String>> REGION_WALKS = Map.of(
            "a Region is lost", List.of(
                    "RegionLossWalksTest#aRegionIsLost_itsStrandedPaymentsWait_theProducersSendThemAgainToB_whichDecidesEachOnce_andDrainsWithAnEmptyDlq",
                    "RegionRunbookTest#aRegionIsLost_theCutOffRegionsEventSourcesStopped_nothingReachesADlq_andEveryOracleHolds"),
            "it came back", List.of(
                    "RegionLossWalksTest#itCameBack_itsStrandedPaymentsAndItsDlqAreDecidedOnce_theReplayPublishesTheOutage_andEveryPaymentIsTheReferenceModels",
                    "RegionRunbookTest#itCameBack_itsEventSourcesEnabled_itsDlqRedriven_noGoodPaymentLeftInAnyDlq"));

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

    @Test
    void everyAlarm_namesTheTestThatWalksItsEntry_andEveryNamedTestExists() throws IOException {
        List<String> problems = new ArrayList<>();
        for (Template.Alarm alarm : template.alarms()) {
            String walk = WALKS.get(alarm.name());
            if (walk == null) {
                problems.add(alarm.logicalId() + " (" + alarm.name() + ") has no walking test in RunbookEntriesTest.WALKS");
            } else if (!testExists(walk)) {
                problems.add(alarm.name() + ": no test method " + walk + " under a module's src/test/java");
            }
        }
        List<String> names = template.alarms().stream().map(Template.Alarm::name).toList();
        WALKS.keySet().stream().filter(name -> !names.contains(name)).forEach(name -> problems.add("WALKS names no alarm " + name));
        assertEquals(List.of(), problems);
    }

    @Test
    void everyMultiRegionEntry_isWalked_namesItsWalks_andEveryNamedTestExists() throws IOException {
        String regions = docs.read(REGIONS_GUIDE);
        List<String> problems = new ArrayList<>();
        List<String> headings = new ArrayList<>();
        Matcher entry = REGIONS_ENTRY.matcher(regions);
        while (entry.find()) {
            String heading = entry.group(1).strip();
            headings.add(heading);
            int next = regions.indexOf("\n## ", entry.end());
            String text = regions.substring(entry.end(), next < 0 ? regions.length() : next);
            List<String> walks = REGION_WALKS.get(heading);
            if (heading.contains("(draft")) {
                problems.add(REGIONS_GUIDE + " \"" + heading + "\": still a draft");
            }
            if (walks == null) {
                problems.add(REGIONS_GUIDE + " \"" + heading + "\" has no walking test in RunbookEntriesTest.REGION_WALKS");
                continue;
            }
            for (String walk : walks) {
                if (!testExists(walk)) {
                    problems.add(heading + ": no test method " + walk + " under a module's src/test/java");
                }
                if (!text.contains(walk.substring(walk.indexOf('#') + 1))) {
                    problems.add(REGIONS_GUIDE + " \"" + heading + "\" does not name its walk " + walk);
                }
            }
        }
        assertFalse(headings.isEmpty(), REGIONS_GUIDE + " has no runbook entry: the test would check nothing");
        REGION_WALKS.keySet().stream().filter(heading -> !headings.contains(heading))
                .forEach(heading -> problems.add("REGION_WALKS names no entry \"" + heading + "\" of " + REGIONS_GUIDE));
        assertEquals(List.of(), problems);
    }

    /** Whether {@code Class#method} is a test method of a file {@code Class.java} under a module's src/test/java (sim's too). */
    private boolean testExists(String walk) throws IOException {
        String[] parts = walk.split("#", 2);
        for (String module : new String[] {"functions", "libs", "infra", "testing", "."}) {
            try (Stream<Path> modules = module.equals(".") ? Stream.of(docs.root().resolve("sim")) : Files.list(docs.root().resolve(module))) {
                for (Path tests : modules.map(m -> m.resolve("src/test/java")).filter(Files::isDirectory).toList()) {
                    try (Stream<Path> files = Files.walk(tests)) {
                        for (Path file : files.filter(f -> f.getFileName().toString().equals(parts[0] + ".java")).toList()) {
                            if (Files.readString(file, StandardCharsets.UTF_8).contains("void " + parts[1] + "(")) {
                                return true;
                            }
                        }
                    }
                }
            }
        }
        return false;
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
