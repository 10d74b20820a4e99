package com.example.rehearse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.toml.TomlMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The parameter sets the rehearsal deploys: samconfig.toml's {@code default} and {@code prod}
 * environments as {@code sam deploy} would pass them, every option on (the default
 * environment with the fast path inside a VPC, on example VPC, subnet and route-table ids, and
 * producers' signatures required, as docs/deploy.md adds them), and the two stacks across
 * Regions ({@code mrsc-a}, the global tables' owner, and {@code mrsc-b}, the member), each in
 * its own Region.
 *
 * <p>A template parameter without a Default must have a value in every environment, or a
 * documented prompt: a comment {@code # required: Name=example} in the environment's
 * {@code [env.deploy.parameters]} section, which the deployer must replace before the first
 * deploy (docs/deploy.md says when); a prompt may also name a parameter with a Default that a
 * Rule requires in that environment. The rehearsal deploys the example value, and says so.
 */
final class ParameterSets {

    /**
     * Every option on: the fast path in a VPC, as docs/deploy.md's "Turning on the fast path" adds
     * it, and producers' signatures required, as its onboarding section does (the init then reads
     * the producers' keys through the VPC's Secrets Manager route too), in the default environment's Region.
     */
    static final Map<String, String> FAST_PATH_IN_A_VPC = Map.of(
            "EnableFastPath", "true",
            "VpcId", "vpc-0123456789abcdef0",
            "SubnetIds", "subnet-0a1b2c3d4e5f60718,subnet-0b2c3d4e5f6a70819",
            "RouteTableIds", "rtb-0a1b2c3d4e5f60718,rtb-0b2c3d4e5f6a70819",
            "RequireProducerSignatures", "true",
            "ProducerSigningSecretArns", "arn:aws:secretsmanager:eu-west-1:123456789012:secret:payment-gateway-signing-AbCdEf");
    private static final Pattern PROMPT = Pattern.compile("^\\s*#\\s*required:\\s*([A-Za-z0-9]+)=(\\S+)", Pattern.MULTILINE);

    private ParameterSets() {
    }

    /** The five sets; a required parameter with neither a value nor a prompt is a finding of its set. */
    static List<ParameterSet> read(Path samconfig, JsonNode templateParameters) {
        String text;
        JsonNode config;
        try {
            text = Files.readString(samconfig);
            config = new TomlMapper().readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + samconfig, e);
        }
        ParameterSet base = environment("default", "default", text, config, templateParameters, Map.of());
        return List.of(base,
                environment("prod", "prod", text, config, templateParameters, Map.of()),
                environment("vpc", "default", text, config, templateParameters, FAST_PATH_IN_A_VPC),
                environment("mrsc-a", "mrsc-a", text, config, templateParameters, Map.of()),
                environment("mrsc-b", "mrsc-b", text, config, templateParameters, Map.of()));
    }

    private static ParameterSet environment(String name, String env, String text, JsonNode config,
                                            JsonNode templateParameters, Map<String, String> added) {
        JsonNode deploy = config.path(env).path("deploy").path("parameters");
        String stack = config.path(env).path("global").path("parameters").path("stack_name").asText();
        String region = config.path(env).path("global").path("parameters").path("region").asText();
        if (stack.isEmpty() || region.isEmpty()) {
            throw new IllegalArgumentException("samconfig.toml [" + env + ".global.parameters] needs a stack_name and a region");
        }
        Map<String, String> values = new LinkedHashMap<>();
        deploy.path("parameter_overrides").forEach(override -> {
            String[] pair = override.asText().split("=", 2);
            values.put(pair[0], pair.length > 1 ? pair[1] : "");
        });
        values.putAll(added);
        List<String> notes = new ArrayList<>();
        List<String> findings = new ArrayList<>();
        Map<String, String> prompts = prompts(text, env);
        prompts.forEach((key, example) -> {
            if (!values.containsKey(key)) {
                values.put(key, example);
                notes.add(key + "=" + example + " (the example of samconfig.toml's prompt: set before the first deploy)");
            }
        });
        templateParameters.properties().forEach(parameter -> {
            String key = parameter.getKey();
            if (!parameter.getValue().has("Default") && !values.containsKey(key)) {
                findings.add("samconfig.toml [" + env + "]: the required parameter " + key
                        + " has no value and no documented prompt (# required: " + key + "=<example>)");
            }
        });
        added.forEach((key, value) -> notes.add(key + "=" + value + " (docs/deploy.md: the fast path in a VPC, signed producers)"));
        String source = added.isEmpty() ? "samconfig.toml [" + env + "]"
                : "samconfig.toml [" + env + "] + the fast path in a VPC and signed producers";
        return new ParameterSet(name, source, stack, region, values, notes, findings);
    }

    /** The {@code # required: Name=example} comments of one environment's deploy section. */
    private static Map<String, String> prompts(String text, String env) {
        String header = "[" + env + ".deploy.parameters]";
        int start = text.indexOf(header);
        if (start < 0) {
            return Map.of();
        }
        int end = text.indexOf("\n[", start + header.length());
        Matcher matcher = PROMPT.matcher(text.substring(start, end < 0 ? text.length() : end));
        Map<String, String> prompts = new LinkedHashMap<>();
        while (matcher.find()) {
            prompts.put(matcher.group(1), matcher.group(2));
        }
        return prompts;
    }
}
