package com.example.localpayments.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.concurrent.TimeUnit;

/**
 * {@code make down}: stops the moto launcher, the Redis Cluster's node and the push API that {@code up}
 * recorded, and removes the state file and the stream position. A process is only stopped while it is still the recorded one (same
 * id and start time: a recycled process id is left alone). With nothing recorded it only says
 * so: running it twice is harmless.
 */
final class Down implements Command {

    private static final ObjectMapper JSON = new ObjectMapper();

    @Override
    public JsonNode run(Options options, Console console) {
        ObjectNode document = JSON.createObjectNode();
        var recorded = RunState.read(console.stateDir());
        if (recorded.isEmpty()) {
            console.progress("nothing recorded in %s: nothing to stop", console.stateDir());
            document.put("status", "not running");
            return document;
        }
        RunState state = recorded.get();
        document.put("status", "stopped");
        document.put("motoStopped", stop(state.motoPid(), state.motoStart()));
        document.put("redisStopped", stop(state.redisPid(), state.redisStart()));
        document.put("pushApiStopped", stop(state.pushApiPid(), state.pushApiStart()));
        RunState.remove(console.stateDir());
        StreamPosition.remove(console.stateDir());
        console.progress("down: moto pid %d, redis-server pid %d and push API pid %d stopped", state.motoPid(), state.redisPid(),
                state.pushApiPid());
        return document;
    }

    /** Stops what is left of {@code state}'s processes. */
    static void stop(RunState state, Console console) {
        stop(state.motoPid(), state.motoStart());
        stop(state.redisPid(), state.redisStart());
        stop(state.pushApiPid(), state.pushApiStart());
        RunState.remove(console.stateDir());
        StreamPosition.remove(console.stateDir());
    }

    /** SIGTERM, then SIGKILL after 5 s; true when the process was running and is gone. */
    private static boolean stop(long pid, String start) {
        if (!RunState.alive(pid, start)) {
            return false;
        }
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow();
        process.destroy();
        try {
            process.onExit().get(5, TimeUnit.SECONDS);
        } catch (java.util.concurrent.TimeoutException slow) {
            process.destroyForcibly();
        } catch (java.util.concurrent.ExecutionException e) {
            throw new IllegalStateException("waiting for process " + pid, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
        return true;
    }
}
