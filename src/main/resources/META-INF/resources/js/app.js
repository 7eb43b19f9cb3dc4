// Progressive enhancement only: every page works without this file.
// Served from /js/app.js so the Content-Security-Policy can forbid inline scripts (script-src 'self').
(function () {
  'use strict';

  // Copy buttons next to fix snippets: shown only when the clipboard can be used.
  function initCopyButtons() {
    if (!navigator.clipboard) {
      return;
    }
    document.querySelectorAll('button.copy[data-copy]').forEach(function (button) {
      var target = document.getElementById(button.getAttribute('data-copy'));
      if (!target) {
        return;
      }
      button.hidden = false;
      var label = button.textContent;
      button.addEventListener('click', function () {
        navigator.clipboard.writeText(target.textContent).then(function () {
          button.textContent = button.getAttribute('data-copied') || label;
          setTimeout(function () { button.textContent = label; }, 2000);
        });
      });
    });
  }

  // Editor: a sample trace's parsed signature, previewed as the editor types (POST /api/v1/parse).
  // Without JavaScript the "Preview" button does the same on the server.
  function initTracePreview() {
    document.querySelectorAll('textarea[data-preview]').forEach(function (area) {
      var out = document.getElementById(area.getAttribute('data-preview'));
      if (!out) {
        return;
      }
      var timer = null;
      area.addEventListener('input', function () {
        clearTimeout(timer);
        timer = setTimeout(function () { preview(area.value, out); }, 400);
      });
    });
  }

  function preview(text, out) {
    if (!text.trim()) {
      out.textContent = '';
      return;
    }
    fetch('/api/v1/parse', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Accept': 'application/json' },
      body: JSON.stringify({ text: text })
    }).then(function (r) { return r.ok ? r.json() : null; }).then(function (parsed) {
      if (!parsed) {
        return;
      }
      var lines = [];
      (parsed.traces || []).forEach(function (t, i) {
        var root = t.exceptions && t.exceptions[t.rootCause];
        var frames = (t.exceptions || []).reduce(function (n, e) { return n + (e.frames || []).length; }, 0);
        // the unit comes from the page, in its language ("7 frames", "7 フレーム", "7 个栈帧")
        var label = frames + ' ' + (out.getAttribute('data-frames') || 'frames');
        lines.push('#' + (i + 1) + ' ' + (root ? root.type + (root.messageTemplate ? ': ' + root.messageTemplate : '') : t.language)
          + ' · ' + label + ' · ' + t.fingerprint);
      });
      out.textContent = lines.length ? lines.join('\n') : (out.getAttribute('data-empty') || '');
    }).catch(function () { /* the server-side preview button still works */ });
  }

  // Times the server wrote in UTC ("2026-12-02 04:31 UTC"), shown in the reader's own time zone and language.
  function initLocalTimes() {
    var lang = document.documentElement.lang || undefined;
    document.querySelectorAll('time.local[datetime]').forEach(function (t) {
      var when = new Date(t.getAttribute('datetime'));
      if (isNaN(when.getTime())) {
        return;
      }
      t.title = t.textContent;
      t.textContent = when.toLocaleString(lang, { dateStyle: 'medium', timeStyle: 'short' });
    });
  }

  document.addEventListener('DOMContentLoaded', function () {
    initCopyButtons();
    initTracePreview();
    initLocalTimes();
  });
}());
