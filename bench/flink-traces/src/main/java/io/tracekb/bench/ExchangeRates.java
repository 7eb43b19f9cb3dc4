package io.tracekb.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Loads its rates once, in a static initializer, from a file that only exists on the developer's machine. */
final class ExchangeRates {

    private static final Map<String, BigDecimal> RATES = load(Path.of("/opt/fx/rates.csv"));

    private ExchangeRates() {}

    private static Map<String, BigDecimal> load(Path file) {
        try {
            Map<String, BigDecimal> rates = new HashMap<>();
            List<String> lines = Files.readAllLines(file);
            for (String l : lines) {
                String[] f = l.split(",");
                rates.put(f[0], new BigDecimal(f[1]));
            }
            return rates;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot load exchange rates from " + file, e);
        }
    }

    static String convert(String amount) {
        String[] parts = amount.split(" ");
        return new BigDecimal(parts[0]).multiply(RATES.get(parts[1])) + " EUR";
    }
}
