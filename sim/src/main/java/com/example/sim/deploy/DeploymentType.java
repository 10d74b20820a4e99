package com.example.sim.deploy;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How CodeDeploy shifts an alias to a new version: the share of the traffic the new version has
 * from each moment of the deployment on ("Deployment configurations on an AWS Lambda compute
 * platform", AWS CodeDeploy User Guide, https://docs.aws.amazon.com/codedeploy/latest/userguide/deployment-configurations.html:
 * a canary shifts its percentage, then the rest after the interval; a linear shift adds its
 * percentage every interval; all at once shifts everything). SAM's {@code DeploymentPreference}
 * names them without CodeDeploy's {@code CodeDeployDefault.Lambda} prefix.
 *
 * @param name  the type as the template names it ({@code Canary10Percent10Minutes})
 * @param steps the shifts, in order: the last one gives the new version every invocation
 */
public record DeploymentType(String name, List<Step> steps) {

    private static final Pattern CANARY = Pattern.compile("Canary(\\d+)Percent(\\d+)Minutes?");
    private static final Pattern LINEAR = Pattern.compile("Linear(\\d+)PercentEvery(\\d+)Minutes?");
    private static final long MINUTE = 60_000_000L;

    /**
     * One shift.
     *
     * @param afterMicros how long after the deployment's start
     * @param share       the new version's share of the invocations from then on, 0 to 1
     */
    public record Step(long afterMicros, double share) {
    }

    public DeploymentType {
        steps = List.copyOf(steps);
    }

    /** The type {@code name} names: {@code AllAtOnce}, {@code Canary<p>Percent<m>Minutes} or {@code Linear<p>PercentEvery<m>Minute(s)}. */
    public static DeploymentType named(String name) {
        if (name.equals("AllAtOnce")) {
            return new DeploymentType(name, List.of(new Step(0, 1.0)));
        }
        Matcher canary = CANARY.matcher(name);
        if (canary.matches()) {
            double share = Integer.parseInt(canary.group(1)) / 100.0;
            return new DeploymentType(name, List.of(new Step(0, share),
                    new Step(Integer.parseInt(canary.group(2)) * MINUTE, 1.0)));
        }
        Matcher linear = LINEAR.matcher(name);
        if (linear.matches()) {
            int percent = Integer.parseInt(linear.group(1));
            long every = Integer.parseInt(linear.group(2)) * MINUTE;
            List<Step> steps = new ArrayList<>();
            for (int step = 0, share = percent; share < 100 + percent; step++, share += percent) {
                steps.add(new Step(step * every, Math.min(100, share) / 100.0));
            }
            return new DeploymentType(name, steps);
        }
        throw new IllegalArgumentException("not a deployment type of AWS Lambda's: " + name);
    }
}
