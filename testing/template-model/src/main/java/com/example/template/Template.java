package com.example.template;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * {@code template.yaml} read once, typed: its parameters with their defaults and allowed values,
 * its Conditions and Rules, its resources and the views the harnesses read (functions with their
 * environment and event sources, queues with their redrive policies, tables, alarms, topics and
 * subscriptions, policy statements). Values are kept as written, intrinsics in long form
 * ({@link Intrinsic} types them); nothing here evaluates a condition or resolves a reference for
 * a parameter set: that is the rehearsal's {@code ResolvedTemplate}, built on this model.
 */
public final class Template {

    private final TemplateYaml.Document document;

    private Template(TemplateYaml.Document document) {
        this.document = document;
    }

    /** {@code template.yaml} of the nearest folder, from the working directory up, that has one. */
    public static Template read() {
        return read(locate());
    }

    /** The template at {@code path}. */
    public static Template read(Path path) {
        try {
            return parse(Files.readString(path));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the template " + path, e);
        }
    }

    /** A template's text (YAML with CloudFormation's short tags, or JSON). */
    public static Template parse(String text) {
        try {
            return new Template(TemplateYaml.read(text));
        } catch (IOException e) {
            throw new UncheckedIOException("not a template: " + e.getMessage(), e);
        }
    }

    /** A template already read into a tree in long form (such as {@code sam translate}'s output); no lines known. */
    public static Template of(JsonNode root) {
        return new Template(new TemplateYaml.Document(root, Map.of(), List.of()));
    }

    /** {@code template.yaml} in the nearest folder, from the working directory up, that has one. */
    public static Path locate() {
        Path start = Path.of("").toAbsolutePath();
        for (Path dir = start; dir != null; dir = dir.getParent()) {
            if (Files.isRegularFile(dir.resolve("template.yaml"))) {
                return dir.resolve("template.yaml");
            }
        }
        throw new UncheckedIOException(new IOException("no template.yaml in " + start + " or any folder above it"));
    }

    /** The whole template, intrinsics in long form. */
    public JsonNode root() {
        return document.root();
    }

    /** Every parameter, by name, in template order. */
    public Map<String, Parameter> parameters() {
        Map<String, Parameter> parameters = new LinkedHashMap<>();
        root().path("Parameters").properties().forEach(entry -> parameters.put(entry.getKey(), Parameter.of(entry.getKey(), entry.getValue())));
        return parameters;
    }

    /** One parameter, if the template declares it. */
    public Optional<Parameter> parameter(String name) {
        JsonNode declared = root().path("Parameters").path(name);
        return declared.isMissingNode() ? Optional.empty() : Optional.of(Parameter.of(name, declared));
    }

    /** One parameter the template must declare. */
    public Parameter requireParameter(String name) {
        return parameter(name).orElseThrow(() -> new IllegalArgumentException("the template has no parameter " + name));
    }

    /** Every condition's definition, by name. */
    public Map<String, JsonNode> conditions() {
        Map<String, JsonNode> conditions = new LinkedHashMap<>();
        root().path("Conditions").properties().forEach(entry -> conditions.put(entry.getKey(), entry.getValue()));
        return conditions;
    }

    /** Its {@code Rules}, able to say which parameter values they refuse. */
    public Rules rules() {
        List<Rule> rules = new ArrayList<>();
        root().path("Rules").properties().forEach(entry -> rules.add(Rule.of(entry.getKey(), entry.getValue())));
        return new Rules(rules);
    }

    /** Every resource, by logical id, in template order. */
    public Map<String, Resource> resources() {
        Map<String, Resource> resources = new LinkedHashMap<>();
        root().path("Resources").properties().forEach(entry -> resources.put(entry.getKey(), Resource.of(entry.getKey(), entry.getValue())));
        return resources;
    }

    /** The resources of {@code type}, in template order. */
    public List<Resource> resourcesOfType(String type) {
        return resources().values().stream().filter(resource -> type.equals(resource.type())).toList();
    }

    /** One resource the template must have. */
    public Resource resource(String logicalId) {
        JsonNode node = root().path("Resources").path(logicalId);
        if (node.isMissingNode()) {
            throw new IllegalArgumentException("no resource " + logicalId);
        }
        return Resource.of(logicalId, node);
    }

    /** Whether the template has a resource {@code logicalId}. */
    public boolean has(String logicalId) {
        return root().path("Resources").has(logicalId);
    }

    /** Every SAM function, Globals applied. */
    public List<Function> functions() {
        return resourcesOfType("AWS::Serverless::Function").stream().map(this::function).toList();
    }

    /** One SAM function, Globals applied. */
    public Function function(String logicalId) {
        return function(resource(logicalId));
    }

