package com.example.template;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.TextNode;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import org.junit.jupiter.api.Test;

/** What the model makes of a small template: typed parameters, Rules, functions, queues, tables. */
class TemplateTest {

    private static final String TEMPLATE = """
            Parameters:
              Retention:
                Type: Number
                Default: 345600
                AllowedValues: [21600, 345600]
              Receives:
                Type: Number
                Default: "15"
                MinValue: 12
                MaxValue: 50
              Url:
                Type: String
                AllowedPattern: "^https://.*$"
            Rules:
              ReceivesFit:
                RuleCondition: !Equals [!Ref Retention, "21600"]
                Assertions:
                  - Assert: !Contains [["12", "15"], !Ref Receives]
                    AssertDescription: too many receives for 6 hours
            Globals:
              Function:
                Timeout: 30
                LoggingConfig:
                  LogFormat: JSON
                Environment:
                  Variables:
                    GLOBAL: "1"
            Resources:
              Queue:
                Type: AWS::SQS::Queue
                Properties:
                  MessageRetentionPeriod: !Ref Retention
                  VisibilityTimeout: 181
                  RedrivePolicy:
                    deadLetterTargetArn: !GetAtt DeadLetters.Arn
                    maxReceiveCount: !Ref Receives
              DeadLetters:
                Type: AWS::SQS::Queue
                Properties:
                  MessageRetentionPeriod: 1209600
              Records:
                Type: AWS::DynamoDB::Table
                Properties:
                  AttributeDefinitions:
                    - AttributeName: pk
                      AttributeType: S
                  KeySchema:
                    - AttributeName: pk
                      KeyType: HASH
                  TimeToLiveSpecification:
                    AttributeName: expiresAt
                    Enabled: true
              Handler:
                Type: AWS::Serverless::Function
                Properties:
                  Timeout: 60
                  LoggingConfig:
                    LogGroup: !Ref Logs
                  Environment:
                    Variables:
                      TABLE: !Ref Records
                  Events:
                    Messages:
                      Type: SQS
                      Properties:
                        Queue: !GetAtt Queue.Arn
                        BatchSize: 10
            """;

    private final Template template = Template.parse(TEMPLATE);

    @Test
    void parameters_areTyped_withTheirDefaultsAndAllowedValues() {
        Parameter retention = template.requireParameter("Retention");
        assertEquals(Optional.of("345600"), retention.byDefault());
        assertEquals(List.of("21600", "345600"), retention.allowedValues());
        assertEquals(new NumberRange(21600, 345600, 345600), retention.range());
        assertEquals(new NumberRange(12, 15, 50), template.requireParameter("Receives").range());
        assertEquals(Optional.of("^https://.*$"), template.requireParameter("Url").allowedPattern());
        assertTrue(template.requireParameter("Url").byDefault().isEmpty());
    }

    @Test
    void rules_refuseTheValuesTheirAssertionsBreak_onlyWhereTheirConditionHolds() {
        assertEquals(List.of("too many receives for 6 hours"), template.rules().refusals(Map.of("Retention", "21600", "Receives", "50")));
        assertEquals(List.of(), template.rules().refusals(Map.of("Retention", "345600", "Receives", "50")));
        assertEquals(List.of(), template.rules().refusals(Map.of("Retention", "21600")), "a rule naming an absent parameter is skipped");
    }

    @Test
    void aFunction_mergesTheGlobals_underItsOwn() {
        Function handler = template.function("Handler");
        assertEquals(60, handler.property("Timeout").asInt());
        assertEquals(List.of("GLOBAL", "TABLE"), List.copyOf(handler.environment().keySet()));
        assertEquals(Optional.of("Records"), Intrinsic.target(handler.environment().get("TABLE")));
        EventSource messages = handler.events().get(0);
        assertEquals("Handler.Messages", messages.name());
        assertTrue(messages.isSqs());
        assertEquals(Optional.of("Queue"), messages.queue());
    }

