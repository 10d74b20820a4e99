package com.example.sim;

import com.example.sim.deploy.DeployAlarm;
import com.example.sim.deploy.DeploymentType;
import com.example.template.Template;
import java.nio.file.Path;
import java.util.List;

/**
 * A gradual deploy in a run: the template's deployment type and alarms, when it starts, and what
 * the new version is.
 *
 * @param type                  the {@code DeploymentType} the template defaults to (prod's, samconfig.toml)
 * @param alarms                the authorizer's {@code DeploymentPreference} alarms, as the template sets them
 * @param startMicros           when the deployment starts
 * @param bad                   whether the new version dead-letters good payments (it reads its producers'
 *                              keys from the wrong secret: every signature fails, every payment is REJECTED,
 *                              at once to the DLQ) or is the same receiver as the old one
 * @param mappingFollowsWeights whether the mapping's invocations follow the alias's weights (false: the
 *                              worse reading, every batch to the new version as soon as it has any weight)
 */
record Canary(DeploymentType type, List<DeployAlarm> alarms, long startMicros, boolean bad, boolean mappingFollowsWeights) {

    static final String FUNCTION = "PaymentAuthorizerFunction";

    /** The template's deployment of the authorizer, starting at {@code startMicros}. */
    static Canary of(Path template, long startMicros, boolean bad, boolean mappingFollowsWeights) {
        return new Canary(DeploymentType.named(Template.read(template).requireParameter("DeploymentType").byDefault().orElseThrow()),
                DeployAlarm.of(template, FUNCTION), startMicros, bad, mappingFollowsWeights);
    }

    /** How this row is named in the report. */
    String row() {
        return (bad ? "bad" : "good") + " version, " + (mappingFollowsWeights ? "weights followed" : "every batch to it");
    }
}
