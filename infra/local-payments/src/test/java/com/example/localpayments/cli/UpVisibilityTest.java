package com.example.localpayments.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.example.localaws.ProjectRoot;
import com.example.localaws.TemplateMessaging;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@code make up VISIBILITY_TIMEOUT=s}: each queue takes the option's visibility timeout, but a queue
 * with a redrive policy keeps its receives longer than the minute a function waits before it reads a
 * failed secret again, as the template's queues do (181 s x {@code MaxReceiveCount}).
 */
class UpVisibilityTest {

    @Test
    void everyQueueWithARedrivePolicy_outlastsAFailedSecretReadsMinute_atTheShortestOption() {
        // GIVEN the queues template.yaml declares
        List<TemplateMessaging.Queue> queues = TemplateMessaging.read(ProjectRoot.find().resolve("template.yaml")).queues();
        assertTrue(queues.stream().anyMatch(queue -> queue.logicalId().equals("NotificationsQueue") && queue.maxReceiveCount() > 0));
        for (TemplateMessaging.Queue queue : queues) {
            // WHEN make up VISIBILITY_TIMEOUT=1 creates it
            int visibility = Up.visibility(1, queue.maxReceiveCount());
            // THEN its receives outlast the minute (a queue without a redrive policy keeps the option's)
            if (queue.maxReceiveCount() == 0) {
                assertEquals(1, visibility, queue.logicalId());
            } else {
                assertTrue((long) visibility * queue.maxReceiveCount() > Up.SECRET_READ_AGAIN.toSeconds(),
                        queue.logicalId() + ": " + queue.maxReceiveCount() + " receives of " + visibility + " s");
            }
        }
    }

    @Test
    void aLongerOption_isKeptAsGiven() {
        // GIVEN 15 receives THEN 1 s becomes 5 s (75 s of receives), and 5 s or 30 s stay as given
        assertEquals(5, Up.visibility(1, 15));
        assertEquals(5, Up.visibility(5, 15));
        assertEquals(30, Up.visibility(30, 15));
    }
}
