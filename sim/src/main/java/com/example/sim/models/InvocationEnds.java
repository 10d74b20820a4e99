package com.example.sim.models;

import com.example.receiver.MessageResult;
import java.util.List;

/** What the mapping tells of each invocation as it ends: the receiver's answers, or that it had none. */
public interface InvocationEnds {

    /** The receiver of {@code version} answered {@code result} for {@code message}, and Lambda heard it. */
    void answered(SqsMessage message, MessageResult result, String version);

    /** The invocation of {@code version} crashed or timed out: Lambda heard no answer for any of {@code batch}. */
    void failed(List<SqsMessage> batch, String version);
}
