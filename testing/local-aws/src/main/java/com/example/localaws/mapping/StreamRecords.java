package com.example.localaws.mapping;

import com.amazonaws.services.lambda.runtime.events.DynamodbEvent;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.AttributeValue;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamRecord;
import com.amazonaws.services.lambda.runtime.events.models.dynamodb.StreamViewType;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.dynamodb.model.Record;

/** Turns records read with the DynamoDB Streams API into Lambda's {@link DynamodbEvent} shape. */
final class StreamRecords {

    private StreamRecords() {
    }

    static DynamodbEvent event(List<Record> records, String streamArn, String region) {
        DynamodbEvent event = new DynamodbEvent();
        event.setRecords(records.stream().map(record -> record(record, streamArn, region)).toList());
        return event;
    }

    private static DynamodbEvent.DynamodbStreamRecord record(Record source, String streamArn, String region) {
        software.amazon.awssdk.services.dynamodb.model.StreamRecord change = source.dynamodb();
        StreamRecord dynamodb = new StreamRecord();
        dynamodb.setSequenceNumber(change.sequenceNumber());
        dynamodb.setSizeBytes(change.sizeBytes());
        if (change.approximateCreationDateTime() != null) {
            dynamodb.setApproximateCreationDateTime(Date.from(change.approximateCreationDateTime()));
        }
        if (change.streamViewTypeAsString() != null) {
            dynamodb.setStreamViewType(StreamViewType.fromValue(change.streamViewTypeAsString()));
        }
        dynamodb.setKeys(item(change.keys()));
        if (change.hasNewImage()) {
            dynamodb.setNewImage(item(change.newImage()));
        }
        if (change.hasOldImage()) {
            dynamodb.setOldImage(item(change.oldImage()));
        }
        DynamodbEvent.DynamodbStreamRecord record = new DynamodbEvent.DynamodbStreamRecord();
        record.setEventID(source.eventID());
        record.setEventName(source.eventNameAsString());
        record.setEventVersion(source.eventVersion());
        record.setEventSource("aws:dynamodb");
        record.setAwsRegion(region);
        record.setEventSourceARN(streamArn);
        record.setDynamodb(dynamodb);
        return record;
    }

    private static Map<String, AttributeValue> item(Map<String, software.amazon.awssdk.services.dynamodb.model.AttributeValue> item) {
        Map<String, AttributeValue> converted = new LinkedHashMap<>();
        item.forEach((name, value) -> converted.put(name, value(value)));
        return converted;
    }

    private static AttributeValue value(software.amazon.awssdk.services.dynamodb.model.AttributeValue value) {
        return switch (value.type()) {
            case S -> new AttributeValue().withS(value.s());
            case N -> new AttributeValue().withN(value.n());
            case B -> new AttributeValue().withB(value.b().asByteBuffer());
            case SS -> new AttributeValue().withSS(value.ss());
            case NS -> new AttributeValue().withNS(value.ns());
            case BS -> new AttributeValue().withBS(value.bs().stream().map(SdkBytes::asByteBuffer).toList());
            case M -> new AttributeValue().withM(item(value.m()));
            case L -> new AttributeValue().withL(value.l().stream().map(StreamRecords::value).toList());
            case BOOL -> new AttributeValue().withBOOL(value.bool());
            case NUL -> new AttributeValue().withNULL(true);
            case UNKNOWN_TO_SDK_VERSION -> throw new IllegalArgumentException("an attribute type this SDK does not know");
        };
    }
}