    private Function function(Resource resource) {
        List<Resource> mappings = resourcesOfType("AWS::Lambda::EventSourceMapping").stream()
                .filter(mapping -> Intrinsic.target(mapping.property("FunctionName")).filter(resource.logicalId()::equals).isPresent())
                .toList();
        return new Function(resource, root().path("Globals").path("Function"), mappings);
    }

    /** Every event source of every function, in template order. */
    public List<EventSource> eventSources() {
        return functions().stream().flatMap(function -> function.events().stream()).toList();
    }

    /** Every SQS queue. */
    public List<Queue> queues() {
        return resourcesOfType("AWS::SQS::Queue").stream().map(Queue::of).toList();
    }

    /** One queue the template must have. */
    public Queue queue(String logicalId) {
        Resource resource = resource(logicalId);
        if (!"AWS::SQS::Queue".equals(resource.type())) {
            throw new IllegalArgumentException(logicalId + " is not an AWS::SQS::Queue of this template");
        }
        return Queue.of(resource);
    }

    /** Every DynamoDB table. */
    public List<Table> tables() {
        return resourcesOfType("AWS::DynamoDB::Table").stream().map(Table::of).toList();
    }

    /** One table the template must have. */
    public Table table(String logicalId) {
        return Table.of(resource(logicalId));
    }

    /** Every CloudWatch alarm, in template order. */
    public List<Alarm> alarms() {
        return resourcesOfType("AWS::CloudWatch::Alarm").stream().map(Alarm::new).toList();
    }

    /** The logical ids of every SNS topic. */
    public List<String> topics() {
        return resourcesOfType("AWS::SNS::Topic").stream().map(Resource::logicalId).toList();
    }

    /** Every SNS subscription. */
    public List<Subscription> subscriptions() {
        return resourcesOfType("AWS::SNS::Subscription").stream().map(Subscription::new).toList();
    }

    /** Every policy statement of the template: every object with an {@code Effect}, in any resource. */
    public List<Statement> statements() {
        List<Statement> statements = new ArrayList<>();
        resources().values().forEach(resource -> collectStatements(resource.logicalId(), resource.node(), statements));
        return statements;
    }

    private static void collectStatements(String resource, JsonNode node, List<Statement> into) {
        if (node.isObject() && node.has("Effect")) {
            into.add(new Statement(resource, node));
            return;
        }
        node.forEach(child -> collectStatements(resource, child, into));
    }

    /** Every Output's {@code Value}, by name. */
    public Map<String, JsonNode> outputs() {
        Map<String, JsonNode> outputs = new LinkedHashMap<>();
        root().path("Outputs").properties().forEach(entry -> outputs.put(entry.getKey(), entry.getValue().path("Value")));
        return outputs;
    }

    /**
     * The values {@code value} can take: a literal number, or a reference to a Number parameter
     * ({@link Parameter#range}). A missing value is AWS's default {@code absent}.
     */
    public NumberRange range(JsonNode value, long absent) {
        if (value.isMissingNode()) {
            return NumberRange.of(absent);
        }
        if (value.isNumber() || value.isTextual()) {
            return NumberRange.of(Long.parseLong(value.asText()));
        }
        return Intrinsic.ref(value).flatMap(this::parameter).map(Parameter::range)
                .orElseThrow(() -> new IllegalArgumentException("neither a number nor a parameter reference: " + value));
    }

    /**
     * The number {@code value} is in a deployment without parameter overrides: a literal (or
     * numeric text), or a reference to a parameter with a numeric Default; empty when missing or
     * anything else.
     */
    public OptionalLong defaultNumber(JsonNode value) {
        if (value.isNumber() || value.isTextual() && value.asText().strip().matches("-?[0-9]{1,18}")) {
            return OptionalLong.of(Long.parseLong(value.asText().strip()));
        }
        Optional<String> byDefault = Intrinsic.ref(value).flatMap(this::parameter).flatMap(Parameter::byDefault);
        return byDefault.filter(text -> text.strip().matches("-?[0-9]{1,18}"))
                .map(text -> OptionalLong.of(Long.parseLong(text.strip()))).orElse(OptionalLong.empty());
    }

    /** The 1-based line of {@code node} in the template's text. */
    public int lineOf(JsonNode node) {
        return document.lineOf(node);
    }

    /**
     * The comments that stand for {@code node}: the one on its line, then the block of comment
     * lines right above it, nearest first; each from its {@code #}.
     */
    public List<String> commentsOf(JsonNode node) {
        List<String> text = document.text();
        int index = document.lineOf(node) - 1;
        List<String> comments = new ArrayList<>();
        String own = text.get(index);
        int hash = own.indexOf("# ");
        if (hash >= 0) {
            comments.add(own.substring(hash));
        }
        for (int above = index - 1; above >= 0 && text.get(above).strip().startsWith("#"); above--) {
            comments.add(text.get(above).strip());
        }
        return comments;
    }
}
