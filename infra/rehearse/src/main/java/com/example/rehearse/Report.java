package com.example.rehearse;

import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.stack.DeployAttempts;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * The rehearsal's output: per parameter set, one table of counts, then what was proven (each
 * function's IAM actions on each resource) and every finding, one line each naming the function,
 * the call, the parameter set and what is missing. Failures fail the run; unused grants only warn.
 */
final class Report {

    static final ObjectMapper JSON = new ObjectMapper();

    private final List<String> global = new ArrayList<>();
    private final List<Section> sections = new ArrayList<>();

    Section section(ParameterSet set) {
        Section section = new Section(set);
        sections.add(section);
        return section;
    }

    void global(String failure) {
        global.add(failure);
    }

    boolean passed() {
        return global.isEmpty() && sections.stream().allMatch(section -> section.failures.isEmpty());
    }

    void print(PrintStream out) {
        global.forEach(failure -> out.println("FAIL " + failure));
        for (Section section : sections) {
            section.print(out);
        }
        out.println(passed() ? "rehearse: PASS" : "rehearse: FAIL");
    }

    /** One parameter set's results. */
    static final class Section {

        private final ParameterSet set;
        private final List<String[]> failures = new ArrayList<>();
        private final List<String> unused = new ArrayList<>();
        private final List<String> expectations = new ArrayList<>();
        private final Map<String, TreeSet<String>> proven = new TreeMap<>();
        private final List<String> lifecycleNotes = new ArrayList<>();
        private final List<String> teardown = new ArrayList<>();
        private final List<String> deployPolicy = new ArrayList<>();
        private final List<String> attempts = new ArrayList<>();
        private int recorded;
        private int awsSide;
        private int skipped;
        private int deployerAllowed;
        private int deployerRefused;
        private int acrossRegions;

        private Section(ParameterSet set) {
            this.set = set;
        }

        void parameterFinding(String finding) {
            failure("parameters", finding);
        }

        void failure(String kind, String message) {
            failures.add(new String[] {kind, message});
        }

        void skipped() {
            skipped++;
        }

        /** How many refusals across Regions were checked (GlobalTableChecks, and the single-write functions' grants). */
        void acrossRegions(int checked) {
            acrossRegions = checked;
        }

        void counted(int recordedRequests, int awsSideRequests) {
            recorded = recordedRequests;
            awsSide = awsSideRequests;
        }

        void proven(AccessRequest request, boolean byAws) {
            proven.computeIfAbsent(request.subject(), subject -> new TreeSet<>())
                    .add(request.action() + " on " + request.resourceId() + (byAws ? " [AWS-side]" : ""));
        }

        void expectation(ResourcePolicyChecks.Expectation expectation, boolean allowed) {
            expectations.add((allowed ? "allowed: " : "refused: ") + expectation.why() + " (" + expectation.request().action()
                    + " on " + expectation.request().resourceId() + ")" + (allowed == expectation.allowed() ? "" : "  <- WRONG"));
        }

        void lifecycleNote(String note) {
            lifecycleNotes.add(note);
        }

        void teardown(List<String> commands) {
            teardown.addAll(commands);
        }

        void deployPolicy(String file, int size, int statements, int needs, Iterable<String> leftOut) {
            deployPolicy.add(file + ": " + statements + " statements, " + size + " characters without white space"
                    + " (a role's inline policies hold 10240), " + needs + " permissions the deploy needs");
            leftOut.forEach(action -> deployPolicy.add("  left out: " + action));
        }

        void deployerVerdicts(int allowed, int needed, int refused, int outside) {
            deployerAllowed = needed;
            deployerRefused = outside;
            deployPolicy.add("evaluator: " + allowed + " of " + needed + " needed permissions allowed on the stack's resources, "
                    + refused + " of " + outside + " refused on another stack's");
        }

        void attempt(DeployAttempts.Attempt attempt, String decision) {
            attempts.add("| " + attempt.principal().label() + " | " + attempt.what() + " | " + attempt.action() + " | " + attempt.resource()
                    + " | " + decision + (("Allowed".equals(decision)) == attempt.allowed() ? "" : "  <- WRONG") + " |");
        }

        void unusedGrant(String grant) {
            unused.add(grant);
        }

        private int count(String kind) {
            return (int) failures.stream().filter(failure -> failure[0].equals(kind)).count();
        }

        private void print(PrintStream out) {
            out.println();
            out.println("== parameter set " + set.name() + ": " + set.source() + ", stack " + set.stackName()
                    + ", account 123456789012, " + set.region());
            set.notes().forEach(note -> out.println("   value: " + note));
            out.println("   " + skipped + " recorded calls do not apply here (a resource they name is not deployed, or a setting turns them off)");
            proven.forEach((subject, grants) -> {
                out.println("   proven for " + subject + ":");
                grants.forEach(grant -> out.println("     " + grant));
            });
            out.println("   who may use the queues and topic (resource policies):");
            expectations.forEach(line -> out.println("     " + line));
            lifecycleNotes.forEach(note -> out.println("   lifecycle: " + note));
            out.println("   teardown after sam delete (docs/deploy.md, \"Deleting a stack\"):");
            teardown.forEach(command -> out.println("     " + command));
            out.println("   the deployer's policy:");
            deployPolicy.forEach(line -> out.println("     " + line));
            out.println("   the deploy path: the deployer's SAM CLI calls (allowed) and every escalation or exfiltration attempt (refused):");
            out.println("   | principal | attempt | action | resource | decision |");
            out.println("   |---|---|---|---|---|");
            attempts.forEach(row -> out.println("   " + row));
            unused.forEach(grant -> out.println("   WARN unused grant: " + grant));
            failures.forEach(failure -> out.println("   FAIL [" + set.name() + "] " + failure[0] + ": " + failure[1]));
            out.println();
            out.println("| " + set.name() + " | count |");
            out.println("|---|---:|");
            out.println("| recorded calls checked (IAM requests) | " + recorded + " |");
            out.println("| AWS-side calls checked (IAM requests) | " + awsSide + " |");
            out.println("| denied | " + count("denied") + " |");
            out.println("| unrouted | " + count("unrouted") + " |");
            out.println("| ordering defects | " + count("ordering") + " |");
            out.println("| resource-policy expectations checked | " + expectations.size() + " |");
            out.println("| resource-policy expectations unmet | " + count("resource policy") + " |");
            if (acrossRegions > 0) {
                out.println("| refusals across Regions checked (another Region's replica, a table's change, unused grants) | " + acrossRegions + " |");
                out.println("| refusals across Regions unmet | " + count("across Regions") + " |");
            }
            out.println("| lifecycle findings (a retry or re-creation stopped, teardown) | " + count("lifecycle") + " |");
            out.println("| service role's permissions checked (needed, another stack's) | " + deployerAllowed + ", " + deployerRefused + " |");
            out.println("| deploy-path attempts checked (SAM CLI calls allowed, escalations refused) | " + attempts.size() + " |");
            out.println("| deploy path findings (service role, deployer, attempts, roles) | " + count("deploy path") + " |");
            out.println("| other findings (parameters, neighbours, calls) | " + (failures.size() - count("denied") - count("unrouted")
                    - count("ordering") - count("resource policy") - count("lifecycle") - count("deploy path")
                    - count("across Regions")) + " |");
            out.println("| unused grants (warning) | " + unused.size() + " |");
        }
    }
}
