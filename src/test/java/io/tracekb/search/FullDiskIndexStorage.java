package io.tracekb.search;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Alternative;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FSDirectory;

/** The index on the real disk, which a test can make full. Enabled only by {@link IndexDiskFullTest}'s profile. */
@Alternative
@ApplicationScoped
public class FullDiskIndexStorage extends IndexStorage {

    private final AtomicBoolean full = new AtomicBoolean();

    /** A method, not a field: the test holds a client proxy, whose fields are not the bean's. */
    public void setFull(boolean value) {
        full.set(value);
    }

    @Override
    public Directory open(Path path) throws IOException {
        return new FullDiskDirectory(FSDirectory.open(path), full);
    }
}