    @Test
    void aMappingOfItsOwn_isReadAsTheStreamEventItStandsFor() {
        // GIVEN a function whose stream mapping is a conditional resource of its own (a SAM event cannot be conditional)
        Template withMapping = Template.parse("""
                Resources:
                  Publisher:
                    Type: AWS::Serverless::Function
                    Properties:
                      Handler: h
                  PublisherDecisions:
                    Type: AWS::Lambda::EventSourceMapping
                    Condition: Publishes
                    Properties:
                      FunctionName: !Ref Publisher
                      EventSourceArn: !GetAtt Records.StreamArn
                      StartingPosition: TRIM_HORIZON
                      BatchSize: 100
                """);

        // WHEN its events are read
        EventSource decisions = withMapping.function("Publisher").events().get(0);

        // THEN the mapping is its stream event, named after the resource, its source under the event's name
        assertEquals("Publisher.PublisherDecisions", decisions.name());
        assertTrue(decisions.isDynamoDbStream());
        assertEquals(100, decisions.property("BatchSize").asInt());
        assertEquals(Optional.of("Records"), Intrinsic.target(decisions.property("Stream")));
    }

    @Test
    void aFunctionsOwnMap_mergesWithTheGlobalsMemberByMember_asSamDocumentsIt() {
        // GIVEN Globals logging as JSON and a function naming only its log group
        // WHEN its LoggingConfig is read THEN it has both: its own map does not replace the Globals' whole
        assertEquals("JSON", template.function("Handler").property("LoggingConfig").path("LogFormat").asText());
        assertEquals(Optional.of("Logs"), Intrinsic.ref(template.function("Handler").property("LoggingConfig").path("LogGroup")));
        assertTrue(template.function("Handler").ownProperty("LoggingConfig").path("LogFormat").isMissingNode());
    }

    @Test
    void queues_knowTheirRedrive_andNumbersReadAtTheirDefaults() {
        Queue queue = template.queue("Queue");
        assertEquals("DeadLetters", queue.redrive().orElseThrow().deadLetterQueue());
        assertEquals(OptionalLong.of(15), template.defaultNumber(queue.redrive().orElseThrow().maxReceiveCount()));
        assertEquals(OptionalLong.of(345600), template.defaultNumber(queue.retention()));
        assertEquals(OptionalLong.of(181), template.defaultNumber(queue.visibilityTimeout()));
        assertFalse(template.queue("DeadLetters").redrive().isPresent());
    }

    @Test
    void tables_knowTheirKeysAndTimeToLive() {
        Table records = template.table("Records");
        assertEquals(List.of(new Table.Key("pk", "HASH")), records.keySchema());
        assertEquals(Optional.of("expiresAt"), records.ttlAttribute());
        assertTrue(records.streamViewType().isEmpty());
    }

    @Test
    void intrinsics_areTypedValues() {
        assertEquals(Optional.of(new Intrinsic.Ref("Retention")), Intrinsic.of(template.queue("Queue").retention()));
        Intrinsic.GetAtt getAtt = (Intrinsic.GetAtt) Intrinsic.of(template.function("Handler").events().get(0).property("Queue")).orElseThrow();
        assertEquals("Queue", getAtt.resource());
        assertEquals(TextNode.valueOf("Arn"), getAtt.attribute());
        assertEquals(Optional.empty(), Intrinsic.of(TextNode.valueOf("Queue")));
    }

    @Test
    void anIntrinsicsText_namesWhatItRefersTo_asTheLocalAwsNamesIt() {
        assertEquals("Retention", Intrinsic.text(template.queue("Queue").retention()));
        assertEquals("Queue.Arn", Intrinsic.text(template.function("Handler").events().get(0).property("Queue")));
        assertEquals("181", Intrinsic.text(template.queue("Queue").visibilityTimeout()));
        assertEquals("", Intrinsic.text(template.queue("Queue").resource().property("RedrivePolicy")));
    }

    @Test
    void theProjectTemplate_readsFromAnyFolderBelowIt() {
        Template project = Template.read();
        assertTrue(project.has("PaymentAuthorizerFunction"));
        assertFalse(project.rules().all().isEmpty());
    }
}
