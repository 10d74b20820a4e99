package com.example.rehearse;

import com.example.rehearse.calls.RecordedCalls;
import com.example.rehearse.iam.AccessRequest;
import com.example.rehearse.iam.IamSimulator;
import com.example.template.Template;
import com.fasterxml.jackson.databind.JsonNode;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * {@code make rehearse}: what the local AWS cannot show (IAM, VPC routes, CloudFormation's order),
 * checked offline for each parameter set (samconfig.toml's environments and the fast path in a
 * VPC). template.yaml is translated by AWS's SAM translator and resolved for the set; then
 * <ol>
 *   <li>its Rules accept the set's values;</li>
 *   <li>every recorded call of the functions, and every call AWS makes on the stack's behalf, is
 *       allowed by a real IAM evaluator under the function's role, the resource's policy and the
 *       policy of the VPC endpoint on its route;</li>
 *   <li>every call from a function in a VPC has a route, and a function given the cache reaches
 *       it on both ElastiCache Serverless ports;</li>
 *   <li>every version SnapStart publishes depends on what its init reaches;</li>
 *   <li>an endpoint with private DNS denies no other workload of the VPC;</li>
 *   <li>the queues' and topic's own policies refuse what only the stack's roles or the named
 *       principals may do, and every request without TLS;</li>
 *   <li>a failed first create can be retried, and a deleted stack created again after the
 *       guide's teardown, which removes everything the delete leaves ({@link StackLife});</li>
 *   <li>the deploy path ({@code infra/deploy/bootstrap.yaml}): the CloudFormation service role's
 *       policy ({@code docs/service-role-policy-<set>.json}, written from the resources' registry
 *       schemas) allows every permission the stack's life needs on the stack's resources and
 *       refuses them on another stack's; the deployer's SAM CLI calls are allowed; and every
 *       escalation or exfiltration attempt is refused to the deployer, the service role and a
 *       role made under the permissions boundary every role of the stack carries.</li>
 * </ol>
 * and it lists the grants no call used (a warning). Exits non-zero on any finding.
 */
public final class Rehearsal {

    private final Path root;
    private final Path project;
    private final Translator translator;
    private final IamSimulator simulator;
    private final RecordedCalls calls;

    Rehearsal(Path root, Path project, Translator translator, IamSimulator simulator, RecordedCalls calls) {
        this.root = root;
        this.project = project;
        this.translator = translator;
        this.simulator = simulator;
        this.calls = calls;
    }

    /** {@code Rehearsal ROOT [--record]}: the project at ROOT, with its installed tools. */
    public static void main(String[] args) {
        Path root = Path.of(args[0]).toAbsolutePath().normalize();
        RecordedCalls calls = RecordedCalls.read(root);
        if (args.length > 1 && "--record".equals(args[1])) {
            calls.commit(root);
            System.out.println("wrote " + RecordedCalls.COMMITTED + " from " + calls.files().size() + " recordings");
            calls = RecordedCalls.read(root);
        }
        System.exit(of(root, root, calls).run(System.out) ? 0 : 1);
    }

    /**
     * The rehearsal of the template, samconfig.toml and recorded calls under {@code subject},
     * with the tools of the project at {@code project} (the same folder, except in tests).
     */
    static Rehearsal of(Path subject, Path project, RecordedCalls calls) {
        return new Rehearsal(subject, project, new Translator(project), new IamSimulator(project.resolve("infra/rehearse/iam")), calls);
    }

    /** Rehearses every parameter set, prints the report to {@code out}, and tells whether all passed. */
    boolean run(PrintStream out) {
        Report report = new Report();
        out.println("recorded calls: " + calls.all().size() + " distinct (" + RecordedCalls.COMMITTED + " and "
                + calls.files().size() + " recordings of this checkout)");
        calls.uncommitted().forEach(call -> report.global("recorded now but not in " + RecordedCalls.COMMITTED
                + " (review its grant and route, then make rehearse RECORD=1): " + call));
        JsonNode parameters = templateParameters(root.resolve("template.yaml"));
        List<ParameterSet> sets = ParameterSets.read(root.resolve("samconfig.toml"), parameters);
        List<JsonNode> translated = translator.translate(root.resolve("template.yaml"),
                sets.stream().filter(set -> set.findings().isEmpty()).map(ParameterSet::values).toList());
        Iterator<JsonNode> next = translated.iterator();
        List<SetRehearsal> rehearsals = new ArrayList<>();
        List<AccessRequest> requests = new ArrayList<>();
        for (ParameterSet set : sets) {
            SetRehearsal rehearsal = SetRehearsal.prepare(set, set.findings().isEmpty() ? next.next() : null, calls, report.section(set),
                    root, project);
            rehearsals.add(rehearsal);
            requests.addAll(rehearsal.requests());
        }
        // One evaluator process for every parameter set: the tool loads once.
        List<IamSimulator.Answer> answers = simulator.evaluate(requests);
        int offset = 0;
        for (SetRehearsal rehearsal : rehearsals) {
            int size = rehearsal.requests().size();
            rehearsal.judge(answers.subList(offset, offset + size));
            offset += size;
        }
        report.print(out);
        return report.passed();
    }

    /** template.yaml's Parameters section, as the template model reads it. */
    private static JsonNode templateParameters(Path template) {
        return Template.read(template).root().path("Parameters");
    }

}
