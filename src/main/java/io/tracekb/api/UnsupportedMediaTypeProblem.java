package io.tracekb.api;

public class UnsupportedMediaTypeProblem extends RuntimeException {
    public UnsupportedMediaTypeProblem(String contentType) {
        super("Content-Type '" + contentType + "' is not supported; send application/json or text/plain");
    }
}
