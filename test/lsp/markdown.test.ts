import assert from 'node:assert/strict';
import { test } from 'node:test';
import { manifestStatusText } from '../../client/src/statusText';

test('the status item shows a manifest name with $(icon) syntax as text, and only our own icon', () => {
  assert.equal(
    manifestStatusText('$(alert) urgent $(sync~spin)'),
    '$(check) Filer manifest: \\$(alert) urgent \\$(sync~spin)',
  );
  assert.equal(manifestStatusText('two\nlines'), '$(check) Filer manifest: two lines');
  assert.equal(manifestStatusText(undefined), '$(check) Filer manifest');
});
