package io.tracekb.bench;

import io.tracekb.incident.IncidentData;
import io.tracekb.incident.IncidentData.SampleTraceData;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Realistic synthetic incidents for load: each is a real shipped incident whose sample traces are varied the
 * way real failures vary — application packages renamed, numbers in messages changed, the stack cut at another
 * depth — under a new slug. Deterministic for a seed.
 */
public final class SyntheticIncidents {

    private static final String[] APP_PACKAGES = { "com.acme.orders", "io.example.billing", "org.shop.cart",
            "net.stream.ingest", "com.bank.ledger", "de.logistik.route", "jp.co.sample.batch", "cn.example.etl" };

    private SyntheticIncidents() {
    }

    public static List<IncidentData> generate(List<IncidentData> real, int count, long seed) {
        Random random = new Random(seed);
        List<IncidentData> out = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            IncidentData base = real.get(i % real.size());
            String pkg = APP_PACKAGES[random.nextInt(APP_PACKAGES.length)] + ".m" + random.nextInt(500);
            List<SampleTraceData> traces = new ArrayList<>();
            for (SampleTraceData t : base.sampleTraces()) {
                traces.add(new SampleTraceData(null, vary(t.text(), pkg, random), t.source()));
            }
            out.add(new IncidentData(base.slug() + "-syn-" + i, base.product(), base.tags(), base.affectedVersions(),
                    base.status(), base.translations(), base.fixes(), traces));
        }
        return out;
    }

    /** Renames the first application-looking package, changes numbers, and drops some bottom frames. */
    public static String vary(String trace, String pkg, Random random) {
        String[] lines = trace.split("\n", -1);
        int keep = lines.length - random.nextInt(Math.max(1, lines.length / 4));
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < keep; i++) {
            String line = lines[i];
            if (line.contains("at ") && random.nextInt(3) == 0) {
                line = line.replaceFirst("at ([a-z]+\\.[a-z]+)\\.", "at " + pkg + ".");
            }
            sb.append(replaceNumbers(line, random)).append('\n');
        }
        return sb.toString();
    }

    private static String replaceNumbers(String line, Random random) {
        StringBuilder sb = new StringBuilder(line.length());
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            sb.append(Character.isDigit(c) && random.nextInt(4) == 0 ? (char) ('0' + random.nextInt(10)) : c);
        }
        return sb.toString();
    }
}
