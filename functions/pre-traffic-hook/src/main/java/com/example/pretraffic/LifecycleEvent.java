package com.example.pretraffic;

import java.util.Map;
import java.util.Objects;

/**
 * What CodeDeploy passes a lifecycle hook: {@code {"DeploymentId": ..., "LifecycleEventHookExecutionId": ...}}
 * ("AppSpec 'hooks' section for an AWS Lambda deployment", AWS CodeDeploy user guide).
 */
record LifecycleEvent(String deploymentId, String executionId) {

    LifecycleEvent {
        Objects.requireNonNull(deploymentId, "DeploymentId");
        Objects.requireNonNull(executionId, "LifecycleEventHookExecutionId");
    }

    static LifecycleEvent of(Map<String, String> event) {
        return new LifecycleEvent(event.get("DeploymentId"), event.get("LifecycleEventHookExecutionId"));
    }
}
