package io.tracekb.api;

public class PayloadTooLargeProblem extends RuntimeException {
    public PayloadTooLargeProblem(long limitBytes) {
        super("The request body is larger than the limit of " + limitBytes
                + " bytes; paste the part of the log around the exception");
    }
}
