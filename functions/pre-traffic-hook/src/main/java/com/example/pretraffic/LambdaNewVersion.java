package com.example.pretraffic;

import java.nio.charset.StandardCharsets;
import software.amazon.awssdk.core.SdkBytes;
import software.amazon.awssdk.services.lambda.LambdaClient;
import software.amazon.awssdk.services.lambda.model.InvocationType;
import software.amazon.awssdk.services.lambda.model.InvokeResponse;

/**
 * The new version through Lambda's {@code Invoke}: {@code versionArn} is the version SAM published
 * ({@code !Ref <function>.Version}, a qualified ARN), so the call reaches that version and not the
 * alias, whose traffic has not moved yet.
 */
final class LambdaNewVersion implements NewVersion {

    private final LambdaClient lambda;
    private final String versionArn;

    LambdaNewVersion(LambdaClient lambda, String versionArn) {
        this.lambda = lambda;
        this.versionArn = versionArn;
    }

    @Override
    public String invoke(String event) {
        InvokeResponse response = lambda.invoke(request -> request.functionName(versionArn)
                .invocationType(InvocationType.REQUEST_RESPONSE)
                .payload(SdkBytes.fromString(event, StandardCharsets.UTF_8)));
        String payload = response.payload() == null ? "" : response.payload().asUtf8String();
        if (response.functionError() != null) {
            throw new VersionFailed(response.functionError() + ": " + payload);
        }
        return payload;
    }
}
