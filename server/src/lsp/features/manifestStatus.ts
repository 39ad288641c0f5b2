import type { ManifestStatus } from '../../protocol/requests';
import type { ManifestVersion } from '../manifestCache';

/**
 * What the client's status item shows for an open document: whether it is taken for a Filer manifest, why, and its
 * problems.
 */
export function manifestStatus(entry: ManifestVersion | undefined): ManifestStatus {
  if (!entry) return { recognized: false, name: undefined, reason: 'the document is not open', errors: 0, warnings: 0 };
  const recognition = entry.recognition();
  const diagnostics = entry.diagnostics();
  const name = entry.isFilerManifest ? entry.model.value.name : undefined;
  return {
    recognized: recognition.kind === 'filer',
    name: typeof name === 'string' ? name : undefined,
    reason: recognition.reason,
    errors: diagnostics.filter((d) => d.severity === 'error').length,
    warnings: diagnostics.filter((d) => d.severity === 'warning').length,
  };
}
