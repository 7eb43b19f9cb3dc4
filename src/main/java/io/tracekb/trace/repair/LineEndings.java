package io.tracekb.trace.repair;

/** CRLF (every browser's textarea) and a lone CR (old Mac files) become LF. */
final class LineEndings implements TextRepair {
    @Override
    public Repair repair() {
        return Repair.LINE_ENDINGS;
    }

    @Override
    public boolean finds(String text) {
        return text.indexOf('\r') >= 0;
    }

    @Override
    public String undo(String text) {
        return text.replace("\r\n", "\n").replace('\r', '\n');
    }
}
