package com.example.pretraffic;

/** Where the hook reports its verdict: CodeDeploy's lifecycle event of one deployment. */
interface LifecycleHook {

    /** Reports {@code Succeeded} or {@code Failed} for {@code event}. */
    void report(LifecycleEvent event, Verdict verdict);
}
