import type { JsonPath } from '../../model/nodes';

export interface At {
  jsonPath: JsonPath;
}
