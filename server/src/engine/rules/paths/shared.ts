import type { JsonPath } from '../../model/nodes';

/** A path the manifest names, at its field. */
export interface PathData {
  jsonPath: JsonPath;
  filePath: string;
}
