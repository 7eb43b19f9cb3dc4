package io.tracekb.search;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.lucene.store.Directory;
import org.apache.lucene.store.FilterDirectory;
import org.apache.lucene.store.IOContext;
import org.apache.lucene.store.IndexOutput;

/**
 * A real index directory on disk whose disk can be made full: while {@link #full} is set, creating a file or
 * writing a byte fails the way the operating system fails it ("No space left on device"). Reads keep working.
 */
final class FullDiskDirectory extends FilterDirectory {

    static final String NO_SPACE = "No space left on device";

    private final AtomicBoolean full;

    FullDiskDirectory(Directory onDisk, AtomicBoolean full) {
        super(onDisk);
        this.full = full;
    }

    @Override
    public IndexOutput createOutput(String name, IOContext context) throws IOException {
        failIfFull();
        return new Output(in.createOutput(name, context));
    }

    @Override
    public IndexOutput createTempOutput(String prefix, String suffix, IOContext context) throws IOException {
        failIfFull();
        return new Output(in.createTempOutput(prefix, suffix, context));
    }

    private void failIfFull() throws IOException {
        if (full.get()) {
            throw new IOException(NO_SPACE);
        }
    }

    private final class Output extends IndexOutput {
        private final IndexOutput out;

        Output(IndexOutput out) {
            super("full-disk(" + out + ")", out.getName());
            this.out = out;
        }

        @Override
        public void writeByte(byte b) throws IOException {
            failIfFull();
            out.writeByte(b);
        }

        @Override
        public void writeBytes(byte[] b, int offset, int length) throws IOException {
            failIfFull();
            out.writeBytes(b, offset, length);
        }

        @Override
        public void close() throws IOException {
            out.close();
        }

        @Override
        public long getFilePointer() {
            return out.getFilePointer();
        }

        @Override
        public long getChecksum() throws IOException {
            return out.getChecksum();
        }
    }
}
