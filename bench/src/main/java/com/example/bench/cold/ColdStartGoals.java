package com.example.bench.cold;

import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

/** Where the goals of issue 24 and before land: the cold-start section's verdicts, which {@code make bench-cold} prints too. */
final class ColdStartGoals {

    /** The init goal, when the HTTP client and priming pay off. */
    static final double INIT_GOAL = 0.60;

    private final ColdSamples runs;
    private final String scheme;

    ColdStartGoals(ColdSamples runs, String scheme) {
        this.runs = runs;
        this.scheme = scheme;
    }

    /** The verdicts, as the report writes them. */
    String markdown() {
        double total = runs.ratio("ours", "baseline", ColdSamples::total);
        double defaultTotal = runs.ratio("default", "baseline", ColdSamples::total);
        double init = runs.ratio("ours", "baseline", ColdStart::initMs);
        String bestInit = runs.variants().stream().map(Variant::name).filter(name -> !name.equals("baseline")
                        && !name.startsWith("primed") && !name.startsWith("traced"))
                .min((a, b) -> Double.compare(runs.spread(a, ColdStart::initMs).median(), runs.spread(b, ColdStart::initMs).median()))
                .orElseThrow();
        double bestInitRatio = runs.ratio(bestInit, "baseline", ColdStart::initMs);
        Spread primed = runs.spread("primed", ColdStart::firstInvokeMs);
        Spread plain = runs.spread("ours", ColdStart::firstInvokeMs);
        double warm = runs.spread("primed", ColdStart::warmInvokeMs).median();
        Map<String, Double> setup = runs.partMedians("traced", true);
        double setupMs = setup.getOrDefault(FirstTimeWork.SETUP, 0.0);
        double bound = 2 * warm + setupMs;
        String setupParts = setup.entrySet().stream()
                .filter(part -> part.getKey().startsWith("TLS") || part.getKey().equals(FirstTimeWork.TCP)
                        || part.getKey().equals(FirstTimeWork.CLUSTER_SLOTS) || part.getKey().equals(FirstTimeWork.SECRET_READ))
                .map(part -> "%s %.1f".formatted(part.getKey(), part.getValue()))
                .collect(Collectors.joining(", "));
        double before = runs.firstTimeWorkMs("primed-main");
        double after = runs.firstTimeWorkMs("primed");
        return """

                ### Where the goals land

                Three verdicts of issue 24, on %s:

                - **First batch after priming ≤ 2 × the warm batch + the set-up a restored environment must make**:
                  `primed` answers its first batch in %.0f ms; its warm batch takes %.0f ms; the set-up, measured in
                  `traced`'s first batch, is %.0f ms of wall time (merged; its parts, ms: %s). Bound 2 × %.0f + %.0f
                  = %.0f ms: **%s**.
                - **Without SnapStart, cold total ≤ 0.9 × the baseline's** (init + first invoke, medians, no
                  priming): as the template deploys it by default (`default`: `EnableFastPath=false`, no cache,
                  no key read) %.0f ms vs the baseline's %.0f ms, ratio %.2f: **%s**; with the optional fast
                  path (`ours`: the cluster client, TLS to Redis and the signing key's Secrets Manager read at
                  init, none of which the baseline has) %.0f ms, ratio %.2f: **%s**. Their first batch runs
                  on 2 lanes (`FIRST_BATCH_LANES`), the batches after it on 4, then 8; with the first batch on
                  8 lanes, as before (`default-wide`, `ours-wide`): %.0f ms, ratio %.2f, and %.0f ms, ratio %.2f
                  (first invoke %.0f and %.0f ms against %.0f and %.0f). The keys read
                  through the Parameters and Secrets extension's local API (`extension`, no Secrets Manager client
                  nor TLS handshake in the function) against ours, interleaved: init %.0f ms vs %.0f ms, first
                  invoke %.0f ms vs %.0f ms, cold total %.0f ms vs %.0f ms.
                - **The first-time work, before and after**: first invoke minus warm invoke, %.0f ms with the
                  in-memory priming (`primed-main`), %.0f ms with the invoke priming (`primed`): %s; the chart above
                  splits both.

                And the goals of before:

                - **Cold start no slower than the baseline's**: ratio %.2f above: **%s**.
                - **Init ≤ 60 %% of the baseline's if the HTTP client and priming pay off**: the function as deployed
                  (`ours`) inits in %.2f of the baseline's time: **%s**. The shortest init of any variant is `%s` at
                  %.2f: **%s** for that variant on a plain JVM%s. Priming makes init
                  longer (it runs there: %.0f ms vs %.0f ms) and the first invoke after it %.0f ms instead of %.0f ms
                  (%.2f×). With SnapStart that longer init is paid once, when the version is published, and a cold
                  start becomes restore + the primed first invoke: the restore itself **could not be measured here**
                  (no CRaC JVM on this machine; `org.crac` is a no-op without one), so this goal is open for the
                  SnapStart case and must be read from the `live` alias's `Restore Duration` in CloudWatch.
                """.formatted(scheme.toUpperCase(Locale.ROOT),
                primed.median(), warm, setupMs, setupParts, warm, setupMs, bound, primed.median() <= bound ? "met" : "not met",
                runs.spread("default", ColdSamples::total).median(), runs.spread("baseline", ColdSamples::total).median(),
                defaultTotal, defaultTotal <= 0.9 ? "met" : "not met",
                runs.spread("ours", ColdSamples::total).median(), total, total <= 0.9 ? "met" : "not met",
                runs.spread("default-wide", ColdSamples::total).median(), runs.ratio("default-wide", "baseline", ColdSamples::total),
                runs.spread("ours-wide", ColdSamples::total).median(), runs.ratio("ours-wide", "baseline", ColdSamples::total),
                runs.spread("default-wide", ColdStart::firstInvokeMs).median(), runs.spread("ours-wide", ColdStart::firstInvokeMs).median(),
                runs.spread("default", ColdStart::firstInvokeMs).median(), runs.spread("ours", ColdStart::firstInvokeMs).median(),
                runs.spread("extension", ColdStart::initMs).median(), runs.spread("ours", ColdStart::initMs).median(),
                runs.spread("extension", ColdStart::firstInvokeMs).median(), runs.spread("ours", ColdStart::firstInvokeMs).median(),
                runs.spread("extension", ColdSamples::total).median(), runs.spread("ours", ColdSamples::total).median(),
                before, after, after < before ? "%.0f %% less".formatted(100 * (1 - after / before)) : "**no less**",
                total, total <= 1.0 ? "met" : "not met",
                init, init <= INIT_GOAL ? "met" : "not met", bestInit, bestInitRatio,
                bestInitRatio <= INIT_GOAL ? "met" : "not met",
                bestInit.equals("appcds") ? " (an archive made here cannot be shipped to Lambda as is: see below)" : "",
                runs.spread("primed", ColdStart::initMs).median(), runs.spread("ours", ColdStart::initMs).median(),
                primed.median(), plain.median(), primed.median() / plain.median()) + againstVerdict();
    }

