/**
 * What the functions write to stdout, as the tests read it: every line a JSON object
 * ({@link com.example.localaws.observability.FunctionOutput}), and every EMF line valid under
 * CloudWatch's embedded metric format specification
 * ({@link com.example.localaws.observability.EmfSpecification}); and the template's alarms
 * evaluated on those metrics as CloudWatch would ({@link com.example.localaws.observability.TemplateAlarm}
 * over {@link com.example.localaws.observability.MetricSamples}), for the runbook walks.
 */
package com.example.localaws.observability;
