/**
 * A gradual deploy of the authorizer, as template.yaml sets it: CodeDeploy's shift of the alias
 * ({@code DeploymentPreference}'s {@code Type}: {@link DeploymentType}), the CloudWatch alarms that
 * stop it ({@link DeployAlarm}, each evaluated as the template sets it by the runbook walks'
 * evaluator, on the metrics the run makes), and the deployment itself
 * ({@link CodeDeployment}: shifts, polls the alarms, rolls the alias back on one in ALARM).
 */
package com.example.sim.deploy;
