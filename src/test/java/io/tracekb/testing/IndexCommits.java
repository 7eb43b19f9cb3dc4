package io.tracekb.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import org.apache.lucene.index.SegmentInfos;
import org.apache.lucene.store.FSDirectory;

/** How many times a Lucene index on disk was committed: its latest commit's generation. */
public final class IndexCommits {

    private IndexCommits() {
    }

    public static long generation(Path index) {
        try (FSDirectory dir = FSDirectory.open(index)) {
            return SegmentInfos.readLatestCommit(dir).getGeneration();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
