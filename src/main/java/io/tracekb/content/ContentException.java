package io.tracekb.content;

import java.nio.file.Path;

/** A content folder that cannot be read, with the file at fault. */
public class ContentException extends RuntimeException {
    public ContentException(Path file, String problem, Throwable cause) {
        super(file + ": " + problem, cause);
    }

    public ContentException(Path file, String problem) {
        this(file, problem, null);
    }
}