    /** With {@code COLD_AGAINST}: this build's function against that checkout's, in the same rounds. */
    private String againstVerdict() {
        if (!runs.has("against")) {
            return "";
        }
        return """

                Against the other checkout (`COLD_AGAINST`, variants `against` and `against-default`, run in the
                same rounds): cold total %.0f ms vs %.0f ms (%.2f×) with the fast path, %.0f ms vs %.0f ms (%.2f×)
                as deployed by default; init %.0f vs %.0f ms and %.0f vs %.0f ms; first invoke %.0f vs %.0f ms
                and %.0f vs %.0f ms.
                """.formatted(
                runs.spread("ours", ColdSamples::total).median(), runs.spread("against", ColdSamples::total).median(),
                runs.ratio("ours", "against", ColdSamples::total),
                runs.spread("default", ColdSamples::total).median(), runs.spread("against-default", ColdSamples::total).median(),
                runs.ratio("default", "against-default", ColdSamples::total),
                runs.spread("ours", ColdStart::initMs).median(), runs.spread("against", ColdStart::initMs).median(),
                runs.spread("default", ColdStart::initMs).median(), runs.spread("against-default", ColdStart::initMs).median(),
                runs.spread("ours", ColdStart::firstInvokeMs).median(), runs.spread("against", ColdStart::firstInvokeMs).median(),
                runs.spread("default", ColdStart::firstInvokeMs).median(), runs.spread("against-default", ColdStart::firstInvokeMs).median());
    }
}
