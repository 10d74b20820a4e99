package com.example.rehearse.stack;

import java.util.Map;
import java.util.Optional;

/**
 * One permission the deploy needs, as the evaluator is asked it.
 *
 * @param why       who needs it: the resource and handler, or the page that says so
 * @param action    the IAM action
 * @param arn       the resource it acts on, in the rehearsal's account
 * @param target    that resource's logical id (or the ARN)
 * @param outside   the same resource of another stack, which must be refused
 * @param context   the request's condition keys
 * @param outsideContext the condition keys of the request on the resource of another stack
 */
public record DeployNeed(String why, String action, String arn, String target, Optional<String> outside, Map<String, String> context,
                         Map<String, String> outsideContext) {
}
