import assert from 'node:assert/strict';
import { test } from 'node:test';
import { manifestStatusText } from '../../client/src/statusText';
import { escapeMarkdown } from '../../server/src/lsp/markdown';

test('escapeMarkdown: manifest text cannot open a code span, a link, an image, HTML or a block', () => {
  const hostile = 'x` ![beacon](https://evil.example/p.png) [run](command:workbench.action.terminal.new) <img src=x> **b** _i_\n# heading\r\n- item';
  const escaped = escapeMarkdown(hostile);
  assert.equal(
    escaped,
    'x\\` \\!\\[beacon\\]\\(https\\:\\/\\/evil\\.example\\/p\\.png\\) \\[run\\]\\(command\\:workbench\\.action\\.terminal\\.new\\) \\<img src\\=x\\> \\*\\*b\\*\\* \\_i\\_ \\# heading \\- item',
  );
  // Every punctuation character is escaped, letters, digits and spaces are left as they are.
  assert.equal(escapeMarkdown('plain words 123'), 'plain words 123');
  assert.equal(escapeMarkdown('\\'), '\\\\');
});

test('the status item shows a manifest name with $(icon) syntax as text, and only our own icon', () => {
  assert.equal(manifestStatusText('$(alert) urgent $(sync~spin)'), '$(check) Filer manifest: \\$(alert) urgent \\$(sync~spin)');
  assert.equal(manifestStatusText('two\nlines'), '$(check) Filer manifest: two lines');
  assert.equal(manifestStatusText(undefined), '$(check) Filer manifest');
});
