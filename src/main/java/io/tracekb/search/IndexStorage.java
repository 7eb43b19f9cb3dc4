package io.tracekb.search;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.nio.file.Path;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/**
 * Opens the directory the search index lives in: the local disk. A bean only so that a test can put a disk
 * that fills up underneath (a CDI alternative in the test sources); there is no setting for that.
 */
@ApplicationScoped
public class IndexStorage {

    public Directory open(Path path) throws IOException {
        return FSDirectory.open(path);
    }
}
